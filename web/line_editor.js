// The terminal's line editor (the native shell's libedit, in the page): the prompt, editing
// keys, history and Tab completion over an xterm.js terminal. It hands each finished line to
// `onLine`, and knows nothing of CQL: completion asks `complete(before, word)`.

// Cells a character takes: East Asian wide and fullwidth characters take two, combining marks
// none (enough for the Chinese, Japanese and Russian students type).
export function cellWidth(ch) {
  const c = ch.codePointAt(0);
  if (c < 0x20) return 0;
  if ((c >= 0x0300 && c <= 0x036f) || (c >= 0x200b && c <= 0x200f) || (c >= 0xfe00 && c <= 0xfe0f)) return 0;
  if ((c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0x303e) || (c >= 0x3041 && c <= 0x33ff) ||
      (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xa000 && c <= 0xa4cf) ||
      (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) ||
      (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1f300 && c <= 0x1f64f) ||
      (c >= 0x1f900 && c <= 0x1f9ff) || (c >= 0x20000 && c <= 0x3fffd)) return 2;
  return 1;
}

const width = (chars) => chars.reduce((n, ch) => n + cellWidth(ch), 0);
const WORD_BREAKS = ' \t\n(),;=<>[]{}\'"';

export class LineEditor {
  constructor(term, { onLine, complete, historyKey }) {
    this.term = term;
    this.onLine = onLine;
    this.complete = complete;
    this.historyKey = historyKey;
    this.history = [];
    try { this.history = JSON.parse(localStorage.getItem(historyKey) || '[]'); } catch { this.history = []; }
    this.chars = [];     // the line, one entry per code point
    this.cursor = 0;     // index into chars
    this.prompt = '';
    this.shown = 0;      // cells from the start of the prompt's last line to the cursor on screen
    this.active = false;
    this.lastTab = false;
    term.onData((data) => this.input(data));
  }

  // Shows `prompt` and edits a new line.
  read(prompt) {
    const lines = prompt.split('\n');
    this.term.write(lines.slice(0, -1).map((l) => l + '\r\n').join(''));
    this.prompt = lines[lines.length - 1];
    this.chars = [];
    this.cursor = 0;
    this.browse = this.history.length;
    this.draft = '';
    this.shown = 0;
    this.active = true;
    this.redraw();
  }

  // Keys and pasted text. A paste of several lines is typed line by line.
  input(data) {
    if (!this.active) return;
    this.lastTab = data === '\t' ? this.lastTab : false;
    const keys = {
      '\r': () => this.enter(), '\x7f': () => this.backspace(), '\b': () => this.backspace(),
      '\x1b[D': () => this.move(-1), '\x1b[C': () => this.move(1), '\x02': () => this.move(-1),
      '\x06': () => this.move(1), '\x1b[H': () => this.moveTo(0), '\x1bOH': () => this.moveTo(0),
      '\x01': () => this.moveTo(0), '\x1b[F': () => this.moveTo(this.chars.length),
      '\x1bOF': () => this.moveTo(this.chars.length), '\x05': () => this.moveTo(this.chars.length),
      '\x1b[A': () => this.recall(-1), '\x1b[B': () => this.recall(1), '\x10': () => this.recall(-1),
      '\x0e': () => this.recall(1), '\x1b[3~': () => this.erase(this.cursor, this.cursor + 1),
      '\x0b': () => this.erase(this.cursor, this.chars.length), '\x15': () => this.erase(0, this.cursor),
      '\x17': () => this.erase(this.wordStart(), this.cursor), '\t': () => this.tab(),
      '\x03': () => this.finish(null, 1), '\x04': () => this.ctrlD(), '\x0c': () => this.clearScreen(),
    };
    if (keys[data]) return keys[data]();
    if (data.startsWith('\x1b')) return;  // other escape sequences: keys this editor does not use
    const lines = data.replace(/\r\n?/g, '\n').split('\n');
    this.insert(lines[0]);
    for (const line of lines.slice(1)) {
      this.enter();
      if (!this.active) return;
      this.insert(line);
    }
  }

  insert(text) {
    const add = [...text].filter((ch) => ch >= ' ' || ch === '\t');
    if (!add.length) return;
    this.chars.splice(this.cursor, 0, ...add);
    this.cursor += add.length;
    this.redraw();
  }

  backspace() { if (this.cursor > 0) this.erase(this.cursor - 1, this.cursor); }
  erase(from, to) {
    if (to <= from) return;
    this.chars.splice(from, to - from);
    this.cursor = from;
    this.redraw();
  }
  move(by) { this.moveTo(this.cursor + by); }
  moveTo(at) { this.cursor = Math.max(0, Math.min(this.chars.length, at)); this.redraw(); }
  wordStart() {
    let i = this.cursor;
    while (i > 0 && this.chars[i - 1] === ' ') i--;
    while (i > 0 && this.chars[i - 1] !== ' ') i--;
    return i;
  }
  ctrlD() {
    if (this.chars.length === 0) return this.finish(null, 2);
    this.erase(this.cursor, this.cursor + 1);
  }
  clearScreen() {
    this.term.write('\x1b[2J\x1b[H');
    this.shown = 0;
    this.redraw();
  }

  // Up and down: earlier and later history entries; the line being typed is kept as a draft.
  recall(by) {
    const at = this.browse + by;
    if (at < 0 || at > this.history.length) return;
    if (this.browse === this.history.length) this.draft = this.chars.join('');
    this.browse = at;
    this.chars = [...(at === this.history.length ? this.draft : this.history[at])];
    this.cursor = this.chars.length;
    this.redraw();
  }

  // Tab: one candidate completes the word; several complete their common prefix, and a second
  // Tab lists them, as readline does.
  tab() {
    let start = this.cursor;
    while (start > 0 && !WORD_BREAKS.includes(this.chars[start - 1])) start--;
    const before = this.chars.slice(0, start).join('');
    const word = this.chars.slice(start, this.cursor).join('');
    const found = this.complete(before, word);
    if (!found.length) return;
    let common = found[0];
    for (const f of found) while (!f.startsWith(common)) common = common.slice(0, -1);
    if (found.length === 1) common += found[0].endsWith('.') ? '' : ' ';
    if (common.length > word.length) {
      this.erase(start, this.cursor);
      this.insert(common);
      this.lastTab = false;
      return;
    }
    if (found.length > 1 && this.lastTab) {
      this.moveTo(this.chars.length);
      this.term.write('\r\n' + found.join('  ') + '\r\n');
      this.shown = 0;
      this.redraw();
    }
    this.lastTab = true;
  }

  enter() {
    this.moveTo(this.chars.length);
    const line = this.chars.join('');
    if (line.trim() && this.history[this.history.length - 1] !== line) {
      this.history.push(line);
      this.history = this.history.slice(-500);
      try { localStorage.setItem(this.historyKey, JSON.stringify(this.history)); } catch { /* private mode */ }
    }
    this.finish(line, 0);
  }

  finish(line, kind) {
    this.active = false;
    this.term.write(kind === 1 ? '^C' : '');
    this.term.write('\r\n');
    this.onLine(line, kind);
  }

  // Writes the prompt's last line and the line again, from wherever the cursor is, and puts the
  // cursor back where it belongs, across wrapped rows.
  redraw() {
    const cols = this.term.cols;
    const promptCells = width([...this.prompt]);
    const total = promptCells + width(this.chars);
    const at = promptCells + width(this.chars.slice(0, this.cursor));
    let out = '\r' + (Math.floor(this.shown / cols) ? `\x1b[${Math.floor(this.shown / cols)}A` : '');
    out += this.prompt + this.chars.join('') + '\x1b[J';
    if (total > 0 && total % cols === 0) out += '\r\n';  // past the last column: on the next row
    const up = Math.floor(total / cols) - Math.floor(at / cols);
    out += (up ? `\x1b[${up}A` : '') + '\r' + (at % cols ? `\x1b[${at % cols}C` : '');
    this.shown = at;
    this.term.write(out);
  }
}

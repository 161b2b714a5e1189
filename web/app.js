// The browser edition's page: the native shell (cqlbox-web.wasm, built from the same sources)
// at a terminal, the course beside it, pictures inline, and the student's keyspaces kept in
// the browser (IndexedDB) across reloads. See docs/browser.md.
import { LineEditor } from './line_editor.js';
import { markdownToHtml } from './notes.js';

const $ = (id) => document.getElementById(id);
const status = (text) => { $('status').textContent = text; };

// The terminal. Colours as at a terminal; the scrollback holds a long lesson.
const term = new window.Terminal({
  cursorBlink: true, scrollback: 20000, fontSize: 14, lineHeight: 1.15,
  fontFamily: '"DejaVu Sans Mono", Menlo, Consolas, "Noto Sans Mono CJK SC", monospace',
  theme: { background: '#1e1e1e', foreground: '#e6e6e6' },
});
const fit = new window.FitAddon.FitAddon();
term.loadAddon(fit);
term.open($('terminal'));
fit.fit();
window.addEventListener('resize', () => fit.fit());

// What the shell prints: bytes from its stdout and stderr, decoded as UTF-8 as they come.
const decoder = new TextDecoder();
let pending = [];
const collect = (byte) => { if (byte !== null && byte !== undefined) pending.push(byte); };
function takeOutput() {
  const text = decoder.decode(new Uint8Array(pending), { stream: true });
  pending = [];
  return text;
}

// A picture printed by DRAW without TO is shown beside the terminal, not as SVG text in it.
function showOutput(text) {
  const svg = /<svg[\s\S]*?<\/svg>\n?/.exec(text);
  if (svg) {
    showPicture(svg[0], 'the picture DRAW printed');
    text = text.slice(0, svg.index) + '[the picture is shown beside the terminal]\n' + text.slice(svg.index + svg[0].length);
  }
  term.write(text.replace(/\r?\n/g, '\r\n'));
}

function showPicture(svgText, caption) {
  const img = document.createElement('img');
  img.src = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  img.alt = caption;
  const name = (caption.startsWith('/') ? caption.split('/').pop() : 'cqlbox-picture.svg');
  const download = Object.assign(document.createElement('a'), { href: img.src, download: name, textContent: `Download ${name}` });
  const figure = $('picture');
  figure.replaceChildren(img, Object.assign(document.createElement('figcaption'), { textContent: caption + ' · ' }));
  figure.querySelector('figcaption').append(download);
  selectTab('pictures');
}

// Pictures DRAW writes with TO '<file>': any .svg file that changed since the last line.
const seen = new Map();
function findNewPictures(FS, dir = '/', depth = 0) {
  if (depth > 6) return;
  let names = [];
  try { names = FS.readdir(dir); } catch { return; }
  for (const name of names) {
    if (name === '.' || name === '..' || (depth === 0 && ['dev', 'proc', 'data'].includes(name))) continue;
    const path = (dir === '/' ? '' : dir) + '/' + name;
    let st;
    try { st = FS.stat(path); } catch { continue; }
    if (FS.isDir(st.mode)) findNewPictures(FS, path, depth + 1);
    else if (name.endsWith('.svg') && seen.get(path) !== st.mtime.getTime() + ':' + st.size) {
      seen.set(path, st.mtime.getTime() + ':' + st.size);
      showPicture(FS.readFile(path, { encoding: 'utf8' }), path);
    }
  }
}

// Side panel tabs: the course and the pictures.
function selectTab(name) {
  for (const tab of document.querySelectorAll('[data-tab]')) tab.classList.toggle('selected', tab.dataset.tab === name);
  for (const panel of document.querySelectorAll('[data-panel]')) panel.hidden = panel.dataset.panel !== name;
}
for (const tab of document.querySelectorAll('[data-tab]')) tab.addEventListener('click', () => selectTab(tab.dataset.tab));

async function boot() {
  status('Loading…');
  const cqlbox = await window.createCqlbox({
    preRun: [(M) => M.FS.init(() => null, collect, collect)],
    print: () => {}, printErr: (t) => console.warn(t),
  });
  const { FS, IDBFS } = cqlbox;
  const call = (name, ret, types, args) => cqlbox.ccall(name, ret, types, args);

  // The student's keyspaces: --data in a folder IndexedDB keeps. Without IndexedDB (a private
  // window, a page opened as a file) the session is in memory only.
  let saved = false;
  try {
    FS.mkdir('/data');
    FS.mount(IDBFS, {}, '/data');
    await new Promise((resolve, reject) => FS.syncfs(true, (err) => (err ? reject(err) : resolve())));
    saved = true;
  } catch (err) {
    console.warn('IndexedDB is not available: the session is kept in memory only', err);
  }
  let syncing = Promise.resolve();
  const save = () => {
    if (!saved) return;
    syncing = syncing.then(() => new Promise((resolve) => FS.syncfs(false, (err) => {
      if (err) status('Could not save to the browser’s storage: ' + err);
      resolve();
    })));
  };

  const args = ['--color'].concat(saved ? ['--data', '/data'] : []);
  const failed = call('cqlbox_start', 'number', ['string'], [args.join('\n')]);
  showOutput(takeOutput());
  if (failed) {
    status('The shell did not start (see the terminal).');
    return;
  }
  status(saved ? 'Your keyspaces are kept in this browser.' : 'In memory only: this browser keeps no storage for the page.');

  const editor = new LineEditor(term, {
    historyKey: 'cqlbox-history',
    complete: (before, word) => cqlbox.cqlboxComplete(before, word).split('\n').filter(Boolean),
    onLine: (line, kind) => {
      const more = cqlbox.cqlboxLine(line ?? '', kind);
      showOutput(takeOutput());
      findNewPictures(FS);
      save();
      if (more) editor.read(call('cqlbox_prompt', 'string', [], []));
      else term.write('\r\n[the session has ended: reload the page for a new one]\r\n');
    },
  });
  window.cqlboxPage = {  // for the browser test (tests/web) and the curious
    ready: true,
    loadMs: 0,
    transcript: () => {
      const buffer = term.buffer.active;
      const lines = [];
      for (let i = 0; i < buffer.length; i++) {
        const row = buffer.getLine(i);
        const text = row.translateToString(true);
        if (row.isWrapped && lines.length) lines[lines.length - 1] += text;
        else lines.push(text);
      }
      while (lines.length && !lines[lines.length - 1]) lines.pop();
      return lines.join('\n') + '\n';
    },
    saved: () => syncing,
    flushed: () => new Promise((resolve) => term.write('', resolve)),
  };

  showLessons(call('cqlbox_lessons', 'string', [], []), (text) => { term.focus(); term.paste(text + '\r'); });
  $('reset').addEventListener('click', async () => {
    if (!confirm('Delete every keyspace this browser keeps for cqlbox, and start afresh?')) return;
    for (const name of FS.readdir('/data')) if (name !== '.' && name !== '..') removeTree(FS, '/data/' + name);
    save();
    await syncing;
    location.reload();
  });
  // A file from the student's computer, for COPY … FROM '<file>' and SOURCE '<file>': written
  // into the shell's working folder under its own name.
  $('upload').addEventListener('change', async (event) => {
    for (const file of event.target.files) {
      FS.writeFile(file.name, new Uint8Array(await file.arrayBuffer()));
      status(`'${file.name}' is in the shell's folder: COPY … FROM '${file.name}' or SOURCE '${file.name}' reads it.`);
    }
    event.target.value = '';
    term.focus();
  });
  editor.read(call('cqlbox_prompt', 'string', [], []));
  term.focus();
  window.cqlboxPage.loadMs = Math.max(1, Math.round(performance.now()));  // since the page was requested
}

function removeTree(FS, path) {
  if (FS.isDir(FS.stat(path).mode)) {
    for (const name of FS.readdir(path)) if (name !== '.' && name !== '..') removeTree(FS, path + '/' + name);
    FS.rmdir(path);
  } else {
    FS.unlink(path);
  }
}

// The course: each lesson's title, and its notes when chosen, with a button that starts it.
function showLessons(packed, type) {
  const list = $('lessons');
  for (const entry of packed.split('\x1e')) {
    const [number, title, notes] = entry.split('\x1f');
    const item = document.createElement('li');
    const button = Object.assign(document.createElement('button'), { textContent: `${number}. ${title}` });
    button.addEventListener('click', () => {
      $('notes').innerHTML = markdownToHtml(notes);
      const run = Object.assign(document.createElement('button'), { className: 'run', textContent: `Start lesson ${number} in the terminal` });
      run.addEventListener('click', () => type(`LESSON ${number}`));
      $('notes').prepend(run);
      for (const b of list.querySelectorAll('button')) b.classList.toggle('selected', b === button);
    });
    item.append(button);
    list.append(item);
  }
}

// Offline once loaded: a service worker keeps the page's files (only where the browser allows
// one: https, or this machine).
if ('serviceWorker' in navigator && window.isSecureContext) {
  navigator.serviceWorker.register('sw.js').catch((err) => console.warn('no service worker:', err));
}

boot().catch((err) => {
  status('The page could not start: ' + err);
  console.error(err);
});

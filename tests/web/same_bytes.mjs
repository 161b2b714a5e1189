// The browser edition prints the same bytes as the native binary (scripts/test runs this after
// scripts/web --build). Each script is typed line by line into the WebAssembly module, as the
// page's terminal hands it lines, under Node.js; the prompts and lines as the terminal shows
// them, then what the shell printed, must equal `cqlbox --tty --echo --no-color` of the same
// script byte for byte, errors included. Two things are let through: LIST's "Elapsed time" at a
// terminal, a measurement of the wall clock, and a script with PAGING, whose pages pause at
// ---MORE--- natively and follow each other in the page (docs/compatibility.md). Files the
// scripts read (tests/golden/data) are copied into the module's file system, as uploaded.
//   node tests/web/same_bytes.mjs <native cqlbox> <cqlbox-web.js> <script.cql>...
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compiledOnce } from './compiled_once.mjs';

const [nativeBinary, moduleFile, ...scripts] = process.argv.slice(2);
const require = createRequire(import.meta.url);
process.setMaxListeners(0);  // each module instance listens for the process's errors
const createCqlbox = require(moduleFile);
const instantiateWasm = await compiledOnce(moduleFile);
const decoder = new TextDecoder();
// The goldens' clock (scripts/golden): transcripts that never change.
const FIXED_CLOCK = '2024-01-01 00:00:00+0000';

async function page(script) {
  const bytes = [];
  const take = (b) => { if (b !== null && b !== undefined) bytes.push(b); };
  const M = await createCqlbox({ instantiateWasm, preRun: [(m) => m.FS.init(() => null, take, take)] });
  copyInto(M.FS, 'tests/golden/data');
  const flushText = () => { const t = decoder.decode(new Uint8Array(bytes)); bytes.length = 0; return t; };
  let out = '';
  if (M.ccall('cqlbox_start', 'number', ['string'], ['--no-color\n--now\n' + FIXED_CLOCK])) return flushText();
  out += flushText();
  const lines = script.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  let more = true;
  for (const line of lines) {
    out += M.ccall('cqlbox_prompt', 'string', [], []) + line.replace(/\r$/, '') + '\n';  // the terminal's echo
    more = M.cqlboxLine(line, 0);
    out += flushText();
    if (!more) break;
  }
  if (more) M.cqlboxLine('', 2);  // Ctrl-D, as at the end of a pipe
  return out + flushText();
}

function copyInto(FS, dir) {
  let path = '';
  for (const part of dir.split('/')) {
    path += '/' + part;
    try { FS.mkdir(path); } catch { /* there already */ }
  }
  for (const name of readdirSync(dir)) {
    const from = `${dir}/${name}`;
    if (statSync(from).isDirectory()) copyInto(FS, from);
    else FS.writeFile(`/${from}`, readFileSync(from));
  }
}

// What a terminal shows: stdout and stderr as they came.
function native(script) {
  const run = `"$0" --tty --echo --no-color --now '${FIXED_CLOCK}' 2>&1`;
  try {
    return execFileSync('sh', ['-c', run, nativeBinary], { input: script }).toString();
  } catch (err) {
    return err.stdout.toString();  // an error's exit status: the text is what counts
  }
}
const elapsed = (text) => text.replace(/^Elapsed time: [0-9.]+ msec\(s\)\.$/gm, 'Elapsed time: … msec(s).');

let failures = 0;
for (const file of scripts) {
  const script = readFileSync(file, 'utf8');
  if (/^\s*PAGING\b/im.test(script)) continue;
  const expected = elapsed(native(script));
  const web = elapsed(await page(script));
  if (web === expected) continue;
  failures++;
  const a = expected.split('\n'), b = web.split('\n');
  let i = 0;
  while (a[i] === b[i]) i++;
  console.log(`FAIL ${file}: first difference at line ${i + 1}\n  native: ${JSON.stringify(a[i])}\n  web:    ${JSON.stringify(b[i])}`);
}
console.log(`${scripts.length - failures} of ${scripts.length} scripts printed the same bytes`);
process.exit(failures ? 1 : 0);

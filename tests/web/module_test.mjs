// The browser edition's module under Node.js, where it must differ from or stand in for the
// native binary (docs/browser.md): the memory budget without /proc, --listen refused, Ctrl-C
// and Ctrl-D from the page's terminal, Tab completion and the course's lessons.
// With a folder of inputs (tests/scripts/bad_input.py --dump), every bad-input case is typed
// in after the corpus's fixture: none may crash the module, and the session must go on.
//   node tests/web/module_test.mjs <cqlbox-web.js> [<bad-input folder> <fixture.cql>]
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compiledOnce } from './compiled_once.mjs';

const [moduleFile, badInputs, fixture] = process.argv.slice(2);
const require = createRequire(import.meta.url);
process.setMaxListeners(0);
const createCqlbox = require(moduleFile);
const instantiateWasm = await compiledOnce(moduleFile);
const decoder = new TextDecoder();
let failures = 0;
const check = (ok, what, detail = '') => {
  console.log(`${ok ? 'ok' : 'FAIL'} ${what}${!ok && detail ? `\n${detail}` : ''}`);
  if (!ok) failures++;
};

async function shell(args) {
  const bytes = [];
  const take = (b) => { if (b !== null && b !== undefined) bytes.push(b); };
  const M = await createCqlbox({ instantiateWasm, preRun: [(m) => m.FS.init(() => null, take, take)] });
  const output = () => { const t = decoder.decode(new Uint8Array(bytes)); bytes.length = 0; return t; };
  const started = M.ccall('cqlbox_start', 'number', ['string'], [args.join('\n')]);
  return {
    started, output,
    line: (text, kind = 0) => M.cqlboxLine(text, kind),
    prompt: () => M.ccall('cqlbox_prompt', 'string', [], []),
    complete: (before, word) => M.cqlboxComplete(before, word),
    lessons: () => M.ccall('cqlbox_lessons', 'string', [], []),
  };
}

// The memory budget: a write past --max-memory is refused, and writes work again once the
// memory is freed (the module counts its C++ heap, having no /proc).
{
  const s = await shell(['--no-color', '--max-memory', '32']);
  s.line("CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};");
  s.line('CREATE TABLE k.t (a int PRIMARY KEY, b text);');
  s.output();
  const big = 'x'.repeat(60000);
  let refused = false;
  for (let i = 0; i < 3000 && !refused; i++) {
    s.line(`INSERT INTO k.t (a, b) VALUES (${i}, '${big}');`);
    refused = s.output().includes('Memory limit reached');
  }
  check(refused, 'a write past --max-memory is refused');
  s.line('TRUNCATE k.t;');
  s.line("INSERT INTO k.t (a, b) VALUES (1, 'after');");
  s.line('SELECT b FROM k.t;');
  check(s.output().includes(' after\n'), 'writes work again once the memory is freed');
}

// --listen: a page has no sockets.
{
  const s = await shell(['--listen', '127.0.0.1:9042']);
  const said = s.output();
  check(s.started !== 0 && said.includes('the browser edition has no network server'), '--listen is refused', said);
}

// Ctrl-C drops a statement being typed; Ctrl-D ends the session.
{
  const s = await shell(['--no-color']);
  s.output();
  s.line('SELECT *');
  check(s.prompt().trim() === '...', 'a statement being typed has the continuation prompt', s.prompt());
  s.line('', 1);
  check(s.prompt() === 'cqlbox> ', 'Ctrl-C drops it', s.prompt());
  check(s.line('', 2) === 0, 'Ctrl-D ends the session');
}

// Tab completion and the course.
{
  const s = await shell(['--no-color']);
  check(s.complete('SELECT * FROM ', 'system_sc').split('\n').includes('system_schema.'), 'Tab completion offers keyspaces');
  const lessons = s.lessons().split('\x1e').map((l) => l.split('\x1f'));
  check(lessons.length >= 15 && lessons[0][0] === '1' && lessons[0][2].startsWith('# Lesson 1'),
    "the course's lessons and notes", JSON.stringify(lessons[0]).slice(0, 200));
}

// A line of 10 MB (a paste): the page hands lines over on the heap, not ccall's stack.
{
  const s = await shell(['--no-color']);
  s.output();
  s.line(`SELECT * FROM system.local WHERE key = '${'a'.repeat(10_000_000)}';`);
  s.line('SELECT key FROM system.local;');
  check(s.output().includes(' local\n'), 'a 10 MB line leaves the session going');
}

if (badInputs) {
  const setup = readFileSync(fixture, 'utf8').split('\n');
  let crashed = [];
  const files = readdirSync(badInputs).sort();
  for (const f of files) {
    const s = await shell(['--no-color', '--now', '2024-01-01 00:00:00+0000']);
    try {
      for (const line of setup) s.line(line);
      for (const line of readFileSync(`${badInputs}/${f}`).toString('utf8').split('\n')) if (!s.line(line)) break;
      s.line('', 1);  // Ctrl-C: whatever statement was left open
      s.output();
      s.line('SELECT key FROM system.local;');
      if (!s.output().includes(' local\n')) crashed.push(`${f}: the session did not go on`);
    } catch (err) {
      crashed.push(`${f}: ${String(err).slice(0, 120)}`);
    }
  }
  check(crashed.length === 0, `${files.length} bad-input cases typed into the module: none crashes it`, crashed.join('\n'));
}

console.log(failures ? `${failures} failed` : 'all passed');
process.exit(failures ? 1 : 0);

// The browser edition's test (scripts/test runs it after scripts/web --build): Debian's
// chromium, headless, loads build-web/site/ from a local server; lesson 1 is typed into the
// terminal key by key, and what the terminal shows must equal the native binary's transcript
// of the same input (cqlbox --tty --echo: the prompt, each line, the output). Then Tab
// completion, a picture, and the keyspaces kept across a reload. A screenshot is kept in
// build-web/browser-test.png; the load time and the page's compressed size are printed.
//   node tests/web/browser_test.mjs <native cqlbox> <build-web folder> <lesson .cql>
import { execFileSync } from 'node:child_process';
import { createReadStream, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const [nativeBinary, buildWeb, lessonFile] = process.argv.slice(2);
const require = createRequire(join(buildWeb, 'npm', 'package.json'));
const { chromium } = require('playwright-core');
const site = join(buildWeb, 'site');
let failures = 0;
const check = (ok, what, detail = '') => {
  console.log(`${ok ? 'ok' : 'FAIL'} ${what}${!ok && detail ? `\n${detail}` : ''}`);
  if (!ok) failures++;
};

// A static server for the folder, as any web server a teacher copies it to.
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.txt': 'text/plain' };
const server = createServer((req, res) => {
  const path = join(site, decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/$/, '/index.html'));
  if (!path.startsWith(site) || !statSync(path, { throwIfNoEntry: false })?.isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': types[extname(path)] || 'application/octet-stream' });
  createReadStream(path).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

// Flags as this machine's Chromium needs them headless (no sandbox as root, no network).
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
const page = await context.newPage();
const pageErrors = [];
page.on('pageerror', (err) => pageErrors.push(String(err)));

async function load() {
  await page.goto(url);
  await page.waitForFunction(() => window.cqlboxPage && window.cqlboxPage.loadMs > 0, null, { timeout: 30000 });
  await page.click('#terminal');
  return page.evaluate(() => window.cqlboxPage.loadMs);
}
// Types a line as a student does, and waits until the terminal has shown what it printed.
async function typeLine(line) {
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
  await page.evaluate(() => window.cqlboxPage.flushed());
}
const transcript = () => page.evaluate(() => window.cqlboxPage.transcript());
// A terminal has no trailing spaces and no trailing blank lines.
const screenText = (text) => text.split('\n').map((l) => l.trimEnd()).join('\n').replace(/\n+$/, '\n');

try {
  const loadMs = await load();
  console.log(`first prompt ${loadMs} ms after the page was requested`);

  // Lesson 1, typed into the terminal: the same text as the native binary's.
  const lesson = readFileSync(lessonFile, 'utf8');
  for (const line of lesson.replace(/\n$/, '').split('\n')) await typeLine(line);
  // The page's last line is the prompt waiting for the next line; the native run ended there.
  const web = screenText((await transcript()).replace(/\n[^\n]*> *\n?$/, '\n'));
  const native = screenText(execFileSync(nativeBinary, ['--tty', '--echo', '--no-color'], { input: lesson }).toString());
  check(web === native, 'lesson 1 typed into the page shows what the native binary prints',
    web === native ? '' : diff(native, web));
  await page.screenshot({ path: join(buildWeb, 'browser-test.png') });

  // Students type Russian, Chinese and Japanese: wide characters, edited in the middle of the
  // line (Home, then → past "SELECT (text)'"), shown as the native binary shows them.
  await page.keyboard.type("SELECT (text)'好, привет, こんにちは' AS t FROM system.local;");
  await page.keyboard.press('Home');
  for (let i = 0; i < "SELECT (text)'".length; i++) await page.keyboard.press('ArrowRight');
  await typeLine('你');
  const typed = "SELECT (text)'你好, привет, こんにちは' AS t FROM system.local;\n";
  const nativeText = screenText(execFileSync(nativeBinary, ['--tty', '--echo', '--no-color'], { input: typed }).toString());
  const shown = screenText(await transcript());
  const expectedEnd = nativeText.slice(nativeText.indexOf('cqlbox>') + 'cqlbox>'.length);
  check(shown.includes(expectedEnd.replace(/\n+$/, '')), 'wide characters are edited and shown as natively',
    `expected to end with:\n${expectedEnd}\npage:\n${shown.slice(-400)}`);

  // Tab completion: the shell's own candidates.
  await page.keyboard.type('USE system_sch');
  await page.keyboard.press('Tab');
  await typeLine(';');
  check((await transcript()).includes('USE system_schema ;\ncqlbox:system_schema> '), 'Tab completes a keyspace name');

  // The three pictures, beside the terminal: each must render (a broken SVG has no size), and
  // is kept as a PNG. DRAW … TO '<file>' shows the file it wrote.
  const keyspace = /CREATE KEYSPACE (?:IF NOT EXISTS )?(\w+)/i.exec(lesson)[1];
  const table = /CREATE TABLE (?:IF NOT EXISTS )?(\w+)/i.exec(lesson)[1];
  const key = /VALUES \(([^,)]+)/i.exec(lesson)[1];
  const pictures = [['ring', 'DRAW RING;'], ['partition', `DRAW PARTITION ${keyspace}.${table} KEY ${key};`],
    ['query', `DRAW QUERY SELECT * FROM ${keyspace}.${table};`],
    ['file', `DRAW RING ${keyspace} TO 'ring.svg';`]];
  for (const [name, command] of pictures) {
    await page.evaluate(() => document.querySelector('#picture').replaceChildren());
    await typeLine(command);
    const rendered = await page.waitForFunction(() => {
      const img = document.querySelector('#picture img');
      return img && img.complete && img.naturalWidth > 0;
    }, null, { timeout: 5000 }).then(() => true, () => false);
    check(rendered, `${command} shows its picture in the page, rendered`);
    if (rendered) await page.locator('#picture img').screenshot({ path: join(buildWeb, `picture-${name}.png`) });
  }

  // A file from the student's computer, then SOURCE reads it.
  await page.setInputFiles('#upload', { name: 'mine.cql', mimeType: 'text/plain', buffer: Buffer.from("SELECT (text)'uploaded' AS u FROM system.local;\n") });
  await page.click('#terminal');
  await typeLine("SOURCE 'mine.cql'");
  const sourced = await transcript();
  check(sourced.includes(' uploaded\n'), 'an uploaded file is read by SOURCE', sourced.slice(-300));

  // The keyspaces stay in the browser: after a reload, lesson 1's table is still there.
  await page.evaluate(() => window.cqlboxPage.saved());
  await page.evaluate(() => navigator.serviceWorker.ready);
  await load();
  await typeLine(`DESCRIBE KEYSPACE ${keyspace};`);
  check((await transcript()).includes(`CREATE KEYSPACE ${keyspace}`), 'the keyspaces are kept across a reload');

  // Offline once loaded: the service worker serves the page with the network gone.
  await context.setOffline(true);
  const offlineMs = await load().catch(() => 0);
  check(offlineMs > 0, 'the page starts again with no network');
  if (offlineMs) {
    await typeLine(`SELECT count(*) FROM ${keyspace}.${table};`);
    check((await transcript()).includes('(1 rows)'), 'and answers from the keyspaces the browser kept');
  }
  await context.setOffline(false);

  // The course beside the terminal: a lesson's notes, and its button starts it at the prompt.
  await page.click('#lessons li:nth-child(2) button');
  check((await page.locator('#notes h2').count()) > 0, "a lesson's notes are shown");
  await page.click('#notes button.run');
  await page.evaluate(() => window.cqlboxPage.flushed());
  check((await transcript()).includes('LESSON 2\n'), 'Start lesson types LESSON n at the prompt');

  // Reset my data: the keyspaces are gone after it.
  page.once('dialog', (dialog) => dialog.accept());
  await Promise.all([page.waitForEvent('load'), page.click('#reset')]);
  await page.waitForFunction(() => window.cqlboxPage && window.cqlboxPage.loadMs > 0);
  await page.click('#terminal');
  await typeLine(`DESCRIBE KEYSPACE ${keyspace};`);
  check((await transcript()).includes(`'${keyspace}' not found`), 'Reset my data deletes the kept keyspaces');

  check(pageErrors.length === 0, 'no errors in the page', pageErrors.join('\n'));
  let gzipped = 0;
  for (const f of readdirSync(site)) gzipped += gzipSync(readFileSync(join(site, f)), { level: 9 }).length;
  console.log(`page and wasm: ${(gzipped / 1e6).toFixed(2)} MB compressed`);
  check(gzipped < 5e6, 'the page is under 5 MB compressed');
} finally {
  await browser.close();
  server.close();
}

function diff(a, b) {
  const x = a.split('\n'), y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if (x[i] !== y[i]) return `first difference at line ${i + 1}:\n  native: ${JSON.stringify(x[i])}\n  page:   ${JSON.stringify(y[i])}`;
  return '';
}
console.log(failures ? `${failures} failed` : 'all passed');
process.exit(failures ? 1 : 0);

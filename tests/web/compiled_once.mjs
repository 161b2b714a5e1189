// The WebAssembly module compiled once per test run: each script or case then gets a fresh
// instance of it (the emscripten option `instantiateWasm`) instead of compiling it again
// (same_bytes.mjs: 16.1 s -> 11.7 s; module_test.mjs, whose time is mostly its cases: 164.6 -> 157.1 s).
import { readFileSync } from 'node:fs';

export async function compiledOnce(moduleFile) {
  const wasmModule = await WebAssembly.compile(readFileSync(moduleFile.replace(/\.js$/, '.wasm')));
  return (imports, done) => {
    WebAssembly.instantiate(wasmModule, imports).then((instance) => done(instance, wasmModule));
    return {};
  };
}

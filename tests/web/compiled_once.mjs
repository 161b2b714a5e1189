// The WebAssembly module compiled once per test run: each script or case then gets a fresh
// instance of it (the emscripten option `instantiateWasm`), where compiling it for each one
// took most of the web tests' time.
import { readFileSync } from 'node:fs';

export async function compiledOnce(moduleFile) {
  const wasmModule = await WebAssembly.compile(readFileSync(moduleFile.replace(/\.js$/, '.wasm')));
  return (imports, done) => {
    WebAssembly.instantiate(wasmModule, imports).then((instance) => done(instance, wasmModule));
    return {};
  };
}

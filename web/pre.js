// Linked into cqlbox-web.js ahead of emscripten's runtime (meson's --pre-js): the devices a
// Linux machine has that emscripten's file system lacks. /dev/full fails every write with
// ENOSPC (51 in emscripten's WASI numbering), so `COPY t TO '/dev/full'` shows a full disk as
// it does natively.
Module.preRun = [].concat(Module.preRun || []);
Module.preRun.push(function () {
  var full = FS.makedev(1, 7);
  FS.registerDevice(full, {
    read: function () { return 0; },
    write: function () { throw new FS.ErrnoError(51); },
  });
  FS.mkdev('/dev/full', full);
});

// Text to the module on the heap, whatever its length: ccall puts a 'string' argument on the
// stack (5 MB here), and a 10 MB pasted line would overrun it. The page and the tests call
// these instead of ccall for the shell's lines and completions.
function cqlboxHeapText(text) {
  var size = lengthBytesUTF8(text) + 1;
  var at = _malloc(size);
  stringToUTF8(text, at, size);
  return at;
}
Module['cqlboxLine'] = function (line, kind) {
  var at = cqlboxHeapText(line);
  try {
    return _cqlbox_line(at, kind);
  } finally {
    _free(at);
  }
};
Module['cqlboxComplete'] = function (before, word) {
  var a = cqlboxHeapText(before), b = cqlboxHeapText(word);
  try {
    return UTF8ToString(_cqlbox_complete(a, b));
  } finally {
    _free(a);
    _free(b);
  }
};

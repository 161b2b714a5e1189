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

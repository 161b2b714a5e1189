# Sourced by scripts/cqlbox and scripts/test: installs the Debian packages that are missing
# (only those), then configures and builds a meson build directory. Build chatter goes to a
# log, so the shell's own output stays clean; the log is shown if the build fails.
# shellcheck shell=bash

cqlbox_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cqlbox_packages=(g++ meson ninja-build pkg-config cmake tao-pegtl-dev libfmt-dev doctest-dev libedit-dev libcrypt-dev)

cqlbox_install_missing() {
  local missing=() p
  for p in "${cqlbox_packages[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "cqlbox: installing ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >&2 \
    || { echo "cqlbox: could not install ${missing[*]}" >&2; return 1; }
}

# The sanitizer build, build-asan (scripts/test, scripts/fuzz): clang with AddressSanitizer,
# UBSan and libFuzzer's coverage (-Dfuzz=true), so one build runs the test suite under the
# sanitizers and is the fuzz targets. -O1 (ASan's own advice) runs the suite in half the time
# of -O0 for a minute more of compiling; -g1 keeps line tables, so reports name files and lines.
cqlbox_asan_packages=(clang libclang-rt-14-dev)
cqlbox_build_asan() {
  # A build-asan of before (gcc, no fuzz targets) is set up again.
  local ninja_file="$cqlbox_root/build-asan/build.ninja"
  if [ -f "$ninja_file" ] && ! grep -q "^build tests/fuzz/parse_fuzz:" "$ninja_file"; then
    rm -rf "$cqlbox_root/build-asan"
  fi
  CXX=clang++ cqlbox_build build-asan -Dbuildtype=debug -Doptimization=1 -Db_sanitize=address,undefined \
    -Db_lundef=false -Dfuzz=true "-Dcpp_args=['-fno-sanitize-recover=all', '-g1']" -Dwerror=true
}

# cqlbox_build DIR [meson setup options...]: configure once, then an incremental build.
cqlbox_build() {
  local dir="$cqlbox_root/$1"; shift
  local log="$dir.log"
  if [ ! -f "$dir/build.ninja" ]; then
    rm -rf "$dir"
    if ! meson setup "$dir" "$cqlbox_root" "$@" > "$log" 2>&1; then
      cat "$log" >&2; echo "cqlbox: meson setup failed (log: $log)" >&2; return 1
    fi
  fi
  # A first build compiles everything (a few minutes on 2 cores): say so, and at a terminal show
  # ninja's [done/total] count on one line while it runs.
  if [ ! -f "$dir/.ninja_log" ]; then
    echo "cqlbox: building $(basename "$dir") for the first time: this takes a few minutes (log: $log)" >&2
  fi
  local ok=0
  if [ -t 2 ]; then
    ninja -C "$dir" 2>&1 | tee "$log" | while IFS= read -r line; do
      case $line in \[*/*\]*) printf '\rcqlbox: building %s ' "${line%%]*}]" >&2 ;; esac
    done
    [ "${PIPESTATUS[0]}" -eq 0 ] || ok=1
    printf '\r\033[K' >&2
  else
    ninja -C "$dir" > "$log" 2>&1 || ok=1
  fi
  if [ $ok -ne 0 ]; then
    cat "$log" >&2; echo "cqlbox: build failed (log: $log)" >&2; return 1
  fi
}

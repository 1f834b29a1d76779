#!/usr/bin/env bash
# Builds the Python package `tabletop` in a fresh virtual environment and runs its tests, as
# a user meets it: `pip install ./python`, then pytest. Run from anywhere; CI runs it too.
# The virtual environment is target/py-venv (kept between runs; TABLETOP_FRESH_VENV=1 makes
# it anew). Then `cargo xtask wheel` and the suite again against that wheel, installed in a
# fresh environment with no Rust toolchain on PATH (TABLETOP_SKIP_WHEEL=1 skips this).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/py-venv
if ! command -v python3 >/dev/null || ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
  echo "python3 with venv is missing: installing it" >&2
  apt-get update -qq && apt-get install -y -qq python3 python3-venv python3-pip >/dev/null
fi
if [ "${TABLETOP_FRESH_VENV:-}" = 1 ] || [ "${CI:-}" = true ]; then
  rm -rf "$venv"
fi
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check maturin pytest numpy matplotlib mypy
"$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps ./python

# Exit code 5 is "no tests collected": a failure here, never a pass.
set +e
"$venv/bin/pytest" -q python/tests "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests" >&2
  exit 1
fi
if [ "$status" -ne 0 ] || [ "${TABLETOP_SKIP_WHEEL:-}" = 1 ]; then
  exit "$status"
fi

# The wheel a package index would get, installed as a user without Rust installs it: a
# fresh virtual environment whose PATH has no cargo or rustc, then the same suite.
cargo xtask wheel
wheel_venv=target/py-wheel-venv
rm -rf "$wheel_venv"
python3 -m venv "$wheel_venv"
# A machine may have a distribution's cargo in /usr/bin: the system directories come in as a
# directory of links to their programs, less any Rust toolchain's.
no_rust_bin=target/py-no-rust-bin
rm -rf "$no_rust_bin"
mkdir -p "$no_rust_bin"
for dir in /bin /usr/bin /usr/local/bin; do
  for program in "$dir"/*; do
    name=${program##*/}
    case "$name" in
      cargo* | rustc* | rustdoc* | rustup* | rust-*) continue ;;
    esac
    if [ -x "$program" ] && [ ! -e "$no_rust_bin/$name" ]; then
      ln -s "$program" "$no_rust_bin/$name"
    fi
  done
done
no_rust_path="$PWD/$wheel_venv/bin:$PWD/$no_rust_bin"
wheel=(target/wheels/tabletop_games-*-cp39-abi3-*manylinux_2_17_x86_64.whl)
env PATH="$no_rust_path" sh -c '! command -v cargo && ! command -v rustc' >/dev/null
env PATH="$no_rust_path" "$wheel_venv/bin/pip" install --quiet --disable-pip-version-check \
  "${wheel[@]}" pytest numpy matplotlib mypy
set +e
env PATH="$no_rust_path" "$wheel_venv/bin/pytest" -q python/tests "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests" >&2
  exit 1
fi
exit "$status"

#!/usr/bin/env bash
# Builds the Python package `tabletop` in a fresh virtual environment and runs its tests, as
# a user meets it: `pip install ./python`, then pytest. Run from anywhere; CI runs it too.
# The virtual environment is target/py-venv (kept between runs; TABLETOP_FRESH_VENV=1 makes
# it anew).
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
exit "$status"

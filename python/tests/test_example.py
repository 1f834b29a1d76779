"""The example of docs/python.md runs and writes its PNG."""

from __future__ import annotations

import pathlib
import subprocess
import sys

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "distribution.py"


def test_the_distribution_example_writes_a_png(tmp_path):
    output = tmp_path / "distribution.png"
    run = subprocess.run([sys.executable, str(EXAMPLE), str(output)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    # The figure of fixtures/odds/milton-bradley-2-players.out.
    assert "expected 39.2251" in run.stdout, run.stdout
    data = output.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 10_000

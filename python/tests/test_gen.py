"""`tabletop.gen`: valid, deterministic inputs, the same text as `tabletop gen`."""

from __future__ import annotations

import os
import pathlib
import subprocess

import pytest

import tabletop

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _cli():
    """The CLI binary the workspace's tests built (CI runs `cargo test` first)."""
    for candidate in (os.environ.get("TABLETOP_BIN"), ROOT / "target/debug/tabletop", ROOT / "target/release/tabletop"):
        if candidate and pathlib.Path(candidate).is_file():
            return str(candidate)
    return None


@pytest.mark.parametrize("game", tabletop.GAMES)
@pytest.mark.parametrize("size", ["tiny", "judge"])
def test_generated_inputs_are_answered_and_deterministic(game, size):
    for seed in range(1, 6):
        text = tabletop.gen(game, seed=seed, size=size)
        assert text == tabletop.gen(game, seed=seed, size=size)
        tabletop.answer(game, text)


@pytest.mark.skipif(_cli() is None, reason="no tabletop binary built (cargo build)")
@pytest.mark.parametrize("game", tabletop.GAMES)
def test_the_same_text_as_the_cli(game):
    for seed in (1, 7):
        cli = subprocess.run([_cli(), "gen", game, "--seed", str(seed), "--size", "tiny"], capture_output=True, check=True)
        assert tabletop.gen(game, seed=seed, size="tiny").encode() == cli.stdout


def test_bad_requests():
    with pytest.raises(ValueError, match="tiny"):
        tabletop.gen("pigs", size="huge")
    with pytest.raises(ValueError, match="grundy only"):
        tabletop.gen("pigs", cycles=True)
    assert "0" in tabletop.gen("grundy", seed=3, size="tiny", cycles=True)

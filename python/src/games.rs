//! The judged games as text in, text and events out: `answer`, `chutes_play`, `pigs_play`,
//! `gen`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use tabletop_app::{Game, Source};

use crate::board::Board;
use crate::errors::{raise, Text};
use crate::events;
use crate::interrupts::interruptible;

/// The judge's output for `text` of `game` ("chutes", "snakes", "grundy" or "pigs"): the
/// same bytes as `tabletop <game>`. Raises `InputError` for a bad input.
#[pyfunction]
pub fn answer(py: Python<'_>, game: &str, text: Text) -> PyResult<String> {
    let game: Game = game
        .parse()
        .map_err(|e: tabletop_app::UnknownName| PyValueError::new_err(e.to_string()))?;
    let bytes = text.into_bytes();
    interruptible(py, None, move |_| tabletop_app::answer(game, &bytes))?.map_err(|f| raise(py, f))
}

/// One Chutes and Ladders game on `board`: `(winner, json, events)`, with the `--json`
/// object as text and the events as dicts.
#[pyfunction]
pub fn chutes_play<'py>(
    py: Python<'py>,
    board: &Board,
    players: usize,
    throws: Vec<u8>,
) -> PyResult<(usize, String, Bound<'py, PyList>)> {
    let played = py
        .detach(|| tabletop_app::chutes::play(&board.file.board, players, &throws))
        .map_err(|f| raise(py, f))?;
    let events = PyList::empty(py);
    for event in &played.events {
        events.append(events::chutes_event(py, event)?)?;
    }
    Ok((played.ending.winner, played.json, events))
}

/// One 猪国杀 game: `(judge output, json, events, notes)`, with the `--json` object as text
/// and the events as dicts.
#[pyfunction]
pub fn pigs_play<'py>(
    py: Python<'py>,
    text: Text,
) -> PyResult<(String, String, Bound<'py, PyList>, Vec<String>)> {
    let bytes = text.into_bytes();
    let played = py
        .detach(|| tabletop_app::pigs::play(&Source::new("<text>", bytes)))
        .map_err(|f| raise(py, f))?;
    let events = PyList::empty(py);
    for event in &played.events {
        events.append(events::pigs_event(py, event)?)?;
    }
    Ok((played.output, played.json, events, played.notes))
}

/// One random valid input of `game` in the judge format, the same as `tabletop gen` for the
/// same seed, size ("tiny", "judge" or "big") and `cycles` (grundy only).
#[pyfunction]
#[pyo3(signature = (game, seed=1, size="judge", cycles=false))]
pub fn gen(py: Python<'_>, game: &str, seed: u64, size: &str, cycles: bool) -> PyResult<String> {
    let name = |e: tabletop_app::UnknownName| PyValueError::new_err(e.to_string());
    let game: Game = game.parse().map_err(name)?;
    let size: tabletop_stress::Size = size.parse().map_err(name)?;
    if cycles && game != Game::Grundy {
        return Err(PyValueError::new_err(format!(
            "cycles is for grundy only, not {game}"
        )));
    }
    let spec = tabletop_stress::gen::Spec { game, size, cycles };
    Ok(py.detach(|| tabletop_stress::gen::generate(spec, seed).render()))
}

//! Engine events as Python dicts: `{"kind": "...", ...fields}`, the fields named as in the
//! Rust event types (see docs/python.md).

use pyo3::prelude::*;
use pyo3::types::PyDict;
use pyo3::IntoPyObjectExt;
use tabletop_app::chutes::Event as ChutesEvent;
use tabletop_app::pigs::{Card, DrawReason, EndReason, Event as PigsEvent, Target};

/// A dict with `kind` and the given fields.
fn dict<'py>(
    py: Python<'py>,
    kind: &str,
    fields: &[(&str, Bound<'py, PyAny>)],
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("kind", kind)?;
    for (name, value) in fields {
        out.set_item(name, value)?;
    }
    Ok(out)
}

/// A value as a Python object.
fn obj<'py, T: IntoPyObject<'py>>(py: Python<'py>, value: T) -> PyResult<Bound<'py, PyAny>> {
    value.into_bound_py_any(py)
}

/// A card as its letter (`"K"`, `"D"`, ...).
fn card(card: Card) -> String {
    card.letter().to_string()
}

fn cards(list: &[Card]) -> Vec<String> {
    list.iter().copied().map(card).collect()
}

/// One Chutes and Ladders event (players 1-based, throw indices 0-based).
pub fn chutes_event<'py>(py: Python<'py>, event: &ChutesEvent) -> PyResult<Bound<'py, PyDict>> {
    match *event {
        ChutesEvent::Turn { number, player } => dict(
            py,
            "turn",
            &[("number", obj(py, number)?), ("player", obj(py, player)?)],
        ),
        ChutesEvent::Skip { player } => dict(py, "skip", &[("player", obj(py, player)?)]),
        ChutesEvent::Throw { player, index, value } => dict(
            py,
            "throw",
            &[
                ("player", obj(py, player)?),
                ("index", obj(py, index)?),
                ("value", obj(py, value)?),
            ],
        ),
        ChutesEvent::Overshoot {
            player,
            square,
            target,
        } => dict(
            py,
            "overshoot",
            &[
                ("player", obj(py, player)?),
                ("square", obj(py, square)?),
                ("target", obj(py, target)?),
            ],
        ),
        ChutesEvent::Move { player, from, to } => dict(
            py,
            "move",
            &[
                ("player", obj(py, player)?),
                ("from", obj(py, from)?),
                ("to", obj(py, to)?),
            ],
        ),
        ChutesEvent::Jump { player, from, to } => dict(
            py,
            "jump",
            &[
                ("player", obj(py, player)?),
                ("from", obj(py, from)?),
                ("to", obj(py, to)?),
            ],
        ),
        ChutesEvent::MissTurn { player, square } => dict(
            py,
            "miss_turn",
            &[("player", obj(py, player)?), ("square", obj(py, square)?)],
        ),
        ChutesEvent::ExtraTurn { player, square } => dict(
            py,
            "extra_turn",
            &[("player", obj(py, player)?), ("square", obj(py, square)?)],
        ),
        ChutesEvent::Win { player, throws_used } => dict(
            py,
            "win",
            &[
                ("player", obj(py, player)?),
                ("throws_used", obj(py, throws_used)?),
            ],
        ),
    }
}

/// A card's target: `"user"`, a pig index, or `"others"`.
fn target<'py>(py: Python<'py>, target: Target) -> PyResult<Bound<'py, PyAny>> {
    match target {
        Target::User => obj(py, "user"),
        Target::Pig(pig) => obj(py, pig),
        Target::Others => obj(py, "others"),
    }
}

/// One 猪国杀 event (pigs are 0-based seat indices: 0 is pig 1, the MP).
pub fn pigs_event<'py>(py: Python<'py>, event: &PigsEvent) -> PyResult<Bound<'py, PyDict>> {
    match event {
        PigsEvent::Turn { number, pig } => dict(
            py,
            "turn",
            &[("number", obj(py, *number)?), ("pig", obj(py, *pig)?)],
        ),
        PigsEvent::Draw { .. } => draw(py, event),
        PigsEvent::Use {
            pig,
            card: used,
            target: aim,
            ..
        } => dict(
            py,
            "use",
            &[
                ("pig", obj(py, *pig)?),
                ("card", obj(py, card(*used))?),
                ("target", target(py, *aim)?),
            ],
        ),
        PigsEvent::Jump { pig, was_similar } => dict(
            py,
            "jump",
            &[("pig", obj(py, *pig)?), ("was_similar", obj(py, *was_similar)?)],
        ),
        PigsEvent::Mark { pig } => dict(py, "mark", &[("pig", obj(py, *pig)?)]),
        PigsEvent::Nullify {
            pig,
            target: aim,
            countering,
        } => dict(
            py,
            "nullify",
            &[
                ("pig", obj(py, *pig)?),
                ("target", obj(py, *aim)?),
                ("countering", obj(py, *countering)?),
            ],
        ),
        PigsEvent::Protected { target: aim } => dict(py, "protected", &[("target", obj(py, *aim)?)]),
        PigsEvent::Discard {
            pig,
            card: given,
            against,
        } => dict(
            py,
            "discard",
            &[
                ("pig", obj(py, *pig)?),
                ("card", obj(py, card(*given))?),
                ("against", obj(py, card(*against))?),
            ],
        ),
        PigsEvent::Damage {
            pig,
            source,
            hp,
            cause,
        } => dict(
            py,
            "damage",
            &[
                ("pig", obj(py, *pig)?),
                ("source", obj(py, *source)?),
                ("hp", obj(py, *hp)?),
                ("cause", obj(py, card(*cause))?),
            ],
        ),
        PigsEvent::Peach { pig, .. } => dict(py, "peach", &[("pig", obj(py, *pig)?)]),
        PigsEvent::Death { pig, killer } => dict(
            py,
            "death",
            &[("pig", obj(py, *pig)?), ("killer", obj(py, *killer)?)],
        ),
        PigsEvent::Penalty {
            pig,
            victim,
            lost,
            lost_crossbow,
        } => dict(
            py,
            "penalty",
            &[
                ("pig", obj(py, *pig)?),
                ("victim", obj(py, *victim)?),
                ("lost", obj(py, cards(lost))?),
                ("lost_crossbow", obj(py, *lost_crossbow)?),
            ],
        ),
        PigsEvent::End { .. } => end(py, event),
    }
}

/// A draw event (its hand as letters, None for a hand too long to list).
fn draw<'py>(py: Python<'py>, event: &PigsEvent) -> PyResult<Bound<'py, PyDict>> {
    match event {
        PigsEvent::Draw {
            pig,
            cards: drawn,
            repeated,
            reason,
            hand_size,
            hand,
        } => dict(
            py,
            "draw",
            &[
                ("pig", obj(py, *pig)?),
                ("cards", obj(py, cards(drawn))?),
                ("repeated", obj(py, *repeated)?),
                (
                    "reason",
                    obj(
                        py,
                        match reason {
                            DrawReason::Turn => "turn",
                            DrawReason::Reward => "reward",
                        },
                    )?,
                ),
                ("hand_size", obj(py, *hand_size)?),
                ("hand", obj(py, hand.as_deref().map(cards))?),
            ],
        ),
        _ => dict(py, "draw", &[]),
    }
}

/// The end of the game: the winner and why.
fn end<'py>(py: Python<'py>, event: &PigsEvent) -> PyResult<Bound<'py, PyDict>> {
    match event {
        PigsEvent::End { winner, reason } => {
            let (why, pig, killer) = match *reason {
                EndReason::NoFpAlive => ("no_fp_alive", None, None),
                EndReason::MpDead => ("mp_dead", None, None),
                EndReason::MpDied { killer } => ("mp_died", None, Some(killer)),
                EndReason::LastFpDied { pig, killer } => ("last_fp_died", Some(pig), Some(killer)),
            };
            dict(
                py,
                "end",
                &[
                    ("winner", obj(py, winner.name())?),
                    ("reason", obj(py, why)?),
                    ("pig", obj(py, pig)?),
                    ("killer", obj(py, killer)?),
                ],
            )
        }
        _ => dict(py, "end", &[]),
    }
}

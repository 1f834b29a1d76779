//! `/api/pigs` and `/api/pigs/compare`: the 猪国杀 replay, and another program's output
//! compared with tabletop's.

use serde::Deserialize;
use serde_json::{json, Value};
use tabletop_app::judge::first_difference;
use tabletop_app::pigs::replay::{self, Budget, End, Pig};
use tabletop_app::pigs::{self as pigs_app, Request};
use tabletop_app::Source;

use super::INPUT;
use crate::reply::{ApiError, Reply};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
/// The body of `/api/pigs`.
pub struct PigsBody {
    /// The judge input.
    text: String,
}

/// A pig's state: the role (the page hides it until `revealed`), HP, hand, equipment, marks.
fn pig_state(pig: &Pig) -> Value {
    json!({
        "role": pig.role.name(),
        "hp": pig.hp,
        "hand": pig.hand.to_string(),
        "cards": pig.hand.len(),
        "equipped": pig.equipped,
        "jumped": pig.jumped,
        "revealed": replay::revealed(pig),
        "similar": pig.similar,
        "dead": pig.dead,
    })
}

/// The replay: the pigs at the start, the deck, every step with the pigs it changed, and the
/// judge's output (or why the game never ends).
///
/// # Errors
/// 422 for a bad input.
pub fn pigs(body: PigsBody) -> Result<Reply, ApiError> {
    let source = Source::new(INPUT, body.text.into_bytes());
    let replay = replay::replay(&source, Budget::default()).map_err(ApiError::from)?;
    let steps: Vec<Value> = replay
        .steps
        .iter()
        .map(|step| {
            let changed: Vec<Value> = step
                .changed
                .iter()
                .map(|(pig, state)| json!({ "pig": pig, "state": pig_state(state) }))
                .collect();
            json!({
                "turn": step.turn,
                "current": step.current,
                "text": step.text.trim_end(),
                "masked": step.masked.trim_end(),
                "changed": changed,
                "drawn": step.drawn,
            })
        })
        .collect();
    let (output, never_ends) = match &replay.end {
        End::Output(output) => (json!(output), Value::Null),
        End::NeverEnds(report) => (Value::Null, json!(report.report().trim_end())),
    };
    let deck: Vec<String> = replay.deck.iter().map(ToString::to_string).collect();
    Ok(Reply::json(
        200,
        &json!({
            "pigs": replay.start.iter().map(pig_state).collect::<Vec<_>>(),
            "deck": deck,
            "steps": steps,
            "complete": replay.complete,
            "limits": { "steps": replay::MAX_STEPS, "cards": replay::MAX_CARDS },
            "output": output,
            "never_ends": never_ends,
            "notes": replay.notes,
        }),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
/// The body of `/api/pigs/compare`.
pub struct CompareBody {
    /// The judge input.
    text: String,
    /// Another program's output for it.
    output: String,
}

/// Another program's output against tabletop's, compared as a judge compares (the comparison
/// of `tabletop stress`): the first differing line, and where to look in tabletop's game.
///
/// # Errors
/// 422 for a bad input.
pub fn pigs_compare(body: CompareBody) -> Result<Reply, ApiError> {
    let source = Source::new(INPUT, body.text.into_bytes());
    let expected = pigs_app::answer(&source, &Request::default(), None).map_err(ApiError::from)?;
    let difference = first_difference(&expected.text, &body.output);
    let (found, story) = match &difference {
        Some(d) => (
            json!({ "line": d.line, "expected": d.expected, "actual": d.actual }),
            json!(pigs_app::story(&source, d.line).trim_end()),
        ),
        None => (Value::Null, Value::Null),
    };
    Ok(Reply::json(
        200,
        &json!({
            "same": difference.is_none(),
            "difference": found,
            "story": story,
            "expected": expected.text,
        }),
    ))
}

//! The endpoints of the 猪国杀 replay and the octal page: `/api/pigs`, `/api/pigs/compare`
//! and `/api/octal` (`docs/api.md`).

use serde::Deserialize;
use serde_json::{json, Value};
use tabletop_app::octal;
use tabletop_app::pigs::replay::{self, Budget, End, Pig};
use tabletop_app::pigs::{self as pigs_app, Request};
use tabletop_app::{Failure, Problem, Source};
use tabletop_stress::run::first_difference;

use super::{failure, INPUT};
use crate::Reply;

/// The most heaps `/api/octal` computes: the values of the slowest codes (quadratic, a split
/// at every size) take a few seconds at this size in a release build.
pub const MAX_OCTAL_HEAPS: u64 = 50_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PigsBody {
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
pub(super) fn pigs(body: PigsBody) -> Result<Reply, Reply> {
    let source = Source::new(INPUT, body.text.into_bytes());
    let replay = replay::replay(&source, Budget::default()).map_err(|e| failure(&e))?;
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
pub(super) struct CompareBody {
    /// The judge input.
    text: String,
    /// Another program's output for it.
    output: String,
}

/// Another program's output against tabletop's, compared as a judge compares (the comparison
/// of `tabletop stress`): the first differing line, and where to look in tabletop's game.
pub(super) fn pigs_compare(body: CompareBody) -> Result<Reply, Reply> {
    let source = Source::new(INPUT, body.text.into_bytes());
    let expected = pigs_app::answer(&source, &Request::default(), None).map_err(|e| failure(&e))?;
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct OctalBody {
    /// The code, e.g. `0.77`.
    code: String,
    /// The largest heap N: the values G(0..=N).
    heaps: u64,
    /// The heap sizes of a sum, e.g. `3 5 7`.
    query: Option<String>,
}

/// The values G(0..=N) of an octal code (N grown to the query's largest heap, as the command
/// line does), the period, the sparse-space counts, and a query's outcome and winning move.
pub(super) fn octal(body: OctalBody) -> Result<Reply, Reply> {
    let code = octal::read_code(&Source::new("code", body.code.into_bytes())).map_err(|e| failure(&e))?;
    let query = match body.query.filter(|q| !q.trim().is_empty()) {
        Some(text) => {
            Some(octal::read_heaps(&Source::new("query", text.into_bytes())).map_err(|e| failure(&e))?)
        }
        None => None,
    };
    let n = body.heaps.max(query.iter().flatten().copied().max().unwrap_or(0));
    if n > MAX_OCTAL_HEAPS {
        let message = format!(
            "G(0..={n}) is more than the {MAX_OCTAL_HEAPS} heaps the playground computes; `tabletop octal {code} --heaps {n}` computes it"
        );
        return Err(failure(&Failure::invalid(Problem::unlocated("heaps", message))));
    }
    let sequence = octal::values(&code, n).map_err(|e| failure(&e))?;
    let values = sequence.values();
    let period = sequence.period().map_or(
        Value::Null,
        |p| json!({ "period": p.period, "preperiod": p.preperiod }),
    );
    let (stats, stats_lines) = octal_tally(&code, n)?;
    let query = match &query {
        Some(heaps) => {
            let invalid =
                |e: octal::QueryError| failure(&Failure::invalid(Problem::unlocated("query", e.to_string())));
            let outcome = octal::heaps_outcome(values, heaps).map_err(invalid)?;
            let best = code.winning_move(values, heaps).map_err(invalid)?;
            let play = best.map(|m| {
                json!({ "heap": m.heap + 1, "size": m.size, "take": m.take, "leave": m.leave.heaps(), "text": m.to_string() })
            });
            json!({ "heaps": heaps, "outcome": outcome.as_str(), "move": play })
        }
        None => Value::Null,
    };
    Ok(Reply::json(
        200,
        &json!({
            "code": code.to_string(),
            "heaps": n,
            "values": values,
            "period": period,
            "stats": stats,
            "stats_lines": stats_lines,
            "query": query,
        }),
    ))
}

/// The published tables' numbers of `G(0..=n)` as `tabletop octal CODE --heaps N --stats
/// --json` gives them (the `stats` object), and the lines `--stats` writes, without the
/// first (its time and speed differ from run to run).
fn octal_tally(code: &octal::OctalCode, n: u64) -> Result<(Value, Vec<String>), Reply> {
    let source = Source::new("code", code.to_string().into_bytes());
    let request = octal::Request {
        heaps: Some(n),
        json: true,
        stats: true,
        ..octal::Request::default()
    };
    let answer = octal::answer(octal::Game::Code(&source), &request).map_err(|e| failure(&e))?;
    let object: Value = serde_json::from_str(&answer.text)
        .map_err(|e| Reply::error(500, "internal", format!("the octal answer is not JSON: {e}")))?;
    let stats = object.get("stats").cloned().unwrap_or(Value::Null);
    let timed = |line: &str| {
        line.split_once(" values in ")
            .is_some_and(|(count, _)| count.bytes().all(|b| b.is_ascii_digit()))
    };
    let lines = answer.notes.into_iter().filter(|line| !timed(line)).collect();
    Ok((stats, lines))
}

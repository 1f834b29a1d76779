//! The JSON API (`docs/api.md`): one function per endpoint, each an application layer request.

use std::time::{Duration, Instant};

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use tabletop_app::grundy_play::{self, CaseView, Turn};
use tabletop_app::{odds, snakes, Answer, Control, Failure, Problem, Source};

use crate::{jobs, Reply};

/// The time one request may take: work that checks it (the odds table, the exact sweeps)
/// stops once it has passed and the request is answered 503.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget {
    started: Instant,
    limit: Duration,
}

impl Budget {
    pub(crate) fn new(limit: Duration) -> Budget {
        Budget {
            started: Instant::now(),
            limit,
        }
    }

    fn expired(&self) -> bool {
        self.started.elapsed() >= self.limit
    }

    /// The 503 of a request that ran out of time.
    fn timeout(&self) -> Reply {
        Reply::error(
            503,
            "timeout",
            format!(
                "the request took more than its time limit of {:.1} s and was stopped; a board this long is for the job API (POST /api/odds/start), which shows progress",
                self.limit.as_secs_f64()
            ),
        )
    }
}

mod games;
pub use games::MAX_OCTAL_HEAPS;

/// The name problems are reported against.
const INPUT: &str = "input";

/// Dispatches `path` (an `/api/` path) with its JSON body.
pub(crate) fn call(path: &str, body: &[u8], budget: &Budget) -> Reply {
    let result = match path {
        "/api/odds" => parsed(body).and_then(|body| odds(body, budget)),
        "/api/odds/start" => parsed(body).map(jobs::start),
        "/api/odds/job" => parsed(body).map(jobs::status),
        "/api/odds/cancel" => parsed(body).map(jobs::cancel),
        "/api/snakes" => parsed(body).and_then(snakes),
        "/api/grundy" => parsed(body).and_then(grundy),
        "/api/grundy/turn" => parsed(body).and_then(grundy_turn),
        "/api/pigs" => parsed(body).and_then(games::pigs),
        "/api/pigs/compare" => parsed(body).and_then(games::pigs_compare),
        "/api/octal" => parsed(body).and_then(games::octal),
        _ => Err(Reply::error(404, "not-found", format!("no endpoint {path}"))),
    };
    result.unwrap_or_else(|reply| reply)
}

pub(crate) fn parsed<T: DeserializeOwned>(body: &[u8]) -> Result<T, Reply> {
    serde_json::from_slice(body).map_err(|e| {
        Reply::error(
            400,
            "bad-request",
            format!("the body is not the JSON expected: {e}"),
        )
    })
}

/// A failure as a JSON error: 422 with the located problems for an invalid input.
fn failure(failure: &Failure) -> Reply {
    match failure {
        Failure::Invalid { problems, .. } => {
            let message = problems.first().map_or_else(String::new, |p| p.message.clone());
            let problems: Vec<Value> = problems.iter().map(problem).collect();
            Reply::json(
                422,
                &json!({ "error": { "kind": "invalid", "message": message, "problems": problems } }),
            )
        }
        Failure::Usage(text) => Reply::error(400, "usage", text.trim_end()),
        Failure::Io(text) => Reply::error(500, "io", text.trim_end()),
        Failure::Stopped(text) => Reply::error(503, "stopped", text.trim_end()),
    }
}

/// A located problem: file, line, column (1-based, `null` when the whole input is meant),
/// message, the snippet with its caret, the test case.
fn problem(problem: &Problem) -> Value {
    json!({
        "file": problem.file,
        "line": problem.location.map(|l| l.line),
        "column": problem.location.map(|l| l.column),
        "message": problem.message,
        "snippet": problem.snippet,
        "case": problem.case,
        "report": problem.to_string(),
    })
}

/// The JSON an application layer renderer wrote (one object, or one a line: then a list),
/// passed on as written so that every number keeps the digits the CLI prints. It is checked
/// to be JSON first.
pub(crate) fn rendered_json(text: &str) -> Result<String, Reply> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    for line in &lines {
        serde_json::from_str::<serde::de::IgnoredAny>(line)
            .map_err(|e| Reply::error(500, "internal", format!("the JSON written is not JSON: {e}")))?;
    }
    Ok(match lines.as_slice() {
        [one] => (*one).to_owned(),
        many => format!("[{}]", many.join(",")),
    })
}

/// A JSON object of fields already written as JSON text.
pub(crate) fn object(fields: &[(&str, String)]) -> Reply {
    let members: Vec<String> = fields
        .iter()
        .map(|(name, value)| format!("{}:{value}", Value::from(*name)))
        .collect();
    Reply {
        status: 200,
        content_type: "application/json; charset=utf-8",
        body: format!("{{{}}}", members.join(",")).into_bytes(),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct OddsBody {
    /// The board file.
    board: String,
    players: Option<u16>,
    #[serde(default)]
    percentiles: Vec<f64>,
}

/// How odds work ended: answered (the reply of `/api/odds`, or of its failure), or stopped
/// by its cancel flag.
pub(crate) enum Worked {
    Answered(Reply),
    Cancelled,
}

/// The odds of a board as `/api/odds` answers them, telling `ticks` how far it got and
/// stopping once `control` says stop.
pub(crate) fn odds_work(body: OddsBody, ticks: odds::Ticks<'_>, control: &Control) -> Worked {
    let source = Source::new(INPUT, body.board.into_bytes());
    let mut request = odds::Request {
        players: body.players,
        json: true,
        chart: true,
        percentiles: body.percentiles,
        exact: false,
    };
    let answer = match odds::answer_until(&source, &request, &mut *ticks, control) {
        Ok(answer) => answer,
        Err(Failure::Stopped(_)) => return Worked::Cancelled,
        // The distribution may be beyond the work budget: answer without the chart.
        Err(_) => {
            request.chart = false;
            match odds::answer_until(&source, &request, ticks, control) {
                Ok(answer) => answer,
                Err(Failure::Stopped(_)) => return Worked::Cancelled,
                Err(e) => return Worked::Answered(failure(&e)),
            }
        }
    };
    Worked::Answered(odds_reply(&source, &answer).unwrap_or_else(|reply| reply))
}

/// The reply of an answered board: the odds, the chart, the notes, and one line of play in
/// the fewest turns under the board's own rules (`null`, with `line_note` saying why, only
/// for a line too long to write).
fn odds_reply(source: &Source, answer: &Answer) -> Result<Reply, Reply> {
    let file = odds::read_board(source).map_err(|e| failure(&e))?;
    let (line, note) = match snakes::race_turns_line_json(&file, source) {
        Ok(line) => (rendered_json(&line)?, Value::Null),
        Err(e) => (
            "null".to_owned(),
            json!(e.report().trim_end().trim_start_matches("error: ")),
        ),
    };
    Ok(object(&[
        ("odds", rendered_json(&answer.text)?),
        ("chart", json!(answer.picture).to_string()),
        ("notes", json!(answer.notes).to_string()),
        ("line", line),
        ("line_note", note.to_string()),
    ]))
}

fn odds(body: OddsBody, budget: &Budget) -> Result<Reply, Reply> {
    if budget.expired() {
        return Err(budget.timeout());
    }
    let control = Control::new();
    let mut ticks = |_: &odds::Tick<'_>| {
        if budget.expired() {
            control.cancel();
        }
    };
    match odds_work(body, &mut ticks, &control) {
        Worked::Answered(reply) => Ok(reply),
        Worked::Cancelled => Err(budget.timeout()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SnakesBody {
    /// The judge input.
    text: String,
    /// The board to draw (1-based), by default the first.
    case: Option<usize>,
}

fn snakes(body: SnakesBody) -> Result<Reply, Reply> {
    let source = Source::new(INPUT, body.text.into_bytes());
    let run = |request: &snakes::Request| snakes::answer(&source, request).map_err(|e| failure(&e));
    let answers: Answer = run(&snakes::Request::default())?;
    let boards = run(&snakes::Request {
        json: true,
        ..snakes::Request::default()
    })?;
    let drawing = run(&snakes::Request {
        case: Some(body.case.unwrap_or(1)),
        draw: true,
        ..snakes::Request::default()
    })?;
    Ok(object(&[
        ("answers", json!(answers.text).to_string()),
        ("boards", rendered_json(&boards.text)?),
        ("svg", json!(drawing.picture).to_string()),
        ("notes", json!(answers.notes).to_string()),
    ]))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GrundyBody {
    /// The judge input.
    text: String,
    /// The test case to draw (1-based), by default the first.
    case: Option<usize>,
    /// The query to show on the drawing (1-based); by default none: every winning move.
    query: Option<usize>,
}

fn grundy(body: GrundyBody) -> Result<Reply, Reply> {
    let source = Source::new(INPUT, body.text.into_bytes());
    let answers =
        tabletop_app::answer(tabletop_app::Game::Grundy, source.bytes()).map_err(|e| failure(&e))?;
    let cases = grundy_play::cases(&source).map_err(|e| failure(&e))?;
    let svg = grundy_play::draw(&source, body.case.unwrap_or(1), body.query).map_err(|e| failure(&e))?;
    let cases: Vec<Value> = cases.iter().map(case_view).collect();
    Ok(Reply::json(
        200,
        &json!({ "answers": answers, "cases": cases, "svg": svg }),
    ))
}

fn play(play: Option<tabletop_app::grundy_play::Move>) -> Value {
    play.map_or(
        Value::Null,
        |m| json!({ "piece": m.piece + 1, "from": m.from, "to": m.to }),
    )
}

fn case_view(case: &CaseView) -> Value {
    let positions: Vec<Value> = case
        .positions
        .iter()
        .map(|p| json!({ "value": p.value, "outcome": p.outcome.as_str() }))
        .collect();
    let queries: Vec<Value> = case
        .queries
        .iter()
        .map(|q| json!({ "pieces": q.pieces, "outcome": q.outcome.as_str(), "play": play(q.play) }))
        .collect();
    json!({
        "successors": case.successors,
        "positions": positions,
        "cyclic": case.cyclic,
        "queries": queries,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnBody {
    text: String,
    /// The test case, 1-based.
    case: usize,
    pieces: Vec<u32>,
    /// The user's move, `None` for the engine to move first.
    #[serde(rename = "move")]
    user: Option<UserMove>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UserMove {
    /// The piece, 1-based.
    piece: usize,
    to: u32,
}

fn grundy_turn(body: TurnBody) -> Result<Reply, Reply> {
    let source = Source::new(INPUT, body.text.into_bytes());
    let user = match body.user {
        Some(UserMove { piece: 0, .. }) => {
            return Err(Reply::error(400, "usage", "pieces are numbered from 1"));
        }
        Some(m) => Some((m.piece - 1, m.to)),
        None => None,
    };
    let turn: Turn = grundy_play::turn(&source, body.case, &body.pieces, user).map_err(|e| failure(&e))?;
    let winner = match turn.user_won {
        Some(true) => json!("you"),
        Some(false) => json!("engine"),
        None => Value::Null,
    };
    Ok(Reply::json(
        200,
        &json!({
            "pieces": turn.pieces,
            "reply": play(turn.reply),
            "winner": winner,
            "outcome": turn.outcome.as_str(),
        }),
    ))
}

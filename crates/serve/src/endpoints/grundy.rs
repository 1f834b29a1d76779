//! `/api/grundy` and `/api/grundy/turn`: a sum of graph games, its values and moves, and a
//! game played a turn at a time.

use serde::Deserialize;
use serde_json::{json, Value};
use tabletop_app::grundy_play::{self, CaseView, Turn};
use tabletop_app::{grundy, Source, Stream};

use super::INPUT;
use crate::reply::{ApiError, Reply};

/// The body of `/api/grundy`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrundyBody {
    /// The judge input.
    text: String,
    /// The test case to draw (1-based), by default the first.
    case: Option<usize>,
    /// The query to show on the drawing (1-based); by default none: every winning move.
    query: Option<usize>,
}

/// The answers, each test case's values and moves, and one case drawn.
///
/// # Errors
/// 422 for a bad input.
pub fn grundy(body: GrundyBody) -> Result<Reply, ApiError> {
    let source = Source::new(INPUT, body.text.into_bytes());
    let answers = grundy::answer(&mut Stream::of(&source), &grundy::Request::default())
        .map_err(ApiError::from)?
        .text;
    let cases = grundy_play::cases(&source).map_err(ApiError::from)?;
    let svg = grundy_play::draw(&source, body.case.unwrap_or(1), body.query).map_err(ApiError::from)?;
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

/// The body of `/api/grundy/turn`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnBody {
    /// The judge input.
    text: String,
    /// The test case, 1-based.
    case: usize,
    /// Where each piece stands.
    pieces: Vec<u32>,
    /// The user's move, `None` for the engine to move first.
    #[serde(rename = "move")]
    user: Option<UserMove>,
}

/// The user's move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UserMove {
    /// The piece, 1-based.
    piece: usize,
    /// The position it moves to.
    to: u32,
}

/// One turn of a game against the engine.
///
/// # Errors
/// 422 for a bad input or move, 400 for a piece numbered 0.
pub fn grundy_turn(body: TurnBody) -> Result<Reply, ApiError> {
    let source = Source::new(INPUT, body.text.into_bytes());
    let user = match body.user {
        Some(UserMove { piece: 0, .. }) => {
            return Err(ApiError::usage("pieces are numbered from 1"));
        }
        Some(m) => Some((m.piece - 1, m.to)),
        None => None,
    };
    let turn: Turn = grundy_play::turn(&source, body.case, &body.pieces, user).map_err(ApiError::from)?;
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

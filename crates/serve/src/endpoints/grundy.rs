//! `/api/grundy` and `/api/grundy/turn`: a sum of graph games, its values and moves, and a
//! game played a turn at a time.

use serde::Deserialize;
use tabletop_app::grundy::play as grundy_play;
use tabletop_app::Source;

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

/// The answers, each test case's values and moves, and one case drawn, from one reading
/// of the input.
///
/// # Errors
/// 422 for a bad input, 400 for a case or a query the input does not have.
pub fn grundy(body: GrundyBody) -> Result<Reply, ApiError> {
    let source = Source::new(INPUT, body.text.into_bytes());
    let report = grundy_play::report(&source, body.case.unwrap_or(1), body.query)?;
    Ok(Reply::json_text(200, report.playground_json()))
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
    let user = body.user.map(|m| (m.piece, m.to));
    let turn = grundy_play::turn(&source, body.case, &body.pieces, user)?;
    Ok(Reply::json_text(200, turn.playground_json()))
}

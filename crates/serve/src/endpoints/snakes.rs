//! `/api/snakes`: the fewest throws of each board of a judge input, and one board drawn.

use serde::Deserialize;
use tabletop_app::{snakes, Source};

use super::INPUT;
use crate::reply::{ApiError, Reply};

/// The body of `/api/snakes`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SnakesBody {
    /// The judge input.
    text: String,
    /// The board to draw (1-based), by default the first.
    case: Option<usize>,
}

/// The answers, the boards as JSON (a list, one element a board), the chosen board's drawing
/// and the notes, from one reading of the input.
///
/// # Errors
/// 422 for a bad input.
pub fn snakes(body: SnakesBody) -> Result<Reply, ApiError> {
    let source = Source::new(INPUT, body.text.into_bytes());
    let report = snakes::report(&source, body.case.unwrap_or(1))?;
    Ok(Reply::json_text(200, report.playground_json()))
}

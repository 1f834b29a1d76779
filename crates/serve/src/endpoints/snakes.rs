//! `/api/snakes`: the fewest throws of each board of a judge input, and one board drawn.

use serde::Deserialize;
use serde_json::json;
use tabletop_app::{snakes, Answer, Source};

use super::INPUT;
use crate::reply::{object, rendered_json_list, ApiError, Reply};

/// The body of `/api/snakes`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SnakesBody {
    /// The judge input.
    text: String,
    /// The board to draw (1-based), by default the first.
    case: Option<usize>,
}

/// The answers, the boards as JSON (a list, one element a board), the chosen board's drawing and the notes.
///
/// # Errors
/// 422 for a bad input.
pub fn snakes(body: SnakesBody) -> Result<Reply, ApiError> {
    let source = Source::new(INPUT, body.text.into_bytes());
    let run = |request: &snakes::Request| snakes::answer(&source, request).map_err(ApiError::from);
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
    Ok(Reply::json_text(
        200,
        object(&[
            ("answers", json!(answers.text).to_string()),
            ("boards", rendered_json_list(&boards.text)?),
            ("svg", json!(drawing.picture).to_string()),
            ("notes", json!(answers.notes).to_string()),
        ]),
    ))
}

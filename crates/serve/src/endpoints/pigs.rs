//! `/api/pigs` and `/api/pigs/compare`: the 猪国杀 replay, and another program's output
//! compared with tabletop's.

use serde::Deserialize;
use tabletop_app::pigs as pigs_app;
use tabletop_app::pigs::replay::{self, Budget};
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

/// The replay: the pigs at the start, the deck, every step with the pigs it changed, and the
/// judge's output (or why the game never ends).
///
/// # Errors
/// 422 for a bad input.
pub fn pigs(body: PigsBody) -> Result<Reply, ApiError> {
    let source = Source::new(INPUT, body.text.into_bytes());
    let replay = replay::replay(&source, Budget::default())?;
    Ok(Reply::json_text(200, replay.playground_json()))
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
    let comparison = pigs_app::compare(&source, &body.output)?;
    Ok(Reply::json_text(200, comparison.playground_json()))
}

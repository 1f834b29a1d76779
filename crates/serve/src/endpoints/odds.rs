//! `/api/odds`: a board's odds, its chart and a line of play in the fewest turns; the work
//! the odds jobs (`crate::jobs`) run too.

use serde::Deserialize;
use serde_json::{json, Value};
use tabletop_app::odds::{self, Tick};
use tabletop_app::Failure;
use tabletop_app::Source;

use super::INPUT;
use crate::deadline::{Deadline, Halt};
use crate::reply::{object, rendered_json, ApiError, Reply};

/// The body of `/api/odds` and `/api/odds/start`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OddsBody {
    /// The board file.
    board: String,
    /// Any whole number: the application's limits refuse what is out of range, in its words.
    players: Option<i64>,
    #[serde(default)]
    percentiles: Vec<f64>,
}

impl OddsBody {
    /// The request this body asks for, checked by the application's limits before any work.
    ///
    /// # Errors
    /// 400 `usage` for players outside `1..=`[`odds::MAX_PLAYERS`], more than
    /// [`odds::MAX_PERCENTILES`] percentiles or one not strictly between 0 and 100.
    pub fn request(&self) -> Result<odds::Request, ApiError> {
        let usage = |refusal: odds::Refusal| ApiError::usage(refusal.to_string());
        let players = match self.players {
            Some(players) => Some(odds::Names::API.players(players).map_err(usage)?),
            None => None,
        };
        let request = odds::Request {
            players,
            json: true,
            chart: true,
            percentiles: self.percentiles.clone(),
            exact: false,
            exact_budget: odds::ExactBudget::default(),
            names: odds::Names::API,
        };
        request.check().map_err(usage)?;
        Ok(request)
    }
}

/// How odds work ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The answer: the body of `/api/odds`, as JSON text.
    Answered(String),
    /// The board is bad or cannot be answered.
    Failed(ApiError),
    /// Stopped before the end.
    Halted(Halt),
}

/// The odds of a board as `/api/odds` answers them, telling `ticks` how far it got and
/// stopping with `deadline`.
pub fn work(body: OddsBody, deadline: &Deadline, ticks: &mut dyn FnMut(&Tick<'_>)) -> Outcome {
    let request = match body.request() {
        Ok(request) => request,
        Err(error) => return Outcome::Failed(error),
    };
    let source = Source::new(INPUT, body.board.into_bytes());
    if deadline.is_stopped() {
        return Outcome::Halted(deadline.halt());
    }
    let played = match odds::playground(&source, &request, ticks, deadline.control()) {
        Ok(played) => played,
        Err(Failure::Stopped(_)) => return Outcome::Halted(deadline.halt()),
        Err(e) => return Outcome::Failed(e.into()),
    };
    match answered(&played) {
        Ok(text) => Outcome::Answered(text),
        Err(error) => Outcome::Failed(error),
    }
}

/// The body of an answered board: the odds, the chart, the notes, and one line of play in
/// the fewest turns under the board's own rules (`null`, with `line_note` saying why, only
/// for a line too long to write). The odds and the line are passed on as the application
/// layer wrote them, so that every number keeps the digits the CLI prints.
fn answered(played: &odds::Playground) -> Result<String, ApiError> {
    let (line, note) = match &played.line {
        Ok(line) => (rendered_json(line)?, Value::Null),
        Err(e) => ("null".to_owned(), json!(e.message())),
    };
    let answer = &played.answer;
    Ok(object(&[
        ("odds", rendered_json(&answer.text)?),
        ("chart", json!(answer.picture).to_string()),
        ("notes", json!(answer.notes).to_string()),
        ("line", line),
        ("line_note", note.to_string()),
    ]))
}

/// The 503 of a request that ran out of time.
pub fn timeout(deadline: &Deadline) -> ApiError {
    ApiError::new(
        503,
        "timeout",
        format!(
            "the request took more than its time limit of {:.1} s and was stopped; a board this long is for the job API (POST /api/odds/start), which shows progress",
            deadline.limit().as_secs_f64()
        ),
    )
}

/// `/api/odds`: answered within `deadline`, else 503, telling `ticks` how far it got.
///
/// # Errors
/// As [`work`]'s failures; 503 once past the deadline.
pub fn odds(
    body: OddsBody,
    deadline: &Deadline,
    ticks: &mut dyn FnMut(&Tick<'_>),
) -> Result<Reply, ApiError> {
    match work(body, deadline, ticks) {
        Outcome::Answered(text) => Ok(Reply::json_text(200, text)),
        Outcome::Failed(error) => Err(error),
        Outcome::Halted(_) => Err(timeout(deadline)),
    }
}

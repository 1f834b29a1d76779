//! `/api/octal`: an octal code's values, period and tables' numbers, or under misère play its
//! quotient, and a sum's outcome and winning move, computed once under the request's deadline.

use serde::Deserialize;
use tabletop_app::octal::{self, Game, Limits, Play, Request};
use tabletop_app::{Failure, Source};

use crate::deadline::Deadline;
use crate::reply::{ApiError, Reply};

/// The body of `/api/octal`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OctalBody {
    /// The code, e.g. `0.77`.
    code: String,
    /// The largest heap N: the values G(0..=N), or the quotient of heaps 0..=N.
    heaps: u64,
    /// The heap sizes of a sum, e.g. `3 5 7`.
    query: Option<String>,
    /// Misère play instead of normal play.
    #[serde(default)]
    misere: bool,
}

/// The values G(0..=N) of an octal code (N grown to the query's largest heap, as the command
/// line does), the period, the tables' numbers, and a query's outcome and winning move; or
/// the misère quotient of heaps 0..=N with the period of its pretending function and the
/// query's misère answer.
///
/// # Errors
/// 422 for a bad code or query, or work beyond the playground's limits (refused before it
/// starts); 503 once past the deadline.
pub fn octal(body: OctalBody, deadline: &Deadline) -> Result<Reply, ApiError> {
    let code = Source::new("code", body.code.into_bytes());
    // An empty or blank query is refused where it is, as `--query ""` is on the command line:
    // leaving the query out is `null`, not "".
    let request = Request {
        play: if body.misere { Play::Misere } else { Play::Normal },
        heaps: Some(body.heaps),
        period: true,
        query: body.query.map(|text| Source::new("query", text.into_bytes())),
        limits: Limits::PLAYGROUND,
        ..Request::default()
    };
    match octal::report(Game::Code(&code), &request, deadline.control()) {
        Ok(report) => Ok(Reply::json_text(200, report.playground_json())),
        Err(Failure::Stopped(_)) => Err(ApiError::new(
            503,
            "timeout",
            format!(
                "the computation took more than the time limit of {:.1} s and was stopped; `tabletop octal {}{} --heaps {}` computes it",
                deadline.limit().as_secs_f64(),
                String::from_utf8_lossy(code.bytes()),
                if body.misere { " --misere" } else { "" },
                body.heaps,
            ),
        )),
        Err(failure) => Err(failure.into()),
    }
}

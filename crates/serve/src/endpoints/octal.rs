//! `/api/octal`: an octal code's values, period and tables' numbers, and a sum's outcome and
//! winning move, computed once under the request's deadline.

use serde::Deserialize;
use serde_json::{json, Value};
use tabletop_app::views::{octal_work, OctalView};
use tabletop_app::{octal, Failure, Problem, Source};

use crate::deadline::Deadline;
use crate::reply::{ApiError, Reply};

/// The most heaps `/api/octal` computes.
pub const MAX_OCTAL_HEAPS: u64 = 50_000;
/// The most work (moves looked at, [`octal_work`]'s estimate) one request may cost: four
/// splitting digits at [`MAX_OCTAL_HEAPS`], a few seconds in a release build.
pub const MAX_OCTAL_WORK: u128 = {
    let n = MAX_OCTAL_HEAPS as u128;
    4 * (n * n / 4 + n)
};

/// The body of `/api/octal`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OctalBody {
    /// The code, e.g. `0.77`.
    code: String,
    /// The largest heap N: the values G(0..=N).
    heaps: u64,
    /// The heap sizes of a sum, e.g. `3 5 7`.
    query: Option<String>,
}

/// The values G(0..=N) of an octal code (N grown to the query's largest heap, as the command
/// line does), the period, the tables' numbers, and a query's outcome and winning move.
///
/// # Errors
/// 422 for a bad code or query, or work beyond the playground's limits (refused before it
/// starts); 503 once past the deadline.
pub fn octal(body: OctalBody, deadline: &Deadline) -> Result<Reply, ApiError> {
    let code = octal::read_code(&Source::new("code", body.code.into_bytes()))?;
    // An empty or blank query is refused where it is, as `--query ""` is on the command line:
    // leaving the query out is `null`, not "".
    let query = body.query.map(|text| Source::new("query", text.into_bytes()));
    let largest_queried = match &query {
        Some(source) => octal::read_heaps(source)?.into_iter().max().unwrap_or(0),
        None => 0,
    };
    let n = body.heaps.max(largest_queried);
    let refuse = |message: String| ApiError::from(Failure::invalid(Problem::unlocated("heaps", message)));
    if n > MAX_OCTAL_HEAPS {
        return Err(refuse(format!(
            "G(0..={n}) is more than the {MAX_OCTAL_HEAPS} heaps the playground computes; `tabletop octal {code} --heaps {n}` computes it"
        )));
    }
    let work = octal_work(&code, n);
    if work > MAX_OCTAL_WORK {
        return Err(refuse(format!(
            "G(0..={n}) of {code} may look at about {work:.2e} moves, more than the {MAX_OCTAL_WORK:.2e} the playground allows itself; `tabletop octal {code} --heaps {n}` computes it",
            work = work as f64,
            MAX_OCTAL_WORK = MAX_OCTAL_WORK as f64,
        )));
    }
    match deadline.octal(&code, n, query.as_ref()) {
        Ok(view) => Ok(Reply::json(200, &view_json(&view))),
        Err(Failure::Stopped(_)) => Err(ApiError::new(
            503,
            "timeout",
            format!(
                "G(0..={n}) took more than the time limit of {:.1} s and was stopped; `tabletop octal {code} --heaps {n}` computes it",
                deadline.limit().as_secs_f64()
            ),
        )),
        Err(failure) => Err(failure.into()),
    }
}

fn view_json(view: &OctalView) -> Value {
    let period = view.period.map_or(
        Value::Null,
        |p| json!({ "period": p.period, "preperiod": p.preperiod }),
    );
    let tally = &view.tally;
    let stats = json!({
        "method": view.method,
        "mask": tally.mask,
        "rare": tally.rare,
        "last_rare": tally.last_rare,
        "max_value": tally.max_value,
        "max_first": tally.max_first,
        "frequencies": tally.frequencies,
    });
    let query = view.query.as_ref().map_or(Value::Null, |q| {
        let play = q.best.as_ref().map(|m| {
            json!({ "heap": m.heap + 1, "size": m.size, "take": m.take, "leave": m.leave.heaps(), "text": m.to_string() })
        });
        json!({ "heaps": q.heaps, "outcome": q.outcome.as_str(), "move": play })
    });
    json!({
        "code": view.code.to_string(),
        "heaps": view.heaps,
        "values": view.values,
        "period": period,
        "stats": stats,
        "stats_lines": view.tally_lines,
        "query": query,
    })
}

//! Octal games under misère play: the misère quotient of heaps `0..=N` and the answer to a
//! sum of heaps. A misère request is an octal [`Request`] whose play is
//! [`Play::Misere`](super::Play::Misere): the same reading of the game, the same limits.

pub use tabletop_octal::MisereQuotient;
use tabletop_octal::{MisereError, MisereSolver, OctalCode, Period};
/// An element's normal word as the command line writes it (`ab^2`, `1` for the identity).
pub use tabletop_render::misere::word;
use tabletop_render::octal::Query;

use super::Request;
use crate::{Control, Failure, Problem, Source, Tick};

/// Heaps included when neither the request nor the game text says.
pub const DEFAULT_HEAPS: u64 = 8;
/// The largest heap a misère request may include (each heap costs a pass over its moves,
/// and the quotients this method reaches are proven far below it).
pub const MAX_HEAPS: u64 = 10_000;
/// The stage of the ticks a misère computation gives its [`Control`]: heaps included.
pub const TICK_STAGE: &str = "misère heaps";

/// The misère quotient of heaps `0..=heaps` of `code`, typed, stopping when `control`
/// says so.
///
/// # Errors
/// [`Failure::Invalid`] past [`MAX_HEAPS`] or when the quotient grows past its budget
/// (naming the heap), [`Failure::Stopped`] when stopped.
pub fn quotient(code: &OctalCode, heaps: u64, control: &Control) -> Result<MisereQuotient, Failure> {
    let request = Request {
        play: super::Play::Misere,
        ..Request::default()
    };
    request.check(code, heaps)?;
    solve(code, heaps, &request, control)
}

/// The quotient, once `request` has been checked.
fn solve(
    code: &OctalCode,
    heaps: u64,
    request: &Request,
    control: &Control,
) -> Result<MisereQuotient, Failure> {
    let label = request.heaps_label(heaps);
    let stopped = |reason: crate::Stopped, solver: &MisereSolver| {
        Failure::stopped(
            reason,
            Some(format!("after heaps 0..={}", solver.largest_heap())),
            None,
        )
    };
    let mut solver = MisereSolver::new(code, request.misere_budget.unwrap_or_default());
    while (solver.largest_heap() as u64) < heaps {
        let tick = Tick::new(TICK_STAGE, solver.largest_heap() as u64 + 1, Some(heaps + 1));
        control.tick(tick).map_err(|e| stopped(e, &solver))?;
        solver.extend(control).map_err(|error| match error {
            MisereError::Stopped(e) => stopped(e, &solver),
            other => Failure::invalid(Problem::unlocated(&label, other.to_string())),
        })?;
    }
    Ok(solver.into_quotient())
}

/// What a misère request computes: the quotient, and its period when asked.
#[derive(Debug, Clone)]
pub struct MisereReport {
    /// The quotient of heaps `0..=N`.
    pub quotient: MisereQuotient,
    /// `Some` when the period was asked for: the pretending function's period, if proven.
    pub period: Option<Option<Period>>,
}

/// The misère answer to `request` for `code` with heaps `0..=n` (the request checked):
/// the quotient, the period if asked, and the query's answer on the heaps in `query`.
///
/// # Errors
/// As [`quotient`]; [`Failure::Invalid`] for a query the quotient cannot answer.
pub(crate) fn report(
    code: &OctalCode,
    n: u64,
    request: &Request,
    query: Option<&[u64]>,
    control: &Control,
) -> Result<(MisereReport, Option<Query>), Failure> {
    let quotient = solve(code, n, request, control)?;
    let period = request.period.then(|| quotient.period(code));
    let query = match (query, &request.query) {
        (Some(heaps), Some(source)) => Some(answer_query(code, &quotient, heaps, source)?),
        _ => None,
    };
    Ok((MisereReport { quotient, period }, query))
}

/// Who wins the sum of `heaps` under misère play, and how.
fn answer_query(
    code: &OctalCode,
    quotient: &MisereQuotient,
    heaps: &[u64],
    source: &Source,
) -> Result<Query, Failure> {
    let located = |e: tabletop_octal::QueryError| Failure::invalid(source.whole(e.to_string()));
    Ok(Query {
        outcome: quotient.outcome(heaps).map_err(located)?,
        best: quotient.winning_move(code, heaps).map_err(located)?,
    })
}

/// The command line's text (or JSON object) of a misère request: the quotient, or a query's
/// `WIN`/`LOSE` and winning move.
pub(crate) fn text(
    code: &OctalCode,
    n: u64,
    request: &Request,
    query: Option<&[u64]>,
    control: &Control,
) -> Result<String, Failure> {
    let (MisereReport { quotient, period }, query) = report(code, n, request, query, control)?;
    Ok(tabletop_render::to_string(|out| match (&query, request.json) {
        (_, true) => tabletop_render::misere::write_json(out, code, &quotient, period, query.as_ref()),
        (Some(query), false) => tabletop_render::octal::write_query(out, query),
        (None, false) => tabletop_render::misere::write_text(out, code, &quotient, period),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::{answer_to, Game, Play};
    use crate::Answer;

    fn misere(request: Request) -> Request {
        Request {
            play: Play::Misere,
            ..request
        }
    }

    fn answer(game: Game<'_>, request: &Request, control: &Control) -> Result<Answer, Failure> {
        let mut out = Vec::new();
        let answer = answer_to(game, request, &mut out, control, None)?;
        Ok(Answer {
            text: String::from_utf8_lossy(&out).into_owned(),
            ..answer
        })
    }

    fn kayles() -> Source {
        Source::new("<code>", b"0.77".to_vec())
    }

    #[test]
    fn a_query_says_who_wins_and_how() {
        let query = Source::new("<query>", b"1 1".to_vec());
        let request = Request {
            query: Some(query),
            ..Request::default()
        };
        // Two single pins: take one, leaving the opponent the last.
        let answer = answer(Game::Code(&kayles()), &misere(request), &Control::new()).expect("answered");
        assert_eq!(answer.text, "WIN\nheap 1 (1 tokens): take 1, leave nothing\n");
    }

    #[test]
    fn too_many_heaps_are_refused_naming_the_bound() {
        let request = Request {
            heaps: Some(MAX_HEAPS + 1),
            ..Request::default()
        };
        let Err(failure) = answer(Game::Code(&kayles()), &misere(request), &Control::new()) else {
            panic!("not refused");
        };
        assert_eq!(failure.exit_code(), 2);
        let Failure::Invalid { problems, .. } = failure else {
            panic!("not invalid");
        };
        assert!(
            problems[0].to_string().starts_with("error: --heaps 10001: "),
            "{}",
            problems[0]
        );
    }

    #[test]
    fn a_cancelled_control_stops_with_exit_1() {
        let control = Control::new();
        control.cancel();
        let result = answer(Game::Code(&kayles()), &misere(Request::default()), &control);
        let Err(failure) = result else {
            panic!("not stopped")
        };
        assert!(matches!(failure, Failure::Stopped(_)));
        assert_eq!(failure.exit_code(), 1);
    }
}

//! Octal games under misère play: the misère quotient of heaps `0..=N` and the answer to a
//! sum of heaps, as text or JSON.

pub use tabletop_octal::MisereQuotient;
use tabletop_octal::{MisereBudget, MisereError, MisereSolver, OctalCode};
use tabletop_render::octal::Query;

use crate::octal::{read_game, read_heaps, Game};
use crate::{Answer, Control, Failure, Problem, Source, Tick};

/// Heaps included when neither the request nor the game text says.
pub const DEFAULT_HEAPS: u64 = 8;
/// The largest heap a misère request may include (each heap costs a pass over its moves,
/// and the quotients this method reaches are proven far below it).
pub const MAX_HEAPS: u64 = 10_000;
/// The stage of the ticks a misère computation gives its [`Control`]: heaps included.
pub const TICK_STAGE: &str = "misère heaps";

/// A misère request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Request {
    /// The largest heap N (default: the game text's number, else [`DEFAULT_HEAPS`]).
    pub heaps: Option<u64>,
    /// Also prove the period of the pretending function.
    pub period: bool,
    /// JSON instead of text.
    pub json: bool,
    /// The heap sizes of a sum (text such as `3 5 7`): its misère outcome and a winning move.
    pub query: Option<Source>,
}

/// The misère quotient of heaps `0..=heaps` of `code`, typed, stopping when `control`
/// says so.
///
/// # Errors
/// [`Failure::Invalid`] past [`MAX_HEAPS`] or when the quotient grows past its budget
/// (naming the heap), [`Failure::Stopped`] when stopped.
pub fn quotient(code: &OctalCode, heaps: u64, control: &Control) -> Result<MisereQuotient, Failure> {
    let refuse = |message: String| Failure::invalid(Problem::unlocated(&format!("--heaps {heaps}"), message));
    if heaps > MAX_HEAPS {
        return Err(refuse(format!(
            "misère quotients are computed for heaps up to {MAX_HEAPS}; ask for fewer heaps"
        )));
    }
    let mut solver = MisereSolver::new(code, MisereBudget::default());
    while (solver.largest_heap() as u64) < heaps {
        let tick = Tick::new(TICK_STAGE, solver.largest_heap() as u64 + 1, Some(heaps + 1));
        control.tick(tick).map_err(|stopped| {
            Failure::Stopped(format!(
                "error: {stopped} after heaps 0..={}\n",
                solver.largest_heap()
            ))
        })?;
        solver.extend(control).map_err(|error| match error {
            MisereError::Stopped(stopped) => Failure::Stopped(format!(
                "error: {stopped} after heaps 0..={}\n",
                solver.largest_heap()
            )),
            other => refuse(other.to_string()),
        })?;
    }
    Ok(solver.into_quotient())
}

/// Computes what `request` asks of `game` under misère play: the quotient's text or JSON
/// object, or a query's `WIN`/`LOSE` and winning move.
///
/// # Errors
/// [`Failure::Invalid`] for a bad code, game text or query, or a quotient past its budget;
/// [`Failure::Stopped`] when `control` says stop.
pub fn answer(game: Game<'_>, request: &Request, control: &Control) -> Result<Answer, Failure> {
    let (code, file_heaps, notes) = read_game(game)?;
    let query = match &request.query {
        Some(source) => Some(read_heaps(source)?),
        None => None,
    };
    let asked = request.heaps.or(file_heaps).unwrap_or(DEFAULT_HEAPS);
    // A query's heaps are always included.
    let n = asked.max(query.iter().flatten().copied().max().unwrap_or(0));
    let quotient = quotient(&code, n, control)?;
    let period = request.period.then(|| quotient.period(&code));
    let query = match (&query, &request.query) {
        (Some(heaps), Some(source)) => {
            let located = |e: tabletop_octal::QueryError| Failure::invalid(source.whole(e.to_string()));
            Some(Query {
                outcome: quotient.outcome(heaps).map_err(located)?,
                best: quotient.winning_move(&code, heaps).map_err(located)?,
            })
        }
        _ => None,
    };
    let text = tabletop_render::to_string(|out| match (&query, request.json) {
        (_, true) => tabletop_render::misere::write_json(out, &code, &quotient, period, query.as_ref()),
        (Some(query), false) => tabletop_render::octal::write_query(out, query),
        (None, false) => tabletop_render::misere::write_text(out, &code, &quotient, period),
    });
    Ok(Answer {
        text,
        picture: None,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let answer = answer(Game::Code(&kayles()), &request, &Control::new()).expect("answered");
        assert_eq!(answer.text, "WIN\nheap 1 (1 tokens): take 1, leave nothing\n");
    }

    #[test]
    fn too_many_heaps_are_refused_naming_the_bound() {
        let request = Request {
            heaps: Some(MAX_HEAPS + 1),
            ..Request::default()
        };
        let Err(failure) = answer(Game::Code(&kayles()), &request, &Control::new()) else {
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
        let result = answer(Game::Code(&kayles()), &Request::default(), &control);
        let Err(failure) = result else {
            panic!("not stopped")
        };
        assert!(matches!(failure, Failure::Stopped(_)));
        assert_eq!(failure.exit_code(), 1);
    }
}

//! Typed answers for pages: what a front end that draws its own view (the playground) needs,
//! computed once, as numbers rather than rendered text to be read back.

use tabletop_octal::{Computation, HeapMove, OctalCode, Options, Period, Tally};
use tabletop_render::octal::write_tally;

use crate::{octal, Control, Failure, Source, Tick};

/// Heaps the octal engine is given at a time between two looks at the stop flag.
const OCTAL_ROUND: usize = 256;

/// An octal code's values as a page shows them, with the published tables' numbers and a
/// sum's outcome.
#[derive(Debug, Clone)]
pub struct OctalView {
    /// The code read.
    pub code: OctalCode,
    /// The largest heap N (grown to the query's largest heap, as the command line does).
    pub heaps: u64,
    /// `G(0..=N)`.
    pub values: Vec<u32>,
    /// The period found within `G(0..=N)`, if any.
    pub period: Option<Period>,
    /// The tables' numbers of `G(0..=N)` (`tabletop octal --stats`).
    pub tally: Tally,
    /// How the values were computed, in words.
    pub method: String,
    /// The `--stats` lines of the tally, as the command line writes them (without the
    /// timing line, which differs from run to run).
    pub tally_lines: Vec<String>,
    /// The query's heaps, its outcome and a winning move, when a query was given.
    pub query: Option<QueryView>,
}

/// A sum of heaps: its outcome and a winning move, if there is one.
#[derive(Debug, Clone)]
pub struct QueryView {
    /// The heap sizes.
    pub heaps: Vec<u64>,
    /// Who wins with best play.
    pub outcome: octal::Outcome,
    /// A winning move, `None` when the player to move loses.
    pub best: Option<HeapMove>,
}

/// The work an octal request for heaps `0..=n` costs, in moves looked at: each digit
/// that allows a move without a split is one move per heap; each split of a heap of `h` tokens is about `h / 2` moves (a sum over
/// the heaps of about `n² / 4`). An upper bound: the sparse-space engine looks at far
/// fewer splits for most codes.
pub fn octal_work(code: &OctalCode, n: u64) -> u128 {
    let n = u128::from(n);
    code.digits()
        .iter()
        .map(|&digit| match digit {
            0 => 0,
            split if split & 4 != 0 => n * n / 4 + n,
            _ => n,
        })
        .sum()
}

/// The values of `code` up to heap `heaps` (grown to the query's largest), the period, the
/// tally and the query's answer, computed once; the work ticks `control` between rounds of
/// a few hundred heaps and stops there once it says so.
///
/// # Errors
/// [`Failure::Invalid`] for a bad query or values beyond [`octal::MEMORY_CAP`];
/// [`Failure::Stopped`] once `control` says stop.
pub fn octal_view(
    code: &OctalCode,
    heaps: u64,
    query: Option<&Source>,
    control: &Control,
) -> Result<OctalView, Failure> {
    let asked = match query {
        Some(source) => Some(octal::read_heaps(source)?),
        None => None,
    };
    let n = heaps.max(asked.iter().flatten().copied().max().unwrap_or(0));
    // What needs too much memory is refused before any work, as the command line refuses
    // it, counting the values kept here too.
    octal::check_memory(code, n, std::mem::size_of::<u32>() as u64)?;
    // Within the cap, n is far below usize::MAX.
    let needed = n as usize;
    let mut run = Computation::new(code, needed, Options::default());
    run.set_threads(1);
    while !run.is_done() {
        let tick = Tick::new(octal::TICK_STAGE, run.known() as u64, Some(n.saturating_add(1)));
        control
            .tick(tick)
            .map_err(|stopped| Failure::Stopped(format!("error: {stopped} after G(0..{})", run.known())))?;
        run.advance(OCTAL_ROUND);
    }
    let mut values = Vec::with_capacity(run.known());
    run.copy_values(0, run.known(), &mut values);
    let tally = run.tally();
    let method = tabletop_render::octal::method_used(&run.method_used());
    let tally_lines = tabletop_render::to_string(|out| write_tally(out, &tally, &method))
        .lines()
        .map(str::to_owned)
        .collect();
    let query = match (asked, query) {
        (Some(heaps), Some(source)) => {
            let invalid = |e: octal::QueryError| Failure::invalid(source.whole(e.to_string()));
            let outcome = octal::heaps_outcome(&values, &heaps).map_err(invalid)?;
            let best = code.winning_move(&values, &heaps).map_err(invalid)?;
            Some(QueryView { heaps, outcome, best })
        }
        _ => None,
    };
    Ok(OctalView {
        code: code.clone(),
        heaps: n,
        period: run.period(),
        values,
        tally,
        method,
        tally_lines,
        query,
    })
}

#[cfg(test)]
mod tests {
    use super::{octal_view, octal_work, Control, Failure, OctalCode};

    #[test]
    fn the_work_counts_splits_quadratically_and_takes_linearly() {
        let code = |digits: &[u8]| OctalCode::new(digits).expect("a code");
        // 0.07: one digit that may split.
        assert_eq!(octal_work(&code(&[0, 0, 7]), 100), 100 * 100 / 4 + 100);
        // 0.3: one that never splits.
        assert_eq!(octal_work(&code(&[0, 3]), 100), 100);
    }

    #[test]
    fn a_view_stops_when_told_and_answers_otherwise() {
        let kayles = OctalCode::new(&[0, 7, 7]).expect("a code");
        let cancelled = Control::new();
        cancelled.cancel();
        let stopped = octal_view(&kayles, 1000, None, &cancelled);
        assert!(matches!(stopped, Err(Failure::Stopped(_))), "{stopped:?}");
        let view = octal_view(&kayles, 200, None, &Control::new()).expect("the values");
        assert_eq!(view.values.len(), 201);
        assert_eq!(view.period.map(|p| p.period), Some(12));
    }
}

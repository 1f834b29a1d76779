//! Octal games: the nim-values G(0..=N), the period, the answer to a sum of heaps.

use std::time::Instant;

pub use tabletop_grundy::octal::{
    heaps_outcome, HeapMove, Leave, NimSequence, OctalCode, Period, QueryError,
};
pub use tabletop_grundy::Outcome;
use tabletop_render::octal::{write_json, write_plain, write_stats, Query};

use crate::{Answer, Failure, Problem, Source};

/// Heaps computed when neither the request nor the game text says.
pub const DEFAULT_HEAPS: u64 = 200;
/// The most memory an octal request allows itself (values, working space and output text).
pub const MEMORY_CAP: u64 = 4 << 30;
/// Output bytes per value at most (ten digits and a separator), for the memory estimate.
const TEXT_PER_VALUE: u64 = 11;

/// Where the game comes from.
#[derive(Debug, Clone, Copy)]
pub enum Game<'a> {
    /// The code alone, e.g. `0.77`.
    Code(&'a Source),
    /// A game text: the code, optionally followed by the largest heap.
    Text(&'a Source),
}

/// An octal request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Request {
    /// The largest heap N (default: the game text's number, else [`DEFAULT_HEAPS`]).
    pub heaps: Option<u64>,
    /// Also find the period.
    pub period: bool,
    /// JSON instead of plain lines.
    pub json: bool,
    /// The heap sizes of a sum (text such as `3 5 7`): its outcome and a winning move.
    pub query: Option<Source>,
    /// A note with the time, the values per second and the sparse-space counts.
    pub stats: bool,
}

/// Computes what `request` asks of `game`.
///
/// # Errors
/// [`Failure::Invalid`] for a bad code, game text or query, or when the values would need
/// more than [`MEMORY_CAP`] (refused up front, with the estimate).
pub fn answer(game: Game<'_>, request: &Request) -> Result<Answer, Failure> {
    let (code, file_heaps, mut notes) = read_game(game)?;
    let query = match &request.query {
        Some(source) => Some(
            tabletop_parse::octal::heaps(source.bytes()).map_err(|e| Failure::invalid(source.problem(&e)))?,
        ),
        None => None,
    };
    let asked = request.heaps.or(file_heaps).unwrap_or(DEFAULT_HEAPS);
    // A query's heaps are always computed.
    let n = asked.max(query.iter().flatten().copied().max().unwrap_or(0));
    check_memory(&code, n, TEXT_PER_VALUE)?;
    let started = Instant::now();
    // The cap keeps n far below usize::MAX.
    let sequence = NimSequence::compute(&code, n as usize);
    if request.stats {
        let count = sequence.values().len();
        let line =
            tabletop_render::to_string(|out| write_stats(out, count, sequence.stats(), started.elapsed()));
        notes.push(line.trim_end().to_owned());
    }
    let period = request.period.then(|| sequence.period());
    let values = sequence.values();
    let query = match (&query, &request.query) {
        // Every heap is within the values (they were computed up to the largest).
        (Some(heaps), Some(source)) => Some(
            Query::new(&code, values, heaps).map_err(|e| Failure::invalid(source.whole(e.to_string())))?,
        ),
        _ => None,
    };
    let mut text = String::with_capacity(values.len() * 4 + 100);
    // Writing into a `String` cannot fail.
    let _ = match request.json {
        true => write_json(&mut text, &code, values, period, query.as_ref()),
        false => write_plain(&mut text, values, period, query.as_ref()),
    };
    Ok(Answer {
        text,
        picture: None,
        notes,
    })
}

/// Refuses up front a computation of G(0..=n) that would need more than [`MEMORY_CAP`]
/// (with `per_value` bytes of output per value on top of the working space).
fn check_memory(code: &OctalCode, n: u64, per_value: u64) -> Result<(), Failure> {
    let needed = code
        .memory_estimate(n)
        .and_then(|bytes| bytes.checked_add(n.saturating_add(1).saturating_mul(per_value)))
        .unwrap_or(u64::MAX);
    if needed > MEMORY_CAP {
        return Err(Failure::invalid(Problem::unlocated(
            &format!("--heaps {n}"),
            format!(
                "computing G(0..={n}) needs about {:.1} GiB, more than the {} GiB `tabletop octal` allows itself; ask for fewer heaps",
                needed as f64 / (1u64 << 30) as f64,
                MEMORY_CAP >> 30
            ),
        )));
    }
    Ok(())
}

/// The octal code of `source` (such as `0.77`), for front ends that compute with it.
///
/// # Errors
/// [`Failure::Invalid`] for a text that is not an octal code.
pub fn read_code(source: &Source) -> Result<OctalCode, Failure> {
    tabletop_parse::octal::code(source.bytes()).map_err(|e| Failure::invalid(source.problem(&e)))
}

/// The nim-values G(0..=`heaps`) of `code`, typed (no text), refused up front like
/// [`answer`] when they would need more than [`MEMORY_CAP`].
///
/// # Errors
/// [`Failure::Invalid`] when the values would need more than [`MEMORY_CAP`].
pub fn values(code: &OctalCode, heaps: u64) -> Result<NimSequence, Failure> {
    check_memory(code, heaps, 0)?;
    // The cap keeps heaps far below usize::MAX.
    Ok(NimSequence::compute(code, heaps as usize))
}

/// The heap sizes of a sum, read from `source` (such as `3 5 7`).
///
/// # Errors
/// [`Failure::Invalid`] for a text that is not a list of heap sizes.
pub fn read_heaps(source: &Source) -> Result<Vec<u64>, Failure> {
    tabletop_parse::octal::heaps(source.bytes()).map_err(|e| Failure::invalid(source.problem(&e)))
}

/// The code and the largest heap the game text names.
fn read_game(game: Game<'_>) -> Result<(OctalCode, Option<u64>, Vec<String>), Failure> {
    match game {
        Game::Code(source) => {
            let code = tabletop_parse::octal::code(source.bytes())
                .map_err(|e| Failure::invalid(source.problem(&e)))?;
            Ok((code, None, source.notes()))
        }
        Game::Text(source) => {
            if source.is_blank() {
                return Err(Failure::invalid(
                    source.empty_problem("an octal code such as `0.77`"),
                ));
            }
            let game = tabletop_parse::octal::game(source.bytes())
                .map_err(|e| Failure::invalid(source.problem(&e)))?;
            Ok((game.code.value, game.heaps.map(|h| h.value), source.notes()))
        }
    }
}

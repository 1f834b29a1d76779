//! Octal games: the nim-values G(0..=N), the period, the answer to a sum of heaps.

use std::time::Instant;

use tabletop_grundy::octal::{NimSequence, OctalCode};
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
    let needed = code
        .memory_estimate(n)
        .and_then(|bytes| bytes.checked_add(n.saturating_add(1).saturating_mul(TEXT_PER_VALUE)))
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

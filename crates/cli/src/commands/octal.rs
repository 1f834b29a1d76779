//! `tabletop octal`: the nim-value sequence of an octal game, its period, and sums of heaps.

use std::path::PathBuf;
use std::time::Instant;

use tabletop_grundy::octal::{NimSequence, OctalCode};
use tabletop_render::octal::{write_json, write_plain, write_stats, Query};

use crate::input::{Failure, InputArgs, Source};

/// Heaps computed when neither `--heaps` nor the game text says.
const DEFAULT_HEAPS: u64 = 200;
/// The most memory `tabletop octal` allows itself (values, working space and output text).
const MEMORY_CAP: u64 = 4 << 30;
/// Output bytes per value at most (ten digits and a separator), for the memory estimate.
const TEXT_PER_VALUE: u64 = 11;

/// The nim-values G(0..=N) of an octal game, its period, or a winning move.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "CODE is Conway's notation d0.d1d2d3…: digit dk (0..7) says what may be \
done after removing k tokens from a heap: 1 = take the whole heap, 2 = leave one heap, 4 = \
split the rest into two non-empty heaps (sums of these). The digit before the point is 0, or 4 \
to allow splitting a heap in two without removing anything. Kayles is 0.77, Dawson's Kayles \
0.07, Officers 0.6. See docs/octal.md.\n\
Without CODE, the game is read from --file (or standard input): the code, optionally followed \
by the largest heap.\n\
Output: G(0) … G(N) on one line, separated by single spaces; with --period one more line, \
`period P preperiod I` (proven by the Guy–Smith test) or `no period up to N`. With --query, \
instead of the values: WIN or LOSE for the sum of the heaps, then a winning move.\n\
Memory: up to about 43 bytes per heap; more than 4 GiB is refused up front.\n\
Examples:\n  tabletop octal 0.77 --heaps 200 --period\n  tabletop octal 0.6 --heaps 30 --query \"3 5 7\"\n  \
echo '0.07 500' | tabletop octal --period --json"
)]
pub struct Args {
    /// The octal code, e.g. 0.77; read from --file or standard input when absent.
    #[arg(value_name = "CODE", allow_hyphen_values = false)]
    code: Option<String>,
    /// Read the code (and optionally the largest heap) from this file (`-`: standard input).
    #[arg(long, value_name = "FILE", conflicts_with = "code")]
    file: Option<PathBuf>,
    /// The largest heap N: values G(0..=N) [default: the file's number, else 200].
    #[arg(long, value_name = "N")]
    heaps: Option<u64>,
    /// Also find the period (smallest period, then smallest preperiod).
    #[arg(long)]
    period: bool,
    /// Print JSON: {"code", "heaps", "values", "period"?, "query"?}.
    #[arg(long)]
    json: bool,
    /// Heap sizes of a sum (separated by spaces or commas): print its outcome and a winning move.
    #[arg(long, value_name = "HEAPS")]
    query: Option<String>,
    /// On standard error: time, values per second, the sparse-space mask and the rare and common counts.
    #[arg(long)]
    stats: bool,
}

/// What to compute, read from the arguments and the game text.
struct Request {
    code: OctalCode,
    heaps: u64,
    query: Option<Vec<u64>>,
}

/// Computes and prints, or fails without output.
pub fn run(args: &Args) -> Result<String, Failure> {
    let request = read_request(args)?;
    let n = request.heaps;
    let needed = request
        .code
        .memory_estimate(n)
        .and_then(|bytes| bytes.checked_add(n.saturating_add(1).saturating_mul(TEXT_PER_VALUE)))
        .unwrap_or(u64::MAX);
    if needed > MEMORY_CAP {
        return Err(Failure::Input(format!(
            "error: --heaps {n}: computing G(0..={n}) needs about {:.1} GiB, more than the {} GiB \
             `tabletop octal` allows itself; ask for fewer heaps",
            needed as f64 / (1u64 << 30) as f64,
            MEMORY_CAP >> 30
        )));
    }
    // The cap keeps n far below usize::MAX.
    let started = Instant::now();
    let sequence = NimSequence::compute(&request.code, n as usize);
    if args.stats {
        let count = sequence.values().len();
        let line =
            tabletop_render::to_string(|out| write_stats(out, count, sequence.stats(), started.elapsed()));
        eprint!("{line}");
    }
    let period = args.period.then(|| sequence.period());
    let values = sequence.values();
    let query = match &request.query {
        // Every heap is within the values (they were computed up to the largest).
        Some(heaps) => Some(
            Query::new(&request.code, values, heaps)
                .map_err(|e| Failure::Input(format!("error: <query>: {e}")))?,
        ),
        None => None,
    };
    let mut out = String::with_capacity(values.len() * 4 + 100);
    // Writing into a `String` cannot fail.
    let _ = if args.json {
        write_json(&mut out, &request.code, values, period, query.as_ref())
    } else {
        write_plain(&mut out, values, period, query.as_ref())
    };
    Ok(out)
}

/// The code, the largest heap and the query, from the arguments or the game text.
fn read_request(args: &Args) -> Result<Request, Failure> {
    let (code, file_heaps) = match &args.code {
        Some(text) => {
            let source = Source {
                name: "<code>".into(),
                bytes: text.as_bytes().to_vec(),
            };
            let code = tabletop_parse::octal::code(&source.bytes).map_err(|e| source.error(&e))?;
            (code, None)
        }
        None => {
            let source = InputArgs {
                file: args.file.clone(),
            }
            .read()?;
            let game = tabletop_parse::octal::game(&source.bytes).map_err(|e| source.error(&e))?;
            (game.code.value, game.heaps.map(|h| h.value))
        }
    };
    let query = match &args.query {
        Some(text) => {
            let source = Source {
                name: "<query>".into(),
                bytes: text.as_bytes().to_vec(),
            };
            Some(tabletop_parse::octal::heaps(&source.bytes).map_err(|e| source.error(&e))?)
        }
        None => None,
    };
    let asked = args.heaps.or(file_heaps).unwrap_or(DEFAULT_HEAPS);
    // A query's heaps are always computed.
    let largest = query.iter().flatten().copied().max().unwrap_or(0);
    Ok(Request {
        code,
        heaps: asked.max(largest),
        query,
    })
}

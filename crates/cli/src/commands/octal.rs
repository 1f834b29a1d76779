//! `tabletop octal`: the nim-value sequence of an octal game, its period, and sums of heaps.

use std::path::PathBuf;

use tabletop_app::octal::{Game, Request};
use tabletop_app::{Answer, Failure, Source};

use crate::input::InputArgs;

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

/// Computes and prints, or fails without output.
pub fn run(args: &Args) -> Result<Answer, Failure> {
    let request = Request {
        heaps: args.heaps,
        period: args.period,
        json: args.json,
        query: args
            .query
            .as_ref()
            .map(|text| Source::new("<query>", text.as_bytes().to_vec())),
        stats: args.stats,
    };
    match &args.code {
        Some(code) => {
            let source = Source::new("<code>", code.as_bytes().to_vec());
            tabletop_app::octal::answer(Game::Code(&source), &request)
        }
        None => {
            let source = InputArgs {
                file: args.file.clone(),
            }
            .read()?;
            tabletop_app::octal::answer(Game::Text(&source), &request)
        }
    }
}

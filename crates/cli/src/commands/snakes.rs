//! `tabletop snakes`: Snakes and Ladders, the fewest throws when you choose every throw.

use tabletop_boards::snakes;
use tabletop_render::snakes::write_fewest_throws;

use super::written;
use crate::input::{Failure, InputArgs};

/// The square the counter starts on.
const START: u64 = 1;

/// Snakes and Ladders: prints, for each board, the fewest throws from square 1 to square N²
/// (-1 if it cannot be reached).
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Input: boards `N S L`, then S snakes `mouth tail` and L ladders `foot top`, until\n\
the end of the input (see docs/rules/snakes.md). N may be up to 4294967295 (N² squares)\n\
and the counts as large as you like.\n\
Output: one line per board, the fewest throws, or -1 if the last square cannot be reached.\n\
Example:\n  printf '6 1 3\\n35 25\\n3 23 5 16 20 33\\n' | tabletop snakes"
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
}

/// Answers every board, or fails without output.
pub fn run(args: &Args) -> Result<String, Failure> {
    let source = args.input.read()?;
    let parsed = tabletop_parse::snakes::parse(&source.bytes).map_err(|e| source.error(&e))?;
    let mut output = String::with_capacity(parsed.boards.len() * 4);
    for board in &parsed.boards {
        let throws = snakes::fewest_throws(&board.value.board, START);
        written(write_fewest_throws(&mut output, throws))?;
    }
    Ok(output)
}

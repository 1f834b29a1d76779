//! `tabletop snakes`: Snakes and Ladders, the fewest throws when you choose every throw.

use std::fmt::Write;

use tabletop_boards::snakes;

use crate::input::{Failure, InputArgs};

/// The square the counter starts on.
const START: u64 = 1;

/// Snakes and Ladders: prints, for each board, the fewest throws from square 1 to square N²
/// (-1 if it cannot be reached).
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Input: boards `N S L`, then S snakes `mouth tail` and L ladders `foot top`, \
until the end of the input (see shared/spec/snakes.md). N may be up to 4294967295 \
(N² squares) and the counts as large as you like.\n\
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
        match snakes::fewest_throws(&board.value.board, START) {
            Some(throws) => writeln!(output, "{throws}"),
            None => writeln!(output, "-1"),
        }
        .map_err(|e| Failure::Io(format!("error: formatting the output: {e}")))?;
    }
    Ok(output)
}

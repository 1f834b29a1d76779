//! `tabletop chutes`: UVa 647.

use std::fmt::Write;

use tabletop_boards::chutes;
use tabletop_parse::ParseError;

use crate::input::{Failure, InputArgs};

/// Chutes and Ladders with a fixed throw list: prints the winner of each game.
#[derive(Debug, clap::Args)]
#[command(after_help = "Input: the UVa 647 judge format (see shared/spec/chutes.md).\n\
Example:\n  printf '3 6 3 2 5 1 0\\n2\\n6 95\\n0 0\\n0\\n0\\n' | tabletop chutes")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
}

/// Answers every game, or fails without output.
pub fn run(args: &Args) -> Result<String, Failure> {
    let source = args.input.read()?;
    let parsed = tabletop_parse::chutes::parse(&source.bytes).map_err(|e| source.error(&e))?;
    let mut output = String::new();
    for (number, game) in parsed.games.iter().enumerate() {
        let outcome = chutes::play(&game.value.board, game.value.players, &parsed.throws).map_err(|e| {
            let message = format!("game {} (it starts here): {e}", number + 1);
            source.error(&ParseError::new(game.span.clone(), message))
        })?;
        let _ = writeln!(output, "{}", outcome.winner);
    }
    Ok(output)
}

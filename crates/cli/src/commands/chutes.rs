//! `tabletop chutes`: UVa 647, and with `--odds` each seat's chance to win with a fair die.

use tabletop_boards::chutes;
use tabletop_boards::odds::{Odds, Rules};
use tabletop_parse::ParseError;
use tabletop_render::chutes::{write_win_probabilities, write_winner};

use super::written;
use crate::input::{Failure, InputArgs};

/// Chutes and Ladders with a fixed throw list: prints the winner of each game.
#[derive(Debug, clap::Args)]
#[command(after_help = "Input: the UVa 647 judge format (see docs/rules/chutes.md).\n\
Output: one line per game, the number of the player who wins it.\n\
Example:\n  printf '3 6 3 2 5 1 0\\n2\\n6 95\\n0 0\\n0\\n0\\n' | tabletop chutes\n\n\
With --odds the throw list is not used: for every game, one line with each player's\n\
probability of winning on that game's board with a fair six-sided die (seat 1 first,\n\
separated by single spaces, each the shortest decimal that reads back as the same f64),\n\
under the same rules (start on 0, goal 100, a throw past 100 is lost, miss-a-turn and\n\
extra-turn squares). The neglected tail of every probability is below 1e-18.\n\
Example: for the sample input, `tabletop chutes --odds` prints two lines of two numbers.")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Print each player's exact chance to win (fair die) instead of the winner.
    #[arg(long)]
    odds: bool,
}

/// Answers every game, or fails without output.
pub fn run(args: &Args) -> Result<String, Failure> {
    let source = args.input.read()?;
    let parsed = tabletop_parse::chutes::parse(&source.bytes).map_err(|e| source.error(&e))?;
    let mut output = String::new();
    for (number, game) in parsed.games.iter().enumerate() {
        let located = |e: &dyn std::fmt::Display| {
            let message = format!("game {} (it starts here): {e}", number + 1);
            source.error(&ParseError::new(game.span.clone(), message))
        };
        if args.odds {
            let race = Odds::new(&game.value.board, &Rules::default())
                .and_then(|odds| odds.race(game.value.players))
                .map_err(|e| located(&e))?;
            written(write_win_probabilities(&mut output, &race.win_probability))?;
        } else {
            let outcome = chutes::play(&game.value.board, game.value.players, &parsed.throws)
                .map_err(|e| located(&e))?;
            written(write_winner(&mut output, &outcome))?;
        }
    }
    Ok(output)
}

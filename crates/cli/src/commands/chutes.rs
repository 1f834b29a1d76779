//! `tabletop chutes`: UVa 647, and with `--odds` each seat's chance to win with a fair die.

use std::io::Write as _;

use tabletop_boards::chutes;
use tabletop_boards::odds::{Odds, Rules};
use tabletop_parse::ParseError;
use tabletop_render::chutes::{write_win_probabilities, write_winner};
use tabletop_render::chutes_trace::write_trace;
use tabletop_render::json::write_chutes;

use super::written;
use crate::input::{Failure, InputArgs, Source};

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
Example: for the sample input, `tabletop chutes --odds` prints two lines of two numbers.\n\n\
--json: one JSON object per game (see docs/json.md): the winner (1-based), the turns\n\
played (skipped turns included), the throws used and where every counter ends, seat 1\n\
first:\n  {\"winner\": 2, \"turns\": 14, \"throws_used\": 23, \"squares\": [57, 100]}\n\
--trace: each game turn by turn on stderr (stdout is unchanged).")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Print each player's exact chance to win (fair die) instead of the winner.
    #[arg(long)]
    odds: bool,
    /// Print one JSON object per game: winner, turns, throws used, final squares.
    #[arg(long, conflicts_with = "odds")]
    json: bool,
    /// Also write each game turn by turn to stderr (stdout is unchanged).
    #[arg(long, conflicts_with = "odds")]
    trace: bool,
}

/// Answers every game, or fails without output.
pub fn run(args: &Args) -> Result<String, Failure> {
    let source = args.input.read()?;
    let parsed = tabletop_parse::chutes::parse(&source.bytes).map_err(|e| source.error(&e))?;
    let mut output = String::new();
    let mut trace = String::new();
    let result = answer(args, &source, &parsed, &mut output, &mut trace);
    if args.trace {
        // A closed stderr is no reason to lose the answer.
        let _ = std::io::stderr().lock().write_all(trace.as_bytes());
    }
    result.map(|()| output)
}

/// Every game's answer into `output` (and its trace into `trace` with `--trace`, up to the
/// first game that fails).
fn answer(
    args: &Args,
    source: &Source,
    parsed: &tabletop_parse::chutes::ChutesInput,
    output: &mut String,
    trace: &mut String,
) -> Result<(), Failure> {
    for (number, game) in parsed.games.iter().enumerate() {
        let located = |e: &dyn std::fmt::Display| {
            let message = format!("game {} (it starts here): {e}", number + 1);
            source.error(&ParseError::new(game.span.clone(), message))
        };
        if args.odds {
            let race = Odds::new(&game.value.board, &Rules::default())
                .and_then(|odds| odds.distribution())
                .and_then(|distribution| distribution.race(game.value.players))
                .map_err(|e| located(&e))?;
            written(write_win_probabilities(output, &race.win_probability))?;
        } else if args.json || args.trace {
            let (board, players) = (&game.value.board, game.value.players);
            let mut events = Vec::new();
            let outcome = chutes::play_logged(board, players, &parsed.throws, &mut events);
            if args.trace {
                written(write_trace(trace, number + 1, players, &events))?;
            }
            let outcome = outcome.map_err(|e| located(&e))?;
            match args.json {
                true => written(write_chutes(output, &outcome, players, &events))?,
                false => written(write_winner(output, &outcome))?,
            }
        } else {
            let outcome = chutes::play(&game.value.board, game.value.players, &parsed.throws)
                .map_err(|e| located(&e))?;
            written(write_winner(output, &outcome))?;
        }
    }
    Ok(())
}

//! `tabletop chutes`: UVa 647, and with `--odds` each seat's chance to win with a fair die.

use std::io::Write as _;

use tabletop_boards::chutes;
use tabletop_odds::{Odds, Rules};
use tabletop_parse::chutes::ChutesGame;
use tabletop_parse::{ParseError, Spanned};
use tabletop_render::chutes::{write_win_probabilities, write_winner};
use tabletop_render::chutes_trace::write_trace;
use tabletop_render::json::write_chutes;

use super::{written, KeepGoing, Problems};
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
    #[command(flatten)]
    keep_going: KeepGoing,
    /// Print each player's exact chance to win with a fair die.
    #[arg(long)]
    odds: bool,
    /// One JSON object per game: winner, turns, throws used, squares.
    #[arg(long, conflicts_with = "odds")]
    json: bool,
    /// Also write each game turn by turn to stderr (stdout is unchanged).
    #[arg(long, conflicts_with = "odds")]
    trace: bool,
}

/// Answers every game, or fails without output.
pub fn run(args: &Args) -> Result<String, Failure> {
    let source = args.input.read()?;
    // Without --keep-going the whole input is checked before any game is played, so a syntax
    // error anywhere wins over a game that cannot be finished.
    let (throws, games): (Vec<u8>, Vec<_>) = if args.keep_going.keep_going {
        let cases = tabletop_parse::chutes::cases(&source.bytes).map_err(|e| source.error(&e))?;
        let cases = cases.keep_going();
        (cases.throws().to_vec(), cases.collect())
    } else {
        let parsed = tabletop_parse::chutes::parse(&source.bytes).map_err(|e| source.error(&e))?;
        (parsed.throws, parsed.games.into_iter().map(Ok).collect())
    };
    let mut problems = Problems::new(args.keep_going);
    let mut output = String::new();
    let mut trace = String::new();
    let mut result = Ok(());
    for (number, game) in (1..).zip(games) {
        let answered = match game {
            Ok(game) => answer(args, &source, number, &game, &throws, &mut output, &mut trace),
            Err(error) => Err(source.error(&error)),
        };
        result = problems.case(answered);
        if result.is_err() {
            break;
        }
    }
    if args.trace {
        // A closed stderr is no reason to lose the answer.
        let _ = std::io::stderr().lock().write_all(trace.as_bytes());
    }
    result.and_then(|()| problems.finish(output))
}

/// Answers game `number` (from 1), or says why it cannot be answered.
fn answer(
    args: &Args,
    source: &Source,
    number: usize,
    game: &Spanned<ChutesGame>,
    throws: &[u8],
    output: &mut String,
    trace: &mut String,
) -> Result<(), Failure> {
    let located = |e: &dyn std::fmt::Display| {
        let message = format!("game {number} (it starts here): {e}");
        source.error(&ParseError::new(game.span.clone(), message))
    };
    let (board, players) = (&game.value.board, game.value.players);
    if args.odds {
        let race = Odds::new(board, &Rules::default())
            .and_then(|odds| odds.race(players))
            .map_err(|e| located(&e))?;
        written(write_win_probabilities(output, &race.win_probability))
    } else if args.json || args.trace {
        let mut events = Vec::new();
        let outcome = chutes::play_logged(board, players, throws, &mut events);
        if args.trace {
            written(write_trace(trace, number, players, &events))?;
        }
        let outcome = outcome.map_err(|e| located(&e))?;
        match args.json {
            true => written(write_chutes(output, &outcome, players, &events)),
            false => written(write_winner(output, &outcome)),
        }
    } else {
        let outcome = chutes::play(board, players, throws).map_err(|e| located(&e))?;
        written(write_winner(output, &outcome))
    }
}

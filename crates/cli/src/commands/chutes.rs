//! `tabletop chutes`: UVa 647, and with `--odds` each seat's chance to win with a fair die.

use tabletop_app::chutes::{Form, Request};
use tabletop_app::{Answer, Failure};

use super::{trace_to_stderr, KeepGoing};
use crate::input::InputArgs;

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
first:\n  {\"winner\":2,\"turns\":14,\"throws_used\":23,\"squares\":[57,100]}\n\
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
pub fn run(args: &Args) -> Result<Answer, Failure> {
    let source = args.input.read()?;
    let form = match (args.odds, args.json) {
        (true, _) => Form::Odds,
        (false, true) => Form::Json,
        (false, false) => Form::Winners,
    };
    let request = Request {
        form,
        keep_going: args.keep_going.keep_going,
    };
    let mut stderr = trace_to_stderr(args.trace);
    tabletop_app::chutes::answer(
        &source,
        &request,
        stderr.as_mut().map(|s| s as &mut dyn std::io::Write),
    )
}

//! `tabletop pigs`: 猪国杀 (BZOJ 1972 / SDOI 2010 / Luogu P2482).

use tabletop_app::pigs::Request;
use tabletop_app::{Answer, Failure};

use super::trace_to_stderr;
use crate::input::InputArgs;

/// 猪国杀: simulates the game and prints the winner and every pig's final hand.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Input: the judge format (see docs/rules/pigs.md): `n m`, n lines `ROLE c1 c2 c3 c4`,\n\
then the deck.\n\
Output: the winner (`MP` or `FP`), then one line per pig: `DEAD`, or its hand.\n\
A game that can never end is reported as an error (exit 2).\n\
--json: one JSON object (see docs/json.md): the winner, the turns played and every pig's\n\
final state in seat order: role, dead, hp, equipped (a Z), jumped (revealed), hand (null\n\
when dead):\n  {\"winner\":\"FP\",\"turns\":12,\"pigs\":[{\"role\":\"MP\",\"dead\":true,\"hp\":0,...},...]}\n\
Example:\n  printf '2 1\\nMP P P P P\\nFP K K K K\\nW\\n' | tabletop pigs --trace"
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Accepted; an input is one game, so a bad one stays an error
    #[arg(long)]
    keep_going: bool,
    /// Also write a turn-by-turn account to stderr (stdout is unchanged).
    #[arg(long)]
    trace: bool,
    /// Print the outcome as one JSON object: winner, turns, every pig's state.
    #[arg(long)]
    json: bool,
}

/// Plays the game, or fails without output.
pub fn run(args: &Args) -> Result<Answer, Failure> {
    let source = args.input.read()?;
    let request = Request { json: args.json };
    let mut stderr = trace_to_stderr(args.trace);
    tabletop_app::pigs::answer(
        &source,
        &request,
        stderr.as_mut().map(|s| s as &mut dyn std::io::Write),
    )
}

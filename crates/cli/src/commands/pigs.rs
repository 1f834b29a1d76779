//! `tabletop pigs`: 猪国杀 (BZOJ 1972 / SDOI 2010 / Luogu P2482).

use std::io::Write as _;

use tabletop_parse::ParseError;
use tabletop_pigs::{Game, Role};
use tabletop_render::json::write_pigs;
use tabletop_render::pigs::{write_ending, write_trace};

use super::written;
use crate::input::{Failure, InputArgs};

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
pub fn run(args: &Args) -> Result<String, Failure> {
    let source = args.input.read()?;
    let parsed = tabletop_parse::pigs::parse(&source.bytes).map_err(|e| source.error(&e))?;
    let mut game = Game::new(&parsed.setup)
        .map_err(|e| source.error(&ParseError::new(parsed.header.clone(), e.to_string())))?;
    if args.trace {
        game.record_events();
    }
    let result = game.run();
    if args.trace {
        let roles: Vec<Role> = game.pigs().iter().map(|pig| pig.role).collect();
        let stderr = std::io::BufWriter::new(std::io::stderr().lock());
        // A closed stderr is no reason to lose the answer.
        let _ = tabletop_render::write_io(stderr, |out| write_trace(out, &roles, game.events()))
            .and_then(|mut stderr| stderr.flush());
    }
    match result {
        Ok(_) => {
            let mut output = String::new();
            if let Some(outcome) = game.ending() {
                match args.json {
                    true => written(write_pigs(&mut output, &outcome))?,
                    false => written(write_ending(&mut output, &outcome))?,
                }
            }
            Ok(output)
        }
        Err(never) => {
            let message = format!(
                "{never} (the repeated card is here; stopped after {} turns)",
                game.turns()
            );
            Err(source.error(&ParseError::new(parsed.last_card.clone(), message)))
        }
    }
}

//! `tabletop snakes`: Snakes and Ladders, the fewest throws when you choose every throw.

use std::path::PathBuf;

use tabletop_app::snakes::Request;
use tabletop_app::{Answer, Failure};

use super::{case_number, Jobs, KeepGoing};
use crate::input::{write_file, InputArgs};

/// Snakes and Ladders: prints, for each board, the fewest throws from square 1 to square N²
/// (-1 if it cannot be reached).
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Input: boards `N S L`, then S snakes `mouth tail` and L ladders `foot top`, until\n\
the end of the input (see docs/rules/snakes.md). N may be up to 4294967295 (N² squares)\n\
and the counts as large as you like.\n\
Output: one line per board, the fewest throws, or -1 if the last square cannot be reached.\n\
--json: one JSON object per board (see docs/json.md): the count and one optimal line of\n\
play, e.g.\n  {\"throws\":3,\"path\":[{\"throw\":4,\"land\":5,\"to\":16},...]}\n\
`land` is the square a throw reaches, `to` where the counter ends after the jump there;\n\
`\"repeat\": k` (after `throw`) means k equal throws in a row, the first k-1 on squares\n\
without a jump. Unreachable: {\"throws\":null,\"path\":null}; N = 1:\n\
{\"throws\":0,\"path\":[]}.\n\
--case K: only board K (the first is 1); the whole input is still checked.\n\
--svg SVG: also draw board K (--case K, default 1) and one optimal line of play into\n\
SVG (N x N squares numbered from the bottom left; ladders green, snakes red, throws in\n\
blue circles; boards over 100 x 100 get a picture that says so, and a note on stderr).\n\
Example:\n  printf '6 1 3\\n35 25\\n3 23 5 16 20 33\\n' | tabletop snakes --json"
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    keep_going: KeepGoing,
    #[command(flatten)]
    jobs: Jobs,
    /// Print one JSON object per board: the fewest throws and an optimal path.
    #[arg(long)]
    json: bool,
    /// Also draw a board and one optimal line of play into the file SVG.
    #[arg(long, value_name = "SVG")]
    svg: Option<PathBuf>,
    /// Only board K (1-based, also drawn by --svg); the rest is still checked.
    #[arg(long, value_name = "K", value_parser = case_number)]
    case: Option<usize>,
}

/// Answers every board (and draws one), or fails without output.
pub fn run(args: &Args) -> Result<Answer, Failure> {
    let source = args.input.read()?;
    let request = Request {
        json: args.json,
        keep_going: args.keep_going.keep_going,
        jobs: args.jobs.jobs,
        case: args.case,
        draw: args.svg.is_some(),
    };
    let mut answer = tabletop_app::snakes::answer(&source, &request)?;
    if let (Some(path), Some(picture)) = (&args.svg, answer.picture.take()) {
        write_file(path, &picture)?;
    }
    Ok(answer)
}

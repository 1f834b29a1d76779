//! `tabletop snakes`: Snakes and Ladders, the fewest throws when you choose every throw.

use std::io::Write as _;
use std::path::PathBuf;

use tabletop_boards::{line, snakes};
use tabletop_parse::snakes::SnakesBoard;
use tabletop_parse::Spanned;
use tabletop_render::board_svg::{write_board_svg, MAX_SIDE};
use tabletop_render::json::write_snakes;
use tabletop_render::snakes::write_fewest_throws;

use super::grundy::case_number;
use super::{written, KeepGoing, Problems};
use crate::input::{Failure, InputArgs, Source};

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
--json: one JSON object per board (see docs/json.md): the count and one optimal line of\n\
play, e.g.\n  {\"throws\": 3, \"path\": [{\"throw\": 4, \"land\": 5, \"to\": 16}, ...]}\n\
`land` is the square a throw reaches, `to` where the counter ends after the jump there;\n\
`\"repeat\": k` (after `throw`) means k equal throws in a row, the first k-1 on squares\n\
without a jump. Unreachable: {\"throws\": null, \"path\": null}; N = 1:\n\
{\"throws\": 0, \"path\": []}.\n\
--svg FILE: also draw board K (--case K, default 1) and one optimal line of play into\n\
FILE (N x N squares numbered from the bottom left; ladders green, snakes red, throws in\n\
blue circles; boards over 100 x 100 get a picture that says so, and a note on stderr).\n\
Example:\n  printf '6 1 3\\n35 25\\n3 23 5 16 20 33\\n' | tabletop snakes --json"
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    keep_going: KeepGoing,
    /// Print one JSON object per board: the fewest throws and an optimal path.
    #[arg(long)]
    json: bool,
    /// Also draw a board and one optimal line of play into FILE, in SVG.
    #[arg(long, value_name = "FILE", conflicts_with = "keep_going")]
    svg: Option<PathBuf>,
    /// The board --svg draws (1-based; default 1).
    #[arg(long, value_name = "K", requires = "svg", value_parser = case_number)]
    case: Option<usize>,
}

/// Answers every board, or fails without output.
pub fn run(args: &Args) -> Result<String, Failure> {
    let source = args.input.read()?;
    if let Some(file) = &args.svg {
        let parsed = tabletop_parse::snakes::parse(&source.bytes).map_err(|e| source.error(&e))?;
        let mut output = String::new();
        for board in &parsed.boards {
            answer(args, board, &mut output)?;
        }
        draw(&source, &parsed, args.case.unwrap_or(1), file)?;
        return Ok(output);
    }
    let cases = tabletop_parse::snakes::cases(&source.bytes);
    let cases = if args.keep_going.keep_going {
        cases.keep_going()
    } else {
        cases
    };
    let mut problems = Problems::new(args.keep_going);
    let mut output = String::new();
    for board in cases {
        let answered = match board {
            Ok(board) => answer(args, &board, &mut output),
            Err(error) => Err(source.error(&error)),
        };
        problems.case(answered)?;
    }
    problems.finish(output)
}

/// The answer line of `board`.
fn answer(args: &Args, board: &Spanned<SnakesBoard>, output: &mut String) -> Result<(), Failure> {
    if args.json {
        let line = line::optimal_line(&board.value.board, START);
        written(write_snakes(output, line.as_ref()))
    } else {
        let throws = snakes::fewest_throws(&board.value.board, START);
        written(write_fewest_throws(output, throws))
    }
}

fn draw(
    source: &Source,
    parsed: &tabletop_parse::snakes::SnakesInput,
    k: usize,
    file: &PathBuf,
) -> Result<(), Failure> {
    let count = parsed.boards.len();
    let Some(board) = k.checked_sub(1).and_then(|i| parsed.boards.get(i)) else {
        let boards = if count == 1 { "board" } else { "boards" };
        return Err(Failure::Input(format!(
            "error: {}: --case {k} is out of range: the input has {count} {boards}",
            source.name
        )));
    };
    let (side, board) = (board.value.n, &board.value.board);
    let line = if side <= MAX_SIDE {
        line::optimal_line(board, START)
    } else {
        let note = format!(
            "note: board {k} is {side} x {side}, too large to draw (at most {MAX_SIDE} x {MAX_SIDE}); {} says so\n",
            file.display()
        );
        let _ = std::io::stderr().lock().write_all(note.as_bytes());
        None
    };
    let svg = tabletop_render::to_string(|out| write_board_svg(out, side, board, line.as_ref()));
    std::fs::write(file, svg).map_err(|e| Failure::Io(format!("error: {}: {e}", file.display())))
}

//! `tabletop grundy`: POJ 2425, sums of games on a directed graph, with or without cycles.

use std::path::PathBuf;

use tabletop_app::grundy::{Form, Request, Spelling};
use tabletop_app::{Answer, Failure};

use super::{case_number, Jobs, KeepGoing};
use crate::input::{write_file, InputArgs};

/// Sums of games on a directed graph: WIN, LOSE or DRAW per query.
#[derive(Debug, clap::Args)]
#[command(
    group(clap::ArgGroup::new("shown").args(["values", "dot"]).multiple(true)),
    after_help = "Input: the POJ 2425 judge format (see docs/rules/grundy.md): test cases until the\n\
end of the input, each N, then N lines `X_i s_1 .. s_X`, then queries `M p_1 .. p_M`, one\n\
per line, ended by `0`. Graphs may have cycles.\n\
Output: one line per query: `WIN` if the player to move wins, `LOSE` if they lose, `DRAW`\n\
if play goes on forever with perfect play (only possible with cycles).\n\
--values: one line per test case, the generalized Sprague-Grundy values of positions\n\
0..N-1 separated by spaces: a number, or `∞(K)` (`inf(K)` with --ascii) where K lists\n\
the finite values among the position's successors, e.g. `∞(0,2)` or `∞()`.\n\
--dot: one Graphviz digraph for the whole input with one cluster per test case\n\
(`subgraph cluster_K`, nodes `cK_P`), each position labelled `P: value` (infinite values\n\
dashed), so that `tabletop grundy --dot FILE | dot -Tsvg` draws every test case at once.\n\
--moves (with --dot): each WIN query's winning move is a red edge labelled with the\n\
query numbers (`q1,3`).\n\
--json: one JSON object per query (see docs/json.md), the outcome and the move to play,\n\
e.g.\n  {\"outcome\":\"WIN\",\"move\":{\"piece\":2,\"from\":3,\"to\":5}}\n\
(`piece` is 1-based in the query). WIN: the move leads to a LOSE position and, with\n\
cycles, makes progress (always playing the printed moves wins in finitely many moves\n\
whatever the replies); DRAW: a move that keeps the draw; LOSE: \"move\": null.\n\
--case K: only test case K (the first is 1), with or without --values or --dot.\n\
--svg FILE: also draw test case K (--case, else the first) in SVG: positions in layers\n\
with their values and outcomes, each query's pieces and answer, winning moves in red\n\
(`-`: to stdout, instead of the answers).\n\
Example:\n  printf '2\\n1 1\\n1 0\\n1 0\\n0\\n' | tabletop grundy --values"
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    keep_going: KeepGoing,
    #[command(flatten)]
    jobs: Jobs,
    /// Print each test case's values instead of the answers.
    #[arg(long, conflicts_with = "dot")]
    values: bool,
    /// Print the graphs in Graphviz DOT, positions labelled with their values.
    #[arg(long)]
    dot: bool,
    /// Spell infinite values `inf(0,2)` (with --values or --dot).
    #[arg(long, requires = "shown")]
    ascii: bool,
    /// With --dot: draw each WIN query's winning move as a red edge.
    #[arg(long, requires = "dot")]
    moves: bool,
    /// Print one JSON object per query: the outcome and the move to play.
    #[arg(long, conflicts_with_all = ["values", "dot"])]
    json: bool,
    /// Only test case K (1-based); the whole input is still checked.
    #[arg(long, value_name = "K", value_parser = case_number)]
    case: Option<usize>,
    /// Also draw test case K (else the first) as SVG (`-`: to stdout).
    #[arg(long, value_name = "SVG")]
    svg: Option<PathBuf>,
}

/// Answers every query (or the chosen output), or fails without output.
pub fn run(args: &Args) -> Result<Answer, Failure> {
    let spelling = match args.ascii {
        true => Spelling::Ascii,
        false => Spelling::Unicode,
    };
    let form = if args.dot {
        Form::Dot {
            spelling,
            moves: args.moves,
        }
    } else if args.values {
        Form::Values(spelling)
    } else if args.json {
        Form::Json
    } else {
        Form::Outcomes
    };
    let request = Request {
        form,
        case: args.case,
        keep_going: args.keep_going.keep_going,
        jobs: args.jobs.jobs,
    };
    let Some(path) = &args.svg else {
        return tabletop_app::grundy::answer(&mut args.input.open()?, &request);
    };
    // The drawing needs the whole input at once.
    let mut answer = tabletop_app::grundy::answer_drawn(&args.input.read()?, &request)?;
    let picture = answer.picture.take().unwrap_or_default();
    match path.as_os_str() == "-" {
        true => answer.text = picture,
        false => write_file(path, &picture)?,
    }
    Ok(answer)
}

//! `tabletop grundy`: POJ 2425, sums of games on a directed graph, with or without cycles.

use tabletop_grundy::{PieceError, Position, Values};
use tabletop_parse::ParseError;
use tabletop_render::grundy::{write_answer, write_values, Dot, Spelling};

use super::written;
use crate::input::{Failure, InputArgs};

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
--case K: only test case K (the first is 1), with or without --values or --dot.\n\
Example:\n  printf '2\\n1 1\\n1 0\\n1 0\\n0\\n' | tabletop grundy --values"
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Print each test case's values instead of the answers.
    #[arg(long, conflicts_with = "dot")]
    values: bool,
    /// Print the graphs in Graphviz DOT, positions labelled with their values.
    #[arg(long)]
    dot: bool,
    /// Spell infinite values `inf(0,2)`, not `∞(0,2)` (with --values or --dot).
    #[arg(long, requires = "shown")]
    ascii: bool,
    /// Only test case K (1-based); the whole input is still checked.
    #[arg(long, value_name = "K", value_parser = case_number)]
    case: Option<usize>,
}

/// Answers every query (or the chosen output), or fails without output.
pub fn run(args: &Args) -> Result<String, Failure> {
    let source = args.input.read()?;
    let spelling = if args.ascii {
        Spelling::Ascii
    } else {
        Spelling::Unicode
    };
    let mut output = String::new();
    let mut dot = match args.dot {
        true => Some(written(Dot::begin(String::new(), spelling))?),
        false => None,
    };
    // One test case at a time: memory for the largest test case, not for the whole file.
    let mut cases = tabletop_parse::grundy::cases(&source.bytes);
    let mut number: usize = 0;
    while let Some(case) = cases.next() {
        let case = case.map_err(|e| source.error(&e))?;
        number += 1;
        if args.case.is_none() || args.case == Some(number) {
            let values = case.value.graph.values();
            match dot.as_mut() {
                Some(dot) => written(dot.case(number, &case.value.graph, &values))?,
                None if args.values => written(write_values(&mut output, &values, spelling))?,
                None => {
                    // The parser checks every piece; this is a safety net.
                    let located = |e: PieceError| {
                        let message = format!("test case {number} (it starts here): {e}");
                        source.error(&ParseError::new(case.span.clone(), message))
                    };
                    answer(&mut output, &values, case.value.queries.iter(), located)?;
                }
            }
        }
        cases.recycle(case.value);
    }
    if let Some(k) = args.case.filter(|&k| k > number) {
        let cases = if number == 1 { "test case" } else { "test cases" };
        return Err(Failure::Input(format!(
            "error: {}: --case {k} is out of range: the input has {number} {cases}",
            source.name
        )));
    }
    match dot {
        Some(dot) => written(dot.end()),
        None => Ok(output),
    }
}

/// `--case K`: a test case number, 1 or more.
fn case_number(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("test cases are numbered from 1".into()),
        Ok(k) => Ok(k),
        Err(_) => Err(format!("expected a test case number (1, 2, ...), found `{text}`")),
    }
}

/// One answer per query (the pieces of each).
fn answer<'a>(
    output: &mut String,
    values: &Values,
    queries: impl Iterator<Item = &'a [Position]>,
    located: impl Fn(PieceError) -> Failure,
) -> Result<(), Failure> {
    output.reserve(queries.size_hint().0 * 5);
    for pieces in queries {
        let outcome = values.outcome(pieces).map_err(&located)?;
        written(write_answer(output, outcome))?;
    }
    Ok(())
}

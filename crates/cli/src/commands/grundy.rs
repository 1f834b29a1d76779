//! `tabletop grundy`: POJ 2425, sums of games on a directed graph, with or without cycles.

use tabletop_grundy::strategy::Strategy;
use tabletop_grundy::Outcome;
use tabletop_grundy::{PieceError, Position, Values};
use tabletop_parse::grundy::{CaseSplitter, GrundyCase, Resume};
use tabletop_parse::ParseError;
use tabletop_render::grundy::{write_answer, write_values, Dot, MarkedMove, Spelling};
use tabletop_render::json::write_grundy;

use super::{written, KeepGoing, Problems};
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
--moves (with --dot): each WIN query's winning move is a red edge labelled with the\n\
query numbers (`q1,3`).\n\
--json: one JSON object per query (see docs/json.md), the outcome and the move to play,\n\
e.g.\n  {\"outcome\":\"WIN\",\"move\":{\"piece\":2,\"from\":3,\"to\":5}}\n\
(`piece` is 1-based in the query). WIN: the move leads to a LOSE position and, with\n\
cycles, makes progress (always playing the printed moves wins in finitely many moves\n\
whatever the replies); DRAW: a move that keeps the draw; LOSE: \"move\": null.\n\
--case K: only test case K (the first is 1), with or without --values or --dot.\n\
Example:\n  printf '2\\n1 1\\n1 0\\n1 0\\n0\\n' | tabletop grundy --values"
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    keep_going: KeepGoing,
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
}

/// Answers every query (or the chosen output), or fails without output.
pub fn run(args: &Args) -> Result<String, Failure> {
    let mut input = args.input.open()?;
    let spelling = spelling(args);
    let mut output = String::new();
    let mut dot = match args.dot {
        true => Some(written(Dot::begin(String::new(), spelling))?),
        false => None,
    };
    // One test case at a time, read a window at a time: memory for the largest test case (and
    // the answers), not for the whole file. Nothing is printed before the whole input is read.
    let mut state = Resume::default();
    let mut number: usize = 0;
    let mut problems = Problems::new(args.keep_going);
    // Plain answers are kept as one byte each until the input has been read, then written.
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut splitter = CaseSplitter::default();
    while let Some(window) = input.next_window(|text| splitter.next_case(text))? {
        let mut cases = tabletop_parse::grundy::cases(window.bytes).resume(std::mem::take(&mut state));
        if args.keep_going.keep_going {
            cases = cases.keep_going();
        }
        while let Some(case) = cases.next() {
            number += 1;
            let case = match case {
                Ok(case) => case,
                Err(error) => {
                    problems.case(Err(window.error(&error)))?;
                    continue;
                }
            };
            if args.case.is_none() || args.case == Some(number) {
                // The parser checks every piece; this is a safety net.
                let located = |e: PieceError| {
                    let message = format!("test case {number} (it starts here): {e}");
                    window.error(&ParseError::new(case.span.clone(), message))
                };
                let output = match dot.as_mut() {
                    Some(dot) => Output::Dot(dot),
                    None if args.values || args.json => Output::Text(&mut output),
                    None => Output::Outcomes(&mut outcomes),
                };
                problems.case(answer_case(args, number, &case.value, output, located))?;
            }
            cases.recycle(case.value);
        }
        if cases.stopped() {
            // A syntax error: what follows it is not read (as in one text).
            break;
        }
        state = cases.suspend();
    }
    // The text and the recycled buffers are no longer needed: free them before the answers
    // are written out.
    let name = input.name().to_owned();
    drop((input, state));
    if let Some(k) = args.case.filter(|&k| k > number) {
        let cases = if number == 1 { "test case" } else { "test cases" };
        return Err(Failure::Input(format!(
            "error: {name}: --case {k} is out of range: the input has {number} {cases}"
        )));
    }
    output.reserve(outcomes.len() * 5);
    for outcome in outcomes {
        written(write_answer(&mut output, outcome))?;
    }
    match dot {
        Some(dot) => problems.finish(written(dot.end())?),
        None => problems.finish(output),
    }
}

/// Where a test case's answer goes.
enum Output<'a> {
    Outcomes(&'a mut Vec<Outcome>),
    Dot(&'a mut Dot<String>),
    Text(&'a mut String),
}

/// One test case's answer, in the chosen form.
fn answer_case(
    args: &Args,
    number: usize,
    case: &GrundyCase,
    output: Output<'_>,
    located: impl Fn(PieceError) -> Failure,
) -> Result<(), Failure> {
    let (graph, queries) = (&case.graph, &case.queries);
    let values = graph.values();
    match output {
        Output::Dot(dot) if args.moves => {
            let marks = winning_moves(graph, &values, queries.iter(), located)?;
            written(dot.case_with_moves(number, graph, &values, &marks))
        }
        Output::Dot(dot) => written(dot.case(number, graph, &values)),
        Output::Text(output) if args.values => written(write_values(output, &values, spelling(args))),
        Output::Text(output) if args.json => {
            let strategy = Strategy::new(graph, &values);
            for pieces in queries.iter() {
                let answer = strategy.answer(pieces).map_err(&located)?;
                written(write_grundy(output, &answer))?;
            }
            Ok(())
        }
        Output::Outcomes(outcomes) => answer(outcomes, &values, queries.iter(), located),
        // Plain answers go to `Output::Outcomes`; text is for --values and --json.
        Output::Text(_) => Ok(()),
    }
}

fn spelling(args: &Args) -> Spelling {
    if args.ascii {
        Spelling::Ascii
    } else {
        Spelling::Unicode
    }
}

/// `--case K`: a test case number, 1 or more.
pub(crate) fn case_number(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("test cases are numbered from 1".into()),
        Ok(k) => Ok(k),
        Err(_) => Err(format!("expected a test case number (1, 2, ...), found `{text}`")),
    }
}

/// The winning move of every WIN query (numbered from 1), for `--dot --moves`.
fn winning_moves<'a>(
    graph: &tabletop_grundy::Graph,
    values: &Values,
    queries: impl Iterator<Item = &'a [Position]>,
    located: impl Fn(PieceError) -> Failure,
) -> Result<Vec<MarkedMove>, Failure> {
    let strategy = Strategy::new(graph, values);
    let mut marks = Vec::new();
    for (index, pieces) in queries.enumerate() {
        let answer = strategy.answer(pieces).map_err(&located)?;
        if let (Outcome::Win, Some(play)) = (answer.outcome, answer.play) {
            marks.push(MarkedMove {
                query: index + 1,
                from: play.from,
                to: play.to,
            });
        }
    }
    Ok(marks)
}

/// One answer per query (the pieces of each).
fn answer<'a>(
    outcomes: &mut Vec<Outcome>,
    values: &Values,
    queries: impl Iterator<Item = &'a [Position]>,
    located: impl Fn(PieceError) -> Failure,
) -> Result<(), Failure> {
    outcomes.reserve(queries.size_hint().0);
    for pieces in queries {
        outcomes.push(values.outcome(pieces).map_err(&located)?);
    }
    Ok(())
}

//! `tabletop grundy`: POJ 2425, sums of games on a directed graph.

use std::fmt::Write;

use tabletop_grundy::{sum_outcome, Graph};
use tabletop_parse::ParseError;

use crate::input::{Failure, InputArgs};

/// Sums of games on a directed graph: WIN or LOSE per query.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Input: the POJ 2425 judge format (see shared/spec/grundy.md): test cases \
until end of input, each N, then N lines `X_i s_1 .. s_X`, then queries `M p_1 .. p_M`, one per \
line, ended by `0`.\n\
Output: one line per query, `WIN` if the player to move wins, else `LOSE`.\n\
--values: one line per test case, the Grundy values of positions 0..N-1 separated by spaces.\n\
--dot: each test case's graph in Graphviz DOT (`digraph case1 { ... }`), each position \
labelled `position: value`.\n\
Example:\n  printf '2\\n1 1\\n0\\n1 0\\n0\\n' | tabletop grundy"
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Print each test case's Grundy values (one line per test case) instead of the answers.
    #[arg(long, conflicts_with = "dot")]
    values: bool,
    /// Print each test case's graph in Graphviz DOT, positions labelled with their values.
    #[arg(long)]
    dot: bool,
}

/// Answers every query, or fails without output.
pub fn run(args: &Args) -> Result<String, Failure> {
    let source = args.input.read()?;
    let mut output = String::new();
    // One test case at a time: memory for the largest test case, not for the whole file.
    for (number, case) in tabletop_parse::grundy::cases(&source.bytes).enumerate() {
        let case = case.map_err(|e| source.error(&e))?;
        let number = number + 1;
        let at_case = |message: String| {
            source.error(&ParseError::new(
                case.span.clone(),
                format!("test case {number} (it starts here): {message}"),
            ))
        };
        let graph = &case.value.graph;
        let values = graph.grundy_values().map_err(|e| at_case(e.to_string()))?;
        if args.values {
            write_values(&mut output, &values);
        } else if args.dot {
            write_dot(&mut output, number, graph, &values);
        } else {
            output.reserve(case.value.queries.len() * 5);
            for pieces in case.value.queries.iter() {
                let outcome = sum_outcome(&values, pieces).map_err(|e| at_case(e.to_string()))?;
                output.push_str(outcome.as_str());
                output.push('\n');
            }
        }
    }
    Ok(output)
}

/// One line: the values of positions `0..N-1`, separated by single spaces.
fn write_values(output: &mut String, values: &[u32]) {
    for (position, value) in values.iter().enumerate() {
        if position > 0 {
            output.push(' ');
        }
        let _ = write!(output, "{value}");
    }
    output.push('\n');
}

/// The graph in DOT, every position labelled `position: value`, every move an edge.
fn write_dot(output: &mut String, number: usize, graph: &Graph, values: &[u32]) {
    let _ = writeln!(output, "digraph case{number} {{");
    for (position, value) in values.iter().enumerate() {
        let _ = writeln!(output, "  {position} [label=\"{position}: {value}\"];");
    }
    for (from, to) in graph.edges() {
        let _ = writeln!(output, "  {from} -> {to};");
    }
    output.push_str("}\n");
}

//! `tabletop grundy`: POJ 2425, sums of games on a directed graph, with or without cycles.

use std::fmt::Write;

use tabletop_grundy::{Graph, Value, Values};
use tabletop_parse::ParseError;

use crate::input::{Failure, InputArgs};

/// Sums of games on a directed graph: WIN, LOSE or DRAW per query.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Input: the POJ 2425 judge format (see shared/spec/grundy.md): test cases \
until end of input, each N, then N lines `X_i s_1 .. s_X`, then queries `M p_1 .. p_M`, one per \
line, ended by `0`. Graphs may have cycles.\n\
Output: one line per query: `WIN` if the player to move wins, `LOSE` if they lose, `DRAW` if \
play goes on forever with perfect play (only possible with cycles).\n\
--values: one line per test case, the generalized Sprague-Grundy values of positions 0..N-1 \
separated by spaces: a number, or `∞(K)` (`inf(K)` with --ascii) where K lists the finite \
values among the position's successors, e.g. `∞(0,2)` or `∞()`.\n\
--dot: each test case's graph in Graphviz DOT (`digraph case1 { ... }`), each position \
labelled `position: value` (infinite values dashed).\n\
Example:\n  printf '2\\n1 1\\n1 0\\n1 0\\n0\\n' | tabletop grundy --values"
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Print each test case's values (one line per test case) instead of the answers.
    #[arg(long, conflicts_with = "dot")]
    values: bool,
    /// Print each test case's graph in Graphviz DOT, positions labelled with their values.
    #[arg(long)]
    dot: bool,
    /// Spell infinite values `inf(0,2)` instead of `∞(0,2)`.
    #[arg(long)]
    ascii: bool,
}

/// Answers every query, or fails without output.
pub fn run(args: &Args) -> Result<String, Failure> {
    let source = args.input.read()?;
    let mut output = String::new();
    // One test case at a time: memory for the largest test case, not for the whole file.
    let mut cases = tabletop_parse::grundy::cases(&source.bytes);
    let mut number = 0;
    while let Some(case) = cases.next() {
        let case = case.map_err(|e| source.error(&e))?;
        number += 1;
        let graph = &case.value.graph;
        let values = graph.values();
        if args.values {
            write_values(&mut output, &values, args.ascii);
        } else if args.dot {
            write_dot(&mut output, number, graph, &values, args.ascii);
        } else {
            output.reserve(case.value.queries.len() * 5);
            for pieces in case.value.queries.iter() {
                let outcome = values.outcome(pieces).map_err(|e| {
                    // The parser checks every piece; this is a safety net.
                    source.error(&ParseError::new(
                        case.span.clone(),
                        format!("test case {number} (it starts here): {e}"),
                    ))
                })?;
                output.push_str(outcome.as_str());
                output.push('\n');
            }
        }
        cases.recycle(case.value);
    }
    Ok(output)
}

/// `value` as text: a number, or `∞(K)` / `inf(K)`.
fn write_value(output: &mut String, value: Value<'_>, ascii: bool) {
    let _ = if ascii {
        write!(output, "{value:#}")
    } else {
        write!(output, "{value}")
    };
}

/// One line: the values of positions `0..N-1`, separated by single spaces.
fn write_values(output: &mut String, values: &Values, ascii: bool) {
    for (position, value) in values.iter().enumerate() {
        if position > 0 {
            output.push(' ');
        }
        write_value(output, value, ascii);
    }
    output.push('\n');
}

/// The graph in DOT, every position labelled `position: value` (infinite ones dashed), every
/// move an edge.
fn write_dot(output: &mut String, number: usize, graph: &Graph, values: &Values, ascii: bool) {
    let _ = writeln!(output, "digraph case{number} {{");
    for (position, value) in values.iter().enumerate() {
        let _ = write!(output, "  {position} [label=\"{position}: ");
        write_value(output, value, ascii);
        output.push('"');
        if matches!(value, Value::Infinite(_)) {
            output.push_str(", style=dashed");
        }
        output.push_str("];\n");
    }
    for (from, to) in graph.edges() {
        let _ = writeln!(output, "  {from} -> {to};");
    }
    output.push_str("}\n");
}

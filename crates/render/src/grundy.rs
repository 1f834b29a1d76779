//! Sums of graph games (POJ 2425): the judge's answers, the values line, and the graphs in
//! Graphviz DOT.

use std::collections::BTreeMap;
use std::fmt::{self, Write};

use itertools::Itertools;
use serde::Serialize;
use tabletop_grundy::strategy::{Answer, Move};
use tabletop_grundy::{Graph, Outcome, Position, Value, Values};

/// How infinite values are spelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Spelling {
    /// `∞(0,2)`.
    #[default]
    Unicode,
    /// `inf(0,2)`, for terminals and files that are ASCII only.
    Ascii,
}

/// One value: a number, or `∞(K)` / `inf(K)` (the engine's `Display`, plain or alternate).
pub fn write_value<W: Write + ?Sized>(out: &mut W, value: Value<'_>, spelling: Spelling) -> fmt::Result {
    match spelling {
        Spelling::Unicode => write!(out, "{value}"),
        Spelling::Ascii => write!(out, "{value:#}"),
    }
}

/// The judge's answer to one query: `WIN`, `LOSE` or `DRAW` (the engine's `Display`) and a
/// newline.
pub fn write_answer<W: Write + ?Sized>(out: &mut W, outcome: Outcome) -> fmt::Result {
    // One call per query on a million-query file: no formatting machinery.
    out.write_str(outcome.as_str())?;
    out.write_char('\n')
}

/// The judge's answers to many queries: [`write_answer`]'s lines, one after another.
///
/// ```
/// use tabletop_grundy::Outcome;
/// let text = tabletop_render::grundy::answers_text(&[Outcome::Win, Outcome::Lose, Outcome::Draw]);
/// assert_eq!(text, "WIN\nLOSE\nDRAW\n");
/// ```
pub fn answers_text(outcomes: &[Outcome]) -> String {
    answers_text_in(Vec::new(), outcomes)
}

/// [`answers_text`], written in `buffer`'s memory (its bytes are dropped): a buffer done with
/// is already in memory, which a new one of megabytes is not until each of its pages has
/// been touched (a millisecond for a million answers).
///
/// ```
/// use tabletop_grundy::Outcome;
/// let text = tabletop_render::grundy::answers_text_in(b"spent".to_vec(), &[Outcome::Lose]);
/// assert_eq!(text, "LOSE\n");
/// ```
pub fn answers_text_in(mut buffer: Vec<u8>, outcomes: &[Outcome]) -> String {
    // A million lines: each written as one eight-byte store (its line and some slack, which
    // the next line overwrites), not a copy of its own length, into room for the longest
    // lines (counting the short ones first would take as long as writing them).
    let line = |outcome: Outcome| {
        let word = outcome.as_str().as_bytes();
        let mut line = [0; 8];
        line[..word.len()].copy_from_slice(word);
        line[word.len()] = b'\n';
        (line, word.len() + 1)
    };
    let [win, lose, draw] = [Outcome::Win, Outcome::Lose, Outcome::Draw].map(line);
    buffer.clear();
    buffer.resize(outcomes.len() * win.1.max(lose.1).max(draw.1) + 8, 0);
    let mut at = 0;
    for &outcome in outcomes {
        let (line, length) = match outcome {
            Outcome::Win => &win,
            Outcome::Lose => &lose,
            Outcome::Draw => &draw,
        };
        if let Some(slot) = buffer.get_mut(at..at + 8) {
            slot.copy_from_slice(line);
        }
        at += length;
    }
    buffer.truncate(at);
    // Only ASCII was written.
    String::from_utf8(buffer).unwrap_or_default()
}

/// One line: the values of positions `0..N-1`, separated by single spaces.
///
/// ```
/// use tabletop_grundy::Graph;
/// use tabletop_render::grundy::{write_values, Spelling};
/// let graph = Graph::from_lists(&[vec![1u64, 2], vec![], vec![1]])?;
/// let mut line = String::new();
/// write_values(&mut line, &graph.values(), Spelling::Unicode)?;
/// assert_eq!(line, "2 0 1\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_values<W: Write + ?Sized>(out: &mut W, values: &Values, spelling: Spelling) -> fmt::Result {
    for (position, value) in values.iter().enumerate() {
        if position > 0 {
            out.write_char(' ')?;
        }
        write_value(out, value, spelling)?;
    }
    out.write_char('\n')
}

/// The colour of winning moves in DOT.
const WINNING: &str = "#d62728";

/// A winning move to draw: query `query` (1-based, in its test case) wins by moving a piece
/// from `from` to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarkedMove {
    /// The query's number in its test case, 1-based.
    pub query: usize,
    /// The move's start.
    pub from: Position,
    /// The move's end.
    pub to: Position,
}

/// One Graphviz `digraph` holding any number of test cases, each a `subgraph cluster_K`
/// labelled `test case K`, written one case at a time (a caller needs memory for one test
/// case only). Node ids are `cK_P` (case K, position P), so cases never share a node, and
/// `dot -Tsvg` draws the whole input as one picture. Each position is labelled
/// `P: value`; positions with an infinite value are dashed; every move is an edge.
///
/// ```
/// use tabletop_grundy::Graph;
/// use tabletop_render::grundy::{Dot, Spelling};
/// let graph = Graph::from_lists(&[vec![1u64], vec![]])?;
/// let mut dot = Dot::begin(String::new(), Spelling::Unicode)?;
/// dot.case(1, &graph, &graph.values())?;
/// assert_eq!(
///     dot.end()?,
///     "digraph grundy {\n  subgraph cluster_1 {\n    label=\"test case 1\";\n    \
///      c1_0 [label=\"0: 1\"];\n    c1_1 [label=\"1: 0\"];\n    c1_0 -> c1_1;\n  }\n}\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Dot<W> {
    out: W,
    spelling: Spelling,
}

impl<W: Write> Dot<W> {
    /// Writes the opening `digraph grundy {`.
    ///
    /// # Errors
    /// When `out` refuses the text.
    pub fn begin(mut out: W, spelling: Spelling) -> Result<Dot<W>, fmt::Error> {
        out.write_str("digraph grundy {\n")?;
        Ok(Dot { out, spelling })
    }

    /// Writes test case `number` (1-based, as in the input) as a cluster.
    ///
    /// # Errors
    /// When `out` refuses the text.
    pub fn case(&mut self, number: usize, graph: &Graph, values: &Values) -> fmt::Result {
        self.case_with_moves(number, graph, values, &[])
    }

    /// [`Dot::case`], with the winning move of each listed query drawn as a bold red edge
    /// labelled with the query numbers (`q1,3`); of repeated moves, the first is marked.
    ///
    /// # Errors
    /// When `out` refuses the text.
    pub fn case_with_moves(
        &mut self,
        number: usize,
        graph: &Graph,
        values: &Values,
        moves: &[MarkedMove],
    ) -> fmt::Result {
        let mut marks: BTreeMap<(Position, Position), Vec<usize>> = BTreeMap::new();
        for mark in moves {
            marks.entry((mark.from, mark.to)).or_default().push(mark.query);
        }
        let out = &mut self.out;
        writeln!(out, "  subgraph cluster_{number} {{")?;
        writeln!(out, "    label=\"test case {number}\";")?;
        for (position, value) in values.iter().enumerate() {
            write!(out, "    c{number}_{position} [label=\"{position}: ")?;
            write_value(out, value, self.spelling)?;
            out.write_char('"')?;
            if matches!(value, Value::Infinite(_)) {
                out.write_str(", style=dashed")?;
            }
            out.write_str("];\n")?;
        }
        for (from, to) in graph.edges() {
            write!(out, "    c{number}_{from} -> c{number}_{to}")?;
            if let Some(queries) = marks.remove(&(from, to)) {
                write!(
                    out,
                    " [color=\"{WINNING}\", fontcolor=\"{WINNING}\", penwidth=2.5, label=\"q{}\"]",
                    queries.iter().format(",")
                )?;
            }
            out.write_str(";\n")?;
        }
        out.write_str("  }\n")
    }

    /// Writes the closing brace and returns the writer.
    ///
    /// # Errors
    /// When `out` refuses the text.
    pub fn end(mut self) -> Result<W, fmt::Error> {
        self.out.write_str("}\n")?;
        Ok(self.out)
    }
}

/// One test case as the playground's graph page shows it: `{"successors", "positions",
/// "cyclic", "queries"}`, each position `{"value", "outcome"}` (the value spelled as the
/// values output does), each query `{"pieces", "outcome", "play"}` with `play` the move of
/// `tabletop grundy --json` (`{"piece", "from", "to"}`, the piece numbered from 1) or `null`.
#[derive(Debug, Clone, Serialize)]
pub struct CaseView {
    successors: Vec<Vec<Position>>,
    positions: Vec<PositionView>,
    cyclic: bool,
    queries: Vec<SumView>,
}

/// `{"value", "outcome"}` of one position.
#[derive(Debug, Clone, Serialize)]
struct PositionView {
    value: String,
    outcome: &'static str,
}

/// `{"pieces", "outcome", "play"}` of one query.
#[derive(Debug, Clone, Serialize)]
struct SumView {
    pieces: Vec<Position>,
    outcome: &'static str,
    play: Option<MoveView>,
}

/// `{"piece", "from", "to"}`, the piece numbered from 1.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct MoveView {
    piece: usize,
    from: Position,
    to: Position,
}

impl From<Move> for MoveView {
    fn from(played: Move) -> MoveView {
        MoveView {
            piece: played.piece + 1,
            from: played.from,
            to: played.to,
        }
    }
}

impl CaseView {
    /// The view of `graph` with its `values` and its queries' `answers` (pieces and answer).
    pub fn new(graph: &Graph, values: &Values, answers: &[(&[Position], Answer)]) -> CaseView {
        let positions = (0..graph.len())
            .map(|p| {
                let position = p as Position;
                PositionView {
                    value: values.get(position).unwrap_or(Value::Finite(0)).to_string(),
                    outcome: values.outcome(&[position]).unwrap_or(Outcome::Lose).as_str(),
                }
            })
            .collect();
        CaseView {
            successors: (0..graph.len())
                .map(|p| graph.successors(p as Position).to_vec())
                .collect(),
            positions,
            cyclic: graph.acyclic_values().is_err(),
            queries: answers
                .iter()
                .map(|(pieces, answer)| SumView {
                    pieces: pieces.to_vec(),
                    outcome: answer.outcome.as_str(),
                    play: answer.play.map(MoveView::from),
                })
                .collect(),
        }
    }
}

/// The playground's JSON object of a POJ 2425 input, on one line: `{"answers", "cases",
/// "svg"}`, `answers` the judge's text, `cases` one [`CaseView`] a test case, `svg` the
/// test case drawn.
pub fn write_playground_json<W: Write + ?Sized>(
    out: &mut W,
    answers: &str,
    cases: &[CaseView],
    svg: &str,
) -> fmt::Result {
    #[derive(Serialize)]
    struct Reply<'a> {
        answers: &'a str,
        cases: &'a [CaseView],
        svg: &'a str,
    }
    crate::json::write_line(out, &Reply { answers, cases, svg })
}

/// The playground's JSON object of one turn against the engine: `{"pieces", "reply",
/// "winner", "outcome"}`, `reply` the engine's move or `null`, `winner` `"you"`, `"engine"`
/// or `null` while the game goes on, `outcome` the user's outcome.
pub fn write_turn_json<W: Write + ?Sized>(
    out: &mut W,
    pieces: &[Position],
    reply: Option<Move>,
    user_won: Option<bool>,
    outcome: Outcome,
) -> fmt::Result {
    #[derive(Serialize)]
    struct Turn<'a> {
        pieces: &'a [Position],
        reply: Option<MoveView>,
        winner: Option<&'static str>,
        outcome: &'static str,
    }
    let turn = Turn {
        pieces,
        reply: reply.map(MoveView::from),
        winner: user_won.map(|won| if won { "you" } else { "engine" }),
        outcome: outcome.as_str(),
    };
    crate::json::write_line(out, &turn)
}

#[cfg(test)]
mod tests {
    use itertools::Itertools;

    use super::*;

    fn graph(lists: &[&[u64]]) -> Graph {
        Graph::from_lists(lists).expect("a valid graph")
    }

    #[test]
    fn values_spell_infinity_both_ways() {
        // 0 and 1 may pass forever (self-loops); 1 may also move to 2, a terminal position.
        let g = graph(&[&[0], &[1, 2], &[]]);
        let values = g.values();
        let mut unicode = String::new();
        write_values(&mut unicode, &values, Spelling::Unicode).unwrap();
        let mut ascii = String::new();
        write_values(&mut ascii, &values, Spelling::Ascii).unwrap();
        assert_eq!(unicode, "∞() ∞(0) 0\n");
        assert_eq!(ascii, "inf() inf(0) 0\n");
    }

    #[test]
    fn answers_are_the_judge_words() {
        let text = crate::to_string(|out| {
            [Outcome::Win, Outcome::Lose, Outcome::Draw]
                .into_iter()
                .try_for_each(|o| write_answer(out, o))
        });
        assert_eq!(text, "WIN\nLOSE\nDRAW\n");
    }

    /// Two test cases with the same positions become two clusters in one digraph, with node
    /// ids that do not collide and each edge inside its own case.
    #[test]
    fn dot_puts_every_case_in_its_own_cluster() {
        let first = graph(&[&[1], &[]]);
        let second = graph(&[&[0], &[0, 1]]);
        let mut dot = Dot::begin(String::new(), Spelling::Ascii).unwrap();
        dot.case(1, &first, &first.values()).unwrap();
        dot.case(2, &second, &second.values()).unwrap();
        let text = dot.end().unwrap();
        let expected = "digraph grundy {
  subgraph cluster_1 {
    label=\"test case 1\";
    c1_0 [label=\"0: 1\"];
    c1_1 [label=\"1: 0\"];
    c1_0 -> c1_1;
  }
  subgraph cluster_2 {
    label=\"test case 2\";
    c2_0 [label=\"0: inf()\", style=dashed];
    c2_1 [label=\"1: inf()\", style=dashed];
    c2_0 -> c2_0;
    c2_1 -> c2_0;
    c2_1 -> c2_1;
  }
}
";
        assert_eq!(text, expected);
        assert_eq!(text.matches("digraph").count(), 1);
        // Every node is declared once.
        let declared: Vec<&str> = text
            .lines()
            .filter(|line| line.contains("[label="))
            .filter_map(|line| line.split_whitespace().next())
            .collect();
        assert!(declared.iter().all_unique(), "{declared:?}");
    }

    #[test]
    fn dot_of_no_cases_is_an_empty_graph() {
        let dot = Dot::begin(String::new(), Spelling::Unicode).unwrap();
        assert_eq!(dot.end().unwrap(), "digraph grundy {\n}\n");
    }

    #[test]
    fn winning_moves_are_marked_once_with_their_queries() {
        let g = graph(&[&[1, 1, 2], &[], &[]]);
        let marks = [
            MarkedMove {
                query: 1,
                from: 0,
                to: 1,
            },
            MarkedMove {
                query: 3,
                from: 0,
                to: 1,
            },
        ];
        let mut dot = Dot::begin(String::new(), Spelling::Ascii).unwrap();
        dot.case_with_moves(2, &g, &g.values(), &marks).unwrap();
        let text = dot.end().unwrap();
        assert!(text.contains(
            "    c2_0 -> c2_1 [color=\"#d62728\", fontcolor=\"#d62728\", penwidth=2.5, label=\"q1,3\"];\n    c2_0 -> c2_1;\n    c2_0 -> c2_2;\n"
        ), "{text}");
    }
}

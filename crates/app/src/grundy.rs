//! Sums of games on a directed graph (POJ 2425, cycles allowed): WIN, LOSE or DRAW per
//! query, the values of each test case, one DOT graph, or JSON with the move to play.
//!
//! The input is read a test case at a time ([`Stream`]): memory for the largest test case
//! and the answers, not for the whole input.

mod fast;
pub mod play;

use tabletop_parse::grundy::{CaseSplitter, GrundyCase, Resume};
use tabletop_parse::ParseError;
use tabletop_render::grundy::{answers_text, write_values, Dot, MarkedMove};
use tabletop_render::json::write_grundy;

pub use tabletop_grundy::strategy::{Answer as Play, Move, Strategy};
pub use tabletop_grundy::{
    Graph, GraphError, ImplicitCycle, ImplicitGame, Outcome, PieceError, Position, Solver, SumMove, Value,
    Values,
};
pub use tabletop_render::grundy::Spelling;

/// One test case read typed: the graph and its queries (each a list of piece positions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The validated graph.
    pub graph: Graph,
    /// The queries, in input order.
    pub queries: Vec<Vec<Position>>,
}

/// Every test case of the POJ 2425 text `source`, typed, for front ends that compute with
/// the graphs themselves.
///
/// # Errors
/// [`Failure::Invalid`] with the first located problem of a bad input.
pub fn read_cases(source: &crate::Source) -> Result<Vec<Case>, Failure> {
    if source.is_blank() {
        return Err(Failure::invalid(
            source.empty_problem("the number of positions N"),
        ));
    }
    let input =
        tabletop_parse::grundy::parse(source.bytes()).map_err(|e| Failure::invalid(source.problem(&e)))?;
    Ok(input
        .cases
        .into_iter()
        .map(|case| Case {
            queries: case.value.queries.iter().map(<[Position]>::to_vec).collect(),
            graph: case.value.graph,
        })
        .collect())
}

use crate::keep_going::Problems;
use crate::{written, Answer, Failure, Problem, Source, Stream, Window};

/// What to answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Form {
    /// `WIN`, `LOSE` or `DRAW` per query (the judge's output).
    #[default]
    Outcomes,
    /// One line per test case: the generalized Sprague-Grundy values.
    Values(Spelling),
    /// One Graphviz digraph, a cluster per test case; with `moves`, each WIN query's
    /// winning move as a red edge.
    Dot {
        /// How infinite values are spelled.
        spelling: Spelling,
        /// Whether to draw the winning moves.
        moves: bool,
    },
    /// One JSON object per query: the outcome and the move to play.
    Json,
}

/// A grundy request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Request {
    /// What to answer.
    pub form: Form,
    /// Only test case K (1-based); the whole input is still checked.
    pub case: Option<usize>,
    /// Answer the valid test cases and report each bad one, instead of stopping at the first.
    pub keep_going: bool,
    /// Threads answering test cases at once: `None` for one per core, `Some(1)` for this
    /// thread only. The answers are the same, in input order, whatever the number.
    pub jobs: Option<usize>,
}

/// [`answer`] for the whole input `source`, with test case `request.case` (else the first)
/// drawn in SVG ([`play::draw`]) as the answer's picture.
///
/// # Errors
/// As [`answer`] and [`play::draw`].
pub fn answer_drawn(source: &Source, request: &Request) -> Result<Answer, Failure> {
    let mut answer = answer(&mut Stream::of(source), request)?;
    answer.picture = Some(play::draw(source, request.case.unwrap_or(1), None)?);
    Ok(answer)
}

/// Answers every test case of `input`, read a window at a time. Nothing is answered before
/// the whole input has been read.
///
/// # Errors
/// [`Failure::Io`] when reading fails; [`Failure::Invalid`] for a bad input or a `case`
/// the input does not have.
pub fn answer(input: &mut Stream<'_>, request: &Request) -> Result<Answer, Failure> {
    if input.is_blank()? {
        let name = input.name().to_owned();
        let window = Window::new(&name, b"", 0);
        return Err(Failure::invalid(window.problem(&ParseError::new(
            0..0,
            "the input is empty: expected the number of positions N",
        ))));
    }
    if request.form == Form::Outcomes && request.case.is_none() {
        return fast::answer(input, request.jobs, request.keep_going, &fast::Tuning::default());
    }
    let mut text = String::new();
    let mut dot = match request.form {
        Form::Dot { spelling, .. } => Some(written(Dot::begin(String::new(), spelling))?),
        _ => None,
    };
    let mut state = Resume::default();
    let mut number: usize = 0;
    let mut problems = Problems::new(request.keep_going);
    // Plain answers are kept as one byte each until the input has been read, then written.
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut splitter = CaseSplitter::default();
    while let Some(window) = input.next_window(|text| splitter.next_case(text))? {
        let mut cases = tabletop_parse::grundy::cases(window.bytes()).resume(std::mem::take(&mut state));
        if request.keep_going {
            cases = cases.keep_going();
        }
        while let Some(case) = cases.next() {
            number += 1;
            let case = match case {
                Ok(case) => case,
                Err(error) => {
                    problems.problem(window.problem(&error).in_case(number))?;
                    continue;
                }
            };
            if request.case.is_none() || request.case == Some(number) {
                // The parser checks every piece; this is a safety net.
                let located = |e: PieceError| {
                    let message = format!("test case {number} (it starts here): {e}");
                    window
                        .problem(&ParseError::new(case.span.clone(), message))
                        .in_case(number)
                };
                let output = match dot.as_mut() {
                    Some(dot) => Output::Dot(dot),
                    None if request.form == Form::Outcomes => Output::Outcomes(&mut outcomes),
                    None => Output::Text(&mut text),
                };
                problems.case(answer_case(request, number, &case.value, output, located))?;
            }
            cases.recycle(case.value);
        }
        if cases.stopped() {
            // A syntax error: what follows it is not read (as in one text).
            break;
        }
        state = cases.suspend();
    }
    let notes = input.notes();
    if let Some(k) = request.case.filter(|&k| k > number) {
        let noun = if number == 1 { "test case" } else { "test cases" };
        let message = format!("--case {k} is out of range: the input has {number} {noun}");
        problems.problem(Problem::unlocated(input.name(), message))?;
    }
    // The recycled buffers are no longer needed: free them before the answers are written.
    drop(state);
    text.push_str(&answers_text(&outcomes));
    if let Some(dot) = dot {
        text = written(dot.end())?;
    }
    problems.finish(Answer {
        text,
        picture: None,
        notes,
    })
}

/// Where a test case's answer goes.
enum Output<'a> {
    Outcomes(&'a mut Vec<Outcome>),
    Dot(&'a mut Dot<String>),
    Text(&'a mut String),
}

/// One test case's answer, in the chosen form.
fn answer_case(
    request: &Request,
    number: usize,
    case: &GrundyCase,
    output: Output<'_>,
    located: impl Fn(PieceError) -> Problem,
) -> Result<(), Failure> {
    let located = |e| Failure::invalid(located(e));
    let (graph, queries) = (&case.graph, &case.queries);
    let values = graph.values();
    match (output, request.form) {
        (Output::Dot(dot), Form::Dot { moves: true, .. }) => {
            let marks = winning_moves(graph, &values, queries.iter(), located)?;
            written(dot.case_with_moves(number, graph, &values, &marks))
        }
        (Output::Dot(dot), _) => written(dot.case(number, graph, &values)),
        (Output::Text(text), Form::Values(spelling)) => written(write_values(text, &values, spelling)),
        (Output::Text(text), _) => {
            let strategy = Strategy::new(graph, &values);
            for pieces in queries.iter() {
                let answer = strategy.answer(pieces).map_err(located)?;
                written(write_grundy(text, &answer))?;
            }
            Ok(())
        }
        (Output::Outcomes(outcomes), _) => {
            outcomes.reserve(queries.iter().size_hint().0);
            for pieces in queries.iter() {
                outcomes.push(values.outcome(pieces).map_err(located)?);
            }
            Ok(())
        }
    }
}

/// The winning move of every WIN query (numbered from 1), for the DOT graph.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Source;

    const SAMPLE: &[u8] =
        b"4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";

    fn run(request: &Request) -> Result<Answer, Failure> {
        let source = Source::new("g", SAMPLE.to_vec());
        let mut stream = Stream::of(&source);
        answer(&mut stream, request)
    }

    #[test]
    fn every_form_answers_the_sample() {
        assert_eq!(
            run(&Request::default()).unwrap().text,
            "WIN\nWIN\nWIN\nLOSE\nWIN\n"
        );
        let values = run(&Request {
            form: Form::Values(Spelling::Ascii),
            ..Request::default()
        })
        .unwrap();
        assert_eq!(values.text.lines().count(), 2);
        let json = run(&Request {
            form: Form::Json,
            case: Some(2),
            ..Request::default()
        })
        .unwrap();
        assert_eq!(json.text.lines().count(), 3);
        let dot = run(&Request {
            form: Form::Dot {
                spelling: Spelling::Unicode,
                moves: true,
            },
            ..Request::default()
        })
        .unwrap();
        assert!(dot.text.starts_with("digraph"));
    }

    #[test]
    fn a_case_past_the_last_is_an_error() {
        let failure = run(&Request {
            case: Some(3),
            ..Request::default()
        })
        .unwrap_err();
        assert!(failure
            .report()
            .contains("--case 3 is out of range: the input has 2 test cases"));
    }
}

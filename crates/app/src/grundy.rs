//! Sums of games on a directed graph (POJ 2425, cycles allowed): WIN, LOSE or DRAW per
//! query, the values of each test case, one DOT graph, or JSON with the move to play.
//!
//! The input is read a test case at a time ([`Stream`]): memory for the largest test case
//! and the answers, not for the whole input.

mod outcomes;

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
use crate::{written, Answer, Failure, Problem, Stream, Window};

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
        return outcomes::answer(input, request);
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

    /// A judge input of `cases` test cases of 300 positions (moves to later positions in
    /// a shuffled order), about 600 KB each, from a seeded generator.
    fn judge_text(cases: usize, seed: u64) -> String {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut next = move |below: u64| rng.random_range(0..below);
        let mut text = String::new();
        for _ in 0..cases {
            let n = 300;
            let mut order: Vec<u64> = (0..n).collect();
            for i in (1..n as usize).rev() {
                order.swap(i, next(i as u64 + 1) as usize);
            }
            text += &format!("{n}\n");
            // `order[p]` is position p's rank in a hidden topological order.
            for p in 0..n as usize {
                let later: Vec<String> = (0..n as usize)
                    .filter(|&q| order[q] > order[p] && next(3) == 0)
                    .map(|q| q.to_string())
                    .collect();
                text += &format!("{}\n", [vec![later.len().to_string()], later].concat().join(" "));
            }
            let mut lines = Vec::new();
            for _ in 0..20_000 {
                let pieces: Vec<String> = (0..1 + next(4))
                    .map(|_| order[next(n) as usize].to_string())
                    .collect();
                lines.push(format!("{} {}", pieces.len(), pieces.join(" ")));
            }
            text += &(lines.join("\n") + "\n0\n");
        }
        text
    }

    fn with_jobs(text: &str, jobs: Option<usize>, keep_going: bool) -> Result<Answer, Failure> {
        let source = Source::new("judge.txt", text.as_bytes().to_vec());
        let mut stream = Stream::of(&source);
        let request = Request {
            jobs,
            keep_going,
            ..Request::default()
        };
        answer(&mut stream, &request)
    }

    #[test]
    fn every_number_of_jobs_answers_alike_and_in_order() {
        let text = judge_text(4, 7);
        assert!(text.len() > 4 * super::outcomes::MIN_WINDOW);
        // The text is plain: the fast reader takes it whole.
        let mut outcomes = Vec::new();
        let read = super::outcomes::plain_outcomes(
            text.as_bytes(),
            &mut Default::default(),
            &mut outcomes,
            super::outcomes::Sharing::OneThread,
        );
        assert_eq!(read, Ok(4));
        let one = with_jobs(&text, Some(1), false).unwrap().text;
        assert_eq!(one.lines().count(), 80_000);
        for jobs in [Some(2), Some(3), None] {
            assert_eq!(with_jobs(&text, jobs, false).unwrap().text, one, "{jobs:?}");
        }
        // Text that is not plain (here trailing spaces and `\r`) is read precisely, with the
        // same answers.
        let unusual = text.replacen("\n", " \r\n", 2_000);
        for jobs in [Some(1), Some(2)] {
            assert_eq!(with_jobs(&unusual, jobs, false).unwrap().text, one, "{jobs:?}");
        }
        // The precise reader alone (as `--json` and `--case` read): the same outcomes.
        let source = Source::new("judge.txt", text.as_bytes().to_vec());
        let mut stream = Stream::of(&source);
        let request = Request {
            form: Form::Json,
            ..Request::default()
        };
        let json = answer(&mut stream, &request).unwrap().text;
        let outcomes: Vec<&str> = json.lines().filter_map(|line| line.split('"').nth(3)).collect();
        assert_eq!(outcomes, one.lines().collect::<Vec<_>>());
    }

    #[test]
    fn errors_are_located_alike_whatever_the_jobs() {
        let text = judge_text(4, 11);
        // A piece out of range in the third test case, a bad token in the fourth.
        let mut bad = text.clone();
        let last = bad.rfind("\n0\n").unwrap_or(0);
        bad.insert_str(last, "\n2 1 x");
        let third = bad.match_indices("\n0\n300\n").nth(2).map_or(0, |(at, _)| at);
        bad.insert_str(third, "\n1 300");
        let precise = {
            let source = Source::new("judge.txt", bad.as_bytes().to_vec());
            let mut stream = Stream::of(&source);
            let request = Request {
                case: Some(1),
                keep_going: true,
                ..Request::default()
            };
            let failure = answer(&mut stream, &request).unwrap_err();
            failure.report()
        };
        assert!(
            precise.contains("piece position 300 is outside 0..299"),
            "{precise}"
        );
        for jobs in [Some(1), Some(2), Some(3)] {
            let first = with_jobs(&bad, jobs, false).unwrap_err().report();
            assert!(first.contains("judge.txt:"), "{first}");
            assert!(
                precise.contains(first.trim_end()),
                "{jobs:?}: {first}\nnot in\n{precise}"
            );
            let all = with_jobs(&bad, jobs, true).unwrap_err();
            assert_eq!(all.report(), precise, "{jobs:?}");
        }
    }

    /// One test case of `n` positions, each with moves to about a third of the others
    /// (cycles among them), and `queries` queries.
    fn one_huge_case(n: u64, queries: usize, seed: u64) -> String {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut text = format!("{n}\n");
        for _ in 0..n {
            let moves: Vec<String> = (0..n)
                .filter(|_| rng.random_range(0..3) == 0)
                .map(|q| q.to_string())
                .collect();
            text += &format!("{}\n", [vec![moves.len().to_string()], moves].concat().join(" "));
        }
        for _ in 0..queries {
            let piece = rng.random_range(0..n);
            text += &format!("1 {piece}\n");
        }
        text + "0\n"
    }

    #[test]
    fn a_huge_case_read_in_pieces_answers_as_one_thread_does() {
        use super::outcomes::{FRONT_MOST, GRAPH_PIECES, MERGED_GRAPH_PIECES};
        let text = one_huge_case(3000, 500, 5);
        assert!(text.len() > super::outcomes::HALVES_FROM);
        let one = with_jobs(&text, Some(1), false).unwrap().text;
        assert_eq!(one.lines().count(), 500);
        // However soon the helper starts, this thread may take every piece itself.
        assert_eq!(with_jobs(&text, Some(2), false).unwrap().text, one);
        // Half the pieces here, so that the helper reads the rest whatever the timing.
        FRONT_MOST.set(GRAPH_PIECES / 2);
        let merged = || MERGED_GRAPH_PIECES.get();
        let before = merged();
        assert_eq!(with_jobs(&text, Some(2), false).unwrap().text, one);
        // (It may take more, when it claims them first.)
        let helpers = merged() - before;
        assert!(
            (GRAPH_PIECES - GRAPH_PIECES / 2..=GRAPH_PIECES).contains(&helpers),
            "the helper's pieces were read at once and merged: {helpers}"
        );
        // Blank lines put the newline count off: the helper's pieces from there on are read
        // again from where the graph stands. Past the last piece's start, they are skipped
        // as usual.
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        for at in [10, 1_499, 1_500, 1_501, 2_900] {
            let mut blank = lines.clone();
            blank.insert(at, "\n");
            blank.insert(at, "\n");
            let blank = blank.concat();
            assert_eq!(
                with_jobs(&blank, Some(2), false).unwrap().text,
                one,
                "blank lines at {at}"
            );
        }
        // Text that is not plain in the second half: the precise reader, the same answers.
        let space = text.len() / 2 + text[text.len() / 2..].find(' ').unwrap_or(0);
        let unusual = [&text[..space], " ", &text[space..]].concat();
        assert_eq!(with_jobs(&unusual, Some(2), false).unwrap().text, one);
        FRONT_MOST.set(usize::MAX);
    }

    /// One test case of `n` positions (moves to about a third of the later ones, so every
    /// value is finite) and `queries` queries of 1 to 4 pieces, spelled with `line_end`.
    fn one_huge_dag(n: u64, queries: usize, seed: u64, line_end: &str) -> String {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut lines = vec![n.to_string()];
        for p in 0..n {
            let moves: Vec<String> = (p + 1..n)
                .filter(|_| rng.random_range(0..3) == 0)
                .map(|q| q.to_string())
                .collect();
            lines.push([vec![moves.len().to_string()], moves].concat().join(" "));
        }
        for _ in 0..queries {
            let pieces: Vec<String> = (0..rng.random_range(1..5))
                .map(|_| rng.random_range(0..n).to_string())
                .collect();
            lines.push(format!("{} {}", pieces.len(), pieces.join(" ")));
        }
        lines.push("0".into());
        lines.join(line_end) + line_end
    }

    #[test]
    fn a_huge_case_answers_its_queries_in_pieces_as_one_thread_does() {
        let text = one_huge_dag(1200, 120_000, 9, "\n");
        assert!(text.len() > super::outcomes::HALVES_FROM);
        let one = with_jobs(&text, Some(1), false).unwrap().text;
        assert_eq!(one.lines().count(), 120_000);
        let merged = || super::outcomes::MERGED_QUERY_PIECES.get();
        // Every spelling the fast reader takes is read in pieces alike.
        for line_end in ["\n", "\r\n", " \n", " \r\n"] {
            let spelled = text.replace('\n', line_end);
            let before = merged();
            assert_eq!(
                with_jobs(&spelled, Some(2), false).unwrap().text,
                one,
                "{line_end:?}"
            );
            assert!(merged() > before, "{line_end:?}: the queries were read in pieces");
        }
        // Blank lines where the queries are cut: the same answers, still in pieces.
        let middle = text.len() / 2 + text[text.len() / 2..].find('\n').unwrap_or(0) + 1;
        for blank in ["\n", "\n\n \n", "  "] {
            let spaced = [&text[..middle], blank, &text[middle..]].concat();
            let before = merged();
            assert_eq!(with_jobs(&spaced, Some(2), false).unwrap().text, one, "{blank:?}");
            assert!(merged() > before, "{blank:?}");
        }
        // A first window that is not huge goes to the workers, and so do the windows after
        // it: a huge test case among them is read on two threads all the same.
        let mixed = [judge_text(1, 3), text.clone()].concat();
        assert!(mixed.len() - text.len() < super::outcomes::HALVES_FROM);
        let answers = with_jobs(&mixed, Some(1), false).unwrap().text;
        assert_eq!(answers.lines().count(), 20_000 + 120_000);
        assert_eq!(with_jobs(&mixed, Some(2), false).unwrap().text, answers);
        // A small test case first, in the same window: its queries end before the cut, and
        // what the other thread read from there is not used.
        let small = "2\n1 1\n0\n1 0\n1 1\n0\n";
        let both = [small, &text].concat();
        let answered = with_jobs(&both, Some(2), false).unwrap().text;
        assert_eq!(answered, ["WIN\nLOSE\n", &one].concat());
        // A piece out of range in the second half: located as one thread locates it.
        let bad = [&text[..middle], "1 1200\n", &text[middle..]].concat();
        let one_thread = with_jobs(&bad, Some(1), false).unwrap_err().report();
        assert!(
            one_thread.contains("piece position 1200 is outside 0..1199"),
            "{one_thread}"
        );
        assert_eq!(with_jobs(&bad, Some(2), false).unwrap_err().report(), one_thread);
    }

    #[test]
    fn the_queries_the_helper_reads_ahead_answer_as_one_thread_does() {
        use super::outcomes::{
            AWAIT_EARLY, EARLY_MOST_SET, EARLY_QUERIES, EARLY_TAKEN, FRONT_MOST, GRAPH_PIECES,
        };
        let text = one_huge_dag(1200, 120_000, 11, "\n");
        let one = with_jobs(&text, Some(1), false).unwrap().text;
        // The helper reads the last graph piece (so it knows where the queries start), and
        // this thread waits for it to stop reading ahead of itself.
        FRONT_MOST.set(GRAPH_PIECES / 2);
        AWAIT_EARLY.set(true);
        let early = || EARLY_QUERIES.get();
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let first_query = 1 + 1200;
        // A budget that ends the reading ahead among the queries, or one past the test case.
        for most in [1, 2_000, 1 << 20] {
            EARLY_MOST_SET.set(most);
            for line_end in ["\n", "\r\n", " \n"] {
                let spelled = text.replace('\n', line_end);
                let before = early();
                let answered = with_jobs(&spelled, Some(2), false).unwrap().text;
                assert_eq!(answered, one, "{most} {line_end:?}");
                let read = early() - before;
                assert!(read > 0, "{most} {line_end:?}: queries were read ahead");
                if most == 1 << 20 {
                    assert_eq!(read, 120_000, "every query, through the closing 0");
                }
            }
            // Blank lines among the queries read ahead, and at their start; among the
            // position lines, they put the helper's last piece off (it then starts reading
            // ahead elsewhere than where the queries start: what it reads is not used).
            for at in [10, 1_150, first_query, first_query + 3, first_query + 300] {
                let mut blank = lines.clone();
                blank.insert(at, "\n \n");
                let blank = blank.concat();
                let taken = EARLY_TAKEN.get();
                assert_eq!(
                    with_jobs(&blank, Some(2), false).unwrap().text,
                    one,
                    "{most} blank at {at}"
                );
                // Before the last graph piece, the blank lines put its start off.
                let off = at < 1_200 - 1_200 / GRAPH_PIECES;
                assert_eq!(
                    EARLY_TAKEN.get() - taken,
                    usize::from(!off),
                    "{most} blank at {at}"
                );
            }
            // A line that is not plain among them: the precise reader, the same answers.
            let mut doubled = lines.clone();
            let spaced = lines[first_query + 5].replacen(' ', "  ", 1);
            doubled[first_query + 5] = &spaced;
            assert_eq!(
                with_jobs(&doubled.concat(), Some(2), false).unwrap().text,
                one,
                "{most}"
            );
            // A piece out of range among them: located as one thread locates it.
            let mut bad = lines.clone();
            bad.insert(first_query + 7, "2 3 1200\n");
            let bad = bad.concat();
            let one_thread = with_jobs(&bad, Some(1), false).unwrap_err().report();
            assert!(
                one_thread.contains("piece position 1200 is outside 0..1199"),
                "{one_thread}"
            );
            assert_eq!(
                with_jobs(&bad, Some(2), false).unwrap_err().report(),
                one_thread,
                "{most}"
            );
        }
        EARLY_MOST_SET.set(1 << 20);
        // A graph of more than 2^16 positions: no reading ahead (its pieces would not fit in
        // 16 bits), the same answers.
        let n = 70_000;
        let mut wide = format!("{n}\n");
        for p in 0..n {
            let moves: Vec<String> = (p + 1..n).step_by(7_919).take(2).map(|q| q.to_string()).collect();
            wide += &format!("{}\n", [vec![moves.len().to_string()], moves].concat().join(" "));
        }
        for q in 0..100_000u64 {
            wide += &format!("2 {} {}\n", q * 7 % n, q * 13 % n);
        }
        wide += "0\n";
        assert!(wide.len() - wide.find("\n2 ").unwrap_or(0) > super::outcomes::HALVES_FROM);
        let before = early();
        let one_wide = with_jobs(&wide, Some(1), false).unwrap().text;
        assert_eq!(with_jobs(&wide, Some(2), false).unwrap().text, one_wide);
        assert_eq!(early(), before, "nothing was read ahead");
        AWAIT_EARLY.set(false);
        EARLY_MOST_SET.set(super::outcomes::EARLY_MOST);
        FRONT_MOST.set(usize::MAX);
    }

    #[test]
    fn the_position_lines_the_helper_reads_while_a_window_is_read_answer_as_one_thread_does() {
        use super::outcomes::{AWAIT_HEAD, HEAD_LINES, OFFER_MOST};
        // Two huge test cases, a window each: while this thread reads the second, the helper
        // reads its first position lines (this thread waits for it to read what it was
        // offered, so that how much it reads does not depend on the timing).
        let first = one_huge_dag(1200, 100_000, 12, "\n");
        let second = one_huge_dag(1200, 100_000, 13, "\n");
        assert!(first.len().min(second.len()) > super::outcomes::HALVES_FROM);
        AWAIT_HEAD.set(true);
        let read = |text: &str, most: usize| {
            OFFER_MOST.set(most);
            let before = HEAD_LINES.get();
            let answered = with_jobs(text, Some(2), false);
            (answered, HEAD_LINES.get() - before)
        };
        for line_end in ["\n", "\r\n", " \n"] {
            let text = (first.clone() + &second).replace('\n', line_end);
            let one = with_jobs(&text, Some(1), false).unwrap().text;
            // Offered nothing, the first line or so, about a tenth of the lines, or everything.
            for most in [0, 3_000, 200_000, usize::MAX] {
                let (answered, lines) = read(&text, most);
                assert_eq!(answered.unwrap().text, one, "{most} {line_end:?}");
                match most {
                    0 => assert_eq!(lines, 0, "{line_end:?}"),
                    usize::MAX => assert_eq!(lines, 1200, "every position line {line_end:?}"),
                    _ => assert!((1..1200).contains(&lines), "{most} {line_end:?}: {lines}"),
                }
            }
        }
        let text = first.clone() + &second;
        let one = with_jobs(&text, Some(1), false).unwrap().text;
        let lines: Vec<&str> = second.split_inclusive('\n').collect();
        // Blank lines before the test case, among the lines the helper reads, and after them:
        // it stops at them (and this thread reads on from where it stopped).
        for at in [0, 1, 40, 700] {
            let mut blank = lines.clone();
            blank.insert(at, "\n \n");
            let text = first.clone() + &blank.concat();
            let (answered, head) = read(&text, 200_000);
            assert_eq!(answered.unwrap().text, one, "blank at {at}");
            assert_eq!(head > 0, at != 1, "blank at {at}: {head}");
        }
        // A line that is not plain among them: the precise reader, the same answers.
        let mut doubled = lines.clone();
        let spaced = lines[5].replacen(' ', "  ", 1);
        doubled[5] = &spaced;
        let (answered, head) = read(&(first.clone() + &doubled.concat()), 200_000);
        assert_eq!(answered.unwrap().text, one);
        assert_eq!(head, 0, "the precise reader read the window");
        // A move out of range among them: located as one thread locates it.
        let mut bad = lines.clone();
        bad[5] = "2 3 1200\n";
        let bad = first.clone() + &bad.concat();
        let one_thread = with_jobs(&bad, Some(1), false).unwrap_err().report();
        assert!(one_thread.contains("1200"), "{one_thread}");
        assert_eq!(read(&bad, 200_000).0.unwrap_err().report(), one_thread);
        AWAIT_HEAD.set(false);
        OFFER_MOST.set(usize::MAX);
    }

    #[test]
    fn a_read_that_fails_midway_is_an_input_error_whatever_the_jobs() {
        /// The text's first `good` bytes, then a failing read.
        struct Failing<'t> {
            text: &'t [u8],
            good: usize,
        }
        impl std::io::Read for Failing<'_> {
            fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
                if self.good == 0 {
                    return Err(std::io::Error::other("the disk went away"));
                }
                let n = buffer.len().min(self.good).min(self.text.len());
                buffer[..n].copy_from_slice(&self.text[..n]);
                (self.text, self.good) = (&self.text[n..], self.good - n);
                Ok(n)
            }
        }
        // Windows for the workers; and huge test cases, the read failing while the helper
        // reads the next window's first lines.
        let huge = one_huge_dag(1200, 60_000, 5, "\n") + &one_huge_dag(1200, 60_000, 6, "\n");
        for text in [judge_text(4, 3), huge] {
            for jobs in [Some(1), Some(2), Some(3)] {
                let reader = Failing {
                    text: text.as_bytes(),
                    good: text.len() * 3 / 4,
                };
                let mut stream = Stream::new("judge.txt", reader);
                let request = Request {
                    jobs,
                    ..Request::default()
                };
                match answer(&mut stream, &request) {
                    Err(failure @ Failure::Io(_)) => {
                        let message = failure.report();
                        assert!(message.contains("judge.txt: the disk went away"), "{message}")
                    }
                    other => panic!("{jobs:?}: {other:?}"),
                }
            }
        }
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

//! The fast path's answers against one thread's and the precise reader's, for every way the
//! work may be shared. Each test asserts answers only, never which thread read what: the
//! answers are the same whatever the scheduling, and where a test needs a sharing to
//! happen (the helper reading every graph piece), it drives both sides on this thread.
#![cfg(test)]

use super::case::GraphBuffers;
use super::two_threads::SharedCase;
use super::window::plain_outcomes;
use super::{answer, Tuning};
use crate::grundy::{Form, Outcome, Request};
use crate::{Answer, Failure, Source, Stream};
use rand::{Rng, SeedableRng};
use tabletop_parse::grundy::{NotPlain, Plain};

/// A tuning that reads test cases of 4 KB and more on two threads, so that small texts
/// exercise the sharing.
fn small_huge(graph_pieces: usize, query_pieces: usize) -> Tuning {
    Tuning {
        min_window: 1 << 12,
        two_threads_from: 1 << 12,
        graph_pieces,
        query_pieces,
        ..Tuning::default()
    }
}

/// A judge input of `cases` test cases of 300 positions (moves to later positions in a
/// shuffled order), about 600 KB each, from a seeded generator.
fn judge_text(cases: usize, seed: u64) -> String {
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

/// One test case of `n` positions, each with moves to about a third of the others (cycles
/// among them), and `queries` queries.
fn one_huge_case(n: u64, queries: usize, seed: u64) -> String {
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
        text += &format!("1 {}\n", rng.random_range(0..n));
    }
    text + "0\n"
}

/// One test case of `n` positions (moves to about a third of the later ones, so every value
/// is finite) and `queries` queries of 1 to 4 pieces, spelled with `line_end`.
fn one_huge_dag(n: u64, queries: usize, seed: u64, line_end: &str) -> String {
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

/// The fast path's answer to `text` with `jobs` and `tuning`.
fn answered(text: &str, jobs: Option<usize>, keep_going: bool, tuning: &Tuning) -> Result<Answer, Failure> {
    let source = Source::new("judge.txt", text.as_bytes().to_vec());
    let mut stream = Stream::of(&source);
    answer(&mut stream, jobs, keep_going, tuning)
}

fn with_jobs(text: &str, jobs: Option<usize>, keep_going: bool) -> Result<Answer, Failure> {
    answered(text, jobs, keep_going, &Tuning::default())
}

/// The answers to the one test case of plain `text` with the helper's side run first, on
/// this thread: it reads every graph piece, which this thread then joins; the queries are
/// all read here. Also how many of the helper's pieces were joined.
fn helper_first(text: &str, tuning: &Tuning) -> Result<(Vec<Outcome>, usize), NotPlain> {
    let text = text.as_bytes();
    let mut plain = Plain::new(text);
    let positions = plain.positions()?.ok_or(NotPlain)?;
    let mut buffers = GraphBuffers::default();
    let mut outcomes = Vec::new();
    let (case, graph) = SharedCase::new(text, &plain, positions, &mut buffers, tuning);
    case.read_back_pieces();
    let read = case.answer_here(&mut plain, graph, &mut outcomes, &std::thread::current());
    let joined = case.joined();
    let plain = case.finish(read, plain, &mut buffers, &mut outcomes)?;
    assert_eq!(plain.offset(), text.len(), "the reader is past the test case");
    Ok((outcomes, joined))
}

#[test]
fn every_number_of_jobs_answers_alike_and_in_order() {
    let text = judge_text(4, 7);
    assert!(text.len() > 4 * Tuning::default().min_window);
    // The text is plain: the fast reader takes it whole.
    let mut outcomes = Vec::new();
    let read = plain_outcomes(text.as_bytes(), &mut GraphBuffers::default(), &mut outcomes, None);
    assert_eq!(read, Ok(4));
    let one = with_jobs(&text, Some(1), false).unwrap().text;
    assert_eq!(one.lines().count(), 80_000);
    for jobs in [Some(2), Some(3), None] {
        assert_eq!(with_jobs(&text, jobs, false).unwrap().text, one, "{jobs:?}");
        // Every test case on two threads too.
        assert_eq!(
            answered(&text, jobs, false, &small_huge(8, 12)).unwrap().text,
            one,
            "{jobs:?}"
        );
    }
    // Text that is not plain (here trailing spaces and `\r`) is read precisely, with the
    // same answers.
    let unusual = text.replacen("\n", " \r\n", 2_000);
    for jobs in [Some(1), Some(2)] {
        assert_eq!(with_jobs(&unusual, jobs, false).unwrap().text, one, "{jobs:?}");
    }
    // The precise reader alone (as `--json` reads): the same outcomes.
    let source = Source::new("judge.txt", text.as_bytes().to_vec());
    let mut stream = Stream::of(&source);
    let request = Request {
        form: Form::Json,
        ..Request::default()
    };
    let json = crate::grundy::answer(&mut stream, &request).unwrap().text;
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
        crate::grundy::answer(&mut stream, &request).unwrap_err().report()
    };
    assert!(
        precise.contains("piece position 300 is outside 0..299"),
        "{precise}"
    );
    for tuning in [Tuning::default(), small_huge(8, 12)] {
        for jobs in [Some(1), Some(2), Some(3)] {
            let first = answered(&bad, jobs, false, &tuning).unwrap_err().report();
            assert!(first.contains("judge.txt:"), "{first}");
            assert!(
                precise.contains(first.trim_end()),
                "{jobs:?}: {first}\nnot in\n{precise}"
            );
            let all = answered(&bad, jobs, true, &tuning).unwrap_err();
            assert_eq!(all.report(), precise, "{jobs:?}");
        }
    }
}

#[test]
fn a_huge_case_answers_as_one_thread_does_however_it_is_cut() {
    let cyclic = one_huge_case(300, 500, 5);
    let dag = one_huge_dag(400, 20_000, 9, "\n");
    for (text, positions) in [(&cyclic, 300), (&dag, 400)] {
        let one = with_jobs(text, Some(1), false).unwrap().text;
        for (graph, queries) in [(1, 1), (2, 3), (8, 12), (64, 40), (1000, 1000)] {
            let tuning = small_huge(graph, queries);
            assert_eq!(
                answered(text, Some(2), false, &tuning).unwrap().text,
                one,
                "{graph} {queries}"
            );
            // The helper reads every graph piece but the first, and this thread joins them.
            let (joined, pieces) = helper_first(text, &tuning).unwrap();
            assert_eq!(
                tabletop_render::grundy::answers_text(&joined),
                one,
                "{graph} {queries}"
            );
            assert_eq!(pieces, graph.min(positions), "every piece joined");
        }
    }
}

#[test]
fn every_spelling_and_blank_line_is_read_in_pieces_as_one_thread_reads_it() {
    let text = one_huge_dag(400, 20_000, 9, "\n");
    let one = with_jobs(&text, Some(1), false).unwrap().text;
    assert_eq!(one.lines().count(), 20_000);
    let tuning = small_huge(8, 12);
    for line_end in ["\n", "\r\n", " \n", " \r\n"] {
        let spelled = text.replace('\n', line_end);
        assert_eq!(
            answered(&spelled, Some(2), false, &tuning).unwrap().text,
            one,
            "{line_end:?}"
        );
        let (joined, pieces) = helper_first(&spelled, &tuning).unwrap();
        assert_eq!(
            tabletop_render::grundy::answers_text(&joined),
            one,
            "{line_end:?}"
        );
        assert_eq!(pieces, 8, "{line_end:?}");
    }
    // Blank lines among the position lines put the newline count off: the helper's pieces
    // from there on are read again from where the graph stands. Among the queries, where
    // they are cut, the same answers.
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for at in [1, 10, 199, 200, 201, 350, 401, 402, 5_000, 15_000] {
        for blank in ["\n", "\n\n \n", "  \n"] {
            let mut spaced = lines.clone();
            spaced.insert(at, blank);
            let spaced = spaced.concat();
            let shared = answered(&spaced, Some(2), false, &tuning).unwrap().text;
            assert_eq!(shared, one, "{blank:?} at {at}");
            let (joined, pieces) = helper_first(&spaced, &tuning).unwrap();
            assert_eq!(
                tabletop_render::grundy::answers_text(&joined),
                one,
                "{blank:?} at {at}"
            );
            // Before the last piece's start, the blank lines put the pieces after them off
            // (read again here); past it, every piece is joined.
            let last_start = 1 + 400 - 400 / 8;
            assert_eq!(pieces == 8, at >= last_start, "{blank:?} at {at}: {pieces}");
        }
    }
    // Text that is not plain in the second half: the precise reader, the same answers.
    let space = text.len() / 2 + text[text.len() / 2..].find(' ').unwrap_or(0);
    let unusual = [&text[..space], " ", &text[space..]].concat();
    assert_eq!(answered(&unusual, Some(2), false, &tuning).unwrap().text, one);
    assert_eq!(helper_first(&unusual, &tuning), Err(NotPlain));
}

#[test]
fn huge_cases_among_others_answer_as_one_thread_does() {
    let huge = one_huge_dag(1200, 120_000, 9, "\n");
    assert!(huge.len() > Tuning::default().two_threads_from);
    let one = with_jobs(&huge, Some(1), false).unwrap().text;
    assert_eq!(with_jobs(&huge, Some(2), false).unwrap().text, one);
    // A first window that is not huge goes to the workers, and so do the windows after it:
    // a huge test case among them is read on two threads all the same.
    let mixed = [judge_text(1, 3), huge.clone()].concat();
    let answers = with_jobs(&mixed, Some(1), false).unwrap().text;
    assert_eq!(answers.lines().count(), 20_000 + 120_000);
    assert_eq!(with_jobs(&mixed, Some(2), false).unwrap().text, answers);
    // A small test case first, in the same window: its queries end before the cut, and
    // what the other thread read from there is not used.
    let small = "2\n1 1\n0\n1 0\n1 1\n0\n";
    let both = [small, &huge].concat();
    assert_eq!(
        with_jobs(&both, Some(2), false).unwrap().text,
        ["WIN\nLOSE\n", &one].concat()
    );
    // A piece out of range in the second half: located as one thread locates it.
    let middle = huge.len() / 2 + huge[huge.len() / 2..].find('\n').unwrap_or(0) + 1;
    let bad = [&huge[..middle], "1 1200\n", &huge[middle..]].concat();
    let one_thread = with_jobs(&bad, Some(1), false).unwrap_err().report();
    assert!(
        one_thread.contains("piece position 1200 is outside 0..1199"),
        "{one_thread}"
    );
    assert_eq!(with_jobs(&bad, Some(2), false).unwrap_err().report(), one_thread);
    // A move out of range among the position lines: the same.
    let mut lines: Vec<&str> = huge.split_inclusive('\n').collect();
    lines[1_000] = "2 3 1200\n";
    let bad = lines.concat();
    let one_thread = with_jobs(&bad, Some(1), false).unwrap_err().report();
    assert!(one_thread.contains("1200"), "{one_thread}");
    assert_eq!(with_jobs(&bad, Some(2), false).unwrap_err().report(), one_thread);
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
    // Windows for the workers; and huge test cases, the read failing between them.
    let huge = one_huge_dag(1200, 60_000, 5, "\n") + &one_huge_dag(1200, 60_000, 6, "\n");
    for text in [judge_text(4, 3), huge] {
        for jobs in [Some(1), Some(2), Some(3)] {
            let reader = Failing {
                text: text.as_bytes(),
                good: text.len() * 3 / 4,
            };
            let mut stream = Stream::new("judge.txt", reader);
            match answer(&mut stream, jobs, false, &Tuning::default()) {
                Err(Failure::Io(message)) => {
                    assert!(
                        message.to_string().contains("judge.txt: the disk went away"),
                        "{message}"
                    )
                }
                other => panic!("{jobs:?}: {other:?}"),
            }
        }
    }
}

//! The judge's answers (`WIN`, `LOSE` or `DRAW` per query) the fast way, on every core
//! asked for: one entry, [`answer`], which `grundy.rs` calls for its plain form.
//!
//! The input is cut into windows of whole test cases as it is read ([`Windows`]). Each
//! window is read in one pass ([`window::plain_outcomes`]: the values computed as soon as
//! the graph is read, each query answered as it is read, no query stored); a window that is
//! not plain text is read again by the precise reader, numbered on from the test cases
//! before it, so that its errors are located and worded exactly as when the input is read
//! in one piece.
//!
//! With more than one job, the first window decides how the work is shared:
//! - a huge test case (at least [`Tuning::two_threads_from`] bytes): every window is read
//!   on this thread, each huge test case on two at once ([`two_threads`]); only one window
//!   is in memory, as with one job (a test case's text is most of the memory);
//! - windows of smaller test cases: `jobs` workers take turns at reading the next window and
//!   answer their windows meanwhile ([`workers`]); this thread puts the answers in order.

mod case;
mod tests;
mod two_threads;
mod window;
mod workers;

use std::collections::BTreeMap;

use tabletop_control::SpinThenPark;
use tabletop_parse::grundy::{CaseSplitter, NotPlain, Resume};
use tabletop_parse::ParseError;

use super::{Outcome, Position};
use crate::keep_going::Problems;
use crate::{Answer, Failure, Stream, Window};

/// How the fast path shares its work: sizes and counts, passed in as a value. The default
/// is what measured best on the two cores of the benchmark machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Tuning {
    /// Test cases are put together into windows of at least this many bytes (while the
    /// input lasts), so that small test cases do not cost a hand-over each.
    pub(super) min_window: usize,
    /// A test case whose text (with what follows it in its window) is at least this long
    /// is read on two threads at once, when more than one job is asked for.
    pub(super) two_threads_from: usize,
    /// Pieces a huge test case's position lines are cut into: this thread takes them from
    /// the first on, the helper from the last back.
    pub(super) graph_pieces: usize,
    /// Pieces a huge test case's queries are cut into, taken by whichever thread is free.
    pub(super) query_pieces: usize,
    /// How the helper waits for the graph's values. It parks at once by default: spinning
    /// measured no faster on the benchmark file, and on one core it would keep the core
    /// from the thread computing the values.
    pub(super) wait: SpinThenPark,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            min_window: 1 << 18,
            two_threads_from: 1 << 20,
            graph_pieces: 8,
            query_pieces: 12,
            wait: SpinThenPark::default().parking(),
        }
    }
}

/// The plain answers (the judge's output: every test case, an outcome a line) to `input`,
/// on `jobs` threads (`None`: one per core). The answers are the same, in input order,
/// whatever the number.
///
/// # Errors
/// [`Failure::Io`] when reading fails; [`Failure::Invalid`] for a bad input (with
/// `keep_going`, after every test case has been read).
pub(super) fn answer(
    input: &mut Stream<'_>,
    jobs: Option<usize>,
    keep_going: bool,
    tuning: &Tuning,
) -> Result<Answer, Failure> {
    let jobs = jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let tuning = *tuning;
    let name = input.name().to_owned();
    let mut order = InOrder::new(&name, keep_going);
    let mut windows = Windows::new(tuning.min_window);
    let mut buffers = window::Buffers::default();
    if jobs == 1 {
        in_place(input, &mut windows, &mut order, &mut buffers, None)?;
        return order.finish(input);
    }
    // The first window decides: windows of huge test cases (or a single window) are read
    // here, others go to the workers.
    let Some((span, lines_before)) = input.next_window_span(|text| windows.split(text))? else {
        return order.finish(input);
    };
    let buffer = input.lend();
    let first = buffer.get(span.clone()).unwrap_or_default();
    if span.len() >= tuning.min_window && span.len() < tuning.two_threads_from {
        let first = (first.to_vec(), lines_before);
        input.restore(buffer);
        workers::answer(input, windows, first, jobs, &mut order, &tuning)?;
    } else {
        let answered = order.answer_in_place(
            &Window::new(&name, first, lines_before),
            &mut buffers,
            Some(&tuning),
        );
        input.restore(buffer);
        answered?;
        in_place(input, &mut windows, &mut order, &mut buffers, Some(&tuning))?;
    }
    order.finish(input)
}

/// A window's result.
enum Done {
    /// Plain text: the answers of its test cases.
    Plain { outcomes: Vec<Outcome>, cases: usize },
    /// Not plain: the window, for the precise reader.
    NotPlain { bytes: Vec<u8>, lines_before: usize },
}

/// Every window on this thread, read in place (one buffer, as [`Stream::next_window`] keeps),
/// each huge test case on two threads at once with `two_threads`.
fn in_place(
    input: &mut Stream<'_>,
    windows: &mut Windows,
    order: &mut InOrder<'_>,
    buffers: &mut window::Buffers,
    two_threads: Option<&Tuning>,
) -> Result<(), Failure> {
    while !order.stopped {
        let Some(window) = input.next_window(|text| windows.split(text))? else {
            break;
        };
        order.answer_in_place(&window, buffers, two_threads)?;
    }
    Ok(())
}

/// Cuts the input into windows: whole test cases (as [`CaseSplitter`] finds them), together
/// up to `min_window` bytes when they are small.
struct Windows {
    splitter: CaseSplitter,
    min_window: usize,
    /// The bytes and lines of the whole test cases found so far in the window.
    length: usize,
    lines: usize,
}

impl Windows {
    fn new(min_window: usize) -> Self {
        Windows {
            splitter: CaseSplitter::default(),
            min_window,
            length: 0,
            lines: 0,
        }
    }

    /// The next window's length and lines in `text` (the input not yet handed out), or
    /// `None` while its last test case has not been read whole.
    fn split(&mut self, text: &[u8]) -> Option<(usize, usize)> {
        loop {
            match self.splitter.next_case(text.get(self.length..)?) {
                Some((length, lines)) => {
                    self.length += length;
                    self.lines += lines;
                    if self.length >= self.min_window {
                        return self.cut();
                    }
                }
                None if self.length > 0 => return self.cut(),
                None => return None,
            }
        }
    }

    fn cut(&mut self) -> Option<(usize, usize)> {
        let cut = (self.length, self.lines);
        (self.length, self.lines) = (0, 0);
        Some(cut)
    }
}

/// The windows' results put back in input order, as they come.
struct InOrder<'n> {
    name: &'n str,
    keep_going: bool,
    /// The next window to put in.
    next: usize,
    waiting: BTreeMap<usize, Done>,
    /// Test cases so far (for the numbers in messages).
    cases: usize,
    problems: Problems,
    outcomes: Vec<Outcome>,
    /// A window stopped the reading at a syntax error: what follows is not read.
    stopped: bool,
}

impl<'n> InOrder<'n> {
    fn new(name: &'n str, keep_going: bool) -> Self {
        InOrder {
            name,
            keep_going,
            next: 0,
            waiting: BTreeMap::new(),
            cases: 0,
            problems: Problems::new(keep_going),
            outcomes: Vec::new(),
            stopped: false,
        }
    }

    /// Window `index`'s result; the windows that are next in order are put in.
    fn take(&mut self, index: usize, done: Done) -> Result<(), Failure> {
        self.waiting.insert(index, done);
        while let Some(done) = self.waiting.remove(&self.next) {
            self.next += 1;
            if self.stopped {
                continue;
            }
            match done {
                Done::Plain { outcomes, cases } => {
                    self.outcomes.extend_from_slice(&outcomes);
                    self.cases += cases;
                }
                Done::NotPlain { bytes, lines_before } => {
                    let window = Window::new(self.name, &bytes, lines_before);
                    self.precise(&window)?;
                }
            }
        }
        Ok(())
    }

    /// A window read on this thread, the fast way or else by the precise reader.
    fn answer_in_place(
        &mut self,
        window: &Window<'_>,
        buffers: &mut window::Buffers,
        two_threads: Option<&Tuning>,
    ) -> Result<(), Failure> {
        let outcomes = &mut buffers.outcomes;
        outcomes.clear();
        match window::plain_outcomes(window.bytes(), &mut buffers.graph, outcomes, two_threads) {
            Ok(cases) => {
                self.outcomes.extend_from_slice(outcomes);
                self.cases += cases;
                Ok(())
            }
            Err(NotPlain) => self.precise(window),
        }
    }

    /// A window read by the precise reader, as the one-thread path of `grundy.rs` reads it.
    fn precise(&mut self, window: &Window<'_>) -> Result<(), Failure> {
        let mut cases =
            tabletop_parse::grundy::cases(window.bytes()).resume(Resume::after(self.cases, self.keep_going));
        for case in cases.by_ref() {
            self.cases += 1;
            let number = self.cases;
            let case = match case {
                Ok(case) => case,
                Err(error) => {
                    self.problems.problem(window.problem(&error).in_case(number))?;
                    continue;
                }
            };
            let values = case.value.graph.values();
            let mut answered = Ok(());
            for pieces in case.value.queries.iter() {
                match values.outcome(pieces) {
                    Ok(outcome) => self.outcomes.push(outcome),
                    Err(e) => {
                        // The parser checks every piece; this is a safety net.
                        let message = format!("test case {number} (it starts here): {e}");
                        let problem = window.problem(&ParseError::new(case.span.clone(), message));
                        answered = Err(Failure::invalid(problem.in_case(number)));
                        break;
                    }
                }
            }
            self.problems.case(answered)?;
        }
        self.stopped = cases.stopped();
        Ok(())
    }

    /// The answer: every outcome on its line, written in the memory of the input's buffer
    /// (which is then no longer needed, and already in place).
    fn finish(self, input: &mut Stream<'_>) -> Result<Answer, Failure> {
        let spent = input.release();
        self.problems.finish(Answer {
            text: tabletop_render::grundy::answers_text_in(spent, &self.outcomes),
            picture: None,
            notes: input.notes(),
        })
    }
}

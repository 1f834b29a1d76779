//! The judge's answers (`WIN`, `LOSE` or `DRAW` per query) on every core: the input is cut
//! into windows of whole test cases as it is read, the windows are answered on as many
//! threads as asked, and the answers are put back in input order.
//!
//! With more than one job, this thread reads and cuts the input and puts the answers in
//! order while `jobs` helper threads answer the windows (the reading is a fraction of the
//! work, so the cores stay busy); with one job, or an input of one small window, everything
//! happens on this thread.
//!
//! Each window is read the fast way ([`Plain`]: one pass, the values computed as soon as the
//! graph is read, each query answered as it is read, no query stored). A window that is not
//! plain text is read again by the precise reader, numbered on from the test cases before
//! it, so its errors are located and worded exactly as when the input is read in one piece.

use std::collections::BTreeMap;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Mutex;

use tabletop_parse::grundy::{CaseSplitter, NotPlain, Plain, Resume};

use super::{answer_case, Output, Request};
use super::{Outcome, Position};
use crate::keep_going::Problems;
use crate::{Answer, Failure, Stream, Window};

/// Test cases are put together into windows of at least this many bytes (while the input
/// lasts), so that small test cases do not cost a hand-over each.
pub(super) const MIN_WINDOW: usize = 1 << 18;

/// One window handed to a thread: its place in the input, its text, the lines before it.
struct Work {
    index: usize,
    bytes: Vec<u8>,
    lines_before: usize,
}

/// A window's result.
enum Done {
    /// Plain text: the answers of its test cases, and the window's buffer for reuse.
    Plain {
        outcomes: Vec<Outcome>,
        cases: usize,
        bytes: Vec<u8>,
    },
    /// Not plain: the window, for the precise reader.
    NotPlain { bytes: Vec<u8>, lines_before: usize },
}

/// The CSR buffers one thread reuses from test case to test case.
#[derive(Default)]
pub(super) struct Csr {
    offsets: Vec<u32>,
    successors: Vec<Position>,
}

/// The plain answers of `request` (no `--case`, the judge's output) to `input`.
pub(super) fn answer(input: &mut Stream<'_>, request: &Request) -> Result<Answer, Failure> {
    let jobs = request
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let name = input.name().to_owned();
    let mut order = InOrder::new(&name, request.keep_going);
    let mut windows = Windows::default();
    if jobs == 1 {
        one_thread(input, &mut windows, &mut order)?;
        input.release();
        return order.finish(input.notes());
    }
    let mut spare: Option<Vec<u8>> = None;
    let mut csr = Csr::default();
    // A rendezvous channel: a window is handed over to a helper that waits for one.
    let (work, inbox) = mpsc::sync_channel::<Work>(0);
    let inbox = Mutex::new(inbox);
    let (report, results) = mpsc::channel::<(usize, Done)>();
    std::thread::scope(|scope| -> Result<(), Failure> {
        let (work, report) = (work, report);
        let (mut helpers, mut busy) = (0, 0);
        let mut index = 0;
        while !order.stopped {
            // With every helper busy, the next window is read only once one is done: at most
            // `jobs` windows are in memory besides the text being read.
            while helpers > 0 && busy == helpers {
                let Ok((at, done)) = results.recv() else {
                    break;
                };
                busy -= 1;
                order.take(at, done, &mut spare)?;
            }
            let buffer = spare.take().unwrap_or_default();
            let Some((bytes, lines_before)) = input.next_owned_window(|text| windows.split(text), buffer)?
            else {
                break;
            };
            let big = bytes.len() >= MIN_WINDOW;
            let piece = Work {
                index,
                bytes,
                lines_before,
            };
            index += 1;
            if jobs > 1 && (big || index > 1) {
                while helpers < jobs {
                    helpers += 1;
                    let (inbox, report) = (&inbox, report.clone());
                    scope.spawn(move || help(inbox, &report));
                }
                // A helper is free: this thread only reads and puts in order.
                match work.send(piece) {
                    Ok(()) => busy += 1,
                    Err(mpsc::SendError(piece)) => {
                        let done = answer_window(piece.bytes, piece.lines_before, &mut csr);
                        order.take(piece.index, done, &mut spare)?;
                    }
                }
            } else {
                let done = answer_window(piece.bytes, piece.lines_before, &mut csr);
                order.take(piece.index, done, &mut spare)?;
            }
            while let Ok((at, done)) = results.try_recv() {
                busy -= 1;
                order.take(at, done, &mut spare)?;
            }
        }
        // The helpers end once no window is left; their last results follow.
        drop(work);
        drop(report);
        for (at, done) in results {
            order.take(at, done, &mut spare)?;
        }
        Ok(())
    })?;
    drop((spare, csr));
    input.release();
    order.finish(input.notes())
}

/// Every window on this thread, read in place (one buffer, as [`Stream::next_window`] keeps).
fn one_thread(input: &mut Stream<'_>, windows: &mut Windows, order: &mut InOrder<'_>) -> Result<(), Failure> {
    let mut csr = Csr::default();
    let mut outcomes = Vec::new();
    while !order.stopped {
        let Some(window) = input.next_window(|text| windows.split(text))? else {
            break;
        };
        outcomes.clear();
        match plain_outcomes(window.bytes(), &mut csr, &mut outcomes) {
            Ok(cases) => {
                order.outcomes.extend_from_slice(&outcomes);
                order.cases += cases;
            }
            Err(NotPlain) => order.precise(&window)?,
        }
    }
    Ok(())
}

/// A helper thread: windows from `inbox` until there are no more, results to `report`.
fn help(inbox: &Mutex<Receiver<Work>>, report: &Sender<(usize, Done)>) {
    let mut csr = Csr::default();
    loop {
        // The lock is held only while waiting: one thread at a time waits for the next window.
        let piece = match inbox.lock() {
            Ok(inbox) => inbox.recv(),
            Err(_) => return,
        };
        let Ok(piece) = piece else {
            return;
        };
        let done = answer_window(piece.bytes, piece.lines_before, &mut csr);
        if report.send((piece.index, done)).is_err() {
            return;
        }
    }
}

/// One window read the fast way, or handed back for the precise reader.
fn answer_window(bytes: Vec<u8>, lines_before: usize, csr: &mut Csr) -> Done {
    let mut outcomes = Vec::new();
    match plain_outcomes(&bytes, csr, &mut outcomes) {
        Ok(cases) => Done::Plain {
            outcomes,
            cases,
            bytes,
        },
        Err(NotPlain) => Done::NotPlain { bytes, lines_before },
    }
}

/// The answers of every test case of plain `text`, and the number of test cases.
pub(super) fn plain_outcomes(
    text: &[u8],
    csr: &mut Csr,
    outcomes: &mut Vec<Outcome>,
) -> Result<usize, NotPlain> {
    let mut plain = Plain::new(text);
    let mut cases = 0;
    loop {
        let (offsets, successors) = (
            std::mem::take(&mut csr.offsets),
            std::mem::take(&mut csr.successors),
        );
        let Some(graph) = plain.graph(offsets, successors)? else {
            return Ok(cases);
        };
        cases += 1;
        let values = graph.values();
        if let Some(finite) = values.as_finite() {
            // Every piece is below N (the reader checked): the XOR of their values.
            plain.queries(graph.len(), |pieces| {
                let xor = pieces.iter().fold(0, |xor, &p| xor ^ finite[p as usize]);
                outcomes.push(if xor == 0 { Outcome::Lose } else { Outcome::Win });
            })?;
        } else {
            let mut outside = false;
            plain.queries(graph.len(), |pieces| match values.outcome(pieces) {
                Ok(outcome) => outcomes.push(outcome),
                Err(_) => outside = true,
            })?;
            if outside {
                return Err(NotPlain);
            }
        }
        (csr.offsets, csr.successors) = graph.into_csr();
    }
}

/// Cuts the input into windows: whole test cases (as [`CaseSplitter`] finds them), together
/// up to [`MIN_WINDOW`] bytes when they are small.
#[derive(Default)]
struct Windows {
    splitter: CaseSplitter,
    /// The bytes and lines of the whole test cases found so far in the window.
    length: usize,
    lines: usize,
}

impl Windows {
    fn split(&mut self, text: &[u8]) -> Option<(usize, usize)> {
        loop {
            match self.splitter.next_case(text.get(self.length..)?) {
                Some((length, lines)) => {
                    self.length += length;
                    self.lines += lines;
                    if self.length >= MIN_WINDOW {
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

    /// Window `index`'s result; the windows that are next in order are put in (a finished
    /// buffer goes to `spare`, for the next read).
    fn take(&mut self, index: usize, done: Done, spare: &mut Option<Vec<u8>>) -> Result<(), Failure> {
        self.waiting.insert(index, done);
        while let Some(done) = self.waiting.remove(&self.next) {
            self.next += 1;
            if self.stopped {
                continue;
            }
            match done {
                Done::Plain {
                    outcomes,
                    cases,
                    bytes,
                } => {
                    self.outcomes.extend_from_slice(&outcomes);
                    self.cases += cases;
                    if spare.is_none() {
                        *spare = Some(bytes);
                    }
                }
                Done::NotPlain { bytes, lines_before } => {
                    let window = Window::new(self.name, &bytes, lines_before);
                    self.precise(&window)?;
                }
            }
        }
        Ok(())
    }

    /// A window read by the precise reader, as the one-thread path reads it.
    fn precise(&mut self, window: &Window<'_>) -> Result<(), Failure> {
        let request = Request {
            keep_going: self.keep_going,
            ..Request::default()
        };
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
            let located = |e: tabletop_grundy::PieceError| {
                let message = format!("test case {number} (it starts here): {e}");
                window
                    .problem(&tabletop_parse::ParseError::new(case.span.clone(), message))
                    .in_case(number)
            };
            let output = Output::Outcomes(&mut self.outcomes);
            self.problems
                .case(answer_case(&request, number, &case.value, output, located))?;
        }
        self.stopped = cases.stopped();
        Ok(())
    }

    /// The answer: every outcome on its line.
    fn finish(self, notes: Vec<String>) -> Result<Answer, Failure> {
        let mut text = String::with_capacity(self.outcomes.len() * 5);
        for outcome in self.outcomes {
            text.push_str(outcome.as_str());
            text.push('\n');
        }
        self.problems.finish(Answer {
            text,
            picture: None,
            notes,
        })
    }
}

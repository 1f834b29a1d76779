//! The judge's answers (`WIN`, `LOSE` or `DRAW` per query) on every core: the input is cut
//! into windows of whole test cases as it is read, the windows are answered on as many
//! threads as asked, and the answers are put back in input order.
//!
//! With more than one job, the first window decides how. When it is one huge test case (at
//! least [`HALVES_FROM`] bytes), every window is read in place on this thread and each huge
//! test case on two threads at once: its position lines in two halves, then its queries in
//! pieces taken by whichever thread is free. Only one window is in memory, as with one job: two windows in flight
//! would double the memory for the text (and a test case's text is most of it). Otherwise,
//! `jobs` worker threads take turns at the input: a worker locks it, reads and cuts the
//! next window, lets go and answers that window while the next worker reads, so that
//! reading never waits for answering and every core answers; this thread only puts the
//! answers in order. With one job, or an input of one small window, everything happens on
//! this thread.
//!
//! Each window is read the fast way ([`Plain`]: one pass, the values computed as soon as the
//! graph is read, each query answered as it is read, no query stored). A window that is not
//! plain text is read again by the precise reader, numbered on from the test cases before
//! it, so its errors are located and worded exactly as when the input is read in one piece.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::Mutex;

use tabletop_parse::grundy::{CaseSplitter, NotPlain, Plain, QueriesRead, Resume};

use super::{answer_case, Output, Request};
use super::{Outcome, Position};
use crate::keep_going::Problems;
use crate::{Answer, Failure, Stream, Window};

/// Test cases are put together into windows of at least this many bytes (while the input
/// lasts), so that small test cases do not cost a hand-over each.
pub(super) const MIN_WINDOW: usize = 1 << 18;

/// A window's result.
enum Done {
    /// Plain text: the answers of its test cases.
    Plain { outcomes: Vec<Outcome>, cases: usize },
    /// Not plain: the window, for the precise reader.
    NotPlain { bytes: Vec<u8>, lines_before: usize },
}

/// The CSR buffers one thread reuses from test case to test case.
#[derive(Default)]
pub(super) struct Csr {
    offsets: Vec<u32>,
    successors: Vec<Position>,
    /// The second half's moves, when a graph is read in two halves.
    second_offsets: Vec<u32>,
    second_successors: Vec<Position>,
}

/// The buffers of the windows answered in place, one after another.
#[derive(Default)]
struct Buffers {
    csr: Csr,
    /// The window's answers (put in order once the whole window is known to be plain).
    outcomes: Vec<Outcome>,
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
        one_thread(
            input,
            &mut windows,
            &mut order,
            &mut Buffers::default(),
            Halves::OneThread,
        )?;
        input.release();
        return order.finish(input.notes());
    }
    // The first window decides. An input of one small window is answered here. A window of
    // a huge test case is answered in two halves at once, and so is every other: the text
    // in memory is one window, as with one job. Otherwise windows go to the workers.
    let Some(first) = input.next_window(|text| windows.split(text))? else {
        input.release();
        return order.finish(input.notes());
    };
    let halves = if first.bytes().len() >= HALVES_FROM {
        Halves::Allowed
    } else {
        Halves::OneThread
    };
    if first.bytes().len() < MIN_WINDOW || halves == Halves::Allowed {
        let mut buffers = Buffers::default();
        order.answer_in_place(&first, &mut buffers, halves)?;
        one_thread(input, &mut windows, &mut order, &mut buffers, halves)?;
    } else {
        let first = (first.bytes().to_vec(), first.lines_before());
        let turns = Turns {
            input: Mutex::new(Reading {
                input: &mut *input,
                windows,
                first: Some(first),
                next_index: 0,
                over: false,
            }),
            stop: AtomicBool::new(false),
        };
        on_workers(&turns, jobs, &mut order)?;
    }
    input.release();
    order.finish(input.notes())
}

/// The input the workers take turns at.
struct Reading<'s, 'r> {
    input: &'s mut Stream<'r>,
    windows: Windows,
    /// The window read before the workers started.
    first: Option<(Vec<u8>, usize)>,
    /// The input-order number of the next window.
    next_index: usize,
    /// Nothing more to read (the end, or a read that failed).
    over: bool,
}

/// What the workers share: the input, and a flag that tells them to stop reading.
struct Turns<'s, 'r> {
    input: Mutex<Reading<'s, 'r>>,
    stop: AtomicBool,
}

/// Every window answered by `jobs` workers, the answers put in order on this thread as they
/// come.
fn on_workers(turns: &Turns<'_, '_>, jobs: usize, order: &mut InOrder<'_>) -> Result<(), Failure> {
    let (report, results) = mpsc::channel::<(usize, Result<Done, Failure>)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let report = report.clone();
            scope.spawn(move || work(turns, &report));
        }
        drop(report);
        let mut put = || -> Result<(), Failure> {
            for (index, result) in &results {
                order.take(index, result?)?;
                if order.stopped {
                    break;
                }
            }
            Ok(())
        };
        let outcome = put();
        // A failure or a stop: the workers read no further (the one answering finishes).
        turns.stop.store(true, Ordering::Relaxed);
        outcome
    })
}

/// A worker: reads the next window in its turn, answers it, reports, until the input ends.
fn work(turns: &Turns<'_, '_>, report: &Sender<(usize, Result<Done, Failure>)>) {
    let mut csr = Csr::default();
    let mut spare = Vec::new();
    while !turns.stop.load(Ordering::Relaxed) {
        let Some((index, window)) = next_turn(turns, std::mem::take(&mut spare)) else {
            return;
        };
        let result = window.map(|(bytes, lines_before)| {
            answer_window(bytes, lines_before, &mut csr, Halves::Allowed, &mut spare)
        });
        if report.send((index, result)).is_err() {
            return;
        }
    }
}

/// A window's input-order number, and its text and the lines before it (or the read's failure).
type Turn = (usize, Result<(Vec<u8>, usize), Failure>);

/// The next window, read in this worker's turn (into `spare`, a finished window's buffer);
/// `None` once the input is over.
fn next_turn(turns: &Turns<'_, '_>, spare: Vec<u8>) -> Option<Turn> {
    let mut reading = turns.input.lock().ok()?;
    let reading = &mut *reading;
    if reading.over {
        return None;
    }
    let index = reading.next_index;
    reading.next_index += 1;
    if let Some(first) = reading.first.take() {
        return Some((index, Ok(first)));
    }
    let windows = &mut reading.windows;
    match reading.input.next_owned_window(|text| windows.split(text), spare) {
        Ok(Some(window)) => Some((index, Ok(window))),
        Ok(None) => {
            reading.over = true;
            None
        }
        Err(failure) => {
            reading.over = true;
            Some((index, Err(failure)))
        }
    }
}

/// Every window on this thread, read in place (one buffer, as [`Stream::next_window`] keeps),
/// each huge test case in two halves at once when `halves` allows.
fn one_thread(
    input: &mut Stream<'_>,
    windows: &mut Windows,
    order: &mut InOrder<'_>,
    buffers: &mut Buffers,
    halves: Halves,
) -> Result<(), Failure> {
    while !order.stopped {
        let Some(window) = input.next_window(|text| windows.split(text))? else {
            break;
        };
        order.answer_in_place(&window, buffers, halves)?;
    }
    Ok(())
}

/// One window read the fast way (its buffer then goes to `spare`, to be read into again), or
/// handed back for the precise reader.
fn answer_window(
    bytes: Vec<u8>,
    lines_before: usize,
    csr: &mut Csr,
    halves: Halves,
    spare: &mut Vec<u8>,
) -> Done {
    let mut outcomes = Vec::new();
    match plain_outcomes(&bytes, csr, &mut outcomes, halves) {
        Ok(cases) => {
            // The buffer is read into again.
            *spare = bytes;
            Done::Plain { outcomes, cases }
        }
        Err(NotPlain) => Done::NotPlain { bytes, lines_before },
    }
}

/// Whether a huge graph's position lines may be read in two halves on two threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Halves {
    /// Everything on the calling thread (`--jobs 1`).
    OneThread,
    /// A graph of [`HALVES_FROM`] bytes or more is read in two halves at once.
    Allowed,
}

/// Test cases whose text (with what follows in the window) is at least this long are read in
/// two halves at once (with more than one job): their position lines, then their queries.
/// One test case that is most of a window then still uses two cores, with no second window
/// in memory.
pub(super) const HALVES_FROM: usize = 1 << 20;

/// The answers of every test case of plain `text`, and the number of test cases.
pub(super) fn plain_outcomes(
    text: &[u8],
    csr: &mut Csr,
    outcomes: &mut Vec<Outcome>,
    halves: Halves,
) -> Result<usize, NotPlain> {
    let mut plain = Plain::new(text);
    let mut cases = 0;
    loop {
        let Some(positions) = plain.positions()? else {
            return Ok(cases);
        };
        let graph = read_graph(text, &mut plain, positions, csr, halves)?;
        cases += 1;
        let values = graph.values();
        if let Some(finite) = values.as_finite() {
            let huge = halves == Halves::Allowed && text.len() - plain.offset() >= HALVES_FROM;
            if huge {
                plain = queries_in_pieces(text, plain, finite, outcomes)?;
            } else {
                fold_outcomes(&mut plain, finite, usize::MAX, outcomes)?;
            }
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

/// The outcomes of the queries `plain` is at, on a graph of finite `values`, up to offset
/// `until` or the end of the test case.
#[inline]
fn fold_outcomes(
    plain: &mut Plain<'_>,
    values: &[u32],
    until: usize,
    outcomes: &mut Vec<Outcome>,
) -> Result<QueriesRead, NotPlain> {
    // Every piece is below N (the reader checked): the XOR of their values.
    plain.fold_queries_until(
        values.len(),
        until,
        0,
        |xor, piece| xor ^ values[piece as usize],
        |xor| outcomes.push(if xor == 0 { Outcome::Lose } else { Outcome::Win }),
    )
}

/// Pieces the queries of a huge test case are cut into, taken by whichever of the two
/// threads is free (so that one thread held up elsewhere delays the other little).
const QUERY_PIECES: usize = 8;

/// One piece's result: where its reading stopped and its answers.
type PieceRead = (Result<(QueriesRead, usize), NotPlain>, Vec<Outcome>);

/// The queries `plain` is at, read in [`QUERY_PIECES`] pieces from line starts on two
/// threads at once; the reader past the test case.
fn queries_in_pieces<'t>(
    text: &'t [u8],
    plain: Plain<'t>,
    values: &[u32],
    outcomes: &mut Vec<Outcome>,
) -> Result<Plain<'t>, NotPlain> {
    let start = plain.offset();
    let step = (text.len() - start) / QUERY_PIECES;
    let mut cuts = vec![start];
    for piece in 1..QUERY_PIECES {
        match plain.next_line_start(start + piece * step) {
            Some(cut) if cuts.last().is_some_and(|&last| cut > last) => cuts.push(cut),
            _ => {}
        }
    }
    // The last piece reads to the end of the test case.
    cuts.push(usize::MAX);
    let pieces = cuts.len() - 1;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let reads: Vec<Mutex<Option<PieceRead>>> = (0..pieces).map(|_| Mutex::new(None)).collect();
    let take_pieces = || loop {
        let piece = next.fetch_add(1, Ordering::Relaxed);
        let (Some(&from), Some(&until), Some(slot)) =
            (cuts.get(piece), cuts.get(piece + 1), reads.get(piece))
        else {
            return;
        };
        let mut reader = Plain::at(text, from);
        let mut answers = Vec::new();
        let read =
            fold_outcomes(&mut reader, values, until, &mut answers).map(|read| (read, reader.offset()));
        if let Ok(mut slot) = slot.lock() {
            *slot = Some((read, answers));
        }
    };
    std::thread::scope(|scope| {
        let helper = scope.spawn(take_pieces);
        take_pieces();
        if let Err(panic) = helper.join() {
            std::panic::resume_unwind(panic);
        }
    });
    for slot in reads {
        let read = slot.into_inner().ok().flatten();
        let Some((read, answers)) = read else {
            return Err(NotPlain);
        };
        let (read, end) = read?;
        outcomes.extend_from_slice(&answers);
        match read {
            // The piece stopped where the next one began (or past blank lines there, where
            // the next started too): the next piece's queries follow.
            QueriesRead::Until => {
                #[cfg(test)]
                MERGED_QUERY_HALVES.set(MERGED_QUERY_HALVES.get() + 1);
            }
            // The test case ended in this piece: what the later pieces read is not its own.
            QueriesRead::Ended => return Ok(Plain::at(text, end)),
        }
    }
    Err(NotPlain)
}

#[cfg(test)]
thread_local! {
    /// Graphs read in two halves and merged on this thread (for the tests to see that it
    /// happens).
    pub(super) static MERGED_HALVES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// Pieces of queries read at once and merged on this thread (past the first of each
    /// test case).
    pub(super) static MERGED_QUERY_HALVES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The graph of `positions` positions whose position lines `plain` is at, into the buffers
/// of `csr`; a huge one in two halves on two threads when `halves` allows.
fn read_graph<'t>(
    text: &'t [u8],
    plain: &mut Plain<'t>,
    positions: u32,
    csr: &mut Csr,
    halves: Halves,
) -> Result<tabletop_grundy::Graph, NotPlain> {
    let (mut offsets, mut successors) = (
        std::mem::take(&mut csr.offsets),
        std::mem::take(&mut csr.successors),
    );
    offsets.clear();
    successors.clear();
    offsets.reserve(plain.offsets_estimate(positions));
    offsets.push(0);
    let first_half = positions / 2;
    let huge = halves == Halves::Allowed && text.len() - plain.offset() >= HALVES_FROM && first_half > 0;
    // Where the second half starts when no line of the first half is blank.
    let cut = huge.then(|| plain.after_newlines(first_half as usize)).flatten();
    match cut {
        None => plain.position_lines(positions, positions, &mut offsets, &mut successors)?,
        Some(cut) => {
            let offsets_second = std::mem::take(&mut csr.second_offsets);
            let successors_second = std::mem::take(&mut csr.second_successors);
            let (first, second) = std::thread::scope(|scope| {
                let second = scope.spawn(|| {
                    let mut reader = Plain::at(text, cut);
                    let (mut offsets, mut successors) = (offsets_second, successors_second);
                    offsets.clear();
                    offsets.push(0);
                    successors.clear();
                    let read = reader.position_lines(
                        positions - first_half,
                        positions,
                        &mut offsets,
                        &mut successors,
                    );
                    (read.map(|()| reader.offset()), offsets, successors)
                });
                let first = plain.position_lines(first_half, positions, &mut offsets, &mut successors);
                (first, second.join())
            });
            first?;
            let (second, second_offsets, second_successors) = match second {
                Ok(second) => second,
                Err(panic) => std::panic::resume_unwind(panic),
            };
            // The second half must start where the first ended, or after blank lines (and
            // white space starting a line) that the first would have skipped; otherwise it is read again from there.
            let seam = text
                .get(plain.offset()..cut)
                .is_some_and(|gap| gap.iter().all(|b| matches!(b, b'\n' | b'\r' | b' ' | b'\t')));
            match second {
                Ok(end) if seam => {
                    let base = u32::try_from(successors.len()).map_err(|_| NotPlain)?;
                    successors.extend_from_slice(&second_successors);
                    for &offset in second_offsets.get(1..).unwrap_or_default() {
                        offsets.push(offset.checked_add(base).ok_or(NotPlain)?);
                    }
                    *plain = Plain::at(text, end);
                    #[cfg(test)]
                    MERGED_HALVES.set(MERGED_HALVES.get() + 1);
                }
                _ => {
                    plain.position_lines(positions - first_half, positions, &mut offsets, &mut successors)?
                }
            }
            (csr.second_offsets, csr.second_successors) = (second_offsets, second_successors);
        }
    }
    tabletop_grundy::Graph::from_csr(offsets, successors).map_err(|_| NotPlain)
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
        buffers: &mut Buffers,
        halves: Halves,
    ) -> Result<(), Failure> {
        let outcomes = &mut buffers.outcomes;
        outcomes.clear();
        match plain_outcomes(window.bytes(), &mut buffers.csr, outcomes, halves) {
            Ok(cases) => {
                self.outcomes.extend_from_slice(outcomes);
                self.cases += cases;
                Ok(())
            }
            Err(NotPlain) => self.precise(window),
        }
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

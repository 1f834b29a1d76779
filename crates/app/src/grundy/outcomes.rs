//! The judge's answers (`WIN`, `LOSE` or `DRAW` per query) on every core: the input is cut
//! into windows of whole test cases as it is read, the windows are answered on as many
//! threads as asked, and the answers are put back in input order.
//!
//! With more than one job, the first window decides how. When it is one huge test case (at
//! least [`HALVES_FROM`] bytes), every window is read in place on this thread and each huge
//! test case on two threads at once, this one and a helper kept for the whole input (a
//! thread started for each test case may wait a millisecond for a core): its position lines
//! in pieces, this thread taking them from the first, the helper from the last, then its
//! queries in pieces taken by whichever thread is free (the first of them read ahead by the
//! helper while this thread computes the values, [`Early`]). The helper reads the window in the
//! stream's buffer, lent to it for the test case; while this thread reads the next window,
//! the helper reads its first position lines out of copies handed to it ([`head`]). Only one
//! window is in memory, as with one job: two windows in flight would double the memory for
//! the text (and a test case's text is most of it). Otherwise,
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

mod head;

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use tabletop_parse::grundy::{CaseSplitter, NotPlain, Plain, QueriesRead, Resume};

use super::{answer_case, Output, Request};
use super::{Outcome, Position};
use crate::keep_going::Problems;
use crate::{Answer, Failure, Stream, Window};
use head::{Head, StopHead};
#[cfg(test)]
pub(super) use head::{AWAIT_HEAD, HEAD_LINES, OFFER_MOST};

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
    /// The helper's moves, when a graph is read on two threads.
    second_offsets: Vec<u32>,
    second_successors: Vec<Position>,
    /// The queries the helper read ahead ([`Early`]).
    early_pieces: Vec<u16>,
    early_counts: Vec<u16>,
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
            Sharing::OneThread,
        )?;
        let spent = input.release();
        return order.finish(input.notes(), spent);
    }
    // The first window decides. An input of one small window is answered here. A window of
    // a huge test case is answered on two threads at once, and so is every other: the text
    // in memory is one window, as with one job. Otherwise windows go to the workers.
    let Some((span, lines_before)) = input.next_window_span(|text| windows.split(text))? else {
        let spent = input.release();
        return order.finish(input.notes(), spent);
    };
    if span.len() >= HALVES_FROM {
        return on_two_cores(input, &mut windows, order, (span, lines_before));
    } else if span.len() < MIN_WINDOW {
        let mut buffers = Buffers::default();
        let buffer = input.lend();
        let first = Window::new(&name, buffer.get(span).unwrap_or_default(), lines_before);
        let answered = order.answer_in_place(&first, &mut buffers, Sharing::OneThread);
        input.restore(buffer);
        answered?;
        one_thread(input, &mut windows, &mut order, &mut buffers, Sharing::OneThread)?;
    } else {
        let buffer = input.lend();
        let first = (buffer.get(span).unwrap_or_default().to_vec(), lines_before);
        input.restore(buffer);
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
    let spent = input.release();
    order.finish(input.notes(), spent)
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
            answer_window(bytes, lines_before, &mut csr, Sharing::Allowed, &mut spare)
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
/// each huge test case on two threads at once when `sharing` allows.
fn one_thread(
    input: &mut Stream<'_>,
    windows: &mut Windows,
    order: &mut InOrder<'_>,
    buffers: &mut Buffers,
    sharing: Sharing,
) -> Result<(), Failure> {
    while !order.stopped {
        let Some(window) = input.next_window(|text| windows.split(text))? else {
            break;
        };
        order.answer_in_place(&window, buffers, sharing)?;
    }
    Ok(())
}

/// One window read the fast way (its buffer then goes to `spare`, to be read into again), or
/// handed back for the precise reader.
fn answer_window(
    bytes: Vec<u8>,
    lines_before: usize,
    csr: &mut Csr,
    sharing: Sharing,
    spare: &mut Vec<u8>,
) -> Done {
    let mut outcomes = Vec::new();
    match plain_outcomes(&bytes, csr, &mut outcomes, sharing) {
        Ok(cases) => {
            // The buffer is read into again.
            *spare = bytes;
            Done::Plain { outcomes, cases }
        }
        Err(NotPlain) => Done::NotPlain { bytes, lines_before },
    }
}

/// Whether a huge test case may be read on two threads at once.
#[derive(Clone, Copy)]
pub(super) enum Sharing<'h> {
    /// Everything on the calling thread (`--jobs 1`).
    OneThread,
    /// A test case of [`HALVES_FROM`] bytes or more is read on two threads at once, the
    /// second started for it.
    Allowed,
    /// The same with the helper kept for the whole input, the window being in its buffer.
    Helped(Lent<'h>),
}

/// A window in the stream's buffer, lent to the helper kept for the input.
#[derive(Clone, Copy)]
pub(super) struct Lent<'h> {
    helper: &'h Helper,
    buffer: &'h Arc<Vec<u8>>,
    span: (usize, usize),
    /// The first position lines the helper read while this thread read the window.
    head: Option<&'h Head>,
}

/// Test cases whose text (with what follows in the window) is at least this long are read
/// on two threads at once (with more than one job): their position lines, then their
/// queries. One test case that is most of a window then still uses two cores, with no
/// second window in memory.
pub(super) const HALVES_FROM: usize = 1 << 20;

/// The answers of every test case of plain `text`, and the number of test cases.
pub(super) fn plain_outcomes(
    text: &[u8],
    csr: &mut Csr,
    outcomes: &mut Vec<Outcome>,
    sharing: Sharing,
) -> Result<usize, NotPlain> {
    let mut plain = Plain::new(text);
    let mut cases = 0;
    loop {
        let Some(positions) = plain.positions()? else {
            return Ok(cases);
        };
        cases += 1;
        let lent = match sharing {
            Sharing::OneThread => None,
            Sharing::Allowed => Some(None),
            Sharing::Helped(lent) => Some(Some(lent)),
        };
        if let Some(lent) = lent.filter(|_| text.len() - plain.offset() >= HALVES_FROM && positions > 1) {
            plain = huge_case(text, plain, positions, csr, outcomes, lent)?;
            continue;
        }
        let graph = read_graph(&mut plain, positions, csr)?;
        let values = graph.values();
        match values.as_finite() {
            Some(finite) => {
                fold_outcomes(&mut plain, finite, usize::MAX, outcomes)?;
            }
            None => loopy_outcomes(&mut plain, &graph, &values, outcomes)?,
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

/// The outcomes of the queries `plain` is at, on a graph with cycles.
fn loopy_outcomes(
    plain: &mut Plain<'_>,
    graph: &tabletop_grundy::Graph,
    values: &tabletop_grundy::Values,
    outcomes: &mut Vec<Outcome>,
) -> Result<(), NotPlain> {
    let mut outside = false;
    plain.queries(graph.len(), |pieces| match values.outcome(pieces) {
        Ok(outcome) => outcomes.push(outcome),
        Err(_) => outside = true,
    })?;
    match outside {
        true => Err(NotPlain),
        false => Ok(()),
    }
}

/// The graph of `positions` positions whose position lines `plain` is at, into the buffers
/// of `csr`, on this thread.
fn read_graph(
    plain: &mut Plain<'_>,
    positions: u32,
    csr: &mut Csr,
) -> Result<tabletop_grundy::Graph, NotPlain> {
    let (mut offsets, mut successors) = graph_buffers(plain, positions, csr);
    plain.position_lines(positions, positions, &mut offsets, &mut successors)?;
    tabletop_grundy::Graph::from_csr(offsets, successors).map_err(|_| NotPlain)
}

/// The buffers of `csr` for a graph of `positions` positions that `plain` is at, emptied
/// (the offsets holding the first one, 0).
fn graph_buffers(plain: &Plain<'_>, positions: u32, csr: &mut Csr) -> (Vec<u32>, Vec<Position>) {
    let mut offsets = cleared(&mut csr.offsets);
    offsets.reserve(plain.offsets_estimate(positions));
    offsets.push(0);
    (offsets, cleared(&mut csr.successors))
}

/// Pieces a huge graph's position lines are cut into: this thread takes them from the
/// first on, the helper from the last back, so that a helper that starts late (a new
/// thread may wait a millisecond for a core) leaves this one nothing to wait for.
pub(super) const GRAPH_PIECES: usize = 8;

/// Pieces the queries of a huge test case are cut into, taken by whichever of the two
/// threads is free (so that one thread held up elsewhere delays the other little).
const QUERY_PIECES: usize = 12;

/// Query pieces the helper reads ahead at most while this thread computes the values: about
/// half a millisecond of reading here, kept as `u16` (256 KB, which the memory allows).
pub(super) const EARLY_MOST: usize = 1 << 17;

/// Query lines the helper reads ahead between two looks at whether this thread wants them.
const EARLY_BATCH: usize = 64;

/// The query lines the helper reads ahead, from where it found the position lines end, while
/// this thread puts the graph together and computes its values: the helper is otherwise idle
/// then, and those lines are then not left for the two threads to share.
#[derive(Debug, Default)]
struct Early {
    /// Where the helper started (`None` when it does not read ahead), and where it stopped:
    /// a line start, or past the test case's closing `0` when `ended`.
    from: Option<usize>,
    until: usize,
    ended: bool,
    /// The helper stopped of itself: its budget, the closing `0`, or a line it could not read
    /// the plain way (read again in the pieces, which find it so too).
    stopped: bool,
    /// This thread took what was read: the helper reads no further.
    closed: bool,
    /// Each query's pieces, one query after another (pieces of a graph of at most 2^16
    /// positions), and each query's number of pieces (below 2^16: a longer query stops the
    /// reading ahead).
    pieces: Vec<u16>,
    counts: Vec<u16>,
}

impl Early {
    /// Nothing read ahead yet, in `pieces` and `counts` (buffers of an earlier test case),
    /// given room for the most the helper reads ahead at once: grown step by step, they
    /// would hold their old copies too.
    fn with_room(mut pieces: Vec<u16>, mut counts: Vec<u16>) -> Self {
        let most = early_most();
        // (The last query read may pass the budget: room for a long one.)
        pieces.reserve_exact(most + 4096);
        counts.reserve_exact(most / 4);
        Early {
            pieces,
            counts,
            ..Early::default()
        }
    }
}

/// What this thread took of the helper's reading ahead: the queries end at `until` (past the
/// test case when `ended`).
#[derive(Debug, Clone, Copy)]
struct EarlyRead {
    until: usize,
    ended: bool,
}

/// A piece of a graph's position lines: its first line's offset (counted by newlines, so
/// off when a line before is blank: checked where the pieces join) and its number of lines.
#[derive(Debug, Clone, Copy)]
struct GraphPiece {
    start: usize,
    lines: u32,
}

/// A piece the helper read: where its reading stopped, and its moves in the helper's
/// buffers (`offsets` as the helper's `successors.len()` after each line).
#[derive(Debug)]
struct HelperPiece {
    index: usize,
    end: Result<usize, NotPlain>,
    offsets: std::ops::Range<usize>,
    successors: std::ops::Range<usize>,
}

/// The most graph pieces this thread takes: every one, but in the tests (`FRONT_MOST`).
fn front_most() -> usize {
    #[cfg(test)]
    return FRONT_MOST.get();
    #[cfg(not(test))]
    usize::MAX
}

/// The graph pieces claimed, and what the helper read.
#[derive(Debug, Default)]
struct Claims {
    /// Pieces below `front` are this thread's, from `back` on the helper's.
    front: usize,
    back: usize,
    /// The helper is reading a piece it claimed.
    reading: bool,
    read: Vec<HelperPiece>,
    offsets: Vec<u32>,
    successors: Vec<Position>,
}

/// The queries of a huge test case, cut into pieces at line starts, and the pieces' results.
struct QueryPieces {
    /// The graph's values, every one finite.
    values: tabletop_grundy::Values,
    /// The queries the helper read ahead, before the pieces, and their answers once it has
    /// put them in.
    early: Option<EarlyRead>,
    early_answers: Mutex<Option<Vec<Outcome>>>,
    /// Each piece from `cuts[i]` to `cuts[i + 1]` (the last to the test case's end).
    cuts: Vec<usize>,
    next: AtomicUsize,
    reads: Vec<Mutex<Option<PieceRead>>>,
}

/// One piece's result: where its reading stopped and its answers.
type PieceRead = (Result<(QueriesRead, usize), NotPlain>, Vec<Outcome>);

impl QueryPieces {
    /// The queries `plain` is at (to the end of `text` at most), in [`QUERY_PIECES`] pieces
    /// after those the helper read ahead (`early`).
    fn new(
        text: &[u8],
        plain: &Plain<'_>,
        values: tabletop_grundy::Values,
        early: Option<EarlyRead>,
    ) -> Self {
        let start = early.map_or(plain.offset(), |early| early.until);
        // Each piece a third of what is left: the last ones are short, so that the two
        // threads end close together.
        let mut cuts = vec![start];
        let mut at = start;
        for _ in 1..QUERY_PIECES {
            let step = (text.len().saturating_sub(at) / 3).max(1);
            match plain.next_line_start(at + step) {
                Some(cut) if cut > at => {
                    cuts.push(cut);
                    at = cut;
                }
                _ => break,
            }
        }
        // The last piece reads to the end of the test case.
        cuts.push(usize::MAX);
        if early.is_some_and(|early| early.ended) {
            // Every query was read ahead.
            cuts.clear();
        }
        let pieces = cuts.len().saturating_sub(1);
        QueryPieces {
            values,
            early,
            early_answers: Mutex::new(None),
            cuts,
            next: AtomicUsize::new(0),
            reads: (0..pieces).map(|_| Mutex::new(None)).collect(),
        }
    }

    /// The answers of the queries the helper read ahead, if this thread took them.
    fn answer_early(&self, early: &Mutex<Early>) {
        let (Some(_), Some(values), Ok(early)) = (self.early, self.values.as_finite(), early.lock()) else {
            return;
        };
        let mut answers = Vec::with_capacity(early.counts.len());
        let mut pieces = early.pieces.iter();
        for &count in &early.counts {
            // Every piece is below the number of positions (the reader checked).
            let xor = pieces
                .by_ref()
                .take(usize::from(count))
                .fold(0, |xor, &piece| xor ^ values[usize::from(piece)]);
            answers.push(if xor == 0 { Outcome::Lose } else { Outcome::Win });
        }
        if let Ok(mut slot) = self.early_answers.lock() {
            *slot = Some(answers);
        }
    }

    /// Reads pieces not taken yet, until none is left.
    fn take(&self, text: &[u8]) {
        let values = self.values.as_finite().unwrap_or_default();
        loop {
            let piece = self.next.fetch_add(1, Ordering::Relaxed);
            let (Some(&from), Some(&until), Some(slot)) = (
                self.cuts.get(piece),
                self.cuts.get(piece + 1),
                self.reads.get(piece),
            ) else {
                return;
            };
            let mut reader = Plain::at(text, from);
            let mut answers = Vec::new();
            let read =
                fold_outcomes(&mut reader, values, until, &mut answers).map(|read| (read, reader.offset()));
            if let Ok(mut slot) = slot.lock() {
                *slot = Some((read, answers));
            }
        }
    }

    /// The answers of the pieces in order (every piece read), up to the end of the test
    /// case; the reader past it.
    fn answers<'t>(self, text: &'t [u8], outcomes: &mut Vec<Outcome>) -> Result<Plain<'t>, NotPlain> {
        if let Some(early) = self.early {
            let answers = self.early_answers.into_inner().ok().flatten().ok_or(NotPlain)?;
            #[cfg(test)]
            EARLY_QUERIES.set(EARLY_QUERIES.get() + answers.len());
            outcomes.extend_from_slice(&answers);
            if early.ended {
                return Ok(Plain::at(text, early.until));
            }
        }
        for slot in self.reads {
            let read = slot.into_inner().ok().flatten();
            let Some((read, answers)) = read else {
                return Err(NotPlain);
            };
            let (read, end) = read?;
            outcomes.extend_from_slice(&answers);
            match read {
                // The piece stopped where the next one began (or past blank lines there,
                // where the next started too): the next piece's queries follow.
                QueriesRead::Until => {
                    #[cfg(test)]
                    MERGED_QUERY_PIECES.set(MERGED_QUERY_PIECES.get() + 1);
                }
                // The test case ended in this piece: what the later pieces read is not its own.
                QueriesRead::Ended => return Ok(Plain::at(text, end)),
            }
        }
        Err(NotPlain)
    }
}

const WAIT: u8 = 0;
const QUERIES: u8 = 1;
const DONE: u8 = 2;

/// The helper's piece read, or abandoned: this thread is woken to merge what was read.
struct PieceDone<'w>(&'w CaseWork);

impl Drop for PieceDone<'_> {
    fn drop(&mut self) {
        if let Ok(mut claims) = self.0.claims.lock() {
            claims.reading = false;
        }
        self.0.piece_read.notify_one();
    }
}

/// `buffer`, emptied.
fn cleared<T>(buffer: &mut Vec<T>) -> Vec<T> {
    let mut buffer = std::mem::take(buffer);
    buffer.clear();
    buffer
}

/// The pieces of the `lines` position lines `plain` is at in `text`.
fn graph_pieces(text: &[u8], plain: &Plain<'_>, lines: u32) -> Vec<GraphPiece> {
    let count = (lines as usize).clamp(1, GRAPH_PIECES);
    let total = lines as usize;
    let first_lines: Vec<usize> = (0..=count).map(|k| k * total / count).collect();
    let starts = plain.after_each_newlines(first_lines.get(1..count).unwrap_or_default());
    let starts = std::iter::once(Some(plain.offset())).chain(starts);
    starts
        .zip(first_lines.windows(2))
        .map(|(start, lines)| GraphPiece {
            start: start.unwrap_or(text.len()),
            lines: u32::try_from(lines[1] - lines[0]).unwrap_or(u32::MAX),
        })
        .collect()
}

/// Lets the helper go when this thread leaves the test case, whichever way.
struct LetGo<'w>(&'w CaseWork);

impl Drop for LetGo<'_> {
    fn drop(&mut self) {
        let _ = self
            .0
            .next
            .compare_exchange(WAIT, DONE, Ordering::AcqRel, Ordering::Acquire);
    }
}

/// One huge test case on two threads at once, from its position lines on: the graph's
/// pieces from both ends, then (its values computed here, while the helper reads the first
/// queries ahead) the queries in pieces taken by whichever thread is free. The helper is the
/// one kept for the input (`lent`), else a thread started for this test case; it waits for
/// the values ([`Wait`]). The reader past the test case.
fn huge_case<'t>(
    text: &'t [u8],
    mut plain: Plain<'t>,
    positions: u32,
    csr: &mut Csr,
    outcomes: &mut Vec<Outcome>,
    lent: Option<Lent<'_>>,
) -> Result<Plain<'t>, NotPlain> {
    // The first position lines, if the helper read them while this thread read the window.
    let mut head_lines = 0;
    if let Some(taken) = lent.and_then(|lent| lent.head?.take(plain.offset(), positions)) {
        (csr.second_offsets, csr.second_successors) = (taken.offsets, taken.successors);
        if let Some((lines, end)) = taken.lines {
            head_lines = lines;
            plain = Plain::at(text, end);
        }
    }
    let mut graph = graph_buffers(&plain, positions, csr);
    if head_lines > 0 {
        // The head's offsets count from the first move on, as these do.
        graph.0.extend_from_slice(&csr.second_offsets);
        graph.1.extend_from_slice(&csr.second_successors);
    }
    let pieces = graph_pieces(text, &plain, positions - head_lines);
    let work = Arc::new(CaseWork {
        positions,
        claims: Mutex::new(Claims {
            front: 0,
            back: pieces.len(),
            reading: false,
            read: Vec::new(),
            offsets: cleared(&mut csr.second_offsets),
            successors: cleared(&mut csr.second_successors),
        }),
        piece_read: Condvar::new(),
        next: AtomicU8::new(WAIT),
        queries: OnceLock::new(),
        early: Mutex::new(Early::with_room(
            cleared(&mut csr.early_pieces),
            cleared(&mut csr.early_counts),
        )),
        early_most: early_most(),
        pieces,
    });
    let mine = |plain: &mut Plain<'t>, outcomes: &mut Vec<Outcome>| {
        let _let_go = LetGo(&work);
        work.graph_and_queries(text, plain, graph, outcomes)
    };
    let (in_pieces, graph) = match lent {
        Some(lent) => {
            let job = Job::Case {
                buffer: Arc::clone(lent.buffer),
                span: lent.span,
                work: Arc::clone(&work),
            };
            let posted = lent.helper.post(job);
            let result = mine(&mut plain, outcomes);
            lent.helper.wait(posted);
            result
        }
        None => std::thread::scope(|scope| {
            let helper = scope.spawn(|| work.help(text));
            let result = mine(&mut plain, outcomes);
            if let Err(panic) = helper.join() {
                std::panic::resume_unwind(panic);
            }
            result
        }),
    }?;
    // The helper has let go of the test case (or died, and the precise reader reads it).
    let work = Arc::try_unwrap(work).map_err(|_| NotPlain)?;
    if let Ok(claims) = work.claims.into_inner() {
        (csr.second_offsets, csr.second_successors) = (claims.offsets, claims.successors);
    }
    if let Ok(early) = work.early.into_inner() {
        (csr.early_pieces, csr.early_counts) = (early.pieces, early.counts);
    }
    let plain = match (in_pieces, work.queries.into_inner()) {
        (true, Some(queries)) => queries.answers(text, outcomes)?,
        _ => plain,
    };
    (csr.offsets, csr.successors) = graph.into_csr();
    Ok(plain)
}

/// A huge test case as both threads see it.
struct CaseWork {
    positions: u32,
    pieces: Vec<GraphPiece>,
    claims: Mutex<Claims>,
    /// Signalled when the helper has read a piece.
    piece_read: Condvar,
    /// What the helper does once the graph is read: [`WAIT`], [`QUERIES`] or [`DONE`].
    next: AtomicU8,
    queries: OnceLock<QueryPieces>,
    /// The queries the helper reads ahead meanwhile, at most `early_most` pieces.
    early: Mutex<Early>,
    early_most: usize,
}

/// Work for the helper kept for the input.
enum Job {
    /// A test case: the window in the stream's lent buffer.
    Case {
        buffer: Arc<Vec<u8>>,
        span: (usize, usize),
        work: Arc<CaseWork>,
    },
    /// The first position lines of the window this thread is reading.
    Head(Arc<Head>),
}

/// A thread kept for a whole input of huge test cases, which waits for the next one by
/// spinning and napping ([`Wait`]): a thread started or woken for each test case may wait a
/// millisecond or more for a core on a virtual machine (put on the busy core of the thread
/// that started it), and the work it was to share is done by then.
#[derive(Default)]
struct Helper {
    /// Jobs posted and not yet taken, in order.
    jobs: Mutex<VecDeque<Job>>,
    /// Jobs posted, and done (or given up: the thread died).
    posted: AtomicUsize,
    done: AtomicUsize,
    gone: AtomicBool,
    quit: AtomicBool,
}

/// A waiting thread spins this long, then naps: a nap's end wakes it on its own core (a
/// thread woken by another may be put on the waker's core, and wait there for it), and a
/// nap leaves the core to other work on a busy machine.
const SPIN_FOR: Duration = Duration::from_micros(50);

/// A nap of a waiting thread: how late it may see what it waits for.
const NAP: Duration = Duration::from_micros(100);

/// The kept helper spins this long for its next job before it naps: this thread posts the
/// next window's head as soon as it has put a test case's answers together, a few hundred
/// microseconds after the helper's part ends (a nap's end would come 150 µs late or more).
const NEXT_JOB_SPIN: Duration = Duration::from_micros(300);

/// Lets the kept helper's thread end when dropped.
struct Quit<'h>(&'h Helper);

impl Drop for Quit<'_> {
    fn drop(&mut self) {
        self.0.quit();
    }
}

/// Marks the kept helper gone, however its thread ends.
struct Gone<'h>(&'h Helper);

impl Drop for Gone<'_> {
    fn drop(&mut self) {
        self.0.gone.store(true, Ordering::Release);
    }
}

impl Helper {
    /// The helper thread's loop, until [`Helper::quit`].
    fn serve(&self) {
        let _gone = Gone(self);
        let mut taken = 0;
        // The copies of a window's text a head reads.
        let mut head_text = Vec::new();
        loop {
            let mut waiting = Wait::spinning_for(NEXT_JOB_SPIN);
            loop {
                if self.quit.load(Ordering::Acquire) {
                    return;
                }
                if self.posted.load(Ordering::Acquire) > taken {
                    break;
                }
                waiting.pause();
            }
            taken += 1;
            let job = self.jobs.lock().ok().and_then(|mut jobs| jobs.pop_front());
            match job {
                Some(Job::Case { buffer, span, work }) => {
                    work.help(buffer.get(span.0..span.1).unwrap_or_default());
                }
                Some(Job::Head(head)) => head.read(&mut head_text),
                None => {}
            }
            // The job (its hold on the buffer and the test case) is dropped: done.
            self.done.store(taken, Ordering::Release);
        }
    }

    /// Hands `job` to the helper; returns its number for [`Helper::wait`].
    fn post(&self, job: Job) -> usize {
        if let Ok(mut jobs) = self.jobs.lock() {
            jobs.push_back(job);
        }
        self.posted.fetch_add(1, Ordering::AcqRel) + 1
    }

    /// Waits until the helper is done with job `posted` (or gone).
    fn wait(&self, posted: usize) {
        let mut waiting = Wait::new();
        while self.done.load(Ordering::Acquire) < posted && !self.gone.load(Ordering::Acquire) {
            waiting.pause();
        }
    }

    /// Lets the helper's thread end.
    fn quit(&self) {
        self.quit.store(true, Ordering::Release);
    }
}

/// A wait that spins for [`SPIN_FOR`], then naps for [`NAP`] at a time.
struct Wait {
    spins: u32,
    since: Instant,
    spin_for: Duration,
}

impl Wait {
    fn new() -> Self {
        Wait::spinning_for(SPIN_FOR)
    }

    /// A wait that spins for `spin_for` before it naps; on one core (more jobs than cores
    /// asked for), it naps at once, so that the thread it waits for has the core.
    fn spinning_for(spin_for: Duration) -> Self {
        static ONE_CORE: OnceLock<bool> = OnceLock::new();
        let one_core =
            *ONE_CORE.get_or_init(|| std::thread::available_parallelism().map_or(true, |n| n.get() < 2));
        Wait {
            spins: 0,
            since: Instant::now(),
            spin_for: if one_core { Duration::ZERO } else { spin_for },
        }
    }

    /// One turn of the wait.
    fn pause(&mut self) {
        self.spins = self.spins.wrapping_add(1);
        if !self.spins.is_multiple_of(64) || self.since.elapsed() < self.spin_for {
            std::hint::spin_loop();
        } else {
            std::thread::sleep(NAP);
        }
    }
}

/// Every window on this thread and the helper kept for the input, each huge test case on
/// both (the first window is at `first` in the stream's buffer); then the answer.
fn on_two_cores(
    input: &mut Stream<'_>,
    windows: &mut Windows,
    mut order: InOrder<'_>,
    first: (std::ops::Range<usize>, usize),
) -> Result<Answer, Failure> {
    let name = input.name().to_owned();
    let helper = Helper::default();
    let mut buffers = Buffers::default();
    std::thread::scope(|scope| {
        let thread = scope.spawn(|| helper.serve());
        // The helper's thread ends however this one leaves (a panic included: the scope
        // would wait for it for ever).
        let _quit = Quit(&helper);
        let each = || -> Result<(), Failure> {
            let mut next = Some(first);
            while !order.stopped {
                // While this thread reads the window, the helper reads its first lines.
                let head = next.is_none().then(|| {
                    let csr = &mut buffers.csr;
                    let head = Arc::new(Head::new(
                        std::mem::take(&mut csr.second_offsets),
                        std::mem::take(&mut csr.second_successors),
                    ));
                    helper.post(Job::Head(Arc::clone(&head)));
                    head
                });
                let _stop = head.as_deref().map(StopHead);
                let mut offered = 0;
                let read = next.take().map_or_else(
                    || {
                        input.next_window_span(|text| {
                            if let Some(head) = &head {
                                head.offer(text, &mut offered);
                            }
                            windows.split(text)
                        })
                    },
                    |first| Ok(Some(first)),
                );
                if let Some(head) = &head {
                    head.close();
                }
                let Some((span, lines_before)) = read? else {
                    break;
                };
                let buffer = Arc::new(input.lend());
                let answered = {
                    let window =
                        Window::new(&name, buffer.get(span.clone()).unwrap_or_default(), lines_before);
                    let lent = Lent {
                        helper: &helper,
                        buffer: &buffer,
                        span: (span.start, span.end),
                        head: head.as_deref(),
                    };
                    order.answer_in_place(&window, &mut buffers, Sharing::Helped(lent))
                };
                // The helper let go of it with each test case.
                input.restore(Arc::try_unwrap(buffer).unwrap_or_else(|shared| shared.to_vec()));
                // A window whose first test case was not huge did not take the head's buffers.
                if let Some(taken) = head.as_deref().and_then(|head| head.take(usize::MAX, 0)) {
                    (buffers.csr.second_offsets, buffers.csr.second_successors) =
                        (taken.offsets, taken.successors);
                }
                answered?;
            }
            Ok(())
        };
        let result = each();
        helper.quit();
        // Written while the helper's thread ends.
        let answer = result.and_then(|()| {
            let spent = input.release();
            order.finish(input.notes(), spent)
        });
        if let Err(panic) = thread.join() {
            std::panic::resume_unwind(panic);
        }
        answer
    })
}

impl CaseWork {
    /// This thread's side of [`huge_case`]: the graph, its values, and the queries (`true`
    /// when they were read in pieces, to be put together once the helper is done).
    fn graph_and_queries<'t>(
        &self,
        text: &'t [u8],
        plain: &mut Plain<'t>,
        (mut offsets, mut successors): (Vec<u32>, Vec<Position>),
        outcomes: &mut Vec<Outcome>,
    ) -> Result<(bool, tabletop_grundy::Graph), NotPlain> {
        let (positions, pieces) = (self.positions, &self.pieces);
        // The pieces from the front, read on from one to the next.
        loop {
            let piece = {
                let mut claims = self.claims.lock().map_err(|_| NotPlain)?;
                if claims.front >= claims.back || claims.front >= front_most() {
                    break;
                }
                claims.front += 1;
                claims.front - 1
            };
            let lines = pieces.get(piece).map_or(0, |p| p.lines);
            plain.position_lines(lines, positions, &mut offsets, &mut successors)?;
        }
        // The helper's pieces, once it has read those it claimed.
        let mut guard = self.claims.lock().map_err(|_| NotPlain)?;
        while guard.reading || (guard.front < guard.back && front_most() < usize::MAX) {
            guard = self.piece_read.wait(guard).map_err(|_| NotPlain)?;
        }
        let claims = &mut *guard;
        claims.read.sort_unstable_by_key(|piece| piece.index);
        let mut next = claims.front;
        for read in &claims.read {
            // Each piece must start where the one before ended, or after blank lines (and
            // white space starting a line) that the reader there would have skipped.
            let seam = pieces
                .get(read.index)
                .and_then(|piece| text.get(plain.offset()..piece.start));
            let joins = seam.is_some_and(|gap| gap.iter().all(|b| matches!(b, b'\n' | b'\r' | b' ' | b'\t')));
            let (true, &Ok(end)) = (joins && read.index == next, &read.end) else {
                break;
            };
            let base = u32::try_from(successors.len()).map_err(|_| NotPlain)?;
            let first = claims.successors.get(read.successors.clone()).ok_or(NotPlain)?;
            successors.extend_from_slice(first);
            let start = read.successors.start;
            for &offset in claims.offsets.get(read.offsets.clone()).unwrap_or_default() {
                let within = offset.checked_sub(u32::try_from(start).map_err(|_| NotPlain)?);
                offsets.push(within.and_then(|w| w.checked_add(base)).ok_or(NotPlain)?);
            }
            *plain = Plain::at(text, end);
            next += 1;
            #[cfg(test)]
            MERGED_GRAPH_PIECES.set(MERGED_GRAPH_PIECES.get() + 1);
        }
        // Let go of the claims: the helper looks at them once more before it reads ahead.
        drop(guard);
        // Pieces not joined (a blank line put the count off, or text that is not plain): read
        // on from where the graph stands.
        let left: u32 = pieces.iter().skip(next).map(|piece| piece.lines).sum();
        plain.position_lines(left, positions, &mut offsets, &mut successors)?;
        let graph = tabletop_grundy::Graph::from_csr(offsets, successors).map_err(|_| NotPlain)?;
        let values = graph.values();
        let Some(finite) = values.as_finite() else {
            self.next.store(DONE, Ordering::Release);
            loopy_outcomes(plain, &graph, &values, outcomes)?;
            return Ok((false, graph));
        };
        if text.len() - plain.offset() < HALVES_FROM {
            self.next.store(DONE, Ordering::Release);
            fold_outcomes(plain, finite, usize::MAX, outcomes)?;
            return Ok((false, graph));
        }
        let early = self.take_early(plain.offset());
        // The values go to the pieces (the helper reads them there), not copied.
        let queries = self
            .queries
            .get_or_init(|| QueryPieces::new(text, plain, values, early));
        self.next.store(QUERIES, Ordering::Release);
        queries.take(text);
        Ok((true, graph))
    }

    /// Stops the helper's reading ahead and takes what it read, if it started where this
    /// thread found the queries start (`queries`).
    fn take_early(&self, queries: usize) -> Option<EarlyRead> {
        #[cfg(test)]
        if AWAIT_EARLY.get() {
            // The tests wait until the helper stops of itself, so that it reads ahead whatever
            // the timing.
            let mut waiting = Wait::new();
            while self.early.lock().is_ok_and(|early| !early.stopped) {
                waiting.pause();
            }
        }
        let mut early = self.early.lock().ok()?;
        early.closed = true;
        let read = early.from == Some(queries) && (early.ended || !early.counts.is_empty());
        #[cfg(test)]
        EARLY_TAKEN.set(EARLY_TAKEN.get() + usize::from(read));
        read.then_some(EarlyRead {
            until: early.until,
            ended: early.ended,
        })
    }

    /// The helper reads query lines ahead from `from` (where it found the position lines
    /// end, if it read the last of them) while this thread has not taken them, up to its
    /// budget.
    fn read_ahead(&self, text: &[u8], from: Option<usize>) {
        let positions = self.positions as usize;
        let Ok(mut early) = self.early.lock() else {
            return;
        };
        let Some(from) = from.filter(|_| positions <= 1 << 16 && !early.closed) else {
            early.stopped = true;
            return;
        };
        early.from = Some(from);
        early.until = from;
        drop(early);
        let mut reader = Plain::at(text, from);
        loop {
            let Ok(mut early) = self.early.lock() else {
                return;
            };
            let early = &mut *early;
            // Taken, or not wanted (this thread reads the queries alone, or has left).
            if early.closed || self.next.load(Ordering::Acquire) != WAIT {
                return;
            }
            for _ in 0..EARLY_BATCH {
                if early.pieces.len() >= self.early_most {
                    early.stopped = true;
                    return;
                }
                // Each piece is below `positions`, at most 2^16: it fits.
                let read = reader.next_query(positions, |piece| early.pieces.push(piece as u16));
                match read.map(|count| count.map(u16::try_from)) {
                    Ok(Some(Ok(count))) => {
                        early.counts.push(count);
                        early.until = reader.offset();
                    }
                    Ok(None) => {
                        early.ended = true;
                        early.until = reader.offset();
                        early.stopped = true;
                        return;
                    }
                    Err(NotPlain) | Ok(Some(Err(_))) => {
                        // The pieces of the line not read are dropped: the count says where
                        // the last query read ends.
                        let kept = early.counts.iter().map(|&c| usize::from(c)).sum();
                        early.pieces.truncate(kept);
                        early.stopped = true;
                        return;
                    }
                }
            }
        }
    }

    /// The helper's side of [`huge_case`], `text` being the window: graph pieces from the back,
    /// then query pieces.
    fn help(&self, text: &[u8]) {
        let (positions, pieces) = (self.positions, &self.pieces);
        // Where the last piece ends, if this thread read it: where the queries start.
        let mut queries_start = None;
        loop {
            let (piece, mut offsets, mut successors) = {
                let Ok(mut claims) = self.claims.lock() else {
                    return;
                };
                if claims.front >= claims.back {
                    break;
                }
                claims.back -= 1;
                claims.reading = true;
                let buffers = (
                    std::mem::take(&mut claims.offsets),
                    std::mem::take(&mut claims.successors),
                );
                (claims.back, buffers.0, buffers.1)
            };
            let (offsets_from, successors_from) = (offsets.len(), successors.len());
            // Marks the piece read when it is, or abandoned if reading it panics.
            let done = PieceDone(self);
            let (start, lines) = pieces.get(piece).map_or((text.len(), 0), |p| (p.start, p.lines));
            let mut reader = Plain::at(text, start);
            let end = reader
                .position_lines(lines, positions, &mut offsets, &mut successors)
                .map(|()| reader.offset());
            if piece + 1 == pieces.len() {
                queries_start = end.ok();
            }
            let Ok(mut claims) = self.claims.lock() else {
                return;
            };
            claims.read.push(HelperPiece {
                index: piece,
                end,
                offsets: offsets_from..offsets.len(),
                successors: successors_from..successors.len(),
            });
            (claims.offsets, claims.successors) = (offsets, successors);
            drop(claims);
            drop(done);
        }
        // The values take this thread's time of a few pieces: it reads queries ahead.
        self.read_ahead(text, queries_start);
        let mut waiting = Wait::new();
        loop {
            match self.next.load(Ordering::Acquire) {
                WAIT => waiting.pause(),
                QUERIES => {
                    if let Some(queries) = self.queries.get() {
                        queries.answer_early(&self.early);
                        queries.take(text);
                    }
                    return;
                }
                _ => return,
            }
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Pieces of graphs read by the helper and merged on this thread (for the tests to see
    /// that it happens).
    pub(super) static MERGED_GRAPH_PIECES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// Pieces of queries read at once and merged on this thread (past the first of each
    /// test case).
    pub(super) static MERGED_QUERY_PIECES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// The most graph pieces this thread takes (the tests take half, so that the helper
    /// reads the rest whatever the timing).
    pub(super) static FRONT_MOST: std::cell::Cell<usize> = const { std::cell::Cell::new(usize::MAX) };
    /// Queries the helper read ahead and this thread put in, and the test cases whose
    /// reading ahead this thread took.
    pub(super) static EARLY_QUERIES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    pub(super) static EARLY_TAKEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// This thread waits for the helper to stop reading ahead of itself, and the most pieces
    /// it reads ahead (the tests' choices, so that what is read ahead does not depend on the
    /// timing).
    pub(super) static AWAIT_EARLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    pub(super) static EARLY_MOST_SET: std::cell::Cell<usize> = const { std::cell::Cell::new(EARLY_MOST) };
}

/// The most query pieces the helper reads ahead: [`EARLY_MOST`], but in the tests.
fn early_most() -> usize {
    #[cfg(test)]
    return EARLY_MOST_SET.get();
    #[cfg(not(test))]
    EARLY_MOST
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
        sharing: Sharing,
    ) -> Result<(), Failure> {
        let outcomes = &mut buffers.outcomes;
        outcomes.clear();
        match plain_outcomes(window.bytes(), &mut buffers.csr, outcomes, sharing) {
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

    /// The answer: every outcome on its line, written in `spent`'s memory.
    fn finish(self, notes: Vec<String>, spent: Vec<u8>) -> Result<Answer, Failure> {
        self.problems.finish(Answer {
            text: tabletop_render::grundy::answers_text_in(spent, &self.outcomes),
            picture: None,
            notes,
        })
    }
}

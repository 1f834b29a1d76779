//! One huge test case on two threads at once, this one and a helper started for it: the
//! position lines in pieces, this thread taking them from the first on and the helper from
//! the last back (so that a helper that starts late leaves this thread nothing to wait
//! for); then, once this thread has put the graph together and computed its values, the
//! queries in pieces taken by whichever thread is free. The answers are put together in
//! input order, so they are the same whichever thread read which piece.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};
use std::thread::Thread;

use tabletop_control::SpinThenPark;
use tabletop_grundy::{Graph, Values};
use tabletop_parse::grundy::{NotPlain, Plain, QueriesRead};

use super::case::{cleared, fold_outcomes, graph_buffers, loopy_outcomes, GraphBuffers};
use super::{Outcome, Position, Tuning};

/// The test case of `positions` positions whose position lines `plain` is at in the window
/// `text`, answered on two threads into `outcomes`; the reader past it.
///
/// # Errors
/// [`NotPlain`] when the test case is not plain (the precise reader reads the window).
pub(super) fn huge_case<'t>(
    text: &'t [u8],
    mut plain: Plain<'t>,
    positions: u32,
    buffers: &mut GraphBuffers,
    outcomes: &mut Vec<Outcome>,
    tuning: &Tuning,
) -> Result<Plain<'t>, NotPlain> {
    let (case, graph) = SharedCase::new(text, &plain, positions, buffers, tuning);
    let read = std::thread::scope(|scope| {
        let helper = scope.spawn(|| case.help());
        let read = case.answer_here(&mut plain, graph, outcomes, helper.thread());
        if let Err(panic) = helper.join() {
            std::panic::resume_unwind(panic);
        }
        read
    });
    case.finish(read, plain, buffers, outcomes)
}

/// A piece of the position lines: its first line's offset (counted by newlines, so off
/// when a line before is blank: checked where the pieces join) and its number of lines.
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
    offsets: Range<usize>,
    successors: Range<usize>,
}

/// Which graph pieces each thread has taken, and what the helper read.
#[derive(Debug, Default)]
struct Claims {
    /// Pieces below `front` are this thread's, from `back` on the helper's.
    front: usize,
    back: usize,
    /// The helper is reading a piece it took.
    helper_reading: bool,
    read: Vec<HelperPiece>,
    /// The helper's buffers, all its pieces one after another.
    offsets: Vec<u32>,
    successors: Vec<Position>,
    /// The helper's pieces this thread joined to its own.
    joined: usize,
}

/// A huge test case as both threads see it.
pub(super) struct SharedCase<'t> {
    text: &'t [u8],
    positions: u32,
    pieces: Vec<GraphPiece>,
    claims: Mutex<Claims>,
    /// Signalled when the helper has read a piece (or given it up).
    piece_read: Condvar,
    /// Set once the graph is read: the queries to share, or `None` when this thread answers
    /// them alone (or has left the test case).
    queries: OnceLock<Option<QueryPieces>>,
    query_pieces: usize,
    two_threads_from: usize,
    wait: SpinThenPark,
}

impl<'t> SharedCase<'t> {
    /// The test case whose position lines `plain` is at, cut into pieces, and this thread's
    /// graph buffers (taken from `buffers`, as the helper's are).
    pub(super) fn new(
        text: &'t [u8],
        plain: &Plain<'t>,
        positions: u32,
        buffers: &mut GraphBuffers,
        tuning: &Tuning,
    ) -> (Self, (Vec<u32>, Vec<Position>)) {
        let graph = graph_buffers(plain, positions, buffers);
        let pieces = graph_pieces(text, plain, positions, tuning.graph_pieces);
        let claims = Claims {
            back: pieces.len(),
            offsets: cleared(&mut buffers.helper_offsets),
            successors: cleared(&mut buffers.helper_successors),
            ..Claims::default()
        };
        let case = SharedCase {
            text,
            positions,
            pieces,
            claims: Mutex::new(claims),
            piece_read: Condvar::new(),
            queries: OnceLock::new(),
            query_pieces: tuning.query_pieces,
            two_threads_from: tuning.two_threads_from,
            wait: tuning.wait,
        };
        (case, graph)
    }

    /// The helper's side: graph pieces from the back, then query pieces once this thread
    /// has shared them.
    pub(super) fn help(&self) {
        self.read_back_pieces();
        let mut waiting = self.wait.start();
        loop {
            match self.queries.get() {
                Some(Some(queries)) => return queries.take(self.text),
                Some(None) => return,
                None => waiting.pause(),
            }
        }
    }

    /// The helper reads graph pieces from the last back, until it meets this thread's.
    pub(super) fn read_back_pieces(&self) {
        loop {
            let (piece, mut offsets, mut successors) = {
                let Ok(mut claims) = self.claims.lock() else {
                    return;
                };
                if claims.front >= claims.back {
                    return;
                }
                claims.back -= 1;
                claims.helper_reading = true;
                let offsets = std::mem::take(&mut claims.offsets);
                (claims.back, offsets, std::mem::take(&mut claims.successors))
            };
            let (offsets_from, successors_from) = (offsets.len(), successors.len());
            // Marks the piece read when it is, or given up if reading it panics.
            let done = PieceDone(self);
            let (start, lines) = self
                .pieces
                .get(piece)
                .map_or((self.text.len(), 0), |p| (p.start, p.lines));
            let mut reader = Plain::at(self.text, start);
            let end = reader
                .position_lines(lines, self.positions, &mut offsets, &mut successors)
                .map(|()| reader.offset());
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
    }

    /// This thread's side: the graph (its pieces from the front, then the helper's), its
    /// values, and the queries, alone or shared with the helper (`true`: shared, their
    /// answers to be put together once the helper is done). The helper is let go however
    /// this thread leaves.
    pub(super) fn answer_here(
        &self,
        plain: &mut Plain<'t>,
        graph: (Vec<u32>, Vec<Position>),
        outcomes: &mut Vec<Outcome>,
        helper: &Thread,
    ) -> Result<(bool, Graph), NotPlain> {
        let _let_go = LetGo { case: self, helper };
        let graph = self.graph(plain, graph)?;
        let values = graph.values();
        let Some(finite) = values.as_finite() else {
            self.share(None, helper);
            loopy_outcomes(plain, &graph, &values, outcomes)?;
            return Ok((false, graph));
        };
        if self.text.len() - plain.offset() < self.two_threads_from {
            self.share(None, helper);
            fold_outcomes(plain, finite, usize::MAX, outcomes)?;
            return Ok((false, graph));
        }
        // The values go to the pieces (the helper reads them there), not copied.
        let queries = QueryPieces::new(self.text, plain, values, self.query_pieces);
        self.share(Some(queries), helper);
        if let Some(Some(queries)) = self.queries.get() {
            queries.take(self.text);
        }
        Ok((true, graph))
    }

    /// The graph: the pieces from the front, read on from one to the next, then the
    /// helper's once it has read those it took, then what is left.
    fn graph(
        &self,
        plain: &mut Plain<'t>,
        (mut offsets, mut successors): (Vec<u32>, Vec<Position>),
    ) -> Result<Graph, NotPlain> {
        let positions = self.positions;
        loop {
            let piece = {
                let mut claims = self.claims.lock().map_err(|_| NotPlain)?;
                if claims.front >= claims.back {
                    break;
                }
                claims.front += 1;
                claims.front - 1
            };
            let lines = self.pieces.get(piece).map_or(0, |p| p.lines);
            plain.position_lines(lines, positions, &mut offsets, &mut successors)?;
        }
        let mut claims = self.claims.lock().map_err(|_| NotPlain)?;
        while claims.helper_reading {
            claims = self.piece_read.wait(claims).map_err(|_| NotPlain)?;
        }
        let next = self.join_helper_pieces(plain, &mut claims, &mut offsets, &mut successors)?;
        drop(claims);
        // Pieces not joined (a blank line put the count off, or text that is not plain):
        // read on from where the graph stands.
        let left: u32 = self.pieces.iter().skip(next).map(|piece| piece.lines).sum();
        plain.position_lines(left, positions, &mut offsets, &mut successors)?;
        Graph::from_csr(offsets, successors).map_err(|_| NotPlain)
    }

    /// Appends the helper's pieces that follow this thread's, in order, to the graph;
    /// returns the first piece not joined.
    fn join_helper_pieces(
        &self,
        plain: &mut Plain<'t>,
        claims: &mut Claims,
        offsets: &mut Vec<u32>,
        successors: &mut Vec<Position>,
    ) -> Result<usize, NotPlain> {
        claims.read.sort_unstable_by_key(|piece| piece.index);
        let mut next = claims.front;
        let read_pieces = std::mem::take(&mut claims.read);
        for read in &read_pieces {
            // Each piece must start where the one before ended, or after blank lines (and
            // white space starting a line) that the reader there would have skipped.
            let seam = self
                .pieces
                .get(read.index)
                .and_then(|piece| self.text.get(plain.offset()..piece.start));
            let joins = seam.is_some_and(|gap| gap.iter().all(|b| matches!(b, b'\n' | b'\r' | b' ' | b'\t')));
            let (true, &Ok(end)) = (joins && read.index == next, &read.end) else {
                break;
            };
            let base = u32::try_from(successors.len()).map_err(|_| NotPlain)?;
            let moves = claims.successors.get(read.successors.clone()).ok_or(NotPlain)?;
            successors.extend_from_slice(moves);
            let start = u32::try_from(read.successors.start).map_err(|_| NotPlain)?;
            for &offset in claims.offsets.get(read.offsets.clone()).unwrap_or_default() {
                let within = offset.checked_sub(start);
                offsets.push(within.and_then(|w| w.checked_add(base)).ok_or(NotPlain)?);
            }
            *plain = Plain::at(self.text, end);
            next += 1;
            claims.joined += 1;
        }
        Ok(next)
    }

    /// How many of the helper's graph pieces this thread joined to its own.
    #[cfg(test)]
    pub(super) fn joined(&self) -> usize {
        self.claims.lock().map_or(0, |claims| claims.joined)
    }

    /// Hands the queries to the helper (`None`: it has nothing more to do) and wakes it.
    fn share(&self, queries: Option<QueryPieces>, helper: &Thread) {
        let _ = self.queries.set(queries);
        helper.unpark();
    }

    /// Once the helper is done: its buffers back into `buffers`, the shared queries' answers
    /// into `outcomes`; the reader past the test case.
    pub(super) fn finish(
        self,
        read: Result<(bool, Graph), NotPlain>,
        plain: Plain<'t>,
        buffers: &mut GraphBuffers,
        outcomes: &mut Vec<Outcome>,
    ) -> Result<Plain<'t>, NotPlain> {
        if let Ok(claims) = self.claims.into_inner() {
            debug_assert!(claims.joined <= self.pieces.len());
            (buffers.helper_offsets, buffers.helper_successors) = (claims.offsets, claims.successors);
        }
        let (shared, graph) = read?;
        let plain = match (shared, self.queries.into_inner().flatten()) {
            (true, Some(queries)) => queries.answers(self.text, outcomes)?,
            _ => plain,
        };
        (buffers.offsets, buffers.successors) = graph.into_csr();
        Ok(plain)
    }
}

/// The helper's piece read, or given up: this thread is woken to join what was read.
struct PieceDone<'c, 't>(&'c SharedCase<'t>);

impl Drop for PieceDone<'_, '_> {
    fn drop(&mut self) {
        if let Ok(mut claims) = self.0.claims.lock() {
            claims.helper_reading = false;
        }
        self.0.piece_read.notify_one();
    }
}

/// Lets the helper go when this thread leaves the test case, whichever way (a failure
/// included: the helper would otherwise wait for the queries for ever).
struct LetGo<'c, 't> {
    case: &'c SharedCase<'t>,
    helper: &'c Thread,
}

impl Drop for LetGo<'_, '_> {
    fn drop(&mut self) {
        self.case.share(None, self.helper);
    }
}

/// The pieces of the `lines` position lines `plain` is at in `text`: `count` of them at
/// most, of about as many lines each.
fn graph_pieces(text: &[u8], plain: &Plain<'_>, lines: u32, count: usize) -> Vec<GraphPiece> {
    let total = lines as usize;
    let count = count.clamp(1, total.max(1));
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

/// The queries of a huge test case, cut into pieces of about the same length at line
/// starts, and each piece's result.
pub(super) struct QueryPieces {
    /// The graph's values, every one finite.
    values: Values,
    /// Each piece from `cuts[i]` to `cuts[i + 1]` (the last to the test case's end).
    cuts: Vec<usize>,
    next: AtomicUsize,
    reads: Vec<Mutex<Option<PieceRead>>>,
}

/// One piece's result: where its reading stopped and its answers.
type PieceRead = (Result<(QueriesRead, usize), NotPlain>, Vec<Outcome>);

impl QueryPieces {
    /// The queries `plain` is at (to the end of `text` at most), in `count` pieces.
    fn new(text: &[u8], plain: &Plain<'_>, values: Values, count: usize) -> Self {
        let start = plain.offset();
        let step = (text.len().saturating_sub(start) / count.max(1)).max(1);
        let mut cuts = vec![start];
        for k in 1..count {
            match plain.next_line_start(start + k * step) {
                Some(cut) if cut > cuts.last().copied().unwrap_or(start) => cuts.push(cut),
                _ => break,
            }
        }
        // The last piece reads to the end of the test case.
        cuts.push(usize::MAX);
        let reads = (1..cuts.len()).map(|_| Mutex::new(None)).collect();
        QueryPieces {
            values,
            cuts,
            next: AtomicUsize::new(0),
            reads,
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
        for slot in self.reads {
            let Some((read, answers)) = slot.into_inner().ok().flatten() else {
                return Err(NotPlain);
            };
            let (read, end) = read?;
            outcomes.extend_from_slice(&answers);
            // A piece that stopped where the next one began (or past blank lines there,
            // where the next started too) is followed by the next piece's queries; in the
            // piece where the test case ended, what the later pieces read is not its own.
            if read == QueriesRead::Ended {
                return Ok(Plain::at(text, end));
            }
        }
        Err(NotPlain)
    }
}

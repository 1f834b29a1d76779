//! One huge test case on two threads at once, this one and a helper started for it: the
//! position lines in pieces, this thread taking them from the first on and the helper from
//! the last back (so that a helper that starts late leaves this thread nothing to wait
//! for); then the queries in pieces, this thread taking them from the first on once it has
//! put the graph together and computed its values, the helper from the last back as soon as
//! it has read its graph pieces: while the values are not known yet it reads its pieces'
//! queries into lists of positions, to be folded once they are. The answers are put
//! together in input order, so they are the same whichever thread read which piece.

use std::ops::Range;
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
    /// The queries cut into pieces, by the helper when it read the last graph piece (and so
    /// knows where they start), else by this thread once the graph is read.
    queries: OnceLock<QueryPieces>,
    /// Set once the values are computed: `None` when this thread answers the queries alone
    /// (or has left the test case).
    values: OnceLock<Option<Values>>,
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
            values: OnceLock::new(),
            query_pieces: tuning.query_pieces,
            two_threads_from: tuning.two_threads_from,
            wait: tuning.wait,
        };
        (case, graph)
    }

    /// The helper's side: graph pieces from the back, then query pieces from the back, read
    /// ahead while the values are computed and folded once they are known.
    pub(super) fn help(&self) {
        if let Some(queries_start) = self.read_back_pieces() {
            self.read_queries_ahead(queries_start);
        }
        self.help_with_values();
    }

    /// While this thread computes the values: query pieces from the last back read into
    /// lists of positions, until the values are known or no piece is left.
    pub(super) fn read_queries_ahead(&self, queries_start: usize) {
        while self.values.get().is_none() && self.read_query_piece_ahead(queries_start) {}
    }

    /// The last query piece not taken read into lists of positions, the queries being cut
    /// into pieces from `queries_start` (where the helper's last graph piece ended) if they
    /// are not yet; `false` when no piece is left (or the queries are too short to share).
    pub(super) fn read_query_piece_ahead(&self, queries_start: usize) -> bool {
        if self.text.len() - queries_start < self.two_threads_from {
            return false;
        }
        let queries = self
            .queries
            .get_or_init(|| QueryPieces::new(self.text, queries_start, self.query_pieces));
        let Some(piece) = queries.claim_back() else {
            return false;
        };
        queries.read_ahead(self.text, piece, self.positions);
        true
    }

    /// Once this thread has said whether the queries are shared: the pieces read ahead
    /// folded, then pieces from the back until the threads meet.
    pub(super) fn help_with_values(&self) {
        let mut waiting = self.wait.start();
        let values = loop {
            match self.values.get() {
                Some(Some(values)) => break values,
                Some(None) => return,
                None => waiting.pause(),
            }
        };
        let (Some(queries), Some(finite)) = (self.queries.get(), values.as_finite()) else {
            return;
        };
        queries.fold_read_ahead(finite);
        while let Some(piece) = queries.claim_back() {
            queries.fold(self.text, piece, finite);
        }
    }

    /// The helper reads graph pieces from the last back, until it meets this thread's; where
    /// the queries start when it read the last piece.
    pub(super) fn read_back_pieces(&self) -> Option<usize> {
        let mut queries_start = None;
        loop {
            let (piece, mut offsets, mut successors) = {
                let Ok(mut claims) = self.claims.lock() else {
                    return None;
                };
                if claims.front >= claims.back {
                    return queries_start;
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
            if piece + 1 == self.pieces.len() {
                queries_start = end.ok();
            }
            let Ok(mut claims) = self.claims.lock() else {
                return None;
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
        let start = plain.offset();
        let queries = (self.text.len() - start >= self.two_threads_from).then(|| {
            self.queries
                .get_or_init(|| QueryPieces::new(self.text, start, self.query_pieces))
        });
        // Pieces cut where the helper guessed the queries start, which a blank line between
        // its pieces can put off: then this thread reads the queries alone.
        let Some(queries) = queries.filter(|queries| queries.start() == start) else {
            self.share(None, helper);
            fold_outcomes(plain, finite, usize::MAX, outcomes)?;
            return Ok((false, graph));
        };
        self.share(Some(values), helper);
        let values = self.values.get().and_then(Option::as_ref);
        let finite = values.and_then(Values::as_finite).unwrap_or_default();
        while let Some(piece) = queries.claim_front() {
            queries.fold(self.text, piece, finite);
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

    /// Hands the values to the helper (`None`: it has nothing more to do) and wakes it.
    fn share(&self, values: Option<Values>, helper: &Thread) {
        let _ = self.values.set(values);
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
        let plain = match (shared, self.queries.into_inner()) {
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
    /// Each piece from `cuts[i]` to `cuts[i + 1]` (the last to the test case's end).
    cuts: Vec<usize>,
    /// Pieces below `.0` are this thread's, from `.1` on the helper's.
    claims: Mutex<(usize, usize)>,
    reads: Vec<Mutex<Option<PieceRead>>>,
}

/// Where a piece's reading stopped.
type PieceEnd = Result<(QueriesRead, usize), NotPlain>;

/// One piece's result: its answers, or its queries read ahead of the values.
enum PieceRead {
    Folded(PieceEnd, Vec<Outcome>),
    /// The pieces of every query one after another, and each query's number of pieces.
    ReadAhead(PieceEnd, Vec<Position>, Vec<u32>),
}

impl QueryPieces {
    /// The queries from offset `start` of `text` (to its end at most), in `count` pieces.
    fn new(text: &[u8], start: usize, count: usize) -> Self {
        let plain = Plain::at(text, start);
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
        let pieces = cuts.len() - 1;
        let reads = (0..pieces).map(|_| Mutex::new(None)).collect();
        QueryPieces {
            cuts,
            claims: Mutex::new((0, pieces)),
            reads,
        }
    }

    /// Where the first piece starts.
    fn start(&self) -> usize {
        self.cuts.first().copied().unwrap_or_default()
    }

    /// The first piece no thread has taken.
    fn claim_front(&self) -> Option<usize> {
        let mut claims = self.claims.lock().ok()?;
        let (front, back) = &mut *claims;
        (*front < *back).then(|| {
            *front += 1;
            *front - 1
        })
    }

    /// The last piece no thread has taken.
    fn claim_back(&self) -> Option<usize> {
        let mut claims = self.claims.lock().ok()?;
        let (front, back) = &mut *claims;
        (*front < *back).then(|| {
            *back -= 1;
            *back
        })
    }

    /// A reader at `piece`'s start, and where it is to stop.
    fn reader<'t>(&self, text: &'t [u8], piece: usize) -> Option<(Plain<'t>, usize)> {
        let (&from, &until) = (self.cuts.get(piece)?, self.cuts.get(piece + 1)?);
        Some((Plain::at(text, from), until))
    }

    /// Folds `piece`'s queries with the graph's finite `values`.
    fn fold(&self, text: &[u8], piece: usize, values: &[u32]) {
        let Some((mut reader, until)) = self.reader(text, piece) else {
            return;
        };
        let mut answers = Vec::new();
        let read =
            fold_outcomes(&mut reader, values, until, &mut answers).map(|read| (read, reader.offset()));
        self.store(piece, PieceRead::Folded(read, answers));
    }

    /// Reads `piece`'s queries (on a graph of `positions` positions) into lists of positions.
    fn read_ahead(&self, text: &[u8], piece: usize, positions: u32) {
        let Some((mut reader, until)) = self.reader(text, piece) else {
            return;
        };
        let (mut pieces, mut lengths) = (Vec::new(), Vec::new());
        let read = reader
            .fold_queries_until(
                positions as usize,
                until,
                0,
                |length, position| {
                    pieces.push(position);
                    length + 1
                },
                |length| lengths.push(length),
            )
            .map(|read| (read, reader.offset()));
        self.store(piece, PieceRead::ReadAhead(read, pieces, lengths));
    }

    /// The pieces read ahead, folded with the graph's finite `values`.
    fn fold_read_ahead(&self, values: &[u32]) {
        for slot in &self.reads {
            let Ok(mut slot) = slot.lock() else {
                continue;
            };
            if let Some(PieceRead::ReadAhead(read, pieces, lengths)) = &*slot {
                let mut rest = pieces.as_slice();
                let mut answers = Vec::with_capacity(lengths.len());
                for &length in lengths {
                    let (query, after) = rest.split_at((length as usize).min(rest.len()));
                    rest = after;
                    // Every piece is below N (the reader checked).
                    let xor = query.iter().fold(0, |xor, &piece| xor ^ values[piece as usize]);
                    answers.push(if xor == 0 { Outcome::Lose } else { Outcome::Win });
                }
                *slot = Some(PieceRead::Folded(*read, answers));
            }
        }
    }

    fn store(&self, piece: usize, read: PieceRead) {
        if let Some(Ok(mut slot)) = self.reads.get(piece).map(Mutex::lock) {
            *slot = Some(read);
        }
    }

    /// The answers of the pieces in order (every piece read), up to the end of the test
    /// case; the reader past it.
    fn answers<'t>(self, text: &'t [u8], outcomes: &mut Vec<Outcome>) -> Result<Plain<'t>, NotPlain> {
        for slot in self.reads {
            let Some(PieceRead::Folded(read, answers)) = slot.into_inner().ok().flatten() else {
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

//! One window of plain text read in one pass: each test case's graph into reused CSR
//! buffers, its values, then its queries folded into answers as they are read.

use tabletop_grundy::{Graph, Values};
use tabletop_parse::grundy::{NotPlain, Plain, QueriesRead};

use super::{two_threads, Outcome, Position, Tuning};

/// The graph buffers one thread reuses from test case to test case.
#[derive(Default)]
pub(super) struct GraphBuffers {
    pub(super) offsets: Vec<u32>,
    pub(super) successors: Vec<Position>,
    /// The helper's moves, when a graph is read on two threads.
    pub(super) helper_offsets: Vec<u32>,
    pub(super) helper_successors: Vec<Position>,
}

/// The buffers of the windows answered in place, one after another.
#[derive(Default)]
pub(super) struct Buffers {
    pub(super) graph: GraphBuffers,
    /// The window's answers (put in order once the whole window is known to be plain).
    pub(super) outcomes: Vec<Outcome>,
}

/// The answers of every test case of plain `text`, and the number of test cases; with
/// `two_threads`, a huge test case is read on two threads at once.
///
/// # Errors
/// [`NotPlain`] when the text is not plain (or not valid): the precise reader reads it.
pub(super) fn plain_outcomes(
    text: &[u8],
    buffers: &mut GraphBuffers,
    outcomes: &mut Vec<Outcome>,
    two_threads: Option<&Tuning>,
) -> Result<usize, NotPlain> {
    let mut plain = Plain::new(text);
    let mut cases = 0;
    loop {
        let Some(positions) = plain.positions()? else {
            return Ok(cases);
        };
        cases += 1;
        let huge = two_threads.filter(|tuning| text.len() - plain.offset() >= tuning.two_threads_from);
        if let Some(tuning) = huge.filter(|_| positions > 1) {
            plain = two_threads::huge_case(text, plain, positions, buffers, outcomes, tuning)?;
            continue;
        }
        let graph = read_graph(&mut plain, positions, buffers)?;
        let values = graph.values();
        match values.as_finite() {
            Some(finite) => {
                fold_outcomes(&mut plain, finite, usize::MAX, outcomes)?;
            }
            None => loopy_outcomes(&mut plain, &graph, &values, outcomes)?,
        }
        (buffers.offsets, buffers.successors) = graph.into_csr();
    }
}

/// The outcomes of the queries `plain` is at, on a graph of finite `values`, up to offset
/// `until` or the end of the test case.
#[inline]
pub(super) fn fold_outcomes(
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
pub(super) fn loopy_outcomes(
    plain: &mut Plain<'_>,
    graph: &Graph,
    values: &Values,
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

/// The graph of `positions` positions whose position lines `plain` is at, read into
/// `buffers` on this thread.
fn read_graph(plain: &mut Plain<'_>, positions: u32, buffers: &mut GraphBuffers) -> Result<Graph, NotPlain> {
    let (mut offsets, mut successors) = graph_buffers(plain, positions, buffers);
    plain.position_lines(positions, positions, &mut offsets, &mut successors)?;
    Graph::from_csr(offsets, successors).map_err(|_| NotPlain)
}

/// The CSR buffers of `buffers` for a graph of `positions` positions that `plain` is at,
/// emptied (the offsets holding the first one, 0).
pub(super) fn graph_buffers(
    plain: &Plain<'_>,
    positions: u32,
    buffers: &mut GraphBuffers,
) -> (Vec<u32>, Vec<Position>) {
    let mut offsets = cleared(&mut buffers.offsets);
    offsets.reserve(plain.offsets_estimate(positions));
    offsets.push(0);
    (offsets, cleared(&mut buffers.successors))
}

/// `buffer`, emptied.
pub(super) fn cleared<T>(buffer: &mut Vec<T>) -> Vec<T> {
    let mut buffer = std::mem::take(buffer);
    buffer.clear();
    buffer
}

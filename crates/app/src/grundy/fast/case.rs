//! The parts of reading one plain test case that a window read on one thread and a huge
//! test case read on two share: the reused graph buffers, and the queries folded into
//! answers.

use tabletop_grundy::{Graph, Values};
use tabletop_parse::grundy::{NotPlain, Plain, QueriesRead};

use super::{Outcome, Position};

/// The graph buffers one thread reuses from test case to test case.
#[derive(Default)]
pub(super) struct GraphBuffers {
    pub(super) offsets: Vec<u32>,
    pub(super) successors: Vec<Position>,
    /// The helper's moves, when a graph is read on two threads.
    pub(super) helper_offsets: Vec<u32>,
    pub(super) helper_successors: Vec<Position>,
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

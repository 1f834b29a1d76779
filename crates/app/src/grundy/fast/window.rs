//! One window of plain text read in one pass: each test case's graph into reused CSR
//! buffers, its values, then its queries folded into answers as they are read.

use tabletop_grundy::Graph;
use tabletop_parse::grundy::{NotPlain, Plain};

use super::case::{fold_outcomes, graph_buffers, loopy_outcomes, GraphBuffers};
use super::{two_threads, Outcome, Tuning};

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

/// The graph of `positions` positions whose position lines `plain` is at, read into
/// `buffers` on this thread.
fn read_graph(plain: &mut Plain<'_>, positions: u32, buffers: &mut GraphBuffers) -> Result<Graph, NotPlain> {
    let (mut offsets, mut successors) = graph_buffers(plain, positions, buffers);
    plain.position_lines(positions, positions, &mut offsets, &mut successors)?;
    Graph::from_csr(offsets, successors).map_err(|_| NotPlain)
}

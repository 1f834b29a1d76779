//! Sprague-Grundy values of an acyclic game graph, iteratively, in `O(V + E)`.

use crate::graph::{Graph, Position};

/// The graph has a cycle, so plain Sprague-Grundy values do not exist (play may go on
/// forever; see [`Graph::values`] for the generalized values).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the graph has a cycle: {}", format_cycle(.cycle))]
pub struct CycleError {
    /// Positions on one cycle, in the order moves visit them (the last moves to the first).
    pub cycle: Vec<Position>,
}

fn format_cycle(cycle: &[Position]) -> String {
    let mut text = String::new();
    for position in cycle.iter().chain(cycle.first()) {
        if !text.is_empty() {
            text.push_str(" -> ");
        }
        text.push_str(&position.to_string());
    }
    text
}

impl Graph {
    /// Plain Sprague-Grundy values of an acyclic graph: position `p` gets the smallest
    /// non-negative integer that is not the value of one of its successors (0 without moves).
    ///
    /// Iterative (no recursion, so a chain of millions of positions is fine): `O(V + E)` time,
    /// `O(V + max degree)` memory besides the graph.
    ///
    /// # Errors
    /// [`CycleError`] naming the positions of a cycle if the graph has one.
    ///
    /// ```
    /// use tabletop_grundy::Graph;
    /// let graph = Graph::from_lists(&[vec![1, 2], vec![], vec![3], vec![]])?;
    /// assert_eq!(graph.grundy_values()?, vec![2, 0, 1, 0]);
    /// let loop_ = Graph::from_lists(&[vec![1], vec![0]])?;
    /// assert_eq!(loop_.grundy_values().unwrap_err().cycle, vec![0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grundy_values(&self) -> Result<Vec<u32>, CycleError> {
        grundy_values(self)
    }
}

/// Not yet visited (in the value array during the search).
const NEW: u32 = u32::MAX;
/// On the search path (in the value array during the search).
const ON_PATH: u32 = u32::MAX - 1;

/// Smallest value not marked with `stamp` among `successors`' values (the mex).
///
/// `mark` has at least `successors.len() + 1` entries; values `>= successors.len()` cannot
/// affect the mex and are skipped.
#[inline]
pub(crate) fn mex(successors: &[Position], values: &[u32], mark: &mut [u32], stamp: u32) -> u32 {
    let degree = successors.len();
    for &to in successors {
        let value = values[to as usize] as usize;
        if value < degree {
            mark[value] = stamp;
        }
    }
    let mut m = 0;
    while mark[m] == stamp {
        m += 1;
    }
    m as u32
}

/// Plain Sprague-Grundy values, or the first cycle met.
///
/// An iterative depth-first search (an explicit stack of `(position, next move)` frames, so a
/// chain of millions of positions needs no call stack) finishes each position after all its
/// successors and gives it the mex of their values. Each move's target value is read once,
/// so the cost is `O(V + E)` time and `O(V + E)` memory at worst besides the graph (the
/// values collected along the search path).
pub(crate) fn grundy_values(graph: &Graph) -> Result<Vec<u32>, CycleError> {
    let offsets = graph.offsets();
    let successors = graph.successor_array();
    let n = graph.len();
    let mut values = vec![NEW; n];
    let mut mark = vec![0u32; graph.max_out_degree() + 1];
    let mut stamp = 0u32;
    // Frames: (position, its next move, where its successors' values start in `found`).
    let mut stack: Vec<(Position, u32, u32)> = Vec::new();
    // The successors' values of every frame on the stack, frame after frame: each value is
    // read from `values` once (the search needs it anyway), so the mex reads a short
    // contiguous slice instead of going back to scattered positions.
    let mut found: Vec<u32> = Vec::new();
    for root in 0..n {
        if values[root] != NEW {
            continue;
        }
        values[root] = ON_PATH;
        found.clear();
        stack.push((root as Position, offsets[root], 0));
        while let Some(top) = stack.last_mut() {
            let (at, cursor, first) = *top;
            let end = offsets[at as usize + 1];
            let mut next = cursor;
            let mut descend = None;
            while next < end {
                let to = successors[next as usize];
                match values[to as usize] {
                    NEW => {
                        descend = Some(to);
                        break;
                    }
                    ON_PATH => {
                        let from = stack.iter().rposition(|&(p, _, _)| p == to).unwrap_or(0);
                        let cycle = stack[from..].iter().map(|&(p, _, _)| p).collect();
                        return Err(CycleError { cycle });
                    }
                    value => {
                        found.push(value);
                        next += 1;
                    }
                }
            }
            if let Some(to) = descend {
                top.1 = next + 1;
                values[to as usize] = ON_PATH;
                stack.push((to, offsets[to as usize], found.len() as u32));
                continue;
            }
            stack.pop();
            stamp += 1;
            let value = mex_of(&found[first as usize..], &mut mark, stamp);
            values[at as usize] = value;
            found.truncate(first as usize);
            found.push(value); // Into the parent's slice.
        }
    }
    Ok(values)
}

/// Smallest value of `0..` not in `found` (the mex), with `mark` (at least
/// `found.len() + 1` entries) and a fresh `stamp`.
#[inline]
fn mex_of(found: &[u32], mark: &mut [u32], stamp: u32) -> u32 {
    let degree = found.len();
    for &value in found {
        if (value as usize) < degree {
            mark[value as usize] = stamp;
        }
    }
    let mut m = 0;
    while mark[m] == stamp {
        m += 1;
    }
    m as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(lists: &[Vec<u64>]) -> Result<Vec<u32>, CycleError> {
        grundy_values(&Graph::from_lists(lists).unwrap())
    }

    #[test]
    fn a_position_without_moves_is_zero() {
        assert_eq!(values(&[vec![]]).unwrap(), vec![0]);
    }

    #[test]
    fn values_are_the_mex_of_the_successors() {
        // The sample's first graph: 0 -> 1, 2; 2 -> 3.
        assert_eq!(
            values(&[vec![1, 2], vec![], vec![3], vec![]]).unwrap(),
            vec![2, 0, 1, 0]
        );
        // Many equal-valued successors: the mex is 1, not the degree.
        assert_eq!(
            values(&[vec![1, 2, 3, 4], vec![], vec![], vec![], vec![]]).unwrap()[0],
            1
        );
        // Repeated moves change nothing.
        assert_eq!(values(&[vec![1, 1, 1], vec![2], vec![]]).unwrap(), vec![0, 1, 0]);
        // A gap: successors 0 and 2 give mex 1.
        assert_eq!(
            values(&[vec![1, 2], vec![], vec![3, 4], vec![], vec![3]]).unwrap(),
            vec![1, 0, 2, 0, 1]
        );
    }

    #[test]
    fn a_complete_dag_counts_down() {
        let n = 50u64;
        let lists: Vec<Vec<u64>> = (0..n).map(|i| (i + 1..n).collect()).collect();
        let expected: Vec<u32> = (0..n as u32).rev().collect();
        assert_eq!(values(&lists).unwrap(), expected);
    }

    #[test]
    fn cycles_are_reported_with_their_positions() {
        let err = values(&[vec![1], vec![2], vec![3, 1], vec![]]).unwrap_err();
        assert_eq!(err.cycle, vec![1, 2]);
        assert_eq!(err.to_string(), "the graph has a cycle: 1 -> 2 -> 1");
        assert_eq!(values(&[vec![0]]).unwrap_err().cycle, vec![0]);
    }

    #[test]
    fn a_chain_of_a_million_positions_needs_no_call_stack() {
        let n = 1_000_000u32;
        let offsets: Vec<u32> = (0..n).chain([n - 1]).collect();
        let successors: Vec<u32> = (1..n).collect();
        let graph = Graph::from_csr(offsets, successors).unwrap();
        let values = grundy_values(&graph).unwrap();
        assert_eq!(values[n as usize - 1], 0);
        assert!(values
            .iter()
            .enumerate()
            .all(|(i, &v)| v == ((n as usize - 1 - i) % 2) as u32));
    }
}

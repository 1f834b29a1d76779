//! The game graph: positions `0..n` and their moves, stored compactly (CSR).

/// A position of a game graph, `0..n`.
pub type Position = u32;

/// An unsigned integer type that lists moves for [`Graph::from_lists`]: `u8`, `u16`, `u32`
/// ([`Position`]), `u64` and `usize`. Integer literals need a type (`vec![1u32, 2]`), since
/// Rust would otherwise read them as `i32`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot list the moves of a graph: use an unsigned integer type",
    note = "integer literals need a type here: `vec![1u32, 2]`, or lists typed `Vec<Vec<Position>>`"
)]
pub trait PositionIndex: Copy {
    /// The value, widened to `u64` (every implementing type fits).
    fn to_u64(self) -> u64;
}

macro_rules! position_index {
    ($($t:ty),*) => {$(
        impl PositionIndex for $t {
            fn to_u64(self) -> u64 {
                self as u64
            }
        }
    )*};
}

position_index!(u8, u16, u32, u64, usize);

/// Why a list of moves is not a valid game graph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// A graph needs at least one position.
    #[error("a game graph needs at least one position")]
    NoPositions,
    /// More positions or moves than a `u32` index can address.
    #[error("the graph is too large: {positions} positions and {edges} moves (at most {} of each)", u32::MAX - 1)]
    TooLarge {
        /// Number of positions given.
        positions: usize,
        /// Number of moves given.
        edges: usize,
    },
    /// The offsets of a CSR graph are not a non-decreasing list from 0 to the number of moves.
    #[error("the offsets of position {position} are not in order (CSR offsets must go from 0 up to the number of moves)")]
    BadOffsets {
        /// The first position whose offsets are wrong.
        position: usize,
    },
    /// A move leads outside `0..positions`.
    #[error("position {from} has a move to {to}, outside 0..{}", positions - 1)]
    SuccessorOutOfRange {
        /// The position the move starts from.
        from: Position,
        /// Index of the move among `from`'s moves.
        index: usize,
        /// Where the move leads.
        to: u64,
        /// Number of positions.
        positions: usize,
    },
}

/// A finite game graph: positions `0..n`, each with the list of positions one move reaches.
///
/// Stored as compressed sparse rows: one array of offsets (`n + 1` entries) and one array of
/// successors, so a graph costs `4 (n + 1) + 4 e` bytes for `e` moves. Repeated moves and
/// self-loops are kept as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    /// `successors[offsets[p]..offsets[p + 1]]` are the moves from `p`.
    offsets: Vec<u32>,
    successors: Vec<Position>,
}

impl Graph {
    /// A graph from its CSR arrays: the moves from `p` are
    /// `successors[offsets[p]..offsets[p + 1]]`.
    ///
    /// # Errors
    /// [`GraphError::NoPositions`] if `offsets` has fewer than two entries,
    /// [`GraphError::TooLarge`] beyond `u32` indices, [`GraphError::BadOffsets`] if the
    /// offsets do not rise from 0 to `successors.len()`, and
    /// [`GraphError::SuccessorOutOfRange`] for a move outside `0..n`.
    pub fn from_csr(offsets: Vec<u32>, successors: Vec<Position>) -> Result<Self, GraphError> {
        let positions = offsets.len().saturating_sub(1);
        if positions == 0 {
            return Err(GraphError::NoPositions);
        }
        if positions >= u32::MAX as usize || successors.len() >= u32::MAX as usize {
            return Err(GraphError::TooLarge {
                positions,
                edges: successors.len(),
            });
        }
        if offsets[0] != 0 {
            return Err(GraphError::BadOffsets { position: 0 });
        }
        if let Some(position) = offsets.windows(2).position(|pair| pair[0] > pair[1]) {
            return Err(GraphError::BadOffsets { position });
        }
        if offsets[positions] as usize != successors.len() {
            return Err(GraphError::BadOffsets {
                position: positions - 1,
            });
        }
        // One fast pass, without a branch per move so that it runs a vector at a time (`any`
        // stops to ask at each move); locate the offender only if there is one.
        let limit = positions as u32;
        if successors.iter().fold(false, |out, &to| out | (to >= limit)) {
            for from in 0..positions {
                let moves = &successors[offsets[from] as usize..offsets[from + 1] as usize];
                if let Some(index) = moves.iter().position(|&to| to >= limit) {
                    return Err(GraphError::SuccessorOutOfRange {
                        from: from as Position,
                        index,
                        to: u64::from(moves[index]),
                        positions,
                    });
                }
            }
        }
        Ok(Self { offsets, successors })
    }

    /// A graph from one list of moves per position, in any unsigned integer type
    /// ([`PositionIndex`]).
    ///
    /// # Errors
    /// As [`Graph::from_csr`].
    ///
    /// ```
    /// use tabletop_grundy::{Graph, Position};
    /// let graph = Graph::from_lists(&[vec![1u32, 2], vec![], vec![1]])?;
    /// assert_eq!(graph.successors(2), &[1]);
    /// let lists: Vec<Vec<Position>> = vec![vec![1], vec![]];
    /// assert_eq!(Graph::from_lists(&lists)?, Graph::from_lists(&[[1u64].as_slice(), &[]])?);
    /// # Ok::<(), tabletop_grundy::GraphError>(())
    /// ```
    pub fn from_lists<T: PositionIndex, L: AsRef<[T]>>(lists: &[L]) -> Result<Self, GraphError> {
        let positions = lists.len();
        let edges: usize = lists.iter().map(|list| list.as_ref().len()).sum();
        if positions >= u32::MAX as usize || edges >= u32::MAX as usize {
            return Err(GraphError::TooLarge { positions, edges });
        }
        let mut offsets = Vec::with_capacity(positions + 1);
        let mut successors = Vec::with_capacity(edges);
        offsets.push(0);
        for (from, list) in lists.iter().enumerate() {
            for (index, to) in list.as_ref().iter().map(|to| to.to_u64()).enumerate() {
                if to >= positions as u64 {
                    return Err(GraphError::SuccessorOutOfRange {
                        from: from as Position,
                        index,
                        to,
                        positions,
                    });
                }
                successors.push(to as Position);
            }
            offsets.push(successors.len() as u32);
        }
        Self::from_csr(offsets, successors)
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Always `false`: a graph has at least one position.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Number of moves (edges), repeated moves counted each time.
    pub fn edge_count(&self) -> usize {
        self.successors.len()
    }

    /// The positions one move from `position` reaches, as given (empty for a position out of
    /// range).
    pub fn successors(&self, position: Position) -> &[Position] {
        let p = position as usize;
        match (self.offsets.get(p), self.offsets.get(p + 1)) {
            (Some(&start), Some(&end)) => &self.successors[start as usize..end as usize],
            _ => &[],
        }
    }

    /// The CSR offsets (`len() + 1` entries).
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }

    /// The CSR successor array (all moves, position by position).
    pub fn successor_array(&self) -> &[Position] {
        &self.successors
    }

    /// The CSR arrays back, `(offsets, successors)` (to reuse their memory).
    pub fn into_csr(self) -> (Vec<u32>, Vec<Position>) {
        (self.offsets, self.successors)
    }

    /// Every move `(from, to)`, position by position.
    pub fn edges(&self) -> impl Iterator<Item = (Position, Position)> + '_ {
        self.offsets.windows(2).enumerate().flat_map(move |(from, pair)| {
            self.successors[pair[0] as usize..pair[1] as usize]
                .iter()
                .map(move |&to| (from as Position, to))
        })
    }

    /// The largest number of moves from one position.
    pub fn max_out_degree(&self) -> usize {
        self.offsets
            .windows(2)
            .map(|pair| (pair[1] - pair[0]) as usize)
            .max()
            .unwrap_or(0)
    }
}

/// The strongly connected components of a graph, sinks first: every move from a component
/// leads into it or into a component listed before it.
pub(crate) struct Components {
    /// The positions, component after component.
    members: Vec<Position>,
    /// `members[starts[c]..starts[c + 1]]` is component `c`.
    starts: Vec<u32>,
}

impl Components {
    /// Each component's positions, sinks first.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &[Position]> + '_ {
        self.starts
            .windows(2)
            .map(|pair| &self.members[pair[0] as usize..pair[1] as usize])
    }
}

/// Not reached yet (Tarjan's `index`).
const UNVISITED: u32 = u32::MAX;
/// Already placed in a component (Tarjan's `index`).
const PLACED: u32 = u32::MAX - 1;

impl Graph {
    /// The strongly connected components (Tarjan's algorithm with an explicit stack, so a
    /// chain of millions of positions needs no call stack), sinks first. `O(V + E)` time.
    pub(crate) fn components(&self) -> Components {
        let n = self.len();
        let mut index = vec![UNVISITED; n];
        let mut low = vec![0u32; n];
        let mut counter = 0u32;
        let mut path: Vec<Position> = Vec::new();
        let mut calls: Vec<(Position, u32)> = Vec::new();
        let mut found = Components {
            members: Vec::with_capacity(n),
            starts: vec![0],
        };
        for root in 0..n as Position {
            if index[root as usize] != UNVISITED {
                continue;
            }
            calls.push((root, self.offsets[root as usize]));
            index[root as usize] = counter;
            low[root as usize] = counter;
            counter += 1;
            path.push(root);
            while let Some(&(v, next)) = calls.last() {
                let end = self.offsets[v as usize + 1];
                let mut cursor = next;
                let mut descend = None;
                while cursor < end {
                    let w = self.successors[cursor as usize];
                    cursor += 1;
                    match index[w as usize] {
                        UNVISITED => {
                            descend = Some(w);
                            break;
                        }
                        PLACED => {}
                        i => low[v as usize] = low[v as usize].min(i),
                    }
                }
                if let Some(w) = descend {
                    if let Some(top) = calls.last_mut() {
                        top.1 = cursor;
                    }
                    index[w as usize] = counter;
                    low[w as usize] = counter;
                    counter += 1;
                    path.push(w);
                    calls.push((w, self.offsets[w as usize]));
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    low[parent as usize] = low[parent as usize].min(low[v as usize]);
                }
                if low[v as usize] == index[v as usize] {
                    while let Some(w) = path.pop() {
                        index[w as usize] = PLACED;
                        found.members.push(w);
                        if w == v {
                            break;
                        }
                    }
                    found.starts.push(found.members.len() as u32);
                }
            }
        }
        found
    }

    /// The reverse graph in CSR form: for each position, the positions with a move to it
    /// (once per move).
    pub(crate) fn predecessors(&self) -> (Vec<u32>, Vec<Position>) {
        let n = self.len();
        let mut offsets = vec![0u32; n + 1];
        for &to in &self.successors {
            offsets[to as usize + 1] += 1;
        }
        for p in 0..n {
            offsets[p + 1] += offsets[p];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut predecessors = vec![0; self.successors.len()];
        for (from, pair) in self.offsets.windows(2).enumerate() {
            for &to in &self.successors[pair[0] as usize..pair[1] as usize] {
                let slot = &mut fill[to as usize];
                predecessors[*slot as usize] = from as Position;
                *slot += 1;
            }
        }
        (offsets, predecessors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csr_is_validated() {
        assert_eq!(Graph::from_csr(vec![0], vec![]), Err(GraphError::NoPositions));
        assert_eq!(Graph::from_csr(vec![], vec![]), Err(GraphError::NoPositions));
        assert_eq!(
            Graph::from_csr(vec![0, 2, 1], vec![0, 1]),
            Err(GraphError::BadOffsets { position: 1 })
        );
        assert_eq!(
            Graph::from_csr(vec![1, 2], vec![0, 0]),
            Err(GraphError::BadOffsets { position: 0 })
        );
        assert_eq!(
            Graph::from_csr(vec![0, 1, 1], vec![0, 0]),
            Err(GraphError::BadOffsets { position: 1 })
        );
        let err = Graph::from_csr(vec![0, 1, 3], vec![1, 0, 2]).unwrap_err();
        assert_eq!(
            err,
            GraphError::SuccessorOutOfRange {
                from: 1,
                index: 1,
                to: 2,
                positions: 2
            }
        );
        assert_eq!(err.to_string(), "position 1 has a move to 2, outside 0..1");
    }

    #[test]
    fn lists_build_the_same_graph() {
        let graph = Graph::from_lists(&[vec![1u32, 2, 2], vec![], vec![0]]).unwrap();
        assert_eq!(graph.offsets(), &[0, 3, 3, 4]);
        assert_eq!(graph.successor_array(), &[1, 2, 2, 0]);
        assert_eq!(graph.len(), 3);
        assert_eq!(graph.edge_count(), 4);
        assert_eq!(graph.successors(0), &[1, 2, 2]);
        assert_eq!(graph.successors(7), &[] as &[u32]);
        assert_eq!(graph.max_out_degree(), 3);
        assert_eq!(
            graph.edges().collect::<Vec<_>>(),
            vec![(0, 1), (0, 2), (0, 2), (2, 0)]
        );
        assert!(matches!(
            Graph::from_lists(&[vec![3u64]]),
            Err(GraphError::SuccessorOutOfRange { to: 3, .. })
        ));
        assert_eq!(
            Graph::from_lists::<u64, Vec<u64>>(&[]),
            Err(GraphError::NoPositions)
        );
    }

    #[test]
    fn components_come_sinks_first() {
        // 0 -> 1 <-> 2 -> 3, 3 -> 3, 4 alone.
        let graph = Graph::from_lists(&[vec![1u32], vec![2], vec![1, 3], vec![3], vec![]]).unwrap();
        let components: Vec<Vec<u32>> = graph
            .components()
            .iter()
            .map(|c| {
                let mut c = c.to_vec();
                c.sort_unstable();
                c
            })
            .collect();
        assert_eq!(components, vec![vec![3], vec![1, 2], vec![0], vec![4]]);
    }

    #[test]
    fn a_long_chain_needs_no_call_stack_for_components() {
        let n = 1_000_000u32;
        let offsets: Vec<u32> = (0..n).chain([n - 1]).collect();
        let successors: Vec<u32> = (1..n).collect();
        let graph = Graph::from_csr(offsets, successors).unwrap();
        let components = graph.components();
        assert_eq!(components.iter().count(), n as usize);
        assert_eq!(components.iter().next(), Some(&[n - 1][..]));
    }
}

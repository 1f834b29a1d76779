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
    /// let graph = Graph::from_lists(&[vec![1u32, 2], vec![], vec![3], vec![]])?;
    /// assert_eq!(graph.acyclic_values()?, vec![2, 0, 1, 0]);
    /// let loop_ = Graph::from_lists(&[vec![1u32], vec![0]])?;
    /// assert_eq!(loop_.acyclic_values().unwrap_err().cycle, vec![0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn acyclic_values(&self) -> Result<Vec<u32>, CycleError> {
        grundy_values(self)
    }
}

/// Smallest value not marked with `stamp` among `successors`' values (the mex).
///
/// `mark` has at least `successors.len() + 1` entries; values `>= successors.len()` cannot
/// affect the mex and are skipped. Out of line: a loop of its own keeps its pointers in
/// registers.
#[inline(never)]
pub(crate) fn mex<T: Narrow>(successors: &[Position], values: &[T], mark: &mut [u32], stamp: u32) -> u32 {
    // Bounding `mark` by the degree also bounds every index into it.
    let degree = successors.len();
    let mark = &mut mark[..=degree];
    for &to in successors {
        let value = values[to as usize].to_u32() as usize;
        if value < degree {
            mark[value] = stamp;
        }
    }
    mark.iter().position(|&m| m != stamp).unwrap_or(degree) as u32
}

/// Plain Sprague-Grundy values, or the first cycle met.
///
/// When every move goes to a larger position (or every move to a smaller one), the numbering
/// is already a topological order: one sequential check finds out, and the values are
/// computed in one pass in that order, reading the moves in memory order, with the values
/// stored in the narrowest integer that holds the largest degree (a byte for degrees below
/// 256: a million positions' values stay in a 1 MB array, in cache). Otherwise a depth-first
/// search ([`depth_first`]), which also finds a cycle.
pub(crate) fn grundy_values(graph: &Graph) -> Result<Vec<u32>, CycleError> {
    let order = match numbering_order(graph) {
        Some(order) => order,
        None => return depth_first(graph),
    };
    let degree = graph.max_out_degree();
    Ok(if degree < 1 << 8 {
        in_order::<u8>(graph, order)
    } else if degree < 1 << 16 {
        in_order::<u16>(graph, order)
    } else {
        in_order::<u32>(graph, order)
    })
}

/// Which way the numbering is a topological order, if it is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Order {
    /// Every move goes to a larger position: values from the last position down.
    Forward,
    /// Every move goes to a smaller position: values from position 0 up.
    Backward,
}

/// Whether every move goes forward, or every move backward (one sequential pass that stops
/// at the first move that breaks both).
fn numbering_order(graph: &Graph) -> Option<Order> {
    let (mut forward, mut backward) = (true, true);
    for (from, pair) in graph.offsets().windows(2).enumerate() {
        let from = from as Position;
        for &to in &graph.successor_array()[pair[0] as usize..pair[1] as usize] {
            forward &= to > from;
            backward &= to < from;
        }
        if !forward && !backward {
            return None;
        }
    }
    Some(if forward { Order::Forward } else { Order::Backward })
}

/// An unsigned integer that can hold every value of a graph (values are at most the largest
/// degree).
pub(crate) trait Narrow: Copy + Default + PartialEq {
    /// Not yet visited (during the depth-first search).
    const NEW: Self;
    /// On the search path (during the depth-first search).
    const ON_PATH: Self;
    fn from_u32(value: u32) -> Self;
    fn to_u32(self) -> u32;
    /// [`Narrow::NEW`] or [`Narrow::ON_PATH`]: no value yet.
    fn is_mark(self) -> bool;
}

macro_rules! narrow {
    ($($t:ty),*) => {$(
        impl Narrow for $t {
            const NEW: Self = <$t>::MAX;
            const ON_PATH: Self = <$t>::MAX - 1;
            #[inline]
            fn from_u32(value: u32) -> Self {
                value as $t
            }
            #[inline]
            fn to_u32(self) -> u32 {
                u32::from(self)
            }
            #[inline]
            fn is_mark(self) -> bool {
                self >= Self::ON_PATH
            }
        }
    )*};
}
narrow!(u8, u16, u32);

/// The values in one pass over a topological numbering (successors first), stored as `T`
/// during the pass (every value is at most the largest degree, which `T` holds).
fn in_order<T: Narrow>(graph: &Graph, order: Order) -> Vec<u32> {
    let n = graph.len();
    match order {
        Order::Forward => values_in::<T>(graph, (0..n).rev()),
        Order::Backward => values_in::<T>(graph, 0..n),
    }
}

/// The values of the positions of `order`, every position after its successors, in one
/// pass, stored as `T` during the pass.
fn values_in<T: Narrow>(graph: &Graph, order: impl Iterator<Item = usize>) -> Vec<u32> {
    let offsets = graph.offsets();
    let successors = graph.successor_array();
    let mut values: Vec<T> = vec![T::default(); graph.len()];
    let mut mark = vec![0u32; graph.max_out_degree() + 1];
    let mut stamp = 0u32;
    for p in order {
        let moves = &successors[offsets[p] as usize..offsets[p + 1] as usize];
        values[p] = T::from_u32(mex_of_moves(moves, &values, &mut mark, &mut stamp));
    }
    values.into_iter().map(T::to_u32).collect()
}

/// The mex of fewer than 64 successors' values: those below 64 as bits, the mex the lowest
/// clear bit.
#[inline]
fn small_mex<T: Narrow>(moves: &[Position], values: &[T]) -> u32 {
    let mut seen = 0u64;
    for &to in moves {
        seen |= 1u64.checked_shl(values[to as usize].to_u32()).unwrap_or(0);
    }
    (!seen).trailing_zeros()
}

/// The mex of `moves`' values: by [`small_mex`] for fewer than 64 moves, else by [`mex`]
/// with `mark` (more entries than `moves`) and a fresh stamp from `stamp`.
#[inline]
fn mex_of_moves<T: Narrow>(moves: &[Position], values: &[T], mark: &mut [u32], stamp: &mut u32) -> u32 {
    if moves.len() < 64 {
        small_mex(moves, values)
    } else {
        *stamp += 1;
        mex(moves, values, mark, *stamp)
    }
}

/// Plain Sprague-Grundy values by depth-first search, or the first cycle met.
///
/// An iterative depth-first search (an explicit stack of `(position, next move)` frames, so a
/// chain of millions of positions needs no call stack) finishes each position after all its
/// successors and then gives it the mex of their values, read again from its list of moves.
/// Each move is read twice, but each time by a tight loop over one list in memory order
/// ([`first_unvalued`], then [`mex_of_moves`]); carrying each value along
/// the search path instead, so that every move is read once, took 1.15 to 1.6 times as long
/// (criterion, `grundy_values/random_dag_shuffled` and `complete_dag_shuffled`). The cost is
/// `O(V + E)` time and `O(V)` memory besides the graph.
fn depth_first(graph: &Graph) -> Result<Vec<u32>, CycleError> {
    // Two values are kept free for the search's marks.
    let degree = graph.max_out_degree();
    if degree < u8::MAX as usize - 1 {
        search::<u8>(graph)
    } else if degree < u16::MAX as usize - 1 {
        search::<u16>(graph)
    } else {
        search::<u32>(graph)
    }
}

/// [`depth_first`] with the values (and the search's marks) stored as `T`, which holds the
/// largest degree plus two marks.
fn search<T: Narrow>(graph: &Graph) -> Result<Vec<u32>, CycleError> {
    let offsets = graph.offsets();
    let successors = graph.successor_array();
    let n = graph.len();
    let mut values = vec![T::NEW; n];
    let mut mark = vec![0u32; graph.max_out_degree() + 1];
    let mut stamp = 0u32;
    // Frames: (position, its next move).
    let mut stack: Vec<(Position, u32)> = Vec::new();
    for root in 0..n {
        if values[root] != T::NEW {
            continue;
        }
        values[root] = T::ON_PATH;
        stack.push((root as Position, offsets[root]));
        while let Some(top) = stack.last_mut() {
            let (at, cursor) = *top;
            let end = offsets[at as usize + 1] as usize;
            let rest = &successors[cursor as usize..end];
            let Some(skip) = first_unvalued(rest, &values) else {
                // Every successor has its value.
                stack.pop();
                let moves = &successors[offsets[at as usize] as usize..end];
                values[at as usize] = T::from_u32(mex_of_moves(moves, &values, &mut mark, &mut stamp));
                continue;
            };
            let to = rest[skip];
            if values[to as usize] == T::ON_PATH {
                let from = stack.iter().rposition(|&(p, _)| p == to).unwrap_or(0);
                let cycle = stack[from..].iter().map(|&(p, _)| p).collect();
                return Err(CycleError { cycle });
            }
            top.1 = cursor + skip as u32 + 1;
            values[to as usize] = T::ON_PATH;
            stack.push((to, offsets[to as usize]));
        }
    }
    Ok(values.into_iter().map(T::to_u32).collect())
}

/// The index of the first of `moves` without a value yet (new, or on the search path). Out
/// of line: a loop of its own keeps its pointers in registers.
#[inline(never)]
fn first_unvalued<T: Narrow>(moves: &[Position], values: &[T]) -> Option<usize> {
    moves.iter().position(|&to| values[to as usize].is_mark())
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
    fn every_order_and_width_gives_the_depth_first_values() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(2425);
        for round in 0..120 {
            let n = rng.random_range(1..=150u64);
            let degree = [3, 70, 300][round % 3];
            let forward: Vec<Vec<u64>> = (0..n)
                .map(|i| {
                    let k = if i + 1 < n {
                        rng.random_range(0..=degree)
                    } else {
                        0
                    };
                    (0..k).map(|_| rng.random_range(i + 1..n)).collect()
                })
                .collect();
            let graph = Graph::from_lists(&forward).unwrap();
            assert_eq!(numbering_order(&graph), Some(Order::Forward));
            let expected = depth_first(&graph).unwrap();
            assert_eq!(grundy_values(&graph).unwrap(), expected);
            assert_eq!(in_order::<u32>(&graph, Order::Forward), expected);
            assert_eq!(search::<u32>(&graph).unwrap(), expected);
            assert_eq!(search::<u16>(&graph).unwrap(), expected);
            if graph.max_out_degree() < 256 {
                assert_eq!(in_order::<u8>(&graph, Order::Forward), expected);
            }
            // The same graph numbered backwards.
            let last = n - 1;
            let backward: Vec<Vec<u64>> = forward
                .iter()
                .rev()
                .map(|list| list.iter().map(|&to| last - to).collect())
                .collect();
            let graph = Graph::from_lists(&backward).unwrap();
            let reversed: Vec<u32> = expected.iter().rev().copied().collect();
            assert_eq!(grundy_values(&graph).unwrap(), reversed);
            assert_eq!(in_order::<u16>(&graph, Order::Backward), reversed);
        }
        // A self-loop is neither order: the search reports it.
        let graph = Graph::from_lists(&[vec![1u32], vec![1]]).unwrap();
        assert_eq!(numbering_order(&graph), None);
        assert_eq!(grundy_values(&graph).unwrap_err().cycle, vec![1]);
    }

    #[test]
    fn the_search_of_any_numbering_gives_the_mex_of_every_position_or_a_cycle() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(2426);
        let mut cycles = 0;
        for round in 0..300 {
            let n = rng.random_range(1..=150u32);
            let degree = [2, 40, 150][round % 3];
            // Moves mostly to a random later position; in odd rounds a few go back. Every
            // tenth round is a complete DAG (each mex is the number of moves).
            let lists: Vec<Vec<u32>> = (0..n)
                .map(|i| {
                    if round % 10 == 0 {
                        return (i + 1..n).collect();
                    }
                    let k = rng.random_range(0..=degree);
                    (0..k)
                        .filter_map(|_| {
                            if round % 2 == 1 && rng.random_range(0..200) == 0 {
                                Some(rng.random_range(0..=i))
                            } else {
                                (i + 1 < n).then(|| rng.random_range(i + 1..n))
                            }
                        })
                        .collect()
                })
                .collect();
            // Numbered at random, so that neither order of the numbering holds.
            let mut new_of: Vec<u32> = (0..n).collect();
            for i in (1..n as usize).rev() {
                new_of.swap(i, rng.random_range(0..=i));
            }
            let mut shuffled = vec![Vec::new(); n as usize];
            for (from, list) in lists.iter().enumerate() {
                shuffled[new_of[from] as usize] = list.iter().map(|&to| new_of[to as usize]).collect();
            }
            let graph = Graph::from_lists(&shuffled).unwrap();
            let searched = search::<u32>(&graph);
            assert_eq!(depth_first(&graph), searched, "round {round}");
            if graph.max_out_degree() < 254 {
                assert_eq!(search::<u8>(&graph), searched, "round {round}");
            }
            assert_eq!(search::<u16>(&graph), searched, "round {round}");
            // Whether there is a cycle, by peeling off positions whose moves are all peeled
            // (Kahn's order, reversed).
            let mut left: Vec<usize> = shuffled.iter().map(Vec::len).collect();
            let mut before: Vec<Vec<usize>> = vec![Vec::new(); n as usize];
            for (from, list) in shuffled.iter().enumerate() {
                for &to in list {
                    before[to as usize].push(from);
                }
            }
            let mut ready: Vec<usize> = (0..n as usize).filter(|&p| left[p] == 0).collect();
            let mut peeled = 0;
            while let Some(p) = ready.pop() {
                peeled += 1;
                for &from in &before[p] {
                    left[from] -= 1;
                    if left[from] == 0 {
                        ready.push(from);
                    }
                }
            }
            match &searched {
                Ok(values) => {
                    assert_eq!(peeled, n as usize, "round {round}: values of a cyclic graph");
                    // The definition, checked directly.
                    for (p, list) in shuffled.iter().enumerate() {
                        let mex = (0..).find(|v| !list.iter().any(|&to| values[to as usize] == *v));
                        assert_eq!(Some(values[p]), mex, "round {round}, position {p}");
                    }
                }
                Err(CycleError { cycle }) => {
                    assert!(peeled < n as usize, "round {round}: a cycle in an acyclic graph");
                    cycles += 1;
                    // Each position of the cycle moves to the next, the last to the first.
                    for (i, &p) in cycle.iter().enumerate() {
                        let next = cycle[(i + 1) % cycle.len()];
                        assert!(shuffled[p as usize].contains(&next), "round {round}: {cycle:?}");
                    }
                }
            }
        }
        assert!(
            cycles > 20,
            "the rounds with moves back should meet cycles: {cycles}"
        );
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

//! The generalized Sprague-Grundy function of a graph that may have cycles (C. A. B. Smith,
//! 1966; A. S. Fraenkel and Y. Yesha, 1986), and the outcome of sums of such games.
//!
//! Every position `u` gets a value `γ(u)`: either a finite number, or `∞(K)` where `K` is the
//! set of finite values among `u`'s successors. `γ(u) = m` (finite) exactly when
//!
//! 1. no successor has value `m`,
//! 2. every value `j < m` is the value of some successor, and
//! 3. every successor whose value is larger than `m` (or infinite) has a successor of value
//!    `m` ("reverses out" through `m`);
//!
//! and `γ(u) = ∞` when no `m` fits. On an acyclic graph this is the plain Sprague-Grundy
//! function. A sum of pieces is decided by [`Values::outcome`]: all finite, the XOR decides;
//! one piece `∞(K)`, the player to move wins iff the XOR of the others is in `K`, else the
//! game is drawn; two or more infinite pieces, drawn.

use std::fmt;

use crate::graph::{Graph, Position};
use crate::{Outcome, PieceError};

/// The value of one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value<'a> {
    /// A finite generalized Sprague-Grundy value.
    Finite(u32),
    /// `∞(K)`: `K` is the set of finite values among the position's successors, ascending.
    Infinite(&'a [u32]),
}

impl fmt::Display for Value<'_> {
    /// `3`, or `∞(0,2)` (`∞()` for an empty `K`); the alternate form `{:#}` writes the
    /// ASCII spelling `inf(0,2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Finite(value) => write!(f, "{value}"),
            Value::Infinite(k) => {
                f.write_str(if f.alternate() { "inf(" } else { "∞(" })?;
                for (i, value) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{value}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// Marks an infinite value in [`Values::raw`]; the other bits index the `K` sets.
const INFINITE_BIT: u32 = 1 << 31;

/// The generalized Sprague-Grundy values of every position of a graph.
///
/// Stored compactly: one `u32` per position, plus the `K` sets of the infinite positions in
/// one flat array.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Values {
    /// A finite value, or `INFINITE_BIT | j` for the `j`-th infinite position.
    raw: Vec<u32>,
    /// `k_values[k_offsets[j]..k_offsets[j + 1]]` is the `K` of the `j`-th infinite position.
    k_offsets: Vec<u32>,
    k_values: Vec<u32>,
}

impl Values {
    /// Values that are all finite (plain Sprague-Grundy values).
    fn finite(values: Vec<u32>) -> Self {
        Self {
            raw: values,
            k_offsets: vec![0],
            k_values: Vec::new(),
        }
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.raw.len()
    }

    /// Whether there are no positions (never, for a [`Graph`]'s values).
    pub fn is_empty(&self) -> bool {
        self.raw.is_empty()
    }

    /// The value of `position`, or `None` outside the graph.
    pub fn get(&self, position: Position) -> Option<Value<'_>> {
        let raw = *self.raw.get(position as usize)?;
        Some(self.decode(raw))
    }

    fn decode(&self, raw: u32) -> Value<'_> {
        if raw & INFINITE_BIT == 0 {
            return Value::Finite(raw);
        }
        let j = (raw & !INFINITE_BIT) as usize;
        let k = &self.k_values[self.k_offsets[j] as usize..self.k_offsets[j + 1] as usize];
        Value::Infinite(k)
    }

    /// Every position's value, in position order.
    pub fn iter(&self) -> impl Iterator<Item = Value<'_>> + '_ {
        self.raw.iter().map(|&raw| self.decode(raw))
    }

    /// The values as plain numbers if every value is finite (always so on an acyclic graph).
    pub fn as_finite(&self) -> Option<&[u32]> {
        (self.k_offsets.len() == 1).then_some(self.raw.as_slice())
    }

    /// Number of positions with an infinite value.
    pub fn infinite_count(&self) -> usize {
        self.k_offsets.len() - 1
    }

    /// The outcome of the sum of games with one piece on each of `pieces` (several may share
    /// a position): every value finite, [`Outcome::Win`] iff their XOR is non-zero; exactly one
    /// `∞(K)`, [`Outcome::Win`] iff the XOR of the other values is in `K`, else
    /// [`Outcome::Draw`]; two or more infinite values, [`Outcome::Draw`]. `O(pieces)`, plus a
    /// binary search in `K`.
    ///
    /// # Errors
    /// [`PieceError`] for a piece outside the graph.
    pub fn outcome(&self, pieces: &[Position]) -> Result<Outcome, PieceError> {
        let mut xor = 0;
        let mut infinite = None;
        let mut infinite_pieces = 0usize;
        for (index, &position) in pieces.iter().enumerate() {
            let &raw = self.raw.get(position as usize).ok_or(PieceError {
                index,
                position,
                positions: self.raw.len(),
            })?;
            if raw & INFINITE_BIT == 0 {
                xor ^= raw;
            } else {
                infinite_pieces += 1;
                infinite = Some(raw);
            }
        }
        Ok(match (infinite_pieces, infinite) {
            (0, _) | (_, None) => {
                if xor == 0 {
                    Outcome::Lose
                } else {
                    Outcome::Win
                }
            }
            (1, Some(raw)) => match self.decode(raw) {
                Value::Infinite(k) if k.binary_search(&xor).is_ok() => Outcome::Win,
                _ => Outcome::Draw,
            },
            _ => Outcome::Draw,
        })
    }
}

impl Graph {
    /// The generalized Sprague-Grundy value of every position (finite, or `∞(K)`); on an
    /// acyclic graph these are exactly [`Graph::grundy_values`].
    ///
    /// An acyclic graph takes the plain path (an iterative depth-first search, `O(V + E)`).
    /// A graph with a cycle goes in two steps, both iterative:
    ///
    /// 1. The positions that cannot reach a cycle get their plain values, in reverse
    ///    topological order over the reverse graph (Kahn's order), `O(V + E)`.
    /// 2. The others are labelled by the Fraenkel-Yesha algorithm, round by round: in round
    ///    `m`, the positions still unlabelled get value `m` by a retrograde (backward,
    ///    queue-driven) propagation over the reverse graph, and those that can no longer get
    ///    any value become `∞`. A round costs `O(V' + E')` for the positions `V'` that reach a
    ///    cycle and the moves `E'` touching them.
    ///
    /// **Complexity:** `O(V + E + (γ + 2)(V' + E'))` time, where `γ` is the largest finite
    /// value among the positions that reach a cycle (`γ < sqrt(2E) + 1`: a value `m` needs
    /// positions of all values below `m`, each with at least that many moves), so
    /// `O(V + E)` for a bounded `γ` and `O(E^1.5)` at worst; `O(V + E)` memory.
    ///
    /// ```
    /// use tabletop_grundy::{Graph, Outcome, Value};
    /// // 0 <-> 1 (a 2-cycle), 1 -> 2, and 2 has no move.
    /// let graph = Graph::from_lists(&[vec![1], vec![0, 2], vec![]])?;
    /// let values = graph.values();
    /// assert_eq!(values.get(2), Some(Value::Finite(0)));
    /// assert_eq!(values.get(1), Some(Value::Finite(1)));
    /// assert_eq!(values.get(0), Some(Value::Finite(0)));
    ///
    /// let spin = Graph::from_lists(&[vec![0, 1], vec![]])?; // a self-loop with an exit
    /// let values = spin.values();
    /// assert_eq!(values.get(0), Some(Value::Infinite(&[0])));
    /// assert_eq!(values.get(0).unwrap().to_string(), "∞(0)");
    /// assert_eq!(format!("{:#}", values.get(0).unwrap()), "inf(0)");
    /// assert_eq!(values.outcome(&[0])?, Outcome::Win);    // 0 is in K
    /// assert_eq!(values.outcome(&[0, 0])?, Outcome::Draw); // two infinite pieces
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn values(&self) -> Values {
        match self.grundy_values() {
            Ok(values) => Values::finite(values),
            Err(_) => label(self),
        }
    }
}

/// Not labelled yet (during the labelling).
const UNLABELLED: u32 = u32::MAX;
/// Labelled `∞` (during the labelling).
const INFINITE: u32 = u32::MAX - 1;

/// The Fraenkel-Yesha labelling, for any graph. See [`Graph::values`].
pub(crate) fn label(graph: &Graph) -> Values {
    label_with(graph, true)
}

/// The labelling; with `settle_acyclic_part`, the positions that cannot reach a cycle get
/// their plain values first (without it, every position goes through the rounds: kept to
/// test one against the other).
pub(crate) fn label_with(graph: &Graph, settle_acyclic_part: bool) -> Values {
    let n = graph.len();
    let offsets = graph.offsets();
    let successors = graph.successor_array();
    let (pred_offsets, predecessors) = graph.predecessors();
    let preds =
        |p: u32| &predecessors[pred_offsets[p as usize] as usize..pred_offsets[p as usize + 1] as usize];
    let moves = |p: u32| &successors[offsets[p as usize] as usize..offsets[p as usize + 1] as usize];
    let mut label = vec![UNLABELLED; n];

    // 1. Positions that cannot reach a cycle form an acyclic part closed under moves, where
    //    γ is the plain Sprague-Grundy value: settle them in reverse topological order (a
    //    position is ready when all its successors are), O(V + E).
    if settle_acyclic_part {
        let mut waiting: Vec<u32> = offsets.windows(2).map(|pair| pair[1] - pair[0]).collect();
        let mut ready: Vec<Position> = (0..n as Position).filter(|&p| waiting[p as usize] == 0).collect();
        let mut mark = vec![0u32; graph.max_out_degree() + 1];
        let mut stamp = 0u32;
        while let Some(v) = ready.pop() {
            stamp += 1;
            label[v as usize] = crate::sprague::mex(moves(v), &label, &mut mark, stamp);
            for &x in preds(v) {
                waiting[x as usize] -= 1;
                if waiting[x as usize] == 0 {
                    ready.push(x);
                }
            }
        }
    }

    // 2. The rest (every one reaches a cycle), round by round. A settled successor `v` of an
    //    open position only matters in round γ(v), where it forbids that value: in earlier
    //    rounds it is unlabelled in the plain algorithm but always reverses out (it has a
    //    successor of every smaller value), so it never blocks. `seeds` lists (γ(v), u) for
    //    such moves u -> v, by value.
    let mut open: Vec<Position> = (0..n as Position)
        .filter(|&p| label[p as usize] == UNLABELLED)
        .collect();
    let mut seeds: Vec<(u32, Position)> = Vec::new();
    for &u in &open {
        for &v in moves(u) {
            let value = label[v as usize];
            if value < INFINITE {
                seeds.push((value, u));
            }
        }
    }
    seeds.sort_unstable();
    let mut next_seed = 0;
    // hit[w] == round + 1: w has a successor of value `round` (so w cannot get `round`).
    let mut hit = vec![0u32; n];
    // For an open position: its moves to open or infinite positions that are not yet hit.
    let mut count = vec![0u32; n];
    let mut queue: Vec<Position> = Vec::new();
    let mut round = 0u32;
    while !open.is_empty() {
        let stamp = round + 1;
        for &u in &open {
            count[u as usize] = moves(u)
                .iter()
                .filter(|&&v| label[v as usize] >= INFINITE)
                .count() as u32;
        }
        // A hit open or infinite position w reverses out: its predecessors stop waiting on
        // it. With `queue`, a predecessor left waiting on nothing (and not hit) gets `round`.
        let reverse_out = |w: Position,
                           label: &mut [u32],
                           hit: &mut [u32],
                           count: &mut [u32],
                           queue: Option<&mut Vec<Position>>| {
            if hit[w as usize] == stamp {
                return;
            }
            hit[w as usize] = stamp;
            if label[w as usize] < INFINITE {
                return; // Settled, or labelled in an earlier round: nobody counts it.
            }
            match queue {
                None => {
                    for &x in preds(w) {
                        if label[x as usize] == UNLABELLED {
                            count[x as usize] -= 1;
                        }
                    }
                }
                Some(queue) => {
                    for &x in preds(w) {
                        let x = x as usize;
                        if label[x] == UNLABELLED {
                            count[x] -= 1;
                            if count[x] == 0 && hit[x] != stamp {
                                label[x] = round;
                                queue.push(x as Position);
                            }
                        }
                    }
                }
            }
        };
        // Settled successors of value `round` first (labelling waits until all are in).
        while let Some(&(value, u)) = seeds.get(next_seed) {
            if value != round {
                break;
            }
            reverse_out(u, &mut label, &mut hit, &mut count, None);
            next_seed += 1;
        }
        // Every successor of these is labelled below `round` (or settled and never
        // blocking), and all of 0..round occur among them (else they would be infinite
        // already): they get `round`. Two of them are never adjacent, since an unlabelled
        // successor that is not hit counts as pending.
        for &u in &open {
            if label[u as usize] == UNLABELLED && count[u as usize] == 0 && hit[u as usize] != stamp {
                label[u as usize] = round;
                queue.push(u);
            }
        }
        let mut next = Vec::new();
        while let Some(v) = queue.pop() {
            for &w in preds(v) {
                reverse_out(w, &mut label, &mut hit, &mut count, Some(&mut next));
            }
            queue.append(&mut next);
        }
        // Unlabelled and without a successor of value `round`: no value can ever fit.
        open.retain(|&u| {
            let u = u as usize;
            if label[u] != UNLABELLED {
                false
            } else if hit[u] != stamp {
                label[u] = INFINITE;
                false
            } else {
                true
            }
        });
        round += 1;
    }

    // K of each infinite position: the finite values among its successors.
    let mut k_offsets = vec![0u32];
    let mut k_values = Vec::new();
    let mut raw = label.clone();
    for (u, value) in raw.iter_mut().enumerate() {
        if *value != INFINITE {
            continue;
        }
        let start = k_values.len();
        k_values.extend(
            moves(u as u32)
                .iter()
                .map(|&v| label[v as usize])
                .filter(|&value| value < INFINITE),
        );
        k_values[start..].sort_unstable();
        let mut kept = start;
        for i in start..k_values.len() {
            if kept == start || k_values[kept - 1] != k_values[i] {
                k_values[kept] = k_values[i];
                kept += 1;
            }
        }
        k_values.truncate(kept);
        *value = INFINITE_BIT | (k_offsets.len() as u32 - 1);
        k_offsets.push(k_values.len() as u32);
    }
    Values {
        raw,
        k_offsets,
        k_values,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(lists: &[Vec<u64>]) -> Values {
        Graph::from_lists(lists).unwrap().values()
    }

    fn shown(values: &Values) -> Vec<String> {
        values.iter().map(|v| v.to_string()).collect()
    }

    #[test]
    fn a_self_loop_alone_is_infinite_with_empty_k() {
        let values = values(&[vec![0]]);
        assert_eq!(values.get(0), Some(Value::Infinite(&[])));
        assert_eq!(shown(&values), vec!["∞()"]);
        assert_eq!(values.outcome(&[0]).unwrap(), Outcome::Draw);
        assert_eq!(values.infinite_count(), 1);
        assert_eq!(values.as_finite(), None);
    }

    #[test]
    fn a_two_cycle_draws() {
        let values = values(&[vec![1], vec![0]]);
        assert_eq!(shown(&values), vec!["∞()", "∞()"]);
        assert_eq!(values.outcome(&[0]).unwrap(), Outcome::Draw);
    }

    #[test]
    fn a_cycle_with_an_exit_to_a_losing_position() {
        // 0 -> 1 -> 2 -> 0 and 2 -> 3, no move from 3. By the definition: γ(3) = 0; γ(1) = 0
        // (its only successor 2 is larger but reverses out through 3); γ(0) = 1; γ(2) = mex{1, 0}
        // = 2. The cycle is harmless: every value is finite.
        let values = values(&[vec![1], vec![2], vec![0, 3], vec![]]);
        assert_eq!(shown(&values), vec!["1", "0", "2", "0"]);
        assert_eq!(values.as_finite(), Some(&[1, 0, 2, 0][..]));
        assert_eq!(values.outcome(&[1]).unwrap(), Outcome::Lose);
        assert_eq!(values.outcome(&[0, 2]).unwrap(), Outcome::Win);
        assert!(Graph::from_lists(&[vec![1u64], vec![2], vec![0, 3], vec![]])
            .unwrap()
            .grundy_values()
            .is_err());
    }

    #[test]
    fn one_infinite_piece_wins_iff_the_others_xor_is_in_k() {
        // 0: ∞(0, 1)? Build: 0 -> 0 (self-loop), 0 -> 1, 0 -> 2; 1 -> nothing (0); 2 -> 1 (1).
        let values = values(&[vec![0, 1, 2], vec![], vec![1], vec![3, 2]]);
        assert_eq!(values.get(0), Some(Value::Infinite(&[0, 1])));
        assert_eq!(values.get(1), Some(Value::Finite(0)));
        assert_eq!(values.get(2), Some(Value::Finite(1)));
        // 3 -> 3, 3 -> 2: K = {1}.
        assert_eq!(values.get(3), Some(Value::Infinite(&[1])));
        assert_eq!(values.outcome(&[0]).unwrap(), Outcome::Win); // 0 in K
        assert_eq!(values.outcome(&[0, 2]).unwrap(), Outcome::Win); // 1 in K
        assert_eq!(values.outcome(&[0, 2, 2]).unwrap(), Outcome::Win); // 0 in K
        assert_eq!(values.outcome(&[3]).unwrap(), Outcome::Draw); // 0 not in {1}
        assert_eq!(values.outcome(&[3, 2]).unwrap(), Outcome::Win); // 1 in {1}
        assert_eq!(values.outcome(&[0, 3]).unwrap(), Outcome::Draw); // two infinite pieces
        assert!(values.outcome(&[4]).is_err());
    }

    #[test]
    fn on_a_dag_the_labelling_is_plain_sprague_grundy() {
        let n = 40u64;
        let lists: Vec<Vec<u64>> = (0..n)
            .map(|i| (i + 1..n).filter(|j| (i * 7 + j * 3) % 5 != 0).collect())
            .collect();
        let graph = Graph::from_lists(&lists).unwrap();
        let plain = graph.grundy_values().unwrap();
        let labelled = label_with(&graph, false);
        assert_eq!(labelled.as_finite(), Some(plain.as_slice()));
        assert_eq!(graph.values(), labelled);
    }

    #[test]
    fn on_random_dags_the_labelling_is_plain_sprague_grundy() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(1986);
        for _ in 0..500 {
            let n = rng.random_range(1..=30u64);
            let density = rng.random_range(0.05..0.9);
            let lists: Vec<Vec<u64>> = (0..n)
                .map(|i| (i + 1..n).filter(|_| rng.random_bool(density)).collect())
                .collect();
            let graph = Graph::from_lists(&lists).unwrap();
            let plain = graph.grundy_values().unwrap();
            assert_eq!(
                label_with(&graph, false).as_finite(),
                Some(plain.as_slice()),
                "{lists:?}"
            );
            assert_eq!(label(&graph).as_finite(), Some(plain.as_slice()), "{lists:?}");
        }
    }

    #[test]
    fn settling_the_acyclic_part_first_changes_nothing() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(1966);
        for _ in 0..2000 {
            let n = rng.random_range(1..=14u64);
            let forward = rng.random_range(0.1..0.9);
            let backward = rng.random_range(0.0..0.15);
            let lists: Vec<Vec<u64>> = (0..n)
                .map(|i| {
                    (0..n)
                        .filter(|&j| rng.random_bool(if j > i { forward } else { backward }))
                        .collect()
                })
                .collect();
            let graph = Graph::from_lists(&lists).unwrap();
            assert_eq!(label_with(&graph, true), label_with(&graph, false), "{lists:?}");
        }
    }

    #[test]
    fn a_long_cycle_is_labelled_without_recursion() {
        let n = 1_000_000u32;
        let offsets: Vec<u32> = (0..=n).collect();
        let successors: Vec<u32> = (1..n).chain([0]).collect();
        let values = Graph::from_csr(offsets, successors).unwrap().values();
        assert_eq!(values.infinite_count(), n as usize);
        assert_eq!(values.outcome(&[0, 5]).unwrap(), Outcome::Draw);
    }
}

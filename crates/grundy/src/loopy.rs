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
use label::label;

mod label;
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
    /// acyclic graph these are exactly [`Graph::acyclic_values`].
    ///
    /// An acyclic graph takes the plain path (an iterative depth-first search, `O(V + E)`).
    /// A graph with a cycle is labelled component by component (all iterative):
    ///
    /// 1. **Components.** Tarjan's algorithm splits the graph into strongly connected
    ///    components, sinks first, so every move leaving a component leads to a position
    ///    already finished. `O(V + E)`.
    /// 2. **Single positions** (a component of one position without a self-loop): `m`, the
    ///    mex of the successors' finite values, if every successor of infinite value `∞(K)`
    ///    has `m` in `K` (a successor of larger finite value always reverses out through
    ///    `m`), else `∞`. `O(degree)` plus one binary search per infinite successor.
    /// 3. **Components with a cycle**: the Fraenkel-Yesha rounds, on the component's own
    ///    moves only. In round `m`, an open position is *hit* if a successor has value `m`;
    ///    one that is not hit gets `m` when every open, dead or outside-infinite successor
    ///    reverses out through `m` (a work list: counters of the blocking moves, released by
    ///    the hits, queue-driven backwards); one neither hit nor labelled dies (`∞`). The
    ///    finished positions outside enter as facts: value `v` hits its predecessors in round
    ///    `v` (sorted once), `∞(K)` blocks in the rounds not in `K` (a cursor through `K`).
    ///
    /// **Bound:** `O(V + E log E + Σ_S r_S (V_S + E'_S))` time and `O(V + E)` memory, the
    /// sum over the components `S` with a cycle, where `V_S` is the number of positions of
    /// `S`, `E'_S` the moves from `S` into `S` or to infinite positions, and `r_S` the number
    /// of rounds, `r_S ≤ 1 + max over u ∈ S of the number of distinct finite values among
    /// u's successors ≤ 1 + Δ` (Δ the largest out-degree).
    ///
    /// *Proof sketch.* Step 1 is Tarjan's bound. Step 2 reads each move once (the `log` is
    /// the binary search). In step 3, a position open in round `m` has been hit in rounds
    /// `0..m`, so it has successors of `m` distinct finite values: hence the bound on `r_S`.
    /// A round recomputes the counters of the open positions (`O(V_S + E'_S)`, the `K`
    /// cursors moving forward only), marks each position hit at most once and labels it at
    /// most once, and a hit or a label walks the position's predecessors inside `S` once:
    /// `O(V_S + E'_S)` per round. The moves to finite positions outside are sorted once per
    /// component (the `E log E`) and each is read in one round only. Correctness: the moves
    /// leaving `S` reach finished positions, whose behaviour in every round is fixed by their
    /// final value (a value `v` is labelled in round `v` and hit, so not blocking, in every
    /// round before; `∞(K)` is hit exactly in the rounds of `K`), so running the rounds on
    /// `S` alone gives the labels the rounds on the whole graph give.
    ///
    /// On a graph whose cycles are small, such as a DAG beside one 2-cycle that every
    /// position reaches, this is `O(V + E log E)`; a component with many positions and many
    /// rounds is the slow case (`O(Δ (V + E))` at worst).
    ///
    /// ```
    /// use tabletop_grundy::{Graph, Outcome, Value};
    /// // 0 <-> 1 (a 2-cycle), 1 -> 2, and 2 has no move.
    /// let graph = Graph::from_lists(&[vec![1u32], vec![0, 2], vec![]])?;
    /// let values = graph.values();
    /// assert_eq!(values.get(2), Some(Value::Finite(0)));
    /// assert_eq!(values.get(1), Some(Value::Finite(1)));
    /// assert_eq!(values.get(0), Some(Value::Finite(0)));
    ///
    /// let spin = Graph::from_lists(&[vec![0u32, 1], vec![]])?; // a self-loop with an exit
    /// let values = spin.values();
    /// assert_eq!(values.get(0), Some(Value::Infinite(&[0])));
    /// assert_eq!(values.get(0).unwrap().to_string(), "∞(0)");
    /// assert_eq!(format!("{:#}", values.get(0).unwrap()), "inf(0)");
    /// assert_eq!(values.outcome(&[0])?, Outcome::Win);    // 0 is in K
    /// assert_eq!(values.outcome(&[0, 0])?, Outcome::Draw); // two infinite pieces
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn values(&self) -> Values {
        match self.acyclic_values() {
            Ok(values) => Values::finite(values),
            Err(_) => label(self),
        }
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
            .acyclic_values()
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

    /// The Fraenkel-Yesha rounds on the whole graph, written as plainly as possible (each
    /// round a fixpoint by repeated sweeps; no components, no counters): the reference.
    fn naive(lists: &[Vec<u64>]) -> Vec<String> {
        const OPEN: u32 = u32::MAX;
        const DEAD: u32 = u32::MAX - 1;
        let n = lists.len();
        let mut label = vec![OPEN; n];
        let mut round = 0;
        while label.contains(&OPEN) {
            let hit = |label: &[u32], u: usize| lists[u].iter().any(|&v| label[v as usize] == round);
            let mut changed = true;
            while changed {
                changed = false;
                for u in 0..n {
                    let ready = lists[u].iter().all(|&v| {
                        let v = v as usize;
                        label[v] < round || (label[v] >= DEAD && hit(&label, v))
                    });
                    if label[u] == OPEN && !hit(&label, u) && ready {
                        label[u] = round;
                        changed = true;
                    }
                }
            }
            for u in 0..n {
                if label[u] == OPEN && !hit(&label, u) {
                    label[u] = DEAD;
                }
            }
            round += 1;
        }
        (0..n)
            .map(|u| {
                if label[u] < DEAD {
                    return label[u].to_string();
                }
                let mut k: Vec<u32> = lists[u]
                    .iter()
                    .map(|&v| label[v as usize])
                    .filter(|&x| x < DEAD)
                    .collect();
                k.sort_unstable();
                k.dedup();
                let k: Vec<String> = k.iter().map(u32::to_string).collect();
                format!("∞({})", k.join(","))
            })
            .collect()
    }

    #[test]
    fn on_a_dag_the_labelling_is_plain_sprague_grundy() {
        let n = 40u64;
        let lists: Vec<Vec<u64>> = (0..n)
            .map(|i| (i + 1..n).filter(|j| (i * 7 + j * 3) % 5 != 0).collect())
            .collect();
        let graph = Graph::from_lists(&lists).unwrap();
        let plain = graph.acyclic_values().unwrap();
        let labelled = label(&graph);
        assert_eq!(labelled.as_finite(), Some(plain.as_slice()));
        assert_eq!(graph.values(), labelled);
        assert_eq!(shown(&labelled), naive(&lists));
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
            let plain = graph.acyclic_values().unwrap();
            assert_eq!(label(&graph).as_finite(), Some(plain.as_slice()), "{lists:?}");
        }
    }

    #[test]
    fn components_and_rounds_agree_with_the_plain_rounds() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(1966);
        let mut infinite = 0;
        let mut finite_in_cycles = 0;
        for _ in 0..3000 {
            let n = rng.random_range(1..=14u64);
            let forward = rng.random_range(0.1..0.9);
            let backward = rng.random_range(0.0..0.2);
            let lists: Vec<Vec<u64>> = (0..n)
                .map(|i| {
                    (0..n)
                        .filter(|&j| rng.random_bool(if j > i { forward } else { backward }))
                        .collect()
                })
                .collect();
            let graph = Graph::from_lists(&lists).unwrap();
            let values = label(&graph);
            assert_eq!(shown(&values), naive(&lists), "{lists:?}");
            infinite += values.infinite_count();
            if graph.acyclic_values().is_err() {
                finite_in_cycles += values.len() - values.infinite_count();
            }
        }
        // Both kinds of values must occur often on graphs with cycles, or the check is weak.
        assert!(
            infinite > 2000 && finite_in_cycles > 2000,
            "{infinite} {finite_in_cycles}"
        );
    }

    /// The worst case for the plain rounds (a round per value): `D_i -> D_j (j < i)` and `-> c`,
    /// `E_i -> E_j (j < i)`, `c -> every E_i` and `c -> c2 -> c`.
    fn worst_case(n: u64) -> Vec<Vec<u64>> {
        let (d, e, c, c2) = (0, n, 2 * n, 2 * n + 1);
        let mut lists: Vec<Vec<u64>> = (0..n)
            .map(|i| (0..i).map(|j| d + j).chain([c]).collect())
            .collect();
        lists.extend((0..n).map(|i| (0..i).map(|j| e + j).collect::<Vec<_>>()));
        lists.push((0..n).map(|i| e + i).chain([c2]).collect());
        lists.push(vec![c]);
        lists
    }

    #[test]
    fn the_worst_case_of_the_plain_rounds_is_labelled_alike() {
        for n in [1, 2, 5, 9] {
            let lists = worst_case(n);
            let values = Graph::from_lists(&lists).unwrap().values();
            assert_eq!(shown(&values), naive(&lists), "n = {n}");
            // D_i = i, c = n, c2 = 0.
            assert_eq!(values.get(2 * n as u32), Some(Value::Finite(n as u32)));
            assert_eq!(values.get(n as u32 - 1), Some(Value::Finite(n as u32 - 1)));
        }
    }

    #[test]
    fn infinite_positions_outside_a_cycle_block_unless_they_reverse_out() {
        // A 2-cycle 0 <-> 1 with an exit 0 -> 2 (no move from 2), and 1 -> 3 where 3 is
        // infinite, in a component of its own. With 3 = ∞() (3 -> 3 only), 3 blocks 1 in
        // round 0, so 1 dies, and 0 after it: ∞(0), ∞(), 0, ∞().
        let lists = vec![vec![1, 2], vec![0, 3], vec![], vec![3]];
        let values = Graph::from_lists(&lists).unwrap().values();
        assert_eq!(shown(&values), vec!["∞(0)", "∞()", "0", "∞()"]);
        assert_eq!(shown(&values), naive(&lists));
        // With 3 = ∞(0) (3 -> 3, 3 -> 2), 3 reverses out through 0: 1 gets 0, then 0 gets 1.
        let lists = vec![vec![1, 2], vec![0, 3], vec![], vec![3, 2]];
        let values = Graph::from_lists(&lists).unwrap().values();
        assert_eq!(shown(&values), vec!["1", "0", "0", "∞(0)"]);
        assert_eq!(shown(&values), naive(&lists));
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

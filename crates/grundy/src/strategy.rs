//! The move to play in a sum of games: for `WIN` a move to a `LOSE` position that wins in
//! finitely many moves, for `DRAW` a move that keeps the draw, for `LOSE` none.
//!
//! # The strategy
//!
//! Write `γ` for the generalized Sprague-Grundy function ([`Graph::values`]). Besides `γ`,
//! the strategy uses a *counter*: every position `u` of finite value `m` gets a number
//! `c(u)` such that
//!
//! - **(C)** every successor `v` of `u` with `γ(v) > m` or `γ(v) = ∞` has a successor `w`
//!   with `γ(w) = m` and `c(w) < c(u)`.
//!
//! (This is Smith's counter function; Fraenkel and Yesha's labelling produces one as the
//! order in which it labels positions.) [`Strategy::new`] computes it independently of the
//! labelling, value by value, by a retrograde sweep: the positions of value `m` whose larger
//! successors all already have a successor of value `m` numbered earlier get the next
//! numbers. Each value class is numbered completely: the labelling order of round `m` is a
//! witness, and the sweep numbers every position that the witness numbers (by induction
//! along it). The *rank* of a finite position is its index in the order of `(γ, c)`, so
//! ranks grow with `γ`, and within a value with `c`.
//!
//! The moves chosen ([`Strategy::answer`]), in a position with pieces on `p_1 … p_k`:
//!
//! - **All values finite, XOR `s ≠ 0` (WIN):** among the moves of a piece `p` to a `w`
//!   with `γ(w) = γ(p) ⊕ s` (after which the XOR is 0), the one that lowers the sum of the
//!   ranks of the pieces most (the `w` of least rank, for the piece where that helps most).
//! - **One piece `∞(K)` on `p`, the others' XOR `x ∈ K` (WIN):** move that piece to the
//!   successor `w` with `γ(w) = x` of least rank. (Every `LOSE` position has all values
//!   finite, so no other move wins.)
//! - **DRAW:** the first move (pieces in order, moves in order) to a `DRAW` position; one
//!   exists, or the position would be `WIN` (a move to `LOSE`) or `LOSE` (all moves to `WIN`,
//!   or none).
//! - **LOSE:** no move.
//!
//! # Why playing these moves wins in finitely many moves
//!
//! Let `Φ` be the sum of the ranks of the pieces, defined when every value is finite. We
//! show that after each of our moves the opponent faces all values finite with XOR 0, and
//! that `Φ` there is strictly smaller than at the previous such position. `Φ` is a natural
//! number below `k·V` (`V` positions), so after at most `k·V` of our moves (after the
//! first) the opponent has no move left and loses: the game lasts at most `2 k V + 1` moves,
//! against every reply.
//!
//! Our move leaves all values finite with XOR 0 (in both WIN cases above). Let `Φ₀` be `Φ`
//! there. The opponent moves one piece from `u` (value `a`) to `v`; `γ(v) ≠ a` because no
//! successor of `u` has value `a`.
//!
//! - **`γ(v) = b < a`:** `Φ` drops (the piece's rank falls with its value) and the XOR is
//!   `a ⊕ b ≠ 0`. Some piece has the highest bit of the XOR in its value, and every smaller
//!   value is the value of one of its successors, so a move lowering that piece's value
//!   exists; it lowers `Φ` again. Our move lowers `Φ` at least that much: `Φ < Φ₀`.
//! - **`γ(v) = b > a`:** the XOR is `a ⊕ b`, and by (C) `v` has a successor `w` with
//!   `γ(w) = a` and `c(w) < c(u)`. Moving `v` to `w` restores XOR 0 and leaves
//!   `Φ₀ − rank(u) + rank(w) < Φ₀`; our move lowers `Φ` at least as much.
//! - **`γ(v) = ∞(K)`:** by (C) again `v` has a successor `w` of value `a` with
//!   `c(w) < c(u)`, so `a ∈ K` and the others' XOR is `a`: the position is WIN with one
//!   infinite piece, and the successor of value `a` of least rank has rank at most
//!   `rank(w) < rank(u)`: `Φ < Φ₀` again.
//!
//! In every case a move exists, so we are never stuck; only the opponent can be. ∎
//!
//! (Choosing by `Φ` over all pieces, not only reversing the piece just moved, makes the
//! strategy a function of the position alone: the printed move for a position is the move
//! to play whenever the position comes up.)
//!
//! ```
//! use tabletop_grundy::{Graph, Outcome};
//! use tabletop_grundy::strategy::{Move, Strategy};
//! // 0 <-> 1, 1 -> 2: γ = 0, 1, 0. A piece on 1 wins by moving to 2 (not back to 0,
//! // which is also LOSE for the opponent but could be answered by 0 -> 1 forever).
//! let graph = Graph::from_lists(&[vec![1u32], vec![0, 2], vec![]])?;
//! let values = graph.values();
//! let strategy = Strategy::new(&graph, &values);
//! let answer = strategy.answer(&[1])?;
//! assert_eq!(answer.outcome, Outcome::Win);
//! assert_eq!(answer.play, Some(Move { piece: 0, from: 1, to: 2 }));
//! assert_eq!(strategy.answer(&[0])?.play, None); // LOSE: no move to suggest
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;

use crate::graph::{Graph, Position};
use crate::loopy::{Value, Values};
use crate::{Outcome, PieceError};

/// A move in a sum: piece number `piece` (0-based index into the query) goes from `from` to
/// `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Index of the piece in the list of pieces (0-based).
    pub piece: usize,
    /// Its position.
    pub from: Position,
    /// The position it moves to.
    pub to: Position,
}

/// The outcome of a sum and the move to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Answer {
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// For [`Outcome::Win`], the winning move (to a `LOSE` position, making progress); for
    /// [`Outcome::Draw`], a move to a `DRAW` position; `None` for [`Outcome::Lose`].
    pub play: Option<Move>,
}

/// Marks positions of infinite value in the rank table.
const NO_RANK: u32 = u32::MAX;

/// The winning strategy of a graph: its values and the rank of every finite position.
#[derive(Debug, Clone)]
pub struct Strategy<'a> {
    graph: &'a Graph,
    values: &'a Values,
    /// Rank in the order of (γ, counter) for finite positions; `NO_RANK` for infinite ones.
    rank: Vec<u32>,
    /// Whether every finite position got a counter (always, for the values of the graph).
    complete: bool,
}

impl<'a> Strategy<'a> {
    /// Prepares the strategy of `graph` from its values ([`Graph::values`]): computes the
    /// counter of every finite position (see the [module documentation](self)).
    ///
    /// `O(V + E)` per distinct finite value, `O(V + E)` memory.
    pub fn new(graph: &'a Graph, values: &'a Values) -> Self {
        let finite: Vec<Option<u32>> = values
            .iter()
            .map(|value| match value {
                Value::Finite(m) => Some(m),
                Value::Infinite(_) => None,
            })
            .collect();
        let (rank, complete) = rank_positions(graph, &finite);
        Self {
            graph,
            values,
            rank,
            complete,
        }
    }

    /// Whether every finite position got a counter satisfying (C); `false` only if the
    /// values given are not the graph's generalized Sprague-Grundy values.
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// The rank of a finite position in the order of `(γ, counter)`, `None` for an infinite
    /// one or a position outside the graph.
    pub fn rank(&self, position: Position) -> Option<u32> {
        self.rank
            .get(position as usize)
            .copied()
            .filter(|&r| r != NO_RANK)
    }

    fn value(&self, position: Position) -> Option<u32> {
        match self.values.get(position) {
            Some(Value::Finite(m)) => Some(m),
            _ => None,
        }
    }

    /// The outcome of the sum with one piece on each of `pieces`, and the move to play.
    ///
    /// # Errors
    /// [`PieceError`] for a piece outside the graph.
    pub fn answer(&self, pieces: &[Position]) -> Result<Answer, PieceError> {
        let outcome = self.values.outcome(pieces)?;
        let play = match outcome {
            Outcome::Lose => None,
            Outcome::Win => self.winning_move(pieces),
            Outcome::Draw => self.drawing_move(pieces),
        };
        Ok(Answer { outcome, play })
    }

    /// The successor of `from` with value `target` of least rank.
    fn lowest(&self, from: Position, target: u32) -> Option<Position> {
        self.graph
            .successors(from)
            .iter()
            .copied()
            .filter(|&w| self.value(w) == Some(target))
            .min_by_key(|&w| self.rank[w as usize])
    }

    /// A winning position's move (see the module documentation).
    fn winning_move(&self, pieces: &[Position]) -> Option<Move> {
        let mut xor = 0;
        let mut infinite = None;
        for (piece, &position) in pieces.iter().enumerate() {
            match self.value(position) {
                Some(m) => xor ^= m,
                None => infinite = Some(piece),
            }
        }
        if let Some(piece) = infinite {
            let from = pieces[piece];
            let to = self.lowest(from, xor)?;
            return Some(Move { piece, from, to });
        }
        let mut best: Option<(i64, Move)> = None;
        let mut seen = HashSet::new();
        for (piece, &from) in pieces.iter().enumerate() {
            if !seen.insert(from) {
                continue;
            }
            let Some(value) = self.value(from) else { continue };
            let Some(to) = self.lowest(from, value ^ xor) else {
                continue;
            };
            let change = i64::from(self.rank[to as usize]) - i64::from(self.rank[from as usize]);
            if best.is_none_or(|(least, _)| change < least) {
                best = Some((change, Move { piece, from, to }));
            }
        }
        best.map(|(_, play)| play)
    }

    /// A drawn position's first move to a drawn position.
    fn drawing_move(&self, pieces: &[Position]) -> Option<Move> {
        let mut xor = 0;
        let mut infinite: Vec<usize> = Vec::new();
        for (piece, &position) in pieces.iter().enumerate() {
            match self.value(position) {
                Some(m) => xor ^= m,
                None => infinite.push(piece),
            }
        }
        let mut seen = HashSet::new();
        for (piece, &from) in pieces.iter().enumerate() {
            if !seen.insert(from) {
                continue;
            }
            for &to in self.graph.successors(from) {
                if self.draws_after(pieces, &infinite, xor, piece, to) {
                    return Some(Move { piece, from, to });
                }
            }
        }
        None
    }

    /// Whether moving `piece` to `to` leaves a drawn position, given the XOR of the finite
    /// values and the indices of the infinite pieces before the move.
    fn draws_after(
        &self,
        pieces: &[Position],
        infinite: &[usize],
        xor: u32,
        piece: usize,
        to: Position,
    ) -> bool {
        let from = pieces[piece];
        let xor = xor ^ self.value(from).unwrap_or(0) ^ self.value(to).unwrap_or(0);
        // The infinite pieces after the move.
        let mut left = infinite.iter().filter(|&&i| i != piece).map(|&i| pieces[i]);
        let moved = self.value(to).is_none().then_some(to);
        let (first, second) = match moved {
            Some(to) => (Some(to), left.next()),
            None => (left.next(), left.next()),
        };
        match (first, second) {
            (_, Some(_)) => true,
            (None, None) => false,
            (Some(position), None) => match self.values.get(position) {
                Some(Value::Infinite(k)) => k.binary_search(&xor).is_err(),
                _ => false,
            },
        }
    }
}

/// Ranks the finite positions by `(value, counter)`: value by value, a retrograde sweep gives
/// the next number to each position of the value whose larger successors all have a
/// successor of that value numbered already. Returns the ranks and whether every finite
/// position got one (those left over are ranked last in their value).
fn rank_positions(graph: &Graph, finite: &[Option<u32>]) -> (Vec<u32>, bool) {
    let n = graph.len();
    let (pred_offsets, predecessors) = graph.predecessors();
    let preds = |p: usize| &predecessors[pred_offsets[p] as usize..pred_offsets[p + 1] as usize];
    let larger = |v: Position, m: u32| finite[v as usize].is_none_or(|value| value > m);
    // Positions by value.
    let mut by_value: Vec<(u32, Position)> = finite
        .iter()
        .enumerate()
        .filter_map(|(p, value)| value.map(|m| (m, p as Position)))
        .collect();
    by_value.sort_unstable();
    let mut need: Vec<u32> = vec![0; n];
    for &(m, u) in &by_value {
        need[u as usize] = graph.successors(u).iter().filter(|&&v| larger(v, m)).count() as u32;
    }
    let mut rank = vec![NO_RANK; n];
    let mut ready = vec![u32::MAX; n];
    let mut next_rank = 0u32;
    let mut complete = true;
    let mut queue: Vec<Position> = Vec::new();
    for class in by_value.chunk_by(|a, b| a.0 == b.0) {
        let m = class[0].0;
        queue.extend(class.iter().map(|&(_, u)| u).filter(|&u| need[u as usize] == 0));
        while let Some(u) = queue.pop() {
            rank[u as usize] = next_rank;
            next_rank += 1;
            for &v in preds(u as usize) {
                if !larger(v, m) || ready[v as usize] == m {
                    continue;
                }
                ready[v as usize] = m; // v now reverses out through u.
                for &x in preds(v as usize) {
                    let x = x as usize;
                    if finite[x] == Some(m) && rank[x] == NO_RANK && need[x] > 0 {
                        need[x] -= 1;
                        if need[x] == 0 {
                            queue.push(x as Position);
                        }
                    }
                }
            }
        }
        for &(_, u) in class {
            if rank[u as usize] == NO_RANK {
                complete = false;
                rank[u as usize] = next_rank;
                next_rank += 1;
            }
        }
    }
    (rank, complete)
}

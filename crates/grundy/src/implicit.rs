//! Games given by a rule instead of a listed graph: positions and a move generator.
//!
//! Implement [`ImplicitGame`] (a hashable position type and the moves from a position) and a
//! [`Solver`] computes Sprague-Grundy values on demand, memoised, with an explicit stack (a
//! chain of millions of moves needs no call stack), the outcome of a sum of positions, and a
//! winning move. A [`Graph`] is an implicit game too (its positions are numbers), so both
//! APIs give the same values.
//!
//! ```
//! use tabletop_grundy::{ImplicitGame, Outcome, Solver, SumMove};
//!
//! /// The subtraction game S = {1, 3, 4}: take 1, 3 or 4 tokens from a heap.
//! struct Subtraction(&'static [u64]);
//!
//! impl ImplicitGame for Subtraction {
//!     type Position = u64;
//!     fn moves(&self, heap: &u64, moves: &mut Vec<u64>) {
//!         moves.extend(self.0.iter().filter(|&&s| s <= *heap).map(|&s| heap - s));
//!     }
//! }
//!
//! let mut solver = Solver::new(Subtraction(&[1, 3, 4]));
//! let values: Vec<u32> = (0..9).map(|n| solver.value(&n)).collect::<Result<_, _>>()?;
//! assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1]); // period 7
//! assert_eq!(solver.value(&1_000_000)?, [0, 1, 0, 1, 2, 3, 2][1_000_000 % 7]);
//! // Heaps 4 and 6 (values 2 and 2): the player to move loses.
//! assert_eq!(solver.outcome(&[4, 6])?, Outcome::Lose);
//! // Heaps 4 and 5 (values 2 and 3): take 1 from the 5, leaving two heaps of 4.
//! assert_eq!(solver.winning_move(&[4, 5])?, Some(SumMove { index: 1, to: 4 }));
//! # Ok::<(), tabletop_grundy::ImplicitCycle<u64>>(())
//! ```

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

use crate::graph::{Graph, Position};
use crate::Outcome;

/// A game given by a rule: its positions and the moves from each.
///
/// The game must be finite from every position reached (play always ends): a cycle is
/// reported as an [`ImplicitCycle`]. Memory grows with the positions reached.
pub trait ImplicitGame {
    /// A position (hashable: values are memoised by position).
    type Position: Clone + Eq + Hash;

    /// Appends the positions one move from `position` reaches to `moves` (leaving what is
    /// already in it).
    fn moves(&self, position: &Self::Position, moves: &mut Vec<Self::Position>);
}

impl<G: ImplicitGame + ?Sized> ImplicitGame for &G {
    type Position = G::Position;

    fn moves(&self, position: &Self::Position, moves: &mut Vec<Self::Position>) {
        (**self).moves(position, moves);
    }
}

/// A [`Graph`] as an implicit game: position `p` moves to [`Graph::successors`]`(p)`.
impl ImplicitGame for Graph {
    type Position = Position;

    fn moves(&self, position: &Position, moves: &mut Vec<Position>) {
        moves.extend_from_slice(self.successors(*position));
    }
}

/// Play from a position can go on forever: these positions form a cycle (each moves to the
/// next, the last to the first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImplicitCycle<P> {
    /// The positions of the cycle, in the order moves visit them.
    pub cycle: Vec<P>,
}

impl<P> fmt::Display for ImplicitCycle<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the game has a cycle of {} positions: plain Sprague-Grundy values do not exist",
            self.cycle.len()
        )
    }
}

impl<P: fmt::Debug> std::error::Error for ImplicitCycle<P> {}

/// A move in a sum of games: play in game number `index` (0-based), moving it to `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumMove<P> {
    /// Which game of the sum to play in.
    pub index: usize,
    /// The position that game moves to.
    pub to: P,
}

/// Marks a position on the search path in the memo (never a real value: a value is at most
/// the number of moves of a position).
const ON_PATH: u32 = u32::MAX;

/// One position being evaluated: its moves are `children[first_child..]` while it is on
/// top, the next one to look at is `children[next]`, and the values of those already
/// evaluated are `found[first_found..]`.
struct Frame<P> {
    position: P,
    first_child: usize,
    next: usize,
    first_found: usize,
}

/// Sprague-Grundy values of an [`ImplicitGame`], memoised: each position reached is
/// evaluated once, in time proportional to its moves.
pub struct Solver<G: ImplicitGame> {
    game: G,
    memo: HashMap<G::Position, u32>,
    // Buffers kept between calls.
    children: Vec<G::Position>,
    found: Vec<u32>,
    mark: Vec<u32>,
    stamp: u32,
}

impl<G: ImplicitGame> Solver<G> {
    /// A solver with nothing evaluated yet.
    pub fn new(game: G) -> Self {
        Self {
            game,
            memo: HashMap::new(),
            children: Vec::new(),
            found: Vec::new(),
            mark: Vec::new(),
            stamp: 0,
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Number of positions whose value is known.
    pub fn known(&self) -> usize {
        self.memo.len()
    }

    /// Every position the solver holds: between calls, those whose value is known (a front
    /// end whose positions are garbage-collected objects visits them through this).
    pub fn positions(&self) -> impl Iterator<Item = &G::Position> {
        self.memo.keys()
    }

    /// The Sprague-Grundy value of `position`: the mex of its moves' values (0 without
    /// moves). Evaluates every position reachable from it that is not known yet, by an
    /// iterative depth-first search.
    ///
    /// # Errors
    /// [`ImplicitCycle`] if play from `position` can go on forever (nothing is memoised for
    /// the positions on the search path then).
    pub fn value(&mut self, position: &G::Position) -> Result<u32, ImplicitCycle<G::Position>> {
        if let Some(&value) = self.memo.get(position) {
            if value != ON_PATH {
                return Ok(value);
            }
        }
        let mut stack = vec![self.open(position.clone())];
        while let Some(top) = stack.last_mut() {
            if top.next < self.children.len() {
                let child = self.children[top.next].clone();
                top.next += 1;
                match self.memo.get(&child) {
                    Some(&ON_PATH) => return Err(self.cycle(stack, child)),
                    Some(&value) => self.found.push(value),
                    None => stack.push(self.open(child)),
                }
                continue;
            }
            let Some(frame) = stack.pop() else { break };
            let value = self.mex(frame.first_found);
            self.found.truncate(frame.first_found);
            self.found.push(value); // Into the parent's values.
            self.children.truncate(frame.first_child);
            self.memo.insert(frame.position, value);
        }
        let value = self.found.pop().unwrap_or(0);
        self.found.clear();
        Ok(value)
    }

    /// Puts `position` on the search path and lists its moves.
    fn open(&mut self, position: G::Position) -> Frame<G::Position> {
        let first_child = self.children.len();
        self.game.moves(&position, &mut self.children);
        self.memo.insert(position.clone(), ON_PATH);
        Frame {
            position,
            first_child,
            next: first_child,
            first_found: self.found.len(),
        }
    }

    /// The cycle closed by a move to `to` (on the path), after forgetting the path.
    fn cycle(&mut self, stack: Vec<Frame<G::Position>>, to: G::Position) -> ImplicitCycle<G::Position> {
        let from = stack.iter().rposition(|frame| frame.position == to).unwrap_or(0);
        let mut cycle = Vec::with_capacity(stack.len() - from);
        for (at, frame) in stack.into_iter().enumerate() {
            self.memo.remove(&frame.position);
            if at >= from {
                cycle.push(frame.position);
            }
        }
        self.children.clear();
        self.found.clear();
        ImplicitCycle { cycle }
    }

    /// The mex of `found[first..]`.
    fn mex(&mut self, first: usize) -> u32 {
        let values = &self.found[first..];
        if self.mark.len() <= values.len() {
            self.mark.resize(values.len() + 1, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        for &value in values {
            if let Some(slot) = self.mark.get_mut(value as usize) {
                *slot = self.stamp;
            }
        }
        let mut m = 0;
        while self.mark[m] == self.stamp {
            m += 1;
        }
        m as u32
    }

    /// The outcome of the sum of `positions` (one game per entry): the player to move wins
    /// iff the XOR of their values is non-zero; no position at all is a loss.
    ///
    /// # Errors
    /// [`ImplicitCycle`] if one of them can be played forever.
    pub fn outcome(&mut self, positions: &[G::Position]) -> Result<Outcome, ImplicitCycle<G::Position>> {
        let mut xor = 0;
        for position in positions {
            xor ^= self.value(position)?;
        }
        Ok(if xor == 0 { Outcome::Lose } else { Outcome::Win })
    }

    /// A winning move in the sum of `positions`: the index of the game to play in and the
    /// position to move it to (the first game whose value `g` has `g ^ X < g`, `X` the XOR
    /// of all values); `None` when the player to move loses.
    ///
    /// # Errors
    /// [`ImplicitCycle`] if one of them can be played forever.
    pub fn winning_move(
        &mut self,
        positions: &[G::Position],
    ) -> Result<Option<SumMove<G::Position>>, ImplicitCycle<G::Position>> {
        let mut values = Vec::with_capacity(positions.len());
        for position in positions {
            values.push(self.value(position)?);
        }
        let xor = values.iter().fold(0, |x, &v| x ^ v);
        for (index, (position, &value)) in positions.iter().zip(&values).enumerate() {
            let target = value ^ xor;
            if xor == 0 || target >= value {
                continue;
            }
            let mut moves = Vec::new();
            self.game.moves(position, &mut moves);
            for to in moves {
                if self.value(&to)? == target {
                    return Ok(Some(SumMove { index, to }));
                }
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_gives_the_same_values_both_ways() {
        let graph = Graph::from_lists(&[vec![1u32, 2], vec![], vec![3], vec![]]).unwrap();
        let mut solver = Solver::new(&graph);
        let values: Vec<u32> = (0..4).map(|p| solver.value(&p).unwrap()).collect();
        assert_eq!(values, graph.acyclic_values().unwrap());
        assert_eq!(solver.known(), 4);
        let mut held: Vec<u32> = solver.positions().copied().collect();
        held.sort_unstable();
        assert_eq!(held, [0, 1, 2, 3]);
        assert_eq!(solver.outcome(&[0, 2]).unwrap(), Outcome::Win);
        assert_eq!(
            solver.winning_move(&[0, 2]).unwrap(),
            Some(SumMove { index: 0, to: 2 })
        );
        assert_eq!(solver.winning_move(&[1, 3]).unwrap(), None);
        assert_eq!(solver.outcome(&[]).unwrap(), Outcome::Lose);
    }

    #[test]
    fn cycles_are_reported_and_forgotten() {
        let graph = Graph::from_lists(&[vec![1u32], vec![2], vec![1, 3], vec![]]).unwrap();
        let mut solver = Solver::new(&graph);
        let err = solver.value(&0).unwrap_err();
        assert_eq!(err.cycle, vec![1, 2]);
        assert!(err.to_string().contains("cycle of 2 positions"));
        assert_eq!(solver.known(), 0);
        assert_eq!(solver.value(&3).unwrap(), 0);
        assert_eq!(solver.value(&0), Err(ImplicitCycle { cycle: vec![1, 2] }));
    }

    /// A chain of a million moves: no call stack involved.
    struct Countdown;

    impl ImplicitGame for Countdown {
        type Position = u32;
        fn moves(&self, n: &u32, moves: &mut Vec<u32>) {
            if *n > 0 {
                moves.push(n - 1);
            }
        }
    }

    #[test]
    fn a_long_chain_needs_no_call_stack() {
        let mut solver = Solver::new(Countdown);
        assert_eq!(solver.value(&1_000_000).unwrap(), 0);
        assert_eq!(solver.value(&999_999).unwrap(), 1);
        assert_eq!(solver.known(), 1_000_001);
    }
}

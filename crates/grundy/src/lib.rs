//! Combinatorial games on directed graphs: Sprague-Grundy values and sums of games, with or
//! without cycles.
//!
//! - [`Graph`]: a game graph stored compactly (offsets plus one successor array), validated;
//!   built from lists of moves in any unsigned integer type ([`PositionIndex`]).
//! - [`Graph::values`]: the values of any graph, the generalized Sprague-Grundy function
//!   (Smith; Fraenkel and Yesha): a finite value or `∞(K)` per position; on an acyclic graph
//!   these are the plain Sprague-Grundy values. [`Values::outcome`]: `WIN`, `LOSE` or `DRAW`
//!   for a sum of pieces (on an acyclic graph, `WIN` exactly when the XOR of their values is
//!   not 0).
//! - [`Graph::acyclic_values`]: only the plain values, as a `Vec<u32>`, of a graph that must
//!   be acyclic (a cycle is a [`CycleError`] naming its positions), iteratively in `O(V + E)`.
//! - [`strategy`]: the move to play in a sum, one that wins (or keeps a draw) in finitely
//!   many moves.
//! - [`implicit`]: games given by a rule instead of a listed graph (an [`ImplicitGame`]: a
//!   position type and its moves); a [`Solver`] computes their values on demand, memoised,
//!   and the outcome of a sum and a winning move. A [`Graph`] is one too, with the same values.
//!
//! The crate is pure: typed inputs, typed results, no parsing, no I/O.
//!
//! Numbering: positions are `0..n` (as in POJ 2425); an index into a list (a piece of a sum) is
//! 0-based, and the CLI's writers print it from 1. The whole
//! rule is the section "Numbering" of the repository's `ARCHITECTURE.md`.
//!
//! ```
//! use tabletop_grundy::{Graph, Outcome};
//! // 0 -> 1, 0 -> 2, 2 -> 3: values 2, 0, 1, 0.
//! let graph = Graph::from_lists(&[vec![1u32, 2], vec![], vec![3], vec![]])?;
//! assert_eq!(graph.acyclic_values()?, vec![2, 0, 1, 0]);
//! let values = graph.values();
//! assert_eq!(values.as_finite(), Some([2, 0, 1, 0].as_slice()));
//! assert_eq!(values.outcome(&[2])?, Outcome::Win);
//! assert_eq!(values.outcome(&[0, 2, 2])?, Outcome::Win);
//! assert_eq!(values.outcome(&[2, 2])?, Outcome::Lose);
//!
//! // With a cycle: 0 <-> 1, and 1 -> 2. Position 0 can only go to 1, from which the
//! // player to move escapes to 2 and wins: γ = 0, 1, 0.
//! let loopy = Graph::from_lists(&[vec![1u32], vec![0, 2], vec![]])?;
//! let values = loopy.values();
//! assert_eq!(values.outcome(&[0])?, Outcome::Lose);
//! // A position that can only loop: a draw, and a draw in any sum with finite pieces
//! // whose XOR is not in its K = {}.
//! let spin = Graph::from_lists(&[vec![0u32], vec![]])?.values();
//! assert_eq!(spin.outcome(&[0, 1])?, Outcome::Draw);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod graph;
pub mod implicit;
pub mod loopy;
pub mod sprague;
pub mod strategy;

pub use graph::{Graph, GraphError, Position, PositionIndex};
pub use implicit::{ImplicitCycle, ImplicitGame, Solver, SumMove};
pub use loopy::{Value, Values};
pub use sprague::CycleError;

/// Who wins a game with perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Lose,
    /// Neither player can force a win: with perfect play the game goes on forever (only on
    /// graphs with cycles).
    Draw,
}

impl Outcome {
    /// The judge's spelling: `WIN`, `LOSE` or `DRAW`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "WIN",
            Outcome::Lose => "LOSE",
            Outcome::Draw => "DRAW",
        }
    }
}

impl std::fmt::Display for Outcome {
    /// The judge's spelling, as [`Outcome::as_str`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A piece stands outside the graph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("piece #{} stands on position {position}, outside 0..{}", index + 1, positions.saturating_sub(1))]
pub struct PieceError {
    /// Index of the piece in the list.
    pub index: usize,
    /// Its position.
    pub position: Position,
    /// Number of positions of the graph.
    pub positions: usize,
}

//! Combinatorial games on directed graphs: Sprague-Grundy values and sums of games, with or
//! without cycles.
//!
//! - [`Graph`]: a game graph stored compactly (offsets plus one successor array), validated.
//! - [`Graph::grundy_values`]: plain Sprague-Grundy values of an acyclic graph, iteratively in
//!   `O(V + E)`; a cycle is a [`CycleError`] naming its positions.
//! - [`sum_outcome`]: who wins a sum of pieces (the XOR of their values).
//! - [`Graph::values`]: the generalized Sprague-Grundy function of any graph (Smith;
//!   Fraenkel and Yesha): a finite value or `∞(K)` per position, and
//!   [`Values::outcome`]: `WIN`, `LOSE` or `DRAW` for a sum of pieces.
//!
//! The crate is pure: typed inputs, typed results, no parsing, no I/O.
//!
//! ```
//! use tabletop_grundy::{sum_outcome, Graph, Outcome};
//! // 0 -> 1, 0 -> 2, 2 -> 3: values 2, 0, 1, 0.
//! let graph = Graph::from_lists(&[vec![1, 2], vec![], vec![3], vec![]])?;
//! let values = graph.grundy_values()?;
//! assert_eq!(sum_outcome(&values, &[2])?, Outcome::Win);
//! assert_eq!(sum_outcome(&values, &[0, 2, 2])?, Outcome::Win);
//! assert_eq!(sum_outcome(&values, &[2, 2])?, Outcome::Lose);
//!
//! // With a cycle: 0 <-> 1, and 1 -> 2. Position 0 can only go to 1, from which the
//! // player to move escapes to 2 and wins: γ = 0, 1, 0.
//! let loopy = Graph::from_lists(&[vec![1], vec![0, 2], vec![]])?;
//! let values = loopy.values();
//! assert_eq!(values.outcome(&[0])?, Outcome::Lose);
//! // A position that can only loop: a draw, and a draw in any sum with finite pieces
//! // whose XOR is not in its K = {}.
//! let spin = Graph::from_lists(&[vec![0], vec![]])?.values();
//! assert_eq!(spin.outcome(&[0, 1])?, Outcome::Draw);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod graph;
pub mod loopy;
pub mod sprague;

pub use graph::{Graph, GraphError, Position};
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

/// The outcome of the sum of games with one piece on each of `pieces` (several may share a
/// position), given the Sprague-Grundy `values` of the graph: the player to move wins exactly
/// when the XOR of the pieces' values is non-zero. No pieces at all is a loss (no move).
///
/// # Errors
/// [`PieceError`] for a piece outside `0..values.len()`.
pub fn sum_outcome(values: &[u32], pieces: &[Position]) -> Result<Outcome, PieceError> {
    let mut xor = 0;
    for (index, &position) in pieces.iter().enumerate() {
        let value = values.get(position as usize).ok_or(PieceError {
            index,
            position,
            positions: values.len(),
        })?;
        xor ^= value;
    }
    Ok(if xor == 0 { Outcome::Lose } else { Outcome::Win })
}

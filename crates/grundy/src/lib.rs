//! Combinatorial games on directed graphs: Sprague-Grundy values and sums of games.
//!
//! - [`Graph`]: a game graph stored compactly (offsets plus one successor array), validated.
//! - [`Graph::grundy_values`]: plain Sprague-Grundy values of an acyclic graph, iteratively in
//!   `O(V + E)`; a cycle is a [`CycleError`] naming its positions.
//! - [`sum_outcome`]: who wins a sum of pieces (the XOR of their values).
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
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod graph;
pub mod sprague;

pub use graph::{Graph, GraphError, Position};
pub use sprague::CycleError;

/// Who wins a game with perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Lose,
}

impl Outcome {
    /// The judge's spelling: `WIN` or `LOSE`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "WIN",
            Outcome::Lose => "LOSE",
        }
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

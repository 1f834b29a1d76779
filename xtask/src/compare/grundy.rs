//! Benchmark cases for this game (placeholder until the game's issue adds them).

use super::Case;

/// This game's comparison cases.
pub fn cases() -> Vec<Case> {
    Vec::new()
}

//! Octal games (take-and-break games in Conway's notation `d0.d1d2d3…`): the nim-value
//! sequence `G(0..=N)` by a dedicated engine (the sparse-space method for games that split
//! heaps, on two threads where that pays), its period proven by the Guy–Smith test,
//! checkpoints to resume a long run, the tables' tally, and winning moves in sums of heaps.
//!
//! A position is a heap of `n` tokens. Digit `dk` (`k ≥ 1`) says what a player may do after
//! removing `k` tokens from one heap, as a sum of bits:
//!
//! - bit 1: remove the whole heap (only when it has exactly `k` tokens);
//! - bit 2: leave one non-empty heap (of `n - k` tokens);
//! - bit 4: leave two non-empty heaps (split the remaining `n - k` tokens into two heaps).
//!
//! The digit before the point, `d0`, is about removing no token: it may be `0` or `4`, where
//! `4` lets a player split a heap of at least two tokens into two non-empty heaps without
//! removing anything (the `4.xxx` games of the octal tables). Bits 1 and 2 of `d0` are
//! rejected: removing nothing and taking the whole heap is no move at all (there is no heap
//! of 0 tokens to take), and removing nothing while leaving one heap would be a pass, which
//! makes play endless. Kayles is `0.77`, Dawson's Kayles `0.07`, Officers `0.6`.
//!
//! The crate is pure: typed inputs, typed results, no parsing, no I/O, no text for users
//! (how a run went is a [`MethodUsed`], which `tabletop-render` words). A long run is a
//! [`Computation`] driven a few heaps at a time, so the caller decides when to stop.
//! [`Outcome`] is `tabletop-grundy`'s, the one type for who wins in every game.
//!
//! Kayles (`0.77`): knock down one pin or two adjacent pins of a row, possibly splitting it.
//!
//! ```
//! use tabletop_octal::{heaps_outcome, HeapMove, Leave, NimSequence, OctalCode, Outcome};
//! let kayles = OctalCode::new(&[0, 7, 7])?;
//! assert_eq!(kayles.to_string(), "0.77");
//! let sequence = NimSequence::compute(&kayles, 200);
//! assert_eq!(&sequence.values()[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
//! let period = sequence.period().expect("Kayles is periodic");
//! assert_eq!((period.period, period.preperiod), (12, 71));
//! // Rows of 3 and 4 pins (values 3 and 1): take 2 from the row of 3, leaving 1 pin.
//! assert_eq!(heaps_outcome(sequence.values(), &[3, 4])?, Outcome::Win);
//! let best = kayles.winning_move(sequence.values(), &[3, 4])?;
//! assert_eq!(best, Some(HeapMove { heap: 0, size: 3, take: 2, leave: Leave::One(1) }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use tabletop_control::Control;
pub use tabletop_grundy::Outcome;

mod bitset;
mod checkpoint;
mod code;
mod engine;
#[cfg(test)]
mod engine_tests;
mod history;
mod mask;
pub mod misere;
mod moves;
mod pace;
mod pair;
mod period;
mod periodic;
mod plain;
mod run;
mod scratch;
mod sequence;
mod slot;
mod stats;
mod store;

pub use checkpoint::CheckpointError;
pub use code::{OctalCode, OctalError};
pub use history::{History, HistoryLayout, MemoryHistory};
pub use misere::{MisereBudget, MisereError, MisereQuotient, MisereSolver, Presentation};
pub use moves::{heaps_outcome, HeapMove, Leave, QueryError};
pub use period::Period;
pub use periodic::PeriodicValues;
pub use run::{Computation, Options, Progress};
pub use sequence::{Method, MethodUsed, NimSequence, SparseStats};
pub use stats::Tally;

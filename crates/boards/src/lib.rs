//! Race board games, exactly.
//!
//! - [`Board`]: the board model shared by every race game (jumps resolved once, special squares).
//! - [`chutes`]: Chutes and Ladders with a fixed list of die throws (UVa 647).
//! - [`snakes`]: Snakes and Ladders when you choose every throw: the fewest throws, on boards
//!   of up to 10^18 squares; [`line`](mod@line): one optimal line of those throws.
//!
//! Exact odds with a fair die (game length, its distribution, each seat's chance) are in the
//! `tabletop-odds` crate, built on this board model.
//!
//! The crate is pure: typed inputs, typed results, no parsing, no I/O.
//!
//! Numbering: squares as the games number them (0 is the start, off the board); players of
//! [`chutes`] from 1, as the judge prints the winner; every other index 0-based (seat 1 is
//! `win_probability[0]`). The whole rule is the section "Numbering" of the repository's
//! `ARCHITECTURE.md`.
//!
//! ```
//! use tabletop_boards::{Board, Jump, chutes};
//! // A 10-square board with a ladder from 2 to 9.
//! let board = Board::new(10, &[Jump::new(2, 9)], &[])?;
//! // Player 1 throws 2 (ladder to 9), player 2 throws 3, player 1 throws 1 and wins.
//! assert_eq!(chutes::play(&board, 2, &[2, 3, 1])?.winner, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod board;
pub mod chutes;
pub mod line;
pub mod snakes;
mod sweep;

pub use board::{Board, BoardError, Jump, Special, Square};

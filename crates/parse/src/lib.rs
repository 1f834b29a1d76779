//! Text formats of tabletop, parsed with nom into the engines' types.
//!
//! Every parser takes the whole input as bytes and returns typed values or a [`ParseError`]
//! whose byte span points at the offending text; [`ParseError::position`] gives its line and
//! column. No parser panics on any input.
//!
//! ```
//! use tabletop_parse::chutes;
//! let text = b"3 6 3 2 5 1 3 4 2 3 1 2 0\n2\n6 95\n99 1\n0 0\n-3\n98\n0\n0\n";
//! let input = chutes::parse(text)?;
//! let game = &input.games[0].value;
//! let outcome = tabletop_boards::chutes::play(&game.board, game.players, &input.throws).unwrap();
//! assert_eq!(outcome.winner, 2);
//!
//! let error = chutes::parse(b"3 9 0\n").unwrap_err();
//! assert_eq!(error.message, "throw 9 is not a die value 1..6");
//! assert_eq!((error.position(b"3 9 0\n").line, error.position(b"3 9 0\n").column), (1, 3));
//! # Ok::<(), tabletop_parse::ParseError>(())
//! ```

mod atoms;
pub mod board;
pub mod chutes;
mod error;
pub mod grundy;
pub mod octal;
pub mod pigs;
pub mod snakes;

pub use error::{position_of, ParseError, Position, Spanned};

//! Text formats of tabletop, parsed with nom into the engines' types.
//!
//! Every parser takes the whole input as bytes and returns typed values or a [`ParseError`]
//! whose byte span points at the offending text; [`ParseError::location`] gives its line and
//! column. No parser panics on any input.
//!
//! # Formats
//! One module per format: [`chutes`], [`snakes`], [`grundy`], [`pigs`] (the judges'
//! formats), [`board`] (a board file for `tabletop odds`) and [`octal`] (an octal code and a
//! list of heaps). Each reads its text into the engine's input type; the rule checks live in
//! the engines ([`tabletop_boards::Board::new`], [`tabletop_pigs::Setup::validate`],
//! [`tabletop_grundy::Graph::from_csr`]), and the parser calls them
//! and locates their errors in the text. [`Spanned`] keeps the byte span a value came from;
//! [`location_of`] turns a byte offset into a [`Location`]. (How the crate is built inside,
//! one number reader shared by every format and the nom helpers, is told in the repository's
//! `ARCHITECTURE.md`.)
//!
//! # Messages
//! A token that is not what was expected always gets one shape:
//! ``expected <what>, found `<token>` `` (or `found end of line`, `found end of input`). A
//! token longer than 40 characters is shown as its first 39 and `…`. A number too large to
//! read adds ` (too large)`. Errors about what well-formed text means (a square off the
//! board, a jump that loops) say so in words.
//!
//! # Numbers
//! In every format a number is an optional `-` followed by decimal digits, ended by white
//! space or the end of the input. Leading zeros and `-0` are plain spellings of their value:
//! `007` is 7, and `-0` and `0000000000000000000000000` are 0, wherever a 0 is allowed.
//! Magnitudes above 18446744073709551615 (2^64 - 1) are "too large"; `+5`, `3.5`, `12x`,
//! `0x1F` and `-` alone are not numbers.
//!
//! # One case at a time
//! [`chutes::parse`], [`snakes::parse`], [`grundy::parse`], [`pigs::parse`] and
//! [`board::parse`] are all or nothing. The judge formats also have a per-case reader
//! ([`chutes::cases`], [`snakes::cases`], [`grundy::cases`], [`pigs::cases`]), whose iterator yields one `Result` per game, board or test case; with
//! `.keep_going()` a case whose text is well formed but whose meaning is not (a value out of
//! range, an engine error) yields its `Err` and reading continues, while an error in the
//! text itself ends the iterator (where the next case starts is then unknown).
//!
//! # Numbering
//! Lines and columns of a [`Location`] start at 1 (columns count characters); test cases,
//! queries, players and pigs are numbered from 1 in messages, as in the judges' texts;
//! indices in the returned values are 0-based. The whole rule is the section "Numbering" of
//! the repository's `ARCHITECTURE.md`.
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
//! assert_eq!((error.location(b"3 9 0\n").line, error.location(b"3 9 0\n").column), (1, 3));
//!
//! let error = chutes::parse(b"3 12x 0\n").unwrap_err();
//! assert_eq!(error.message, "expected a die throw 1..6, or 0 to end the throws, found `12x`");
//! # Ok::<(), tabletop_parse::ParseError>(())
//! ```

pub mod board;
mod cases;
pub mod chutes;
mod combinators;
mod error;
mod fast;
pub mod grundy;
mod lex;
mod lower;
pub mod octal;
pub mod pigs;
pub mod snakes;
#[cfg(test)]
mod tests;

pub use cases::{Cases, Format};
pub use error::{location_of, Location, ParseError, Spanned};

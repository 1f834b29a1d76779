//! The Chutes and Ladders judge format (UVa 647).
//!
//! ```text
//! 3 6 3 2 5 1 3 4 2 3 1 2 0     the throws (any lines), ended by 0
//! 2                             a game: the number of players (2..5), alone on its line
//! 6 95                          chutes and ladders `start end`, one per line (squares 1..99)
//! 0 0                           ... ended by `0 0`
//! -3                            special squares, one per line: -k miss a turn, k extra turn
//! 0                             ... ended by 0
//! 0                             a game with 0 players ends the input
//! ```

use std::ops::Range;

use nom::error::context;
use nom::{Finish, Parser};
use tabletop_boards::{Board, BoardError, Jump, Special, Square};

use crate::atoms::{any_space, end_of_input, inline_space, integer, invalid, line_end, span, Input, PResult};
use crate::error::{located, ParseError, Spanned};

/// The goal square of a UVa 647 board.
pub const GOAL: Square = 100;
/// Allowed player counts.
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=5;

/// A whole judge input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChutesInput {
    /// The die throws shared by every game (without the terminating 0).
    pub throws: Vec<u8>,
    /// The games, each with the span of its player-count line.
    pub games: Vec<Spanned<ChutesGame>>,
}

/// One game of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChutesGame {
    /// Number of players, 2..=5.
    pub players: usize,
    /// The validated board (goal 100).
    pub board: Board,
}

/// Parses a UVa 647 input.
///
/// # Errors
/// A [`ParseError`] spanning the first offending token: malformed numbers, throws outside
/// 1..6, squares outside 1..99, bad player counts, invalid boards (a jump to itself, two
/// jumps from a square, jumps that loop, special squares on jumps or listed twice), missing
/// terminators and text after the end.
///
/// ```
/// let input = tabletop_parse::chutes::parse(b"1 2 0\n2\n0 0\n0\n0\n")?;
/// assert_eq!(input.throws, vec![1, 2]);
/// assert_eq!(input.games[0].value.players, 2);
/// # Ok::<(), tabletop_parse::ParseError>(())
/// ```
pub fn parse(source: &[u8]) -> Result<ChutesInput, ParseError> {
    let n = source.len();
    let result = (|input| chutes_input(n, input)).parse(source).finish();
    match result {
        Ok((_, parsed)) => parsed,
        Err(error) => Err(located(source, error)),
    }
}

/// The whole input. The outer `Result` is a board error found after parsing a game.
fn chutes_input(n: usize, input: Input<'_>) -> PResult<'_, Result<ChutesInput, ParseError>> {
    let (mut input, throws) = throw_list(input)?;
    let mut games = Vec::new();
    loop {
        let (rest, _) = any_space(input)?;
        let (after, (players, len)) = player_count(rest)?;
        let Some(players) = players else {
            let (input, ()) = end_of_input(after)?;
            return Ok((input, Ok(ChutesInput { throws, games })));
        };
        let header = (n - rest.len())..(n - rest.len() + len);
        let (after, jumps) = jump_lines(n, after)?;
        let (after, specials) = special_lines(n, after)?;
        input = after;
        let jump_list: Vec<Jump> = jumps.iter().map(|j| j.value).collect();
        let special_list: Vec<(Square, Special)> = specials.iter().map(|s| s.value).collect();
        match Board::new(GOAL, &jump_list, &special_list) {
            Ok(board) => games.push(Spanned {
                value: ChutesGame { players, board },
                span: header,
            }),
            Err(error) => return Ok((input, Err(board_error(&error, &jumps, &specials)))),
        }
    }
}

/// Die throws separated by any white space, ended by 0.
fn throw_list(input: Input<'_>) -> PResult<'_, Vec<u8>> {
    let mut throws = Vec::new();
    let mut input = input;
    loop {
        let (at, _) = any_space(input)?;
        let (rest, (value, len)) = context("a die throw 1..6, or 0 to end the throws", integer).parse(at)?;
        match u8::try_from(value) {
            Ok(0) => return Ok((rest, throws)),
            Ok(throw @ 1..=6) => throws.push(throw),
            _ => return invalid(at, len, format!("throw {value} is not a die value 1..6")),
        }
        input = rest;
    }
}

/// The number of players alone on a line (`None` for the final 0), and the length of the number.
fn player_count(input: Input<'_>) -> PResult<'_, (Option<usize>, usize)> {
    let (rest, (value, len)) =
        context("the number of players (2..5), or 0 to end the input", integer).parse(input)?;
    let (rest, ()) = line_end(rest)?;
    match usize::try_from(value) {
        Ok(0) => Ok((rest, (None, len))),
        Ok(players) if PLAYERS.contains(&players) => Ok((rest, (Some(players), len))),
        _ => invalid(input, len, format!("a game needs 2 to 5 players, not {value}")),
    }
}

/// A square of the board, 1..99.
fn square(input: Input<'_>) -> PResult<'_, (Square, usize)> {
    let (rest, (value, len)) = integer(input)?;
    match Square::try_from(value) {
        Ok(square @ 1..=99) => Ok((rest, (square, len))),
        _ => invalid(input, len, format!("square {value} is outside 1..99")),
    }
}

/// Chute and ladder lines `start end`, ended by `0 0`.
fn jump_lines(n: usize, mut input: Input<'_>) -> PResult<'_, Vec<Spanned<Jump>>> {
    let mut jumps = Vec::new();
    loop {
        let (line, _) = any_space(input)?;
        let (rest, (first, _)) =
            context("a chute or ladder `start end`, or `0 0` to end them", integer).parse(line)?;
        let (rest, _) = inline_space(rest)?;
        if first == 0 {
            let (rest, (second, len)) =
                context("`0` (a line `0 0` ends the chutes and ladders)", integer).parse(rest)?;
            if second != 0 {
                return invalid(rest, len, format!("square 0 is outside 1..99 (in `0 {second}`)"));
            }
            let (rest, ()) = line_end(rest)?;
            return Ok((rest, jumps));
        }
        let (_, _) = square(line)?;
        let (after_to, (to, _)) = context("the end square of the chute or ladder", square).parse(rest)?;
        let (rest, ()) = line_end(after_to)?;
        jumps.push(Spanned {
            value: Jump::new(first.unsigned_abs(), to),
            span: span(n, line, after_to),
        });
        input = rest;
    }
}

/// Special squares, one per line, ended by 0.
fn special_lines(n: usize, mut input: Input<'_>) -> PResult<'_, Vec<Spanned<(Square, Special)>>> {
    let mut specials = Vec::new();
    loop {
        let (line, _) = any_space(input)?;
        let (rest, (value, len)) = context(
            "a special square (`-k` miss a turn, `k` extra turn), or 0 to end them",
            integer,
        )
        .parse(line)?;
        let (rest, ()) = line_end(rest)?;
        if value == 0 {
            return Ok((rest, specials));
        }
        let kind = if value < 0 {
            Special::MissTurn
        } else {
            Special::ExtraTurn
        };
        let square = value.unsigned_abs();
        if !(1..=99).contains(&square) {
            return invalid(line, len, format!("special square {square} is outside 1..99"));
        }
        let start = n - line.len();
        specials.push(Spanned {
            value: (square, kind),
            span: start..start + len,
        });
        input = rest;
    }
}

/// Points a board error at the line it is about.
fn board_error(
    error: &BoardError,
    jumps: &[Spanned<Jump>],
    specials: &[Spanned<(Square, Special)>],
) -> ParseError {
    let at = |list_span: Option<Range<usize>>| list_span.unwrap_or(0..0);
    let span = match *error {
        BoardError::JumpOffBoard { index, .. }
        | BoardError::JumpToItself { index, .. }
        | BoardError::DuplicateJumpStart { index, .. }
        | BoardError::JumpLoop { index, .. } => at(jumps.get(index).map(|j| j.span.clone())),
        BoardError::SpecialOffBoard { index, .. }
        | BoardError::DuplicateSpecial { index, .. }
        | BoardError::SpecialOnJump { index, .. } => at(specials.get(index).map(|s| s.span.clone())),
        BoardError::NoSquares => 0..0,
    };
    ParseError::new(span, error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str =
        "3 6 3 2 5 1 3 4 2 3 1 2 0\n2\n6 95\n99 1\n0 0\n-3\n98\n0\n2\n3 99\n6 90\n0 0\n0\n0\n";

    fn error(text: &str) -> (usize, usize, String) {
        crate::error::rejection(text, parse)
    }

    #[test]
    fn sample_parses() {
        let input = parse(SAMPLE.as_bytes()).unwrap();
        assert_eq!(input.throws.len(), 12);
        assert_eq!(input.games.len(), 2);
        let first = &input.games[0].value;
        assert_eq!(first.players, 2);
        assert_eq!(first.board.land(6), 95);
        assert_eq!(first.board.special(3), Some(Special::MissTurn));
        assert_eq!(first.board.special(98), Some(Special::ExtraTurn));
        assert_eq!(input.games[1].span, 50..51);
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(error("1 7 0\n"), (1, 3, "throw 7 is not a die value 1..6".into()));
        assert_eq!(
            error("1 x 0\n").2,
            "expected a die throw 1..6, or 0 to end the throws, found `x`"
        );
        assert_eq!(
            error("1 2"),
            (
                1,
                4,
                "expected a die throw 1..6, or 0 to end the throws, found end of input".into()
            )
        );
        assert_eq!(error("1 0\n1\n").2, "a game needs 2 to 5 players, not 1");
        assert_eq!(error("1 0\n2\n5 100\n").2, "square 100 is outside 1..99");
        assert_eq!(
            error("1 0\n2\n5 5\n0 0\n0\n0\n"),
            (3, 1, "a jump from square 5 to itself goes nowhere".into())
        );
        assert_eq!(
            error("1 0\n2\n5 9\n9 5\n0 0\n0\n0\n"),
            (4, 1, "jumps loop forever: 5 -> 9 -> 5".into())
        );
        assert_eq!(error("1 0\n2\n0 0\n-4\n4\n0\n0\n").0, 5);
        assert_eq!(
            error("1 0\n2\n0 0\n0\n").2,
            "expected the number of players (2..5), or 0 to end the input, found end of input"
        );
        assert_eq!(error("1 0\n2 3\n").2, "expected the end of the line, found `3`");
        assert_eq!(error("1 0\n0\n5\n").2, "expected the end of the input, found `5`");
    }
}

#[cfg(test)]
mod properties {
    use proptest::prelude::*;

    use super::*;

    /// A valid-looking input: throws, then games with random (possibly invalid) boards.
    fn input_text() -> impl Strategy<Value = String> {
        let game = (
            2usize..=5,
            prop::collection::vec((1u64..100, 1u64..100), 0..8),
            prop::collection::vec(prop_oneof![-99i64..=-1, 1i64..=99], 0..4),
        );
        (
            prop::collection::vec(1u8..=6, 0..200),
            prop::collection::vec(game, 1..4),
        )
            .prop_map(|(throws, games)| {
                let mut text: String = throws.iter().map(|t| format!("{t} ")).collect();
                text.push_str("0\n");
                for (players, jumps, specials) in games {
                    text.push_str(&format!("{players}\n"));
                    for (from, to) in jumps {
                        text.push_str(&format!("{from} {to}\n"));
                    }
                    text.push_str("0 0\n");
                    for special in specials {
                        text.push_str(&format!("{special}\n"));
                    }
                    text.push_str("0\n");
                }
                text.push_str("0\n");
                text
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
            if let Err(error) = parse(&bytes) {
                prop_assert!(error.span.start <= bytes.len());
                prop_assert!(!error.message.is_empty());
            }
        }

        #[test]
        fn arbitrary_number_soup_never_panics(words in prop::collection::vec(
            prop_oneof![Just("0".to_string()), Just("\n".to_string()), (-120i64..120).prop_map(|n| n.to_string())],
            0..80,
        )) {
            let text = words.join(" ");
            let _ = parse(text.as_bytes());
        }

        /// Generated inputs either parse into games that each end with a winner or run out
        /// of throws (a typed error), or are rejected with a located error on a board line.
        #[test]
        fn generated_inputs_give_a_winner_or_a_typed_error(text in input_text()) {
            match parse(text.as_bytes()) {
                Ok(input) => {
                    for game in &input.games {
                        match tabletop_boards::chutes::play(&game.value.board, game.value.players, &input.throws) {
                            Ok(outcome) => prop_assert!((1..=game.value.players).contains(&outcome.winner)),
                            Err(tabletop_boards::chutes::ChutesError::OutOfThrows { .. }) => {}
                            Err(other) => prop_assert!(false, "unexpected {other}"),
                        }
                    }
                }
                Err(error) => {
                    let line = error.position(text.as_bytes()).line;
                    prop_assert!(line >= 2, "throws were valid, yet: {error:?}");
                }
            }
        }
    }
}

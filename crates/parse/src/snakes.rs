//! The Snakes and Ladders judge format (fewest throws, `docs/rules/snakes.md`).
//!
//! ```text
//! 6 1 3              a board: N S L (N x N squares, S snakes, L ladders)
//! 35 25              S snakes `mouth tail` (mouth > tail)
//! 3 23 5 16 20 33    L ladders `foot top` (foot < top); pairs may share lines
//! ...                more boards, until the end of the input
//! ```
//!
//! Numbers are separated by any white space. The judge keeps N <= 20 and S, L <= 100, but any
//! N whose N² fits in 64 bits (N <= 4294967295) and any number of pairs is accepted. Squares
//! lie in 1..=N², and no snake or ladder may start or end on square 1 or N². Chained jumps
//! (a jump ending on another's start) are accepted; loops are not.

use std::ops::Range;

use nom::character::complete::{char, digit1};
use nom::combinator::opt;
use nom::error::context;
use nom::{Finish, Parser};
use tabletop_boards::{Board, BoardError, Jump, Square};

use crate::atoms::{any_space, invalid, span, unsigned, Input, PResult};
use crate::error::{located, NomError, ParseError, Spanned};

/// The largest N accepted: N² must fit in a `u64`.
pub const MAX_N: u64 = u32::MAX as u64;

/// A whole judge input: the boards in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnakesInput {
    /// The boards, each with the span of its `N S L` line.
    pub boards: Vec<Spanned<SnakesBoard>>,
}

/// One board of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnakesBoard {
    /// The side: the board has N x N squares and its goal is N².
    pub n: u64,
    /// The validated board: goal N², snakes and ladders as jumps, chains followed.
    pub board: Board,
}

/// Parses a judge input: boards until the end of the input.
///
/// # Errors
/// A [`ParseError`] spanning the first offending text: a token that is not a number, N = 0 or
/// N too large for N² to fit in 64 bits, a negative count, an input that ends before the
/// counts' pairs, a square outside 1..N², a snake or ladder on square 1 or N², a snake that
/// does not go down or a ladder that does not go up, two jumps from one square, and jumps
/// that loop forever (the last three point at the offending pair).
///
/// ```
/// let input = tabletop_parse::snakes::parse(b"6 1 3\n35 25\n3 23 5 16 20 33\n")?;
/// let board = &input.boards[0].value;
/// assert_eq!(board.n, 6);
/// assert_eq!(board.board.land(5), 16);
///
/// let error = tabletop_parse::snakes::parse(b"6 1 0\n25 35\n").unwrap_err();
/// assert_eq!(error.message, "snake 25 35 goes up: a snake's mouth must be above its tail");
/// # Ok::<(), tabletop_parse::ParseError>(())
/// ```
pub fn parse(source: &[u8]) -> Result<SnakesInput, ParseError> {
    let n = source.len();
    match (|input| snakes_input(n, input)).parse(source).finish() {
        Ok((_, parsed)) => parsed,
        Err(error) => Err(located(source, error)),
    }
}

/// The whole input. The outer `Result` carries syntax errors, the inner a board error found
/// after a board was read.
fn snakes_input(n: usize, mut input: Input<'_>) -> PResult<'_, Result<SnakesInput, ParseError>> {
    let mut boards = Vec::new();
    // Reused from board to board.
    let (mut jumps, mut spans) = (Vec::new(), Vec::new());
    loop {
        let (at, _) = any_space(input)?;
        if at.is_empty() {
            return Ok((at, Ok(SnakesInput { boards })));
        }
        let (rest, header) = header(at)?;
        let header_span = span(n, at, rest);
        jumps.clear();
        spans.clear();
        let (rest, snakes) = pairs(
            n,
            rest,
            Kind::Snake,
            header.snakes,
            header.goal,
            &mut jumps,
            &mut spans,
        )?;
        let (rest, _) = pairs(
            n,
            rest,
            Kind::Ladder,
            header.ladders,
            header.goal,
            &mut jumps,
            &mut spans,
        )?;
        input = rest;
        match Board::new(header.goal, &jumps, &[]) {
            Ok(board) => boards.push(Spanned {
                value: SnakesBoard { n: header.n, board },
                span: header_span,
            }),
            Err(error) => return Ok((input, Err(board_error(&error, &spans, snakes)))),
        }
    }
}

/// A board's first line, checked.
struct Header {
    n: u64,
    goal: Square,
    snakes: u64,
    ladders: u64,
}

/// `N S L`.
fn header(input: Input<'_>) -> PResult<'_, Header> {
    let (rest, (n, n_len)) = context("the board size N", number).parse(input)?;
    if n < 1 {
        return invalid(
            input,
            n_len,
            format!("N is {n}, but a board needs N >= 1 (N x N squares)"),
        );
    }
    let side = u64::try_from(n).ok().filter(|&n| n <= MAX_N);
    let (side, goal) = match side.map(|side| (side, side * side)) {
        Some(sizes) => sizes,
        None => {
            return invalid(
                input,
                n_len,
                format!("N = {n} is too large: N² must fit in 64 bits (N <= {MAX_N})"),
            )
        }
    };
    let (at, _) = any_space(rest)?;
    let (rest, snakes) = count(input, rest, at, "the number of snakes S")?;
    let (at, _) = any_space(rest)?;
    let (rest, ladders) = count(input, rest, at, "the number of ladders L")?;
    Ok((
        rest,
        Header {
            n: side,
            goal,
            snakes,
            ladders,
        },
    ))
}

/// A count of snakes or ladders (a number >= 0) at `input`, in the line `N S L` that starts
/// at `line` and has been read up to `read`.
fn count<'a>(line: Input<'a>, read: Input<'a>, input: Input<'a>, label: &'static str) -> PResult<'a, u64> {
    if input.is_empty() {
        // Most often the previous board had more pairs than its counts said.
        return invalid(
            line,
            line.len() - read.len(),
            format!(
                "the input ends inside a line `N S L`: {label} is missing \
                 (are there more pairs than the counts S and L say?)"
            ),
        );
    }
    let (rest, (value, len)) = context(label, number).parse(input)?;
    match u64::try_from(value) {
        Ok(count) => Ok((rest, count)),
        Err(_) => invalid(input, len, format!("{label} is {value}, not 0 or more")),
    }
}

/// Snakes or ladders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Snake,
    Ladder,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Snake => "snake",
            Kind::Ladder => "ladder",
        }
    }

    fn plural(self) -> &'static str {
        match self {
            Kind::Snake => "snakes",
            Kind::Ladder => "ladders",
        }
    }

    /// The labels of the pair's two squares, for "expected ..." messages.
    fn labels(self) -> (&'static str, &'static str) {
        match self {
            Kind::Snake => ("a snake's mouth", "a snake's tail"),
            Kind::Ladder => ("a ladder's foot", "a ladder's top"),
        }
    }
}

/// `count` pairs of squares of one kind, each checked on its own, appended to `jumps` (and
/// their spans to `spans`). Returns how many were read.
fn pairs<'a>(
    n: usize,
    mut input: Input<'a>,
    kind: Kind,
    count: u64,
    goal: Square,
    jumps: &mut Vec<Jump>,
    spans: &mut Vec<Range<usize>>,
) -> PResult<'a, usize> {
    let (first_label, second_label) = kind.labels();
    let before = jumps.len();
    for done in 0..count {
        let (at, _) = any_space(input)?;
        if at.is_empty() {
            return truncated(at, kind, done, count);
        }
        let (rest, from) = square(at, first_label, goal)?;
        let (second, _) = any_space(rest)?;
        if second.is_empty() {
            return truncated(second, kind, done, count);
        }
        let (rest, to) = square(second, second_label, goal)?;
        let pair = span(n, at, rest);
        let goes_down = from > to;
        if from == to {
            return invalid(
                at,
                pair.len(),
                format!(
                    "{} {from} {to} goes nowhere: its two squares must differ",
                    kind.name()
                ),
            );
        }
        if goes_down != (kind == Kind::Snake) {
            let message = match kind {
                Kind::Snake => format!("snake {from} {to} goes up: a snake's mouth must be above its tail"),
                Kind::Ladder => {
                    format!("ladder {from} {to} goes down: a ladder's foot must be below its top")
                }
            };
            return invalid(at, pair.len(), message);
        }
        jumps.push(Jump::new(from, to));
        spans.push(pair);
        input = rest;
    }
    Ok((input, jumps.len() - before))
}

/// The input ended inside the pairs: the count promised more.
fn truncated<T>(at: Input<'_>, kind: Kind, done: u64, count: u64) -> PResult<'_, T> {
    invalid(
        at,
        0,
        format!(
            "the input ends after {done} of {count} {} (a pair `{}` is missing)",
            kind.plural(),
            match kind {
                Kind::Snake => "mouth tail",
                Kind::Ladder => "foot top",
            }
        ),
    )
}

/// A square of a snake or ladder: in 1..=goal, and neither the start (1) nor the goal.
fn square<'a>(input: Input<'a>, label: &'static str, goal: Square) -> PResult<'a, Square> {
    let (rest, (value, len)) = context(label, number).parse(input)?;
    match u64::try_from(value) {
        Ok(1) => invalid(
            input,
            len,
            "square 1 is the start: no snake or ladder may touch it",
        ),
        Ok(square) if square == goal => invalid(
            input,
            len,
            format!("square {goal} is the goal: no snake or ladder may touch it"),
        ),
        Ok(square) if (2..goal).contains(&square) => Ok((rest, square)),
        _ => invalid(input, len, format!("square {value} is outside 1..{goal}")),
    }
}

/// A decimal number with an optional minus sign, ended by white space or the end of the
/// input, and the number of bytes it spans. A magnitude beyond `u64` is an error at the number.
fn number(input: Input<'_>) -> PResult<'_, (i128, usize)> {
    let (digits, minus) = opt(char('-')).parse(input)?;
    let (rest, run) = digit1(digits)?;
    if rest.first().is_some_and(|b| !b.is_ascii_whitespace()) {
        // `12x`: not a number at all (the message names the whole token).
        return Err(nom::Err::Error(NomError {
            input,
            expected: None,
            message: None,
            len: 0,
        }));
    }
    // Up to 19 digits cannot overflow a u64: add them up directly (the hot path on large
    // inputs); longer runs go through `unsigned`, which reports overflow.
    let magnitude = if run.len() <= 19 {
        run.iter()
            .fold(0u64, |value, &d| value * 10 + u64::from(d - b'0'))
    } else {
        unsigned(digits)?.1 .0
    };
    let value = i128::from(magnitude);
    match minus {
        Some(_) => Ok((rest, (-value, run.len() + 1))),
        None => Ok((rest, (value, run.len()))),
    }
}

/// Points a board error at the pair it is about. `spans` lists the snakes', then the ladders'.
fn board_error(error: &BoardError, spans: &[Range<usize>], snakes: usize) -> ParseError {
    let describe = |index: usize| {
        if index < snakes {
            format!("snake #{}", index + 1)
        } else {
            format!("ladder #{}", index - snakes + 1)
        }
    };
    let at = |index: usize| -> Range<usize> { spans.get(index).cloned().unwrap_or(0..0) };
    match *error {
        BoardError::DuplicateJumpStart { index, first, square } => ParseError::new(
            at(index),
            format!(
                "square {square} already starts a jump ({} of this board)",
                describe(first)
            ),
        ),
        BoardError::JumpOffBoard { index, .. }
        | BoardError::JumpToItself { index, .. }
        | BoardError::JumpLoop { index, .. } => ParseError::new(at(index), error.to_string()),
        BoardError::NoSquares
        | BoardError::SpecialOffBoard { .. }
        | BoardError::DuplicateSpecial { .. }
        | BoardError::SpecialOnJump { .. } => ParseError::new(0..0, error.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "6 1 3\n35 25\n3 23 5 16 20 33\n";

    fn error(text: &str) -> (usize, usize, String) {
        crate::error::rejection(text, parse)
    }

    fn error_span(text: &str) -> String {
        let error = parse(text.as_bytes()).unwrap_err();
        text[error.span].to_string()
    }

    #[test]
    fn sample_parses() {
        let input = parse(SAMPLE.as_bytes()).unwrap();
        assert_eq!(input.boards.len(), 1);
        let board = &input.boards[0];
        assert_eq!(board.value.n, 6);
        assert_eq!(board.value.board.goal(), 36);
        assert_eq!(board.value.board.land(35), 25);
        assert_eq!(board.value.board.land(20), 33);
        assert_eq!(board.span, 0..5);
    }

    #[test]
    fn boards_run_until_the_end_and_pairs_share_lines() {
        let input = parse(b"  1 0 0 2 0 1\n2\n3\n\n6 1 3 35 25 3 23\n5 16\t20 33  \n").unwrap();
        let ns: Vec<u64> = input.boards.iter().map(|b| b.value.n).collect();
        assert_eq!(ns, vec![1, 2, 6]);
        assert_eq!(input.boards[1].value.board.land(2), 3);
        assert!(parse(b"").unwrap().boards.is_empty());
        assert!(parse(b" \n\r\n").unwrap().boards.is_empty());
    }

    #[test]
    fn large_boards_parse() {
        let input = parse(b"1000000000 1 1\n999999999999999999 2 3 4\n").unwrap();
        let board = &input.boards[0].value;
        assert_eq!(board.board.goal(), 1_000_000_000_000_000_000);
        assert_eq!(board.board.land(999_999_999_999_999_999), 2);
        let input = parse(b"4294967295 0 0").unwrap();
        assert_eq!(input.boards[0].value.board.goal(), 18_446_744_065_119_617_025);
    }

    #[test]
    fn sizes_and_counts_are_checked() {
        assert_eq!(
            error("6 1 3\n35 25\n3 23 5 16 20 33\n0 0 0\n"),
            (4, 1, "N is 0, but a board needs N >= 1 (N x N squares)".into())
        );
        assert_eq!(
            error("4294967296 0 0\n").2,
            "N = 4294967296 is too large: N² must fit in 64 bits (N <= 4294967295)"
        );
        assert_eq!(
            error("-3 0 0\n").2,
            "N is -3, but a board needs N >= 1 (N x N squares)"
        );
        assert_eq!(
            error("6 -1 0\n"),
            (1, 3, "the number of snakes S is -1, not 0 or more".into())
        );
        assert_eq!(
            error("6 0 -2\n"),
            (1, 5, "the number of ladders L is -2, not 0 or more".into())
        );
        assert_eq!(
            error("99999999999999999999999999999999999999999 0 0\n").2,
            "number 99999999999999999999999999999999999999999 is too large"
        );
        assert_eq!(
            error("6 1 0\n35 -99999999999999999999\n").2,
            "number 99999999999999999999 is too large"
        );
        assert_eq!(error("00006 0 1\n-0 3\n").2, "square 0 is outside 1..36");
    }

    #[test]
    fn non_numbers_are_named() {
        assert_eq!(
            error("6 x 3\n"),
            (1, 3, "expected the number of snakes S, found `x`".into())
        );
        assert_eq!(error("6 1 3\n35 2x5\n").2, "expected a snake's tail, found `2x5`");
        assert_eq!(error("six\n").2, "expected the board size N, found `six`");
        assert_eq!(error("6 0 1\n3 +23\n").2, "expected a ladder's top, found `+23`");
        assert_eq!(
            error("6 1\n").2,
            "the input ends inside a line `N S L`: the number of ladders L is missing \
             (are there more pairs than the counts S and L say?)"
        );
        assert_eq!(error("6 1 0\n35 25\n3 23\n"), (3, 1, error("6 1\n").2));
        assert_eq!(error_span("6 1 0\n35 25\n3 23\n"), "3 23");
    }

    #[test]
    fn truncated_input_says_how_many_pairs_are_missing() {
        assert_eq!(
            error("6 2 0\n35 25\n"),
            (
                3,
                1,
                "the input ends after 1 of 2 snakes (a pair `mouth tail` is missing)".into()
            )
        );
        assert_eq!(
            error("6 0 3\n3 23 5 16 20").2,
            "the input ends after 2 of 3 ladders (a pair `foot top` is missing)"
        );
    }

    #[test]
    fn squares_are_checked() {
        assert_eq!(
            error("6 1 0\n37 25\n"),
            (2, 1, "square 37 is outside 1..36".into())
        );
        assert_eq!(error("6 1 0\n35 0\n"), (2, 4, "square 0 is outside 1..36".into()));
        assert_eq!(error("6 1 0\n35 -4\n").2, "square -4 is outside 1..36");
        assert_eq!(
            error("6 0 1\n1 23\n").2,
            "square 1 is the start: no snake or ladder may touch it"
        );
        assert_eq!(
            error("6 1 0\n35 1\n"),
            (
                2,
                4,
                "square 1 is the start: no snake or ladder may touch it".into()
            )
        );
        assert_eq!(
            error("6 0 1\n3 36\n").2,
            "square 36 is the goal: no snake or ladder may touch it"
        );
        assert_eq!(
            error("6 1 0\n36 3\n").2,
            "square 36 is the goal: no snake or ladder may touch it"
        );
        assert_eq!(
            error("1 0 1\n1 1\n").2,
            "square 1 is the start: no snake or ladder may touch it"
        );
    }

    #[test]
    fn directions_are_checked_on_the_pair() {
        assert_eq!(
            error("6 1 0\n25 35\n").2,
            "snake 25 35 goes up: a snake's mouth must be above its tail"
        );
        assert_eq!(error_span("6 1 0\n25   35\n"), "25   35");
        assert_eq!(
            error("6 0 1\n23 3\n").2,
            "ladder 23 3 goes down: a ladder's foot must be below its top"
        );
        assert_eq!(
            error("6 0 1\n23 23\n").2,
            "ladder 23 23 goes nowhere: its two squares must differ"
        );
    }

    #[test]
    fn board_errors_point_at_the_pair() {
        let text = "6 1 2\n35 25\n3 23\n35\n36\n";
        assert_eq!(
            error(text).2,
            "square 36 is the goal: no snake or ladder may touch it"
        );
        let text = "6 1 2\n35 25\n3 23\n35\n  36\n";
        assert_eq!(error(text).1, 3);
        let text = "6 1 2\n30 25\n3 23 30 33\n";
        assert_eq!(
            error(text),
            (
                3,
                6,
                "square 30 already starts a jump (snake #1 of this board)".into()
            )
        );
        assert_eq!(error_span(text), "30 33");
        let text = "6 0 2\n3 23 3 24\n";
        assert_eq!(
            error(text).2,
            "square 3 already starts a jump (ladder #1 of this board)"
        );
        let text = "6 1 1\n23 3\n3 23\n";
        assert_eq!(error(text), (3, 1, "jumps loop forever: 3 -> 23 -> 3".into()));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// Arbitrary bytes never panic the parser, and errors point inside the input.
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64)) {
            if let Err(error) = parse(&bytes) {
                proptest::prop_assert!(error.span.start <= error.span.end && error.span.end <= bytes.len());
            }
        }

        /// Text made of the format's own tokens (numbers, signs, spaces) never panics either.
        #[test]
        fn number_soup_never_panics(text in "([0-9]{1,3}|-?[0-9]{1,22}|[ \n\t]|x){0,40}") {
            if let Err(error) = parse(text.as_bytes()) {
                proptest::prop_assert!(error.span.end <= text.len());
                proptest::prop_assert!(!error.message.is_empty());
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

        /// Board-shaped text (small N and counts, pairs of small squares, some of them bad)
        /// never panics, and a board that parses has the squares the text gave.
        #[test]
        fn board_shaped_text_never_panics(
            boards in proptest::collection::vec(
                (0u64..7, 0usize..4, 0usize..4, proptest::collection::vec((0u64..40, 0u64..40), 0..9)),
                1..4,
            )
        ) {
            let mut text = String::new();
            for (n, snakes, ladders, pairs) in &boards {
                text.push_str(&format!("{n} {snakes} {ladders}\n"));
                for (a, b) in pairs.iter().take(snakes + ladders) {
                    text.push_str(&format!("{a} {b}\n"));
                }
            }
            match parse(text.as_bytes()) {
                Ok(input) => {
                    for board in &input.boards {
                        let goal = board.value.board.goal();
                        proptest::prop_assert_eq!(goal, board.value.n * board.value.n);
                        for jump in board.value.board.jumps() {
                            proptest::prop_assert!(jump.from > 1 && jump.from < goal && jump.to > 1 && jump.to < goal);
                        }
                    }
                }
                Err(error) => proptest::prop_assert!(error.span.end <= text.len()),
            }
        }
    }

    #[test]
    fn chained_jumps_are_accepted() {
        let input = parse(b"6 1 1\n23 5\n5 30\n").unwrap();
        assert_eq!(input.boards[0].value.board.land(23), 30);
    }
}

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
//!
//! Each board is read into its syntax (numbers with spans; the counts S and L give its
//! shape), then lowered: N and squares in range, directions, then [`Board::new`], whose
//! errors are located at the pair they name.

use std::ops::Range;

use tabletop_boards::{Board, BoardError, Jump, Square};

use crate::combinators::{invalid, labelled_number, run, span, spanned_number};
use crate::error::{NomError, ParseError, Spanned};
use crate::lex::{skip_space, Input, Num, PResult};
use crate::lower::{BoardSpans, JumpSpans};

mod plain;
pub use plain::{board_cuts, NotPlain, PlainBoards};

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

/// Parses a judge input, all or nothing: boards until the end of the input.
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
    let boards = cases(source).collect::<Result<Vec<_>, _>>()?;
    Ok(SnakesInput { boards })
}

/// The boards of an input one at a time.
///
/// By default the iterator ends after the first error. After [`Cases::keep_going`], a board
/// whose text is well formed but whose meaning is not (N or a square out of range, a snake
/// going up, an invalid board) yields its `Err` and the next board follows; an error in the
/// text itself (a token that is not a number, a negative count, a truncated input) still
/// ends the iterator.
///
/// ```
/// let boards: Vec<_> = tabletop_parse::snakes::cases(b"0 0 0\n6 1 0 35 25\n").keep_going().collect();
/// assert_eq!(boards[0].as_ref().unwrap_err().message, "N is 0, but a board needs N >= 1 (N x N squares)");
/// assert_eq!(boards[1].as_ref().unwrap().value.n, 6);
/// ```
pub fn cases(source: &[u8]) -> Cases<'_> {
    Cases::new(source, source, Boards::default())
}

/// The boards of `source` from byte `offset` on (a board's start, e.g. where
/// [`PlainBoards`] stopped), read as [`cases`] reads them; spans stay relative to `source`.
///
/// ```
/// let text = b"6 1 0\n35 25\n6 1 0\n25 35\n";
/// let error = tabletop_parse::snakes::cases_from(text, 12).next().unwrap().unwrap_err();
/// assert_eq!(error.span.start, 18);
/// ```
pub fn cases_from(source: &[u8], offset: usize) -> Cases<'_> {
    Cases::new(
        source,
        source.get(offset..).unwrap_or_default(),
        Boards::default(),
    )
}

/// The boards of an input one at a time; see [`cases`].
pub type Cases<'a> = crate::Cases<'a, Boards>;

/// The snakes format read a board at a time (see [`crate::Cases`]): the board being read,
/// its memory reused.
#[derive(Debug, Clone, Default)]
pub struct Boards {
    syntax: BoardSyntax,
    side: Option<Spanned<Num>>,
}

impl crate::cases::Sealed for Boards {}

impl<'a> crate::cases::Format<'a> for Boards {
    type Case = SnakesBoard;

    fn read(&mut self, source: &'a [u8], rest: &'a [u8]) -> Result<Option<&'a [u8]>, ParseError> {
        let rest = skip_space(rest);
        if rest.is_empty() {
            return Ok(None);
        }
        let n = source.len();
        let syntax = &mut self.syntax;
        let (rest, side) = run(source, rest, |input| board(n, input, syntax))?;
        self.side = Some(side);
        Ok(Some(rest))
    }

    fn lower(&mut self) -> Result<Spanned<SnakesBoard>, ParseError> {
        match &self.side {
            Some(side) => lower(side, &self.syntax),
            None => Err(ParseError::new(0..0, "no board was read")),
        }
    }

    fn partial(&mut self) -> Option<ParseError> {
        let syntax = &self.syntax;
        syntax.n.as_ref().and_then(|side| lower(side, syntax).err())
    }
}

/// The text of one board, before its meaning is checked (as far as it was read).
#[derive(Debug, Clone, Default)]
struct BoardSyntax {
    /// The span of `N S L`.
    header: Range<usize>,
    n: Option<Spanned<Num>>,
    /// How many of the pairs are snakes.
    snakes: usize,
    /// Snakes first, then ladders.
    pairs: Vec<(Spanned<Num>, Spanned<Num>)>,
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

    /// The labels of the pair's two squares, for "expected ..." messages.
    fn labels(self) -> (&'static str, &'static str) {
        match self {
            Kind::Snake => ("a snake's mouth", "a snake's tail"),
            Kind::Ladder => ("a ladder's foot", "a ladder's top"),
        }
    }

    /// The input ended inside the pairs: the count promised more.
    fn truncated(self, at: Input<'_>, done: u64, count: u64) -> nom::Err<NomError<Input<'_>>> {
        let (plural, pair) = match self {
            Kind::Snake => ("snakes", "mouth tail"),
            Kind::Ladder => ("ladders", "foot top"),
        };
        let message = format!("the input ends after {done} of {count} {plural} (a pair `{pair}` is missing)");
        nom::Err::Failure(NomError::at(at, 0, message))
    }
}

/// One board: `N S L`, then the pairs, into `syntax` (which keeps what was read when an
/// error stops the reading); returns N.
fn board<'a>(n: usize, input: Input<'a>, syntax: &mut BoardSyntax) -> PResult<'a, Spanned<Num>> {
    syntax.n = None;
    syntax.pairs.clear();
    let (rest, side) = spanned_number(n, input, "the board size N")?;
    let (rest, snakes) = count(input, rest, "the number of snakes S")?;
    let (rest, ladders) = count(input, rest, "the number of ladders L")?;
    syntax.header = span(n, input, rest);
    syntax.n = Some(side.clone());
    syntax.snakes = usize::MAX;
    let rest = pair_list(n, rest, Kind::Snake, snakes, &mut syntax.pairs)?;
    syntax.snakes = syntax.pairs.len();
    let rest = pair_list(n, rest, Kind::Ladder, ladders, &mut syntax.pairs)?;
    Ok((rest, side))
}

/// A count of snakes or ladders (a number >= 0) after `read`, in the line `N S L` that starts
/// at `line`.
fn count<'a>(line: Input<'a>, read: Input<'a>, label: &'static str) -> PResult<'a, u64> {
    let at = skip_space(read);
    if at.is_empty() {
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
    let (rest, number) = labelled_number(at, label)?;
    match number.natural() {
        Some(value) => Ok((rest, value)),
        None => invalid(at, number.len, format!("{label} is {number}, not 0 or more")),
    }
}

/// `count` pairs of squares of one kind, appended to `pairs`.
fn pair_list<'a>(
    n: usize,
    mut input: Input<'a>,
    kind: Kind,
    count: u64,
    pairs: &mut Vec<(Spanned<Num>, Spanned<Num>)>,
) -> Result<Input<'a>, nom::Err<NomError<Input<'a>>>> {
    let (first_label, second_label) = kind.labels();
    for done in 0..count {
        let at = skip_space(input);
        if at.is_empty() {
            return Err(kind.truncated(at, done, count));
        }
        let (rest, from) = spanned_number(n, at, first_label)?;
        let second = skip_space(rest);
        if second.is_empty() {
            return Err(kind.truncated(second, done, count));
        }
        let (rest, to) = spanned_number(n, second, second_label)?;
        pairs.push((from, to));
        input = rest;
    }
    Ok(input)
}

/// The meaning of a board of side `side`: N and squares in range, directions, then a valid board.
fn lower(side: &Spanned<Num>, syntax: &BoardSyntax) -> Result<Spanned<SnakesBoard>, ParseError> {
    let error = |message: String| ParseError::new(side.span.clone(), message);
    let side = side.value;
    let n = match side.natural() {
        Some(0) | None => {
            return Err(error(format!(
                "N is {side}, but a board needs N >= 1 (N x N squares)"
            )))
        }
        Some(n) if n > MAX_N => {
            return Err(error(format!(
                "N = {side} is too large: N² must fit in 64 bits (N <= {MAX_N})"
            )))
        }
        Some(n) => n,
    };
    let goal = n * n;
    let mut spans = BoardSpans {
        board: syntax.header.clone(),
        ..BoardSpans::default()
    };
    let mut jumps = Vec::with_capacity(syntax.pairs.len());
    for (index, (from, to)) in syntax.pairs.iter().enumerate() {
        let kind = if index < syntax.snakes {
            Kind::Snake
        } else {
            Kind::Ladder
        };
        jumps.push(pair(kind, from, to, goal)?);
        spans.jumps.push(JumpSpans {
            whole: from.span.start..to.span.end,
            from: from.span.clone(),
            to: to.span.clone(),
        });
    }
    let board = Board::new(goal, &jumps, &[]).map_err(|error| {
        let name = |index: usize| match index.checked_sub(syntax.snakes) {
            None => format!("snake #{}", index + 1),
            Some(ladder) => format!("ladder #{}", ladder + 1),
        };
        spans.locate(&error, |error| match *error {
            BoardError::DuplicateJumpStart { first, square, .. } => Some(format!(
                "square {square} already starts a jump ({} of this board)",
                name(first)
            )),
            _ => None,
        })
    })?;
    Ok(Spanned {
        value: SnakesBoard { n, board },
        span: syntax.header.clone(),
    })
}

/// A snake or ladder: both squares on the board and off its ends, going the right way.
fn pair(kind: Kind, from: &Spanned<Num>, to: &Spanned<Num>, goal: Square) -> Result<Jump, ParseError> {
    let (start, end) = (square(from, goal)?, square(to, goal)?);
    let whole = from.span.start..to.span.end;
    if start == end {
        let message = format!(
            "{} {start} {end} goes nowhere: its two squares must differ",
            kind.name()
        );
        return Err(ParseError::new(whole, message));
    }
    match kind {
        Kind::Snake if start < end => Err(ParseError::new(
            whole,
            format!("snake {start} {end} goes up: a snake's mouth must be above its tail"),
        )),
        Kind::Ladder if start > end => Err(ParseError::new(
            whole,
            format!("ladder {start} {end} goes down: a ladder's foot must be below its top"),
        )),
        _ => Ok(Jump::new(start, end)),
    }
}

/// A square of a snake or ladder: in 1..=goal, and neither the start (1) nor the goal.
fn square(number: &Spanned<Num>, goal: Square) -> Result<Square, ParseError> {
    let message = match number.value.natural() {
        Some(1) => "square 1 is the start: no snake or ladder may touch it".to_string(),
        Some(square) if square == goal => {
            format!("square {goal} is the goal: no snake or ladder may touch it")
        }
        Some(square) if (2..goal).contains(&square) => return Ok(square),
        _ => format!("square {} is outside 1..{goal}", number.value),
    };
    Err(ParseError::new(number.span.clone(), message))
}

#[cfg(test)]
mod tests;

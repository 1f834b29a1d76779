//! The Chutes and Ladders judge format (UVa 647, `docs/rules/chutes.md`).
//!
//! ```text
//! 3 6 3 2 5 1 3 4 2 3 1 2 0     the throws (any lines, fewer than 1000), ended by 0
//! 2                             a game: the number of players (2..5), alone on its line
//! 6 95                          chutes and ladders `start end`, one per line (squares 1..99)
//! 0 0                           ... ended by `0 0`
//! -3                            special squares, one per line: -k miss a turn, k extra turn
//! 0                             ... ended by 0
//! 0                             a game with 0 players ends the input
//! ```
//!
//! Each game is read into its syntax (numbers with spans), then lowered: player count and
//! squares in range, then [`Board::new`], whose errors are located at the line they name.

use tabletop_boards::{Board, Jump, Special, Square};

use crate::combinators::{end_of_line, invalid, labelled_number, run, spanned_number};
use crate::error::{NomError, ParseError, Spanned};
use crate::lex::{any_space, end_of_input, inline_space, Input, Num, PResult};
use crate::lower::{board_error, BoardSpans, JumpSpans, SpecialSpans};

/// The goal square of a UVa 647 board.
pub const GOAL: Square = 100;
/// Allowed player counts.
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=5;
/// Most throws a throw list may hold (the statement says fewer than 1000).
pub const MAX_THROWS: usize = 999;

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

/// Parses a UVa 647 input, all or nothing: the first error (in game order) is returned.
///
/// # Errors
/// A [`ParseError`] spanning the first offending token: malformed numbers, throws outside
/// 1..6, 1000 throws or more, squares outside 1..99, bad player counts, invalid boards (a
/// jump to itself, two jumps from a square, jumps that loop, special squares on jumps or
/// listed twice), missing terminators and text after the end.
///
/// ```
/// let input = tabletop_parse::chutes::parse(b"1 2 0\n2\n0 0\n0\n0\n")?;
/// assert_eq!(input.throws, vec![1, 2]);
/// assert_eq!(input.games[0].value.players, 2);
/// # Ok::<(), tabletop_parse::ParseError>(())
/// ```
pub fn parse(source: &[u8]) -> Result<ChutesInput, ParseError> {
    let mut cases = cases(source)?;
    let games = cases.by_ref().collect::<Result<Vec<_>, _>>()?;
    Ok(ChutesInput {
        throws: cases.format.throws.clone(),
        games,
    })
}

/// The per-case reader: reads the throw list (an error there is an error of the whole
/// input), then yields the games one at a time.
///
/// By default the iterator ends after the first error. After [`Cases::keep_going`], a game
/// whose text is well formed but whose meaning is not (players or squares out of range, an
/// invalid board) yields its `Err` and the next game follows; an error in the text itself
/// still ends the iterator, since where the next game starts is then unknown.
///
/// ```
/// let text = b"1 2 0\n2\n5 5\n0 0\n0\n2\n0 0\n0\n0\n";
/// let cases = tabletop_parse::chutes::cases(text)?.keep_going();
/// assert_eq!(cases.throws(), &[1, 2]);
/// let games: Vec<_> = cases.collect();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].as_ref().unwrap_err().message, "a jump from square 5 to itself goes nowhere");
/// assert_eq!(games[1].as_ref().unwrap().value.players, 2);
/// # Ok::<(), tabletop_parse::ParseError>(())
/// ```
///
/// # Errors
/// An error in the throw list, as for [`parse`].
pub fn cases(source: &[u8]) -> Result<Cases<'_>, ParseError> {
    let (rest, throws) = run(source, source, throw_list)?;
    Ok(Cases::new(
        source,
        rest,
        Games {
            throws,
            ..Games::default()
        },
    ))
}

/// The games of an input one at a time; see [`cases`].
pub type Cases<'a> = crate::Cases<'a, Games>;

impl Cases<'_> {
    /// The throws shared by every game.
    pub fn throws(&self) -> &[u8] {
        &self.format.throws
    }
}

/// The chutes format read a game at a time (see [`crate::Cases`]): the throws, and the game
/// being read (its memory reused).
#[derive(Debug, Clone, Default)]
pub struct Games {
    throws: Vec<u8>,
    syntax: GameSyntax,
    players: Option<Spanned<Num>>,
}

impl crate::cases::Sealed for Games {}

impl<'a> crate::cases::Format<'a> for Games {
    type Case = ChutesGame;

    fn read(&mut self, source: &'a [u8], rest: &'a [u8]) -> Result<Option<&'a [u8]>, ParseError> {
        let n = source.len();
        let syntax = &mut self.syntax;
        match run(source, rest, |input| game(n, input, syntax))? {
            (_, None) => Ok(None),
            (rest, Some(players)) => {
                self.players = Some(players);
                Ok(Some(rest))
            }
        }
    }

    fn lower(&mut self) -> Result<Spanned<ChutesGame>, ParseError> {
        match &self.players {
            Some(players) => lower(players, &self.syntax),
            None => Err(ParseError::new(0..0, "no game was read")),
        }
    }

    fn partial(&mut self) -> Option<ParseError> {
        let syntax = &self.syntax;
        syntax
            .players
            .as_ref()
            .and_then(|players| lower(players, syntax).err())
    }
}

/// Die throws separated by any white space, ended by 0.
fn throw_list(mut input: Input<'_>) -> PResult<'_, Vec<u8>> {
    let mut throws = Vec::new();
    loop {
        let (at, ()) = any_space(input)?;
        let (rest, throw) = labelled_number(at, "a die throw 1..6, or 0 to end the throws")?;
        let len = throw.len;
        match throw.natural() {
            Some(0) => return Ok((rest, throws)),
            Some(1..=6) if throws.len() == MAX_THROWS => {
                return invalid(
                    at,
                    len,
                    format!(
                        "this is throw {}: a throw list holds fewer than 1000 throws",
                        MAX_THROWS + 1
                    ),
                )
            }
            Some(value @ 1..=6) => throws.push(value as u8),
            _ => return invalid(at, len, format!("throw {throw} is not a die value 1..6")),
        }
        input = rest;
    }
}

/// The text of one game, before its meaning is checked (as far as it was read).
#[derive(Debug, Clone, Default)]
struct GameSyntax {
    players: Option<Spanned<Num>>,
    /// `start end` with the span of both.
    jumps: Vec<(Spanned<Num>, Spanned<Num>)>,
    specials: Vec<Spanned<Num>>,
}

/// A game into `syntax` (which keeps what was read when an error stops the reading), and its
/// player count; `None` for the final `0` (then the end of the input must follow).
fn game<'a>(n: usize, input: Input<'a>, syntax: &mut GameSyntax) -> PResult<'a, Option<Spanned<Num>>> {
    syntax.players = None;
    syntax.jumps.clear();
    syntax.specials.clear();
    let (at, ()) = any_space(input)?;
    let (rest, players) = spanned_number(n, at, "the number of players (2..5), or 0 to end the input")?;
    let (rest, ()) = end_of_line(rest)?;
    if players.value.magnitude == 0 {
        let (rest, ()) = end_of_input(rest)?;
        return Ok((rest, None));
    }
    syntax.players = Some(players.clone());
    let rest = jump_lines(n, rest, &mut syntax.jumps)?;
    let rest = special_lines(n, rest, &mut syntax.specials)?;
    Ok((rest, Some(players)))
}

/// Chute and ladder lines `start end`, ended by `0 0`.
fn jump_lines<'a>(
    n: usize,
    mut input: Input<'a>,
    jumps: &mut Vec<(Spanned<Num>, Spanned<Num>)>,
) -> Result<Input<'a>, nom::Err<NomError<Input<'a>>>> {
    loop {
        let (line, ()) = any_space(input)?;
        let (rest, from) = spanned_number(n, line, "a chute or ladder `start end`, or `0 0` to end them")?;
        let (at, ()) = inline_space(rest)?;
        if from.value.magnitude == 0 {
            let (rest, to) = spanned_number(n, at, "`0` (a line `0 0` ends the chutes and ladders)")?;
            if to.value.magnitude != 0 {
                return invalid(
                    at,
                    to.value.len,
                    format!("square 0 is outside 1..99 (in `0 {}`)", to.value),
                )
                .map(|(rest, ())| rest);
            }
            let (rest, ()) = end_of_line(rest)?;
            return Ok(rest);
        }
        let (rest, to) = spanned_number(n, at, "the end square of the chute or ladder")?;
        let (rest, ()) = end_of_line(rest)?;
        jumps.push((from, to));
        input = rest;
    }
}

/// Special squares, one per line, ended by 0.
fn special_lines<'a>(
    n: usize,
    mut input: Input<'a>,
    specials: &mut Vec<Spanned<Num>>,
) -> Result<Input<'a>, nom::Err<NomError<Input<'a>>>> {
    let what = "a special square (`-k` miss a turn, `k` extra turn), or 0 to end them";
    loop {
        let (line, ()) = any_space(input)?;
        let (rest, square) = spanned_number(n, line, what)?;
        let (rest, ()) = end_of_line(rest)?;
        if square.value.magnitude == 0 {
            return Ok(rest);
        }
        specials.push(square);
        input = rest;
    }
}

/// The meaning of a game with `count` players: players and squares in range, then a valid
/// board.
fn lower(count: &Spanned<Num>, syntax: &GameSyntax) -> Result<Spanned<ChutesGame>, ParseError> {
    let players = count
        .value
        .natural()
        .and_then(|p| usize::try_from(p).ok())
        .filter(|p| PLAYERS.contains(p))
        .ok_or_else(|| {
            let message = format!("a game needs 2 to 5 players, not {}", count.value);
            ParseError::new(count.span.clone(), message)
        })?;
    let mut spans = BoardSpans {
        board: count.span.clone(),
        ..BoardSpans::default()
    };
    let mut jumps = Vec::with_capacity(syntax.jumps.len());
    for (from, to) in &syntax.jumps {
        jumps.push(Jump::new(square(from)?, square(to)?));
        spans.jumps.push(JumpSpans {
            whole: from.span.start..to.span.end,
            from: from.span.clone(),
            to: to.span.clone(),
        });
    }
    let mut specials = Vec::with_capacity(syntax.specials.len());
    for special in &syntax.specials {
        let Num {
            negative, magnitude, ..
        } = special.value;
        if !(1..GOAL).contains(&magnitude) {
            let message = format!("special square {magnitude} is outside 1..99");
            return Err(ParseError::new(special.span.clone(), message));
        }
        let kind = if negative {
            Special::MissTurn
        } else {
            Special::ExtraTurn
        };
        specials.push((magnitude, kind));
        spans.specials.push(SpecialSpans {
            whole: special.span.clone(),
            square: special.span.clone(),
        });
    }
    match Board::new(GOAL, &jumps, &specials) {
        Ok(board) => Ok(Spanned {
            value: ChutesGame { players, board },
            span: count.span.clone(),
        }),
        Err(error) => Err(board_error(&spans, &error)),
    }
}

/// A square of a chute or ladder, 1..99.
fn square(number: &Spanned<Num>) -> Result<Square, ParseError> {
    match number.value.natural() {
        Some(square @ 1..=99) => Ok(square),
        _ => Err(ParseError::new(
            number.span.clone(),
            format!("square {} is outside 1..99", number.value),
        )),
    }
}

#[cfg(test)]
mod tests;

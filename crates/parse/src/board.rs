//! The board file of `tabletop odds` (see `shared/spec/board.md`).
//!
//! ```text
//! # Milton Bradley's Chutes and Ladders      comments start with #
//! squares 100      the goal square G (required, once)
//! start 0          where every counter starts (default 0); 0 <= start < G
//! overshoot stay   stay (default), bounce or win
//! die 6            faces of the fair die (default 6)
//! ladder 1 38      start end, start < end
//! chute 16 6       start end, start > end (`snake` is a synonym)
//! miss 30          landing here skips the next turn
//! extra 40         landing here gives another throw at once
//! ```
//!
//! Statements may come in any order, one per line. Every error names the line (and the
//! token) it is about.

use std::ops::Range;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::combinator::{cut, eof, opt};
use nom::error::context;
use nom::sequence::preceded;
use nom::{Finish, Parser};
use tabletop_boards::odds::{Overshoot, Rules};
use tabletop_boards::{Board, BoardError, Jump, Special, Square};

use crate::atoms::{inline_space, invalid, unsigned, Input, PResult};
use crate::error::{located, position_of, ParseError};

/// A parsed board file: the board, the odds settings, and where the board was defined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardFile {
    /// The validated board.
    pub board: Board,
    /// Start square, overshoot rule and die.
    pub rules: Rules,
    /// The span of the `squares` statement (where errors about the board as a whole point).
    pub squares_span: Range<usize>,
}

/// A number with its span.
#[derive(Debug, Clone, Copy)]
struct Number {
    value: u64,
    at: usize,
    len: usize,
}

impl Number {
    fn span(self) -> Range<usize> {
        self.at..self.at + self.len
    }
}

/// What a jump statement said it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum JumpKind {
    Ladder,
    Chute,
}

/// One statement of the file.
#[derive(Debug, Clone, Copy)]
enum Statement {
    Squares(Number),
    Start(Number),
    Overshoot(Overshoot),
    Die(Number),
    Jump(JumpKind, Number, Number),
    Special(Special, Number),
}

/// A statement, the span of its keyword and of the whole statement.
#[derive(Debug, Clone)]
struct Line {
    statement: Statement,
    keyword: Range<usize>,
    whole: Range<usize>,
}

/// Parses a board file.
///
/// # Errors
/// A [`ParseError`] at the first offending token: an unknown keyword, a missing or malformed
/// number, text after a statement, `squares` missing or given twice (so `start`, `overshoot`
/// and `die`), squares out of range, a ladder that goes down or a chute that goes up, a
/// special square on a jump, jumps that loop forever, a start on or past the goal, a die
/// without faces, or a bounce that could pass square 0.
///
/// ```
/// let file = tabletop_parse::board::parse(b"squares 10\nladder 2 9 # a long one\nextra 5\n")?;
/// assert_eq!(file.board.goal(), 10);
/// assert_eq!(file.board.land(2), 9);
/// assert_eq!(file.rules.die, 6);
///
/// let error = tabletop_parse::board::parse(b"squares 10\nladder 9 2\n").unwrap_err();
/// assert_eq!(error.message, "a ladder goes up: 9 -> 2 goes down (use `chute`)");
/// # Ok::<(), tabletop_parse::ParseError>(())
/// ```
pub fn parse(source: &[u8]) -> Result<BoardFile, ParseError> {
    let n = source.len();
    let lines = match (|input| statements(n, input)).parse(source).finish() {
        Ok((_, lines)) => lines,
        Err(error) => return Err(located(source, error)),
    };
    validate(source, &lines)
}

/// Every line of the file; the statements found.
fn statements(n: usize, mut input: Input<'_>) -> PResult<'_, Vec<Line>> {
    let mut lines = Vec::new();
    loop {
        if input.is_empty() {
            return Ok((input, lines));
        }
        let (rest, _) = inline_space(input)?;
        let (rest, line) = opt(|i| statement(n, i)).parse(rest)?;
        let (rest, ()) = end_of_line(rest)?;
        lines.extend(line);
        input = rest;
    }
}

/// Optional spaces, an optional comment, then a newline or the end of the input.
fn end_of_line(input: Input<'_>) -> PResult<'_, ()> {
    let comment = preceded(tag("#"), take_while(|b| b != b'\n'));
    context(
        "the end of the line (or a `#` comment)",
        (inline_space, opt(comment), alt((tag("\n"), eof))),
    )
    .map(|_| ())
    .parse(input)
}

/// A keyword and its arguments.
fn statement(n: usize, input: Input<'_>) -> PResult<'_, Line> {
    let (rest, word) =
        take_while1(|b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'-').parse(input)?;
    let keyword = (n - input.len())..(n - rest.len());
    let number = |label: &'static str| move |i| argument(n, label, i);
    // Once the keyword is known, any error in its arguments is final.
    let (rest, statement) = match word {
        b"squares" => cut(number("the number of squares")).map(Statement::Squares).parse(rest)?,
        b"start" => cut(number("the start square")).map(Statement::Start).parse(rest)?,
        b"die" => cut(number("the number of faces of the die")).map(Statement::Die).parse(rest)?,
        b"overshoot" => {
            let (rest, _) = inline_space(rest)?;
            let rule = alt((
                keyword_value("stay", Overshoot::Stay),
                keyword_value("bounce", Overshoot::Bounce),
                keyword_value("win", Overshoot::Win),
            ));
            cut(context("`stay`, `bounce` or `win`", rule))
                .map(Statement::Overshoot)
                .parse(rest)?
        }
        b"ladder" | b"chute" | b"snake" => {
            let kind = if word == b"ladder" {
                JumpKind::Ladder
            } else {
                JumpKind::Chute
            };
            let (rest, from) = cut(number("the start square of the jump")).parse(rest)?;
            let (rest, to) = cut(number("the end square of the jump")).parse(rest)?;
            (rest, Statement::Jump(kind, from, to))
        }
        b"miss" => cut(number("the miss-a-turn square"))
            .map(|s| Statement::Special(Special::MissTurn, s))
            .parse(rest)?,
        b"extra" => cut(number("the extra-turn square"))
            .map(|s| Statement::Special(Special::ExtraTurn, s))
            .parse(rest)?,
        _ => {
            return invalid(
                input,
                word.len(),
                format!(
                    "unknown keyword `{}` (expected squares, start, overshoot, die, ladder, chute, snake, miss or extra)",
                    String::from_utf8_lossy(word)
                ),
            )
        }
    };
    let whole = keyword.start..(n - rest.len());
    Ok((
        rest,
        Line {
            statement,
            keyword,
            whole,
        },
    ))
}

/// A number argument after spaces.
fn argument<'a>(n: usize, label: &'static str, input: Input<'a>) -> PResult<'a, Number> {
    let (input, _) = inline_space(input)?;
    let (after, (value, len)) = context(label, unsigned).parse(input)?;
    Ok((
        after,
        Number {
            value,
            at: n - input.len(),
            len,
        },
    ))
}

/// A word of the overshoot rule, not followed by more letters.
fn keyword_value(word: &'static str, value: Overshoot) -> impl Fn(Input<'_>) -> PResult<'_, Overshoot> {
    move |input| {
        let (rest, _) = tag(word).parse(input)?;
        match rest.first() {
            Some(b) if b.is_ascii_alphanumeric() => Err(nom::Err::Error(
                nom::error::ParseError::from_error_kind(input, nom::error::ErrorKind::Tag),
            )),
            _ => Ok((rest, value)),
        }
    }
}

/// The meaning of the statements: settings given once, squares in range, a valid board.
fn validate(source: &[u8], lines: &[Line]) -> Result<BoardFile, ParseError> {
    let line_of = |span: &Range<usize>| position_of(source, span.start).line;
    let mut first: [Option<&Line>; 4] = [None; 4];
    let names = ["squares", "start", "overshoot", "die"];
    for line in lines {
        let slot = match line.statement {
            Statement::Squares(_) => 0,
            Statement::Start(_) => 1,
            Statement::Overshoot(_) => 2,
            Statement::Die(_) => 3,
            _ => continue,
        };
        if let Some(earlier) = first[slot] {
            return Err(ParseError::new(
                line.keyword.clone(),
                format!(
                    "`{}` is given twice (first on line {})",
                    names[slot],
                    line_of(&earlier.keyword)
                ),
            ));
        }
        first[slot] = Some(line);
    }
    let Some(Line {
        statement: Statement::Squares(squares),
        whole: squares_span,
        ..
    }) = first[0]
    else {
        return Err(ParseError::new(
            source.len()..source.len(),
            "the board has no `squares` statement (the goal square, e.g. `squares 100`)",
        ));
    };
    let goal = squares.value;
    if goal == 0 {
        return Err(ParseError::new(squares.span(), "a board needs at least 1 square"));
    }
    let mut rules = Rules::default();
    for line in lines {
        match line.statement {
            Statement::Start(start) => {
                if start.value >= goal {
                    return Err(ParseError::new(
                        start.span(),
                        format!("the start square {} must be before the goal {goal}", start.value),
                    ));
                }
                rules.start = start.value;
            }
            Statement::Overshoot(rule) => rules.overshoot = rule,
            Statement::Die(die) => {
                if die.value == 0 {
                    return Err(ParseError::new(die.span(), "a die needs at least 1 face"));
                }
                rules.die = die.value;
            }
            _ => {}
        }
    }
    // Whether a bounce can pass square 0 depends on the squares the counter can reach: the
    // odds engine checks it (issue 12).
    let mut jumps: Vec<(Jump, Range<usize>)> = Vec::new();
    let mut specials: Vec<((Square, Special), Range<usize>)> = Vec::new();
    for line in lines {
        match line.statement {
            Statement::Jump(kind, from, to) => {
                if from.value == 0 || from.value >= goal {
                    return Err(ParseError::new(
                        from.span(),
                        format!(
                            "a jump must start on a square in 1..{}, not {}",
                            goal - 1,
                            from.value
                        ),
                    ));
                }
                if to.value > goal {
                    return Err(ParseError::new(
                        to.span(),
                        format!("a jump must end on a square in 0..{goal}, not {}", to.value),
                    ));
                }
                match kind {
                    JumpKind::Ladder if to.value <= from.value => {
                        return Err(ParseError::new(
                            line.whole.clone(),
                            format!(
                                "a ladder goes up: {} -> {} {} (use `chute`)",
                                from.value,
                                to.value,
                                if to.value == from.value {
                                    "goes nowhere"
                                } else {
                                    "goes down"
                                }
                            ),
                        ))
                    }
                    JumpKind::Chute if to.value >= from.value => {
                        return Err(ParseError::new(
                            line.whole.clone(),
                            format!(
                                "a chute goes down: {} -> {} {} (use `ladder`)",
                                from.value,
                                to.value,
                                if to.value == from.value {
                                    "goes nowhere"
                                } else {
                                    "goes up"
                                }
                            ),
                        ))
                    }
                    _ => {}
                }
                jumps.push((Jump::new(from.value, to.value), line.whole.clone()));
            }
            Statement::Special(kind, square) => {
                if square.value == 0 || square.value >= goal {
                    return Err(ParseError::new(
                        square.span(),
                        format!(
                            "a special square must be in 1..{}, not {}",
                            goal - 1,
                            square.value
                        ),
                    ));
                }
                specials.push(((square.value, kind), line.whole.clone()));
            }
            _ => {}
        }
    }
    let jump_list: Vec<Jump> = jumps.iter().map(|(j, _)| *j).collect();
    let special_list: Vec<(Square, Special)> = specials.iter().map(|(s, _)| *s).collect();
    let board = Board::new(goal, &jump_list, &special_list).map_err(|error| {
        let span = match error {
            BoardError::JumpOffBoard { index, .. }
            | BoardError::JumpToItself { index, .. }
            | BoardError::DuplicateJumpStart { index, .. }
            | BoardError::JumpLoop { index, .. } => jumps.get(index).map(|(_, s)| s.clone()),
            BoardError::SpecialOffBoard { index, .. }
            | BoardError::DuplicateSpecial { index, .. }
            | BoardError::SpecialOnJump { index, .. } => specials.get(index).map(|(_, s)| s.clone()),
            BoardError::NoSquares => None,
        };
        ParseError::new(span.unwrap_or_else(|| squares_span.clone()), error.to_string())
    })?;
    Ok(BoardFile {
        board,
        rules,
        squares_span: squares_span.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> (usize, usize, String) {
        crate::error::rejection(text, parse)
    }

    #[test]
    fn a_full_board_parses() {
        let text = "# a board\n\nsquares 20   # goal\nstart 2\novershoot bounce\ndie 4\nladder 3 15\n\
                    chute 14 1\nsnake 19 0\nmiss 7\nextra 9\n";
        let file = parse(text.as_bytes()).unwrap();
        assert_eq!(file.board.goal(), 20);
        assert_eq!(
            file.rules,
            Rules {
                start: 2,
                overshoot: Overshoot::Bounce,
                die: 4
            }
        );
        assert_eq!(file.board.land(3), 15);
        assert_eq!(file.board.land(14), 1);
        assert_eq!(file.board.land(19), 0);
        assert_eq!(file.board.special(7), Some(Special::MissTurn));
        assert_eq!(file.board.special(9), Some(Special::ExtraTurn));
        assert_eq!(&text.as_bytes()[file.squares_span.clone()], b"squares 20");
    }

    #[test]
    fn defaults_and_order() {
        let file = parse(b"ladder 1 5\nsquares 5").unwrap();
        assert_eq!(file.rules, Rules::default());
        assert_eq!(file.board.land(1), 5);
        // CRLF line ends and tabs.
        assert!(parse(b"squares\t5\r\nstart 4\r\n").is_ok());
    }

    #[test]
    fn syntax_errors_are_located() {
        assert_eq!(
            error("squares 10\nladdr 1 2\n"),
            (
                2,
                1,
                "unknown keyword `laddr` (expected squares, start, overshoot, die, ladder, chute, snake, miss or extra)"
                    .into()
            )
        );
        assert_eq!(
            error("squares ten\n"),
            (1, 9, "expected the number of squares, found `ten`".into())
        );
        assert_eq!(
            error("squares 10\nladder 1\n").2,
            "expected the end square of the jump, found end of input"
        );
        assert_eq!(
            error("squares 10 11\n"),
            (
                1,
                12,
                "expected the end of the line (or a `#` comment), found `11`".into()
            )
        );
        assert_eq!(
            error("squares 10\novershoot wrap\n"),
            (2, 11, "expected `stay`, `bounce` or `win`, found `wrap`".into())
        );
        assert_eq!(error("squares 10\novershoot stays\n").0, 2);
        assert_eq!(
            error("squares 99999999999999999999\n"),
            (1, 9, "number 99999999999999999999 is too large".into())
        );
        assert_eq!(
            error("squares 10\nmiss -3\n").2,
            "expected the miss-a-turn square, found `-3`"
        );
        assert_eq!(
            error("squares 10\n%\n"),
            (
                2,
                1,
                "expected the end of the line (or a `#` comment), found `%`".into()
            )
        );
    }

    #[test]
    fn semantic_errors_are_located() {
        assert_eq!(
            error("die 6\n"),
            (
                2,
                1,
                "the board has no `squares` statement (the goal square, e.g. `squares 100`)".into()
            )
        );
        assert_eq!(
            error("squares 10\nsquares 12\n"),
            (2, 1, "`squares` is given twice (first on line 1)".into())
        );
        assert_eq!(
            error("squares 10\ndie 4\ndie 6\n"),
            (3, 1, "`die` is given twice (first on line 2)".into())
        );
        assert_eq!(
            error("squares 0\n"),
            (1, 9, "a board needs at least 1 square".into())
        );
        assert_eq!(
            error("squares 10\nstart 10\n"),
            (2, 7, "the start square 10 must be before the goal 10".into())
        );
        assert_eq!(
            error("squares 10\ndie 0\n"),
            (2, 5, "a die needs at least 1 face".into())
        );
        assert_eq!(
            error("squares 10\nladder 0 5\n"),
            (2, 8, "a jump must start on a square in 1..9, not 0".into())
        );
        assert_eq!(
            error("squares 10\nladder 10 5\n").2,
            "a jump must start on a square in 1..9, not 10"
        );
        assert_eq!(
            error("squares 10\nladder 3 11\n"),
            (2, 10, "a jump must end on a square in 0..10, not 11".into())
        );
        assert_eq!(
            error("squares 10\nladder 5 2\n"),
            (2, 1, "a ladder goes up: 5 -> 2 goes down (use `chute`)".into())
        );
        assert_eq!(
            error("squares 10\nchute 2 5\n").2,
            "a chute goes down: 2 -> 5 goes up (use `ladder`)"
        );
        assert_eq!(
            error("squares 10\nsnake 5 5\n").2,
            "a chute goes down: 5 -> 5 goes nowhere (use `ladder`)"
        );
        assert_eq!(
            error("squares 10\nmiss 10\n"),
            (2, 6, "a special square must be in 1..9, not 10".into())
        );
        assert_eq!(
            error("squares 10\nladder 2 5\nextra 5\n"),
            (3, 1, "special square 5 is also the end of a jump".into())
        );
        assert_eq!(
            error("squares 10\nladder 2 5\nchute 6 1\nladder 1 6\n"),
            (4, 1, "jumps loop forever: 1 -> 6 -> 1".into())
        );
        assert_eq!(
            error("squares 10\nladder 2 5\nladder 2 6\n"),
            (3, 1, "square 2 already starts a jump (jump #1)".into())
        );
        assert_eq!(
            error("squares 10\nmiss 4\nextra 4\n"),
            (3, 1, "square 4 is already a special square (entry #1)".into())
        );
    }
}

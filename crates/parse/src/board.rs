//! The board file of `tabletop odds` (`docs/rules/board.md`).
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
//! Statements may come in any order, one per line. The file is read into statements with
//! spans, then lowered: each setting at most once, `squares` present, ladders up and chutes
//! down (the keyword must match the direction), then [`Board::new`] and [`Rules::check`],
//! whose errors are located at the statement they are about ([`BoardFile::locate`] does the
//! same for the errors of the odds engine).

use std::ops::Range;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::combinator::{cut, eof, opt};
use nom::error::context;
use nom::sequence::preceded;
use nom::Parser;
use tabletop_boards::{Board, Jump, Special, Square};
use tabletop_odds::{OddsError, Overshoot, Rules};

use crate::combinators::{natural, run};
use crate::error::{location_of, NomError, ParseError, Spanned};
use crate::lex::{inline_space, Input, PResult};
use crate::lower::{board_error, BoardSpans, JumpSpans, SpecialSpans};

/// A parsed board file: the board, the odds settings, and where the board was defined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardFile {
    /// The validated board.
    pub board: Board,
    /// Start square, overshoot rule and die (checked with [`Rules::check`]).
    pub rules: Rules,
    /// The span of the `squares` statement (where errors about the board as a whole point).
    pub squares_span: Range<usize>,
    /// The board's name: the text of a comment on the file's first line that is not blank
    /// (`# Milton Bradley's Chutes and Ladders`), if there is one (pictures show it).
    pub title: Option<String>,
    /// Where the settings were given, for [`BoardFile::locate`].
    settings: SettingSpans,
}

/// The spans of the settings' numbers and statements (empty when not given).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct SettingSpans {
    start: Option<Range<usize>>,
    die: Option<Range<usize>>,
    die_line: Option<Range<usize>>,
    overshoot_line: Option<Range<usize>>,
}

impl BoardFile {
    /// Locates an error of the odds engine about this file: a setting's error at the
    /// setting (a die without faces at the die's number, a start past the goal at the start
    /// square, a bounce past square 0 at the `die` or `overshoot` statement), anything else
    /// at the `squares` statement.
    ///
    /// ```
    /// use tabletop_odds::Odds;
    /// let text = b"squares 4\novershoot bounce\ndie 6\n";
    /// let file = tabletop_parse::board::parse(text)?;
    /// if let Err(error) = Odds::new(&file.board, &file.rules) {
    ///     assert_eq!(file.locate(&error).location(text).line, 3);
    /// }
    /// # Ok::<(), tabletop_parse::ParseError>(())
    /// ```
    pub fn locate(&self, error: &OddsError) -> ParseError {
        let settings = &self.settings;
        let span = match error {
            OddsError::NoFaces => settings.die.clone(),
            OddsError::StartNotBeforeGoal { .. } => settings.start.clone(),
            OddsError::BouncePastStart { .. } => settings
                .die_line
                .clone()
                .or_else(|| settings.overshoot_line.clone()),
            _ => None,
        };
        ParseError::new(
            span.unwrap_or_else(|| self.squares_span.clone()),
            error.to_string(),
        )
    }
}

/// What a jump statement said it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum JumpKind {
    Ladder,
    Chute,
}

/// One statement of the file.
#[derive(Debug, Clone)]
enum Statement {
    Squares(Spanned<u64>),
    Start(Spanned<u64>),
    Overshoot(Overshoot),
    Die(Spanned<u64>),
    Jump(JumpKind, Spanned<u64>, Spanned<u64>),
    Special(Special, Spanned<u64>),
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
/// and `die`), a ladder that goes down or a chute that goes up; then the board's own errors
/// (squares off the board, a special square on a jump, jumps that loop forever) and the
/// settings' (a start on or past the goal, a die without faces), each at its statement.
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
    let (_, lines) = run(source, source, |input| statements(n, input))?;
    lower(source, &lines)
}

/// Every line of the file; the statements found.
fn statements(n: usize, mut input: Input<'_>) -> PResult<'_, Vec<Line>> {
    let mut lines = Vec::new();
    loop {
        if input.is_empty() {
            return Ok((input, lines));
        }
        let (rest, ()) = inline_space(input)?;
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

/// The keywords, for the message about an unknown one.
const KEYWORDS: &str = "a keyword (squares, start, overshoot, die, ladder, chute, snake, miss or extra)";

/// A keyword and its arguments.
fn statement(n: usize, input: Input<'_>) -> PResult<'_, Line> {
    let (rest, word) =
        take_while1(|b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'-').parse(input)?;
    let keyword = (n - input.len())..(n - rest.len());
    let number = |label: &'static str| cut(move |i| argument(n, label, i));
    // Once the keyword is known, any error in its arguments is final.
    let (rest, statement) = match word {
        b"squares" => number("the number of squares")
            .map(Statement::Squares)
            .parse(rest)?,
        b"start" => number("the start square").map(Statement::Start).parse(rest)?,
        b"die" => number("the number of faces of the die")
            .map(Statement::Die)
            .parse(rest)?,
        b"overshoot" => {
            let (rest, ()) = inline_space(rest)?;
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
            let (rest, from) = number("the start square of the jump").parse(rest)?;
            let (rest, to) = number("the end square of the jump").parse(rest)?;
            (rest, Statement::Jump(kind, from, to))
        }
        b"miss" => number("the miss-a-turn square")
            .map(|s| Statement::Special(Special::MissTurn, s))
            .parse(rest)?,
        b"extra" => number("the extra-turn square")
            .map(|s| Statement::Special(Special::ExtraTurn, s))
            .parse(rest)?,
        _ => {
            return Err(nom::Err::Failure(
                NomError::unexpected(input).label(|| KEYWORDS.into()),
            ))
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

/// A number argument (not below zero) after spaces.
fn argument<'a>(n: usize, label: &'static str, input: Input<'a>) -> PResult<'a, Spanned<u64>> {
    let (input, ()) = inline_space(input)?;
    let (after, (value, len)) = natural(label)(input)?;
    let at = n - input.len();
    Ok((
        after,
        Spanned {
            value,
            span: at..at + len,
        },
    ))
}

/// A word of the overshoot rule, not followed by more letters.
fn keyword_value(word: &'static str, value: Overshoot) -> impl Fn(Input<'_>) -> PResult<'_, Overshoot> {
    move |input| {
        let (rest, _) = tag(word).parse(input)?;
        match rest.first() {
            Some(b) if b.is_ascii_alphanumeric() => Err(nom::Err::Error(NomError::unexpected(input))),
            _ => Ok((rest, value)),
        }
    }
}

/// The settings' statements, each given at most once.
#[derive(Default)]
struct Settings<'l> {
    squares: Option<&'l Line>,
    start: Option<&'l Line>,
    overshoot: Option<&'l Line>,
    die: Option<&'l Line>,
}

impl<'l> Settings<'l> {
    /// Finds the settings; a second statement of one is an error at its keyword.
    fn collect(source: &[u8], lines: &'l [Line]) -> Result<Self, ParseError> {
        let mut settings = Settings::default();
        for line in lines {
            let (slot, name) = match line.statement {
                Statement::Squares(_) => (&mut settings.squares, "squares"),
                Statement::Start(_) => (&mut settings.start, "start"),
                Statement::Overshoot(_) => (&mut settings.overshoot, "overshoot"),
                Statement::Die(_) => (&mut settings.die, "die"),
                _ => continue,
            };
            if let Some(earlier) = slot {
                let first = location_of(source, earlier.keyword.start).line;
                let message = format!("`{name}` is given twice (first on line {first})");
                return Err(ParseError::new(line.keyword.clone(), message));
            }
            *slot = Some(line);
        }
        Ok(settings)
    }

    /// The rules they give (defaults for those not given), and where.
    fn rules(&self) -> (Rules, SettingSpans) {
        let mut rules = Rules::default();
        let mut spans = SettingSpans::default();
        for line in [self.start, self.overshoot, self.die].into_iter().flatten() {
            match &line.statement {
                Statement::Start(start) => {
                    rules.start = start.value;
                    spans.start = Some(start.span.clone());
                }
                Statement::Overshoot(rule) => {
                    rules.overshoot = *rule;
                    spans.overshoot_line = Some(line.whole.clone());
                }
                Statement::Die(die) => {
                    rules.die = die.value;
                    spans.die = Some(die.span.clone());
                    spans.die_line = Some(line.whole.clone());
                }
                _ => {}
            }
        }
        (rules, spans)
    }
}

/// The meaning of the statements: settings given once, jumps going the way their keyword
/// says, then the board's and the settings' own checks, located.
fn lower(source: &[u8], lines: &[Line]) -> Result<BoardFile, ParseError> {
    let settings = Settings::collect(source, lines)?;
    let Some(Line {
        statement: Statement::Squares(squares),
        whole: squares_span,
        ..
    }) = settings.squares
    else {
        return Err(ParseError::new(
            source.len()..source.len(),
            "the board has no `squares` statement (the goal square, e.g. `squares 100`)",
        ));
    };
    let mut spans = BoardSpans {
        board: squares.span.clone(),
        ..BoardSpans::default()
    };
    let (mut jumps, mut specials) = (Vec::new(), Vec::new());
    for line in lines {
        match &line.statement {
            Statement::Jump(kind, from, to) => {
                jumps.push(jump(*kind, from, to, line)?);
                spans.jumps.push(JumpSpans {
                    whole: line.whole.clone(),
                    from: from.span.clone(),
                    to: to.span.clone(),
                });
            }
            Statement::Special(kind, square) => {
                specials.push((square.value, *kind));
                spans.specials.push(SpecialSpans {
                    whole: line.whole.clone(),
                    square: square.span.clone(),
                });
            }
            _ => {}
        }
    }
    let board = Board::new(squares.value, &jumps, &specials).map_err(|error| board_error(&spans, &error))?;
    let (rules, settings) = settings.rules();
    let file = BoardFile {
        board,
        rules,
        squares_span: squares_span.clone(),
        title: title(source),
        settings,
    };
    file.rules
        .check(&file.board)
        .map_err(|error| file.locate(&error))?;
    Ok(file)
}

/// The comment of the first line that is not blank, without its `#`, trimmed, cut to 80
/// characters; `None` when that line is a statement or the comment is empty.
fn title(source: &[u8]) -> Option<String> {
    let line = source
        .split(|&b| b == b'\n')
        .map(|line| line.trim_ascii())
        .find(|line| !line.is_empty())?;
    let text = String::from_utf8_lossy(line.strip_prefix(b"#")?);
    let text: String = text.trim().chars().filter(|c| !c.is_control()).take(80).collect();
    (!text.is_empty()).then_some(text)
}

/// A jump whose direction matches its keyword.
fn jump(kind: JumpKind, from: &Spanned<u64>, to: &Spanned<u64>, line: &Line) -> Result<Jump, ParseError> {
    let (start, end): (Square, Square) = (from.value, to.value);
    let how = match end.cmp(&start) {
        std::cmp::Ordering::Equal => "goes nowhere",
        std::cmp::Ordering::Less => "goes down",
        std::cmp::Ordering::Greater => "goes up",
    };
    let message = match kind {
        JumpKind::Ladder if end <= start => format!("a ladder goes up: {start} -> {end} {how} (use `chute`)"),
        JumpKind::Chute if end >= start => {
            format!("a chute goes down: {start} -> {end} {how} (use `ladder`)")
        }
        _ => return Ok(Jump::new(start, end)),
    };
    Err(ParseError::new(line.whole.clone(), message))
}

#[cfg(test)]
mod tests;

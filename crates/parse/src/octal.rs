//! Octal game codes (`0.77`, `4.07`) and lists of heaps (`3 5 7`, `3,5,7`).
//!
//! A code is one digit, a point, and one or more digits, as one token: `0.77`. The digits
//! are checked by [`OctalCode::new`] (octal digits; 0 or 4 before the point) and its
//! errors come back located at the offending digit. A game text (a file or standard input
//! for `tabletop octal`) is a code, optionally followed by the largest heap to compute,
//! separated by white space. The word `grundy` stands for Grundy's game (split a heap into
//! two unequal heaps), which is not an octal game but is computed by the same engine.
//!
//! Heap sizes are numbers as in every format (the crate's one number reader: leading zeros
//! and `-0` are spellings of their value, `-3` is not a heap), and every error has the
//! crate's one shape, ``expected <what>, found `<token>` ``. Only the digits of a code are
//! read here digit by digit: `0.77` is not a number.
//!
//! ```
//! use tabletop_parse::octal;
//! let game = octal::game(b"0.77 200\n")?;
//! assert_eq!(game.code.value.to_string(), "0.77");
//! assert_eq!(game.heaps.map(|h| h.value), Some(200));
//!
//! let error = octal::code(b"0.8").unwrap_err();
//! assert_eq!(error.message, "expected an octal digit 0..7, found `8`");
//! assert_eq!(error.span, 2..3);
//! assert_eq!(octal::heaps(b"3, 5 7")?, vec![3, 5, 7]);
//! # Ok::<(), tabletop_parse::ParseError>(())
//! ```

use std::borrow::Cow;

use nom::bytes::complete::take_while1;
use nom::character::complete::{char, satisfy};
use nom::combinator::cut;
use nom::error::context;
use nom::Parser;
use tabletop_octal::{OctalCode, OctalError};

use crate::combinators::{expect, natural, run};
use crate::error::{located, NomError};
use crate::lex::{end_of_input, skip_space, Input, PResult};
use crate::{ParseError, Spanned};

/// The name of Grundy's game, accepted where a code is.
const GRUNDY: &str = "grundy";
/// What a largest heap is, for "expected …".
const LARGEST_HEAP: &str = "the largest heap (a whole number)";
/// What a heap of a list is, for "expected …".
const HEAP: &str = "a heap size (a whole number)";

/// A game text: the code and, when given, the largest heap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The code, with its span.
    pub code: Spanned<OctalCode>,
    /// The largest heap to compute, with its span, if the text gives one.
    pub heaps: Option<Spanned<u64>>,
}

/// Parses a whole text holding one octal code (white space around it allowed).
///
/// # Errors
/// A located [`ParseError`]: ``expected an octal code such as `0.77`, found `.7` ``,
/// ``expected a digit after the point, found end of input``, ``expected an octal digit
/// 0..7, found `8` ``, ``expected 0 or 4 before the point, found `1` ``,
/// ``expected the end of the code, found `12` ``, …
pub fn code(source: &[u8]) -> Result<OctalCode, ParseError> {
    let (rest, code) = code_token(source, skip_space(source))?;
    run(source, rest, end_of_code)?;
    Ok(code.value)
}

/// Parses a game text: a code, then optionally the largest heap.
///
/// # Errors
/// A located [`ParseError`] as for [`code`], and for a largest heap that is not a whole
/// number (``expected the largest heap (a whole number), found `12x` ``) or anything after
/// it (``expected the end of the input, found `9` ``).
pub fn game(source: &[u8]) -> Result<Game, ParseError> {
    let (rest, code) = code_token(source, skip_space(source))?;
    let at = skip_space(rest);
    if at.is_empty() {
        return Ok(Game { code, heaps: None });
    }
    let (rest, (value, len)) = run(source, at, natural(LARGEST_HEAP))?;
    run(source, rest, end_of_input)?;
    let start = source.len() - at.len();
    Ok(Game {
        code,
        heaps: Some(Spanned {
            value,
            span: start..start + len,
        }),
    })
}

/// Parses a list of heap sizes separated by white space or commas (at least one).
///
/// # Errors
/// A located [`ParseError`] for anything that is not a whole number
/// (``expected a heap size (a whole number), found `x` ``), or an empty list.
pub fn heaps(source: &[u8]) -> Result<Vec<u64>, ParseError> {
    let mut heaps = Vec::new();
    let mut at = skip_separators(source);
    while !at.is_empty() || heaps.is_empty() {
        let len = at
            .iter()
            .position(|&b| b.is_ascii_whitespace() || b == b',')
            .unwrap_or(at.len());
        // The number is read in the text up to its end, so that a comma ends it as white
        // space does (in the number and in the token an error shows).
        let end = source.len() - at.len() + len;
        let upto = &source[..end];
        let (_, (heap, _)) = run(upto, &upto[end - len..], natural(HEAP))?;
        heaps.push(heap);
        at = skip_separators(&at[len..]);
    }
    Ok(heaps)
}

/// What starts each line of a misère survey's JSON output.
const SURVEY_LINE_START: &str = "{\"code\":\"";

/// The codes of a misère survey's JSON output (`tabletop octal --misere --survey D --json`),
/// one object a line, each starting `{"code":"CODE"`; blank lines are skipped. What follows
/// the code on a line is not read: it is the survey's own output.
///
/// # Errors
/// A located [`ParseError`] for a line that does not start so, or a code that is not one.
pub fn survey_codes(source: &[u8]) -> Result<Vec<OctalCode>, ParseError> {
    let mut codes = Vec::new();
    let mut start = 0;
    for line in source.split(|&b| b == b'\n') {
        let at = start;
        start += line.len() + 1;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let Some(rest) = line.strip_prefix(SURVEY_LINE_START.as_bytes()) else {
            let shown = String::from_utf8_lossy(&line[..line.len().min(40)]).into_owned();
            return Err(ParseError::new(
                at..at + line.len().min(40),
                format!(
                    "expected a line of a survey's JSON output, `{SURVEY_LINE_START}...`, found `{shown}`"
                ),
            ));
        };
        let inside = SURVEY_LINE_START.len();
        let end = rest.iter().position(|&b| b == b'"').unwrap_or(rest.len());
        let code = code(&rest[..end]).map_err(|error| {
            let shift = at + inside;
            ParseError::new(error.span.start + shift..error.span.end + shift, error.message)
        })?;
        codes.push(code);
    }
    Ok(codes)
}

/// White space and commas.
fn skip_separators(input: Input<'_>) -> Input<'_> {
    let skip = input
        .iter()
        .take_while(|&&b| b.is_ascii_whitespace() || b == b',')
        .count();
    &input[skip..]
}

/// Optional white space, then the end of the input, labelled "the end of the code".
fn end_of_code(input: Input<'_>) -> PResult<'_, ()> {
    let rest = skip_space(input);
    if rest.is_empty() {
        Ok((rest, ()))
    } else {
        expect(Err(nom::Err::Error(NomError::unexpected(rest))), || {
            Cow::Borrowed("the end of the code")
        })
    }
}

/// The digit before the point.
fn leading_digit(input: Input<'_>) -> PResult<'_, u8> {
    context(
        "an octal code such as `0.77`",
        satisfy(|c| c.is_ascii_digit()).map(|c| c as u8 - b'0'),
    )
    .parse(input)
}

/// The point after the first digit.
fn point(input: Input<'_>) -> PResult<'_, char> {
    context("`.` after the first digit", char('.')).parse(input)
}

/// The digits after the point (checked to be octal by the engine).
fn digits_after(input: Input<'_>) -> PResult<'_, Input<'_>> {
    context("a digit after the point", take_while1(|b: u8| b.is_ascii_digit())).parse(input)
}

/// The end of the code's token: white space or the end of the input.
fn token_end(input: Input<'_>) -> PResult<'_, ()> {
    match input.first() {
        Some(b) if !b.is_ascii_whitespace() => Err(nom::Err::Error(NomError::unexpected(input))),
        _ => Ok((input, ())),
    }
}

/// One code token, validated by the engine, with its span in `source`.
fn code_token<'a>(source: &'a [u8], input: Input<'a>) -> Result<(Input<'a>, Spanned<OctalCode>), ParseError> {
    let start = source.len() - input.len();
    // Grundy's game, by its name.
    let word = input.iter().take_while(|b| !b.is_ascii_whitespace()).count();
    if &input[..word] == GRUNDY.as_bytes() {
        let span = start..start + word;
        return Ok((
            &input[word..],
            Spanned {
                value: OctalCode::grundy(),
                span,
            },
        ));
    }
    let after_digits = context("an octal digit 0..7", token_end);
    let (rest, (d0, _, after, _)) = run(
        source,
        input,
        (leading_digit, cut(point), cut(digits_after), cut(after_digits)),
    )?;
    let mut digits = vec![d0];
    digits.extend(after.iter().map(|b| b - b'0'));
    let end = source.len() - rest.len();
    let code = OctalCode::new(&digits).map_err(|e| {
        // Digit d_k sits at `start` for k = 0, else after the point at `start + 1 + k`.
        let at = |index: usize| if index == 0 { start } else { start + 1 + index };
        match e {
            OctalError::NotOctal { index, .. } => digit_error(source, at(index), "an octal digit 0..7"),
            OctalError::Leading { .. } => digit_error(source, start, "0 or 4 before the point"),
            OctalError::NoDigits => {
                located(source, NomError::at(&source[start..], end - start, e.to_string()))
            }
        }
    })?;
    Ok((
        rest,
        Spanned {
            value: code,
            span: start..end,
        },
    ))
}

/// ``expected <what>, found `<digit>` `` about the one digit at byte `at` of `source` (the
/// digits after it are not part of what is wrong, so the text is cut after it).
fn digit_error(source: &[u8], at: usize, what: &'static str) -> ParseError {
    let upto = &source[..=at];
    located(
        upto,
        NomError::unexpected(&upto[at..]).label(|| Cow::Borrowed(what)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::rejection;

    #[test]
    fn grundys_game_is_read_by_its_name() {
        assert_eq!(code(b" grundy\n").unwrap(), OctalCode::grundy());
        let game = game(b"grundy 99").unwrap();
        assert_eq!(game.code.span, 0..6);
        assert_eq!(game.heaps.map(|h| h.value), Some(99));
        assert_eq!(
            rejection("grundys", code),
            (
                1,
                1,
                "expected an octal code such as `0.77`, found `grundys`".to_string()
            )
        );
    }

    #[test]
    fn codes_parse() {
        assert_eq!(code(b"0.77").unwrap(), OctalCode::new(&[0, 7, 7]).unwrap());
        assert_eq!(code(b"  4.07 \n").unwrap(), OctalCode::new(&[4, 0, 7]).unwrap());
        assert_eq!(code(b"0.6").unwrap().to_string(), "0.6");
        let game = game(b"0.137\t500\n").unwrap();
        assert_eq!(game.code.span, 0..5);
        assert_eq!(
            game.heaps,
            Some(Spanned {
                value: 500,
                span: 6..9
            })
        );
    }

    #[test]
    fn malformed_codes_are_located() {
        let cases: [(&str, usize, &str); 11] = [
            ("", 1, "expected an octal code such as `0.77`, found end of input"),
            (
                "  ",
                3,
                "expected an octal code such as `0.77`, found end of input",
            ),
            ("0.8", 3, "expected an octal digit 0..7, found `8`"),
            ("0.779", 5, "expected an octal digit 0..7, found `9`"),
            ("0.", 3, "expected a digit after the point, found end of input"),
            (".7", 1, "expected an octal code such as `0.77`, found `.7`"),
            ("0.7a", 4, "expected an octal digit 0..7, found `a`"),
            (
                "kayles",
                1,
                "expected an octal code such as `0.77`, found `kayles`",
            ),
            ("07", 2, "expected `.` after the first digit, found `7`"),
            ("1.7", 1, "expected 0 or 4 before the point, found `1`"),
            ("0.7 12", 5, "expected the end of the code, found `12`"),
        ];
        for (text, column, message) in cases {
            assert_eq!(
                rejection(text, code),
                (1, column, message.to_string()),
                "{text:?}"
            );
        }
    }

    #[test]
    fn game_texts_are_checked_to_the_end() {
        let error = game(b"0.7 12x").unwrap_err();
        assert_eq!(
            error.message,
            "expected the largest heap (a whole number), found `12x`"
        );
        assert_eq!(error.span, 4..7);
        let error = game(b"0.7 12 9").unwrap_err();
        assert_eq!(error.message, "expected the end of the input, found `9`");
        let error = game(b"0.7 99999999999999999999").unwrap_err();
        assert_eq!(
            error.message,
            "expected the largest heap (a whole number), found `99999999999999999999` (too large)"
        );
        assert_eq!(error.span, 4..24);
    }

    #[test]
    fn numbers_are_read_as_in_every_format() {
        // Leading zeros and `-0` are spellings of their value, as in the other formats.
        let game = game(b"0.77 -0").unwrap();
        assert_eq!(game.heaps.map(|h| (h.value, h.span)), Some((0, 5..7)));
        assert_eq!(
            super::game(b"0.77 0012\n").unwrap().heaps.map(|h| h.value),
            Some(12)
        );
        assert_eq!(heaps(b"007,-0 3").unwrap(), vec![7, 0, 3]);
        // A long token is shortened the shared way: 39 characters and `…`.
        let long = format!("0.6 {}", "x".repeat(60));
        let error = super::game(long.as_bytes()).unwrap_err();
        assert_eq!(
            error.message,
            format!(
                "expected the largest heap (a whole number), found `{}…`",
                "x".repeat(39)
            )
        );
        let long = format!("0.7{}", "q".repeat(60));
        let error = code(long.as_bytes()).unwrap_err();
        assert_eq!(
            error.message,
            format!("expected an octal digit 0..7, found `{}…`", "q".repeat(39))
        );
        assert_eq!(error.span.start, 3);
        // A code alone: anything after it is not the code's, whatever it is.
        let error = code(b"0.7 x").unwrap_err();
        assert_eq!(
            (error.message.as_str(), error.span.clone()),
            ("expected the end of the code, found `x`", 4..5)
        );
        // A digit inside a code: the digit alone is shown.
        let error = code(b"0.798").unwrap_err();
        assert_eq!(
            (error.message.as_str(), error.span.clone()),
            ("expected an octal digit 0..7, found `9`", 3..4)
        );
        let error = heaps(b"3,12x,5").unwrap_err();
        assert_eq!(
            (error.message.as_str(), error.span.clone()),
            ("expected a heap size (a whole number), found `12x`", 2..5)
        );
    }

    #[test]
    fn heap_lists_parse_and_reject_junk() {
        assert_eq!(heaps(b"3 5 7").unwrap(), vec![3, 5, 7]);
        assert_eq!(heaps(b" 3,5,,7 ").unwrap(), vec![3, 5, 7]);
        let error = heaps(b"3 x 7").unwrap_err();
        assert_eq!(error.message, "expected a heap size (a whole number), found `x`");
        assert_eq!(error.span, 2..3);
        let error = heaps(b"").unwrap_err();
        assert_eq!(
            error.message,
            "expected a heap size (a whole number), found end of input"
        );
        let error = heaps(b"-3").unwrap_err();
        assert_eq!(error.message, "expected a heap size (a whole number), found `-3`");
    }
}

//! Octal game codes (`0.77`, `4.07`) and lists of heaps (`3 5 7`, `3,5,7`).
//!
//! A code is one digit, a point, and one or more digits, as one token: `0.77`. The digits
//! are checked by [`OctalCode::new`] (octal digits; 0 or 4 before the point) and its
//! errors come back located at the offending digit. A game text (a file or standard input
//! for `tabletop octal`) is a code, optionally followed by the largest heap to compute,
//! separated by white space.
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

use nom::bytes::complete::take_while1;
use nom::character::complete::{char, satisfy};
use nom::combinator::cut;
use nom::error::context;
use nom::{IResult, Parser};
use tabletop_grundy::octal::{OctalCode, OctalError};

use crate::error::{located, NomError};
use crate::{ParseError, Spanned};

type Input<'a> = &'a [u8];
type PResult<'a, T> = IResult<Input<'a>, T, NomError<Input<'a>>>;

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
/// 0..7, found `8` ``, ``expected 0 or 4 before the point, found `1` ``, …
pub fn code(source: &[u8]) -> Result<OctalCode, ParseError> {
    let game = game(source)?;
    match game.heaps {
        None => Ok(game.code.value),
        Some(heaps) => Err(ParseError::new(
            heaps.span.clone(),
            format!(
                "expected the end of the code, found `{}`",
                String::from_utf8_lossy(&source[heaps.span])
            ),
        )),
    }
}

/// Parses a game text: a code, then optionally the largest heap.
///
/// # Errors
/// A located [`ParseError`] as for [`code`], and for a largest heap that is not a whole
/// number or anything after it.
pub fn game(source: &[u8]) -> Result<Game, ParseError> {
    let (rest, _) = space(source).map_err(|e| fail(source, e))?;
    let (rest, code) = code_token(source, rest)?;
    let (after_space, _) = space(rest).map_err(|e| fail(source, e))?;
    if after_space.is_empty() {
        return Ok(Game { code, heaps: None });
    }
    let (rest, heaps) = number(source, after_space, "the largest heap (a whole number)")?;
    let (rest, _) = space(rest).map_err(|e| fail(source, e))?;
    if !rest.is_empty() {
        let start = source.len() - rest.len();
        let len = token_len(rest);
        let found = shorten(&String::from_utf8_lossy(&rest[..len]));
        let message = format!("expected the end of the input, found `{found}`");
        return Err(ParseError::new(start..start + len, message));
    }
    Ok(Game {
        code,
        heaps: Some(heaps),
    })
}

/// Parses a list of heap sizes separated by white space or commas (at least one).
///
/// # Errors
/// A located [`ParseError`] for anything that is not a whole number, or an empty list.
pub fn heaps(source: &[u8]) -> Result<Vec<u64>, ParseError> {
    let mut heaps = Vec::new();
    let mut rest = skip_separators(source);
    while !rest.is_empty() || heaps.is_empty() {
        let (after, heap) = number(source, rest, "a heap size (a whole number)")?;
        heaps.push(heap.value);
        rest = skip_separators(after);
    }
    Ok(heaps)
}

/// White space and commas.
fn skip_separators(input: Input<'_>) -> Input<'_> {
    let skip = input
        .iter()
        .take_while(|&&b| b.is_ascii_whitespace() || b == b',')
        .count();
    &input[skip..]
}

/// Optional white space.
fn space(input: Input<'_>) -> PResult<'_, ()> {
    let skip = input.iter().take_while(|b| b.is_ascii_whitespace()).count();
    Ok((&input[skip..], ()))
}

/// A located error from a nom error.
fn fail(source: &[u8], error: nom::Err<NomError<Input<'_>>>) -> ParseError {
    match error {
        nom::Err::Error(e) | nom::Err::Failure(e) => located(source, e),
        nom::Err::Incomplete(_) => ParseError::new(source.len()..source.len(), "unexpected end of input"),
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

/// The end of the code's token: white space, a comma or the end of the input.
fn token_end(input: Input<'_>) -> PResult<'_, ()> {
    match input.first() {
        Some(b) if !b.is_ascii_whitespace() => {
            let len = token_len(input);
            let found = shorten(&String::from_utf8_lossy(&input[..len]));
            let message = format!("expected an octal digit 0..7, found `{found}`");
            Err(nom::Err::Failure(NomError::at(input, len, message)))
        }
        _ => Ok((input, ())),
    }
}

/// One code token, validated by the engine, with its span in `source`.
fn code_token<'a>(source: &[u8], input: Input<'a>) -> Result<(Input<'a>, Spanned<OctalCode>), ParseError> {
    let start = source.len() - input.len();
    let (rest, (d0, _, after, _)) = (leading_digit, cut(point), cut(digits_after), cut(token_end))
        .parse(input)
        .map_err(|e| fail(source, e))?;
    let mut digits = vec![d0];
    digits.extend(after.iter().map(|b| b - b'0'));
    let end = source.len() - rest.len();
    let code = OctalCode::new(&digits).map_err(|e| {
        // Digit d_k sits at `start` for k = 0, else after the point at `start + 1 + k`.
        let at = |index: usize| if index == 0 { start } else { start + 1 + index };
        match e {
            OctalError::NotOctal { index, digit } => ParseError::new(
                at(index)..at(index) + 1,
                format!("expected an octal digit 0..7, found `{digit}`"),
            ),
            OctalError::Leading { digit } => ParseError::new(
                start..start + 1,
                format!("expected 0 or 4 before the point, found `{digit}`"),
            ),
            OctalError::NoDigits => ParseError::new(start..end, e.to_string()),
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

/// A whole number token (ended by white space, a comma or the end of the input).
fn number<'a>(
    source: &[u8],
    input: Input<'a>,
    what: &'static str,
) -> Result<(Input<'a>, Spanned<u64>), ParseError> {
    let start = source.len() - input.len();
    let len = input
        .iter()
        .take_while(|&&b| !b.is_ascii_whitespace() && b != b',')
        .count();
    let token = &input[..len];
    let shown = String::from_utf8_lossy(token);
    if token.is_empty() || !token.iter().all(u8::is_ascii_digit) {
        let found = if token.is_empty() {
            "end of input".to_string()
        } else {
            format!("`{}`", shorten(&shown))
        };
        return Err(ParseError::new(
            start..start + len,
            format!("expected {what}, found {found}"),
        ));
    }
    let value = shown.parse::<u64>().map_err(|_| {
        ParseError::new(
            start..start + len,
            format!("number {} is too large", shorten(&shown)),
        )
    })?;
    Ok((
        &input[len..],
        Spanned {
            value,
            span: start..start + len,
        },
    ))
}

/// Length of the white-space delimited token at the start of `input`.
fn token_len(input: Input<'_>) -> usize {
    input.iter().take_while(|b| !b.is_ascii_whitespace()).count()
}

/// A token cut to 40 characters (the last one `…`) for a message.
fn shorten(text: &str) -> String {
    if text.chars().count() <= 40 {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(39).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Line, column and message of the error for `text`.
    fn rejected(text: &str, parse: impl Fn(&[u8]) -> Result<OctalCode, ParseError>) -> (usize, String) {
        let error = parse(text.as_bytes()).expect_err(text);
        let at = error.position(text.as_bytes());
        assert_eq!(at.line, 1, "{text}");
        (at.column, error.message)
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
            assert_eq!(rejected(text, code), (column, message.to_string()), "{text:?}");
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
        assert_eq!(error.message, "number 99999999999999999999 is too large");
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

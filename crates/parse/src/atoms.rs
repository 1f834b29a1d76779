//! Small nom parsers shared by the formats: numbers, white space, line ends, spans.

use std::ops::Range;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while};
use nom::character::complete::{char, digit1, multispace0};
use nom::combinator::{eof, opt, recognize};
use nom::error::context;
use nom::{IResult, Parser};

use crate::error::NomError;

/// Input of every parser: raw bytes (so that any file can be read, and huge ones fast).
pub(crate) type Input<'a> = &'a [u8];
/// Result of every parser.
pub(crate) type PResult<'a, T> = IResult<Input<'a>, T, NomError<Input<'a>>>;

/// Spaces, tabs and carriage returns, but not a newline.
pub(crate) fn inline_space(input: Input<'_>) -> PResult<'_, Input<'_>> {
    take_while(|b| matches!(b, b' ' | b'\t' | b'\r')).parse(input)
}

/// Any white space, newlines included.
pub(crate) fn any_space(input: Input<'_>) -> PResult<'_, Input<'_>> {
    multispace0(input)
}

/// Optional spaces, then a newline or the end of the input.
pub(crate) fn line_end(input: Input<'_>) -> PResult<'_, ()> {
    context("the end of the line", (inline_space, alt((tag("\n"), eof))))
        .map(|_| ())
        .parse(input)
}

/// The end of the input, after optional white space.
pub(crate) fn end_of_input(input: Input<'_>) -> PResult<'_, ()> {
    context("the end of the input", (any_space, eof))
        .map(|_| ())
        .parse(input)
}

/// A decimal integer with an optional minus sign, and the number of bytes it spans.
///
/// A number too large for `i64` is an error at the number, not a wrap-around.
pub(crate) fn integer(input: Input<'_>) -> PResult<'_, (i64, usize)> {
    let (rest, digits) = recognize((opt(char('-')), digit1)).parse(input)?;
    token_boundary(input, rest)?;
    let text = std::str::from_utf8(digits).unwrap_or_default();
    match text.parse::<i64>() {
        Ok(value) => Ok((rest, (value, digits.len()))),
        Err(_) => Err(nom::Err::Failure(NomError::at(
            input,
            digits.len(),
            format!("number {text} is too large"),
        ))),
    }
}

/// A decimal integer without sign that fits in `u64`, and the number of bytes it spans.
pub(crate) fn unsigned(input: Input<'_>) -> PResult<'_, (u64, usize)> {
    let (rest, digits) = digit1(input)?;
    token_boundary(input, rest)?;
    let text = std::str::from_utf8(digits).unwrap_or_default();
    match text.parse::<u64>() {
        Ok(value) => Ok((rest, (value, digits.len()))),
        Err(_) => Err(nom::Err::Failure(NomError::at(
            input,
            digits.len(),
            format!("number {text} is too large"),
        ))),
    }
}

/// A number must end at white space or the end of input: `3.5`, `7x` or `12,` are one bad
/// token, not a number followed by junk.
fn token_boundary<'a>(start: Input<'a>, rest: Input<'a>) -> Result<(), nom::Err<NomError<Input<'a>>>> {
    match rest.first() {
        Some(byte) if !byte.is_ascii_whitespace() => {
            let token = crate::error::next_token(start);
            Err(nom::Err::Failure(NomError::at(
                start,
                token.len(),
                format!(
                    "expected a whole number, found `{}`",
                    String::from_utf8_lossy(token)
                ),
            )))
        }
        _ => Ok(()),
    }
}

/// Byte offsets of the text between `before` and `after`, two suffixes of a source of
/// `source_len` bytes.
pub(crate) fn span(source_len: usize, before: Input<'_>, after: Input<'_>) -> Range<usize> {
    (source_len - before.len())..(source_len - after.len())
}

/// A semantic error (the text parsed, but means something invalid) about `len` bytes at
/// `input`. It is a failure: no other branch is tried.
pub(crate) fn invalid<T>(input: Input<'_>, len: usize, message: impl Into<String>) -> PResult<'_, T> {
    Err(nom::Err::Failure(NomError::at(input, len, message.into())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_parse_with_sign_and_reject_overflow() {
        assert_eq!(integer(b"-16 x").unwrap(), (&b" x"[..], (-16, 3)));
        assert!(matches!(
            integer(b"99999999999999999999"),
            Err(nom::Err::Failure(_))
        ));
        assert!(matches!(integer(b"x"), Err(nom::Err::Error(_))));
        assert!(
            matches!(integer(b"3.5 1"), Err(nom::Err::Failure(e)) if e.message.as_deref() == Some("expected a whole number, found `3.5`"))
        );
        assert!(matches!(unsigned(b"12,"), Err(nom::Err::Failure(_))));
        assert_eq!(unsigned(b"18446744073709551615").unwrap().1, (u64::MAX, 20));
    }

    #[test]
    fn line_end_accepts_spaces_then_newline_or_eof() {
        assert!(line_end(b"  \r\nx").is_ok());
        assert!(line_end(b"").is_ok());
        assert!(line_end(b" 5\n").is_err());
    }
}

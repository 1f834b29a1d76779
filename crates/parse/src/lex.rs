//! The lexer layer: input type, white space, tokens, and the one number reader.
//!
//! Every format reads its numbers with [`number`] (or [`fast_list`](crate::fast::fast_list)
//! on a hot path, which agrees with it): an optional `-`, then decimal digits, ended by white
//! space or the end of the input. Leading zeros and `-0` are plain spellings of their value
//! (`007` is 7, `-0` and `0000000000000000000000000` are 0). A magnitude above `u64::MAX` is
//! "too large". Anything else (`12x`, `3.5`, `-`, `+5`, `0x1F`) is not a number: the
//! caller's label turns it into
//! ``expected <what>, found `<token>` ``.
//!
//! The byte-level readers it builds on (the digits of a number, whole plain lines, eight or
//! sixty-four bytes at a time) are in [`crate::fast`].

use std::fmt;

use nom::IResult;

use crate::error::NomError;
use crate::fast::{fast_number, fold, skip_inline};

/// Input of every parser: raw bytes (so that any file can be read, and huge ones fast).
pub(crate) type Input<'a> = &'a [u8];
/// Result of every parser.
pub(crate) type PResult<'a, T> = IResult<Input<'a>, T, NomError<Input<'a>>>;

/// A number as written: its sign, its magnitude and how many bytes it spans.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Num {
    /// Whether it was written with a minus sign (`-0` included).
    pub negative: bool,
    /// Its absolute value.
    pub magnitude: u64,
    /// Bytes it spans, sign included.
    pub len: usize,
}

impl Num {
    /// Its value.
    pub fn value(self) -> i128 {
        if self.negative {
            -i128::from(self.magnitude)
        } else {
            i128::from(self.magnitude)
        }
    }

    /// Its value if it is not below zero (`-0` is 0).
    pub fn natural(self) -> Option<u64> {
        (!self.negative || self.magnitude == 0).then_some(self.magnitude)
    }
}

impl fmt::Display for Num {
    /// The plain value: `-0` and `000` show as `0`, `007` as `7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value().fmt(f)
    }
}

/// Reads a number (see the module documentation).
///
/// Errors: a recoverable error at `input` when the token is not a number (the caller labels
/// it); a failure noted "too large" when its magnitude exceeds `u64::MAX`.
#[inline(always)]
pub(crate) fn number(input: Input<'_>) -> PResult<'_, Num> {
    match fast_number(input) {
        Some((magnitude, len)) => Ok((
            &input[len..],
            Num {
                negative: false,
                magnitude,
                len,
            },
        )),
        None => careful_number(input),
    }
}

/// [`number`] for anything [`fast_number`] does not take.
fn careful_number(input: Input<'_>) -> PResult<'_, Num> {
    let negative = input.first() == Some(&b'-');
    let start = usize::from(negative);
    let digits = input[start..]
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(input.len() - start);
    let end = start + digits;
    if digits == 0 || input.get(end).is_some_and(|b| !b.is_ascii_whitespace()) {
        return Err(nom::Err::Error(NomError::unexpected(input)));
    }
    let run = &input[start..end];
    let zeros = run.iter().position(|&b| b != b'0').unwrap_or(run.len());
    let significant = &run[zeros..];
    // At most 19 digits cannot overflow; 20 may; more always do.
    let magnitude = if significant.len() <= 19 {
        Some(fold(significant))
    } else if significant.len() == 20 {
        significant.iter().try_fold(0u64, |value, &b| {
            value.checked_mul(10)?.checked_add(u64::from(b - b'0'))
        })
    } else {
        None
    };
    match magnitude {
        Some(magnitude) => Ok((
            &input[end..],
            Num {
                negative,
                magnitude,
                len: end,
            },
        )),
        None => {
            let mut error = NomError::unexpected(input);
            error.too_large = true;
            Err(nom::Err::Failure(error))
        }
    }
}

/// Skips any white space, blank lines included.
#[inline]
pub(crate) fn skip_space(input: Input<'_>) -> Input<'_> {
    let skip = input
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(input.len());
    &input[skip..]
}

/// Whether `input` is at a newline or the end of the input.
pub(crate) fn at_line_end(input: Input<'_>) -> bool {
    matches!(input.first(), None | Some(b'\n'))
}

/// Spaces, tabs and carriage returns, as a nom parser.
pub(crate) fn inline_space(input: Input<'_>) -> PResult<'_, ()> {
    Ok((skip_inline(input), ()))
}

/// Any white space, newlines included, as a nom parser.
pub(crate) fn any_space(input: Input<'_>) -> PResult<'_, ()> {
    Ok((skip_space(input), ()))
}

/// Optional inline space, then a newline or the end of the input (unlabelled: the caller
/// says what it expected).
#[inline(always)]
pub(crate) fn line_end(input: Input<'_>) -> PResult<'_, ()> {
    let rest = skip_inline(input);
    match rest.first() {
        None => Ok((rest, ())),
        Some(b'\n') => Ok((&rest[1..], ())),
        Some(_) => Err(nom::Err::Error(NomError::unexpected(rest))),
    }
}

/// Optional white space, then the end of the input (labelled "the end of the input").
pub(crate) fn end_of_input(input: Input<'_>) -> PResult<'_, ()> {
    let rest = skip_space(input);
    if rest.is_empty() {
        Ok((rest, ()))
    } else {
        Err(nom::Err::Error(
            NomError::unexpected(rest).label(|| "the end of the input".into()),
        ))
    }
}

/// The next white-space separated token after any white space (empty at the end of the
/// input), with the input at its start.
pub(crate) fn token(input: Input<'_>) -> PResult<'_, (Input<'_>, Input<'_>)> {
    let at = skip_space(input);
    let word = crate::error::next_token(at);
    Ok((&at[word.len()..], (at, word)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::is_separator;
    use crate::tests::assert_each_text;
    use proptest::prelude::*;

    fn read(text: &str) -> Option<(i128, usize)> {
        number(text.as_bytes()).ok().map(|(_, n)| (n.value(), n.len))
    }

    #[test]
    fn numbers_follow_one_spelling_rule() {
        assert_eq!(read("-16 x"), Some((-16, 3)));
        assert_eq!(read("007\n"), Some((7, 3)));
        assert_eq!(read("-0"), Some((0, 2)));
        assert_eq!(read("0000000000000000000000000"), Some((0, 25)));
        assert_eq!(read("-00000000000000000000000012 "), Some((-12, 27)));
        assert_eq!(read("18446744073709551615"), Some((u64::MAX.into(), 20)));
        assert_eq!(read("-18446744073709551615"), Some((-i128::from(u64::MAX), 21)));
        for bad in ["12x", "3.5", "-", "+5", "x", "", " 1", "0x1F", "1-"] {
            assert!(matches!(number(bad.as_bytes()), Err(nom::Err::Error(_))), "{bad}");
        }
        for huge in [
            "18446744073709551616",
            "99999999999999999999999",
            "-100000000000000000000",
        ] {
            assert!(
                matches!(number(huge.as_bytes()), Err(nom::Err::Failure(e)) if e.too_large),
                "{huge}"
            );
        }
        let n = number(b"-0").unwrap().1;
        assert_eq!((n.natural(), n.to_string()), (Some(0), "0".to_string()));
        assert_eq!(number(b"-3").unwrap().1.natural(), None);
    }

    #[test]
    fn line_end_accepts_spaces_then_newline_or_eof() {
        assert!(line_end(b"  \r\nx").is_ok());
        assert!(line_end(b"").is_ok());
        assert!(line_end(b" 5\n").is_err());
    }

    /// What the fast path must give: the careful reader's answer when it is a plain number
    /// of at most 7 digits ended by a space, tab, `\r`, `\n` or the end.
    fn careful(text: &[u8]) -> Option<(u64, usize)> {
        match careful_number(text) {
            Ok((_, n)) if !n.negative && n.len <= 7 => {
                let next = text.get(n.len);
                (next.is_none() || next.is_some_and(|b| is_separator(*b))).then_some((n.magnitude, n.len))
            }
            _ => None,
        }
    }

    #[test]
    fn the_fast_number_path_agrees_with_the_careful_one() {
        for value in (0..1_000_000u64)
            .step_by(7)
            .chain([9_999_999, 1_234_567, 7_654_321, 10_000_000])
        {
            for tail in [&b" 12345678"[..], b"\n", b"", b"\r\n0 0 0 0", b"x       ", b"\t"] {
                let mut text = value.to_string().into_bytes();
                text.extend_from_slice(tail);
                assert_eq!(
                    fast_number(&text),
                    careful(&text),
                    "{:?}",
                    String::from_utf8_lossy(&text)
                );
            }
        }
        assert_each_text(
            &[
                &b"0123 "[..],
                b"00000000 ",
                b"0000000 ",
                b"-1 ",
                b" 1",
                b":",
                b"9/",
                b"1\x0c",
                b"12345678",
            ],
            fast_number,
            careful,
        );
    }

    proptest! {
        #[test]
        fn fast_number_matches_careful_on_any_bytes(bytes in proptest::collection::vec(
            prop_oneof![Just(b'0'), Just(b'5'), Just(b'9'), Just(b' '), Just(b'\n'), Just(b'/'), Just(b':'), Just(b'-'), any::<u8>()],
            0..12,
        )) {
            prop_assert_eq!(fast_number(&bytes), careful(&bytes));
        }

        #[test]
        fn numbers_read_back_what_was_written(value in any::<i64>(), zeros in 0usize..30) {
            let digits = format!("{}{}", "0".repeat(zeros), value.unsigned_abs());
            let text = if value < 0 { format!("-{digits} ") } else { format!("{digits}\n") };
            let (_, n) = number(text.as_bytes()).unwrap();
            prop_assert_eq!(n.value(), i128::from(value));
            prop_assert_eq!(n.len, text.len() - 1);
        }
    }
}

//! Small parsers shared by the formats, in the nom style: labelled numbers, a cut once a form
//! is recognised, a counted line, and the boundary where a nom error becomes a located
//! [`ParseError`].

use std::borrow::Cow;
use std::ops::Range;

use nom::{Finish, Parser};

use crate::error::{located, NomError, ParseError, Spanned};
use crate::fast::{fast_list, skip_inline};
use crate::lex::{at_line_end, line_end, number, Input, Num, PResult};

/// Runs `parser` on `at`, a suffix of `source`, turning its error into a [`ParseError`]
/// located in `source` (the `.finish()` boundary of every format).
pub(crate) fn run<'a, T>(
    source: &'a [u8],
    at: Input<'a>,
    mut parser: impl Parser<Input<'a>, Output = T, Error = NomError<Input<'a>>>,
) -> Result<(Input<'a>, T), ParseError> {
    parser.parse(at).finish().map_err(|error| located(source, error))
}

/// Labels the errors of `result` (parsed at `input`) with `what`, computed only on the error
/// path, and makes them final: once a form is recognised, nothing else is tried ("cut").
#[inline(always)]
pub(crate) fn expect<'a, T>(
    result: PResult<'a, T>,
    what: impl FnOnce() -> Cow<'static, str>,
) -> PResult<'a, T> {
    result.map_err(|error| match error {
        nom::Err::Error(e) | nom::Err::Failure(e) => nom::Err::Failure(e.label(what)),
        incomplete => incomplete,
    })
}

/// The end of the line (after optional inline space), labelled "the end of the line".
pub(crate) fn end_of_line(input: Input<'_>) -> PResult<'_, ()> {
    expect(line_end(input), || Cow::Borrowed("the end of the line"))
}

/// A number at `input`, labelled `what` if it is not one.
#[inline(always)]
pub(crate) fn labelled_number<'a>(input: Input<'a>, what: &'static str) -> PResult<'a, Num> {
    expect(number(input), || Cow::Borrowed(what))
}

/// A number that is not below zero (`-0` is 0): anything else gets "expected `what`".
pub(crate) fn natural<'a>(what: &'static str) -> impl Fn(Input<'a>) -> PResult<'a, (u64, usize)> {
    move |input| {
        let (rest, n) = labelled_number(input, what)?;
        match n.natural() {
            Some(value) => Ok((rest, (value, n.len))),
            None => Err(nom::Err::Failure(
                NomError::unexpected(input).label(|| Cow::Borrowed(what)),
            )),
        }
    }
}

/// A number with its byte span in a source of `n` bytes.
pub(crate) fn spanned_number<'a>(
    n: usize,
    input: Input<'a>,
    what: &'static str,
) -> PResult<'a, Spanned<Num>> {
    let (rest, value) = labelled_number(input, what)?;
    let start = n - input.len();
    Ok((
        rest,
        Spanned {
            value,
            span: start..start + value.len,
        },
    ))
}

/// Byte offsets of the text between `before` and `after`, two suffixes of a source of
/// `source_len` bytes.
pub(crate) fn span(source_len: usize, before: Input<'_>, after: Input<'_>) -> Range<usize> {
    (source_len - before.len())..(source_len - after.len())
}

/// A semantic error (the text parsed, but means something invalid) about `len` bytes at
/// `input`. It is a failure: no other branch is tried.
pub(crate) fn invalid<T>(
    input: Input<'_>,
    len: usize,
    message: impl Into<Cow<'static, str>>,
) -> PResult<'_, T> {
    Err(nom::Err::Failure(NomError::at(input, len, message)))
}

/// A syntax error `syntax` in a case whose text read so far already means something invalid
/// (`partial`, the error of lowering that text): the earlier of the two in the text comes
/// first, as the error of the case; the other (if it is the syntax error, which ends the
/// input) comes next.
pub(crate) fn first_in_text(
    syntax: ParseError,
    partial: Option<ParseError>,
) -> (ParseError, Option<ParseError>) {
    match partial {
        Some(early) if early.span.start < syntax.span.start => (early, Some(syntax)),
        _ => (syntax, None),
    }
}

/// Why the numbers after a count are not that count on one line.
pub(crate) enum LineError<'a> {
    /// The line ends after this many numbers.
    Short(u64),
    /// More numbers follow the last counted one.
    Long,
    /// Something that is not a number: before the count was reached (`false`) or where the
    /// end of the line was expected (`true`). The caller labels it.
    Token(nom::Err<NomError<Input<'a>>>, bool),
}

/// A number outside its range in a counted line (see [`counted_line`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Outside<'a> {
    /// Where it is.
    pub at: Input<'a>,
    /// The number.
    pub value: Num,
    /// The `line` tag its counted line was given.
    pub line: u64,
}

/// A counted line: after a count (already read), exactly `count` numbers on the same line,
/// then the end of the line. Numbers in `0..limit` are appended to `out`; the first one
/// outside, if `outside` holds none yet, is recorded there with the caller's `line` tag (a
/// 0 is stored in its place, so the line keeps its shape). Returns the input after the line.
///
/// The common case (single spaces, small numbers in range) goes through [`fast_list`];
/// anything else takes the careful path, which starts the line over.
#[inline(always)]
pub(crate) fn counted_line<'a>(
    rest: Input<'a>,
    count: u64,
    limit: u64,
    line: u64,
    out: &mut Vec<u32>,
    outside: &mut Option<Outside<'a>>,
) -> Result<Input<'a>, LineError<'a>> {
    let before = out.len();
    let rest = match fast_list(rest, count, limit, out) {
        Some(after) => after,
        None => {
            out.truncate(before);
            careful_items(rest, count, (limit, line), out, outside)?
        }
    };
    match line_end(rest) {
        Ok((rest, ())) => Ok(rest),
        Err(_) if number(skip_inline(rest)).is_ok() => Err(LineError::Long),
        Err(error) => Err(LineError::Token(error, true)),
    }
}

/// The careful path of [`counted_line`]: number by number.
fn careful_items<'a>(
    mut rest: Input<'a>,
    count: u64,
    (limit, line): (u64, u64),
    out: &mut Vec<u32>,
    outside: &mut Option<Outside<'a>>,
) -> Result<Input<'a>, LineError<'a>> {
    for listed in 0..count {
        let at = skip_inline(rest);
        match number(at) {
            Ok((after, n)) => {
                match n.natural().filter(|&value| value < limit) {
                    Some(value) => out.push(value as u32),
                    None => {
                        outside.get_or_insert(Outside { at, value: n, line });
                        out.push(0);
                    }
                }
                rest = after;
            }
            Err(nom::Err::Error(_)) if at_line_end(at) => return Err(LineError::Short(listed)),
            Err(error) => return Err(LineError::Token(error, false)),
        }
    }
    Ok(rest)
}

/// `1 piece`, `2 pieces`.
pub(crate) fn counted(count: u64, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

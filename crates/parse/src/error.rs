//! Located parse errors, and the nom error type the format parsers share.

use std::borrow::Cow;
use std::ops::Range;

/// A problem in an input text, with the byte span it is about.
///
/// The span is what a caret should underline. [`ParseError::position`] turns its start into a
/// 1-based line and column for the `file:line:col` prefix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    /// Byte range in the input (may be empty, e.g. at the end of input).
    pub span: Range<usize>,
    /// What is wrong, in words, without a location.
    pub message: String,
}

/// A 1-based line and column (columns count characters, not bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// Line number, from 1.
    pub line: usize,
    /// Column number, from 1, in characters.
    pub column: usize,
}

impl ParseError {
    /// An error about `span` of the input.
    pub fn new(span: Range<usize>, message: impl Into<String>) -> Self {
        Self {
            span,
            message: message.into(),
        }
    }

    /// Where the error starts in `source` (the text that was parsed).
    pub fn position(&self, source: &[u8]) -> Position {
        position_of(source, self.span.start)
    }
}

/// The 1-based line and column of byte `offset` in `source`.
pub fn position_of(source: &[u8], offset: usize) -> Position {
    let offset = offset.min(source.len());
    let before = &source[..offset];
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    // Count characters, not bytes: UTF-8 continuation bytes do not start a character.
    let column = 1 + before[line_start..]
        .iter()
        .filter(|&&b| (b & 0xC0) != 0x80)
        .count();
    Position { line, column }
}

/// A value with the byte span of the text it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Its byte range in the input.
    pub span: Range<usize>,
}

/// The error type of the nom parsers in this crate: where parsing stopped, what was expected
/// there (the innermost `context` label), and an optional message for semantic errors.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct NomError<I> {
    pub input: I,
    pub expected: Option<&'static str>,
    pub message: Option<Cow<'static, str>>,
    /// Length of the offending token, when known (for the caret).
    pub len: usize,
}

impl<I> NomError<I> {
    /// A semantic error about the `len` bytes at `input`.
    pub fn at(input: I, len: usize, message: impl Into<Cow<'static, str>>) -> Self {
        Self {
            input,
            expected: None,
            message: Some(message.into()),
            len,
        }
    }
}

impl<I> nom::error::ParseError<I> for NomError<I> {
    fn from_error_kind(input: I, _kind: nom::error::ErrorKind) -> Self {
        Self {
            input,
            expected: None,
            message: None,
            len: 0,
        }
    }

    fn append(_input: I, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

impl<I> nom::error::ContextError<I> for NomError<I> {
    fn add_context(_input: I, context: &'static str, mut other: Self) -> Self {
        // Keep the innermost label: it says most precisely what was expected.
        other.expected.get_or_insert(context);
        other
    }
}

impl<I, E: std::fmt::Display> nom::error::FromExternalError<I, E> for NomError<I> {
    fn from_external_error(input: I, _kind: nom::error::ErrorKind, e: E) -> Self {
        Self {
            input,
            expected: None,
            message: Some(Cow::Owned(e.to_string())),
            len: 0,
        }
    }
}

/// Converts a nom error into a located [`ParseError`] for `source` (of which `error.input`
/// is a suffix).
pub(crate) fn located(source: &[u8], error: NomError<&[u8]>) -> ParseError {
    let start = source.len() - error.input.len();
    let token = next_token(error.input);
    let found = if error.input.iter().all(u8::is_ascii_whitespace) {
        "end of input".to_string()
    } else if matches!(error.input.first(), Some(b'\n' | b'\r')) {
        "end of line".to_string()
    } else if token.is_empty() {
        // Some other white space, such as a form feed: name it.
        format!("{:?}", char::from(error.input.first().copied().unwrap_or(b' ')))
    } else {
        format!("`{}`", String::from_utf8_lossy(token))
    };
    let message = match (error.message, error.expected) {
        (Some(message), _) => message.into_owned(),
        (None, Some(expected)) => format!("expected {expected}, found {found}"),
        (None, None) => format!("unexpected {found}"),
    };
    let len = if error.len > 0 { error.len } else { token.len() };
    ParseError::new(start..start + len, message)
}

/// The whitespace-delimited token at the start of `input` (empty at end of input or before
/// whitespace), cut to a readable length.
pub(crate) fn next_token(input: &[u8]) -> &[u8] {
    let end = input
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(input.len());
    let mut end = end.min(40);
    // Do not cut a UTF-8 character in half.
    while end < input.len() && end > 0 && (input[end] & 0xC0) == 0x80 {
        end -= 1;
    }
    &input[..end]
}

/// For tests: the line, column and message of the error `parse` must report for `text`.
#[cfg(test)]
pub(crate) fn rejection<T: std::fmt::Debug>(
    text: &str,
    parse: impl Fn(&[u8]) -> Result<T, ParseError>,
) -> (usize, usize, String) {
    let error = parse(text.as_bytes()).expect_err("the text must be rejected");
    let at = error.position(text.as_bytes());
    (at.line, at.column, error.message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based_and_count_characters() {
        let text = "ab\n猪x\n".as_bytes();
        assert_eq!(position_of(text, 0), Position { line: 1, column: 1 });
        assert_eq!(position_of(text, 3), Position { line: 2, column: 1 });
        assert_eq!(position_of(text, 6), Position { line: 2, column: 2 });
        assert_eq!(position_of(text, 100), Position { line: 3, column: 1 });
    }
}

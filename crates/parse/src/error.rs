//! Located parse errors, and the nom error type the format parsers share.
//!
//! Every message about a token that is not what was expected has one shape, built in one
//! place ([`located`]): ``expected <what>, found `<token>` `` (or `found end of line`,
//! `found end of input`), the token shortened to 40 characters with `…`.

use std::borrow::Cow;
use std::ops::Range;

/// A problem in an input text, with the byte span it is about.
///
/// The span is what a caret should underline. [`ParseError::location`] turns its start into a
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
pub struct Location {
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
    pub fn location(&self, source: &[u8]) -> Location {
        location_of(source, self.span.start)
    }
}

/// The 1-based line and column of byte `offset` in `source`.
pub fn location_of(source: &[u8], offset: usize) -> Location {
    let offset = offset.min(source.len());
    let before = &source[..offset];
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    // Count characters, not bytes: UTF-8 continuation bytes do not start a character.
    let column = 1 + before[line_start..]
        .iter()
        .filter(|&&b| (b & 0xC0) != 0x80)
        .count();
    Location { line, column }
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
/// there (the innermost `context` label) or a message for semantic errors. Kept small: it
/// travels in every parser's `Result`, the hot path's included.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct NomError<I> {
    pub input: I,
    /// The label or the message.
    pub text: Text,
    /// Whether the token is a number too large to read (noted after "found `token`").
    pub too_large: bool,
    /// Length of the offending text, when known (for the caret); else the token's.
    pub len: usize,
}

/// What a [`NomError`] says.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Text {
    /// Nothing yet: a caller's label will say what was expected.
    Unlabelled,
    /// What was expected at the error (the innermost label wins).
    Expected(Cow<'static, str>),
    /// A complete message, for errors that are not "expected X, found Y".
    Message(Cow<'static, str>),
}

impl<I> NomError<I> {
    /// A semantic error about the `len` bytes at `input`.
    pub fn at(input: I, len: usize, message: impl Into<Cow<'static, str>>) -> Self {
        Self {
            input,
            text: Text::Message(message.into()),
            too_large: false,
            len,
        }
    }

    /// Nothing that was expected is at `input`: the message is built from the label the
    /// callers add.
    pub fn unexpected(input: I) -> Self {
        Self {
            input,
            text: Text::Unlabelled,
            too_large: false,
            len: 0,
        }
    }

    /// Sets the label if no inner parser has set one.
    pub fn label(mut self, what: impl FnOnce() -> Cow<'static, str>) -> Self {
        if self.text == Text::Unlabelled {
            self.text = Text::Expected(what());
        }
        self
    }
}

impl<I> nom::error::ParseError<I> for NomError<I> {
    fn from_error_kind(input: I, _kind: nom::error::ErrorKind) -> Self {
        Self::unexpected(input)
    }

    fn append(_input: I, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

impl<I> nom::error::ContextError<I> for NomError<I> {
    fn add_context(_input: I, context: &'static str, other: Self) -> Self {
        // Keep the innermost label: it says most precisely what was expected.
        other.label(|| Cow::Borrowed(context))
    }
}

/// Converts a nom error into a located [`ParseError`] for `source` (of which `error.input`
/// is a suffix). This is where the message shape is made.
pub(crate) fn located(source: &[u8], error: NomError<&[u8]>) -> ParseError {
    let start = source.len() - error.input.len();
    let (found, shown) = found(error.input);
    let message = match error.text {
        Text::Message(message) => message.into_owned(),
        Text::Expected(expected) if error.too_large => {
            format!("expected {expected}, found {found} (too large)")
        }
        Text::Expected(expected) => format!("expected {expected}, found {found}"),
        Text::Unlabelled => format!("unexpected {found}"),
    };
    let len = if error.len > 0 { error.len } else { shown };
    ParseError::new(start..start + len, message)
}

/// What is at `input`, for "found ...": `end of input`, `end of line`, or the token in
/// backquotes (shortened); and how many bytes of it the message shows.
pub(crate) fn found(input: &[u8]) -> (String, usize) {
    let token = next_token(input);
    if input.iter().all(u8::is_ascii_whitespace) {
        ("end of input".to_string(), 0)
    } else if matches!(input.first(), Some(b'\n' | b'\r')) {
        ("end of line".to_string(), 0)
    } else if token.is_empty() {
        // Some other white space, such as a form feed: name it.
        let byte = input.first().copied().unwrap_or(b' ');
        (format!("{:?}", char::from(byte)), 1)
    } else {
        let (text, shown) = show(token);
        (format!("`{text}`"), shown)
    }
}

/// Most characters of a token a message shows; longer tokens are cut to this many with `…`
/// as the last.
pub(crate) const SHOWN_CHARS: usize = 40;

/// A token for a message: itself if it has at most [`SHOWN_CHARS`] characters, else its
/// first 39 characters and `…`; and how many bytes of the token that shows.
pub(crate) fn show(token: &[u8]) -> (String, usize) {
    // Never look further than needed: a token may be huge.
    let char_start = |n: usize| {
        token
            .iter()
            .enumerate()
            .filter(|(_, &b)| (b & 0xC0) != 0x80)
            .nth(n)
            .map_or(token.len(), |(at, _)| at)
    };
    if char_start(SHOWN_CHARS) == token.len() {
        return (String::from_utf8_lossy(token).into_owned(), token.len());
    }
    let cut = char_start(SHOWN_CHARS - 1);
    (format!("{}…", String::from_utf8_lossy(&token[..cut])), cut)
}

/// The whitespace-delimited token at the start of `input` (empty at end of input or before
/// whitespace).
pub(crate) fn next_token(input: &[u8]) -> &[u8] {
    let end = input
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(input.len());
    &input[..end]
}

/// For tests: the line, column and message of the error `parse` must report for `text`.
#[cfg(test)]
pub(crate) fn rejection<T: std::fmt::Debug>(
    text: &str,
    parse: impl Fn(&[u8]) -> Result<T, ParseError>,
) -> (usize, usize, String) {
    let error = parse(text.as_bytes()).expect_err("the text must be rejected");
    let at = error.location(text.as_bytes());
    (at.line, at.column, error.message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_are_one_based_and_count_characters() {
        let text = "ab\n猪x\n".as_bytes();
        assert_eq!(location_of(text, 0), Location { line: 1, column: 1 });
        assert_eq!(location_of(text, 3), Location { line: 2, column: 1 });
        assert_eq!(location_of(text, 6), Location { line: 2, column: 2 });
        assert_eq!(location_of(text, 100), Location { line: 3, column: 1 });
    }

    #[test]
    fn long_tokens_are_shortened_to_forty_characters() {
        let long = "x".repeat(50);
        let (text, shown) = show(long.as_bytes());
        assert_eq!(text, format!("{}…", "x".repeat(39)));
        assert_eq!(text.chars().count(), SHOWN_CHARS);
        assert_eq!(shown, 39);
        assert_eq!(show(b"12x"), ("12x".to_string(), 3));
        let forty = "猪".repeat(40);
        assert_eq!(show(forty.as_bytes()), (forty.clone(), forty.len()));
        let (text, shown) = show("猪".repeat(41).as_bytes());
        assert_eq!(text, format!("{}…", "猪".repeat(39)));
        assert_eq!(shown, 39 * 3);
        assert_eq!(found(b" \n"), ("end of input".to_string(), 0));
        assert_eq!(found(b"\r\n5"), ("end of line".to_string(), 0));
    }
}

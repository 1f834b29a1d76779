//! Input texts, the windows a long input is read in, and the [`Problem`]s located in them.
//! Locating is linear overall: a window indexes its line starts once, so
//! many problems in one input cost one pass, not one pass each.

use std::cell::OnceCell;
use std::fmt;
use std::io::Read;

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::{self, Files, SimpleFile};
use codespan_reporting::term;
use tabletop_parse::ParseError;

pub use crate::failure::escape;
use crate::failure::escape_bytes;
pub use crate::failure::{Failure, Location, Problem};

/// The UTF-8 byte-order mark some editors put before the text.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// The note given once when an input started with a byte-order mark.
fn byte_order_mark_note(name: &str) -> String {
    format!(
        "note: {}: skipped the UTF-8 byte-order mark at the start of the input",
        escape(name)
    )
}

/// A whole input and the name it is reported by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    name: String,
    bytes: Vec<u8>,
    /// Whether a byte-order mark was removed from the front.
    had_byte_order_mark: bool,
    /// Where each line after the first starts, built at the first problem.
    line_starts: OnceCell<Vec<usize>>,
}

impl Source {
    /// The input `bytes`, reported as `name` (a path, `<stdin>`, `<text>`). A leading UTF-8
    /// byte-order mark is dropped (and noted, see [`Source::notes`]): positions are counted
    /// as an editor shows them, without it.
    pub fn new(name: impl Into<String>, mut bytes: Vec<u8>) -> Source {
        let had_byte_order_mark = bytes.starts_with(BYTE_ORDER_MARK);
        if had_byte_order_mark {
            bytes.drain(..BYTE_ORDER_MARK.len());
        }
        Source {
            name: name.into(),
            bytes,
            had_byte_order_mark,
            line_starts: OnceCell::new(),
        }
    }

    /// Reads all of `reader`.
    ///
    /// # Errors
    /// [`Failure::Io`] when reading fails.
    pub fn read(name: impl Into<String>, mut reader: impl Read) -> Result<Source, Failure> {
        let name = name.into();
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::io(name.clone(), None, &e))?;
        Ok(Source::new(name, bytes))
    }

    /// The name the input is reported by.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The text (without a byte-order mark).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Notes about the input itself (a skipped byte-order mark), for stderr or a warning.
    pub fn notes(&self) -> Vec<String> {
        match self.had_byte_order_mark {
            true => vec![byte_order_mark_note(&self.name)],
            false => Vec::new(),
        }
    }

    /// The whole input as one window.
    pub fn window(&self) -> Window<'_> {
        Window {
            name: &self.name,
            bytes: &self.bytes,
            lines_before: 0,
            line_starts: LineStarts::Shared(&self.line_starts),
        }
    }

    /// `error` located in this input.
    pub fn problem(&self, error: &ParseError) -> Problem {
        self.window().problem(error)
    }

    /// A problem about the whole input (nowhere in particular).
    pub fn whole(&self, message: impl Into<String>) -> Problem {
        Problem::unlocated(&self.name, message)
    }

    /// Whether the input holds nothing but white space.
    pub fn is_blank(&self) -> bool {
        self.bytes.iter().all(u8::is_ascii_whitespace)
    }

    /// The problem an empty input is, for every format alike: nothing to answer is always
    /// a mistake (a wrong path, a forgotten pipe), never a judge's test.
    pub fn empty_problem(&self, expected: &str) -> Problem {
        self.problem(&ParseError::new(
            0..0,
            format!("the input is empty: expected {expected}"),
        ))
    }
}

/// A stretch of an input that starts at the beginning of a line: the whole input, or one
/// window of a [`Stream`]. Problems are located in the input as a whole.
#[derive(Debug)]
pub struct Window<'a> {
    name: &'a str,
    bytes: &'a [u8],
    lines_before: usize,
    line_starts: LineStarts<'a>,
}

/// Where each line after the first starts, built at the first problem: the window's own, or
/// its source's (so that every problem of a whole input shares one).
#[derive(Debug)]
enum LineStarts<'a> {
    Own(OnceCell<Vec<usize>>),
    Shared(&'a OnceCell<Vec<usize>>),
}

/// Longest line shown whole in a snippet; a longer one (a binary line, a packed input) is
/// shown as a cut around the offending text.
const LONGEST_SHOWN_LINE: usize = 160;
/// Bytes kept on each side of the offending text when a line is cut.
const CUT_CONTEXT: usize = 60;

impl<'a> Window<'a> {
    /// The window `bytes` of input `name`, after `lines_before` lines of it.
    pub fn new(name: &'a str, bytes: &'a [u8], lines_before: usize) -> Window<'a> {
        Window {
            name,
            bytes,
            lines_before,
            line_starts: LineStarts::Own(OnceCell::new()),
        }
    }

    /// The window's bytes.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// `error` (its span relative to the window) as a located problem.
    pub fn problem(&self, error: &ParseError) -> Problem {
        let start = error.span.start.min(self.bytes.len());
        let end = error.span.end.clamp(start, self.bytes.len());
        let cell = match &self.line_starts {
            LineStarts::Own(cell) => cell,
            LineStarts::Shared(cell) => cell,
        };
        let line_starts = cell.get_or_init(|| memchr_all(self.bytes).map(|newline| newline + 1).collect());
        let line_index = line_starts.partition_point(|&line_start| line_start <= start);
        let line_start = match line_index {
            0 => 0,
            i => line_starts.get(i - 1).copied().unwrap_or(0),
        };
        let column = 1 + count_chars(&self.bytes[line_start..start]);
        let line = self.lines_before + line_index + 1;
        let line_end = line_starts
            .get(line_index)
            .map_or(self.bytes.len(), |&next| next - 1);
        Problem {
            file: escape(self.name),
            location: Some(Location { line, column }),
            message: escape(&error.message),
            snippet: snippet(
                self.name,
                Location { line, column },
                &self.bytes[line_start..line_end],
                start - line_start,
                end.min(line_end).max(start) - line_start,
            ),
            case: None,
        }
    }
}

/// The offsets of every newline in `bytes`.
fn memchr_all(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    bytes
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .map(|(at, _)| at)
}

/// Characters in `bytes` (UTF-8 continuation bytes do not start one).
fn count_chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
}

/// The line `text` (number `line`, without its line end) with the bytes `start..end`
/// underlined, by codespan-reporting without colour; control characters shown escaped, a
/// long line cut around the offending text.
fn snippet(name: &str, at: Location, text: &[u8], start: usize, end: usize) -> String {
    let line = at.line;
    let text = text.strip_suffix(b"\r").unwrap_or(text);
    let end = end.min(text.len());
    let start = start.min(end);
    let (from, to) = if text.len() > LONGEST_SHOWN_LINE {
        let from = char_boundary(text, start.saturating_sub(CUT_CONTEXT));
        let to = char_boundary(text, (end + CUT_CONTEXT).min(text.len()));
        (from, to.max(end))
    } else {
        (0, text.len())
    };
    let before = if from > 0 { "…" } else { "" };
    let after = if to < text.len() { "…" } else { "" };
    let shown = format!(
        "{before}{}{}{}{after}",
        escape_bytes(&text[from..start]),
        escape_bytes(&text[start..end]),
        escape_bytes(&text[end..to])
    );
    let offset = before.len() + escape_bytes(&text[from..start]).len();
    let length = escape_bytes(&text[start..end]).len();
    let name = escape(name);
    let file = NumberedFile {
        file: SimpleFile::new(name.as_str(), shown.as_str()),
        lines_before: line - 1,
    };
    let diagnostic = Diagnostic::error().with_labels(vec![Label::primary((), offset..offset + length)]);
    let config = term::Config {
        before_label_lines: 0,
        ..term::Config::default()
    };
    match term::emit_into_string(&config, &file, &diagnostic) {
        // Drop codespan's own header line (`error`): the problem's report has its own. The
        // location line names the column in the whole line, not in a cut of it.
        Ok(rendered) => rendered.split_once('\n').map_or(String::new(), |(_, rest)| {
            let mut lines: Vec<String> = rest.trim_end().lines().map(str::to_owned).collect();
            if let Some(location) = lines.iter_mut().find(|l| l.contains(LOCATION_MARK)) {
                if let Some(at_mark) = location.find(LOCATION_MARK) {
                    location.truncate(at_mark + LOCATION_MARK.len());
                    location.push_str(&format!("{name}:{}:{}", at.line, at.column));
                }
            }
            lines.push(String::new());
            lines.join("\n")
        }),
        Err(_) => String::new(),
    }
}

/// What starts codespan's location line (`  ┌─ file:line:col`).
const LOCATION_MARK: &str = "┌─ ";

/// The nearest character start at or before `at`.
fn char_boundary(text: &[u8], mut at: usize) -> usize {
    while at > 0 && text.get(at).is_some_and(|&b| (b & 0xC0) == 0x80) {
        at -= 1;
    }
    at
}

/// A line's text for codespan, numbered as in the whole input.
struct NumberedFile<'a> {
    file: SimpleFile<&'a str, &'a str>,
    lines_before: usize,
}

impl<'a> Files<'a> for NumberedFile<'a> {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, (): ()) -> Result<&'a str, files::Error> {
        Ok(*self.file.name())
    }

    fn source(&'a self, (): ()) -> Result<&'a str, files::Error> {
        Ok(*self.file.source())
    }

    fn line_index(&'a self, (): (), byte_index: usize) -> Result<usize, files::Error> {
        self.file.line_index((), byte_index)
    }

    fn line_number(&'a self, (): (), line_index: usize) -> Result<usize, files::Error> {
        Ok(line_index + 1 + self.lines_before)
    }

    fn line_range(&'a self, (): (), line_index: usize) -> Result<std::ops::Range<usize>, files::Error> {
        self.file.line_range((), line_index)
    }
}

/// An input read a window at a time (a test case, as the format's splitter finds it), so
/// that a request holds one test case's text instead of the whole input.
pub struct Stream<'r> {
    name: String,
    /// `Send`, so that the threads of a request can take turns reading.
    reader: Box<dyn Read + Send + 'r>,
    /// The text read so far is `buffer[..filled]`; the rest is room a larger window left,
    /// which the next reads fill whole.
    buffer: Vec<u8>,
    filled: usize,
    /// Where the text not yet handed out starts in `buffer`.
    start: usize,
    /// Lines of the input before `buffer[start]`.
    lines_before: usize,
    /// Whether the first read has been looked at for a byte-order mark.
    started: bool,
    had_byte_order_mark: bool,
    at_end: bool,
}

impl fmt::Debug for Stream<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stream")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// How much one read asks for. The splitter resumes where it stopped, so a test case larger
/// than a block is still scanned once; the buffer holds a test case and at most one block.
const BLOCK: usize = 1 << 18;

impl<'r> Stream<'r> {
    /// The input `reader`, reported as `name`.
    pub fn new(name: impl Into<String>, reader: impl Read + Send + 'r) -> Stream<'r> {
        Stream {
            name: name.into(),
            reader: Box::new(reader),
            buffer: Vec::new(),
            filled: 0,
            start: 0,
            lines_before: 0,
            started: false,
            had_byte_order_mark: false,
            at_end: false,
        }
    }

    /// A whole input, read as a stream.
    pub fn of(source: &'r Source) -> Stream<'r> {
        let mut stream = Stream::new(source.name.clone(), source.bytes.as_slice());
        stream.had_byte_order_mark = source.had_byte_order_mark;
        stream.started = true;
        stream
    }

    /// The name problems are reported by.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Notes about the input itself (a skipped byte-order mark).
    pub fn notes(&self) -> Vec<String> {
        match self.had_byte_order_mark {
            true => vec![byte_order_mark_note(&self.name)],
            false => Vec::new(),
        }
    }

    /// The next window: the first test case of the text not yet handed out, as `split` finds
    /// it (its length and lines; `None` while the text ends before the test case does), or at
    /// the end of the input everything that is left. `None` once only white space is left.
    ///
    /// # Errors
    /// [`Failure::Io`] when reading fails.
    pub fn next_window(
        &mut self,
        mut split: impl FnMut(&[u8]) -> Option<(usize, usize)>,
    ) -> Result<Option<Window<'_>>, Failure> {
        loop {
            let rest = &self.buffer[self.start..self.filled];
            let (length, lines) = match split(rest) {
                Some((length, lines)) => (length.min(rest.len()), lines),
                None if self.at_end && rest.iter().all(u8::is_ascii_whitespace) => return Ok(None),
                None if self.at_end => (rest.len(), memchr_all(rest).count()),
                None => {
                    self.fill()?;
                    continue;
                }
            };
            let (from, lines_before) = (self.start, self.lines_before);
            self.start += length;
            self.lines_before += lines;
            return Ok(Some(Window::new(
                &self.name,
                &self.buffer[from..self.start],
                lines_before,
            )));
        }
    }

    /// [`Stream::next_window`], as where the window is in the buffer [`Stream::lend`] lends,
    /// and the number of lines before it.
    ///
    /// # Errors
    /// [`Failure::Io`] when reading fails.
    pub(crate) fn next_window_span(
        &mut self,
        split: impl FnMut(&[u8]) -> Option<(usize, usize)>,
    ) -> Result<Option<(std::ops::Range<usize>, usize)>, Failure> {
        let Some(window) = self.next_window(split)? else {
            return Ok(None);
        };
        let (length, lines_before) = (window.bytes().len(), window.lines_before);
        Ok(Some((self.start - length..self.start, lines_before)))
    }

    /// The buffer that holds the windows handed out, lent (to threads that share a window)
    /// until [`Stream::restore`] gives it back; the stream reads nothing meanwhile.
    pub(crate) fn lend(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.buffer)
    }

    /// Gives back the buffer [`Stream::lend`] lent, as it was.
    pub(crate) fn restore(&mut self, buffer: Vec<u8>) {
        self.buffer = buffer;
    }

    /// Whether everything read so far, and the rest of the input, is white space (reads up
    /// to the first other byte).
    ///
    /// # Errors
    /// [`Failure::Io`] when reading fails.
    pub fn is_blank(&mut self) -> Result<bool, Failure> {
        loop {
            if !self.buffer[self.start..self.filled]
                .iter()
                .all(u8::is_ascii_whitespace)
            {
                return Ok(false);
            }
            if self.at_end {
                return Ok(true);
            }
            self.fill()?;
        }
    }

    /// Drops the text already handed out and reads up to one more block.
    fn fill(&mut self) -> Result<(), Failure> {
        self.drop_handed_out();
        let failed = |e: std::io::Error| Failure::io(self.name.clone(), None, &e);
        // To the end of the input or one block.
        let read = match self.buffer.get_mut(self.filled..self.filled + BLOCK) {
            // Into room a larger window left, asked for whole (`read_to_end` asks for 8 KB
            // first and doubles: six calls a block).
            Some(room) => {
                let mut read = 0;
                while read < BLOCK {
                    match self.reader.read(&mut room[read..]) {
                        Ok(0) => break,
                        Ok(n) => read += n,
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                        Err(e) => return Err(failed(e)),
                    }
                }
                read
            }
            // Growing (the largest window so far): into spare capacity, not zeroed first.
            None => {
                self.buffer.truncate(self.filled);
                self.buffer.reserve(BLOCK);
                (&mut self.reader)
                    .take(BLOCK as u64)
                    .read_to_end(&mut self.buffer)
                    .map_err(failed)?
            }
        };
        self.filled += read;
        if read < BLOCK {
            self.at_end = true;
        }
        if !self.started && (self.filled >= BYTE_ORDER_MARK.len() || self.at_end) {
            self.started = true;
            if self.buffer[..self.filled].starts_with(BYTE_ORDER_MARK) {
                self.had_byte_order_mark = true;
                self.buffer.copy_within(BYTE_ORDER_MARK.len()..self.filled, 0);
                self.filled -= BYTE_ORDER_MARK.len();
            }
        }
        Ok(())
    }

    /// Moves the text not yet handed out to the start of the buffer.
    fn drop_handed_out(&mut self) {
        self.buffer.copy_within(self.start..self.filled, 0);
        self.filled -= self.start;
        self.start = 0;
    }

    /// Hands over the buffer of the text read so far (its bytes no longer needed), for a
    /// request that has used its last window and needs memory for its answer: memory that
    /// has been read into is in place, which new memory is not until first touched. What
    /// is left unread moves to a new buffer.
    pub fn release(&mut self) -> Vec<u8> {
        let unread = self
            .buffer
            .get(self.start..self.filled)
            .unwrap_or_default()
            .to_vec();
        (self.start, self.filled) = (0, unread.len());
        std::mem::replace(&mut self.buffer, unread)
    }

    /// [`Stream::next_window`], the window's text handed over as its own buffer (for
    /// another thread): the bytes and the number of lines before them. The stream goes on in
    /// `spare` (a finished window's buffer, so that its memory is used again), into which the
    /// text after the window is moved.
    ///
    /// # Errors
    /// [`Failure::Io`] when reading fails.
    pub fn next_owned_window(
        &mut self,
        split: impl FnMut(&[u8]) -> Option<(usize, usize)>,
        mut spare: Vec<u8>,
    ) -> Result<Option<(Vec<u8>, usize)>, Failure> {
        let Some(window) = self.next_window(split)? else {
            return Ok(None);
        };
        let (lines_before, length) = (window.lines_before, window.bytes().len());
        let from = self.start - length;
        spare.clear();
        spare.extend_from_slice(&self.buffer[self.start..self.filled]);
        let mut taken = std::mem::replace(&mut self.buffer, spare);
        taken.truncate(self.start);
        taken.drain(..from);
        self.filled = self.buffer.len();
        self.start = 0;
        Ok(Some((taken, lines_before)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(text: &[u8], span: std::ops::Range<usize>) -> String {
        let source = Source::new("in.txt", text.to_vec());
        source.problem(&ParseError::new(span, "bad")).to_string()
    }

    #[test]
    fn a_problem_names_file_line_and_column_and_underlines_the_text() {
        let text = report(b"1 2\n3 45 6\n", 6..8);
        assert!(text.starts_with("error: in.txt:2:3: bad\n"), "{text}");
        assert!(text.contains("3 45 6"), "{text}");
        assert!(text.contains("^^"), "{text}");
    }

    #[test]
    fn columns_count_characters_and_the_last_line_has_no_newline() {
        let source = Source::new("x", "猪 猪 7".as_bytes().to_vec());
        let problem = source.problem(&ParseError::new(8..9, "bad"));
        assert_eq!(problem.location, Some(Location { line: 1, column: 5 }));
        let at_end = source.problem(&ParseError::new(100..100, "bad"));
        assert_eq!(at_end.location, Some(Location { line: 1, column: 6 }));
    }

    #[test]
    fn control_bytes_are_shown_escaped_in_the_snippet_and_the_message() {
        let source = Source::new("in\x07.txt", b"6 \x1b[2J 3\n".to_vec());
        let problem = source.problem(&ParseError::new(2..6, "found `\x1b[2J`"));
        let text = problem.to_string();
        assert!(!text.bytes().any(|b| b == 0x1b || b == 0x07), "{text:?}");
        assert!(text.contains("\\x1b[2J"), "{text}");
        assert!(
            text.starts_with("error: in\\x07.txt:1:3: found `\\x1b[2J`\n"),
            "{text}"
        );
        // The caret sits under the escaped text: four bytes became seven characters.
        assert!(text.contains("^^^^^^^"), "{text}");
    }

    #[test]
    fn a_long_binary_line_is_cut_around_the_offending_text() {
        let mut line = vec![0u8; 5000];
        line.extend_from_slice(b" 12x ");
        line.extend(std::iter::repeat_n(0xffu8, 5000));
        let text = report(&line, 5001..5004);
        assert!(text.len() < 2000, "{} bytes", text.len());
        // The location line names the column in the whole line, not in the cut.
        assert!(text.contains("┌─ in.txt:1:5002\n"), "{text}");
        assert!(text.contains("12x"), "{text}");
        assert!(text.contains('…'), "{text}");
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_noted_once() {
        let source = Source::new("b.txt", b"\xEF\xBB\xBF6 1 3\n".to_vec());
        assert_eq!(source.bytes(), b"6 1 3\n");
        assert_eq!(source.notes().len(), 1);
        let mut stream = Stream::new("b.txt", &b"\xEF\xBB\xBF1 0\n"[..]);
        let window = stream.next_window(|_| None).unwrap().unwrap();
        assert_eq!(window.bytes(), b"1 0\n");
        assert_eq!(stream.notes().len(), 1);
    }

    /// Hands out a text a few bytes a read, sometimes interrupted first, as a pipe may.
    struct Trickle<'t> {
        text: &'t [u8],
        reads: usize,
    }

    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
            self.reads += 1;
            if self.reads.is_multiple_of(5) {
                return Err(std::io::ErrorKind::Interrupted.into());
            }
            let n = (self.reads % 7 + 1).min(buffer.len()).min(self.text.len());
            buffer[..n].copy_from_slice(&self.text[..n]);
            self.text = &self.text[n..];
            Ok(n)
        }
    }

    #[test]
    fn windows_read_in_trickles_are_those_of_the_whole_text() {
        // Windows of two lines each, over more than one block, with a byte-order mark.
        let lines: String = (0..120_000).map(|i| format!("{i} {}\n", i * 7)).collect();
        let text = ["\u{FEFF}", &lines].concat();
        // A first window of 40,000 lines leaves room that later blocks are read into whole.
        let windows_of = |first: usize| {
            let mut lines = first;
            move |rest: &[u8]| {
                let ends: Vec<usize> = rest
                    .iter()
                    .enumerate()
                    .filter(|(_, &b)| b == b'\n')
                    .map(|(i, _)| i)
                    .take(lines)
                    .collect();
                let end = *ends.get(lines - 1)?;
                let found = (end + 1, lines);
                lines = 2;
                Some(found)
            }
        };
        let (mut whole_windows, mut trickled_windows) = (windows_of(40_000), windows_of(40_000));
        let mut whole = Stream::new("w", lines.as_bytes());
        let mut trickled = Stream::new(
            "t",
            Trickle {
                text: text.as_bytes(),
                reads: 0,
            },
        );
        let mut windows = 0;
        loop {
            let expected = whole
                .next_window(&mut whole_windows)
                .unwrap()
                .map(|w| (w.bytes().to_vec(), w.lines_before));
            let got = trickled
                .next_window(&mut trickled_windows)
                .unwrap()
                .map(|w| (w.bytes().to_vec(), w.lines_before));
            assert_eq!(got, expected, "window {windows}");
            if got.is_none() {
                break;
            }
            windows += 1;
        }
        assert_eq!(windows, 1 + 40_000);
        assert_eq!(trickled.notes().len(), 1, "the byte-order mark was noted");
    }

    #[test]
    fn locating_many_problems_is_linear() {
        // 200,000 lines, a problem on every one: one index, a binary search each.
        let text = b"0 0 0\n".repeat(200_000);
        let source = Source::new("big", text);
        // (Locating each from the start of the text made this take minutes.)
        for line in (0..200_000).step_by(7) {
            let at = line * 6;
            let problem = source.problem(&ParseError::new(at..at + 1, "N is 0"));
            assert_eq!(problem.location.map(|l| l.line), Some(line + 1));
        }
    }
}

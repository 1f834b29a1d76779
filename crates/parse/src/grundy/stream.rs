//! Reading a POJ 2425 input a test case at a time from a stream: where does the first test
//! case of a buffer end? The reader keeps one test case's text in memory, not the file.
//!
//! The test is by lines, the way the format is laid out: the `N` line, `N` non-blank position
//! lines, then query lines up to a line holding a single zero (`0`, `00` or `-0`: the same
//! number in every spelling). It never judges the text: a line that is not what the format
//! wants ends the test case there, so the window handed to the parser holds the offending
//! line and the parser reports it exactly as it would in the whole file.

/// The length of the first test case of `text` (through the newline after its closing `0`),
/// or `None` when `text` ends before that line does: read more, or, at the end of the input,
/// hand the parser everything that is left.
///
/// ```
/// use tabletop_parse::grundy::first_case_end;
/// let text = b"2\n1 1\n0\n1 0\n0\n\n1\n0\n";
/// let end = first_case_end(text).unwrap();
/// assert_eq!(&text[..end], b"2\n1 1\n0\n1 0\n0\n");
/// assert_eq!(first_case_end(b"2\n1 1\n0\n1 0\n"), None); // its `0` line is still to come
/// ```
pub fn first_case_end(text: &[u8]) -> Option<usize> {
    CaseSplitter::default().next_case(text).map(|(end, _)| end)
}

/// [`first_case_end`] for a stream: it remembers how far it got, so text that arrives in
/// blocks is scanned once, and it counts the lines of each test case (for line numbers).
#[derive(Debug, Clone, Default)]
pub struct CaseSplitter {
    /// How far the current test case has been scanned (from its start).
    at: usize,
    /// Newlines passed so far in the current test case.
    lines: usize,
    phase: Phase,
}

#[derive(Debug, Clone, Copy, Default)]
enum Phase {
    /// Looking for the `N` line.
    #[default]
    Count,
    /// This many position lines still to pass.
    Positions(u64),
    /// Query lines, up to a zero line.
    Queries,
}

impl CaseSplitter {
    /// The length of the first test case of `text`, and its number of lines, or `None` when
    /// `text` ends first. Between a `None` and the next call, `text` must be the same text
    /// with more at its end; after a `Some`, the next call starts at the next test case.
    ///
    /// ```
    /// use tabletop_parse::grundy::CaseSplitter;
    /// let mut splitter = CaseSplitter::default();
    /// assert_eq!(splitter.next_case(b"1\n0\n1 0\n"), None);
    /// assert_eq!(splitter.next_case(b"1\n0\n1 0\n\n0\n2\n"), Some((11, 5)));
    /// ```
    pub fn next_case(&mut self, text: &[u8]) -> Option<(usize, usize)> {
        loop {
            let rest = text.get(self.at..)?;
            let end = if let Phase::Queries = self.phase {
                // `None`: `rest` ends first, read more.
                Some(self.query_lines(rest)?)
            } else {
                let length = memchr::memchr(b'\n', rest)?;
                self.at += length + 1;
                self.lines += 1;
                self.step(&rest[..length])
            };
            if let Some(end) = end {
                let lines = self.lines;
                *self = CaseSplitter::default();
                return Some((end, lines));
            }
        }
    }

    /// Passes the whole query lines of `rest` (the text from `self.at`), up to and with the
    /// zero line that ends the test case, whose end it returns.
    fn query_lines(&mut self, rest: &[u8]) -> Option<usize> {
        let mut start = 0;
        loop {
            let Some(line_and_after) = rest.get(start..) else {
                self.at += start;
                return None;
            };
            // Most query lines start with a count of 1 to 9...: neither blank nor zero, and
            // passed by blocks, their newlines counted.
            if matches!(line_and_after.first(), Some(b'1'..=b'9')) {
                let Some(end) = usual_lines_end(line_and_after) else {
                    let whole = memchr::memrchr(b'\n', line_and_after).map_or(0, |last| last + 1);
                    self.lines += newlines(line_and_after.get(..whole).unwrap_or_default());
                    self.at += start + whole;
                    return None;
                };
                self.lines += newlines(line_and_after.get(..end).unwrap_or_default());
                start += end;
                continue;
            }
            let Some(length) = memchr::memchr(b'\n', line_and_after) else {
                self.at += start;
                return None;
            };
            self.lines += 1;
            start += length + 1;
            if line_and_after.get(..length).is_some_and(is_zero) {
                self.at += start;
                return Some(self.at);
            }
        }
    }

    /// Takes one line before the queries: the end of the test case when this line ends it.
    fn step(&mut self, line: &[u8]) -> Option<usize> {
        if line.iter().all(u8::is_ascii_whitespace) {
            return None;
        }
        match self.phase {
            Phase::Count => match plain_number(line) {
                // Not a count: the parser reports this line.
                None => return Some(self.at),
                Some(0) => self.phase = Phase::Queries,
                Some(n) => self.phase = Phase::Positions(n),
            },
            Phase::Positions(left) if left > 1 => self.phase = Phase::Positions(left - 1),
            Phase::Positions(_) | Phase::Queries => self.phase = Phase::Queries,
        }
        None
    }
}

/// The end of the first lines of `text` that start with a digit 1 to 9 (through the newline
/// before the first line that does not, or that the text ends before), or `None` when no
/// such newline is in `text`. By blocks compared without a branch, so that they run a vector
/// at a time: a query line is a few dozen bytes, and a search for each newline costs more.
fn usual_lines_end(text: &[u8]) -> Option<usize> {
    /// A newline before a line that needs a look: one not starting with 1 to 9.
    fn breaks(byte: u8, next: u8) -> bool {
        byte == b'\n' && !(b'1'..=b'9').contains(&next)
    }
    const BLOCK: usize = 64;
    let nexts = text.get(1..).unwrap_or_default();
    let mut passed = 0;
    for (bytes, nexts) in text.chunks_exact(BLOCK).zip(nexts.chunks_exact(BLOCK)) {
        let met = bytes
            .iter()
            .zip(nexts)
            .fold(false, |met, (&byte, &next)| met | breaks(byte, next));
        if met {
            break;
        }
        passed += BLOCK;
    }
    let after = text.get(passed..).unwrap_or_default();
    let nexts = after.iter().skip(1).map(Some).chain([None]);
    after
        .iter()
        .zip(nexts)
        .position(|(&byte, next)| next.map_or(byte == b'\n', |&next| breaks(byte, next)))
        .map(|newline| passed + newline + 1)
}

/// How many newlines `text` holds: counted in a byte per 255 bytes at most, so that the
/// count runs a vector of bytes at a time (a count in `usize` took four bytes a step).
fn newlines(text: &[u8]) -> usize {
    text.chunks(255)
        .map(|chunk| {
            chunk
                .iter()
                .fold(0u8, |count, &byte| count + u8::from(byte == b'\n'))
        })
        .map(usize::from)
        .sum()
}

/// The line's only token, when it is a plain non-negative number that fits in `u64`.
fn plain_number(line: &[u8]) -> Option<u64> {
    let token = single_token(line)?;
    if token.is_empty() || !token.iter().all(u8::is_ascii_digit) {
        return None;
    }
    token
        .iter()
        .try_fold(0u64, |n, &d| n.checked_mul(10)?.checked_add(u64::from(d - b'0')))
}

/// Whether the line holds exactly one token, a zero in any spelling (`0`, `000`, `-0`).
fn is_zero(line: &[u8]) -> bool {
    // Most query lines start with a non-zero count: decide on the first byte.
    match line.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'0' | b'-') => {}
        _ => return false,
    }
    let Some(token) = single_token(line) else {
        return false;
    };
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    !digits.is_empty() && digits.iter().all(|&d| d == b'0')
}

fn single_token(line: &[u8]) -> Option<&[u8]> {
    let mut tokens = line.split(u8::is_ascii_whitespace).filter(|t| !t.is_empty());
    let token = tokens.next()?;
    tokens.next().is_none().then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_cases_end_after_their_zero_line() {
        let text = b"\n 3 \r\n0\n\n0\n0\n1 2\n2 0 1\n -0 \r\nnext";
        let end = first_case_end(text).unwrap();
        assert_eq!(&text[end..], b"next");
        // A position line `0` is not the end: positions come first.
        assert_eq!(first_case_end(b"1\n0\n"), None);
        assert_eq!(first_case_end(b"1\n0\n0\n"), Some(6));
    }

    #[test]
    fn a_line_that_is_not_a_count_ends_the_window_there() {
        assert_eq!(first_case_end(b"x 1\n1 0\n0\n"), Some(4));
        assert_eq!(first_case_end(b"99999999999999999999999\n"), Some(24));
        assert_eq!(first_case_end(b"2 3\n"), Some(4));
    }

    /// The windows a streaming reader hands the parser, whatever its block size.
    fn windows(text: &[u8]) -> Vec<(usize, &[u8])> {
        let mut windows = Vec::new();
        let mut at = 0;
        while text[at..].iter().any(|b| !b.is_ascii_whitespace()) {
            let length = first_case_end(&text[at..]).unwrap_or(text.len() - at);
            windows.push((at, &text[at..at + length]));
            at += length;
        }
        windows
    }

    /// Every item of `cases(text)`, spans made absolute, read window by window.
    fn read_in_windows(text: &[u8], keep_going: bool) -> Vec<String> {
        let mut items = Vec::new();
        let mut previous = None::<super::super::Resume>;
        for (offset, window) in windows(text) {
            let mut reader = match previous.take() {
                Some(previous) => super::super::cases(window).resume(previous),
                None if keep_going => super::super::cases(window).keep_going(),
                None => super::super::cases(window),
            };
            items.extend(reader.by_ref().map(|item| describe(item, offset)));
            if reader.stopped() {
                break;
            }
            previous = Some(reader.suspend());
        }
        items
    }

    fn describe(
        item: Result<crate::Spanned<super::super::GrundyCase>, crate::ParseError>,
        offset: usize,
    ) -> String {
        match item {
            Ok(case) => format!("ok {:?} {:?}", case.span.start + offset, case.value),
            Err(error) => format!("err {:?} {}", error.span.start + offset, error.message),
        }
    }

    fn read_whole(text: &[u8], keep_going: bool) -> Vec<String> {
        let reader = super::super::cases(text);
        let reader = if keep_going { reader.keep_going() } else { reader };
        reader.map(|item| describe(item, 0)).collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(600))]
        /// Read window by window, an input gives what it gives read whole: the same test
        /// cases, the same errors at the same places, valid or not.
        #[test]
        fn windows_read_like_the_whole_text(
            lines in proptest::collection::vec("(-?[0-3]{1,2}|[ \t\x0c\r]|x)( [0-3]| -0){0,3}[ \r]?", 0..24),
            keep_going: bool,
        ) {
            let text = lines.join("\n");
            proptest::prop_assert_eq!(read_in_windows(text.as_bytes(), keep_going), read_whole(text.as_bytes(), keep_going));
        }
    }

    /// A judge-shaped input from numbers: test cases of 1 to 4 positions with moves and
    /// queries (now and then a position out of range), zero lines spelled `0`, `00` or `-0`,
    /// blank lines here and there.
    fn judge_text(numbers: &[u8]) -> String {
        let mut next = numbers.iter().copied().cycle();
        let mut take = move |below: u8| next.next().unwrap_or(0) % below;
        let mut text = String::new();
        for _ in 0..1 + take(4) {
            let n = 1 + take(4);
            text += &format!("{n}\n");
            for _ in 0..n {
                let moves: Vec<String> = (0..take(3)).map(|_| take(n + 1).to_string()).collect();
                text += &format!("{} {}\n", moves.len(), moves.join(" "));
            }
            for _ in 0..1 + take(3) {
                let pieces: Vec<String> = (0..1 + take(3)).map(|_| take(n + 1).to_string()).collect();
                text += &format!(
                    "{} {}\n{}",
                    pieces.len(),
                    pieces.join(" "),
                    ["", "\n", " \r\n"][usize::from(take(3))]
                );
            }
            text += ["0\n", "00\n", "-0\n", "0 \r\n"][usize::from(take(4))];
        }
        text
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(600))]
        #[test]
        fn judge_shaped_inputs_read_the_same_in_windows(numbers in proptest::collection::vec(0u8..255, 1..64), keep_going: bool) {
            let text = judge_text(&numbers);
            proptest::prop_assert_eq!(read_in_windows(text.as_bytes(), keep_going), read_whole(text.as_bytes(), keep_going));
        }
    }

    proptest::proptest! {
        /// Text handed over in pieces is split where the whole text is, with its line count.
        #[test]
        fn a_splitter_fed_in_pieces_splits_like_one_pass(numbers in proptest::collection::vec(0u8..255, 1..64), cut in 0usize..400) {
            let text = judge_text(&numbers);
            let bytes = text.as_bytes();
            let whole = first_case_end(bytes);
            let mut splitter = CaseSplitter::default();
            let cut = cut.min(bytes.len());
            let early = splitter.next_case(&bytes[..cut]);
            let found = early.or_else(|| splitter.next_case(bytes));
            proptest::prop_assert_eq!(found.map(|(end, _)| end), whole);
            if let Some((end, lines)) = found {
                proptest::prop_assert_eq!(lines, bytes[..end].iter().filter(|&&b| b == b'\n').count());
            }
        }
    }

    /// A test case whose query lines come in many shapes, often long runs of ordinary ones:
    /// the text, and where the test case ends, read a line at a time.
    fn many_query_lines(numbers: &[u8]) -> (Vec<u8>, Option<usize>) {
        let mut next = numbers.iter().copied().cycle();
        let mut take = move |below: u8| usize::from(next.next().unwrap_or(0) % below);
        let mut text = b"1\n0\n".to_vec();
        for _ in 0..numbers.len() * 3 {
            let line = match take(40) {
                0 => String::new(),
                1 => " 3 1 2".to_string(),
                2 => "0".to_string(),
                3 => "-0 \r".to_string(),
                4 => "05 1 1 1 1 1".to_string(),
                5 => "\r".to_string(),
                6 => "\t00".to_string(),
                _ => format!("{} {}", 1 + take(9), "1 ".repeat(take(50))),
            };
            text.extend_from_slice(line.as_bytes());
            text.extend_from_slice(if take(3) == 0 { b"\r\n" } else { b"\n" });
        }
        text.extend_from_slice(b"1 0");
        let mut at = 0;
        let mut end = None;
        for (index, line) in text.split_inclusive(|&b| b == b'\n').enumerate() {
            at += line.len();
            if index >= 2 && line.ends_with(b"\n") && is_zero(&line[..line.len() - 1]) {
                end = Some(at);
                break;
            }
        }
        (text, end)
    }

    proptest::proptest! {
        /// Query lines passed by blocks end the test case where a reading line by line does,
        /// whether the text comes at once or in two pieces.
        #[test]
        fn query_lines_end_where_a_line_by_line_reading_does(numbers in proptest::collection::vec(0u8..255, 1..200), cut in 0usize..20_000) {
            let (text, end) = many_query_lines(&numbers);
            let mut splitter = CaseSplitter::default();
            let cut = cut.min(text.len());
            let found = splitter.next_case(&text[..cut]).or_else(|| splitter.next_case(&text));
            proptest::prop_assert_eq!(found.map(|(end, _)| end), end);
            if let Some((end, lines)) = found {
                proptest::prop_assert_eq!(lines, text[..end].iter().filter(|&&b| b == b'\n').count());
            }
        }
    }

    #[test]
    fn the_lines_passed_by_blocks_stop_before_a_line_that_needs_a_look() {
        let ordinary = "1 2\n".repeat(40);
        // Through the last newline when the text ends there; none when an ordinary line
        // follows it unfinished (more text may make it a line that needs a look, or not).
        let at_ordinary = Some(ordinary.len());
        for (last, expected) in [
            ("", at_ordinary),
            ("0\n", at_ordinary),
            ("\n", at_ordinary),
            (" 1\n", at_ordinary),
            ("-0", at_ordinary),
            ("7 1", None),
            ("7 1\n", Some(ordinary.len() + 4)),
        ] {
            let text = format!("{ordinary}{last}");
            assert_eq!(usual_lines_end(text.as_bytes()), expected, "{last:?}");
        }
        assert_eq!(usual_lines_end(b"1 2 3"), None);
        assert_eq!(usual_lines_end(b"1 2\n3 4"), None);
        assert_eq!(newlines(b"1\n\n2\r\n"), 3);
    }

    #[test]
    fn an_unfinished_last_line_is_not_read() {
        assert_eq!(first_case_end(b"1\n0\n1 0\n0"), None);
        assert_eq!(first_case_end(b""), None);
        assert_eq!(first_case_end(b"   \n\n"), None);
    }
}

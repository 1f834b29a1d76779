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
        for newline in memchr::memchr_iter(b'\n', rest) {
            let line = &rest[start..newline];
            start = newline + 1;
            self.lines += 1;
            // Most query lines start with a count of 1 to 9...: neither blank nor zero.
            if !matches!(line.first(), Some(b'1'..=b'9')) && is_zero(line) {
                self.at += start;
                return Some(self.at);
            }
        }
        self.at += start;
        None
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

    #[test]
    fn an_unfinished_last_line_is_not_read() {
        assert_eq!(first_case_end(b"1\n0\n1 0\n0"), None);
        assert_eq!(first_case_end(b""), None);
        assert_eq!(first_case_end(b"   \n\n"), None);
    }
}

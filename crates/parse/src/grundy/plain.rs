//! The fast path of the format: text in its plainest spelling, read in one pass with no
//! error reporting at all.
//!
//! Plain text is what judges' files hold: numbers of one to seven digits, one space between
//! the numbers of a line, each line ended by a newline (blank lines allowed between lines),
//! every count matching its line and every position in range. A line may end in spaces, tabs
//! or a carriage return before its newline (files made on Windows or by sloppy generators
//! are common, and as fast). Such text means exactly what [`super::cases`] reads from it;
//! anything else, valid or not (a tab between numbers, a sign, an eight-digit number, a
//! mistake), makes [`Plain`] give up with [`NotPlain`], and the caller reads that text again
//! with [`super::cases`], which reports every problem where it is.

use tabletop_grundy::{Graph, Position};

use crate::fast::{fast_number, plain_line, plain_line_end, Block};

/// The text is not in its plainest spelling (or not valid): read it with [`super::cases`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotPlain;

/// Where [`Plain::fold_queries_until`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueriesRead {
    /// At the line `0` that ends the test case (the reader is past it).
    Ended,
    /// At the offset it was to stop at, with the test case's queries not yet ended.
    Until,
}

/// A reader of plain POJ 2425 text (see the module documentation), a test case at a time:
/// [`Plain::graph`], then [`Plain::queries`] (or [`Plain::fold_queries`]).
///
/// ```
/// use tabletop_parse::grundy::Plain;
/// let mut plain = Plain::new(b"2\n1 1\n0\n2 0 1\n1 1\n0\n");
/// let graph = plain.graph(Vec::new(), Vec::new()).unwrap().unwrap();
/// assert_eq!(graph.successors(0), &[1]);
/// let mut queries = Vec::new();
/// plain.queries(2, |pieces| queries.push(pieces.to_vec())).unwrap();
/// assert_eq!(queries, [vec![0, 1], vec![1]]);
/// assert!(plain.graph(Vec::new(), Vec::new()).unwrap().is_none());
/// // A `\r\n` line end or a trailing space is plain too; a tab between numbers is not.
/// let mut crlf = Plain::new(b"2\r\n1 1 \r\n0\r\n2 0 1\r\n0\r\n");
/// assert!(crlf.graph(Vec::new(), Vec::new()).is_ok_and(|graph| graph.is_some()));
/// assert!(crlf.queries(2, |_| {}).is_ok());
/// assert!(Plain::new(b"1\n1\t0\n").graph(Vec::new(), Vec::new()).is_err());
/// ```
#[derive(Debug, Clone)]
pub struct Plain<'a> {
    text: &'a [u8],
    at: usize,
    /// The pieces of the query being read.
    pieces: Vec<Position>,
    /// Where numbers end, kept from line to line.
    block: Block,
}

impl<'a> Plain<'a> {
    /// A reader at the start of `text` (a whole input or a window of whole test cases).
    pub fn new(text: &'a [u8]) -> Plain<'a> {
        Plain {
            text,
            at: 0,
            pieces: Vec::new(),
            block: Block::default(),
        }
    }

    /// A reader at `offset` in `text`: a line start, for reading part of a graph on another
    /// thread ([`Plain::position_lines`]).
    pub fn at(text: &'a [u8], offset: usize) -> Plain<'a> {
        Plain {
            text,
            at: offset.min(text.len()),
            pieces: Vec::new(),
            block: Block::default(),
        }
    }

    /// Where the reader is: the offset in the text of what it reads next.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// The next test case's graph, its moves put into `offsets` and `successors` (cleared
    /// first; buffers of an earlier graph, see [`Graph::into_csr`]), or `None` when only
    /// blank lines are left.
    ///
    /// # Errors
    /// [`NotPlain`] for text that is not plain.
    pub fn graph(
        &mut self,
        mut offsets: Vec<u32>,
        mut successors: Vec<Position>,
    ) -> Result<Option<Graph>, NotPlain> {
        let Some(positions) = self.positions()? else {
            return Ok(None);
        };
        offsets.clear();
        successors.clear();
        offsets.reserve(self.offsets_estimate(positions));
        offsets.push(0);
        self.position_lines(positions, positions, &mut offsets, &mut successors)?;
        Graph::from_csr(offsets, successors)
            .map(Some)
            .map_err(|_| NotPlain)
    }

    /// The next test case's number of positions `N` (its first line), the reader then at
    /// the first position line; `None` when only blank lines are left.
    ///
    /// # Errors
    /// [`NotPlain`] for text that is not plain (or `N` = 0).
    pub fn positions(&mut self) -> Result<Option<u32>, NotPlain> {
        self.skip_blank_lines();
        if self.at == self.text.len() {
            return Ok(None);
        }
        let positions = self.number()?;
        self.newline()?;
        match u32::try_from(positions) {
            Ok(positions) if positions > 0 => Ok(Some(positions)),
            _ => Err(NotPlain),
        }
    }

    /// Room to reserve for the offsets of `positions` positions: no more than the text has
    /// lines left (`N` may be a lie).
    pub fn offsets_estimate(&self, positions: u32) -> usize {
        (positions as usize).min(self.text.len() - self.at) + 1
    }

    /// `count` position lines of a graph of `limit` positions, from where the reader is: each
    /// line's moves appended to `successors`, then `successors.len()` to `offsets`.
    ///
    /// # Errors
    /// [`NotPlain`] for text that is not plain, or more moves than `u32` offsets hold.
    pub fn position_lines(
        &mut self,
        count: u32,
        limit: u32,
        offsets: &mut Vec<u32>,
        successors: &mut Vec<Position>,
    ) -> Result<(), NotPlain> {
        for _ in 0..count {
            self.skip_blank_lines();
            let bound = |_| Some(u64::from(limit));
            let (at, _) = plain_line(self.text, self.at, &mut self.block, bound, |to| {
                successors.push(to as Position)
            })
            .ok_or(NotPlain)?;
            self.at = at;
            offsets.push(u32::try_from(successors.len()).map_err(|_| NotPlain)?);
        }
        Ok(())
    }

    /// For each of `lines` (strictly ascending), in one pass: the offset just past the
    /// `lines[i]`-th newline from where the reader is (the start of that line when no line
    /// between is blank), `None` where the text has fewer (or for a count of zero).
    ///
    /// ```
    /// use tabletop_parse::grundy::Plain;
    /// let plain = Plain::at(b"x\n1\n2\n3\n", 2);
    /// assert_eq!(plain.after_each_newlines(&[1, 2, 5]), [Some(4), Some(6), None]);
    /// ```
    pub fn after_each_newlines(&self, lines: &[usize]) -> Vec<Option<usize>> {
        let rest = self.text.get(self.at..).unwrap_or_default();
        let mut newlines = memchr::memchr_iter(b'\n', rest).enumerate();
        lines
            .iter()
            .map(|&count| {
                let index = count.checked_sub(1)?;
                newlines
                    .by_ref()
                    .find(|&(i, _)| i == index)
                    .map(|(_, newline)| self.at + newline + 1)
            })
            .collect()
    }

    /// The next query line of a graph of `positions` positions: its pieces handed to `each`
    /// in order, and their number; `None` for the line `0` that ends the test case (the
    /// reader is then past it).
    ///
    /// ```
    /// use tabletop_parse::grundy::Plain;
    /// let mut plain = Plain::new(b"2\n0\n0\n2 0 1\n\n1 1\n0\n");
    /// plain.graph(Vec::new(), Vec::new()).unwrap();
    /// let mut pieces = Vec::new();
    /// assert_eq!(plain.next_query(2, |p| pieces.push(p)), Ok(Some(2)));
    /// assert_eq!(plain.next_query(2, |p| pieces.push(p)), Ok(Some(1)));
    /// assert_eq!(plain.next_query(2, |p| pieces.push(p)), Ok(None));
    /// assert_eq!(pieces, [0, 1, 1]);
    /// ```
    ///
    /// # Errors
    /// [`NotPlain`] for a line that is not plain (the reader stays at its start, some of its
    /// pieces maybe handed out).
    pub fn next_query(
        &mut self,
        positions: usize,
        mut each: impl FnMut(Position),
    ) -> Result<Option<u64>, NotPlain> {
        let limit = u32::try_from(positions).map_err(|_| NotPlain)?;
        self.skip_blank_lines();
        let bound = |_| Some(u64::from(limit));
        let read = plain_line(self.text, self.at, &mut self.block, bound, |p| {
            each(p as Position)
        });
        let (at, count) = read.ok_or(NotPlain)?;
        self.at = at;
        Ok((count > 0).then_some(count))
    }

    /// The query lines that follow the graph of `positions` positions, each query's pieces
    /// handed to `each` in order, through the line `0` that ends the test case.
    ///
    /// # Errors
    /// [`NotPlain`] for text that is not plain (the queries before it have been handed out).
    pub fn queries(&mut self, positions: usize, mut each: impl FnMut(&[Position])) -> Result<(), NotPlain> {
        let mut pieces = std::mem::take(&mut self.pieces);
        let read = loop {
            pieces.clear();
            match self.next_query(positions, |piece| pieces.push(piece)) {
                Ok(Some(_)) => each(&pieces),
                ended => break ended.map(|_| ()),
            }
        };
        self.pieces = pieces;
        read
    }

    /// The query lines that follow the graph of `positions` positions, through the line `0`
    /// that ends the test case, each folded piece by piece without being stored: from
    /// `start`, `fold` takes each piece in order, and `end` gets what they made.
    ///
    /// ```
    /// use tabletop_parse::grundy::Plain;
    /// let mut plain = Plain::new(b"3\n0\n0\n0\n2 0 2\n1 1\n0\n");
    /// plain.graph(Vec::new(), Vec::new()).unwrap();
    /// let mut sums = Vec::new();
    /// plain.fold_queries(3, 0, |sum, piece| sum + piece, |sum| sums.push(sum)).unwrap();
    /// assert_eq!(sums, [2, 1]);
    /// ```
    ///
    /// # Errors
    /// [`NotPlain`] for text that is not plain (the queries before it have been handed out).
    #[inline]
    pub fn fold_queries<T: Copy>(
        &mut self,
        positions: usize,
        start: T,
        fold: impl FnMut(T, Position) -> T,
        end: impl FnMut(T),
    ) -> Result<(), NotPlain> {
        self.fold_queries_until(positions, usize::MAX, start, fold, end)
            .map(|_| ())
    }

    /// [`Plain::fold_queries`], stopping before the first query line that starts at or after
    /// offset `until` (a line start, see [`Plain::next_line_start`]), so that another reader
    /// [`Plain::at`] `until` can fold the rest of the test case's queries at the same time.
    ///
    /// ```
    /// use tabletop_parse::grundy::{Plain, QueriesRead};
    /// let text = b"1\n0\n1 0\n2 0 0\n1 0\n0\n";
    /// let mut first = Plain::new(text);
    /// first.graph(Vec::new(), Vec::new()).unwrap();
    /// let cut = first.next_line_start(first.offset() + 1).unwrap();
    /// let mut counts = Vec::new();
    /// let read = first.fold_queries_until(1, cut, 0, |n, _| n + 1, |n| counts.push(n));
    /// assert_eq!(read, Ok(QueriesRead::Until));
    /// assert_eq!(first.offset(), cut);
    /// let mut second = Plain::at(text, cut);
    /// second.fold_queries(1, 0, |n, _| n + 1, |n| counts.push(n)).unwrap();
    /// assert_eq!(counts, [1, 2, 1]);
    /// assert_eq!(second.offset(), text.len());
    /// ```
    ///
    /// # Errors
    /// [`NotPlain`] for text that is not plain (the queries before it have been handed out).
    #[inline]
    pub fn fold_queries_until<T: Copy>(
        &mut self,
        positions: usize,
        until: usize,
        start: T,
        mut fold: impl FnMut(T, Position) -> T,
        mut end: impl FnMut(T),
    ) -> Result<QueriesRead, NotPlain> {
        let limit = u32::try_from(positions).map_err(|_| NotPlain)?;
        loop {
            self.skip_blank_lines();
            if self.at >= until {
                return Ok(QueriesRead::Until);
            }
            let mut folded = start;
            let bound = |_| Some(u64::from(limit));
            let read = plain_line(self.text, self.at, &mut self.block, bound, |p| {
                folded = fold(folded, p as Position)
            });
            let (at, count) = read.ok_or(NotPlain)?;
            self.at = at;
            if count == 0 {
                // `0` alone on its line ends the test case.
                return Ok(QueriesRead::Ended);
            }
            end(folded);
        }
    }

    /// The start of the line after the first newline at or after offset `from`, or `None`
    /// when the text has no newline there.
    pub fn next_line_start(&self, from: usize) -> Option<usize> {
        let rest = self.text.get(from..)?;
        memchr::memchr(b'\n', rest).map(|newline| from + newline + 1)
    }

    /// A number of one to seven digits, not yet checked for what follows it beyond being
    /// white space.
    #[inline(always)]
    fn number(&mut self) -> Result<u64, NotPlain> {
        let rest = self.text.get(self.at..).ok_or(NotPlain)?;
        let (value, length) = fast_number(rest).ok_or(NotPlain)?;
        self.at += length;
        Ok(value)
    }

    /// The newline that ends a line (after any spaces, tabs or carriage returns).
    #[inline(always)]
    fn newline(&mut self) -> Result<(), NotPlain> {
        self.at = plain_line_end(self.text, self.at).ok_or(NotPlain)?;
        Ok(())
    }

    /// Blank lines and the white space that starts a line (the careful reader skips any
    /// white space before a line), so a `\r\n` blank line or one of spaces stays plain.
    #[inline(always)]
    fn skip_blank_lines(&mut self) {
        while matches!(self.text.get(self.at), Some(b'\n' | b'\r' | b' ' | b'\t')) {
            self.at += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::assert_each_text;

    /// One test case as read: each position's moves, and the queries.
    type Read = (Vec<Vec<u32>>, Vec<Vec<u32>>);

    /// What the plain reader gives, a [`Read`] per test case.
    fn plain(text: &[u8]) -> Result<Vec<Read>, NotPlain> {
        let mut reader = Plain::new(text);
        let mut cases = Vec::new();
        while let Some(graph) = reader.graph(Vec::new(), Vec::new())? {
            let lists = (0..graph.len() as u32)
                .map(|p| graph.successors(p).to_vec())
                .collect();
            let mut queries = Vec::new();
            reader.queries(graph.len(), |pieces| queries.push(pieces.to_vec()))?;
            cases.push((lists, queries));
        }
        Ok(cases)
    }

    /// What the precise reader gives, in the same shape, or `None` for an error.
    fn precise(text: &[u8]) -> Option<Vec<Read>> {
        let input = super::super::parse(text).ok()?;
        Some(
            input
                .cases
                .into_iter()
                .map(|case| {
                    let graph = &case.value.graph;
                    let lists = (0..graph.len() as u32)
                        .map(|p| graph.successors(p).to_vec())
                        .collect();
                    (lists, case.value.queries.iter().map(<[u32]>::to_vec).collect())
                })
                .collect(),
        )
    }

    #[test]
    fn plain_text_reads_as_the_precise_reader_reads_it() {
        let text = b"\n4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";
        assert_eq!(plain(text).ok(), precise(text));
        assert_eq!(plain(b"1\n0\n1 0\n0").ok(), precise(b"1\n0\n1 0\n0"));
    }

    #[test]
    fn crlf_and_trailing_white_space_are_plain_and_read_the_same() {
        let text = "\n4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";
        let cases = plain(text.as_bytes()).expect("plain");
        for line_end in ["\r\n", " \n", " \r\n", "\t\n", "  \n"] {
            let spelled = text.replace('\n', line_end);
            assert_eq!(plain(spelled.as_bytes()).as_ref(), Ok(&cases), "{line_end:?}");
            assert_eq!(precise(spelled.as_bytes()).as_ref(), Some(&cases), "{line_end:?}");
        }
    }

    #[test]
    fn anything_unusual_is_not_plain() {
        assert_each_text(
            &[
                &b"1\n0\n1\t0\n0\n"[..],
                b"1\n0\n1 0\r0\n",
                b"1\n0\n1 0 \r 1\n0\n",
                b"1\n0\n1 -0\n0\n",
                b"1\n0\n1  0\n0\n",
                b"1\n0\n1 00000000\n0\n",
                b"1\n0\n1 1\n0\n",
                b"1\n1 1\n1 0\n0\n",
                b"0\n0\n",
                b"1\n0\n1 0\n",
                b"1\n0\n2 0\n0\n",
                b"1\n0\n1 0 0\n0\n",
                b"2\n0\n",
                b"1 0\n0\n0\n",
            ],
            plain,
            |_| Err(NotPlain),
        );
    }

    proptest::proptest! {
        /// Whatever the bytes, plain text is read as the precise reader reads it.
        #[test]
        fn what_is_plain_is_read_the_same(lines in proptest::collection::vec("(0|[1-3]|00|-0|x)( [0-3]| 07| -0){0,3}[ \r\t]?", 0..20)) {
            let text = lines.join("\n");
            if let Ok(cases) = plain(text.as_bytes()) {
                proptest::prop_assert_eq!(Some(cases), precise(text.as_bytes()));
            }
        }
    }
}

//! The judge format of "A Chess Game" (POJ 2425, `docs/rules/grundy.md`): game graphs and
//! queries of pieces.
//!
//! ```text
//! 4          a test case: N, the number of positions (at least 1), alone on its line
//! 2 1 2      N lines, one per position i = 0..N-1: X_i, then X_i out-positions in 0..N-1
//! 0
//! 1 3
//! 0
//! 1 0        queries, one per line: M >= 1, then the M positions of the pieces
//! 2 0 2
//! 0          a line `0` ends the test case's queries
//!            (blank lines are allowed between lines; test cases follow until end of input)
//! ```
//!
//! The parser is **line-aware**: a position's out-positions and a query's pieces must be on
//! the line of their count, so a count that does not match its line (a truncated line, or
//! one with numbers left over) is reported at that line instead of silently taking numbers
//! from the next one. Blank lines (and trailing spaces or `\r`) are allowed anywhere between
//! lines. Graphs may have cycles and repeated moves; the format itself does not forbid them.
//!
//! Speed: the input is read as bytes (no per-token allocation), eight bytes at a time for
//! plain numbers; a test case's moves go straight into the CSR arrays of a [`Graph`] and its
//! queries into one flat array. Out-positions and pieces outside `0..N-1` are errors of their
//! test case only: the lines keep their shape, so the next test case can still be read.

mod lines;
mod plain;
mod queries;
mod stream;
#[cfg(test)]
mod tests;

use tabletop_grundy::{Graph, Position};

use crate::combinators::{run, Outside};
use crate::error::{ParseError, Spanned};
use crate::lex::skip_space;
pub use plain::{NotPlain, Plain, QueriesRead};
pub use queries::Queries;
pub use stream::{first_case_end, CaseSplitter};

/// A whole judge input: its test cases in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyInput {
    /// The test cases, each with the span of its `N` line (where its errors point).
    pub cases: Vec<Spanned<GrundyCase>>,
}

/// One test case: a game graph and the queries on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyCase {
    /// The validated graph.
    pub graph: Graph,
    /// The queries, in input order.
    pub queries: Queries,
}

/// Parses a POJ 2425 input (any number of test cases, possibly none), all or nothing.
///
/// # Errors
/// A [`ParseError`] spanning the first offending text: non-numbers, `N` below 1, negative
/// counts, out-positions or pieces outside `0..N-1`, a count that does not match its line,
/// a query without pieces (a negative `M`, or `0` followed by positions), a missing `0` at
/// the end of a test case, and input that ends inside a test case.
///
/// ```
/// let input = tabletop_parse::grundy::parse(b"2\n1 1\n0\n2 0 1\n0\n")?;
/// let case = &input.cases[0].value;
/// assert_eq!(case.graph.successors(0), &[1]);
/// assert_eq!(case.queries.get(0), Some(&[0, 1][..]));
///
/// let error = tabletop_parse::grundy::parse(b"2\n1 2\n0\n0\n").unwrap_err();
/// assert_eq!(error.message, "out-position 2 of position 0 is outside 0..1");
/// # Ok::<(), tabletop_parse::ParseError>(())
/// ```
pub fn parse(source: &[u8]) -> Result<GrundyInput, ParseError> {
    let cases = cases(source).collect::<Result<Vec<_>, _>>()?;
    Ok(GrundyInput { cases })
}

/// The test cases of a POJ 2425 input one at a time, so that a caller can answer a test case
/// and drop it before the next is parsed (memory for one test case, not for the whole file).
///
/// By default the iterator ends after the first error. After [`Cases::keep_going`], a test
/// case whose lines are well formed but hold a position outside `0..N-1` yields its `Err`
/// and the next test case follows; an error in the lines themselves (a count that does not
/// match its line, a token that is not a number, `N` below 1, a truncated input) still ends
/// the iterator. Errors are those of [`parse`].
///
/// ```
/// let mut cases = tabletop_parse::grundy::cases(b"1\n0\n1 0\n0\n1\n1 3\n");
/// assert_eq!(cases.next().unwrap()?.value.queries.len(), 1);
/// assert!(cases.next().unwrap().is_err());
/// assert!(cases.next().is_none());
///
/// let text = b"1\n0\n1 5\n0\n1\n0\n1 0\n0\n";
/// let answers: Vec<_> = tabletop_parse::grundy::cases(text).keep_going().collect();
/// assert_eq!(answers[0].as_ref().unwrap_err().message, "piece position 5 is outside 0..0");
/// assert!(answers[1].is_ok());
/// # Ok::<(), tabletop_parse::ParseError>(())
/// ```
pub fn cases(source: &[u8]) -> Cases<'_> {
    Cases::new(source, source, TestCases::default())
}

/// Iterator over the test cases of an input; see [`cases`].
pub type Cases<'a> = crate::Cases<'a, TestCases<'a>>;

/// The POJ 2425 format read a test case at a time (see [`crate::Cases`]): the number of
/// the last test case, the buffers reused between test cases, the case being read.
#[derive(Debug, Clone, Default)]
pub struct TestCases<'a> {
    number: usize,
    spare: Spare,
    /// The first position out of range in the test case being read, and its N.
    outside: (Option<Outside<'a>>, u64),
    /// The length of the source (spans are checked against it).
    source_len: usize,
    case: Option<lines::CaseText>,
}

/// A [`Cases`] reader's state between two windows of one input; see [`Cases::suspend`].
#[derive(Debug, Clone, Default)]
pub struct Resume {
    number: usize,
    keep_going: bool,
    spare: Spare,
}

/// Buffers of a finished test case, reused by the next one (see [`Cases::recycle`]).
#[derive(Debug, Clone, Default)]
struct Spare {
    offsets: Vec<u32>,
    successors: Vec<Position>,
    queries: Queries,
}

impl crate::cases::Sealed for TestCases<'_> {}

impl<'a> crate::cases::Format<'a> for TestCases<'a> {
    type Case = GrundyCase;

    fn read(&mut self, source: &'a [u8], rest: &'a [u8]) -> Result<Option<&'a [u8]>, ParseError> {
        let rest = skip_space(rest);
        if rest.is_empty() {
            return Ok(None);
        }
        self.number += 1;
        self.source_len = source.len();
        let (n, number) = (source.len(), self.number);
        let (spare, outside) = (&mut self.spare, &mut self.outside);
        let (rest, case) = run(source, rest, |input| {
            lines::test_case(n, number, input, spare, outside)
        })?;
        self.case = Some(case);
        Ok(Some(rest))
    }

    fn lower(&mut self) -> Result<Spanned<GrundyCase>, ParseError> {
        match self.case.take() {
            Some(case) => case.lower(),
            None => Err(ParseError::new(0..0, "no test case was read")),
        }
    }

    fn partial(&mut self) -> Option<ParseError> {
        let (outside, positions) = (self.outside.0.take(), self.outside.1);
        outside.map(|first| lines::Case::outside(self.source_len, positions, first))
    }
}

impl Resume {
    /// The state of a reader that has read `cases` test cases (elsewhere, e.g. by
    /// [`Plain`]) with the [`Cases::keep_going`] setting `keep_going`: the next test case
    /// read with [`Cases::resume`] is number `cases + 1`.
    ///
    /// ```
    /// use tabletop_parse::grundy::{cases, Resume};
    /// let error = cases(b"1\n0\n1 7\n0\n").resume(Resume::after(4, false)).next().unwrap().unwrap_err();
    /// assert_eq!(error.message, "piece position 7 is outside 0..0");
    /// ```
    pub fn after(cases: usize, keep_going: bool) -> Resume {
        Resume {
            number: cases,
            keep_going,
            spare: Spare::default(),
        }
    }

    /// How many test cases have been read.
    pub fn cases(&self) -> usize {
        self.number
    }
}

impl Cases<'_> {
    /// Where this reader is, without the text: the number of the last test case, its
    /// [`Cases::keep_going`] setting and its buffers, for [`Cases::resume`].
    pub fn suspend(self) -> Resume {
        Resume {
            number: self.format.number,
            keep_going: self.keep_going,
            spare: self.format.spare,
        }
    }

    /// Continues where a suspended reader stopped: test cases are numbered on from its last
    /// one, its buffers are reused and its [`Cases::keep_going`] setting is kept. For input read
    /// a window at a time (see [`first_case_end`]): `cases(window).resume(earlier.suspend())`
    /// reads the next window as if it followed in one text (spans are relative to the window).
    ///
    /// ```
    /// use tabletop_parse::grundy::cases;
    /// let mut earlier = cases(b"1\n0\n1 0\n0\n");
    /// assert!(earlier.next().unwrap().is_ok());
    /// let state = earlier.suspend();
    /// let error = cases(b"1\n0\n1 7\n0\n").resume(state).next().unwrap().unwrap_err();
    /// assert_eq!(error.message, "piece position 7 is outside 0..0");
    /// ```
    #[must_use]
    pub fn resume(mut self, state: Resume) -> Self {
        self.format.number = state.number;
        self.keep_going = state.keep_going;
        self.format.spare = state.spare;
        self
    }

    /// Hands a test case's buffers back, so that the next test case is parsed into memory
    /// that is already allocated (and paged in) instead of growing fresh arrays.
    ///
    /// ```
    /// let mut cases = tabletop_parse::grundy::cases(b"1\n0\n1 0\n0\n2\n1 1\n0\n1 1\n0\n");
    /// while let Some(case) = cases.next() {
    ///     let case = case?;
    ///     assert_eq!(case.value.queries.len(), 1);
    ///     cases.recycle(case.value);
    /// }
    /// # Ok::<(), tabletop_parse::ParseError>(())
    /// ```
    pub fn recycle(&mut self, case: GrundyCase) {
        let (mut offsets, mut successors) = case.graph.into_csr();
        let mut queries = case.queries;
        if offsets.capacity() > self.format.spare.offsets.capacity() {
            offsets.clear();
            self.format.spare.offsets = offsets;
        }
        if successors.capacity() > self.format.spare.successors.capacity() {
            successors.clear();
            self.format.spare.successors = successors;
        }
        if queries.pieces.capacity() > self.format.spare.queries.pieces.capacity() {
            queries.clear();
            self.format.spare.queries = queries;
        }
    }
}

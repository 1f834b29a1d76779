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
mod queries;
mod stream;
#[cfg(test)]
mod tests;

use tabletop_grundy::{Graph, Position};

use crate::combinators::{first_in_text, run, Outside};
use crate::error::{ParseError, Spanned};
use crate::lex::skip_space;
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
    Cases {
        source,
        rest: source,
        number: 0,
        done: false,
        keep_going: false,
        spare: Spare::default(),
        outside: (None, 0),
        next_error: None,
    }
}

/// Iterator over the test cases of an input; see [`cases`].
#[derive(Debug, Clone)]
pub struct Cases<'a> {
    source: &'a [u8],
    rest: &'a [u8],
    number: usize,
    done: bool,
    keep_going: bool,
    spare: Spare,
    /// The first position out of range in the test case being read, and its N.
    outside: (Option<Outside<'a>>, u64),
    /// A syntax error to report after the error before it (see [`first_in_text`]).
    next_error: Option<ParseError>,
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

impl Cases<'_> {
    /// Where this reader is, without the text: the number of the last test case, its
    /// [`Cases::keep_going`] setting and its buffers, for [`Cases::resume`].
    pub fn suspend(self) -> Resume {
        Resume {
            number: self.number,
            keep_going: self.keep_going,
            spare: self.spare,
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
        self.number = state.number;
        self.keep_going = state.keep_going;
        self.spare = state.spare;
        self
    }

    /// Whether reading stopped at an error (and not at the end of the text): after that, the
    /// input that follows is not read, so a window-by-window reader stops too.
    pub fn stopped(&self) -> bool {
        self.done
    }

    /// Goes on after a test case whose positions are out of range (see [`cases`]).
    #[must_use]
    pub fn keep_going(mut self) -> Self {
        self.keep_going = true;
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
        if offsets.capacity() > self.spare.offsets.capacity() {
            offsets.clear();
            self.spare.offsets = offsets;
        }
        if successors.capacity() > self.spare.successors.capacity() {
            successors.clear();
            self.spare.successors = successors;
        }
        if queries.pieces.capacity() > self.spare.queries.pieces.capacity() {
            queries.clear();
            self.spare.queries = queries;
        }
    }
}

impl Iterator for Cases<'_> {
    type Item = Result<Spanned<GrundyCase>, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(error) = self.next_error.take() {
            return Some(Err(error));
        }
        if self.done {
            return None;
        }
        self.rest = skip_space(self.rest);
        if self.rest.is_empty() {
            return None;
        }
        self.number += 1;
        let (n, number) = (self.source.len(), self.number);
        let (spare, outside) = (&mut self.spare, &mut self.outside);
        match run(self.source, self.rest, |input| {
            lines::test_case(n, number, input, spare, outside)
        }) {
            Ok((rest, case)) => {
                self.rest = rest;
                let case = case.lower();
                self.done = case.is_err() && !self.keep_going;
                Some(case)
            }
            Err(error) => {
                self.done = true;
                let (outside, positions) = (self.outside.0.take(), self.outside.1);
                let partial = outside.map(|first| lines::Case::outside(n, positions, first));
                let (first, next) = first_in_text(error, partial);
                self.next_error = next.filter(|_| self.keep_going);
                Some(Err(first))
            }
        }
    }
}

//! The judge format of "A Chess Game" (POJ 2425): game graphs and queries of pieces.
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
//! Speed: the input is read as bytes by small hand-written nom parsers (no per-token
//! allocation); a test case's moves go straight into the CSR arrays of a [`Graph`] and its
//! queries into one flat array.

use nom::{Finish, Parser};
use tabletop_grundy::{Graph, Position};

use crate::atoms::{invalid, span, Input, PResult};
use crate::error::{located, NomError, ParseError, Spanned};

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

/// The queries of a test case, stored flat: the pieces of every query in one array.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Queries {
    /// `pieces[ends[q - 1]..ends[q]]` are the positions of query `q`'s pieces.
    ends: Vec<usize>,
    pieces: Vec<Position>,
}

impl Queries {
    /// Number of queries.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no query.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The pieces of query `index` (0-based).
    pub fn get(&self, index: usize) -> Option<&[Position]> {
        let end = *self.ends.get(index)?;
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        self.pieces.get(start..end)
    }

    /// Every query's pieces, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[Position]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.pieces[start..end])
    }

    /// The total number of pieces over all queries.
    pub fn piece_count(&self) -> usize {
        self.pieces.len()
    }
}

/// Parses a POJ 2425 input (any number of test cases, possibly none).
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
/// After an error the iterator ends. Errors are those of [`parse`].
///
/// ```
/// let mut cases = tabletop_parse::grundy::cases(b"1\n0\n1 0\n0\n1\n1 3\n");
/// assert_eq!(cases.next().unwrap()?.value.queries.len(), 1);
/// assert!(cases.next().unwrap().is_err());
/// assert!(cases.next().is_none());
/// # Ok::<(), tabletop_parse::ParseError>(())
/// ```
pub fn cases(source: &[u8]) -> Cases<'_> {
    Cases {
        source,
        rest: source,
        number: 0,
        failed: false,
        spare: Spare::default(),
    }
}

/// Iterator over the test cases of an input; see [`cases`].
#[derive(Debug, Clone)]
pub struct Cases<'a> {
    source: &'a [u8],
    rest: &'a [u8],
    number: usize,
    failed: bool,
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
            queries.pieces.clear();
            queries.ends.clear();
            self.spare.queries = queries;
        }
    }
}

impl Iterator for Cases<'_> {
    type Item = Result<Spanned<GrundyCase>, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        self.rest = skip_space(self.rest);
        if self.rest.is_empty() {
            return None;
        }
        self.number += 1;
        let (source, number) = (self.source, self.number);
        let spare = &mut self.spare;
        match (|input| test_case(source.len(), number, input, spare))
            .parse(self.rest)
            .finish()
        {
            Ok((rest, case)) => {
                self.rest = rest;
                Some(Ok(case))
            }
            Err(error) => {
                self.failed = true;
                Some(Err(located(source, error)))
            }
        }
    }
}

/// One test case, starting at its `N`.
fn test_case<'a>(
    n: usize,
    number: usize,
    input: Input<'a>,
    spare: &mut Spare,
) -> PResult<'a, Spanned<GrundyCase>> {
    let (rest, (positions, len)) = signed(input).map_err(|e| {
        expected(e, input, || {
            format!("the number of positions N of test case {number}")
        })
    })?;
    let header = span(n, input, rest);
    let rest = end_of_line(rest, || format!("the end of the line after N = {positions}"))?;
    if positions < 1 {
        return invalid(
            input,
            len,
            format!("a test case needs at least one position, but N = {positions}"),
        );
    }
    let offsets = std::mem::take(&mut spare.offsets);
    let successors = std::mem::take(&mut spare.successors);
    let (rest, graph) = position_lines(input, len, positions as u64, rest, offsets, successors)?;
    let queries = std::mem::take(&mut spare.queries);
    let (rest, queries) = query_lines(number, graph.len() as u64, rest, queries)?;
    Ok((
        rest,
        Spanned {
            value: GrundyCase { graph, queries },
            span: header,
        },
    ))
}

/// The `N` lines `X_i s_1 .. s_X`, straight into CSR arrays. `header` is the `N` token.
fn position_lines<'a>(
    header: Input<'a>,
    header_len: usize,
    positions: u64,
    mut input: Input<'a>,
    mut offsets: Vec<u32>,
    mut successors: Vec<Position>,
) -> PResult<'a, Graph> {
    let Ok(limit) = u32::try_from(positions) else {
        return invalid(header, header_len, format!("N = {positions} is too large"));
    };
    if limit == u32::MAX {
        return invalid(header, header_len, format!("N = {positions} is too large"));
    }
    // Reserve from what the input can hold, not from N (which may be a lie).
    offsets.clear();
    offsets.reserve((positions as usize).min(input.len() / 2) + 1);
    successors.clear();
    offsets.push(0);
    for position in 0..limit {
        let line = skip_space(input);
        if line.is_empty() {
            return invalid(
                line,
                0,
                format!(
                    "the input ends inside a test case: expected the line of position {position} \
                     (out of N = {positions}), found end of input"
                ),
            );
        }
        let (mut rest, (count, len)) = count_token(line).map_err(|e| {
            expected(e, line, || {
                format!("the number of out-positions of position {position}")
            })
        })?;
        if count < 0 {
            return invalid(
                line,
                len,
                format!("position {position} cannot have {count} out-positions"),
            );
        }
        // Each out-position takes at least two bytes ("1 "): reserve no more than the line
        // can hold.
        successors.reserve((count as usize).min(rest.len() / 2 + 1));
        // The common case in one tight loop; anything unusual (every error included) goes
        // through the careful loop below, which then starts over on this line.
        let before = successors.len();
        let listed_fast = match fast_list(rest, count as u64, positions, &mut successors) {
            Some(after) => {
                rest = after;
                count
            }
            None => {
                successors.truncate(before);
                0
            }
        };
        for listed in listed_fast..count {
            let at = skip_inline(rest);
            match signed(at) {
                Ok((after, (to, to_len))) => {
                    if to < 0 || to as u64 >= positions {
                        return invalid(
                            at,
                            to_len,
                            format!(
                                "out-position {to} of position {position} is outside 0..{}",
                                positions - 1
                            ),
                        );
                    }
                    successors.push(to as Position);
                    rest = after;
                }
                Err(nom::Err::Error(_)) if at_line_end(at) => {
                    return invalid(
                        line,
                        len,
                        format!(
                            "position {position} should have {}, \
                             but its line lists {listed}",
                            counted(count, "out-position")
                        ),
                    );
                }
                Err(e) => {
                    return Err(expected(e, at, || {
                        format!("an out-position of position {position}")
                    }))
                }
            }
        }
        input = match end_of_line(rest, String::new) {
            Ok(rest) => rest,
            Err(_) if signed(skip_inline(rest)).is_ok() => {
                return invalid(
                    line,
                    len,
                    format!(
                        "position {position} should have {}, \
                         but its line lists more",
                        counted(count, "out-position")
                    ),
                )
            }
            Err(_) => {
                let at = skip_inline(rest);
                return Err(expected(nom_error(at), at, || {
                    format!("an out-position of position {position} or the end of its line")
                }));
            }
        };
        offsets.push(successors.len() as u32);
        if successors.len() >= u32::MAX as usize {
            return invalid(line, len, "too many moves: at most 2^32 - 2 per test case");
        }
    }
    match Graph::from_csr(offsets, successors) {
        Ok(graph) => Ok((input, graph)),
        // Every rule was checked above; report the rest at the test case, just in case.
        Err(error) => invalid(header, header_len, error.to_string()),
    }
}

/// Query lines `M p_1 .. p_M` until a line `0`.
fn query_lines(
    number: usize,
    positions: u64,
    mut input: Input<'_>,
    mut queries: Queries,
) -> PResult<'_, Queries> {
    queries.ends.clear();
    queries.pieces.clear();
    loop {
        let line = skip_space(input);
        if line.is_empty() {
            return invalid(
                line,
                0,
                format!(
                    "test case {number} has no final `0` line: expected a query `M p_1 .. p_M`, \
                     or `0` to end the test case, found end of input"
                ),
            );
        }
        let (mut rest, (count, len)) = count_token(line).map_err(|e| {
            expected(e, line, || {
                format!("a query `M p_1 .. p_M`, or `0` to end test case {number}")
            })
        })?;
        if count == 0 {
            return match end_of_line(rest, String::new) {
                Ok(rest) => Ok((rest, queries)),
                Err(_) => invalid(
                    line,
                    len,
                    "a query needs at least one piece (`0` alone on its line ends the test case)",
                ),
            };
        }
        if count < 0 {
            return invalid(
                line,
                len,
                format!("a query needs at least one piece, but M = {count}"),
            );
        }
        let before = queries.pieces.len();
        let listed_fast = match fast_list(rest, count as u64, positions, &mut queries.pieces) {
            Some(after) => {
                rest = after;
                count
            }
            None => {
                queries.pieces.truncate(before);
                0
            }
        };
        for listed in listed_fast..count {
            let at = skip_inline(rest);
            match signed(at) {
                Ok((after, (piece, piece_len))) => {
                    if piece < 0 || piece as u64 >= positions {
                        return invalid(
                            at,
                            piece_len,
                            format!("piece position {piece} is outside 0..{}", positions - 1),
                        );
                    }
                    queries.pieces.push(piece as Position);
                    rest = after;
                }
                Err(nom::Err::Error(_)) if at_line_end(at) => {
                    let hint = if listed == 0 {
                        format!(" (is the line `0` that ends test case {number} missing?)")
                    } else {
                        String::new()
                    };
                    return invalid(
                        line,
                        len,
                        format!(
                            "the query should have {}, but its line lists {listed}{hint}",
                            counted(count, "piece")
                        ),
                    );
                }
                Err(e) => return Err(expected(e, at, || "the position of a piece".to_string())),
            }
        }
        input = match end_of_line(rest, String::new) {
            Ok(rest) => rest,
            Err(_) if signed(skip_inline(rest)).is_ok() => {
                return invalid(
                    line,
                    len,
                    format!(
                        "the query should have {}, but its line lists more",
                        counted(count, "piece")
                    ),
                )
            }
            Err(_) => {
                let at = skip_inline(rest);
                return Err(expected(nom_error(at), at, || {
                    "the position of a piece or the end of the line".to_string()
                }));
            }
        };
        queries.ends.push(queries.pieces.len());
    }
}

/// A decimal integer with an optional minus sign, and the number of bytes it spans; the
/// hot path of the format, by hand over bytes.
///
/// No digit is a (recoverable) error; a token that starts like a number but goes on with
/// something else (`12x`) or that has more than 18 digits is a failure at the token.
#[inline(always)]
fn signed(input: Input<'_>) -> PResult<'_, (i64, usize)> {
    let negative = input.first() == Some(&b'-');
    let start = usize::from(negative);
    let mut value: i64 = 0;
    let mut end = start;
    while let Some(&byte) = input.get(end) {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value.wrapping_mul(10).wrapping_add(i64::from(digit));
        end += 1;
    }
    if end == start {
        return Err(nom_error(input));
    }
    if input.get(end).is_some_and(|b| !b.is_ascii_whitespace()) {
        let token = crate::error::next_token(input);
        return invalid(
            input,
            token.len(),
            format!("`{}` is not a number", String::from_utf8_lossy(token)),
        );
    }
    if end - start > 18 {
        return invalid(
            input,
            end,
            format!("number {} is too large", String::from_utf8_lossy(&input[..end])),
        );
    }
    Ok((&input[end..], (if negative { -value } else { value }, end)))
}

/// `1 piece`, `2 pieces`.
fn counted(count: i64, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// A count at the start of a line: the fast path for a plain number, else [`signed`].
#[inline(always)]
fn count_token(input: Input<'_>) -> PResult<'_, (i64, usize)> {
    match fast_number(input) {
        Some((value, len)) => Ok((&input[len..], (value as i64, len))),
        None => signed(input),
    }
}

/// The fast path of a line: `count` numbers below `limit`, each after one space, appended to
/// `out`; the rest of the input after the last one. `None` for anything else (the caller
/// then undoes the appends and takes the careful path, which finds and reports any error).
#[inline(always)]
fn fast_list<'a>(mut input: Input<'a>, count: u64, limit: u64, out: &mut Vec<Position>) -> Option<Input<'a>> {
    for _ in 0..count {
        let (&space, rest) = input.split_first()?;
        if space != b' ' {
            return None;
        }
        let (value, len) = fast_number(rest)?;
        if value >= limit {
            return None;
        }
        out.push(value as Position);
        input = &rest[len..];
    }
    Some(input)
}

/// A plain decimal number of 1 to 7 digits followed by a space, tab, `\r`, `\n` or the end
/// of the input, and its length; `None` for anything else (including signs and longer
/// numbers, which [`signed`] handles). Eight bytes at a time (SWAR) when eight are there.
#[inline(always)]
fn fast_number(input: Input<'_>) -> Option<(u64, usize)> {
    let Some(chunk) = input.first_chunk::<8>() else {
        // Near the end of the input: digit by digit.
        let len = input
            .iter()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(input.len());
        if len == 0
            || len > 7
            || input
                .get(len)
                .is_some_and(|b| !matches!(b, b' ' | b'\n' | b'\r' | b'\t'))
        {
            return None;
        }
        let value = input[..len]
            .iter()
            .fold(0u64, |v, &b| v * 10 + u64::from(b - b'0'));
        return Some((value, len));
    };
    // Digits become 0..9 in their byte; any other byte gets a bit in its high nibble (a carry
    // out of a non-digit byte only disturbs later bytes, after the first non-digit).
    let digits = u64::from_le_bytes(*chunk) ^ 0x3030_3030_3030_3030;
    let non_digit = (digits | digits.wrapping_add(0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0;
    // (The top bit keeps the operand non-zero, so no zero check; eight digits still fail
    // below, the byte after seven digits being a digit.)
    let len = ((non_digit | 1 << 63).trailing_zeros() / 8) as usize;
    if len == 0 || !matches!(chunk[len], b' ' | b'\n' | b'\r' | b'\t') {
        return None;
    }
    // The digits moved to the top bytes (leading zeros below), the first digit the most
    // significant; then pairs, quads and the whole combined by multiply-and-shift.
    let mut v = digits << (64 - 8 * len);
    v = (v.wrapping_mul(10).wrapping_add(v >> 8)) & 0x00FF_00FF_00FF_00FF;
    v = (v.wrapping_mul(100).wrapping_add(v >> 16)) & 0x0000_FFFF_0000_FFFF;
    v = (v.wrapping_mul(10_000).wrapping_add(v >> 32)) & 0xFFFF_FFFF;
    Some((v, len))
}

/// Skips spaces, tabs and carriage returns (not newlines).
#[inline(always)]
fn skip_inline(input: Input<'_>) -> Input<'_> {
    let skip = input
        .iter()
        .position(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
        .unwrap_or(input.len());
    &input[skip..]
}

/// Skips any white space, blank lines included.
#[inline]
fn skip_space(input: Input<'_>) -> Input<'_> {
    let skip = input
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(input.len());
    &input[skip..]
}

/// Whether `input` (after inline space) is at a newline or the end of the input.
fn at_line_end(input: Input<'_>) -> bool {
    matches!(input.first(), None | Some(b'\n'))
}

/// Optional inline space, then a newline or the end of the input; else an error saying
/// what was expected.
#[inline(always)]
fn end_of_line<'a>(
    input: Input<'a>,
    what: impl FnOnce() -> String,
) -> Result<Input<'a>, nom::Err<NomError<Input<'a>>>> {
    let rest = skip_inline(input);
    match rest.first() {
        None => Ok(rest),
        Some(b'\n') => Ok(&rest[1..]),
        Some(_) => Err(expected(nom_error(rest), rest, what)),
    }
}

/// A plain nom error at `input` (nothing matched).
fn nom_error(input: Input<'_>) -> nom::Err<NomError<Input<'_>>> {
    nom::Err::Error(
        <NomError<Input<'_>> as nom::error::ParseError<Input<'_>>>::from_error_kind(
            input,
            nom::error::ErrorKind::Digit,
        ),
    )
}

/// Turns a recoverable error at `input` into a failure "expected WHAT, found ...". Failures
/// (which already say what is wrong) pass through. `what` runs only on the error path.
fn expected<'a>(
    error: nom::Err<NomError<Input<'a>>>,
    input: Input<'a>,
    what: impl FnOnce() -> String,
) -> nom::Err<NomError<Input<'a>>> {
    match error {
        nom::Err::Error(_) => {
            let token = crate::error::next_token(input);
            let found = match input.first() {
                None => "end of input".to_string(),
                Some(b'\n') => "the end of the line".to_string(),
                Some(_) => format!("`{}`", String::from_utf8_lossy(token)),
            };
            nom::Err::Failure(NomError::at(
                input,
                token.len(),
                format!("expected {}, found {found}", what()),
            ))
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SAMPLE: &str =
        "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";

    fn error(text: &str) -> (usize, usize, String) {
        crate::error::rejection(text, parse)
    }

    #[test]
    fn sample_parses() {
        let input = parse(SAMPLE.as_bytes()).unwrap();
        assert_eq!(input.cases.len(), 2);
        let first = &input.cases[0].value;
        assert_eq!(first.graph.offsets(), &[0, 2, 2, 3, 3]);
        assert_eq!(first.graph.successor_array(), &[1, 2, 3]);
        assert_eq!(
            first.queries.iter().collect::<Vec<_>>(),
            vec![&[0][..], &[0, 2][..]]
        );
        let second = &input.cases[1].value;
        assert_eq!(second.queries.len(), 3);
        assert_eq!(second.queries.get(2), Some(&[0, 1, 3][..]));
        assert_eq!(second.queries.get(3), None);
        assert_eq!(second.queries.piece_count(), 7);
        assert_eq!(input.cases[1].span, 29..30);
    }

    #[test]
    fn recycled_buffers_give_the_same_cases() {
        // A big case, then smaller ones, then a big one again: buffers shrink and grow.
        let mut text = String::from("5\n4 1 2 3 4\n3 2 3 4\n2 3 4\n1 4\n0\n3 0 1 2\n2 3 4\n0\n");
        text.push_str(SAMPLE);
        text.push_str("1\n0\n1 0\n0\n6\n1 1\n1 2\n1 3\n1 4\n1 5\n1 0\n6 0 1 2 3 4 5\n0\n");
        let expected = parse(text.as_bytes()).unwrap().cases;
        let mut cases = cases(text.as_bytes());
        let mut seen = Vec::new();
        while let Some(case) = cases.next() {
            let case = case.unwrap();
            seen.push(case.clone());
            cases.recycle(case.value);
        }
        assert_eq!(seen, expected);
        assert_eq!(seen.len(), 5);
    }

    #[test]
    fn layout_is_forgiving_about_blank_lines_and_line_ends() {
        let text = "\n\n2 \r\n\n1 1\r\n0\n\n1 0  \n0";
        let input = parse(text.as_bytes()).unwrap();
        assert_eq!(input.cases[0].value.queries.len(), 1);
        assert_eq!(parse(b"").unwrap().cases.len(), 0);
        assert_eq!(parse(b" \n\n").unwrap().cases.len(), 0);
        // Self-loops and repeated moves are part of the format.
        let input = parse(b"2\n3 0 1 1\n0\n0\n").unwrap();
        assert_eq!(input.cases[0].value.graph.successors(0), &[0, 1, 1]);
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(
            error("2\n1 2\n0\n0\n"),
            (2, 3, "out-position 2 of position 0 is outside 0..1".into())
        );
        assert_eq!(
            error("2\n1 -1\n0\n0\n"),
            (2, 3, "out-position -1 of position 0 is outside 0..1".into())
        );
        assert_eq!(
            error("2\n2 1\n0\n0\n"),
            (
                2,
                1,
                "position 0 should have 2 out-positions, but its line lists 1".into()
            )
        );
        assert_eq!(
            error("2\n1 1 0\n0\n0\n"),
            (
                2,
                1,
                "position 0 should have 1 out-position, but its line lists more".into()
            )
        );
        assert_eq!(
            error("2\n-1\n0\n0\n"),
            (2, 1, "position 0 cannot have -1 out-positions".into())
        );
        assert_eq!(
            error("2\n1 x\n0\n0\n"),
            (2, 3, "expected an out-position of position 0, found `x`".into())
        );
        assert_eq!(error("2\n1 1x\n0\n0\n"), (2, 3, "`1x` is not a number".into()));
        assert_eq!(
            error("0\n"),
            (1, 1, "a test case needs at least one position, but N = 0".into())
        );
        assert_eq!(
            error("-3\n"),
            (1, 1, "a test case needs at least one position, but N = -3".into())
        );
        assert_eq!(
            error("two\n"),
            (
                1,
                1,
                "expected the number of positions N of test case 1, found `two`".into()
            )
        );
        assert_eq!(
            error("2 1\n"),
            (1, 3, "expected the end of the line after N = 2, found `1`".into())
        );
        assert_eq!(
            error("3\n0\n0\n"),
            (
                4,
                1,
                "the input ends inside a test case: expected the line of position 2 (out of N = 3), \
                 found end of input"
                    .into()
            )
        );
        assert_eq!(
            error("1\n0\n1 0\n"),
            (
                4,
                1,
                "test case 1 has no final `0` line: expected a query `M p_1 .. p_M`, or `0` to end \
                 the test case, found end of input"
                    .into()
            )
        );
        assert_eq!(
            error("1\n0\n1 1\n0\n"),
            (3, 3, "piece position 1 is outside 0..0".into())
        );
        assert_eq!(
            error("1\n0\n-2 0 0\n0\n"),
            (3, 1, "a query needs at least one piece, but M = -2".into())
        );
        assert_eq!(
            error("1\n0\n0 0\n0\n"),
            (
                3,
                1,
                "a query needs at least one piece (`0` alone on its line ends the test case)".into()
            )
        );
        assert_eq!(
            error("1\n0\n3 0 0\n0\n"),
            (
                3,
                1,
                "the query should have 3 pieces, but its line lists 2".into()
            )
        );
        assert_eq!(
            error("1\n0\n1 0 0\n0\n"),
            (
                3,
                1,
                "the query should have 1 piece, but its line lists more".into()
            )
        );
        // A missing terminator: the next test case's N reads as a query without pieces.
        assert_eq!(
            error("1\n0\n1 0\n1\n0\n0\n"),
            (
                4,
                1,
                "the query should have 1 piece, but its line lists 0 \
                 (is the line `0` that ends test case 1 missing?)"
                    .into()
            )
        );
        assert_eq!(
            error("1\n0\n1 0 x\n0\n"),
            (
                3,
                5,
                "expected the position of a piece or the end of the line, found `x`".into()
            )
        );
        assert_eq!(
            error("1\n0\n99999999999999999999 0\n0\n"),
            (3, 1, "number 99999999999999999999 is too large".into())
        );
        assert_eq!(
            error("5000000000\n"),
            (1, 1, "N = 5000000000 is too large".into())
        );
    }

    #[test]
    fn a_large_n_with_few_lines_is_truncated_not_a_huge_allocation() {
        let message = error("4000000000\n0\n").2;
        assert!(message.contains("the input ends inside a test case"), "{message}");
    }

    #[test]
    fn the_fast_number_path_agrees_with_the_careful_one() {
        let check = |text: &[u8]| {
            let careful = match signed(text) {
                Ok((_, (value, len))) if value >= 0 && len <= 7 && text.first() != Some(&b'-') => {
                    let next = text.get(len);
                    (next.is_none() || matches!(next, Some(b' ' | b'\n' | b'\r' | b'\t')))
                        .then_some((value as u64, len))
                }
                _ => None,
            };
            assert_eq!(fast_number(text), careful, "{:?}", String::from_utf8_lossy(text));
        };
        for value in (0..1_000_000u64).chain([9_999_999, 1_234_567, 7_654_321, 10_000_000]) {
            for tail in [&b" 12345678"[..], b"\n", b"", b"\r\n0 0 0 0", b"x       ", b"\t"] {
                let mut text = value.to_string().into_bytes();
                text.extend_from_slice(tail);
                check(&text);
            }
        }
        for text in [
            &b"0123 "[..],
            b"00000000 ",
            b"0000000 ",
            b"-1 ",
            b" 1",
            b":",
            b"9/",
            b"1\x0c",
            b"12345678",
        ] {
            check(text);
        }
    }

    proptest! {
        #[test]
        fn fast_number_matches_careful_on_any_bytes(bytes in proptest::collection::vec(
            prop_oneof![Just(b'0'), Just(b'5'), Just(b'9'), Just(b' '), Just(b'\n'), Just(b'/'), Just(b':'), Just(b'-'), any::<u8>()],
            0..12,
        )) {
            let careful = match signed(&bytes) {
                Ok((_, (value, len))) if value >= 0 && len <= 7 && bytes.first() != Some(&b'-') => {
                    let next = bytes.get(len);
                    (next.is_none() || matches!(next, Some(b' ' | b'\n' | b'\r' | b'\t')))
                        .then_some((value as u64, len))
                }
                _ => None,
            };
            prop_assert_eq!(fast_number(&bytes), careful);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn arbitrary_text_never_panics(text in "[0-9 \\-\\n\\rx]{0,60}") {
            let _ = parse(text.as_bytes());
        }

        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
            let _ = parse(&bytes);
        }

        #[test]
        fn errors_point_inside_the_input(text in "[0-3 \\n-]{0,40}") {
            if let Err(error) = parse(text.as_bytes()) {
                prop_assert!(error.span.start <= error.span.end);
                prop_assert!(error.span.end <= text.len());
            }
        }
    }
}

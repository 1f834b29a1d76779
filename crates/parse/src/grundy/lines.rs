//! The syntax of one test case: the `N` line, the position lines and the query lines, read
//! into CSR arrays and a flat query list (the hot path of the format).

use std::borrow::Cow;
use std::ops::Range;

use tabletop_grundy::{Graph, Position};

use super::{GrundyCase, Queries, Spare};
use crate::combinators::{counted, counted_line, expect, invalid, span, LineError, Outside};
use crate::error::{ParseError, Spanned};
use crate::fast::fast_number;
use crate::lex::{line_end, number, skip_space, Input, Num, PResult};

/// One test case as read, before its graph is built.
#[derive(Debug, Clone)]
pub(super) struct CaseText {
    /// The span of the `N` token.
    header: Range<usize>,
    offsets: Vec<u32>,
    successors: Vec<Position>,
    queries: Queries,
    /// The first number outside its range (an error of this test case only).
    outside: Option<ParseError>,
}

impl CaseText {
    /// Lowers the test case: its range error if any, else [`Graph::from_csr`], whose errors
    /// (none are expected: the lines were checked) are located at the `N` line.
    pub(super) fn lower(self) -> Result<Spanned<GrundyCase>, ParseError> {
        if let Some(error) = self.outside {
            return Err(error);
        }
        match Graph::from_csr(self.offsets, self.successors) {
            Ok(graph) => Ok(Spanned {
                value: GrundyCase {
                    graph,
                    queries: self.queries,
                },
                span: self.header,
            }),
            Err(error) => Err(ParseError::new(self.header, error.to_string())),
        }
    }
}

/// Where numbers are read and how messages are worded for one test case.
pub(super) struct Case {
    /// The test case's number, from 1.
    number: usize,
    /// N.
    positions: u64,
}

/// The `line` tag of a query's counted line.
const QUERY: u64 = u64::MAX;

impl Case {
    /// The error of the first number outside `0..N`, tagged with its position (or
    /// [`QUERY`]).
    pub(super) fn outside(n: usize, positions: u64, outside: Outside<'_>) -> ParseError {
        let Outside { at, value, line } = outside;
        let start = n - at.len();
        let message = if line == QUERY {
            format!("piece position {value} is outside 0..{}", positions - 1)
        } else {
            format!(
                "out-position {value} of position {line} is outside 0..{}",
                positions - 1
            )
        };
        ParseError::new(start..start + value.len, message)
    }
}

/// One test case, starting at its `N`. `outside` receives the first number outside its range
/// as soon as it is read (so that it is known even if a later line stops the reading), and
/// N with it.
#[inline(never)]
pub(super) fn test_case<'a>(
    n: usize,
    number: usize,
    input: Input<'a>,
    spare: &mut Spare,
    outside: &mut (Option<Outside<'a>>, u64),
) -> PResult<'a, CaseText> {
    outside.0 = None;
    let (rest, count) = expect(crate::lex::number(input), || {
        format!("the number of positions N of test case {number}").into()
    })?;
    let header = span(n, input, rest);
    let (rest, ()) = expect(line_end(rest), || {
        format!("the end of the line after N = {count}").into()
    })?;
    let positions = match count.natural() {
        Some(0) | None => {
            return invalid(
                input,
                count.len,
                format!("a test case needs at least one position, but N = {count}"),
            )
        }
        Some(positions) if positions >= u64::from(u32::MAX) => {
            return invalid(
                input,
                count.len,
                format!(
                    "N = {count} is too large: a test case has at most {} positions",
                    u32::MAX - 1
                ),
            )
        }
        Some(positions) => positions,
    };
    outside.1 = positions;
    let case = Case { number, positions };
    let (offsets, successors) = (
        std::mem::take(&mut spare.offsets),
        std::mem::take(&mut spare.successors),
    );
    let (rest, (offsets, successors)) = position_lines(&case, rest, offsets, successors, &mut outside.0)?;
    let (rest, queries) = query_lines(&case, rest, std::mem::take(&mut spare.queries), &mut outside.0)?;
    Ok((
        rest,
        CaseText {
            header,
            offsets,
            successors,
            queries,
            outside: outside.0.take().map(|first| Case::outside(n, positions, first)),
        },
    ))
}

/// The `N` lines `X_i s_1 .. s_X`, straight into CSR arrays.
fn position_lines<'a>(
    case: &Case,
    mut input: Input<'a>,
    mut offsets: Vec<u32>,
    mut successors: Vec<Position>,
    outside: &mut Option<Outside<'a>>,
) -> PResult<'a, (Vec<u32>, Vec<Position>)> {
    let positions = case.positions;
    // Reserve from what the input can hold, not from N (which may be a lie).
    offsets.clear();
    offsets.reserve((positions as usize).min(input.len() / 2) + 1);
    successors.clear();
    offsets.push(0);
    for position in 0..positions {
        let line = skip_space(input);
        if line.is_empty() {
            let message = format!(
                "the input ends inside a test case: expected the line of position {position} \
                 (out of N = {positions}), found end of input"
            );
            return invalid(line, 0, message);
        }
        let (rest, count) = count_token(line, || {
            format!("the number of out-positions of position {position}")
        })?;
        let Some(moves) = count.natural() else {
            return invalid(
                line,
                count.len,
                format!("position {position} cannot have {count} out-positions"),
            );
        };
        // Each out-position takes at least two bytes ("1 "): reserve no more than the line
        // can hold. (Queries are short: their array grows as usual.)
        successors.reserve((moves as usize).min(rest.len() / 2 + 1));
        input = match counted_line(rest, moves, positions, position, &mut successors, outside) {
            Ok(rest) => rest,
            Err(error) => {
                let listed = |listed| {
                    counted_error(
                        line,
                        count,
                        listed,
                        format!(
                            "position {position} should have {}",
                            counted(moves, "out-position")
                        ),
                    )
                };
                return match error {
                    LineError::Short(n) => listed(n.to_string()),
                    LineError::Long => listed("more".to_string()),
                    LineError::Token(error, at_end) => expect(Err(error), || {
                        let or_end = if at_end { " or the end of its line" } else { "" };
                        format!("an out-position of position {position}{or_end}").into()
                    }),
                };
            }
        };
        offsets.push(successors.len() as u32);
        if successors.len() >= u32::MAX as usize {
            return invalid(line, count.len, "too many moves: at most 2^32 - 2 per test case");
        }
    }
    Ok((input, (offsets, successors)))
}

/// The count at the start of a line, labelled `what` if it is not a number. Plain numbers
/// take the fast path (the hot path: no error handling in its way); anything else goes
/// through [`number`] out of line.
#[inline(always)]
fn count_token<'a>(line: Input<'a>, what: impl FnOnce() -> String) -> PResult<'a, Num> {
    match fast_number(line) {
        Some((magnitude, len)) => {
            let count = Num {
                negative: false,
                magnitude,
                len,
            };
            Ok((&line[len..], count))
        }
        None => careful_count(line, what),
    }
}

/// [`count_token`] for anything but a plain number.
#[inline(never)]
fn careful_count<'a>(line: Input<'a>, what: impl FnOnce() -> String) -> PResult<'a, Num> {
    expect(number(line), || Cow::Owned(what()))
}

/// "`stated`, but its line lists `listed`", at the count.
fn counted_error<T>(line: Input<'_>, count: Num, listed: String, stated: String) -> PResult<'_, T> {
    invalid(line, count.len, format!("{stated}, but its line lists {listed}"))
}

/// Query lines `M p_1 .. p_M` until a line `0`.
fn query_lines<'a>(
    case: &Case,
    mut input: Input<'a>,
    mut queries: Queries,
    outside: &mut Option<Outside<'a>>,
) -> PResult<'a, Queries> {
    let number = case.number;
    queries.clear();
    loop {
        let line = skip_space(input);
        if line.is_empty() {
            let message = format!(
                "test case {number} has no final `0` line: expected a query `M p_1 .. p_M`, \
                 or `0` to end the test case, found end of input"
            );
            return invalid(line, 0, message);
        }
        let (rest, count) = count_token(line, || {
            format!("a query `M p_1 .. p_M`, or `0` to end test case {number}")
        })?;
        let pieces = match count.natural() {
            Some(0) => {
                return match line_end(rest) {
                    Ok((rest, ())) => Ok((rest, queries)),
                    Err(_) => invalid(
                        line,
                        count.len,
                        "a query needs at least one piece (`0` alone on its line ends the test case)",
                    ),
                }
            }
            Some(pieces) => pieces,
            None => {
                return invalid(
                    line,
                    count.len,
                    format!("a query needs at least one piece, but M = {count}"),
                )
            }
        };
        input = match counted_line(rest, pieces, case.positions, QUERY, &mut queries.pieces, outside) {
            Ok(rest) => rest,
            Err(error) => return query_error(line, count, pieces, number, error),
        };
        queries.ends.push(queries.pieces.len());
    }
}

/// The error of a query line that does not hold its count of pieces.
fn query_error<'a, T>(
    line: Input<'a>,
    count: Num,
    pieces: u64,
    number: usize,
    error: LineError<'a>,
) -> PResult<'a, T> {
    let stated = format!("the query should have {}", counted(pieces, "piece"));
    match error {
        LineError::Short(0) => counted_error(
            line,
            count,
            format!("0 (is the line `0` that ends test case {number} missing?)"),
            stated,
        ),
        LineError::Short(listed) => counted_error(line, count, listed.to_string(), stated),
        LineError::Long => counted_error(line, count, "more".to_string(), stated),
        LineError::Token(error, at_end) => expect(Err(error), || {
            let or_end = if at_end { " or the end of the line" } else { "" };
            format!("the position of a piece{or_end}").into()
        }),
    }
}

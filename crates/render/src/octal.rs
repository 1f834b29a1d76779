//! The output of `tabletop octal`: the nim-values line, the period line, the answer to a
//! query (a sum of heaps), one JSON object, and the `--stats` line.
//!
//! | writer | writes |
//! |---|---|
//! | [`write_values`] | `G(0) … G(N)` on one line, separated by single spaces |
//! | [`write_period`] | `period P preperiod I` or `no period up to N` |
//! | [`write_query`] | `WIN` or `LOSE`, then a winning move (`heap 1 (3 tokens): take 2, leave 1`) |
//! | [`write_plain`] | the values line or the query's answer, then the period line if asked |
//! | [`write_json`] | `{"code", "heaps", "values", "period"?, "query"?}` on one line |
//! | [`write_stats`] | time, values per second, the sparse-space mask and its counts |
//! | [`write_value_run`], [`write_json_head`], [`write_json_tail`] | the same lines and object piece by piece, for values written as they are computed |
//! | [`write_tally`] | the published tables' numbers: method, rare mask and heaps, largest value, frequencies |
//!
//! ```
//! use tabletop_octal::{NimSequence, OctalCode};
//! use tabletop_render::octal::{write_plain, Query};
//!
//! let kayles = OctalCode::new(&[0, 7, 7])?;
//! let sequence = NimSequence::compute(&kayles, 6);
//! let text = tabletop_render::to_string(|out| write_plain(out, sequence.values(), Some(sequence.period()), None));
//! assert_eq!(text, "0 1 2 3 1 4 3\nno period up to 6\n");
//!
//! // Heaps 3 and 4 (values 3 and 1): take 2 from the 3, leaving 1 (value 1).
//! let query = Query::new(&kayles, sequence.values(), &[3, 4])?;
//! let text = tabletop_render::to_string(|out| write_plain(out, sequence.values(), None, Some(&query)));
//! assert_eq!(text, "WIN\nheap 1 (3 tokens): take 2, leave 1\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::{self, Write};
use std::time::Duration;

use itertools::Itertools;
use serde::Serialize;
use tabletop_grundy::Outcome;
use tabletop_octal::{HeapMove, MethodUsed, OctalCode, Period, QueryError, SparseStats, Tally};

/// The answer to a query: who wins a sum of heaps, and a winning move when there is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Query {
    /// `WIN` or `LOSE` for the player to move.
    pub outcome: Outcome,
    /// A winning move (`None` when the sum is lost).
    pub best: Option<HeapMove>,
}

impl Query {
    /// The answer for `heaps`, from the values `G(0..=N)` of `code`.
    ///
    /// # Errors
    /// When a heap is larger than `N`.
    pub fn new(code: &OctalCode, values: &[u32], heaps: &[u64]) -> Result<Query, QueryError> {
        Ok(Query {
            outcome: tabletop_octal::heaps_outcome(values, heaps)?,
            best: code.winning_move(values, heaps)?,
        })
    }
}

/// `G(0) G(1) … G(N)` and a newline.
pub fn write_values<W: Write + ?Sized>(out: &mut W, values: &[u32]) -> fmt::Result {
    writeln!(out, "{}", values.iter().format(" "))
}

/// `period P preperiod I` (`period` proven) or `no period up to N` (`None`), and a newline.
pub fn write_period<W: Write + ?Sized>(out: &mut W, period: Option<Period>, n: usize) -> fmt::Result {
    match period {
        Some(p) => writeln!(out, "period {} preperiod {}", p.period, p.preperiod),
        None => writeln!(out, "no period up to {n}"),
    }
}

/// `WIN` or `LOSE` on one line, then the winning move on the next if there is one.
pub fn write_query<W: Write + ?Sized>(out: &mut W, query: &Query) -> fmt::Result {
    writeln!(out, "{}", query.outcome)?;
    match &query.best {
        Some(best) => writeln!(out, "{best}"),
        None => Ok(()),
    }
}

/// The plain output of `tabletop octal` for the values `G(0..=N)`: the query's answer when
/// there is a query, else the values line; then, when the period was looked for (`period`
/// is `Some`), the period line.
pub fn write_plain<W: Write + ?Sized>(
    out: &mut W,
    values: &[u32],
    period: Option<Option<Period>>,
    query: Option<&Query>,
) -> fmt::Result {
    match query {
        Some(query) => write_query(out, query)?,
        None => write_values(out, values)?,
    }
    match period {
        Some(period) => write_period(out, period, values.len().saturating_sub(1)),
        None => Ok(()),
    }
}

/// `{"code", "heaps", "values", "period"?, "query"?}`: `period` only when it was looked for.
#[derive(Serialize)]
struct OctalLine<'a> {
    code: String,
    heaps: usize,
    values: &'a [u32],
    #[serde(skip_serializing_if = "Option::is_none")]
    period: Option<Option<PeriodView>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    query: Option<QueryView>,
}

/// `{"period", "preperiod"}`.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct PeriodView {
    period: usize,
    preperiod: usize,
}

impl From<Period> for PeriodView {
    fn from(p: Period) -> PeriodView {
        PeriodView {
            period: p.period,
            preperiod: p.preperiod,
        }
    }
}

/// `{"outcome", "move"}` of a sum of heaps.
#[derive(Serialize)]
pub(crate) struct QueryView {
    outcome: &'static str,
    #[serde(rename = "move")]
    best: Option<HeapMoveView>,
}

/// `{"heap", "size", "take", "leave"}`, the heap numbered from 1.
#[derive(Serialize)]
struct HeapMoveView {
    heap: usize,
    size: u64,
    take: u64,
    leave: Vec<u64>,
}

/// One JSON object on one line ([`crate::json::write_line`]), keys in this order:
/// `{"code":"0.07","heaps":N,"values":[…]}`, then, when the period was looked for,
/// `"period":{"period":P,"preperiod":I}` or `"period":null`, and with a query
/// `"query":{"outcome":"WIN","move":{"heap":h,"size":s,"take":t,"leave":[a,b]}}`
/// (`heap` from 1; `"move":null` when the sum is lost).
pub fn write_json<W: Write + ?Sized>(
    out: &mut W,
    code: &OctalCode,
    values: &[u32],
    period: Option<Option<Period>>,
    query: Option<&Query>,
) -> fmt::Result {
    let line = OctalLine {
        code: code.to_string(),
        heaps: values.len().saturating_sub(1),
        values,
        period: period_view(period),
        query: query.map(query_view),
    };
    crate::json::write_line(out, &line)
}

pub(crate) fn period_view(period: Option<Option<Period>>) -> Option<Option<PeriodView>> {
    period.map(|found| found.map(PeriodView::from))
}

pub(crate) fn query_view(query: &Query) -> QueryView {
    QueryView {
        outcome: query.outcome.as_str(),
        best: query.best.map(|best| HeapMoveView {
            heap: best.heap + 1,
            size: best.size,
            take: best.take,
            leave: best.leave.heaps(),
        }),
    }
}

/// Values `G(i), G(i + 1), …` of the values line, each after a space unless `first` (the
/// line's first value): [`write_values`] in pieces, with `first` true for the first piece
/// only, then a newline, writes the same line.
pub fn write_value_run<W: Write + ?Sized>(out: &mut W, values: &[u32], first: bool) -> fmt::Result {
    write_separated(out, values, first, ' ')
}

/// `values` each after `separator` (the first without one when `first`).
fn write_separated<W: Write + ?Sized>(
    out: &mut W,
    values: &[u32],
    first: bool,
    separator: char,
) -> fmt::Result {
    let mut digits = itoa::Buffer::new();
    for (i, &value) in values.iter().enumerate() {
        if i > 0 || !first {
            out.write_char(separator)?;
        }
        out.write_str(digits.format(value))?;
    }
    Ok(())
}

/// `{"code","heaps"}` before the values: the start of [`write_json`]'s object, up to and with
/// `"values":[`. Then [`write_json_values`] and [`write_json_tail`] complete it.
pub fn write_json_head<W: Write + ?Sized>(out: &mut W, code: &OctalCode, heaps: usize) -> fmt::Result {
    #[derive(Serialize)]
    struct Head {
        code: String,
        heaps: usize,
    }
    let head = serde_json::to_string(&Head {
        code: code.to_string(),
        heaps,
    })
    .map_err(|_| fmt::Error)?;
    out.write_str(head.strip_suffix('}').unwrap_or(&head))?;
    out.write_str(",\"values\":[")
}

/// Values of the JSON array, each after a comma unless `first`.
pub fn write_json_values<W: Write + ?Sized>(out: &mut W, values: &[u32], first: bool) -> fmt::Result {
    write_separated(out, values, first, ',')
}

/// What follows the values in the object: `]`, then `"period"` (when looked for),
/// `"query"` and `"stats"` (when asked), `}` and a newline.
pub fn write_json_tail<W: Write + ?Sized>(
    out: &mut W,
    period: Option<Option<Period>>,
    query: Option<&Query>,
    tally: Option<(&Tally, &str)>,
) -> fmt::Result {
    #[derive(Serialize)]
    struct Tail<'a> {
        #[serde(skip_serializing_if = "Option::is_none")]
        period: Option<Option<PeriodView>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        query: Option<QueryView>,
        #[serde(skip_serializing_if = "Option::is_none")]
        stats: Option<TallyView<'a>>,
    }
    let tail = Tail {
        period: period_view(period),
        query: query.map(query_view),
        stats: tally.map(|(tally, method)| TallyView::of(tally, method)),
    };
    let text = serde_json::to_string(&tail).map_err(|_| fmt::Error)?;
    match text.strip_prefix('{') {
        Some("}") | None => out.write_str("]}\n"),
        Some(rest) => {
            out.write_str("],")?;
            out.write_str(rest)?;
            out.write_char('\n')
        }
    }
}

/// `{"method","mask","rare","last_rare","max_value","max_first","frequencies"}`.
#[derive(Serialize)]
pub struct TallyView<'a> {
    method: &'a str,
    mask: Option<u32>,
    rare: u64,
    last_rare: Option<u64>,
    max_value: u32,
    max_first: u64,
    frequencies: &'a [u64],
}

impl<'a> TallyView<'a> {
    /// The view of `tally`, with the method in words ([`method_used`]).
    pub fn of(tally: &'a Tally, method: &'a str) -> Self {
        TallyView {
            method,
            mask: tally.mask,
            rare: tally.rare,
            last_rare: tally.last_rare,
            max_value: tally.max_value,
            max_first: tally.max_first,
            frequencies: &tally.frequencies,
        }
    }
}

/// A sum of heaps as the playground shows it: `{"heaps", "outcome", "move", "reply",
/// "moves"}`, the winning move `{"heap", "size", "take", "leave", "text"}` (the heap numbered
/// from 1, `text` in the command line's words) or `null` when the sum is lost, the engine's
/// reply in the same shape (the winning move, else any legal move, `null` when none is left),
/// and every legal move in that shape (`null` when there are too many to list).
#[derive(Debug, Clone, Serialize)]
pub struct SumView {
    heaps: Vec<u64>,
    outcome: &'static str,
    #[serde(rename = "move")]
    best: Option<MoveWords>,
    reply: Option<MoveWords>,
    moves: Option<Vec<MoveWords>>,
}

/// A move with its words.
#[derive(Debug, Clone, Serialize)]
struct MoveWords {
    heap: usize,
    size: u64,
    take: u64,
    leave: Vec<u64>,
    text: String,
}

impl SumView {
    /// The view of the answer `query` to the sum of `heaps`, the engine's `reply`, and the
    /// sum's legal `moves` (if listed).
    pub fn new(heaps: &[u64], query: &Query, reply: Option<HeapMove>, moves: Option<&[HeapMove]>) -> SumView {
        SumView {
            heaps: heaps.to_vec(),
            outcome: query.outcome.as_str(),
            best: query.best.map(MoveWords::from),
            reply: reply.map(MoveWords::from),
            moves: moves.map(|moves| moves.iter().cloned().map(MoveWords::from).collect()),
        }
    }
}

impl From<HeapMove> for MoveWords {
    fn from(played: HeapMove) -> MoveWords {
        MoveWords {
            heap: played.heap + 1,
            size: played.size,
            take: played.take,
            leave: played.leave.heaps(),
            text: played.to_string(),
        }
    }
}

/// The playground's answer to a normal-play octal request: `{"code", "heaps", "values",
/// "period", "stats", "stats_lines", "query"}` (`period` and `query` `null` when there are
/// none; `stats` as in `tabletop octal --stats --json`, `stats_lines` its lines of text).
#[derive(Serialize)]
pub struct ValuesView<'a> {
    /// The code, as `0.77`.
    pub code: String,
    /// The largest heap N.
    pub heaps: u64,
    /// `G(0..=N)`.
    pub values: &'a [u32],
    /// The period found within the values.
    pub period: Option<PeriodView>,
    /// The tables' numbers.
    pub stats: TallyView<'a>,
    /// The `--stats` lines of the tally.
    pub stats_lines: &'a [String],
    /// The query's answer.
    pub query: Option<SumView>,
}

/// How the values were computed, in words with the heap counts of each kind of step:
/// `bit sets 1024, sparse space (mask 0b1110) 98976`, then `, of them N on 2 threads (R
/// computed again)` for paired runs and `, then the period from heap H` when a period gave
/// the rest; `none` when no heap needed a step.
pub fn method_used(used: &MethodUsed) -> String {
    let mut parts = Vec::new();
    if used.plain > 0 {
        parts.push(format!("plain {}", used.plain));
    }
    if used.bitset > 0 {
        parts.push(format!("bit sets {}", used.bitset));
    }
    if used.sparse > 0 {
        parts.push(format!("sparse space (mask {:#b}) {}", used.mask, used.sparse));
    }
    if used.paired > 0 {
        parts.push(format!(
            "of them {} on 2 threads ({} computed again)",
            used.paired, used.retries
        ));
    }
    if parts.is_empty() {
        parts.push("none".to_owned());
    }
    let mut text = parts.join(", ");
    if let Some(heap) = used.period_from {
        text.push_str(&format!(", then the period from heap {heap}"));
    }
    text
}

/// The tables' numbers, three lines: `method: …`, `rare mask 0b110: 12 rare heaps, the last
/// 1234; largest value 9, first at heap 51`, `frequencies: 0:10 1:12 …` (values that occur).
pub fn write_tally<W: Write + ?Sized>(out: &mut W, tally: &Tally, method: &str) -> fmt::Result {
    writeln!(out, "method: {method}")?;
    match tally.mask {
        Some(mask) => {
            write!(out, "rare mask {mask:#b}: {} rare heaps", tally.rare)?;
            match tally.last_rare {
                Some(last) => write!(out, ", the last {last}")?,
                None => out.write_str(", none")?,
            }
        }
        None => out.write_str("no rare mask (every mask leaves every heap rare)")?,
    }
    writeln!(
        out,
        "; largest value {}, first at heap {}",
        tally.max_value, tally.max_first
    )?;
    let present = tally
        .frequencies
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count > 0)
        .map(|(value, count)| format!("{value}:{count}"));
    writeln!(out, "frequencies: {}", present.format(" "))
}

/// The `--stats` line: how many values were computed in `elapsed`, how fast, the
/// sparse-space mask (binary; `none (plain steps)` without one), the rare and common heap
/// counts, the splits looked at and the largest value.
pub fn write_stats<W: Write + ?Sized>(
    out: &mut W,
    count: usize,
    stats: &SparseStats,
    elapsed: Duration,
) -> fmt::Result {
    let seconds = elapsed.as_secs_f64();
    write!(
        out,
        "{count} values in {seconds:.3} s ({:.3e} values/s); mask ",
        count as f64 / seconds.max(1e-9)
    )?;
    match stats.mask {
        Some(mask) => write!(out, "{mask:#b}")?,
        None => out.write_str("none (plain steps)")?,
    }
    writeln!(
        out,
        ": {} rare, {} common heaps; {} splits looked at; largest value {}",
        stats.rare, stats.common, stats.pairs, stats.max_value
    )
}

/// The `--stats` line of a run that kept values in a file: how many went there and how
/// many were read back.
pub fn write_history<W: Write + ?Sized>(out: &mut W, handed: usize, read_back: u64) -> fmt::Result {
    writeln!(
        out,
        "values kept in a file: {handed} (memory held the rest); {read_back} read back from it"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_octal::{Leave, NimSequence};

    fn text(render: impl FnOnce(&mut String) -> fmt::Result) -> String {
        crate::to_string(render)
    }

    fn dawson() -> (OctalCode, Vec<u32>) {
        let code = OctalCode::new(&[0, 0, 7]).unwrap();
        let values = NimSequence::compute(&code, 40).into_values();
        (code, values)
    }

    #[test]
    fn values_and_period_lines() {
        assert_eq!(text(|out| write_values(out, &[0, 1, 12])), "0 1 12\n");
        assert_eq!(text(|out| write_values(out, &[0])), "0\n");
        let period = Period {
            period: 34,
            preperiod: 53,
        };
        assert_eq!(
            text(|out| write_period(out, Some(period), 200)),
            "period 34 preperiod 53\n"
        );
        assert_eq!(text(|out| write_period(out, None, 60)), "no period up to 60\n");
        // Nothing asked, nothing written; not found: N is the largest heap.
        assert_eq!(text(|out| write_plain(out, &[0, 0, 1], None, None)), "0 0 1\n");
        assert_eq!(
            text(|out| write_plain(out, &[0, 0, 1], Some(None), None)),
            "0 0 1\nno period up to 2\n"
        );
    }

    #[test]
    fn a_query_replaces_the_values_line() {
        let (code, values) = dawson();
        let win = Query::new(&code, &values, &[9, 4]).unwrap();
        assert_eq!(win.outcome, Outcome::Win);
        let period = Some(Period {
            period: 34,
            preperiod: 53,
        });
        assert_eq!(
            text(|out| write_plain(out, &values, Some(period), Some(&win))),
            "WIN\nheap 2 (4 tokens): take 2, leave 1 and 1\nperiod 34 preperiod 53\n"
        );
        let lose = Query::new(&code, &values, &[1, 1]).unwrap();
        assert_eq!(lose.best, None);
        assert_eq!(text(|out| write_query(out, &lose)), "LOSE\n");
        assert!(Query::new(&code, &values, &[41]).is_err());
    }

    #[test]
    fn json_keys_in_order_and_parseable() {
        let (code, values) = dawson();
        let query = Query::new(&code, &values, &[9, 4]).unwrap();
        let line = text(|out| write_json(out, &code, &values, Some(None), Some(&query)));
        assert!(line.starts_with("{\"code\":\"0.07\",\"heaps\":40,\"values\":[0,0,1,1,2,0,3,"));
        assert!(line.ends_with(
            ",\"period\":null,\"query\":{\"outcome\":\"WIN\",\"move\":{\"heap\":2,\"size\":4,\"take\":2,\"leave\":[1,1]}}}\n"
        ));
        let parsed: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(parsed["values"].as_array().map(Vec::len), Some(41));

        let lose = Query {
            outcome: Outcome::Lose,
            best: None,
        };
        let period = Period {
            period: 1,
            preperiod: 0,
        };
        let line = text(|out| write_json(out, &code, &[0, 0], Some(Some(period)), Some(&lose)));
        assert_eq!(
            line,
            "{\"code\":\"0.07\",\"heaps\":1,\"values\":[0,0],\"period\":{\"period\":1,\"preperiod\":0},\
             \"query\":{\"outcome\":\"LOSE\",\"move\":null}}\n"
        );
        let taken = Query {
            outcome: Outcome::Win,
            best: Some(HeapMove {
                heap: 0,
                size: 2,
                take: 2,
                leave: Leave::Nothing,
            }),
        };
        let line = text(|out| write_json(out, &code, &[0], None, Some(&taken)));
        assert!(line.ends_with("\"move\":{\"heap\":1,\"size\":2,\"take\":2,\"leave\":[]}}}\n"));
        serde_json::from_str::<serde_json::Value>(&line).unwrap();
    }

    #[test]
    fn the_pieces_write_what_the_whole_writers_write() {
        let (code, values) = dawson();
        let query = Query::new(&code, &values, &[9, 4]).unwrap();
        let period = Some(Period {
            period: 34,
            preperiod: 53,
        });
        for (asked, query) in [(None, None), (Some(period), Some(&query)), (Some(None), None)] {
            let whole = text(|out| write_json(out, &code, &values, asked, query));
            let pieces = text(|out| {
                write_json_head(out, &code, values.len() - 1)?;
                write_json_values(out, &values[..7], true)?;
                write_json_values(out, &values[7..], false)?;
                write_json_tail(out, asked, query, None)
            });
            assert_eq!(pieces, whole);
        }
        let whole = text(|out| write_values(out, &values));
        let pieces = text(|out| {
            write_value_run(out, &values[..1], true)?;
            write_value_run(out, &values[1..], false)?;
            out.write_char('\n')
        });
        assert_eq!(pieces, whole);
    }

    #[test]
    fn the_tally_in_words_and_in_json() {
        let (_, values) = dawson();
        let mut tally = Tally {
            frequencies: vec![1, 3, 1, 1],
            max_value: 3,
            max_first: 4,
            mask: Some(1),
            rare: 1,
            last_rare: Some(2),
            ..Tally::default()
        };
        assert_eq!(
            text(|out| write_tally(out, &tally, "bit sets 5")),
            "method: bit sets 5\nrare mask 0b1: 1 rare heaps, the last 2; largest value 3, first at heap 4\n\
             frequencies: 0:1 1:3 2:1 3:1\n"
        );
        let line = text(|out| {
            write_json_head(out, &OctalCode::new(&[0, 6]).unwrap(), 1)?;
            write_json_values(out, &values[..2], true)?;
            write_json_tail(out, None, None, Some((&tally, "plain 5")))
        });
        assert_eq!(
            line,
            "{\"code\":\"0.6\",\"heaps\":1,\"values\":[0,0],\"stats\":{\"method\":\"plain 5\",\"mask\":1,\
             \"rare\":1,\"last_rare\":2,\"max_value\":3,\"max_first\":4,\"frequencies\":[1,3,1,1]}}\n"
        );
        serde_json::from_str::<serde_json::Value>(&line).unwrap();
        tally.mask = None;
        assert!(text(|out| write_tally(out, &tally, "x")).contains("no rare mask"));
    }

    #[test]
    fn stats_line() {
        let stats = SparseStats {
            mask: Some(0b1011),
            rare: 3,
            common: 7,
            pairs: 21,
            max_value: 8,
        };
        assert_eq!(
            text(|out| write_stats(out, 11, &stats, Duration::from_millis(500))),
            "11 values in 0.500 s (2.200e1 values/s); mask 0b1011: 3 rare, 7 common heaps; \
             21 splits looked at; largest value 8\n"
        );
        let plain = SparseStats::default();
        let line = text(|out| write_stats(out, 1, &plain, Duration::ZERO));
        assert!(line.contains("mask none (plain steps): 0 rare"), "{line}");
    }

    #[test]
    fn the_method_is_worded_with_its_counts() {
        assert_eq!(method_used(&MethodUsed::default()), "none");
        let used = MethodUsed {
            bitset: 1024,
            sparse: 98976,
            mask: 0b1110,
            paired: 90000,
            retries: 12,
            period_from: Some(100001),
            ..MethodUsed::default()
        };
        assert_eq!(
            method_used(&used),
            "bit sets 1024, sparse space (mask 0b1110) 98976, of them 90000 on 2 threads \
             (12 computed again), then the period from heap 100001"
        );
        let plain = MethodUsed {
            plain: 5,
            ..MethodUsed::default()
        };
        assert_eq!(method_used(&plain), "plain 5");
    }
}

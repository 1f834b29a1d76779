//! Saving a [`Computation`] and going on from the saved bytes, with the same values and the
//! same statistics as a run that was never stopped.
//!
//! The bytes are a text header, one `key value` line each, then `data` and the binary part:
//!
//! ```text
//! tabletop octal checkpoint 3
//! version 0.1.0                     (of tabletop-grundy)
//! code 0.6
//! method sparse                     (plain, bitset, sparse or `mask M`)
//! heaps 123456                      (values computed: G(0..123456))
//! state MASK NEXT-CHOICE NEXT-CHECK PAIRS PLAIN BITSET SPARSE
//! period none                       (or `period P I`: the rest is filled by it)
//! width 1                           (bytes per value in the data: 1, 2 or 4)
//! history LEN HASH                  (G(0..LEN) are in the run's history, not here)
//! data
//! ```
//!
//! then the values `G(LEN..heaps)` (each in `width` bytes, little-endian) and an FNV-1a 64
//! checksum of every byte before it. A run with a [`History`] saves only the values it holds
//! in memory: the rest stay in the history, which the caller keeps beside the checkpoint and
//! gives back to [`Computation::resume_with_history`] (`HASH`, the FNV-1a 64 of those values as
//! 4-byte words, tells a history that does not match).
//! Nothing read is trusted: the header must be this version's and this game's, the lengths
//! must match, the checksums must hold, and a few values are computed again and compared.

use std::ops::Range;

use crate::engine::{Engine, SavedState, StepCounts};
use crate::history::{History, HistoryLayout};
use crate::period::Period;
use crate::run::{each, Computation, Core, Options};
use crate::sequence::Method;
use crate::slot::Value;
use crate::store::Store;
use crate::OctalCode;

/// The first line of every checkpoint.
const MAGIC: &str = "tabletop octal checkpoint 3";
/// The first lines of the formats before, which are not read.
const OLD_MAGICS: [(&str, &str); 2] = [
    ("tabletop octal checkpoint 1", "every value in 4 bytes"),
    ("tabletop octal checkpoint 2", "every value in the file"),
];
/// The longest header line read (the binary part beyond is never taken for one).
const LONGEST_LINE: usize = 1 << 16;
/// Values computed again when a checkpoint is read (the last ones, and some spread out).
const RECHECKED: usize = 6;

/// Why bytes are not a checkpoint this computation can go on from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct CheckpointError {
    /// The bytes at fault (a header line's value, or a stretch of the binary part).
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
}

/// A checkpoint's header, read and checked.
struct Saved {
    method: Method,
    count: u64,
    state: [u64; 7],
    filled_by: Option<Period>,
    width: usize,
    /// `G(0..handed)` are in the history, of FNV-1a 64 `hash`; `span` is the line's value.
    handed: u64,
    hash: u64,
    history_span: Range<usize>,
    /// Where the data starts.
    data: usize,
}

impl Computation {
    /// The state as bytes, for [`Computation::resume`] (or, when values went to a history,
    /// [`Computation::resume_with_history`]).
    pub fn checkpoint(&self) -> Vec<u8> {
        let state = each!(self.core(), e => e.saved_state());
        let computed = self.computed();
        // Each value in the bytes the engine holds it in (little-endian).
        let width = self.bytes_per_value();
        let method = match state.method {
            Method::Plain => "plain".to_owned(),
            Method::Bitset => "bitset".to_owned(),
            Method::Sparse => "sparse".to_owned(),
            Method::Mask(mask) => format!("mask {mask}"),
        };
        let period = match self.filled_by() {
            Some(p) => format!("{} {}", p.period, p.preperiod),
            None => "none".to_owned(),
        };
        let StepCounts {
            plain,
            bitset,
            sparse,
        } = state.steps;
        let (handed, hash) = each!(self.core(), e => e.values.handed_over());
        let header = format!(
            "{MAGIC}\nversion {}\ncode {}\nmethod {method}\nheaps {}\nstate {} {} {} {} {plain} {bitset} {sparse}\nperiod {period}\nwidth {width}\nhistory {handed} {hash}\ndata\n",
            env!("CARGO_PKG_VERSION"),
            self.code(),
            computed,
            state.mask,
            state.next_choice,
            self.next_check(),
            state.pairs,
        );
        let mut bytes = header.into_bytes();
        bytes.reserve((computed - handed) * width + 8);
        // By pieces: a long run's tail is tens of millions of values.
        let mut values = Vec::new();
        let mut at = handed;
        while at < computed {
            let end = (at + (1 << 16)).min(computed);
            values.clear();
            each!(self.core(), e => e.values().copy(at, end, &mut values));
            for v in &values {
                bytes.extend(&v.to_le_bytes()[..width]);
            }
            at = end;
        }
        let sum = fnv1a(&bytes);
        bytes.extend(sum.to_le_bytes());
        bytes
    }

    /// Goes on from `bytes` (made by [`Computation::checkpoint`]) towards `G(0..=n)` of
    /// `code`, with the detection of periods as `detect_period` says.
    ///
    /// # Errors
    /// A [`CheckpointError`] locating what is wrong: not a checkpoint, another version or
    /// game, a damaged or cut file (checksum, lengths), values that are not this game's, or
    /// a checkpoint whose first values are in a history (see
    /// [`Computation::resume_with_history`]).
    pub fn resume(
        code: &OctalCode,
        n: usize,
        detect_period: bool,
        bytes: &[u8],
    ) -> Result<Self, CheckpointError> {
        let saved = read_header(code, bytes)?;
        if saved.handed > 0 {
            return Err(CheckpointError {
                span: saved.history_span,
                message: format!(
                    "G(0..{}) are kept in the run's values file, not in the checkpoint: go on with that file beside it",
                    saved.handed
                ),
            });
        }
        resume_from(code, n, detect_period, bytes, saved, None)
    }

    /// How many of the values of checkpoint `bytes` are in the run's history (0 when every
    /// value is in the checkpoint): the history given to
    /// [`Computation::resume_with_history`] must hold exactly these.
    ///
    /// # Errors
    /// As [`Computation::resume`], for the header.
    pub fn history_length(code: &OctalCode, bytes: &[u8]) -> Result<usize, CheckpointError> {
        let saved = read_header(code, bytes)?;
        usize::try_from(saved.handed).map_err(|_| CheckpointError {
            span: saved.history_span,
            message: "too many values".into(),
        })
    }

    /// [`Computation::resume`] for a run that kept values in `history` (which must hold the
    /// [`Computation::history_length`] values the checkpoint names, no more); the run goes on
    /// handing values to it as `layout` says.
    ///
    /// # Errors
    /// As [`Computation::resume`]; also when `history` does not hold the values the
    /// checkpoint was saved with (another length, or other values).
    pub fn resume_with_history(
        code: &OctalCode,
        n: usize,
        detect_period: bool,
        bytes: &[u8],
        history: Box<dyn History>,
        layout: HistoryLayout,
    ) -> Result<Self, CheckpointError> {
        let saved = read_header(code, bytes)?;
        if history.len() as u64 != saved.handed {
            return Err(CheckpointError {
                span: saved.history_span,
                message: format!(
                    "the values file holds {} values, not the {} this checkpoint was saved with",
                    history.len(),
                    saved.handed
                ),
            });
        }
        resume_from(code, n, detect_period, bytes, saved, Some((history, layout)))
    }
}

/// Reads and checks the header of `bytes`, a checkpoint of `code`.
fn read_header(code: &OctalCode, bytes: &[u8]) -> Result<Saved, CheckpointError> {
    let mut reader = Header { bytes, at: 0 };
    for (magic, what) in OLD_MAGICS {
        if bytes.starts_with(format!("{magic}\n").as_bytes()) {
            return Err(CheckpointError {
                span: 0..magic.len(),
                message: format!(
                    "a checkpoint of an older format ({what}), which this version does not read: compute again"
                ),
            });
        }
    }
    reader.expect_line(MAGIC, "not a tabletop octal checkpoint")?;
    let version = reader.value("version")?;
    if version.text != env!("CARGO_PKG_VERSION") {
        return Err(version.error(format!(
            "written by tabletop-grundy {}, this is {}: checkpoints are read by the version that wrote them",
            version.text,
            env!("CARGO_PKG_VERSION")
        )));
    }
    let saved_code = reader.value("code")?;
    if saved_code.text != code.to_string() {
        return Err(saved_code.error(format!(
            "this checkpoint is of the game {}, not {code}",
            saved_code.text
        )));
    }
    let method = reader.value("method")?;
    let method = method.method()?;
    let heaps = reader.value("heaps")?;
    let count = heaps.numbers::<1>()?[0];
    let state = reader.value("state")?;
    let state = state.numbers::<7>()?;
    let period = reader.value("period")?;
    let filled_by = match period.text {
        "none" => None,
        _ => {
            let [p, i] = period.numbers::<2>()?;
            Some(Period {
                period: p as usize,
                preperiod: i as usize,
            })
        }
    };
    let width = reader.value("width")?;
    let width = match width.numbers::<1>()?[0] {
        bytes @ (1 | 2 | 4) => bytes as usize,
        other => return Err(width.error(format!("expected a width of 1, 2 or 4 bytes, found {other}"))),
    };
    let history = reader.value("history")?;
    let [handed, hash] = history.numbers::<2>()?;
    if handed > count {
        return Err(history.error(format!(
            "{handed} values in the history, more than the {count} computed"
        )));
    }
    let history_span = history.span.clone();
    reader.expect_line("data", "expected the line `data`")?;
    Ok(Saved {
        method,
        count,
        state,
        filled_by,
        width,
        handed,
        hash,
        history_span,
        data: reader.at,
    })
}

/// The computation `saved` describes, its first values in `history` if any.
fn resume_from(
    code: &OctalCode,
    n: usize,
    detect_period: bool,
    bytes: &[u8],
    saved: Saved,
    history: Option<(Box<dyn History>, HistoryLayout)>,
) -> Result<Computation, CheckpointError> {
    let body = Body::check(bytes, saved.data)?;
    let tail = body.values(saved.count - saved.handed, saved.width)?;
    let [mask, next_choice, next_check, pairs, plain, bitset, sparse] = saved.state;
    check_sizes(bytes, saved.data, &saved, &tail, mask)?;
    let state = SavedState {
        method: saved.method,
        mask: mask as u32,
        next_choice: next_choice as usize,
        pairs,
        steps: StepCounts {
            plain,
            bitset,
            sparse,
        },
    };
    let core = match saved.width {
        1 => Core::Byte(restore(code, n, &saved, &tail, history, state, bytes)?),
        2 => Core::Narrow(restore(code, n, &saved, &tail, history, state, bytes)?),
        _ => Core::Wide(restore(code, n, &saved, &tail, history, state, bytes)?),
    };
    let options = Options {
        method: saved.method,
        detect_period,
    };
    let filled_by = saved.filled_by.filter(|_| detect_period);
    Ok(Computation::from_parts(
        code,
        n,
        options,
        core,
        filled_by,
        next_check as usize,
    ))
}

/// The engine of a checkpoint, its values stored as `V`, rechecked.
fn restore<V: Value>(
    code: &OctalCode,
    n: usize,
    saved: &Saved,
    tail: &SavedValues<'_>,
    history: Option<(Box<dyn History>, HistoryLayout)>,
    state: SavedState,
    bytes: &[u8],
) -> Result<Engine<V>, CheckpointError> {
    let values = match history {
        Some((history, layout)) => {
            Store::resumed(history, layout, saved.handed as usize, saved.hash, tail.iter())
        }
        None => Store::from_values(tail.iter(), n.saturating_add(1)),
    };
    let (engine, hash) = Engine::restore(code, n, values, state, saved.handed as usize);
    if hash != saved.hash {
        return Err(CheckpointError {
            span: saved.history_span.clone(),
            message: "the values file does not hold the values this checkpoint was saved with".into(),
        });
    }
    if engine.max_value() > V::MAX {
        return Err(CheckpointError {
            span: saved.history_span.clone(),
            message: format!("a value of {} does not fit the width saved", engine.max_value()),
        });
    }
    recheck(&engine, bytes.len(), saved.handed > 0)?;
    Ok(engine)
}

/// The header's lines, read in order.
struct Header<'a> {
    bytes: &'a [u8],
    at: usize,
}

/// A header line's value and where it is.
struct Field<'a> {
    text: &'a str,
    span: Range<usize>,
}

impl Header<'_> {
    /// The next line (without its newline) and its span.
    fn line(&mut self) -> Result<(&str, Range<usize>), CheckpointError> {
        let rest = &self.bytes[self.at..];
        let len = rest
            .iter()
            // The code's line is as long as its digits (a game may take hundreds of tokens).
            .take(LONGEST_LINE)
            .position(|&b| b == b'\n')
            .ok_or(CheckpointError {
                span: self.at..self.at + rest.len().min(40),
                message: "expected a header line ending in a newline".into(),
            })?;
        let span = self.at..self.at + len;
        let text = std::str::from_utf8(&rest[..len]).map_err(|_| CheckpointError {
            span: span.clone(),
            message: "expected a header line of text".into(),
        })?;
        self.at += len + 1;
        Ok((text, span))
    }

    fn expect_line(&mut self, expected: &str, message: &str) -> Result<(), CheckpointError> {
        let (text, span) = self.line()?;
        if text == expected {
            Ok(())
        } else {
            Err(CheckpointError {
                span,
                message: format!("{message} (expected `{expected}`)"),
            })
        }
    }

    /// The value of the next line, which must be `key value`.
    fn value<'s>(&'s mut self, key: &str) -> Result<Field<'s>, CheckpointError> {
        let (text, span) = self.line()?;
        match text.strip_prefix(key).and_then(|rest| rest.strip_prefix(' ')) {
            Some(value) => Ok(Field {
                text: value,
                span: span.start + key.len() + 1..span.end,
            }),
            None => Err(CheckpointError {
                span,
                message: format!("expected the line `{key} …`"),
            }),
        }
    }
}

impl Field<'_> {
    fn error(&self, message: String) -> CheckpointError {
        CheckpointError {
            span: self.span.clone(),
            message,
        }
    }

    /// Exactly `N` whole numbers separated by single spaces.
    fn numbers<const N: usize>(&self) -> Result<[u64; N], CheckpointError> {
        let parts: Vec<Option<u64>> = self.text.split(' ').map(|p| p.parse().ok()).collect();
        if parts.len() != N || parts.iter().any(Option::is_none) {
            return Err(self.error(format!("expected {N} whole number(s), found `{}`", self.text)));
        }
        let mut out = [0; N];
        for (slot, part) in out.iter_mut().zip(parts) {
            *slot = part.unwrap_or(0);
        }
        Ok(out)
    }

    fn method(&self) -> Result<Method, CheckpointError> {
        match self.text {
            "plain" => Ok(Method::Plain),
            "bitset" => Ok(Method::Bitset),
            "sparse" => Ok(Method::Sparse),
            text => match text.strip_prefix("mask ").and_then(|m| m.parse().ok()) {
                Some(mask) => Ok(Method::Mask(mask)),
                None => Err(self.error(format!(
                    "expected a method (plain, bitset, sparse, mask M), found `{text}`"
                ))),
            },
        }
    }
}

/// The binary part, its checksum checked.
struct Body<'a> {
    data: &'a [u8],
    start: usize,
}

impl<'a> Body<'a> {
    fn check(bytes: &'a [u8], start: usize) -> Result<Body<'a>, CheckpointError> {
        let len = bytes.len();
        if len < start + 8 {
            return Err(CheckpointError {
                span: start..len,
                message: "the file ends before its data: it was cut short".into(),
            });
        }
        let (content, sum) = bytes.split_at(len - 8);
        let mut saved = [0u8; 8];
        saved.copy_from_slice(sum);
        if u64::from_le_bytes(saved) != fnv1a(content) {
            return Err(CheckpointError {
                span: len - 8..len,
                message: "the checksum does not match: the file is damaged or cut short".into(),
            });
        }
        Ok(Body {
            data: &content[start..],
            start,
        })
    }

    /// The `count` values of `width` bytes each (read where they are: a checkpoint of a
    /// long run holds tens of millions, four times their bytes as `u32`).
    fn values(&self, count: u64, width: usize) -> Result<SavedValues<'a>, CheckpointError> {
        let size = count.saturating_mul(width as u64);
        if self.data.len() as u64 != size {
            return Err(CheckpointError {
                span: self.start..self.start + self.data.len(),
                message: format!(
                    "the data holds {} bytes, not the {size} that {count} values of {width} bytes need",
                    self.data.len(),
                ),
            });
        }
        Ok(SavedValues {
            data: self.data,
            width,
        })
    }
}

/// Values saved in `width` bytes each, little-endian.
#[derive(Clone, Copy)]
struct SavedValues<'a> {
    data: &'a [u8],
    width: usize,
}

impl SavedValues<'_> {
    fn iter(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        self.data.chunks_exact(self.width).map(|c| {
            let mut value = [0u8; 4];
            value[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(value)
        })
    }
}

/// The values start with `G(0) = 0` and a period lies within them.
fn check_sizes(
    bytes: &[u8],
    start: usize,
    saved: &Saved,
    values: &SavedValues<'_>,
    mask: u64,
) -> Result<(), CheckpointError> {
    let bad = |message: String| CheckpointError {
        span: start..bytes.len(),
        message,
    };
    if saved.count == 0 || (saved.handed == 0 && values.iter().next() != Some(0)) {
        return Err(bad("the values must start with G(0) = 0".into()));
    }
    if mask > u64::from(u32::MAX) {
        return Err(bad(format!("mask {mask} is too large")));
    }
    if let Some(p) = saved.filled_by {
        if p.period == 0 || p.preperiod.saturating_add(p.period) as u64 > saved.count {
            return Err(bad(format!(
                "period {} from {} does not lie within the {} values saved",
                p.period, p.preperiod, saved.count
            )));
        }
    }
    // A value is at most the number of moves of its heap, far below this for any heap
    // a checkpoint can hold.
    if let Some((i, v)) = values.iter().enumerate().find(|&(_, v)| v >= 1 << 30) {
        let heap = saved.handed as usize + i;
        return Err(bad(format!("G({heap}) = {v} is not a value of this game")));
    }
    Ok(())
}

/// Computes a few of the saved values again (the last ones first) by a direct mex (only
/// the last ones when the values are in a history: each costs a pass over them).
fn recheck<V: Value>(engine: &Engine<V>, len: usize, far: bool) -> Result<(), CheckpointError> {
    let values = engine.values();
    let count = values.len();
    let mut heaps: Vec<usize> = (1..count).rev().take(RECHECKED / 2).collect();
    if far {
        heaps.truncate(1);
    } else {
        heaps.extend(
            (1..=RECHECKED / 2)
                .map(|i| count * i / (RECHECKED / 2 + 1))
                .filter(|&h| h > 0),
        );
    }
    for heap in heaps {
        let direct = engine.direct_mex(heap);
        if direct != values.get(heap) {
            return Err(CheckpointError {
                span: len.saturating_sub(8)..len,
                message: format!(
                    "saved G({heap}) = {} but it is {direct}: these values are not this game's",
                    values.get(heap)
                ),
            });
        }
    }
    Ok(())
}

/// FNV-1a, 64 bits: damage anywhere changes it.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn officers() -> OctalCode {
        OctalCode::new(&[0, 6]).unwrap()
    }

    #[test]
    fn a_resumed_run_gives_the_same_values_and_statistics() {
        let code = officers();
        let mut whole = Computation::new(&code, 3000, Options::default());
        whole.advance(usize::MAX);
        for stop in [1, 2, 700, 1024, 1025, 2500] {
            let mut first = Computation::new(&code, 3000, Options::default());
            first.advance(stop);
            let bytes = first.checkpoint();
            let mut resumed = Computation::resume(&code, 3000, true, &bytes).unwrap();
            resumed.advance(usize::MAX);
            let (mut a, mut b) = (Vec::new(), Vec::new());
            whole.copy_values(0, 3001, &mut a);
            resumed.copy_values(0, 3001, &mut b);
            assert_eq!(a, b, "stopped after {stop}");
            assert_eq!(
                whole.sparse_stats(),
                resumed.sparse_stats(),
                "stopped after {stop}"
            );
        }
    }

    #[test]
    fn bad_checkpoints_are_refused_with_a_place() {
        let code = officers();
        let mut run = Computation::new(&code, 500, Options::default());
        run.advance(300);
        let bytes = run.checkpoint();
        let other = OctalCode::new(&[0, 7, 7]).unwrap();
        let error = Computation::resume(&other, 500, true, &bytes).unwrap_err();
        assert_eq!(error.message, "this checkpoint is of the game 0.6, not 0.77");
        assert_eq!(&bytes[error.span.clone()], b"0.6");
        let text = String::from_utf8_lossy(&bytes).replacen("version 0.1.0", "version 9.9.9", 1);
        let error = Computation::resume(&code, 500, true, text.as_bytes()).unwrap_err();
        assert!(
            error.message.starts_with("written by tabletop-grundy 9.9.9"),
            "{error}"
        );
        // Every cut and every flipped byte is refused, never a panic.
        for cut in 0..bytes.len() {
            assert!(
                Computation::resume(&code, 500, true, &bytes[..cut]).is_err(),
                "cut at {cut}"
            );
        }
        for at in (0..bytes.len()).step_by(7) {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            assert!(
                Computation::resume(&code, 500, true, &damaged).is_err(),
                "flip at {at}"
            );
        }
        assert!(Computation::resume(&code, 500, true, b"hello\n").is_err());
        let text = String::from_utf8_lossy(&bytes).replacen("width 1", "width 3", 1);
        let error = Computation::resume(&code, 500, true, text.as_bytes()).unwrap_err();
        assert_eq!(error.message, "expected a width of 1, 2 or 4 bytes, found 3");
        assert_eq!(&text.as_bytes()[error.span.clone()], b"3");
        // The format before this one, refused by name.
        for (magic, _) in OLD_MAGICS {
            let old = [magic.as_bytes(), b"\n", &bytes[MAGIC.len() + 1..]].concat();
            let error = Computation::resume(&code, 500, true, &old).unwrap_err();
            assert!(error.message.contains("older format"), "{error}");
        }
    }

    #[test]
    fn values_are_saved_in_the_bytes_they_are_held_in() {
        // Take 1 to 300 tokens: G(n) = n mod 301, above a byte from heap 256 on.
        let mut digits = vec![0u8];
        digits.extend([3u8; 300]);
        let code = OctalCode::new(&digits).unwrap();
        let whole = Computation::new(&code, 700, Options::default()).into_sequence();
        for (stop, width) in [(200, 1), (255, 1), (256, 2), (600, 2)] {
            let mut run = Computation::new(&code, 700, Options::default());
            run.advance(stop);
            assert_eq!(run.bytes_per_value(), width, "stop {stop}");
            let bytes = run.checkpoint();
            let text = String::from_utf8_lossy(&bytes);
            assert!(
                text.contains(&format!("\nwidth {width}\nhistory 0 ")),
                "stop {stop}"
            );
            let data = text.find("\ndata\n").unwrap() + "\ndata\n".len();
            assert_eq!(bytes.len() - data - 8, (stop + 1) * width, "stop {stop}");
            let mut resumed = Computation::resume(&code, 700, true, &bytes).unwrap();
            assert_eq!(resumed.bytes_per_value(), width, "stop {stop}");
            let mut values = Vec::new();
            resumed.advance(usize::MAX);
            resumed.copy_values(0, 701, &mut values);
            assert_eq!(values, whole.values(), "stop {stop}");
        }
    }

    #[test]
    fn forged_values_with_a_good_checksum_are_caught() {
        let code = officers();
        let mut run = Computation::new(&code, 500, Options::default());
        run.advance(300);
        let mut bytes = run.checkpoint();
        let len = bytes.len();
        // The last value (before the checksum), changed, and the checksum made to fit.
        bytes[len - 8 - run.bytes_per_value()] ^= 1;
        let sum = fnv1a(&bytes[..len - 8]);
        bytes[len - 8..].copy_from_slice(&sum.to_le_bytes());
        let error = Computation::resume(&code, 500, true, &bytes).unwrap_err();
        assert!(
            error.message.contains("these values are not this game's"),
            "{error}"
        );
    }
}

#[cfg(test)]
mod two_threads {
    use super::*;

    fn all_values(run: &Computation) -> Vec<u32> {
        let mut values = Vec::new();
        run.copy_values(0, run.known(), &mut values);
        values
    }

    fn finished(code: &OctalCode, n: usize, threads: usize) -> Computation {
        let mut run = Computation::new(code, n, Options::default());
        run.set_threads(threads);
        run.advance(usize::MAX);
        run
    }

    #[test]
    fn a_run_on_two_threads_resumes_alike_on_one_thread_or_two() {
        let code = OctalCode::new(&[0, 6]).unwrap();
        let n = 5000;
        let one = finished(&code, n, 1);
        let two = finished(&code, n, 2);
        assert_eq!(all_values(&two), all_values(&one));
        // The same steps; only the paired runs differ.
        let (used_one, used_two) = (one.method_used(), two.method_used());
        let unpaired = crate::MethodUsed {
            paired: used_one.paired,
            retries: used_one.retries,
            ..used_two
        };
        assert_eq!(unpaired, used_one);
        // Stops before, at and after the choices of the mask (1024, 2048, 4096).
        for stop in [1, 700, 1024, 1025, 2047, 2048, 3001, 4500] {
            for (before, after) in [(2, 2), (2, 1), (1, 2)] {
                let mut first = Computation::new(&code, n, Options::default());
                first.set_threads(before);
                first.advance(stop);
                let bytes = first.checkpoint();
                let mut resumed = Computation::resume(&code, n, true, &bytes).unwrap();
                resumed.set_threads(after);
                resumed.advance(usize::MAX);
                let case = format!("stopped after {stop} on {before}, resumed on {after}");
                assert_eq!(all_values(&resumed), all_values(&one), "{case}");
                let (got, expected) = (resumed.sparse_stats(), one.sparse_stats());
                assert_eq!(
                    (got.mask, got.rare, got.common, got.max_value),
                    (expected.mask, expected.rare, expected.common, expected.max_value),
                    "{case}"
                );
                if (before, after) == (2, 2) {
                    assert_eq!(got.pairs, two.sparse_stats().pairs, "{case}");
                }
            }
        }
    }

    #[test]
    fn two_threads_find_the_same_period_at_the_same_heap() {
        for digits in [&[0u8, 7, 7][..], &[0, 6], &[4, 0, 7], &[0, 1, 6, 1]] {
            let code = OctalCode::new(digits).unwrap();
            let one = finished(&code, 20_000, 1);
            let two = finished(&code, 20_000, 2);
            assert_eq!(two.period(), one.period(), "{code}");
            assert_eq!(two.computed(), one.computed(), "{code}");
            assert_eq!(all_values(&two), all_values(&one), "{code}");
        }
    }
}

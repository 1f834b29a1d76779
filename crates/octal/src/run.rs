//! A computation of `G(0..=N)` that can be driven a few heaps at a time: values are final as
//! soon as they are known (so a front end writes them out as they come), the Guy–Smith test
//! runs as they are computed, and once it proves a period the remaining values follow from
//! it without any further mex.

use crate::code::OctalCode;
use crate::engine::Engine;
use crate::history::{History, HistoryLayout};
use crate::period::{guy_smith_by, Period};
use crate::sequence::{Method, MethodUsed, NimSequence, SparseStats};
use crate::slot::{Slot, Value};
use crate::stats::Tally;
use crate::store::{Reader, View};

impl NimSequence {
    /// `G(0..=n)` by the sparse-space method (plain steps where it does not pay), the
    /// period checked as the values come so that a proven period gives the rest.
    /// `O(n)` memory: a `u32` per heap in the result (1 to 4 bytes per heap while it runs)
    /// plus the list of rare positions.
    pub fn compute(code: &OctalCode, n: usize) -> Self {
        Self::compute_with_options(code, n, Options::default())
    }

    /// `G(0..=n)` by the given method, every value by a mex (no period shortcut).
    pub fn compute_with(code: &OctalCode, n: usize, method: Method) -> Self {
        let options = Options {
            method,
            detect_period: false,
        };
        Self::compute_with_options(code, n, options)
    }

    /// `G(0..=n)` with the given options.
    pub fn compute_with_options(code: &OctalCode, n: usize, options: Options) -> Self {
        Computation::new(code, n, options).into_sequence()
    }
}

/// The engine, its values as `u8` while they fit, then as `u16`, then as `u32`.
#[derive(Debug)]
pub(crate) enum Core {
    /// Values in `u8`: 1 byte per heap.
    Byte(Engine<u8>),
    /// Values in `u16`: 2 bytes per heap.
    Narrow(Engine<u16>),
    /// Values in `u32`.
    Wide(Engine<u32>),
}

/// `$body` with `$engine` bound to the engine of `$core`, whichever its value type.
macro_rules! each {
    ($core:expr, $engine:ident => $body:expr) => {
        match $core {
            Core::Byte($engine) => $body,
            Core::Narrow($engine) => $body,
            Core::Wide($engine) => $body,
        }
    };
}
pub(crate) use each;

/// Heaps computed before the first periodicity check.
const FIRST_CHECK: usize = 64;

/// How a [`Computation`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// How the mex is computed.
    pub method: Method,
    /// Whether the Guy–Smith test runs as values are computed, so that a proven period
    /// fills the rest (`false`: every value by a mex, for tests and comparisons).
    pub detect_period: bool,
}

impl Default for Options {
    /// The sparse-space method with the period check.
    fn default() -> Self {
        Options {
            method: Method::Sparse,
            detect_period: true,
        }
    }
}

/// Where a computation stands, for a progress line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Values known so far (`G(0..known)`), computed or filled by a period.
    pub known: usize,
    /// Values asked for (`N + 1`).
    pub target: usize,
    /// Heaps with a rare value under the mask in use (0 without one).
    pub rare: usize,
    /// The largest value so far.
    pub max_value: u32,
    /// The period filling the rest, once one is proven.
    pub filled_by: Option<Period>,
}

/// The values `G(0..=N)` of an octal game, computed step by step.
///
/// ```
/// use tabletop_octal::{Computation, OctalCode, Options};
/// let dawson = OctalCode::new(&[0, 1, 3, 7])?;
/// let mut run = Computation::new(&dawson, 10_000_000, Options::default());
/// while !run.is_done() {
///     run.advance(1000);
/// }
/// // Proven periodic long before: the rest came from the period, not from a mex each.
/// assert!(run.computed() < 1000);
/// assert_eq!(run.value(10_000_000), run.value(10_000_000 - 34));
/// # Ok::<(), tabletop_octal::OctalError>(())
/// ```
#[derive(Debug)]
pub struct Computation {
    code: OctalCode,
    target: usize,
    core: Core,
    options: Options,
    /// The period proven by the values computed, which gives every later value.
    filled_by: Option<Period>,
    /// The number of computed values at which the period is checked next.
    next_check: usize,
    /// Threads the sparse steps run on (1 or 2).
    threads: usize,
    /// `G(i..i + p)` of the period filling the rest (`i` its preperiod, `p` its period).
    cycle: Vec<u32>,
}

impl Computation {
    /// A computation of `G(0..=n)` for `code` (only `G(0)` known yet).
    /// For Grundy's game the period is never looked for (the Guy–Smith test does not hold).
    pub fn new(code: &OctalCode, n: usize, options: Options) -> Self {
        let options = Options {
            detect_period: options.detect_period && !code.unequal_splits(),
            ..options
        };
        Computation {
            code: code.clone(),
            target: n.saturating_add(1),
            core: Core::Byte(Engine::new(code, n, options.method)),
            options,
            filled_by: None,
            next_check: FIRST_CHECK,
            threads: 1,
            cycle: Vec::new(),
        }
    }

    /// Rebuilds a computation from saved parts (see the module `checkpoint`).
    pub(crate) fn from_parts(
        code: &OctalCode,
        n: usize,
        options: Options,
        core: Core,
        filled_by: Option<Period>,
        next_check: usize,
    ) -> Self {
        let mut run = Computation {
            code: code.clone(),
            target: n.saturating_add(1),
            core,
            options,
            filled_by: None,
            next_check,
            threads: 1,
            cycle: Vec::new(),
        };
        run.fill_by(filled_by);
        run
    }

    /// Hands every value the computation no longer needs in memory to `history` from now on
    /// (once `layout.from` values are computed), and reads them back from it when needed: the
    /// memory of a long run then stays flat in `N`. `history` must be empty (use it before the
    /// first [`Computation::advance`], or on a computation resumed with it).
    pub fn set_history(&mut self, history: Box<dyn History>, layout: HistoryLayout) {
        each!(&mut self.core, e => e.set_history(history, layout));
    }

    /// Values read back from the history so far (by the steps, the period check and the
    /// copies; 0 without a history).
    pub fn history_reads(&self) -> u64 {
        each!(&self.core, e => e.values.far_reads())
    }

    /// How many values were handed to the history (0 without one, or while all are held).
    pub fn handed_to_history(&self) -> usize {
        each!(&self.core, e => e.values.handed_over().0)
    }

    /// Records the period that fills the values after the computed ones.
    fn fill_by(&mut self, period: Option<Period>) {
        self.filled_by = period;
        self.cycle.clear();
        if let Some(p) = period {
            each!(&self.core, e => e.values().copy(p.preperiod, p.preperiod + p.period, &mut self.cycle));
        }
    }

    /// Takes the sparse steps on `threads` threads from now on: 1 (the default) for this
    /// thread only, 2 (or more, which count as 2) for two heaps at a time. The values, the
    /// period and the step counts are the same whatever the number; the splits looked at
    /// differ (see `docs/octal.md`).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, 2);
    }

    /// The threads the sparse steps run on (1 or 2).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The game.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The options it runs with.
    pub fn options(&self) -> Options {
        self.options
    }

    /// `N`, the largest heap asked for.
    pub fn largest_heap(&self) -> usize {
        self.target - 1
    }

    /// Asks for `G(0..=n)` instead (more or fewer heaps; values already known stay known).
    pub fn set_largest_heap(&mut self, n: usize) {
        self.target = n.saturating_add(1);
    }

    /// How many values are known: `G(0..known)` (computed, or given by a proven period).
    pub fn known(&self) -> usize {
        if self.filled_by.is_some() {
            self.target
        } else {
            each!(&self.core, e => e.len()).min(self.target)
        }
    }

    /// How many values were computed by a mex (the rest, if any, came from the period).
    pub fn computed(&self) -> usize {
        each!(&self.core, e => e.len())
    }

    /// Whether every value `G(0..=N)` is known.
    pub fn is_done(&self) -> bool {
        self.known() >= self.target
    }

    /// The period that fills the values after the computed ones, once proven.
    pub fn filled_by(&self) -> Option<Period> {
        self.filled_by
    }

    /// Computes up to `heaps` more values (fewer when `G(N)` is reached, and all the rest at
    /// once when a period is proven). Returns how many values are known afterwards.
    pub fn advance(&mut self, heaps: usize) -> usize {
        let mut left = heaps;
        while left > 0 && !self.is_done() {
            let n = each!(&self.core, e => e.len());
            let computed = match self.threads {
                1 => 0,
                _ => {
                    // Up to the next period check, which sees the same values as one thread.
                    let mut end = n.saturating_add(left).min(self.target);
                    if self.options.detect_period {
                        end = end.min(self.next_check.max(n + 1));
                    }
                    self.advance_two(end)
                }
            };
            if computed == 0 {
                self.step(n);
                left -= 1;
            } else {
                left -= computed.min(left);
            }
            if self.options.detect_period && each!(&self.core, e => e.len()) >= self.next_check {
                self.check_period();
            }
        }
        self.known()
    }

    /// Computes `G(n)`, storing the values wider from the first that needs it.
    fn step(&mut self, n: usize) {
        // Every value fits in a `u32`.
        let overflow = each!(&mut self.core, engine => engine.step(n).err());
        if let Some(value) = overflow {
            self.widen_with(n, value);
        }
    }

    /// Computes values up to `G(end - 1)` two heaps at a time while the steps are sparse
    /// ones ([`Engine::advance_two`]); returns how many were computed (0: take a step on
    /// this thread).
    fn advance_two(&mut self, end: usize) -> usize {
        let (computed, overflow) = each!(&mut self.core, e => e.advance_two(end));
        match overflow {
            Some(value) => {
                let n = each!(&self.core, e => e.len());
                self.widen_with(n, value);
                computed + 1
            }
            None => computed,
        }
    }

    /// Stores the values in the narrowest type that holds `value` from now on, `G(n) =
    /// value` the first that needs it.
    fn widen_with(&mut self, n: usize, value: u32) {
        let placeholder = Core::Wide(Engine::new(&self.code, 0, self.options.method));
        self.core = match std::mem::replace(&mut self.core, placeholder) {
            Core::Byte(byte) if value <= u16::MAX.into() => Core::Narrow(widened(byte, n, value)),
            Core::Byte(byte) => Core::Wide(widened(byte, n, value)),
            Core::Narrow(narrow) => Core::Wide(widened(narrow, n, value)),
            // Every value fits in a `u32`: nothing to widen.
            Core::Wide(wide) => Core::Wide(wide),
        };
    }

    /// The Guy–Smith test on the values computed so far; the next test after a further
    /// eighth (so the tests cost `O(N)` in all, and a period is noticed at most an eighth
    /// of the heaps after its proof fits).
    fn check_period(&mut self) {
        let computed = each!(&self.core, e => e.len());
        self.next_check = computed + (computed / 8).max(FIRST_CHECK);
        let t = self.code.last_nonzero();
        let found = each!(&self.core, e => period_of(&e.values(), e.len(), t));
        if found.is_some() {
            self.fill_by(found);
        }
    }

    /// `G(n)` for a known `n` (`n < known()`).
    ///
    /// # Panics
    /// When `n` is not known yet.
    pub fn value(&self, n: usize) -> u32 {
        assert!(n < self.known(), "G({n}) is not known yet");
        self.value_unchecked(n)
    }

    /// `G(n)`, `n` known.
    fn value_unchecked(&self, n: usize) -> u32 {
        each!(&self.core, e => value_in(&e.values(), self.filled_by, &self.cycle, n))
    }

    /// Appends `G(start..end)` to `out` (every value of the range known).
    ///
    /// # Panics
    /// When `end > known()`.
    pub fn copy_values(&self, start: usize, end: usize, out: &mut Vec<u32>) {
        assert!(
            end <= self.known(),
            "G({}) is not known yet",
            end.saturating_sub(1)
        );
        each!(&self.core, e => copy_from(&e.values(), self.filled_by, &self.cycle, start, end, out));
    }

    /// Where the computation stands.
    pub fn progress(&self) -> Progress {
        Progress {
            known: self.known(),
            target: self.target,
            rare: each!(&self.core, e => e.rare_count()),
            max_value: each!(&self.core, e => e.max_value()),
            filled_by: self.filled_by,
        }
    }

    /// The smallest period (then preperiod) that `G(0..=N)` proves by the Guy–Smith test,
    /// as [`NimSequence::period`] gives it for the same values (`None` for Grundy's game).
    ///
    /// # Panics
    /// When the computation is not done.
    pub fn period(&self) -> Option<Period> {
        assert!(self.is_done(), "the period of unfinished values");
        if self.code.unequal_splits() {
            return None;
        }
        let t = self.code.last_nonzero();
        match self.filled_by {
            None => {
                let len = self.target;
                each!(&self.core, e => period_of(&e.values(), len, t))
            }
            Some(_) => guy_smith_by(self.target, t, |n| self.value_unchecked(n)),
        }
    }

    /// The numbers of the published tables over `G(0..=N)`: frequencies, the largest value,
    /// the rare mask and rare heaps (see [`Tally`]).
    ///
    /// # Panics
    /// When the computation is not done.
    pub fn tally(&self) -> Tally {
        assert!(self.is_done(), "the tally of unfinished values");
        let mut tally = Tally::default();
        let mut chunk = Vec::new();
        let mut start = 0;
        while start < self.target {
            let end = (start + (1 << 16)).min(self.target);
            chunk.clear();
            self.copy_values(start, end, &mut chunk);
            tally.count(start, &chunk);
            start = end;
        }
        tally.finish();
        tally
    }

    /// What the mex computation met (mask in use, splits looked at).
    pub fn sparse_stats(&self) -> SparseStats {
        each!(&self.core, e => e.stats())
    }

    /// How the values were computed: the heaps of each kind of step, the mask, and the
    /// heap from which a proven period gave the rest.
    pub fn method_used(&self) -> MethodUsed {
        let mut used = each!(&self.core, e => e.method_used());
        let computed = each!(&self.core, e => e.len());
        if self.filled_by.is_some() && computed < self.target {
            used.period_from = Some(computed);
        }
        used
    }

    /// The engine, for saving.
    pub(crate) fn core(&self) -> &Core {
        &self.core
    }

    /// Bytes per heap the values take (1 while every value fits in a `u8`, 2 while every
    /// value fits in a `u16`, then 4).
    pub fn bytes_per_value(&self) -> usize {
        match self.core {
            Core::Byte(_) => 1,
            Core::Narrow(_) => 2,
            Core::Wide(_) => 4,
        }
    }

    /// The heap count at the next periodicity check, for saving.
    pub(crate) fn next_check(&self) -> usize {
        self.next_check
    }

    /// Every value `G(0..=N)` in memory (finishing the computation first).
    pub fn into_sequence(mut self) -> NimSequence {
        while !self.is_done() {
            self.advance(1 << 16);
        }
        let mut values = Vec::with_capacity(self.target);
        self.copy_values(0, self.target, &mut values);
        NimSequence::from_parts(values, &self.code, each!(&self.core, e => e.stats()))
    }
}

/// The Guy–Smith test on `G(0..len)` of `values`.
fn period_of<S: Slot>(values: &View<'_, S>, len: usize, t: usize) -> Option<Period> {
    match values.held() {
        Some(all) => guy_smith_by(len, t, |n| all[n].get()),
        None => {
            let mut reader = Reader::new(*values);
            guy_smith_by(len, t, |n| reader.get(n))
        }
    }
}

/// `G(n)` from the computed `values`, or by the period after them (`cycle` its values).
fn value_in<S: Slot>(values: &View<'_, S>, filled_by: Option<Period>, cycle: &[u32], n: usize) -> u32 {
    match filled_by {
        Some(p) if n >= values.len() => cycle[(n - p.preperiod) % p.period],
        _ => values.get(n),
    }
}

/// Appends `G(start..end)` to `out`, from `values` and then by the period (`cycle` its
/// values).
fn copy_from<S: Slot>(
    values: &View<'_, S>,
    filled_by: Option<Period>,
    cycle: &[u32],
    start: usize,
    end: usize,
    out: &mut Vec<u32>,
) {
    let direct = end.min(values.len());
    if start < direct {
        values.copy(start, direct, out);
    }
    if let Some(p) = filled_by {
        // The cycle G(i..i + p) repeats: copy it in runs.
        let mut n = start.max(direct);
        while n < end {
            let phase = (n - p.preperiod) % p.period;
            let run = (p.period - phase).min(end - n);
            out.extend_from_slice(&cycle[phase..phase + run]);
            n += run;
        }
    }
}

/// `engine` with its values as `W`, and `G(n) = value` (which did not fit) recorded.
fn widened<V: Value, W: Value>(engine: Engine<V>, n: usize, value: u32) -> Engine<W> {
    debug_assert!(value <= W::MAX);
    let mut wide = engine.widen();
    wide.push(n, value);
    wide
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_move_to_a_wider_type_when_one_does_not_fit() {
        // Take 1 to 300 tokens: G(n) = n mod 301, above a byte from heap 256 on.
        let mut digits = vec![0u8];
        digits.extend([3u8; 300]);
        let code = OctalCode::new(&digits).unwrap();
        let mut engine: Engine<u8> = Engine::new(&code, 400, Method::Sparse);
        let mut n = 1;
        while engine.step(n).is_ok() {
            n += 1;
        }
        assert_eq!(n, 256);
        let mut wide: Engine<u32> = widened(engine, n, 256);
        for heap in n + 1..=400 {
            assert_eq!(wide.step(heap), Ok(()));
        }
        let expected: Vec<u32> = (0..=400).map(|h| h % 301).collect();
        let mut stored = Vec::new();
        wide.values().copy(0, 401, &mut stored);
        assert_eq!(stored, expected);
        // The same through a computation, which starts with u8 values and moves to u16.
        let mut run = Computation::new(&code, 400, Options::default());
        run.advance(255);
        assert_eq!(run.bytes_per_value(), 1);
        run.advance(usize::MAX);
        assert_eq!(run.bytes_per_value(), 2);
        let mut got = Vec::new();
        run.copy_values(0, 401, &mut got);
        assert_eq!(got, expected);
    }
}

//! The engine's steps against the direct mex, and paired runs against one thread.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::code::OctalCode;
use crate::engine::{Engine, SavedState, StepCounts, WARM_UP};
use crate::pace::Pace;
use crate::run::{each, Computation, Core, Options};
use crate::sequence::Method;
use crate::store::Store;

/// `G(0..=n)` of `code`, every value proven by a direct mex over every move of its heap
/// (the values below it being proven before).
fn proven(code: &OctalCode, values: &[u32]) {
    let state = SavedState {
        method: Method::Plain,
        mask: 0,
        next_choice: WARM_UP,
        pairs: 0,
        steps: StepCounts::default(),
    };
    let (engine, _): (Engine<u32>, _) = Engine::restore(
        code,
        values.len(),
        Store::from_values(values.iter().copied(), 0),
        state,
        0,
    );
    for (heap, &value) in values.iter().enumerate().skip(1) {
        assert_eq!(
            engine.direct_mex(heap),
            value,
            "{code}: G({heap}) is not the mex of its moves"
        );
    }
}

/// A computation of `G(0..=n)` on `threads` threads, advanced by rounds of the given
/// sizes in turn (so that runs of two threads start and stop anywhere).
fn computed(code: &OctalCode, n: usize, method: Method, threads: usize, rounds: &[usize]) -> Computation {
    let options = Options {
        method,
        detect_period: false,
    };
    let mut run = Computation::new(code, n, options);
    run.set_threads(threads);
    for &round in rounds.iter().cycle() {
        if run.is_done() {
            break;
        }
        run.advance(round);
    }
    run
}

fn all_values(run: &Computation) -> Vec<u32> {
    let mut values = Vec::new();
    run.copy_values(0, run.known(), &mut values);
    values
}

fn retries(run: &Computation) -> u64 {
    each!(run.core(), e => e.retries())
}

fn steps(run: &Computation) -> StepCounts {
    each!(run.core(), e => e.steps)
}

/// Two threads give the values and step counts of one, whatever the rounds, and the
/// same splits looked at for every way of cutting the run into rounds.
fn two_threads_agree(code: &OctalCode, n: usize, method: Method) -> u64 {
    let one = computed(code, n, method, 1, &[usize::MAX]);
    let values = all_values(&one);
    proven(code, &values);
    let mut pairs = None;
    let mut retried = 0;
    for rounds in [&[usize::MAX][..], &[1, 2, 3], &[97, 1, 1000]] {
        let two = computed(code, n, method, 2, rounds);
        assert_eq!(all_values(&two), values, "{code} {method:?} by rounds {rounds:?}");
        assert_eq!(steps(&two), steps(&one), "{code} {method:?} by rounds {rounds:?}");
        let stats = two.sparse_stats();
        assert_eq!(
            (stats.mask, stats.rare, stats.max_value),
            (
                one.sparse_stats().mask,
                one.sparse_stats().rare,
                one.sparse_stats().max_value
            )
        );
        let first = *pairs.get_or_insert(stats.pairs);
        assert_eq!(stats.pairs, first, "{code} {method:?} by rounds {rounds:?}");
        retried = retries(&two);
    }
    retried
}

fn code(text: &str) -> OctalCode {
    if text == "grundy" {
        return OctalCode::grundy();
    }
    let digits: Vec<u8> = text
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    OctalCode::new(&digits).unwrap()
}

#[test]
fn two_threads_agree_with_one_and_with_the_mex_of_every_move() {
    let mut retried = 0;
    // Past the warm-up and two new choices of the mask (at 1024, 2048 and 4096).
    for text in ["0.6", "0.14", "0.161", "0.167", "0.014", "4.07", "4.6", "grundy"] {
        let code = code(text);
        retried += two_threads_agree(&code, 4500, Method::Sparse);
        // Sparse steps from heap 1, with the `4.` split 1 + (n - 1) left out.
        retried += two_threads_agree(&code, 600, Method::Mask(0b110));
        let sparse = steps(&computed(&code, 4500, Method::Sparse, 1, &[usize::MAX])).sparse;
        // The others are periodic early or have no good mask so soon.
        if ["0.6", "0.161", "0.167", "0.014", "grundy"].contains(&text) {
            assert!(sparse > 300, "{text} takes sparse steps");
        }
    }
    assert!(retried > 0, "no speculative step was taken again");
}

/// A random octal code of 2 to 5 digits with at least one digit that splits a heap.
fn random_code(rng: &mut StdRng) -> OctalCode {
    let len = rng.random_range(2..=5);
    let mut digits: Vec<u8> = (0..len).map(|_| rng.random_range(0..8)).collect();
    digits[0] = if rng.random_bool(0.2) { 4 } else { 0 };
    if digits.iter().all(|&d| d & 4 == 0) {
        digits[1] |= 4;
    }
    OctalCode::new(&digits).unwrap()
}

#[test]
fn two_threads_agree_on_random_codes_and_fixed_masks() {
    let mut rng = StdRng::seed_from_u64(0x0c7a1);
    let mut retried = 0;
    for _ in 0..40 {
        let code = random_code(&mut rng);
        // A fixed mask takes sparse steps from heap 1, good mask or not.
        let mask = rng.random_range(1..64);
        retried += two_threads_agree(&code, 500, Method::Mask(mask));
        two_threads_agree(&code, 2100, Method::Sparse);
    }
    assert!(retried > 0, "no speculative step was taken again");
}

#[test]
fn the_heaps_beside_the_last_value_are_taken_again_when_they_have_its_value() {
    // Officers with the mask 1: G(n) = G(n - 1) often, so the speculative value (the
    // mex without G(n - 1)) is often a value that move has.
    let officers = code("0.6");
    let two = computed(&officers, 3000, Method::Mask(1), 2, &[usize::MAX]);
    assert!(retries(&two) > 10, "{} retries", retries(&two));
    let one = computed(&officers, 3000, Method::Mask(1), 1, &[usize::MAX]);
    assert_eq!(all_values(&two), all_values(&one));
    assert_eq!(retries(&one), 0);
}

/// The values and splits looked at of an engine whose runs of two-heap steps go on two
/// threads where `parallel(first heap of the run)` says, else on this one.
fn paced(code: &OctalCode, n: usize, method: Method, parallel: impl Fn(usize) -> bool) -> (Vec<u32>, u64) {
    let mut engine: Engine<u16> = Engine::new(code, n, method);
    let mut paired = 0;
    while engine.len() <= n {
        let len = engine.len();
        // Never the exploring run, and no timing taken into account.
        engine.pace = Pace::settled(parallel(len));
        let (computed, too_large) = engine.advance_two((len + 41).min(n + 1));
        assert_eq!(too_large, None);
        paired += computed;
        if computed == 0 {
            assert_eq!(engine.step(len), Ok(()));
        }
    }
    assert!(paired > n / 2, "{code}: {paired} heaps two at a time");
    let mut values = Vec::new();
    engine.values().copy(0, engine.len(), &mut values);
    (values, engine.pairs)
}

#[test]
fn runs_on_two_threads_or_one_take_the_same_steps() {
    for text in ["0.6", "4.6", "grundy"] {
        let code = code(text);
        let method = Method::Mask(0b110);
        let two = paced(&code, 3000, method, |_| true);
        let one = paced(&code, 3000, method, |_| false);
        assert_eq!(two, one, "{text}");
        proven(&code, &two.0);
    }
}

#[test]
fn a_second_thread_far_behind_starts_from_a_copy_and_takes_the_same_steps() {
    // Two threads, then one for more heaps than a kept helper may lag, then two again:
    // the helper is copied afresh instead of catching up.
    let code = code("0.167");
    let method = Method::Mask(0b111101);
    let switched = paced(&code, 40_000, method, |heap| !(2_000..30_000).contains(&heap));
    let one = paced(&code, 40_000, method, |_| false);
    assert_eq!(switched, one);
}

#[test]
fn two_threads_move_to_a_wider_type_when_a_value_does_not_fit() {
    // Removing 1 to 40 tokens and leaving one or two heaps: values pass 255 (a byte)
    // after a few hundred heaps.
    let mut digits = vec![0u8];
    digits.extend([6u8; 40]);
    let code = OctalCode::new(&digits).unwrap();
    let n = 1500;
    let mut engine: Engine<u8> = Engine::new(&code, n, Method::Mask(0b101));
    let mut wide = loop {
        let len = engine.len();
        match engine.advance_two(len + 50) {
            (_, Some(value)) => {
                let heap = engine.len();
                let mut wide = engine.widen::<u16>();
                wide.push(heap, value);
                break wide;
            }
            // The heap at which the mask would be chosen (it is fixed) is one step.
            (0, None) => {
                assert_eq!(len, WARM_UP);
                assert_eq!(engine.step(len), Ok(()));
            }
            _ => {}
        }
    };
    assert!(wide.len() > 256, "widened at {}", wide.len());
    while wide.len() <= n {
        let len = wide.len();
        if wide.advance_two(len + 77).0 == 0 {
            assert_eq!(len, WARM_UP);
            assert_eq!(wide.step(len), Ok(()));
        }
    }
    let mut values = Vec::new();
    wide.values().copy(0, n + 1, &mut values);
    assert!(values.iter().any(|&v| v > 255));
    proven(&code, &values);
    let one = computed(&code, n, Method::Mask(0b101), 1, &[usize::MAX]);
    assert_eq!(all_values(&one), values);
}

#[test]
fn the_histogram_kept_as_values_come_counts_every_computed_heap() {
    // One and two threads, a mask chosen and chosen again, values restored from outside.
    for (text, threads) in [("0.6", 2), ("0.167", 1), ("4.07", 2), ("0.137", 1)] {
        let code = code(text);
        let run = computed(&code, 5000, Method::Sparse, threads, &[700, 1, 333]);
        let values = all_values(&run);
        let mut expected = std::collections::BTreeMap::new();
        for &value in &values[1..] {
            *expected.entry(value).or_insert(0u64) += 1;
        }
        let expected: Vec<(u32, u64)> = expected.into_iter().collect();
        let histogram = each!(run.core(), e => e.scratch.histogram());
        assert_eq!(histogram, expected, "{code}");
        let state = each!(run.core(), e => e.saved_state());
        let (restored, _): (Engine<u32>, _) = Engine::restore(
            &code,
            values.len(),
            Store::from_values(values.iter().copied(), 0),
            state,
            0,
        );
        assert_eq!(restored.scratch.histogram(), expected, "{code}: restored");
        let stats = run.sparse_stats();
        let mask = stats.mask.expect("a mask is chosen");
        let rare = values[1..]
            .iter()
            .filter(|&&v| crate::mask::parity(v, mask) == 0)
            .count() as u64;
        assert_eq!(stats.rare, rare, "{code}");
    }
}

/// A history the test reads too (the computation owns the one it is given).
#[derive(Debug, Clone, Default)]
struct SharedHistory(std::sync::Arc<std::sync::Mutex<Vec<u32>>>);

impl crate::History for SharedHistory {
    fn len(&self) -> usize {
        self.0.lock().unwrap().len()
    }
    fn append(&mut self, values: &[u32]) {
        self.0.lock().unwrap().extend_from_slice(values);
    }
    fn read(&self, start: usize, out: &mut [u32]) {
        out.copy_from_slice(&self.0.lock().unwrap()[start..start + out.len()]);
    }
}

/// Windows so small that every read outside them runs: rare heaps beyond the tail, scans
/// deeper than the front and the middle, relists, period checks and copies.
fn tiny_layout() -> crate::HistoryLayout {
    crate::HistoryLayout {
        from: 300,
        tail: 16,
        front: 4,
        middle: 4,
        widest: 64,
    }
}

/// The same computation with every value held and with tiny windows and a history: the
/// same values, steps, splits looked at and period (one thread), or the same values and
/// steps (two). Returns the values read back from the history and the values handed to it.
fn windowed_agrees(code: &OctalCode, n: usize, threads: usize, options: Options) -> (u64, usize) {
    let mut whole = Computation::new(code, n, options);
    whole.set_threads(threads);
    let mut windowed = Computation::new(code, n, options);
    windowed.set_threads(threads);
    let history = SharedHistory::default();
    windowed.set_history(Box::new(history.clone()), tiny_layout());
    for round in [1usize, 7, 300, 64, 1000].iter().cycle() {
        if whole.is_done() && windowed.is_done() {
            break;
        }
        whole.advance(*round);
        windowed.advance(*round);
    }
    let case = format!("{code} to {n} on {threads} threads, {options:?}");
    assert_eq!(all_values(&windowed), all_values(&whole), "{case}");
    assert_eq!(windowed.filled_by(), whole.filled_by(), "{case}");
    assert_eq!(windowed.period(), whole.period(), "{case}");
    assert_eq!(windowed.tally(), whole.tally(), "{case}");
    let (w, a) = (windowed.method_used(), whole.method_used());
    assert_eq!(
        (w.plain, w.bitset, w.sparse, w.mask),
        (a.plain, a.bitset, a.sparse, a.mask),
        "{case}"
    );
    if threads == 1 {
        assert_eq!(windowed.sparse_stats(), whole.sparse_stats(), "{case}");
    }
    let handed = windowed.handed_to_history();
    assert_eq!(
        history.0.lock().unwrap()[..],
        all_values(&whole)[..handed],
        "{case}"
    );
    (windowed.history_reads(), handed)
}

#[test]
fn windows_and_a_history_give_the_values_of_a_run_that_holds_every_value() {
    let mut far = 0;
    let options = Options {
        method: Method::Sparse,
        detect_period: false,
    };
    for text in ["0.6", "0.161", "0.167", "0.137", "0.77", "4.07", "grundy", "0.14"] {
        let code = code(text);
        for threads in [1, 2] {
            let (reads, handed) = windowed_agrees(&code, 3000, threads, options);
            assert!(handed > 1000, "{text}: {handed} values handed over");
            far += reads;
            far += windowed_agrees(&code, 2500, threads, Options::default()).0;
        }
        // Plain steps all the way: every split read through the windows.
        let plain = Options {
            method: Method::Plain,
            detect_period: false,
        };
        windowed_agrees(&code, 700, 1, plain);
        let bitset = Options {
            method: Method::Bitset,
            detect_period: false,
        };
        windowed_agrees(&code, 700, 1, bitset);
    }
    assert!(far > 0, "no value was read back from the history");
    let mut rng = StdRng::seed_from_u64(0x51de);
    for _ in 0..12 {
        let code = random_code(&mut rng);
        windowed_agrees(&code, 1500, 1 + rng.random_range(0..2), options);
        let mask = Options {
            method: Method::Mask(rng.random_range(1..64)),
            detect_period: true,
        };
        windowed_agrees(&code, 900, 1, mask);
    }
}

#[test]
fn a_windowed_run_values_wider_than_a_byte() {
    // Take 1 to 300 tokens (G(n) = n mod 301, two bytes from heap 256), and a split.
    let mut digits = vec![0u8];
    digits.extend([3u8; 299]);
    digits.push(7);
    let code = OctalCode::new(&digits).unwrap();
    let options = Options {
        method: Method::Sparse,
        detect_period: false,
    };
    for threads in [1, 2] {
        windowed_agrees(&code, 2000, threads, options);
    }
}

#[test]
fn a_windowed_run_saved_and_resumed_with_its_history_goes_on_alike() {
    let code = code("0.6");
    let n = 5000;
    let mut whole = Computation::new(&code, n, Options::default());
    whole.advance(usize::MAX);
    for (stop, threads) in [(299, 1), (301, 2), (1024, 1), (2049, 2), (4321, 1)] {
        let mut first = Computation::new(&code, n, Options::default());
        first.set_threads(threads);
        let history = SharedHistory::default();
        first.set_history(Box::new(history.clone()), tiny_layout());
        first.advance(stop);
        let bytes = first.checkpoint();
        let handed = Computation::history_length(&code, &bytes).unwrap();
        assert_eq!(handed, first.handed_to_history(), "stop {stop}");
        // The checkpoint holds the values kept in memory only.
        let data = bytes.windows(6).position(|w| w == b"\ndata\n").unwrap() + 6;
        assert_eq!(bytes.len() - data - 8, first.computed() - handed, "stop {stop}");
        if handed > 0 {
            let error = Computation::resume(&code, n, true, &bytes).unwrap_err();
            assert!(error.message.contains("values file"), "{error}");
        }
        // The history may have grown after the save: the resumed run takes what was saved.
        let saved: Vec<u32> = history.0.lock().unwrap()[..handed].to_vec();
        let again = SharedHistory(std::sync::Arc::new(std::sync::Mutex::new(saved.clone())));
        let mut resumed =
            Computation::resume_with_history(&code, n, true, &bytes, Box::new(again), tiny_layout()).unwrap();
        resumed.set_threads(threads);
        resumed.advance(usize::MAX);
        assert_eq!(all_values(&resumed), all_values(&whole), "stop {stop}");
        assert_eq!(resumed.period(), whole.period(), "stop {stop}");
        let (got, expected) = (resumed.sparse_stats(), whole.sparse_stats());
        assert_eq!(
            (got.mask, got.rare, got.max_value),
            (expected.mask, expected.rare, expected.max_value)
        );
        if handed > 0 {
            // Another length, or other values, are refused.
            let short = SharedHistory(std::sync::Arc::new(std::sync::Mutex::new(saved[1..].to_vec())));
            let error =
                Computation::resume_with_history(&code, n, true, &bytes, Box::new(short), tiny_layout())
                    .unwrap_err();
            assert!(error.message.contains("holds"), "{error}");
            let mut other = saved.clone();
            other[handed / 2] ^= 1;
            let other = SharedHistory(std::sync::Arc::new(std::sync::Mutex::new(other)));
            let error =
                Computation::resume_with_history(&code, n, true, &bytes, Box::new(other), tiny_layout())
                    .unwrap_err();
            assert!(error.message.contains("does not hold the values"), "{error}");
        }
    }
}

//! The engine's steps against the direct mex, and paired runs against one thread.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::code::OctalCode;
use crate::engine::{Engine, SavedState, StepCounts, WARM_UP};
use crate::pace::Pace;
use crate::run::{each, Computation, Core, Options};
use crate::sequence::Method;
use crate::slot::Slot;

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
    let engine: Engine<u32> = Engine::restore(code, values.len(), values, state);
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

#[test]
fn two_threads_agree_on_random_codes_and_fixed_masks() {
    let mut rng = StdRng::seed_from_u64(0x0c7a1);
    let mut retried = 0;
    for _ in 0..40 {
        let len = rng.random_range(2..=5);
        let mut digits: Vec<u8> = (0..len).map(|_| rng.random_range(0..8)).collect();
        digits[0] = if rng.random_bool(0.2) { 4 } else { 0 };
        if digits.iter().all(|&d| d & 4 == 0) {
            digits[1] |= 4;
        }
        let code = OctalCode::new(&digits).unwrap();
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

/// The values and splits looked at of an engine whose runs of two-heap steps all go
/// on two threads (`parallel`) or all on this one.
fn paced(code: &OctalCode, n: usize, method: Method, parallel: bool) -> (Vec<u32>, u64) {
    let mut engine: Engine<u16> = Engine::new(code, n, method);
    let mut paired = 0;
    while engine.len() <= n {
        let len = engine.len();
        // Never the exploring run, and no timing taken into account.
        engine.pace = Pace::settled(parallel);
        let (computed, too_large) = engine.advance_two((len + 41).min(n + 1));
        assert_eq!(too_large, None);
        paired += computed;
        if computed == 0 {
            assert_eq!(engine.step(len), Ok(()));
        }
    }
    assert!(paired > n / 2, "{code}: {paired} heaps two at a time");
    let values = engine.values().iter().map(|v| v.get()).collect();
    (values, engine.pairs)
}

#[test]
fn runs_on_two_threads_or_one_take_the_same_steps() {
    for text in ["0.6", "4.6", "grundy"] {
        let code = code(text);
        let method = Method::Mask(0b110);
        let two = paced(&code, 3000, method, true);
        let one = paced(&code, 3000, method, false);
        assert_eq!(two, one, "{text}");
        proven(&code, &two.0);
    }
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
    let values: Vec<u32> = wide.values().iter().take(n + 1).map(|v| v.get()).collect();
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
        let restored: Engine<u32> = Engine::restore(&code, values.len(), &values, state);
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

//! Octal games against a naive implementation written here (every move of every heap, a
//! direct mex), periods from the literature, and winning moves checked by their values.

use proptest::prelude::*;
use tabletop_grundy::{ImplicitGame, Outcome, Solver};
use tabletop_octal::{Computation, Leave, Method, NimSequence, OctalCode, Options, Period};

/// `G(0..=n)` the slow way: for each heap, every move listed from the digits' meaning, the
/// values collected in a set, and the mex. Iterative (heaps in increasing order).
fn naive(digits: &[u8], n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n + 1);
    for heap in 0..=n {
        // A mex is at most the number of moves.
        let mut seen = vec![false; digits.len() * (heap + 2) + 1];
        let mut see = |v: u32| {
            if let Some(slot) = seen.get_mut(v as usize) {
                *slot = true;
            }
        };
        for (k, &d) in digits.iter().enumerate() {
            if k > heap {
                break;
            }
            let rest = heap - k;
            if d & 1 != 0 && k > 0 && rest == 0 {
                see(0);
            }
            if d & 2 != 0 && k > 0 && rest > 0 {
                see(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    see(g[a] ^ g[rest - a]);
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
    }
    g
}

/// Every code `0.d1`, `0.d1d2`, `0.d1d2d3` (digits 0..7), and `4.d1d2`.
fn codes() -> Vec<Vec<u8>> {
    let mut codes = Vec::new();
    for d1 in 0..8u8 {
        codes.push(vec![0, d1]);
        for d2 in 0..8u8 {
            codes.push(vec![0, d1, d2]);
            codes.push(vec![4, d1, d2]);
            for d3 in 0..8u8 {
                codes.push(vec![0, d1, d2, d3]);
            }
        }
    }
    codes
}

/// Every method agrees with the naive values on `digits` up to `n`; the masks tried make
/// the sparse steps run from the first heap, whatever the mask's quality.
fn check(digits: &[u8], n: usize, masks: &[u32]) {
    let code = OctalCode::new(digits).expect("the test's codes are valid");
    let expected = naive(digits, n);
    let mut methods = vec![Method::Plain, Method::Bitset];
    if n > 1024 {
        // Below, the automatic method takes plain steps only.
        methods.push(Method::Sparse);
    }
    methods.extend(masks.iter().map(|&m| Method::Mask(m)));
    for method in methods {
        let got = NimSequence::compute_with(&code, n, method);
        assert_eq!(got.values(), &expected[..], "{code} with {method:?}");
    }
    // The default: the period checked as the values come, the rest filled by it.
    let got = NimSequence::compute(&code, n);
    assert_eq!(got.values(), &expected[..], "{code} with the period fill");
}

#[test]
fn every_code_of_up_to_three_digits_agrees_with_the_naive_values_to_200() {
    for (i, digits) in codes().iter().enumerate() {
        let mask = 1 + (i as u32 % 15);
        check(digits, 200, &[mask]);
    }
}

#[test]
fn a_sample_of_codes_agrees_with_the_naive_values_to_2000() {
    // Every 97th code, plus the famous ones; the automatic mask is chosen from heap 1024 on.
    let mut sample: Vec<Vec<u8>> = codes().into_iter().step_by(97).collect();
    sample.extend([
        vec![0, 6],
        vec![0, 7, 7],
        vec![0, 0, 7],
        vec![0, 1, 3, 7],
        vec![4, 0, 7],
    ]);
    for digits in &sample {
        check(digits, 2000, &[]);
    }
}

/// The full check: every code of up to three digits to 2000 by every
/// method. Slow in a debug build: `cargo test --release -p tabletop-grundy --test octal --
/// --ignored`.
#[test]
#[ignore = "every code of up to three digits to N = 2000: about 47 s in release; run with --release -- --ignored"]
fn every_code_of_up_to_three_digits_agrees_with_the_naive_values_to_2000() {
    for (i, digits) in codes().iter().enumerate() {
        check(digits, 2000, &[1 + (i as u32 % 255)]);
    }
}

#[test]
fn first_values_match_the_published_tables() {
    // Winning Ways and A. Flammenkamp's octal game tables.
    let table: [(&[u8], [u32; 16]); 4] = [
        (&[0, 6], [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2]),
        (&[0, 7, 7], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7]),
        (&[0, 1, 3, 7], [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5]),
        (&[0, 1, 6, 4], [0, 1, 0, 0, 1, 2, 2, 3, 4, 4, 5, 1, 1, 6, 3, 2]),
    ];
    for (digits, expected) in table {
        let code = OctalCode::new(digits).unwrap();
        assert_eq!(NimSequence::compute(&code, 15).values(), &expected, "{code}");
    }
}

#[test]
fn the_known_periods_are_found() {
    let period = |digits: &[u8], n: usize| NimSequence::compute(&OctalCode::new(digits).unwrap(), n).period();
    // Kayles: period 12, last exceptional value G(70).
    assert_eq!(
        period(&[0, 7, 7], 1000),
        Some(Period {
            period: 12,
            preperiod: 71
        })
    );
    // The window 2i + 2p + t - 1 = 2 * 71 + 24 + 1 = 167 must fit.
    assert_eq!(period(&[0, 7, 7], 166), None);
    assert_eq!(
        period(&[0, 7, 7], 167),
        Some(Period {
            period: 12,
            preperiod: 71
        })
    );
    // Dawson's Kayles: period 34; Dawson's chess 0.137 is the same game shifted by one
    // token, whose last exceptional value is at 51 (Winning Ways), so 0.07 repeats from 53.
    assert_eq!(
        period(&[0, 0, 7], 1000),
        Some(Period {
            period: 34,
            preperiod: 53
        })
    );
    assert_eq!(
        period(&[0, 1, 3, 7], 1000),
        Some(Period {
            period: 34,
            preperiod: 52
        })
    );
    // Take 1 to 4 tokens (0.3333): n mod 5. Officers: no period known, none found.
    assert_eq!(
        period(&[0, 3, 3, 3, 3], 1000),
        Some(Period {
            period: 5,
            preperiod: 0
        })
    );
    assert_eq!(period(&[0, 6], 5000), None);
    // A game without moves.
    assert_eq!(
        period(&[0, 0], 3),
        Some(Period {
            period: 1,
            preperiod: 0
        })
    );
}

/// A sum of heaps of an octal game as an implicit game: the position is the sorted list of
/// heaps, a move replaces one heap by what the rule leaves of it.
struct Heaps(Vec<u8>);

impl ImplicitGame for Heaps {
    type Position = Vec<u64>;

    fn moves(&self, heaps: &Vec<u64>, moves: &mut Vec<Vec<u64>>) {
        for (i, &h) in heaps.iter().enumerate() {
            for (k, &d) in self.0.iter().enumerate() {
                let k = k as u64;
                if k > h {
                    break;
                }
                let rest = h - k;
                let mut leaves: Vec<Vec<u64>> = Vec::new();
                if d & 1 != 0 && k > 0 && rest == 0 {
                    leaves.push(vec![]);
                }
                if d & 2 != 0 && k > 0 && rest > 0 {
                    leaves.push(vec![rest]);
                }
                if d & 4 != 0 {
                    leaves.extend((1..rest).map(|a| vec![a, rest - a]));
                }
                for leave in leaves {
                    let mut next: Vec<u64> = heaps.clone();
                    next.remove(i);
                    next.extend(leave);
                    next.sort_unstable();
                    moves.push(next);
                }
            }
        }
    }
}

#[test]
fn sums_of_heaps_agree_with_the_implicit_solver() {
    for digits in [vec![0u8, 7, 7], vec![0, 6], vec![4, 0, 7], vec![0, 1, 5, 2]] {
        let code = OctalCode::new(&digits).unwrap();
        let values = NimSequence::compute(&code, 12).into_values();
        let mut solver = Solver::new(Heaps(digits.clone()));
        for a in 0..8u64 {
            for b in a..8 {
                let heaps = vec![a, b];
                let xor = values[a as usize] ^ values[b as usize];
                assert_eq!(solver.value(&heaps).unwrap(), xor, "{code} {heaps:?}");
                let best = code.winning_move(&values, &heaps).unwrap();
                let outcome = tabletop_octal::heaps_outcome(&values, &heaps).unwrap();
                assert_eq!(outcome, solver.outcome(std::slice::from_ref(&heaps)).unwrap());
                match best {
                    None => assert_eq!(outcome, Outcome::Lose),
                    Some(mv) => {
                        // The move is legal and leaves a sum of value 0.
                        let mut after = heaps.clone();
                        after.remove(mv.heap);
                        after.extend(mv.leave.heaps());
                        after.sort_unstable();
                        let mut legal = Vec::new();
                        solver.game().moves(&heaps, &mut legal);
                        assert!(legal.contains(&after), "{code} {heaps:?}: {mv}");
                        assert_eq!(solver.value(&after).unwrap(), 0);
                        assert_eq!(mv.take + mv.leave.heaps().iter().sum::<u64>(), heaps[mv.heap]);
                        assert!(!matches!(mv.leave, Leave::Two(x, y) if x > y));
                    }
                }
            }
        }
    }
}

#[test]
fn heaps_beyond_the_values_are_an_error() {
    let code = OctalCode::new(&[0, 7, 7]).unwrap();
    let values = NimSequence::compute(&code, 10).into_values();
    let err = code.winning_move(&values, &[3, 11]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "heap #2 has 11 tokens, but values are computed only up to 10"
    );
    assert!(tabletop_octal::heaps_outcome(&values, &[u64::MAX]).is_err());
}

/// A code of up to five digits after the point, `0.` or `4.` before it.
fn any_code() -> impl Strategy<Value = Vec<u8>> {
    (prop::bool::ANY, prop::collection::vec(0u8..8, 1..=5)).prop_map(|(four, digits)| {
        let mut code = vec![if four { 4 } else { 0 }];
        code.extend(digits);
        code
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every method and the period fill give the naive values; the period found over the
    /// filled values is the one the Guy–Smith test finds over the naive values.
    #[test]
    fn random_codes_agree_with_the_naive_values(digits in any_code(), n in 0usize..1500) {
        let code = OctalCode::new(&digits).unwrap();
        let expected = naive(&digits, n);
        let reference = NimSequence::compute_with(&code, n, Method::Plain);
        prop_assert_eq!(reference.values(), &expected[..]);
        for method in [Method::Bitset, Method::Sparse, Method::Mask(0b110)] {
            let options = Options { method, detect_period: true };
            let mut run = Computation::new(&code, n, options);
            // Odd steps, so that checks and fills meet heaps at any phase.
            while !run.is_done() {
                run.advance(37);
            }
            let mut got = Vec::new();
            run.copy_values(0, n + 1, &mut got);
            prop_assert_eq!(&got, &expected, "{} with {:?}", code, method);
            prop_assert_eq!(run.period(), reference.period(), "{} with {:?}", code, method);
            let tally = run.tally();
            prop_assert_eq!(tally.frequencies.iter().sum::<u64>(), n as u64 + 1);
        }
    }

    /// A run saved anywhere and resumed from the bytes gives the naive values, the same
    /// period and the same statistics as a run never stopped.
    #[test]
    fn a_run_resumed_anywhere_agrees_with_the_naive_values(
        digits in any_code(),
        n in 1usize..1500,
        stop in 1usize..1500,
    ) {
        let code = OctalCode::new(&digits).unwrap();
        let expected = naive(&digits, n);
        let mut whole = Computation::new(&code, n, Options::default());
        whole.advance(usize::MAX);
        let mut first = Computation::new(&code, n, Options::default());
        first.advance(stop);
        let bytes = first.checkpoint();
        let mut resumed = Computation::resume(&code, n, true, &bytes).unwrap();
        resumed.advance(usize::MAX);
        let mut got = Vec::new();
        resumed.copy_values(0, n + 1, &mut got);
        prop_assert_eq!(&got, &expected, "{} stopped after {}", code, stop);
        prop_assert_eq!(resumed.period(), whole.period());
        prop_assert_eq!(resumed.sparse_stats(), whole.sparse_stats());
        prop_assert_eq!(resumed.tally(), whole.tally());
    }
}

#[test]
fn a_proven_period_fills_millions_of_heaps_without_a_mex() {
    // Dawson's chess: period 34, proven within a few hundred heaps.
    let code = OctalCode::new(&[0, 1, 3, 7]).unwrap();
    let mut run = Computation::new(&code, 5_000_000, Options::default());
    run.advance(usize::MAX);
    assert!(run.is_done());
    assert!(run.computed() < 400, "{}", run.computed());
    assert_eq!(run.filled_by().map(|p| p.period), Some(34));
    let expected = naive(&[0, 1, 3, 7], 1000);
    for n in [399, 400, 401, 999, 1000] {
        assert_eq!(run.value(n), expected[n]);
    }
    assert_eq!(run.value(5_000_000), expected[52 + (5_000_000 - 52) % 34]);
    assert_eq!(
        run.period(),
        Some(Period {
            period: 34,
            preperiod: 52
        })
    );
    assert_eq!(run.method_used().period_from, Some(run.computed()));
}

/// Grundy's game the slow way: the mex of `G(a) ^ G(n - a)` over `1 <= a < n - a`.
fn naive_grundy(n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n + 1);
    for heap in 0..=n {
        let mut seen = vec![false; heap + 2];
        for a in 1..heap {
            if a < heap - a {
                seen[(g[a] ^ g[heap - a]) as usize] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
    }
    g
}

#[test]
fn grundys_game_agrees_with_the_naive_values_by_every_method() {
    let code = OctalCode::grundy();
    assert_eq!(code.to_string(), "grundy");
    // OEIS A002188.
    let start = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0];
    assert_eq!(NimSequence::compute(&code, 20).values(), &start[..]);
    let n = 2500;
    let expected = naive_grundy(n);
    for method in [
        Method::Plain,
        Method::Bitset,
        Method::Sparse,
        Method::Mask(0b11),
        Method::Mask(0b101),
    ] {
        let got = NimSequence::compute_with(&code, n, method);
        assert_eq!(got.values(), &expected[..], "{method:?}");
        // The Guy–Smith test does not hold for it: no period, ever.
        assert_eq!(got.period(), None);
    }
    let mut run = Computation::new(&code, n, Options::default());
    run.advance(usize::MAX);
    assert_eq!(run.period(), None);
    assert_eq!(run.filled_by(), None);
    // A winning move never splits into equal heaps; it leaves a sum of value 0.
    for heaps in [vec![7u64, 4], vec![10, 3, 6], vec![2500, 13]] {
        if let Some(best) = code.winning_move(&expected, &heaps).unwrap() {
            let Leave::Two(a, b) = best.leave else {
                panic!("{best}")
            };
            assert!(a < b && a + b == best.size && best.take == 0, "{best}");
            let mut after = heaps.clone();
            after.remove(best.heap);
            let xor = after
                .iter()
                .fold(expected[a as usize] ^ expected[b as usize], |x, &h| {
                    x ^ expected[h as usize]
                });
            assert_eq!(xor, 0, "{best}");
        }
    }
}

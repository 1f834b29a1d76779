//! The quotient against an independent brute-force misère search, and its laws.

use std::collections::HashMap;

use proptest::prelude::*;
use tabletop_control::Control;

use super::*;

/// Misère outcome of a sum of heaps (sorted sizes), by search over the game's real moves:
/// P iff there is a move and every move leads to an N-position.
fn brute_is_p(code: &OctalCode, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(heaps) {
        return known;
    }
    let mut any_move = false;
    let mut to_p = false;
    for index in 0..heaps.len() {
        if index > 0 && heaps[index] == heaps[index - 1] {
            continue;
        }
        let mut lefts = Vec::new();
        code.find_move(heaps[index], |_, leave| {
            lefts.push(leave.heaps());
            false
        });
        for left in lefts {
            any_move = true;
            let mut next: Vec<u64> = heaps.to_vec();
            next.remove(index);
            next.extend(left);
            next.sort_unstable();
            if brute_is_p(code, &next, memo) {
                to_p = true;
                break;
            }
        }
        if to_p {
            break;
        }
    }
    let p = any_move && !to_p;
    memo.insert(heaps.to_vec(), p);
    p
}

/// Every multiset of heaps `1..=n` with at most `tokens` tokens, sorted.
fn sums(n: u64, tokens: u64) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    let mut frontier = vec![(Vec::new(), 0u64, 1u64)];
    while let Some((sum, total, least)) = frontier.pop() {
        for h in least..=n {
            if total + h > tokens {
                break;
            }
            let mut longer: Vec<u64> = sum.clone();
            longer.push(h);
            out.push(longer.clone());
            frontier.push((longer, total + h, h));
        }
    }
    out
}

fn check_against_brute_force(code: &OctalCode, n: usize, tokens: u64) -> MisereQuotient {
    let q =
        MisereQuotient::compute(code, n, MisereBudget::default(), &Control::new()).expect("within budget");
    check_quotient(code, &q, tokens);
    q
}

/// Every sum of at most `tokens` tokens has the outcome the quotient says.
fn check_quotient(code: &OctalCode, q: &MisereQuotient, tokens: u64) {
    let n = q.largest_heap();
    let mut memo = HashMap::new();
    for sum in sums(n as u64, tokens) {
        let brute = brute_is_p(code, &sum, &mut memo);
        let element = q.element_of(&sum).expect("heaps within n");
        assert_eq!(q.is_p(element), brute, "{code} heaps {sum:?}: element {element}");
    }
}

fn check_laws(q: &MisereQuotient) {
    let order = q.order() as u32;
    assert_eq!(q.pretend()[0], 0);
    // Even, but for the trivial quotient of a game without moves.
    let moves = q.pretend().iter().any(|&e| e != 0);
    assert!(
        q.order().is_multiple_of(2) || (q.order() == 1 && !moves),
        "misère quotients have even order"
    );
    for a in 0..order {
        assert_eq!(q.product(0, a), a);
        for b in 0..order {
            assert_eq!(q.product(a, b), q.product(b, a));
            for c in 0..order {
                assert_eq!(q.product(q.product(a, b), c), q.product(a, q.product(b, c)));
            }
        }
    }
    // Reduced: every two elements are told apart by some product.
    for a in 0..order {
        for b in a + 1..order {
            assert!(
                (0..order).any(|z| q.is_p(q.product(a, z)) != q.is_p(q.product(b, z))),
                "{a} and {b}"
            );
        }
    }
}

fn nim(n: usize) -> OctalCode {
    let mut digits = vec![0];
    digits.extend(std::iter::repeat_n(3, n));
    OctalCode::new(&digits).expect("a code")
}

#[test]
fn misere_nim_has_the_tame_quotients() {
    // Heaps 0..1: ⟨a | a² = 1⟩, P = {a}.
    let q = check_against_brute_force(&nim(1), 1, 8);
    assert_eq!((q.order(), q.p_portion().len()), (2, 1));
    // Heaps 0..3: T2 = ⟨a, b | a² = 1, b³ = b⟩, order 6, P = {a, b²}.
    let q = check_against_brute_force(&nim(3), 3, 12);
    assert_eq!((q.order(), q.p_portion().len()), (6, 2));
    let presentation = q.presentation();
    assert_eq!(presentation.generators, vec![1, 2]);
    let a = q.pretend()[1];
    let b = q.pretend()[2];
    assert_eq!(q.product(a, a), 0);
    assert_eq!(q.product(b, q.product(b, b)), b);
    let b2 = q.product(b, b);
    let mut six = vec![0, a, b, q.product(a, b), b2, q.product(a, b2)];
    six.sort_unstable();
    assert_eq!(six, (0..6).collect::<Vec<u32>>());
    assert_eq!(q.pretend()[3], q.product(a, b));
    assert_eq!(q.p_portion(), {
        let mut p = vec![a, q.product(b, b)];
        p.sort_unstable();
        p
    });
    check_laws(&q);
}

#[test]
fn misere_nim_on_heaps_below_a_power_of_two_has_order_two_more_than_it() {
    // Sums with a heap of two or more tokens play as in normal Nim (2^k nim-sums, the
    // P-portion the nim-sum 0); sums of single tokens are 1 or a by parity (P: odd). With
    // heaps up to 1 only the single tokens are left.
    for (largest, order, p) in [(1, 2, 1), (3, 6, 2), (7, 10, 2), (15, 18, 2)] {
        let q = MisereQuotient::compute(&nim(largest), largest, MisereBudget::default(), &Control::new())
            .expect("within budget");
        assert_eq!(q.order(), order, "heaps up to {largest}");
        assert_eq!(q.p_portion().len(), p, "heaps up to {largest}");
        check_laws(&q);
    }
    check_against_brute_force(&nim(7), 7, 16);
}

#[test]
fn dawsons_kayles_to_heap_30_has_the_order_misere_solver_reports() {
    // Siegel: "Q_30(0.07) has size 360" (miseregames.wordpress.com, 2007-08-28).
    let code = OctalCode::new(&[0, 0, 7]).expect("a code");
    let q = check_against_brute_force(&code, 30, 20);
    assert_eq!(q.order(), 360);
    check_laws(&q);
}

#[test]
fn action_tables_give_the_quotient_whole_tables_give() {
    // Every candidate and quotient kept as generator actions and paths, not whole tables.
    let dawson = OctalCode::new(&[0, 0, 7]).expect("0.07");
    let whole =
        MisereQuotient::compute(&dawson, 26, MisereBudget::default(), &Control::new()).expect("whole");
    let kept = table::FULL_ORDER_IN_TESTS.with(|full| full.replace(0));
    let actions = MisereQuotient::compute(&dawson, 26, MisereBudget::default(), &Control::new());
    table::FULL_ORDER_IN_TESTS.with(|full| full.set(kept));
    let actions = actions.expect("actions");
    assert_eq!(actions.pretend(), whole.pretend());
    assert_eq!(actions.p_portion(), whole.p_portion());
    assert_eq!(actions.product_table(), whole.product_table());
    assert_eq!(actions, whole);
    check_quotient(&dawson, &actions, 24);
}

#[test]
fn kayles_and_dawsons_kayles_agree_with_brute_force() {
    for (digits, n, tokens) in [
        (&[0, 7, 7][..], 8, 16),
        (&[0, 7, 7][..], 16, 18),
        (&[0, 0, 7][..], 14, 17),
        (&[0, 0, 7][..], 26, 19),
        (&[0, 1, 3, 7][..], 12, 15),
        (&[0, 1, 3, 7][..], 24, 18),
    ] {
        let code = OctalCode::new(digits).expect("a code");
        let q = check_against_brute_force(&code, n, tokens);
        check_laws(&q);
    }
}

#[test]
fn the_presentation_rewrites_every_word_of_the_quotient() {
    let kayles = OctalCode::new(&[0, 7, 7]).expect("a code");
    let q = MisereQuotient::compute(&kayles, 8, MisereBudget::default(), &Control::new()).expect("quotient");
    let presentation = q.presentation();
    let images: Vec<u32> = presentation.generators.iter().map(|&h| q.pretend()[h]).collect();
    let value = |word: &[u32]| {
        word.iter()
            .zip(&images)
            .fold(0, |e, (&count, &g)| (0..count).fold(e, |e, _| q.product(e, g)))
    };
    for (element, word) in presentation.words.iter().enumerate() {
        assert_eq!(value(word), element as u32);
    }
    for (left, right) in &presentation.relations {
        assert_eq!(value(left), value(right));
    }
}

#[test]
fn a_winning_move_leads_to_a_p_position() {
    let kayles = OctalCode::new(&[0, 7, 7]).expect("a code");
    let q = MisereQuotient::compute(&kayles, 8, MisereBudget::default(), &Control::new()).expect("quotient");
    for sum in sums(8, 14) {
        let best = q.winning_move(&kayles, &sum).expect("within");
        match q.outcome(&sum).expect("within") {
            Outcome::Lose => assert_eq!(best, None),
            Outcome::Win if sum.is_empty() => assert_eq!(best, None),
            _ => {
                let best = best.expect("a move to a P-position");
                let mut after = sum.clone();
                after.remove(best.heap);
                after.extend(best.leave.heaps());
                assert_eq!(q.outcome(&after), Ok(Outcome::Lose), "{sum:?} by {best}");
            }
        }
    }
}

#[test]
fn a_small_budget_is_refused_naming_the_heap() {
    let kayles = OctalCode::new(&[0, 7, 7]).expect("a code");
    let budget = MisereBudget {
        order: 8,
        ..MisereBudget::default()
    };
    let refused = MisereQuotient::compute(&kayles, 8, budget, &Control::new());
    let Err(MisereError::Order { heap, budget: 8, .. }) = refused else {
        panic!("not refused: {refused:?}");
    };
    assert!(heap <= 8);
}

#[test]
fn a_cancelled_control_stops_the_computation() {
    let control = Control::new();
    control.cancel();
    let kayles = OctalCode::new(&[0, 7, 7]).expect("a code");
    let stopped = MisereQuotient::compute(&kayles, 10, MisereBudget::default(), &control);
    assert!(matches!(stopped, Err(MisereError::Stopped(_))), "{stopped:?}");
}

#[test]
fn a_proven_period_holds_beyond_the_heaps_that_prove_it() {
    // 0.1: take one token from a heap of one; every heap but 1 is the empty game.
    let mut proven = 0;
    for digits in [&[0, 3][..], &[0, 1, 5][..], &[0, 3, 1][..]] {
        let code = OctalCode::new(digits).expect("a code");
        let q =
            MisereQuotient::compute(&code, 40, MisereBudget::default(), &Control::new()).expect("quotient");
        let Some(period) = q.period(&code) else { continue };
        proven += 1;
        let longer =
            MisereQuotient::compute(&code, 80, MisereBudget::default(), &Control::new()).expect("quotient");
        assert_eq!(longer.order(), q.order(), "{code}");
        for n in period.preperiod..=80 - period.period {
            // Elements are numbered alike (the smaller quotient is the same monoid).
            assert_eq!(
                longer.pretend()[n + period.period],
                longer.pretend()[n],
                "{code} at {n}"
            );
        }
    }
    assert!(proven > 0, "no period proven");
}

#[test]
fn a_period_from_heap_0_needs_one_heap_more() {
    // Period 2 from heap 0 with t = 2: 2p + t + 1 = 7 values (2p + t = 6 is not enough:
    // taking p from the larger part of a split may leave an empty heap).
    let code = OctalCode::new(&[0, 3, 4]).expect("a code");
    let two = Period {
        period: 2,
        preperiod: 0,
    };
    assert_eq!(proven_period(&[0, 1, 0, 1, 0, 1], &code), None);
    assert_eq!(proven_period(&[0, 1, 0, 1, 0, 1, 0], &code), Some(two));
    // From heap 1: 2I + 2p + t = 8 values.
    let late = Period {
        period: 2,
        preperiod: 1,
    };
    assert_eq!(proven_period(&[5, 1, 0, 1, 0, 1, 0], &code), None);
    assert_eq!(proven_period(&[5, 1, 0, 1, 0, 1, 0, 1], &code), Some(late));
    // Grundy's game: never.
    assert_eq!(proven_period(&[0; 40], &OctalCode::grundy()), None);
}

/// A budget that refuses random codes' large quotients quickly.
fn small() -> MisereBudget {
    MisereBudget {
        order: 96,
        state_bytes: 16 << 20,
    }
}

/// Each proof's verdict against the exhaustive exploration's, on the quotient and on
/// every P-portion one element away from it (each wrong, so each must be refuted).
fn check_proofs_agree(code: &OctalCode, q: &MisereQuotient) {
    let options: Vec<Vec<u32>> = (0..q.pretend.len())
        .map(|h| option_elements(code, &q.table, &q.pretend, h))
        .collect();
    let (generators, _) = generators_of(&q.pretend, &options);
    let states = 1 << 20;
    let proven = |table: &Table| {
        let quick = verify::verify(table, &generators, states * 64, &Control::new());
        let full = explore::explore(table, &generators, states, false, &Control::new());
        let quick = match quick {
            Ok(()) => true,
            Err(verify::Unproven::Wrong(_)) => false,
            Err(other) => panic!("{code}: {other:?}"),
        };
        let full = match full {
            Ok(explored) => explored.consistent,
            Err(explore::Refuted::Wrong) => false,
            Err(other) => panic!("{code}: {other:?}"),
        };
        assert_eq!(quick, full, "{code}: the two proofs disagree");
        quick
    };
    assert!(proven(&q.table), "{code}: the quotient is not proven");
    let order = q.order();
    for flipped in 0..order as u32 {
        let p = (0..order as u32).map(|a| q.is_p(a) != (a == flipped)).collect();
        let product = (0..order as u32)
            .flat_map(|a| (0..order as u32).map(move |b| (a, b)))
            .map(|(a, b)| q.product(a, b))
            .collect();
        let wrong = Table::new(order, product, p);
        assert!(!proven(&wrong), "{code}: element {flipped} flipped is proven");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn the_quick_proof_agrees_with_the_exhaustive_one(digits in proptest::collection::vec(0u8..8, 1..4), n in 3usize..13) {
        let mut code = vec![0];
        code.extend(digits);
        let code = OctalCode::new(&code).expect("a code");
        if let Ok(q) = MisereQuotient::compute(&code, n, small(), &Control::new()) {
            check_proofs_agree(&code, &q);
        }
    }

    #[test]
    fn random_codes_agree_with_brute_force(digits in proptest::collection::vec(0u8..8, 1..4), n in 3usize..13) {
        let mut code = vec![0];
        code.extend(digits);
        let code = OctalCode::new(&code).expect("a code");
        // Where the method does not reach the quotient it says so; where it answers, it is right.
        match MisereQuotient::compute(&code, n, small(), &Control::new()) {
            Ok(q) => {
                check_quotient(&code, &q, 15);
                check_laws(&q);
            }
            Err(error) => prop_assert!(
                matches!(error, MisereError::Unsettled { .. } | MisereError::Order { .. }),
                "{error}"
            ),
        }
    }
}

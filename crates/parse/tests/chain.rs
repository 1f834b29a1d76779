//! The judge format end to end (parse, values, answers) on a chain of 10^6 positions, deep
//! enough to overflow any recursive solution on the default stack.

use tabletop_grundy::{Outcome, Value};

const N: usize = 1_000_000;

/// `N`, then `1 i+1` for each position but the last, then queries, then `0`.
fn chain_input(extra_back_move: bool) -> Vec<u8> {
    let mut text = String::with_capacity(N * 10);
    text.push_str(&format!("{N}\n"));
    for i in 0..N - 1 {
        text.push_str(&format!("1 {}\n", i + 1));
    }
    if extra_back_move {
        text.push_str("1 0\n"); // The last position moves back to the first: one big cycle.
    } else {
        text.push_str("0\n");
    }
    text.push_str("1 0\n1 1\n2 0 1\n1 999999\n0\n");
    text.into_bytes()
}

#[test]
fn a_chain_of_a_million_positions_parses_and_answers() {
    let input = tabletop_parse::grundy::parse(&chain_input(false)).unwrap();
    let case = &input.cases[0].value;
    assert_eq!(case.graph.len(), N);
    let values = case.graph.values();
    // Position i is N - 1 - i moves from the end: value (N - 1 - i) mod 2.
    assert_eq!(values.get(0), Some(Value::Finite(1)));
    assert_eq!(values.get(1), Some(Value::Finite(0)));
    let answers: Vec<Outcome> = case.queries.iter().map(|q| values.outcome(q).unwrap()).collect();
    assert_eq!(
        answers,
        vec![Outcome::Win, Outcome::Lose, Outcome::Win, Outcome::Lose]
    );
}

#[test]
fn a_cycle_of_a_million_positions_is_a_draw() {
    let input = tabletop_parse::grundy::parse(&chain_input(true)).unwrap();
    let values = input.cases[0].value.graph.values();
    assert_eq!(values.infinite_count(), N);
    assert_eq!(values.get(0), Some(Value::Infinite(&[])));
    let queries = &input.cases[0].value.queries;
    assert!(queries
        .iter()
        .all(|q| values.outcome(q).unwrap() == Outcome::Draw));
}

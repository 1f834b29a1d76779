//! Property tests: the values of arbitrary graphs satisfy the defining conditions of the
//! (generalized) Sprague-Grundy function, and building a graph never panics.

use proptest::prelude::*;
use tabletop_grundy::{Graph, Outcome, Value};

/// Up to 12 positions and 40 arbitrary moves (self-loops and repeats included).
fn graph_lists() -> impl Strategy<Value = Vec<Vec<u64>>> {
    (1usize..=12).prop_flat_map(|n| {
        proptest::collection::vec((0..n, 0..n as u64), 0..40).prop_map(move |edges| {
            let mut lists = vec![Vec::new(); n];
            for (from, to) in edges {
                lists[from].push(to);
            }
            lists
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// A finite value m: no successor has m, every j < m occurs among the successors, and
    /// every successor of larger or infinite value has a successor of value m. An infinite
    /// value: K is exactly the set of the successors' finite values.
    #[test]
    fn values_satisfy_the_definition(lists in graph_lists()) {
        let graph = Graph::from_lists(&lists).unwrap();
        let values = graph.values();
        prop_assert_eq!(values.len(), graph.len());
        let finite = |p: u32| match values.get(p) {
            Some(Value::Finite(v)) => Some(v),
            _ => None,
        };
        for u in 0..graph.len() as u32 {
            let successors = graph.successors(u);
            let mut seen: Vec<u32> = successors.iter().filter_map(|&v| finite(v)).collect();
            seen.sort_unstable();
            seen.dedup();
            match values.get(u).unwrap() {
                Value::Finite(m) => {
                    prop_assert!(!seen.contains(&m));
                    prop_assert!((0..m).all(|j| seen.contains(&j)));
                    for &v in successors {
                        if finite(v).is_none_or(|x| x > m) {
                            prop_assert!(graph.successors(v).iter().any(|&w| finite(w) == Some(m)));
                        }
                    }
                }
                Value::Infinite(k) => prop_assert_eq!(k, seen.as_slice()),
            }
        }
        match graph.acyclic_values() {
            Ok(plain) => prop_assert_eq!(values.as_finite(), Some(plain.as_slice())),
            Err(cycle) => {
                // The reported cycle is one: each position moves to the next.
                let c = &cycle.cycle;
                prop_assert!(!c.is_empty());
                for (i, &p) in c.iter().enumerate() {
                    let next = c[(i + 1) % c.len()];
                    prop_assert!(graph.successors(p).contains(&next));
                }
            }
        }
    }

    /// A single piece: LOSE exactly on value 0, DRAW only on an infinite value without 0 in K.
    #[test]
    fn single_pieces_follow_their_value(lists in graph_lists()) {
        let values = Graph::from_lists(&lists).unwrap().values();
        for p in 0..values.len() as u32 {
            let expected = match values.get(p).unwrap() {
                Value::Finite(0) => Outcome::Lose,
                Value::Finite(_) => Outcome::Win,
                Value::Infinite(k) if k.contains(&0) => Outcome::Win,
                Value::Infinite(_) => Outcome::Draw,
            };
            prop_assert_eq!(values.outcome(&[p]).unwrap(), expected);
        }
    }

    /// Arbitrary CSR arrays are either a valid graph or a typed error, never a panic.
    #[test]
    fn arbitrary_csr_never_panics(
        offsets in proptest::collection::vec(0u32..20, 0..8),
        successors in proptest::collection::vec(0u32..10, 0..20),
    ) {
        if let Ok(graph) = Graph::from_csr(offsets, successors) {
            let _ = graph.values();
        }
    }
}

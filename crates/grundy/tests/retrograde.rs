//! The generalized Sprague-Grundy answer against an independent oracle: retrograde analysis
//! of the whole sum's state space.
//!
//! The oracle (`tabletop_testkit::retrograde`) knows nothing of Grundy values. It is run on thousands of random graphs of up to 8 positions,
//! with and without cycles, for every multiset of 1 to 3 pieces.

use std::collections::HashMap;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabletop_grundy::{Graph, Outcome};
use tabletop_testkit::graphs::random_graph;
use tabletop_testkit::retrograde::retrograde;

#[test]
fn generalized_sprague_grundy_agrees_with_retrograde_analysis() {
    let mut rng = StdRng::seed_from_u64(0x1005_1986);
    let mut seen: HashMap<Outcome, usize> = HashMap::new();
    let mut single_infinite_sums = 0;
    for round in 0..3000 {
        let n = rng.random_range(1..=8);
        let density = rng.random_range(0.05..0.45);
        let acyclic = round % 4 == 0;
        let lists = random_graph(&mut rng, n, density, acyclic);
        let graph = Graph::from_lists(&lists).unwrap();
        let values = graph.values();
        if acyclic {
            assert_eq!(
                values.as_finite(),
                Some(graph.acyclic_values().unwrap().as_slice())
            );
        }
        for k in 1..=3 {
            for (state, expected) in retrograde(&lists, k) {
                let pieces = state;
                let actual = values.outcome(&pieces).unwrap();
                assert_eq!(
                    actual,
                    expected,
                    "graph {lists:?}, pieces {pieces:?}, values {:?}",
                    values.iter().map(|v| v.to_string()).collect::<Vec<_>>()
                );
                *seen.entry(expected).or_default() += 1;
                let infinite = pieces
                    .iter()
                    .filter(|&&p| matches!(values.get(p), Some(tabletop_grundy::Value::Infinite(_))))
                    .count();
                if infinite == 1 && k > 1 {
                    single_infinite_sums += 1;
                }
            }
        }
    }
    // Every answer, and the interesting mixed sums, must occur often, or the check is weak.
    for outcome in [Outcome::Win, Outcome::Lose, Outcome::Draw] {
        assert!(seen.get(&outcome).copied().unwrap_or(0) > 10_000, "{seen:?}");
    }
    assert!(single_infinite_sums > 10_000, "{single_infinite_sums}");
}

//! The implicit-game solver against the explicit graph API: subtraction games listed as a
//! `Graph` and given by their rule agree on every value, outcome and winning move.

use proptest::prelude::*;
use tabletop_grundy::{Graph, ImplicitGame, Outcome, Solver, SumMove};

/// Take any number of tokens listed in the set.
struct Subtraction(Vec<u64>);

impl ImplicitGame for Subtraction {
    type Position = u64;

    fn moves(&self, heap: &u64, moves: &mut Vec<u64>) {
        moves.extend(self.0.iter().filter(|&&s| s <= *heap).map(|&s| heap - s));
    }
}

/// The same game on heaps `0..n`, written out.
fn graph(set: &[u64], n: u64) -> Graph {
    let lists: Vec<Vec<u64>> = (0..n)
        .map(|h| set.iter().filter(|&&s| s <= h).map(|&s| h - s).collect())
        .collect();
    Graph::from_lists(&lists).expect("moves stay below n")
}

proptest! {
    #[test]
    fn subtraction_games_agree_with_the_explicit_graph(
        set in prop::collection::btree_set(1u64..10, 1..5),
        n in 1u64..300,
        heaps in prop::collection::vec(0u64..300, 0..5),
    ) {
        let set: Vec<u64> = set.into_iter().collect();
        let explicit = graph(&set, n);
        let values = explicit.values();
        let explicit = explicit.acyclic_values().expect("a subtraction game has no cycle");
        let mut solver = Solver::new(Subtraction(set.clone()));
        // Ask from the top so that most values come from the memo.
        for h in (0..n).rev() {
            prop_assert_eq!(solver.value(&h).expect("no cycle"), explicit[h as usize]);
        }
        let heaps: Vec<u64> = heaps.into_iter().map(|h| h % n).collect();
        let pieces: Vec<u32> = heaps.iter().map(|&h| h as u32).collect();
        let outcome = solver.outcome(&heaps).expect("no cycle");
        prop_assert_eq!(outcome, values.outcome(&pieces).expect("heaps below n"));
        match solver.winning_move(&heaps).expect("no cycle") {
            None => prop_assert_eq!(outcome, Outcome::Lose),
            Some(SumMove { index, to }) => {
                prop_assert_eq!(outcome, Outcome::Win);
                prop_assert!(set.contains(&(heaps[index] - to)));
                let mut after = pieces.clone();
                after[index] = to as u32;
                prop_assert_eq!(values.outcome(&after).expect("below n"), Outcome::Lose);
            }
        }
    }
}

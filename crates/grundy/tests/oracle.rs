//! Brute force against Sprague-Grundy: the whole sum of games searched as one game tree.
//!
//! The oracle knows nothing of Grundy values: a state is the multiset of the pieces'
//! positions (a sorted list), and the player to move wins iff some move (one piece along one
//! edge) leads to a state where the opponent loses. It is checked on thousands of small
//! random DAGs with up to three pieces.

use std::collections::HashMap;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabletop_grundy::{Graph, Outcome};
use tabletop_testkit::graphs::random_dag;

/// Whether the player to move wins from `state` (sorted positions), by game-tree search.
fn wins(lists: &[Vec<u32>], state: Vec<u32>, memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&known) = memo.get(&state) {
        return known;
    }
    let mut result = false;
    'search: for piece in 0..state.len() {
        for &to in &lists[state[piece] as usize] {
            let mut next = state.clone();
            next[piece] = to;
            next.sort_unstable();
            if !wins(lists, next, memo) {
                result = true;
                break 'search;
            }
        }
    }
    memo.insert(state, result);
    result
}

#[test]
fn sprague_grundy_agrees_with_game_tree_search() {
    let mut rng = StdRng::seed_from_u64(0x5eed_2425);
    let mut checked = 0;
    let mut wins_seen = 0;
    for _ in 0..3000 {
        let n = rng.random_range(1..=9);
        let lists = random_dag(&mut rng, n);
        let graph = Graph::from_lists(&lists).unwrap();
        let values = graph.values();
        assert!(values.as_finite().is_some(), "an acyclic graph has finite values");
        let mut memo = HashMap::new();
        for _ in 0..4 {
            let pieces: Vec<u32> = (0..rng.random_range(1..=3))
                .map(|_| rng.random_range(0..n as u32))
                .collect();
            let mut state = pieces.clone();
            state.sort_unstable();
            let expected = if wins(&lists, state, &mut memo) {
                Outcome::Win
            } else {
                Outcome::Lose
            };
            assert_eq!(
                values.outcome(&pieces).unwrap(),
                expected,
                "graph {lists:?}, pieces {pieces:?}"
            );
            checked += 1;
            wins_seen += usize::from(expected == Outcome::Win);
        }
    }
    // Both answers must occur often, or the check would be weak.
    assert!(
        wins_seen > checked / 5 && wins_seen < checked * 4 / 5,
        "{wins_seen} of {checked}"
    );
}

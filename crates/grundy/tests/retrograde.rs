//! The generalized Sprague-Grundy answer against an independent oracle: retrograde analysis
//! of the whole sum's state space.
//!
//! A state is the multiset of the pieces' positions (a sorted list); a move takes one piece
//! along one edge. Terminal states are LOSE; a state with a LOSE successor is WIN; a state
//! all of whose successors are WIN is LOSE; what is never decided is DRAW. The oracle knows
//! nothing of Grundy values. It is run on thousands of random graphs of up to 8 positions,
//! with and without cycles, for every multiset of 1 to 3 pieces.

use std::collections::{HashMap, HashSet};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabletop_grundy::{Graph, Outcome};

/// Every sorted `k`-tuple over `0..n`.
fn multisets(n: u64, k: usize) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..k {
        let mut longer = Vec::new();
        for state in &all {
            let low = state.last().copied().unwrap_or(0);
            for p in low..n {
                let mut next = state.clone();
                next.push(p);
                longer.push(next);
            }
        }
        all = longer;
    }
    all
}

/// The outcome of every state with `k` pieces, by retrograde analysis.
fn retrograde(lists: &[Vec<u64>], k: usize) -> HashMap<Vec<u64>, Outcome> {
    let states = multisets(lists.len() as u64, k);
    let index: HashMap<Vec<u64>, usize> = states.iter().cloned().enumerate().map(|(i, s)| (s, i)).collect();
    let mut successors: Vec<HashSet<usize>> = vec![HashSet::new(); states.len()];
    let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); states.len()];
    for (s, state) in states.iter().enumerate() {
        for piece in 0..k {
            for &to in &lists[state[piece] as usize] {
                let mut next = state.clone();
                next[piece] = to;
                next.sort_unstable();
                let t = index[&next];
                if successors[s].insert(t) {
                    predecessors[t].push(s);
                }
            }
        }
    }
    let mut result: Vec<Option<Outcome>> = vec![None; states.len()];
    let mut undecided: Vec<usize> = successors.iter().map(HashSet::len).collect();
    let mut queue: Vec<usize> = Vec::new();
    for s in 0..states.len() {
        if undecided[s] == 0 {
            result[s] = Some(Outcome::Lose);
            queue.push(s);
        }
    }
    while let Some(t) = queue.pop() {
        let lost = result[t] == Some(Outcome::Lose);
        for &s in &predecessors[t] {
            if result[s].is_some() {
                continue;
            }
            if lost {
                result[s] = Some(Outcome::Win);
                queue.push(s);
            } else {
                undecided[s] -= 1;
                if undecided[s] == 0 {
                    result[s] = Some(Outcome::Lose);
                    queue.push(s);
                }
            }
        }
    }
    states
        .into_iter()
        .zip(result)
        .map(|(state, outcome)| (state, outcome.unwrap_or(Outcome::Draw)))
        .collect()
}

/// A random graph on `n` positions: each ordered pair (self-loops included) is a move with
/// probability `density`; with `acyclic`, only moves from a lower to a higher position.
fn random_graph(rng: &mut StdRng, n: usize, density: f64, acyclic: bool) -> Vec<Vec<u64>> {
    let mut lists = vec![Vec::new(); n];
    for (from, list) in lists.iter_mut().enumerate() {
        for to in 0..n {
            if (!acyclic || to > from) && rng.random_bool(density) {
                list.push(to as u64);
                if rng.random_bool(0.05) {
                    list.push(to as u64); // a repeated move
                }
            }
        }
    }
    lists
}

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
                let pieces: Vec<u32> = state.iter().map(|&p| p as u32).collect();
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

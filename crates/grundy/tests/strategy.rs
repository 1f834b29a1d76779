//! The printed moves against an independent oracle: retrograde analysis of the whole sum.
//!
//! For every multiset of 1 to 3 pieces on thousands of small random graphs (with and without
//! cycles): the outcome agrees with the oracle, a WIN move leads to a LOSE state, a DRAW move
//! to a DRAW state, LOSE has no move; and playing the WIN moves against EVERY reply ends the
//! game (the opponent stuck) within `k·V` rounds: the states reachable under the strategy
//! form no cycle.

use std::collections::{HashMap, HashSet};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabletop_grundy::strategy::{Move, Strategy};
use tabletop_grundy::{Graph, Outcome, Value};
use tabletop_testkit::graphs::random_graph;
use tabletop_testkit::retrograde::{apply, replies, retrograde, State};

fn to_graph(lists: &[Vec<u32>]) -> Graph {
    Graph::from_lists(lists).expect("the generated graph is valid")
}

/// Plays `choose` (our move in a WIN state) against every reply from the LOSE state `state`
/// (opponent to move): the most rounds (reply + our answer) before the opponent is stuck, or
/// `None` if some line of replies goes on forever.
fn rounds(
    lists: &[Vec<u32>],
    state: &State,
    choose: &dyn Fn(&State) -> Option<Move>,
    memo: &mut HashMap<State, Option<usize>>,
    on_path: &mut HashSet<State>,
) -> Option<usize> {
    if let Some(&known) = memo.get(state) {
        return known;
    }
    if !on_path.insert(state.clone()) {
        return None; // A cycle: the strategy makes no progress.
    }
    let mut most = Some(0);
    for reply in replies(lists, state) {
        let result = choose(&reply).and_then(|play| {
            assert_eq!(reply[play.piece], play.from);
            rounds(lists, &apply(&reply, play.piece, play.to), choose, memo, on_path)
        });
        most = match (most, result) {
            (Some(a), Some(b)) => Some(a.max(b + 1)),
            _ => None,
        };
        if most.is_none() {
            break;
        }
    }
    on_path.remove(state);
    memo.insert(state.clone(), most);
    most
}

#[test]
fn winning_and_drawing_moves_agree_with_retrograde_analysis_and_wins_end() {
    let mut rng = StdRng::seed_from_u64(0x13_13);
    let mut checked: HashMap<Outcome, usize> = HashMap::new();
    let mut longest = 0;
    for round in 0..1500 {
        let n = rng.random_range(1..=7);
        let density = rng.random_range(0.05..0.5);
        let lists = random_graph(&mut rng, n, density, round % 4 == 0);
        let graph = to_graph(&lists);
        let values = graph.values();
        let strategy = Strategy::new(&graph, &values);
        assert!(strategy.is_complete(), "{lists:?}");
        let choose = |state: &State| strategy.answer(state).unwrap().play;
        for k in 1..=3 {
            let oracle = retrograde(&lists, k);
            let mut memo = HashMap::new();
            for (state, &expected) in &oracle {
                let answer = strategy.answer(state).unwrap();
                assert_eq!(answer.outcome, expected, "{lists:?} {state:?}");
                *checked.entry(expected).or_default() += 1;
                let Some(play) = answer.play else {
                    assert_eq!(expected, Outcome::Lose, "{lists:?} {state:?}: no move");
                    continue;
                };
                assert_eq!(state[play.piece], play.from);
                assert!(lists[play.from as usize].contains(&play.to));
                let after = apply(state, play.piece, play.to);
                let wanted = if expected == Outcome::Win {
                    Outcome::Lose
                } else {
                    Outcome::Draw
                };
                assert_eq!(oracle[&after], wanted, "{lists:?} {state:?} -> {play:?}");
                if expected == Outcome::Win {
                    let most = rounds(&lists, &after, &choose, &mut memo, &mut HashSet::new());
                    let most = most.unwrap_or_else(|| panic!("{lists:?} {state:?}: no progress"));
                    assert!(most <= k * n, "{lists:?} {state:?}: {most} rounds");
                    longest = longest.max(most);
                }
            }
        }
    }
    for outcome in [Outcome::Win, Outcome::Lose, Outcome::Draw] {
        assert!(checked.get(&outcome).copied().unwrap_or(0) > 5_000, "{checked:?}");
    }
    assert!(longest >= 3, "{longest}");
}

/// The counter condition (C) of the module documentation, checked directly: every larger
/// successor of a finite position reverses out through a position of the same value and a
/// smaller rank.
#[test]
fn the_counter_condition_holds() {
    let mut rng = StdRng::seed_from_u64(1966);
    for _ in 0..2000 {
        let n = rng.random_range(1..=12);
        let density = rng.random_range(0.05..0.4);
        let lists = random_graph(&mut rng, n, density, false);
        let graph = to_graph(&lists);
        let values = graph.values();
        let strategy = Strategy::new(&graph, &values);
        let finite = |p: u32| match values.get(p) {
            Some(Value::Finite(m)) => Some(m),
            _ => None,
        };
        for u in 0..n as u32 {
            let Some(m) = finite(u) else { continue };
            let rank = strategy.rank(u).unwrap();
            for &v in graph.successors(u) {
                if finite(v).is_some_and(|b| b < m) {
                    continue;
                }
                assert!(
                    graph
                        .successors(v)
                        .iter()
                        .any(|&w| finite(w) == Some(m) && strategy.rank(w).unwrap() < rank),
                    "{lists:?}: {u} -> {v}"
                );
            }
        }
    }
}

/// Without the ranks, "any move to a LOSE position" can go round in circles: the check
/// above would catch it.
#[test]
fn a_careless_strategy_is_caught() {
    // 0 <-> 1, 1 -> 2: from 1, moving back to 0 is also a move to LOSE, but 0 -> 1 -> 0 ...
    let lists: Vec<Vec<u32>> = vec![vec![1], vec![0, 2], vec![]];
    let careless = |state: &State| -> Option<Move> {
        let oracle = retrograde(&lists, state.len());
        for piece in 0..state.len() {
            for &to in &lists[state[piece] as usize] {
                if oracle[&apply(state, piece, to)] == Outcome::Lose {
                    return Some(Move {
                        piece,
                        from: state[piece],
                        to,
                    });
                }
            }
        }
        None
    };
    let start = vec![0];
    assert_eq!(
        rounds(
            &lists,
            &start,
            &careless,
            &mut HashMap::new(),
            &mut HashSet::new()
        ),
        None
    );
    let graph = to_graph(&lists);
    let values = graph.values();
    let strategy = Strategy::new(&graph, &values);
    let choose = |state: &State| strategy.answer(state).unwrap().play;
    assert_eq!(
        rounds(&lists, &start, &choose, &mut HashMap::new(), &mut HashSet::new()),
        Some(1)
    );
}

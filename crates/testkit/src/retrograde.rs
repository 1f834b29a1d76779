//! The outcome of every sum of `k` pieces on a small graph, by retrograde analysis of the
//! whole state space: an oracle that knows nothing of Grundy values.
//!
//! A state is the multiset of the pieces' positions (a sorted list); a move takes one piece
//! along one edge. Terminal states are LOSE; a state with a LOSE successor is WIN; a state
//! all of whose successors are WIN is LOSE; what is never decided is DRAW.

use std::collections::{HashMap, HashSet};

use tabletop_grundy::Outcome;

/// A sum's state: the pieces' positions, sorted.
pub type State = Vec<u32>;

/// Every sorted `k`-tuple over `0..n`.
pub fn multisets(n: u32, k: usize) -> Vec<State> {
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

/// `state` after piece number `piece` (0-based, in `state`) moves to `to`, sorted again.
pub fn apply(state: &State, piece: usize, to: u32) -> State {
    let mut next = state.clone();
    next[piece] = to;
    next.sort_unstable();
    next
}

/// The states one move from `state` (with repeats when moves repeat).
pub fn replies(lists: &[Vec<u32>], state: &State) -> Vec<State> {
    let mut all = Vec::new();
    for (piece, &from) in state.iter().enumerate() {
        for &to in &lists[from as usize] {
            all.push(apply(state, piece, to));
        }
    }
    all
}

/// The outcome of every state with `k` pieces on the graph `lists`.
pub fn retrograde(lists: &[Vec<u32>], k: usize) -> HashMap<State, Outcome> {
    let states = multisets(lists.len() as u32, k);
    let index: HashMap<State, usize> = states.iter().cloned().enumerate().map(|(i, s)| (s, i)).collect();
    let mut successors: Vec<HashSet<usize>> = vec![HashSet::new(); states.len()];
    let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); states.len()];
    for (s, state) in states.iter().enumerate() {
        for next in replies(lists, state) {
            let t = index[&next];
            if successors[s].insert(t) {
                predecessors[t].push(s);
            }
        }
    }
    let mut result: Vec<Option<Outcome>> = vec![None; states.len()];
    let mut undecided: Vec<usize> = successors.iter().map(HashSet::len).collect();
    let mut queue: Vec<usize> = (0..states.len()).filter(|&s| undecided[s] == 0).collect();
    for &s in &queue {
        result[s] = Some(Outcome::Lose);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multisets_are_sorted_and_counted() {
        // C(n + k - 1, k): 4 positions, 2 pieces: 10.
        let all = multisets(4, 2);
        assert_eq!(all.len(), 10);
        assert!(all.iter().all(|s| s.windows(2).all(|w| w[0] <= w[1])));
        assert_eq!(multisets(3, 0), vec![Vec::<u32>::new()]);
    }

    #[test]
    fn hand_solved_graphs() {
        // 0 -> 1 -> 2: 2 is LOSE, 1 WIN, 0 LOSE; two pieces on 1 cancel out.
        let chain = vec![vec![1], vec![2], vec![]];
        let one = retrograde(&chain, 1);
        assert_eq!(one[&vec![0]], Outcome::Lose);
        assert_eq!(one[&vec![1]], Outcome::Win);
        assert_eq!(one[&vec![2]], Outcome::Lose);
        assert_eq!(retrograde(&chain, 2)[&vec![1, 1]], Outcome::Lose);
        // A self-loop with no exit is a DRAW; with an exit to a terminal position, a WIN.
        assert_eq!(retrograde(&[vec![0]], 1)[&vec![0]], Outcome::Draw);
        assert_eq!(retrograde(&[vec![0, 1], vec![]], 1)[&vec![0]], Outcome::Win);
        assert_eq!(replies(&chain, &vec![0, 1]), vec![vec![1, 1], vec![0, 2]]);
    }
}

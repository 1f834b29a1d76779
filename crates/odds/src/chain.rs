//! The Markov chain of one counter: first throw by throw, then folded into turns. A second
//! method, written independently of the positional sweeps, that the tests check the
//! expectation, the exact fraction and the distribution against (a bounce back onto an
//! extra-turn square included).
//!
//! Throw-level nodes are the start of a turn on a square (`Turn`), the start of a turn that
//! is skipped (`Skip`, after landing on a miss-a-turn square) and a pending extra throw on an
//! extra-turn square (`Extra`). A turn is the walk from a `Turn` or `Skip` node to the next
//! one (or to the goal); extra throws stay inside the turn. The within-turn walk can revisit
//! an extra-turn square (with `overshoot bounce`), so it is folded by solving its absorbing
//! chain, not by following it.

use std::collections::{HashMap, VecDeque};

use tabletop_boards::{Board, Special, Square};

mod solve;

use super::dd::Dd;
use super::field::Field;
use super::tabulate::Table;
use super::{OddsError, Overshoot, Rules, Stop, Tabulate};
pub(crate) use solve::FromRatio;
use solve::{solve, Sparse, SparseRhs};

/// Most (reachable node × die face) pairs a chain may have: bounds time and memory.
pub(crate) const MAX_WORK: u64 = 10_000_000;

/// A throw-level node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Node {
    /// A turn starts with the counter on this square; the player throws.
    Turn(Square),
    /// A turn starts on this (miss-a-turn) square and is skipped.
    Skip(Square),
    /// The counter is on this extra-turn square and throws again in the same turn.
    Extra(Square),
}

impl Node {
    fn square(self) -> Square {
        match self {
            Node::Turn(s) | Node::Skip(s) | Node::Extra(s) => s,
        }
    }
}

/// Where one throw takes the counter, before special squares.
enum Move {
    /// The goal is reached.
    Goal,
    /// The throw is ignored (overshoot stay): the counter stays and nothing triggers.
    Stay,
    /// The counter lands here (jumps followed).
    Land(Square),
}

fn throw(board: &Board, rules: &Rules, from: Square, die: u64) -> Move {
    let goal = board.goal();
    // In u128: a board may have up to 2^64 - 1 squares.
    let target = u128::from(from) + u128::from(die);
    let square = if target > u128::from(goal) {
        match rules.overshoot {
            Overshoot::Stay => return Move::Stay,
            Overshoot::Win => return Move::Goal,
            // Checked by the layout for every square that can be reached; others clamp.
            Overshoot::Bounce => {
                let back = 2 * u128::from(goal) - target.min(2 * u128::from(goal));
                Square::try_from(back).unwrap_or(0)
            }
        }
    } else {
        Square::try_from(target).unwrap_or(goal)
    };
    let landed = board.land(square);
    if landed == goal {
        Move::Goal
    } else {
        Move::Land(landed)
    }
}

/// What follows a throw, as a node (or the goal).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Next {
    /// The goal: the game is over for this counter, at the end of this turn.
    Goal,
    /// Another node.
    Node(Node),
}

/// The successors of a node with their counts out of `faces` (a `Skip` node has one
/// successor with count `faces`).
fn successors(board: &Board, rules: &Rules, node: Node) -> Vec<(Next, u64)> {
    let faces = rules.die;
    match node {
        Node::Skip(square) => vec![(Next::Node(Node::Turn(square)), faces)],
        Node::Turn(from) | Node::Extra(from) => {
            let mut out: Vec<(Next, u64)> = Vec::new();
            for die in 1..=faces {
                let next = match throw(board, rules, from, die) {
                    Move::Goal => Next::Goal,
                    Move::Stay => Next::Node(Node::Turn(from)),
                    Move::Land(square) => Next::Node(match board.special(square) {
                        Some(Special::ExtraTurn) => Node::Extra(square),
                        Some(Special::MissTurn) => Node::Skip(square),
                        None => Node::Turn(square),
                    }),
                };
                match out.last_mut() {
                    Some((last, count)) if *last == next => *count += 1,
                    _ => out.push((next, 1)),
                }
            }
            out.sort_unstable();
            let mut merged: Vec<(Next, u64)> = Vec::with_capacity(out.len());
            for (next, count) in out {
                match merged.last_mut() {
                    Some((last, total)) if *last == next => *total += count,
                    _ => merged.push((next, count)),
                }
            }
            merged
        }
    }
}

/// Where a throw leads, by index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// The goal.
    Goal,
    /// The turn ends in turn state `i`.
    End(usize),
    /// Another throw in the same turn, from extra state `i`.
    Continue(usize),
}

/// The reachable part of one counter's chain, with counts out of the die's faces: no
/// numbers yet, so it can be folded in `f64` or exactly.
#[derive(Debug, Clone)]
pub(crate) struct Structure {
    /// Faces of the die: every count is out of this.
    pub faces: u64,
    /// Turn states (`Turn` and `Skip` nodes) in square order (`Turn` before `Skip`).
    pub turn_nodes: Vec<Node>,
    /// Extra-throw squares reachable within a turn, in square order.
    pub extra_nodes: Vec<Square>,
    /// Index of the start state in `turn_nodes`.
    pub start: usize,
    /// Throws from each turn state (for a `Skip` state: one entry, count `faces`).
    pub turn_moves: Vec<Vec<(Target, u64)>>,
    /// Throws from each extra state.
    pub extra_moves: Vec<Vec<(Target, u64)>>,
}

impl Structure {
    /// Explores the chain from the start, checking that the goal is reached with probability 1.
    pub fn new(board: &Board, rules: &Rules) -> Result<Self, OddsError> {
        let goal = board.goal();
        if rules.die == 0 {
            return Err(OddsError::NoFaces);
        }
        if rules.start >= goal {
            return Err(OddsError::StartNotBeforeGoal {
                start: rules.start,
                goal,
            });
        }
        // Explore every node reachable from the start.
        let start = Node::Turn(rules.start);
        let mut index: HashMap<Node, usize> = HashMap::new();
        let mut nodes = vec![start];
        let mut edges: Vec<Vec<(Next, u64)>> = Vec::new();
        index.insert(start, 0);
        let mut at = 0;
        while at < nodes.len() {
            let work = (nodes.len() as u64).saturating_mul(rules.die);
            if work > MAX_WORK {
                return Err(OddsError::TooLarge {
                    limit: MAX_WORK / rules.die.max(1),
                });
            }
            let next = successors(board, rules, nodes[at]);
            for &(target, _) in &next {
                if let Next::Node(node) = target {
                    index.entry(node).or_insert_with(|| {
                        nodes.push(node);
                        nodes.len() - 1
                    });
                }
            }
            edges.push(next);
            at += 1;
        }
        check_goal(rules, goal, &nodes, &index, &edges)?;
        // Number the states in square order.
        let mut turn_nodes: Vec<Node> = nodes
            .iter()
            .copied()
            .filter(|n| !matches!(n, Node::Extra(_)))
            .collect();
        turn_nodes.sort_unstable();
        let mut extra_nodes: Vec<Square> = nodes
            .iter()
            .filter_map(|n| match n {
                Node::Extra(s) => Some(*s),
                _ => None,
            })
            .collect();
        extra_nodes.sort_unstable();
        let target_of = |next: Next| -> Target {
            match next {
                Next::Goal => Target::Goal,
                Next::Node(Node::Extra(s)) => Target::Continue(extra_nodes.binary_search(&s).unwrap_or(0)),
                Next::Node(node) => Target::End(turn_nodes.binary_search(&node).unwrap_or(0)),
            }
        };
        let moves_of = |node: Node| -> Vec<(Target, u64)> {
            let at = index.get(&node).copied().unwrap_or(0);
            edges[at]
                .iter()
                .map(|&(next, count)| (target_of(next), count))
                .collect()
        };
        let turn_moves: Vec<Vec<(Target, u64)>> = turn_nodes.iter().map(|&n| moves_of(n)).collect();
        let extra_moves: Vec<Vec<(Target, u64)>> =
            extra_nodes.iter().map(|&s| moves_of(Node::Extra(s))).collect();
        let start = turn_nodes.binary_search(&start).unwrap_or(0);
        Ok(Self {
            faces: rules.die,
            turn_nodes,
            extra_nodes,
            start,
            turn_moves,
            extra_moves,
        })
    }

    /// The per-turn chain in the arithmetic `T`.
    pub fn fold<T: FromRatio>(&self) -> Result<TurnChain<T>, OddsError> {
        let n = self.turn_nodes.len();
        let goal_column = n;
        let probability = |count: u64| T::ratio(count, self.faces);
        // Within-turn absorption: y_e = sum over throws from e (continue: y_e', else outcome).
        let mut rows: Vec<Sparse<T>> = Vec::with_capacity(self.extra_nodes.len());
        let mut rhs: Vec<SparseRhs<T>> = Vec::with_capacity(self.extra_nodes.len());
        for (e, moves) in self.extra_moves.iter().enumerate() {
            let mut row: Sparse<T> = vec![(e, T::one())];
            let mut outcomes: Sparse<T> = Vec::new();
            for &(target, count) in moves {
                match target {
                    Target::Continue(other) => row.push((other, T::zero().minus(&probability(count)))),
                    Target::End(state) => outcomes.push((state, probability(count))),
                    Target::Goal => outcomes.push((goal_column, probability(count))),
                }
            }
            rows.push(merge(row));
            rhs.push(SparseRhs(merge(outcomes)));
        }
        let within =
            solve(rows, rhs).map_err(|_| OddsError::Internal("the within-turn chain is singular"))?;
        let mut transitions = Vec::with_capacity(n);
        let mut to_goal = Vec::with_capacity(n);
        for moves in &self.turn_moves {
            // Where the turn ends: directly, or through the extra throws' absorption.
            let mut entries: Sparse<T> = Vec::new();
            for &(target, count) in moves {
                let p = probability(count);
                match target {
                    Target::End(state) => entries.push((state, p)),
                    Target::Goal => entries.push((goal_column, p)),
                    Target::Continue(e) => {
                        if let Some(y) = within.get(e) {
                            entries.extend(y.0.iter().map(|(j, q)| (*j, p.times(q))));
                        }
                    }
                }
            }
            let mut row = merge(entries);
            let goal = match row.last() {
                Some((column, _)) if *column == goal_column => row.pop().map_or_else(T::zero, |(_, p)| p),
                _ => T::zero(),
            };
            transitions.push(row);
            to_goal.push(goal);
        }
        Ok(TurnChain {
            start: self.start,
            transitions,
            to_goal,
        })
    }
}

/// The goal must be reachable from every reachable node.
fn check_goal(
    rules: &Rules,
    goal: Square,
    nodes: &[Node],
    index: &HashMap<Node, usize>,
    edges: &[Vec<(Next, u64)>],
) -> Result<(), OddsError> {
    let mut reverse: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    let mut reaches_goal = vec![false; nodes.len()];
    let mut queue = VecDeque::new();
    for (from, next) in edges.iter().enumerate() {
        for &(target, _) in next {
            match target {
                Next::Goal => {
                    if !reaches_goal[from] {
                        reaches_goal[from] = true;
                        queue.push_back(from);
                    }
                }
                Next::Node(node) => {
                    if let Some(&to) = index.get(&node) {
                        reverse[to].push(from);
                    }
                }
            }
        }
    }
    while let Some(to) = queue.pop_front() {
        for &from in &reverse[to] {
            if !reaches_goal[from] {
                reaches_goal[from] = true;
                queue.push_back(from);
            }
        }
    }
    if !reaches_goal[0] {
        return Err(OddsError::GoalUnreachable {
            start: rules.start,
            goal,
        });
    }
    if let Some(square) = nodes
        .iter()
        .zip(&reaches_goal)
        .filter(|(_, &ok)| !ok)
        .map(|(node, _)| node.square())
        .min()
    {
        return Err(OddsError::GoalMissable { square, goal });
    }
    Ok(())
}

/// Sorts a sparse vector by index and adds up duplicates.
fn merge<T: Field>(mut entries: Sparse<T>) -> Sparse<T> {
    entries.sort_by_key(|&(index, _)| index);
    let mut out: Sparse<T> = Vec::with_capacity(entries.len());
    for (index, value) in entries {
        match out.last_mut() {
            Some((last, total)) if *last == index => *total = total.plus(&value),
            _ => out.push((index, value)),
        }
    }
    out
}

/// One counter's chain, turn by turn.
#[derive(Debug, Clone)]
pub(crate) struct TurnChain<T> {
    /// The start state.
    pub start: usize,
    /// For every state, the states the turn can end in (sorted), with their probabilities.
    pub transitions: Vec<Sparse<T>>,
    /// For every state, the probability that the counter reaches the goal in this turn.
    pub to_goal: Vec<T>,
}

impl<T: Field> TurnChain<T> {
    #[cfg(test)]
    /// The expected number of turns to the goal from every state: `(I - P) x = 1`.
    pub fn expected_turns(&self) -> Result<Vec<T>, OddsError> {
        let rows: Vec<Sparse<T>> = self
            .transitions
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let mut out: Sparse<T> = row.iter().map(|(j, p)| (*j, T::zero().minus(p))).collect();
                out.push((i, T::one()));
                merge(out)
            })
            .collect();
        let ones = vec![T::one(); rows.len()];
        solve(rows, ones).map_err(|_| OddsError::Internal("the turn chain is singular"))
    }
}

/// The distribution from the folded per-turn chain, within `limits`.
pub(crate) fn tabulate(board: &Board, rules: &Rules, limits: &mut Tabulate<'_>) -> Result<Table, OddsError> {
    let chain = Structure::new(board, rules)?.fold::<Dd>()?;
    let work_per_turn: u64 = chain.transitions.iter().map(|row| row.len() as u64 + 1).sum();
    let mut now = vec![Dd::zero(); chain.transitions.len()];
    let mut next = vec![Dd::zero(); chain.transitions.len()];
    if let Some(at) = now.get_mut(chain.start) {
        *at = Dd::one();
    }
    let mut table = Table {
        probability: vec![Dd::zero()],
        survival: vec![Dd::one()],
        stop: None,
    };
    loop {
        let turns = table.probability.len() as u64 - 1;
        if table.survival.last().map_or(0.0, |s| s.to_f64()) <= limits.tail {
            return Ok(table);
        }
        if limits.work < work_per_turn || turns >= super::tabulate::MAX_TURNS {
            table.stop = Some(if turns >= super::tabulate::MAX_TURNS {
                Stop::Turns
            } else {
                Stop::Budget
            });
            return Ok(table);
        }
        limits.work -= work_per_turn;
        let mut won = Dd::zero();
        for ((mass, row), to_goal) in now.iter().zip(&chain.transitions).zip(&chain.to_goal) {
            if mass.is_zero() {
                continue;
            }
            won = won.plus(&mass.times(to_goal));
            for (to, p) in row {
                next[*to] = next[*to].plus(&mass.times(p));
            }
        }
        std::mem::swap(&mut now, &mut next);
        next.iter_mut().for_each(|m| *m = Dd::zero());
        let left = now.iter().fold(Dd::zero(), |sum, m| sum.plus(m));
        table.probability.push(won);
        table.survival.push(left);
        if turns.is_multiple_of(256) {
            if let Some(progress) = limits.progress.as_mut() {
                progress(turns + 1, left.to_f64());
            }
        }
    }
}

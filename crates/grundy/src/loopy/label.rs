//! The labelling behind [`Graph::values`], in named phases:
//!
//! 1. [`Graph::components`]: the strongly connected components, sinks first (Tarjan).
//! 2. For each component in that order (every move leaving it leads to a finished position):
//!    - a single position without a self-loop: [`Labelling::settle_single`], the local rule;
//!    - a component with a cycle: [`Rounds`], the Fraenkel-Yesha rounds on its own moves,
//!      the finished positions outside entering only as fixed facts.
//! 3. [`Labelling::finish`]: the `K` sets, in position order.
//!
//! See [`Graph::values`] for the bound and its proof.

use super::{Values, INFINITE_BIT};
use crate::graph::{Graph, Position};

/// Not finished yet (in [`Labelling::raw`]; it has [`INFINITE_BIT`] set, so it is never read
/// as a finite value).
const UNLABELLED: u32 = u32::MAX;

/// The generalized Sprague-Grundy labelling of any graph. See [`Graph::values`].
pub(crate) fn label(graph: &Graph) -> Values {
    let mut labelling = Labelling::new(graph);
    let mut rounds = Rounds::default();
    let components = graph.components();
    for members in components.iter() {
        match *members {
            [u] if !labelling.moves(u).contains(&u) => labelling.settle_single(u),
            _ => rounds.run(&mut labelling, members),
        }
    }
    labelling.finish()
}

/// The finished values so far.
pub(super) struct Labelling<'g> {
    offsets: &'g [u32],
    successors: &'g [Position],
    /// [`UNLABELLED`], a finite value, or `INFINITE_BIT | j` for the `j`-th `K` set below.
    raw: Vec<u32>,
    /// The `K` sets of the infinite positions, in the order they were finished.
    k_offsets: Vec<u32>,
    k_values: Vec<u32>,
    /// Scratch for the mex: `mark[v] == stamp` when value `v` was seen.
    mark: Vec<u32>,
    stamp: u32,
}

impl<'g> Labelling<'g> {
    fn new(graph: &'g Graph) -> Self {
        Self {
            offsets: graph.offsets(),
            successors: graph.successor_array(),
            raw: vec![UNLABELLED; graph.len()],
            k_offsets: vec![0],
            k_values: Vec::new(),
            mark: vec![0; graph.max_out_degree() + 1],
            stamp: 0,
        }
    }

    fn moves(&self, u: Position) -> &'g [Position] {
        let u = u as usize;
        &self.successors[self.offsets[u] as usize..self.offsets[u + 1] as usize]
    }

    /// The `K` set of an infinite position's raw value.
    fn k_of(&self, raw: u32) -> &[u32] {
        let j = (raw & !INFINITE_BIT) as usize;
        &self.k_values[self.k_offsets[j] as usize..self.k_offsets[j + 1] as usize]
    }

    /// A position alone in its component, without a self-loop: every successor is finished,
    /// so the rounds would give it `m`, the mex of its successors' finite values, exactly when
    /// every successor of infinite value has a successor of value `m` (one of larger finite
    /// value always has); otherwise `∞`. `O(degree)` plus a binary search per infinite
    /// successor.
    fn settle_single(&mut self, u: Position) {
        let moves = self.moves(u);
        self.stamp += 1;
        // Infinite raw values (and `UNLABELLED`) are at least 2^31, beyond any degree: the
        // mex skips them.
        let m = crate::sprague::mex(moves, &self.raw, &mut self.mark, self.stamp);
        let reverses_out = moves.iter().all(|&v| {
            let raw = self.raw[v as usize];
            raw & INFINITE_BIT == 0 || self.k_of(raw).binary_search(&m).is_ok()
        });
        if reverses_out {
            self.raw[u as usize] = m;
        } else {
            self.make_infinite(u);
        }
    }

    /// `u` is `∞(K)`, `K` the finite values among its successors (all finished by now, except
    /// other infinite positions of its component, which do not count).
    fn make_infinite(&mut self, u: Position) {
        let start = self.k_values.len();
        for &v in self.moves(u) {
            let raw = self.raw[v as usize];
            if raw & INFINITE_BIT == 0 {
                self.k_values.push(raw);
            }
        }
        self.k_values[start..].sort_unstable();
        let mut kept = start;
        for i in start..self.k_values.len() {
            if kept == start || self.k_values[kept - 1] != self.k_values[i] {
                self.k_values[kept] = self.k_values[i];
                kept += 1;
            }
        }
        self.k_values.truncate(kept);
        self.raw[u as usize] = INFINITE_BIT | (self.k_offsets.len() as u32 - 1);
        self.k_offsets.push(kept as u32);
    }

    /// The values, with the `K` sets renumbered in position order (so that equal labellings
    /// compare equal).
    fn finish(self) -> Values {
        let mut k_offsets = Vec::with_capacity(self.k_offsets.len());
        k_offsets.push(0);
        let mut k_values = Vec::with_capacity(self.k_values.len());
        let mut raw = self.raw;
        for value in raw.iter_mut() {
            if *value & INFINITE_BIT != 0 {
                let j = (*value & !INFINITE_BIT) as usize;
                let k = &self.k_values[self.k_offsets[j] as usize..self.k_offsets[j + 1] as usize];
                k_values.extend_from_slice(k);
                *value = INFINITE_BIT | (k_offsets.len() as u32 - 1);
                k_offsets.push(k_values.len() as u32);
            }
        }
        Values {
            raw,
            k_offsets,
            k_values,
        }
    }
}

/// Still open in the rounds (a local state).
const OPEN: u32 = u32::MAX;
/// Out of the rounds: it will be `∞` (a local state).
const DEAD: u32 = u32::MAX - 1;

/// The Fraenkel-Yesha rounds on one component with a cycle, in local numbering `0..len`
/// (buffers reused from one component to the next).
///
/// Round `m`: a position is *hit* when it has a successor of value `m`. An open position that
/// is not hit gets `m` when every successor still open or dead is hit (it reverses out through
/// `m`) and every infinite successor outside has `m` in its `K`; an open position neither hit
/// nor labelled cannot get any value (it lacks a successor of value `m`) and dies (`∞`).
/// Finished positions outside enter as facts: one of value `v` hits its predecessors in
/// round `v` (and never blocks: it has successors of every smaller value), one of value
/// `∞(K)` blocks in every round not in `K`.
#[derive(Default)]
struct Rounds {
    members: Vec<Position>,
    /// Global position -> local number, valid for the members only.
    local: Vec<u32>,
    /// Moves inside the component: `out[out_offsets[i]..out_offsets[i + 1]]` from `i`, and
    /// the same moves reversed in `ins`.
    out_offsets: Vec<u32>,
    out: Vec<u32>,
    in_offsets: Vec<u32>,
    ins: Vec<u32>,
    /// `(v, i)`: position `i` has a move to a finished position outside of value `v`, by `v`.
    seeds: Vec<(u32, u32)>,
    /// Moves to infinite positions outside: `blockers[blocker_offsets[i]..]`, each a cursor
    /// and an end in [`Labelling::k_values`] (the cursor advances with the rounds).
    blocker_offsets: Vec<u32>,
    blockers: Vec<(u32, u32)>,
    /// [`OPEN`], [`DEAD`] or the value.
    state: Vec<u32>,
    /// `hit[i] == round + 1`: `i` is hit in this round.
    hit: Vec<u32>,
    /// For an open position: its moves that still block it in this round.
    count: Vec<u32>,
    open: Vec<u32>,
    /// Positions hit from outside in this round.
    hits: Vec<u32>,
    /// Positions labelled in this round, not yet propagated.
    queue: Vec<u32>,
}

impl Rounds {
    /// Labels the component `members`, whose moves lead inside it or to finished positions.
    fn run(&mut self, labelling: &mut Labelling<'_>, members: &[Position]) {
        self.build(labelling, members);
        let mut next_seed = 0;
        let mut round = 0u32;
        while !self.open.is_empty() {
            self.count_blockers(&labelling.k_values, round);
            // Mark every hit from outside first, so that a position labelled while they are
            // released is never hit later in the round.
            self.hits.clear();
            while let Some(&(value, i)) = self.seeds.get(next_seed) {
                if value != round {
                    break;
                }
                next_seed += 1;
                if self.hit[i as usize] != round + 1 {
                    self.hit[i as usize] = round + 1;
                    self.hits.push(i);
                }
            }
            for k in 0..self.hits.len() {
                self.release(self.hits[k], round);
            }
            for k in 0..self.open.len() {
                let i = self.open[k] as usize;
                if self.state[i] == OPEN && self.count[i] == 0 && self.hit[i] != round + 1 {
                    self.state[i] = round;
                    self.queue.push(i as u32);
                }
            }
            self.propagate(round);
            self.close_round(round);
            round += 1;
        }
        self.write_back(labelling);
    }

    /// Local numbering, the moves inside in both directions, the seeds and the blockers.
    fn build(&mut self, labelling: &Labelling<'_>, members: &[Position]) {
        self.members.clear();
        self.members.extend_from_slice(members);
        if self.local.len() < labelling.raw.len() {
            self.local.resize(labelling.raw.len(), 0);
        }
        for (i, &u) in members.iter().enumerate() {
            self.local[u as usize] = i as u32;
        }
        let len = members.len();
        for list in [&mut self.out_offsets, &mut self.blocker_offsets] {
            list.clear();
            list.push(0);
        }
        self.out.clear();
        self.seeds.clear();
        self.blockers.clear();
        for (i, &u) in members.iter().enumerate() {
            for &v in labelling.moves(u) {
                match labelling.raw[v as usize] {
                    UNLABELLED => self.out.push(self.local[v as usize]),
                    raw if raw & INFINITE_BIT != 0 => {
                        let j = (raw & !INFINITE_BIT) as usize;
                        self.blockers
                            .push((labelling.k_offsets[j], labelling.k_offsets[j + 1]));
                    }
                    value => self.seeds.push((value, i as u32)),
                }
            }
            self.out_offsets.push(self.out.len() as u32);
            self.blocker_offsets.push(self.blockers.len() as u32);
        }
        self.seeds.sort_unstable();
        self.reverse_moves(len);
        self.state.clear();
        self.state.resize(len, OPEN);
        self.hit.clear();
        self.hit.resize(len, 0);
        self.count.clear();
        self.count.resize(len, 0);
        self.open.clear();
        self.open.extend(0..len as u32);
        self.queue.clear();
    }

    /// `ins`: the moves inside, reversed (a counting sort by target).
    fn reverse_moves(&mut self, len: usize) {
        self.in_offsets.clear();
        self.in_offsets.resize(len + 1, 0);
        for &v in &self.out {
            self.in_offsets[v as usize + 1] += 1;
        }
        for i in 0..len {
            self.in_offsets[i + 1] += self.in_offsets[i];
        }
        self.ins.clear();
        self.ins.resize(self.out.len(), 0);
        let mut fill: Vec<u32> = self.in_offsets[..len].to_vec();
        for i in 0..len {
            for &v in &self.out[self.out_offsets[i] as usize..self.out_offsets[i + 1] as usize] {
                let slot = &mut fill[v as usize];
                self.ins[*slot as usize] = i as u32;
                *slot += 1;
            }
        }
    }

    /// `count` of every open position for `round`: its moves inside to open or dead
    /// positions, plus its moves to infinite positions outside without `round` in their `K`.
    fn count_blockers(&mut self, k_values: &[u32], round: u32) {
        for &i in &self.open {
            let i = i as usize;
            let inside = &self.out[self.out_offsets[i] as usize..self.out_offsets[i + 1] as usize];
            let mut count = inside.iter().filter(|&&v| self.state[v as usize] >= DEAD).count() as u32;
            let outside = self.blocker_offsets[i] as usize..self.blocker_offsets[i + 1] as usize;
            for (cursor, end) in &mut self.blockers[outside] {
                while *cursor < *end && k_values[*cursor as usize] < round {
                    *cursor += 1;
                }
                if *cursor == *end || k_values[*cursor as usize] != round {
                    count += 1;
                }
            }
            self.count[i] = count;
        }
    }

    /// `w` is hit: if it is open or dead it reverses out through `round`, so its open
    /// predecessors stop waiting on it; one left waiting on nothing and not hit gets `round`.
    fn release(&mut self, w: u32, round: u32) {
        if self.state[w as usize] < DEAD {
            return; // Labelled in an earlier round: nobody counts it.
        }
        let w = w as usize;
        for k in self.in_offsets[w] as usize..self.in_offsets[w + 1] as usize {
            let x = self.ins[k] as usize;
            if self.state[x] == OPEN {
                self.count[x] -= 1;
                if self.count[x] == 0 && self.hit[x] != round + 1 {
                    self.state[x] = round;
                    self.queue.push(x as u32);
                }
            }
        }
    }

    /// Every position labelled `round` hits its predecessors, which may release others.
    fn propagate(&mut self, round: u32) {
        while let Some(v) = self.queue.pop() {
            let v = v as usize;
            for k in self.in_offsets[v] as usize..self.in_offsets[v + 1] as usize {
                let w = self.ins[k];
                if self.hit[w as usize] != round + 1 {
                    self.hit[w as usize] = round + 1;
                    self.release(w, round);
                }
            }
        }
    }

    /// Open positions labelled in this round leave; those not hit die.
    fn close_round(&mut self, round: u32) {
        let (state, hit) = (&mut self.state, &self.hit);
        self.open.retain(|&i| {
            let i = i as usize;
            if state[i] != OPEN {
                false
            } else if hit[i] != round + 1 {
                state[i] = DEAD;
                false
            } else {
                true
            }
        });
    }

    /// The finite values first, then the `K` sets of the dead (which read them).
    fn write_back(&self, labelling: &mut Labelling<'_>) {
        for (i, &u) in self.members.iter().enumerate() {
            if self.state[i] < DEAD {
                labelling.raw[u as usize] = self.state[i];
            }
        }
        for (i, &u) in self.members.iter().enumerate() {
            if self.state[i] >= DEAD {
                labelling.make_infinite(u);
            }
        }
    }
}

//! The event-driven sweep of Snakes and Ladders: the fewest throws on boards of any size, and
//! the links from which [`crate::line`] rebuilds one optimal line. [`crate::snakes`] and
//! [`crate::line`] both use it; it uses neither.
//!
//! # How it works
//!
//! Think of the breadth-first search over squares, layer by layer (layer `t` holds the squares
//! first reached with `t` throws). Squares that start no jump are *free*: the counter can stop
//! there. Every square is reached from the *front* of a run of already reached squares: a
//! counter on free square `p` covers `p+1..=p+6` with one more throw, and the best next front is
//! the largest free square of that window (throwing to it dominates: from a larger square every
//! square after it is reached no later). So the reached squares form disjoint intervals
//! `[source, front]`, one per *source* (the start square and every jump destination reached),
//! and each front advances greedily. Where the window holds no jump start, a front just moves
//! by 6 per throw, so the sweep skips whole free stretches in one step: it only stops where a
//! window holds a jump start, another interval's source or the goal. Events are processed in
//! order of throws (a priority queue), so a jump destination gets the throw count of the first
//! front that covers the jump's start; a front that catches up with the next interval merges
//! with it (the larger front wins), and a front whose window holds six jump starts is stuck.
//! Time `O(J log J)` and memory `O(J)` for `J` jumps, whatever the number of squares.
//!
//! Every front records the throw that created it (its *parent link*: the parent front, the
//! throw count and the jump start landed on), so the line that reaches the goal can be read
//! back as a chain of [`Segment`]s; the links cost next to nothing when only the count is
//! wanted.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use crate::board::{Board, Jump, Square};

/// The largest throw of the die; every throw is one of `1..=FACES`.
pub const FACES: u64 = 6;

/// The fewest throws from `start` to the goal of `board` by the sweep, or `None` when the goal
/// cannot be reached.
pub(crate) fn fewest_throws(board: &Board, start: Square) -> Option<u64> {
    let goal = board.goal();
    if start >= goal {
        return (start == goal).then_some(0);
    }
    // `time` counts the throws made before the one that reaches the goal.
    Sweep::new(board).run(start).map(|link| link.time + 1)
}

/// One piece of an optimal line: from `source` (reached with `born` throws), `greedy` throws
/// of the greedy walk, then one throw onto `land`, a jump start leading to the next segment's
/// source, or the goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Segment {
    /// The square the segment starts on.
    pub source: Square,
    /// Throws of the greedy walk from `source` before the throw onto `land`.
    pub greedy: u64,
    /// The square the segment's last throw reaches.
    pub land: Square,
}

/// The segments of one optimal line from `start < goal`, first to last, or `None` when the
/// goal cannot be reached.
pub(crate) fn optimal_segments(board: &Board, start: Square) -> Option<Vec<Segment>> {
    let mut sweep = Sweep::new(board);
    let last = sweep.run(start)?;
    let mut chain = vec![last];
    while let Some(parent) = sweep.fronts[chain[chain.len() - 1].front].parent {
        chain.push(parent);
    }
    chain
        .iter()
        .rev()
        .map(|link| {
            let front = &sweep.fronts[link.front];
            Some(Segment {
                source: front.source,
                greedy: link.time.checked_sub(front.born)?,
                land: link.land,
            })
        })
        .collect()
}

/// A throw from a front's square at throw count `time` onto `land` (a jump start, or the
/// goal).
#[derive(Debug, Clone, Copy)]
struct Link {
    /// The front thrown from.
    front: usize,
    /// Throws made before this one.
    time: u64,
    /// The square the throw reaches.
    land: Square,
}

/// One front: the right end of a run of reached squares, and where it came from.
#[derive(Debug, Clone)]
struct Front {
    /// The throw count at which `pos` is the front.
    time: u64,
    /// The front square.
    pos: Square,
    /// No free square in the window: the front never moves again.
    stuck: bool,
    /// Merged into another front.
    dead: bool,
    /// Bumped whenever the front is rescheduled, so that stale queue entries are skipped.
    version: u32,
    /// The square the front started on, and the throw count it was reached with.
    source: Square,
    born: u64,
    /// The throw that reached the source through a jump (`None` for the start square).
    parent: Option<Link>,
}

impl Front {
    /// The front's square after `time` throws (it moves by 6 per throw between events).
    fn pos_at(&self, time: u64) -> Square {
        if self.stuck {
            self.pos
        } else {
            self.pos + FACES * (time - self.time)
        }
    }
}

/// The sweep, recording where every front came from.
struct Sweep<'a> {
    goal: Square,
    /// Jumps sorted by start, destinations final.
    jumps: &'a [Jump],
    /// Whether each jump's start has been covered (its destination reached) already.
    covered: Vec<bool>,
    fronts: Vec<Front>,
    /// Source square of each live interval -> its front.
    intervals: BTreeMap<Square, usize>,
    /// (time of the front's next precise step, front, version).
    queue: BinaryHeap<Reverse<(u64, usize, u32)>>,
}

/// What one throw count's batch of events found.
enum Batch {
    /// The throw that reaches the goal.
    Goal(Link),
    /// Destinations reached with the batch's throw count + 1, and the throws reaching them.
    Arrivals(Vec<(Square, Link)>),
}

impl<'a> Sweep<'a> {
    fn new(board: &'a Board) -> Self {
        Self {
            goal: board.goal(),
            jumps: board.jumps(),
            covered: vec![false; board.jumps().len()],
            fronts: Vec::new(),
            intervals: BTreeMap::new(),
            queue: BinaryHeap::new(),
        }
    }

    /// The throw that reaches the goal first (from `start < goal`), or `None`.
    fn run(&mut self, start: Square) -> Option<Link> {
        let first = self.add_front(start, 0, None);
        self.schedule(first);
        while let Some(Reverse((time, _, _))) = self.queue.peek().copied() {
            let mut batch = Vec::new();
            while let Some(&Reverse((t, id, version))) = self.queue.peek() {
                if t != time {
                    break;
                }
                self.queue.pop();
                let front = &self.fronts[id];
                if !front.dead && !front.stuck && front.version == version {
                    batch.push(id);
                }
            }
            let next = time + 1;
            let arrivals = match self.step_all(&batch, time) {
                Batch::Goal(link) => return Some(link),
                Batch::Arrivals(arrivals) => arrivals,
            };
            for &id in &batch {
                self.merge_forward(id, next);
            }
            for &id in &batch {
                let front = &self.fronts[id];
                if !front.dead && !front.stuck {
                    self.schedule(id);
                }
            }
            for (square, link) in arrivals {
                self.arrive(square, next, link);
            }
        }
        None
    }

    /// The precise step of every front in `batch` from `time` to `time + 1`.
    fn step_all(&mut self, batch: &[usize], time: u64) -> Batch {
        let mut arrivals = Vec::new();
        for &id in batch {
            let pos = self.fronts[id].pos_at(time);
            let link = |land| Link {
                front: id,
                time,
                land,
            };
            let window_end = pos.saturating_add(FACES);
            if window_end >= self.goal {
                return Batch::Goal(link(self.goal));
            }
            let first = self.jumps.partition_point(|j| j.from <= pos);
            let mut last = first;
            while let Some(jump) = self.jumps.get(last) {
                if jump.from > window_end {
                    break;
                }
                if !self.covered[last] {
                    self.covered[last] = true;
                    if jump.to == self.goal {
                        return Batch::Goal(link(jump.from));
                    }
                    arrivals.push((jump.to, link(jump.from)));
                }
                last += 1;
            }
            let mut best = None;
            let mut square = window_end;
            let mut at = last;
            while square > pos {
                if at > first && self.jumps[at - 1].from == square {
                    at -= 1;
                    square -= 1;
                } else {
                    best = Some(square);
                    break;
                }
            }
            let front = &mut self.fronts[id];
            front.time = time + 1;
            match best {
                Some(square) => front.pos = square,
                None => {
                    front.pos = pos;
                    front.stuck = true;
                }
            }
        }
        Batch::Arrivals(arrivals)
    }

    /// Merges the interval of front `id` with the intervals after it that its front has
    /// reached (at throw count `time`); the larger front survives.
    fn merge_forward(&mut self, id: usize, time: u64) {
        if self.fronts[id].dead {
            return;
        }
        let Some(key) = self.key_of(id) else { return };
        let mut survivor = id;
        loop {
            let reach = self.fronts[survivor].pos_at(time);
            let Some((&source, &other)) = self.intervals.range(key + 1..).next() else {
                break;
            };
            if source > reach {
                break;
            }
            self.intervals.remove(&source);
            let loser = if self.fronts[other].pos_at(time) > reach {
                std::mem::replace(&mut survivor, other)
            } else {
                other
            };
            self.fronts[loser].dead = true;
            self.intervals.insert(key, survivor);
        }
    }

    /// The source square of the interval whose front is `id`.
    fn key_of(&self, id: usize) -> Option<Square> {
        let pos = self.fronts[id].pos;
        self.intervals
            .range(..=pos)
            .rev()
            .find(|&(_, &front)| front == id)
            .map(|(&source, _)| source)
    }

    /// The counter reaches `square` with `time` throws through the jump of `link`.
    fn arrive(&mut self, square: Square, time: u64, link: Link) {
        let before = self.intervals.range(..=square).next_back().map(|(_, &id)| id);
        if let Some(id) = before {
            if self.fronts[id].pos_at(time) >= square {
                return;
            }
        }
        let new = self.add_front(square, time, Some(link));
        self.schedule(new);
        if let Some(id) = before {
            let front = &mut self.fronts[id];
            if !front.stuck {
                front.pos = front.pos_at(time);
                front.time = time;
                self.schedule(id);
            }
        }
    }

    fn add_front(&mut self, square: Square, time: u64, parent: Option<Link>) -> usize {
        let id = self.fronts.len();
        self.fronts.push(Front {
            time,
            pos: square,
            stuck: false,
            dead: false,
            version: 0,
            source: square,
            born: time,
            parent,
        });
        self.intervals.insert(square, id);
        id
    }

    /// Plans the next precise step of front `id`: it moves by 6 per throw while its window
    /// holds no jump start, no other interval's source and not the goal.
    fn schedule(&mut self, id: usize) {
        let pos = self.fronts[id].pos;
        let next_start = self
            .jumps
            .get(self.jumps.partition_point(|j| j.from <= pos))
            .map_or(self.goal, |j| j.from);
        let next_source = self
            .intervals
            .range(pos + 1..)
            .next()
            .map_or(self.goal, |(&s, _)| s);
        let barrier = next_start.min(next_source).min(self.goal);
        let free = (barrier - 1 - pos) / FACES;
        let front = &mut self.fronts[id];
        front.version = front.version.wrapping_add(1);
        self.queue.push(Reverse((front.time + free, id, front.version)));
    }
}

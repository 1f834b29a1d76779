//! One optimal line of play for Snakes and Ladders: the throws, not just their number.
//!
//! [`optimal_path`] returns a [`Path`] of exactly [`snakes::fewest_throws`] throws from the
//! start square to the goal, on boards of any size (10^18 squares and paths of ~10^17 throws
//! included): a [`Step`] carries a repeat count `k`, meaning `k` equal throws in a row whose
//! first `k − 1` land on squares that start no jump. Time `O(J log J)` for the search and
//! `O(P log J)` to write the path, for `J` jumps and `P` steps (`P ≤ 7 (J + 1)` and far
//! fewer in practice); memory `O(J + P)`.
//!
//! # How it works, and why the path is optimal
//!
//! The search is the event-driven sweep of [`snakes`] (see its module documentation), which
//! keeps one *front* per *source* (the start square and every jump destination reached): the
//! reached squares are disjoint intervals `[source, front]`. The facts the path rests on:
//!
//! 1. **A front is a greedy walk from its own source.** A front is created on its source at
//!    the throw count `born` at which the source is first reached, and every later move of
//!    it is either a free stretch of throws of 6 (windows without a jump start, landing on
//!    free squares) or a precise step to the largest free square of its window. Merging
//!    intervals only kills the smaller front; it never moves the survivor. So after `t`
//!    throws a live front stands on `greedy_{t − born}(source)`, where `greedy_0(s) = s` and
//!    `greedy_{i+1}(s)` is the largest square of `(greedy_i(s), greedy_i(s) + 6]` that starts
//!    no jump. Each greedy step is a legal throw (1..6) to a square without a jump, so the
//!    walk is a legal line of play of exactly `t − born` throws.
//! 2. **Every event has a parent link.** When a front at throw count `t` covers a jump start
//!    `a` in its window and the jump's destination becomes a new source, the new front
//!    records the link `(parent front, t, a)`: the throw `a − greedy(parent)` from the parent's
//!    square at `t` lands on `a` and jumps to the source, reached with `t + 1` throws. The
//!    goal is reached the same way (a throw straight onto it, or onto a jump start leading
//!    to it), with a final link.
//! 3. **Rebuilding.** Following links back from the goal gives a chain of fronts
//!    `start = s_0, s_1, …, s_r` with links `(t_i, a_i)`. The path is, for each `i`: the
//!    greedy walk of `t_i − born_i` throws from `s_i` (fact 1), then the throw onto `a_i`
//!    (fact 2), whose jump leads to `s_{i+1}` (`born_{i+1} = t_i + 1`) or to the goal. Its
//!    length telescopes to `t_r + 1`, the throw count at which the sweep reached the goal,
//!    which is the fewest throws (the sweep's correctness). Every throw is 1..6, lands on or
//!    before the goal, and jumps are followed.
//!
//! The greedy walks are re-run from the jump list when the path is written: a free stretch
//! of `k` throws of 6 up to the next jump start becomes one step with `repeat = k`, so a walk
//! costs `O(log J)` per jump start it passes, never per throw.
//!
//! ```
//! use tabletop_boards::{Board, Jump, path, snakes};
//! let jumps = [Jump::new(35, 25), Jump::new(3, 23), Jump::new(5, 16), Jump::new(20, 33)];
//! let board = Board::new(36, &jumps, &[])?;
//! let path = path::optimal_path(&board, 1).expect("reachable");
//! assert_eq!(path.throws, 3);
//! assert_eq!(Some(path.throws), snakes::fewest_throws(&board, 1));
//! // Replaying the steps from square 1 ends on the goal.
//! let mut square = 1;
//! for step in &path.steps {
//!     square += u64::from(step.throw) * step.repeat;
//!     assert_eq!(square, step.land);
//!     square = step.to;
//! }
//! assert_eq!(square, 36);
//!
//! // 10^18 squares and no jumps: one step of 6s repeated, then the rest.
//! let board = Board::new(1_000_000_000_000_000_000, &[], &[])?;
//! let path = path::optimal_path(&board, 1).expect("reachable");
//! assert_eq!(path.throws, 166_666_666_666_666_667);
//! assert_eq!(path.steps.len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`snakes`]: crate::snakes
//! [`snakes::fewest_throws`]: crate::snakes::fewest_throws

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use crate::board::{Board, Jump, Square};
use crate::snakes::FACES;

/// One step of a line of play: `repeat` equal throws in a row.
///
/// The first `repeat − 1` throws land on squares that start no jump; `land` is the square the
/// last throw reaches and `to` where the counter ends after following its jump (`to == land`
/// when no jump starts there).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// The die value, 1..6.
    pub throw: u8,
    /// How many times in a row it is thrown (at least 1).
    pub repeat: u64,
    /// The square the last of these throws reaches.
    pub land: Square,
    /// Where the counter ends after the jumps from `land`.
    pub to: Square,
}

/// One optimal line of play.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Path {
    /// The number of throws (the sum of the steps' repeats): the fewest possible.
    pub throws: u64,
    /// The throws, grouped into steps of equal throws.
    pub steps: Vec<Step>,
}

impl Path {
    /// Appends `repeat` throws of `throw` landing (the last one) on `land` and ending on `to`;
    /// merged into the last step when it has the same throw and ends without a jump.
    fn push(&mut self, throw: u8, repeat: u64, land: Square, to: Square) {
        if repeat == 0 {
            return;
        }
        self.throws += repeat;
        if let Some(last) = self.steps.last_mut() {
            if last.throw == throw && last.land == last.to {
                last.repeat += repeat;
                last.land = land;
                last.to = to;
                return;
            }
        }
        self.steps.push(Step {
            throw,
            repeat,
            land,
            to,
        });
    }
}

/// One optimal line of play from `start` to the goal of `board`: exactly
/// [`fewest_throws`](crate::snakes::fewest_throws) throws, or `None` when the goal cannot be
/// reached. A `start` on the goal gives an empty path; the counter stands on `start`
/// without following a jump that may start there.
///
/// See the [module documentation](self) for the method and why the path is optimal.
///
/// ```
/// use tabletop_boards::{Board, Jump, path};
/// // A snake on 7 back to 2: 1 -> 6 -> 12 -> 13.
/// let board = Board::new(13, &[Jump::new(7, 2)], &[])?;
/// let path = path::optimal_path(&board, 1).expect("reachable");
/// let throws: Vec<u8> = path.steps.iter().map(|s| s.throw).collect();
/// assert_eq!((path.throws, throws), (3, vec![5, 6, 1]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn optimal_path(board: &Board, start: Square) -> Option<Path> {
    let goal = board.goal();
    if start > goal {
        return None;
    }
    let mut path = Path {
        throws: 0,
        steps: Vec::new(),
    };
    if start == goal {
        return Some(path);
    }
    let mut sweep = Sweep::new(board);
    let last = sweep.run(start)?;
    // The chain of links back from the goal, then forwards.
    let mut chain = vec![last];
    while let Some(parent) = sweep.fronts[chain[chain.len() - 1].front].parent {
        chain.push(parent);
    }
    for link in chain.iter().rev() {
        let front = &sweep.fronts[link.front];
        let from = walk(board, front.source, link.time - front.born, &mut path)?;
        let throw = u8::try_from(link.land.checked_sub(from)?).ok()?;
        path.push(throw, 1, link.land, board.land(link.land));
    }
    Some(path)
}

/// The fewest throws from `start` by the sweep, without building the line: this one sweep
/// also serves [`crate::snakes::sparse_fewest_throws`] (the parent links cost next to nothing).
pub(crate) fn sweep_throws(board: &Board, start: Square) -> Option<u64> {
    let goal = board.goal();
    if start >= goal {
        return (start == goal).then_some(0);
    }
    // `time` counts the throws made before the one that reaches the goal.
    Sweep::new(board).run(start).map(|link| link.time + 1)
}

/// Appends the greedy walk of `throws` throws from `square` (fact 1 of the module
/// documentation) to `path`, and returns the square it ends on; `None` if the walk gets
/// stuck or reaches the goal, which the sweep rules out.
fn walk(board: &Board, mut square: Square, mut throws: u64, path: &mut Path) -> Option<Square> {
    let goal = board.goal();
    let jumps = board.jumps();
    while throws > 0 {
        let next = jumps.partition_point(|j| j.from <= square);
        let barrier = jumps.get(next).map_or(goal, |j| j.from.min(goal));
        let free = ((barrier - 1 - square) / FACES).min(throws);
        if free > 0 {
            square += FACES * free;
            path.push(FACES as u8, free, square, square);
            throws -= free;
            continue;
        }
        // A precise step: the largest square of the window that starts no jump.
        let end = square.checked_add(FACES)?.min(goal - 1);
        let mut target = end;
        let mut at = jumps.partition_point(|j| j.from <= end);
        while target > square && at > next && jumps[at - 1].from == target {
            at -= 1;
            target -= 1;
        }
        if target == square {
            return None;
        }
        path.push(u8::try_from(target - square).ok()?, 1, target, target);
        square = target;
        throws -= 1;
    }
    Some(square)
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

/// The sweep of [`crate::snakes`], recording where every front came from.
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

#[cfg(test)]
mod tests;

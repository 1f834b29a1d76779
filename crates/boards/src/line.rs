//! One optimal line of play for Snakes and Ladders: the throws, not just their number.
//!
//! [`optimal_line`] returns a [`Line`] of exactly [`snakes::fewest_throws`] throws from the
//! start square to the goal, on boards of any size (10^18 squares and lines of ~10^17 throws
//! included): a [`Step`] carries a repeat count `k`, meaning `k` equal throws in a row whose
//! first `k − 1` land on squares that start no jump. Time `O(J log J)` for the search and
//! `O(P log J)` to write the line, for `J` jumps and `P` steps (`P ≤ 7 (J + 1)` and far
//! fewer in practice); memory `O(J + P)`.
//!
//! # How it works, and why the line is optimal
//!
//! The search is the event-driven sweep behind [`snakes::sparse_fewest_throws`] (one module,
//! `src/sweep.rs`, serves both and describes the method), which keeps one *front* per
//! *source* (the start square and every jump destination reached): the reached squares are
//! disjoint intervals `[source, front]`. The facts the line rests on:
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
//!    `start = s_0, s_1, …, s_r` with links `(t_i, a_i)`. The line is, for each `i`: the
//!    greedy walk of `t_i − born_i` throws from `s_i` (fact 1), then the throw onto `a_i`
//!    (fact 2), whose jump leads to `s_{i+1}` (`born_{i+1} = t_i + 1`) or to the goal. Its
//!    length telescopes to `t_r + 1`, the throw count at which the sweep reached the goal,
//!    which is the fewest throws (the sweep's correctness). Every throw is 1..6, lands on or
//!    before the goal, and jumps are followed.
//!
//! The greedy walks are re-run from the jump list when the line is written: a free stretch
//! of `k` throws of 6 up to the next jump start becomes one step with `repeat = k`, so a walk
//! costs `O(log J)` per jump start it passes, never per throw.
//!
//! ```
//! use tabletop_boards::{Board, Jump, line, snakes};
//! let jumps = [Jump::new(35, 25), Jump::new(3, 23), Jump::new(5, 16), Jump::new(20, 33)];
//! let board = Board::new(36, &jumps, &[])?;
//! let line = line::optimal_line(&board, 1).expect("reachable");
//! assert_eq!(line.throws, 3);
//! assert_eq!(Some(line.throws), snakes::fewest_throws(&board, 1));
//! // Replaying the steps from square 1 ends on the goal.
//! let mut square = 1;
//! for step in &line.steps {
//!     square += u64::from(step.throw) * step.repeat;
//!     assert_eq!(square, step.land);
//!     square = step.to;
//! }
//! assert_eq!(square, 36);
//!
//! // 10^18 squares and no jumps: one step of 6s repeated, then the rest.
//! let board = Board::new(1_000_000_000_000_000_000, &[], &[])?;
//! let line = line::optimal_line(&board, 1).expect("reachable");
//! assert_eq!(line.throws, 166_666_666_666_666_667);
//! assert_eq!(line.steps.len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`snakes::fewest_throws`]: crate::snakes::fewest_throws
//! [`snakes::sparse_fewest_throws`]: crate::snakes::sparse_fewest_throws

use crate::board::{Board, Square};
use crate::sweep::{optimal_segments, FACES};

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
pub struct Line {
    /// The number of throws (the sum of the steps' repeats): the fewest possible.
    pub throws: u64,
    /// The throws, grouped into steps of equal throws.
    pub steps: Vec<Step>,
}

impl Line {
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
/// reached. A `start` on the goal gives an empty line; the counter stands on `start`
/// without following a jump that may start there.
///
/// See the [module documentation](self) for the method and why the line is optimal.
///
/// ```
/// use tabletop_boards::{Board, Jump, line};
/// // A snake on 7 back to 2: 1 -> 6 -> 12 -> 13.
/// let board = Board::new(13, &[Jump::new(7, 2)], &[])?;
/// let line = line::optimal_line(&board, 1).expect("reachable");
/// let throws: Vec<u8> = line.steps.iter().map(|s| s.throw).collect();
/// assert_eq!((line.throws, throws), (3, vec![5, 6, 1]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn optimal_line(board: &Board, start: Square) -> Option<Line> {
    let goal = board.goal();
    if start > goal {
        return None;
    }
    let mut line = Line {
        throws: 0,
        steps: Vec::new(),
    };
    if start == goal {
        return Some(line);
    }
    for segment in optimal_segments(board, start)? {
        let from = walk(board, segment.source, segment.greedy, &mut line)?;
        let throw = u8::try_from(segment.land.checked_sub(from)?).ok()?;
        line.push(throw, 1, segment.land, board.land(segment.land));
    }
    Some(line)
}

/// Appends the greedy walk of `throws` throws from `square` (fact 1 of the module
/// documentation) to `line`, and returns the square it ends on; `None` if the walk gets
/// stuck or reaches the goal, which the sweep rules out.
fn walk(board: &Board, mut square: Square, mut throws: u64, line: &mut Line) -> Option<Square> {
    let goal = board.goal();
    let jumps = board.jumps();
    while throws > 0 {
        let next = jumps.partition_point(|j| j.from <= square);
        let barrier = jumps.get(next).map_or(goal, |j| j.from.min(goal));
        let free = ((barrier - 1 - square) / FACES).min(throws);
        if free > 0 {
            square += FACES * free;
            line.push(FACES as u8, free, square, square);
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
        line.push(u8::try_from(target - square).ok()?, 1, target, target);
        square = target;
        throws -= 1;
    }
    Some(square)
}

#[cfg(test)]
mod tests;

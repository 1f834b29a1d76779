//! Snakes and Ladders when you choose every throw: the fewest throws to the goal.
//!
//! Rules (see `docs/rules/snakes.md`): the counter starts on a square (1 in the judge game)
//! and each throw moves it forward by a value you choose from 1..6. A move past the goal is
//! not allowed. Landing on a jump's start follows the jump, and the chain of jumps from there
//! (the [`Board`] has resolved chains already). Only the throws count, so the special squares
//! of a [`Board`] (miss a turn, extra turn) do not change the answer and are ignored.
//!
//! Three solvers give the same answers:
//!
//! - [`sparse_fewest_throws`], the scalable one: time `O(J log J)` and memory `O(J)` for `J`
//!   jumps, whatever the number of squares (boards of 10^18 squares are fine);
//! - [`dense_fewest_throws`], the reference: a plain breadth-first search over every square,
//!   `O(G)` time and memory for `G` squares, for small boards and for cross-checking;
//! - [`fewest_throws`], the one to call: a breadth-first search over bit sets of squares on
//!   boards of at most [`SMALL_BOARD`] squares (where it beats both), the sweep above that.
//!
//! # How the scalable solver works
//!
//! The reached squares form disjoint intervals `[source, front]`, one per *source* (the start
//! and every jump destination reached); each front advances greedily, skipping free stretches
//! of throws of 6 in one step and stopping only where its window holds a jump start, another
//! interval's source or the goal, with events in order of throws (a priority queue). The
//! sweep and the argument for it live in one module, `src/sweep.rs`, which
//! [`sparse_fewest_throws`] and [`crate::line::optimal_line`] (one optimal line, rebuilt from
//! the sweep's parent links) both use.
//!
//! ```
//! use tabletop_boards::{Board, Jump, snakes};
//! // The judge's sample: a 6 x 6 board, one snake 35 -> 25, ladders 3 -> 23, 5 -> 16, 20 -> 33.
//! let jumps = [Jump::new(35, 25), Jump::new(3, 23), Jump::new(5, 16), Jump::new(20, 33)];
//! let board = Board::new(36, &jumps, &[])?;
//! assert_eq!(snakes::fewest_throws(&board, 1), Some(3));
//! assert_eq!(snakes::dense_fewest_throws(&board, 1), Ok(Some(3)));
//!
//! // 10^18 squares, no jumps: (10^18 - 1) / 6 throws, rounded up.
//! let board = Board::new(1_000_000_000_000_000_000, &[], &[])?;
//! assert_eq!(snakes::fewest_throws(&board, 1), Some(166_666_666_666_666_667));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::{Board, Square};

pub use crate::sweep::FACES;

/// The largest board (in squares) [`dense_fewest_throws`] accepts: it needs a few bytes per
/// square.
pub const DENSE_LIMIT: Square = 100_000_000;

/// The board is too large for the dense reference solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the dense solver handles boards of at most {limit} squares, not {squares}")]
pub struct TooLarge {
    /// The board's squares (its goal).
    pub squares: Square,
    /// [`DENSE_LIMIT`].
    pub limit: Square,
}

/// The fewest throws that bring a counter from `start` to the goal of `board`, or `None` when
/// the goal cannot be reached.
///
/// The counter stands on `start` without following a jump that may start there; a `start` on
/// the goal needs 0 throws, and a `start` past the goal can never reach it. Time
/// `O(J log J)` and memory `O(J)` for `J` jumps on boards of more than [`SMALL_BOARD`]
/// squares (see [`sparse_fewest_throws`]); smaller boards take a bit-set search over their
/// squares.
///
/// # Example
/// ```
/// use tabletop_boards::{Board, Jump, snakes};
/// // Six snakes in a row block the way: squares 3..=8 all lead back to 1.
/// let jumps: Vec<Jump> = (3..=8).map(|s| Jump::new(s, 1)).collect();
/// let board = Board::new(20, &jumps, &[])?;
/// assert_eq!(snakes::fewest_throws(&board, 1), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fewest_throws(board: &Board, start: Square) -> Option<u64> {
    // On small boards a breadth-first search over bit sets of squares is cheaper than the
    // sweep's bookkeeping.
    if board.goal() <= SMALL_BOARD {
        return layered_fewest_throws(board, start);
    }
    sparse_fewest_throws(board, start)
}

/// Boards of at most this many squares are solved by a breadth-first search over bit sets of
/// squares in [`fewest_throws`] (a few words per throw), larger ones by
/// [`sparse_fewest_throws`].
pub const SMALL_BOARD: Square = 4096;

/// Breadth-first search by layers over bit sets of squares (64 squares per word): a layer's
/// reach is its set shifted by 1..6, the free squares of the reach not seen before join the
/// next layer, and each jump start in the reach sends its destination there. Memory `O(G/64)`,
/// time `O(G/64)` words per throw.
fn layered_fewest_throws(board: &Board, start: Square) -> Option<u64> {
    let goal = usize::try_from(board.goal()).ok()?;
    let start = usize::try_from(start).ok()?;
    if start == goal {
        return Some(0);
    }
    if start > goal {
        return None;
    }
    let words = goal / 64 + 1;
    let bit = |square: usize| 1u64 << (square % 64);
    // One allocation: jump starts, squares seen (jump starts: already reached), the current
    // layer, and its reach.
    let mut buffer = vec![0u64; 4 * words];
    let (starts, rest) = buffer.split_at_mut(words);
    let (seen, rest) = rest.split_at_mut(words);
    let (layer, reach) = rest.split_at_mut(words);
    for jump in board.jumps() {
        if let Ok(from) = usize::try_from(jump.from) {
            starts[from / 64] |= bit(from);
        }
    }
    let mut arrivals = Vec::new();
    let land = |square: usize| usize::try_from(board.land(square as Square)).ok();
    search_layers(
        Layers {
            starts,
            seen,
            layer,
            reach,
        },
        start,
        goal,
        land,
        &mut arrivals,
    )
}

/// The bit sets of a layered search, one word per 64 squares `0..=goal`: jump starts,
/// squares seen, the current layer, and its reach (all but `starts` zero at the start).
struct Layers<'a> {
    starts: &'a [u64],
    seen: &'a mut [u64],
    layer: &'a mut [u64],
    reach: &'a mut [u64],
}

/// The search of [`layered_fewest_throws`] from `start` (`< goal`): `land(s)` is where
/// landing on the jump start `s` leads (`None`: nowhere on the board); `arrivals` is scratch.
fn search_layers(
    sets: Layers<'_>,
    start: usize,
    goal: usize,
    land: impl Fn(usize) -> Option<usize>,
    arrivals: &mut Vec<usize>,
) -> Option<u64> {
    let Layers {
        starts,
        seen,
        layer,
        reach,
    } = sets;
    let words = goal / 64 + 1;
    let last_mask = u64::MAX >> (63 - goal % 64);
    let bit = |square: usize| 1u64 << (square % 64);
    // The counter stands on `start`; if a jump starts there, landing on it later still jumps.
    seen[start / 64] |= bit(start) & !starts[start / 64];
    layer[start / 64] |= bit(start);
    let (mut lo, mut hi) = (start / 64, start / 64);
    for throws in 1u64.. {
        let top = (hi + 1).min(words - 1);
        for w in lo..=top {
            let here = layer[w];
            let before = if w > 0 { layer[w - 1] } else { 0 };
            let mut r = 0;
            for die in 1..=FACES as u32 {
                r |= here << die | before >> (64 - die);
            }
            reach[w] = if w == words - 1 { r & last_mask } else { r };
        }
        layer[lo..=hi].fill(0);
        let (mut new_lo, mut new_hi) = (usize::MAX, 0);
        arrivals.clear();
        for w in lo..=top {
            let fresh = reach[w] & !seen[w];
            let free = fresh & !starts[w];
            let mut hits = fresh & starts[w];
            seen[w] |= fresh;
            if free != 0 {
                layer[w] = free;
                new_lo = new_lo.min(w);
                new_hi = new_hi.max(w);
            }
            while hits != 0 {
                let square = w * 64 + hits.trailing_zeros() as usize;
                hits &= hits - 1;
                arrivals.extend(land(square));
            }
        }
        for &to in arrivals.iter() {
            if seen[to / 64] & bit(to) == 0 {
                seen[to / 64] |= bit(to);
                layer[to / 64] |= bit(to);
                new_lo = new_lo.min(to / 64);
                new_hi = new_hi.max(to / 64);
            }
        }
        if seen[goal / 64] & bit(goal) != 0 {
            return Some(throws);
        }
        if new_lo == usize::MAX {
            return None;
        }
        (lo, hi) = (new_lo, new_hi);
    }
    None
}

/// A small board as flat arrays, reused from board to board: where landing on each square
/// leads, and the jump starts as a bit set. The judge's boards (at most 400 squares) are
/// answered with no allocation at all once the arrays have grown.
///
/// Jumps are taken as they are (no chains: a jump that ends on another's start is for
/// [`Board`], which resolves chains and finds loops); [`FlatBoard::fewest_throws`] gives what
/// [`fewest_throws`] gives for the same board from square 1.
///
/// ```
/// use tabletop_boards::snakes::FlatBoard;
/// let mut board = FlatBoard::default();
/// board.reset(36);
/// for (from, to) in [(35, 25), (3, 23), (5, 16), (20, 33)] {
///     assert!(board.add_jump(from, to));
/// }
/// assert_eq!(board.fewest_throws(), Some(3));
/// assert!(!board.add_jump(3, 4)); // 3 already starts a jump
/// ```
#[derive(Debug, Clone, Default)]
pub struct FlatBoard {
    goal: usize,
    /// `land[s]`: where landing on `s` leads (`s` itself without a jump).
    land: Vec<u32>,
    /// Jump starts, 64 squares a word.
    starts: Vec<u64>,
    /// The search's bit sets: squares seen, the current layer, its reach.
    scratch: Vec<u64>,
    arrivals: Vec<usize>,
}

/// The most squares a [`FlatBoard`] holds.
pub const FLAT_LIMIT: u32 = SMALL_BOARD as u32;

impl FlatBoard {
    /// Empties the board and makes it `goal` squares long (1 to [`FLAT_LIMIT`]; `false`
    /// otherwise, and the board is then unusable until the next `reset`).
    pub fn reset(&mut self, goal: u32) -> bool {
        if goal == 0 || goal > FLAT_LIMIT {
            self.goal = 0;
            return false;
        }
        self.goal = goal as usize;
        self.land.clear();
        self.land.extend(0..=goal);
        let words = self.goal / 64 + 1;
        self.starts.clear();
        self.starts.resize(words, 0);
        true
    }

    /// Adds a jump from `from` to `to` (both in `1..=goal`, distinct); `false` when they are
    /// not, or `from` already starts a jump.
    pub fn add_jump(&mut self, from: u32, to: u32) -> bool {
        let (f, t) = (from as usize, to as usize);
        if f == 0 || t == 0 || f > self.goal || t > self.goal || f == t || self.is_start(from) {
            return false;
        }
        self.land[f] = to;
        self.starts[f / 64] |= 1 << (f % 64);
        true
    }

    /// Whether a jump starts on `square`.
    pub fn is_start(&self, square: u32) -> bool {
        let s = square as usize;
        self.starts
            .get(s / 64)
            .is_some_and(|word| word & 1 << (s % 64) != 0)
    }

    /// Where the jump from `square` leads, if one starts there.
    pub fn jump_end(&self, square: u32) -> Option<u32> {
        self.is_start(square).then(|| self.land[square as usize])
    }

    /// The fewest throws from square 1 to the goal, or `None` when it cannot be reached: a
    /// breadth-first search by layers over bit sets, as [`fewest_throws`] does on small
    /// boards.
    pub fn fewest_throws(&mut self) -> Option<u64> {
        let goal = self.goal;
        if goal == 0 {
            return None;
        }
        if goal == 1 {
            return Some(0);
        }
        let words = goal / 64 + 1;
        self.scratch.clear();
        self.scratch.resize(3 * words, 0);
        let (seen, rest) = self.scratch.split_at_mut(words);
        let (layer, reach) = rest.split_at_mut(words);
        let sets = Layers {
            starts: &self.starts,
            seen,
            layer,
            reach,
        };
        let land = &self.land;
        search_layers(
            sets,
            1,
            goal,
            |square| Some(land[square] as usize),
            &mut self.arrivals,
        )
    }
}

/// The event-driven sweep behind [`fewest_throws`], whatever the board's size: time
/// `O(J log J)` and memory `O(J)` for `J` jumps. Exposed so that it can be checked against
/// [`dense_fewest_throws`] on small boards, where [`fewest_throws`] would not use it.
///
/// ```
/// use tabletop_boards::{Board, Jump, snakes};
/// let board = Board::new(36, &[Jump::new(35, 25), Jump::new(3, 23), Jump::new(5, 16), Jump::new(20, 33)], &[])?;
/// assert_eq!(snakes::sparse_fewest_throws(&board, 1), Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sparse_fewest_throws(board: &Board, start: Square) -> Option<u64> {
    crate::sweep::fewest_throws(board, start)
}

/// The reference solver: a breadth-first search over every square `0..=goal`, following
/// the board's jumps (chains resolved by [`Board`]). Same answers as [`fewest_throws`], but `O(G)` time and memory
/// for `G` squares, so it is meant for small boards and for cross-checking.
///
/// # Errors
/// [`TooLarge`] when the board has more than [`DENSE_LIMIT`] squares.
///
/// # Example
/// ```
/// use tabletop_boards::{Board, Jump, snakes};
/// // A snake on 7 back to 2: a first throw of 6 is wasted, so 13 takes 1 -> 6 -> 12 -> 13.
/// let board = Board::new(13, &[Jump::new(7, 2)], &[])?;
/// assert_eq!(snakes::dense_fewest_throws(&board, 1), Ok(Some(3)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn dense_fewest_throws(board: &Board, start: Square) -> Result<Option<u64>, TooLarge> {
    let goal = board.goal();
    if goal > DENSE_LIMIT {
        return Err(TooLarge {
            squares: goal,
            limit: DENSE_LIMIT,
        });
    }
    if start > goal {
        return Ok(None);
    }
    // Squares fit in u32 below DENSE_LIMIT; `start <= goal` was checked.
    let (Ok(goal), Ok(start)) = (u32::try_from(goal), u32::try_from(start)) else {
        return Ok(None);
    };
    let size = goal as usize + 1;
    // Where landing on each square leads (chains followed).
    let mut land: Vec<u32> = (0..=goal).collect();
    for jump in board.jumps() {
        if let (Ok(from), Ok(to)) = (usize::try_from(jump.from), u32::try_from(jump.to)) {
            land[from] = to;
        }
    }
    const UNSEEN: u32 = u32::MAX;
    let mut throws = vec![UNSEEN; size];
    throws[start as usize] = 0;
    let mut queue = Vec::with_capacity(size);
    queue.push(start);
    let mut head = 0;
    while let Some(&square) = queue.get(head) {
        head += 1;
        let here = throws[square as usize];
        if square == goal {
            return Ok(Some(u64::from(here)));
        }
        for target in square + 1..=(square + FACES as u32).min(goal) {
            let next = land[target as usize];
            if throws[next as usize] == UNSEEN {
                throws[next as usize] = here + 1;
                queue.push(next);
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Jump;

    proptest::proptest! {
        /// A flat board answers what the board of the same jumps answers, reused or not.
        #[test]
        fn flat_boards_agree_with_boards(goal in 1u32..300, raw in proptest::collection::vec((2u32..300, 2u32..300), 0..40)) {
            let mut flat = FlatBoard::default();
            flat.reset(300);
            flat.add_jump(5, 200);
            proptest::prop_assert!(flat.reset(goal));
            let mut jumps = Vec::new();
            for (from, to) in raw {
                let (from, to) = (from % goal.max(2), to % goal.max(2));
                // No chains: a flat board takes the jumps as they are.
                let chained = jumps.iter().any(|&(f, t)| f == to || t == from);
                if from < 2 || to < 1 || from == to || chained || flat.is_start(from) {
                    continue;
                }
                proptest::prop_assert!(flat.add_jump(from, to));
                jumps.push((from, to));
            }
            let jumps: Vec<(Square, Square)> = jumps.iter().map(|&(f, t)| (Square::from(f), Square::from(t))).collect();
            let board = board(Square::from(goal), &jumps);
            proptest::prop_assert_eq!(flat.fewest_throws(), fewest_throws(&board, 1));
        }
    }

    #[test]
    fn flat_boards_refuse_what_they_cannot_hold() {
        let mut flat = FlatBoard::default();
        assert!(!flat.reset(0));
        assert!(!flat.reset(FLAT_LIMIT + 1));
        assert_eq!(flat.fewest_throws(), None);
        assert!(flat.reset(10));
        assert!(!flat.add_jump(11, 2));
        assert!(!flat.add_jump(3, 3));
        assert!(flat.add_jump(3, 9));
        assert_eq!(flat.jump_end(3), Some(9));
        assert_eq!(flat.jump_end(4), None);
        assert_eq!(flat.fewest_throws(), Some(2));
    }

    fn board(goal: Square, jumps: &[(Square, Square)]) -> Board {
        let jumps: Vec<Jump> = jumps.iter().map(|&(f, t)| Jump::new(f, t)).collect();
        Board::new(goal, &jumps, &[]).unwrap()
    }

    fn both(board: &Board, start: Square) -> Option<u64> {
        let sparse = sparse_fewest_throws(board, start);
        assert_eq!(sparse, fewest_throws(board, start));
        if board.goal() <= 1_000_000 {
            assert_eq!(
                sparse,
                dense_fewest_throws(board, start).unwrap(),
                "{board:?} from {start}"
            );
            assert_eq!(
                sparse,
                layered_fewest_throws(board, start),
                "{board:?} from {start}"
            );
        }
        sparse
    }

    #[test]
    fn the_judge_sample_takes_three_throws() {
        let b = board(36, &[(35, 25), (3, 23), (5, 16), (20, 33)]);
        assert_eq!(both(&b, 1), Some(3));
    }

    #[test]
    fn a_board_of_one_square_needs_no_throw() {
        assert_eq!(both(&board(1, &[]), 1), Some(0));
    }

    #[test]
    fn without_jumps_it_is_sixes_rounded_up() {
        for goal in 1..200 {
            assert_eq!(
                both(&board(goal, &[]), 1),
                Some((goal - 1).div_ceil(6)),
                "goal {goal}"
            );
        }
        let goal = 1_000_000_000_000_000_000;
        assert_eq!(fewest_throws(&board(goal, &[]), 1), Some((goal - 1).div_ceil(6)));
    }

    #[test]
    fn six_jump_starts_in_a_row_block_the_way() {
        let b = board(20, &[(3, 1), (4, 1), (5, 2), (6, 2), (7, 1), (8, 2)]);
        assert_eq!(both(&b, 1), None);
        // Five in a row can be jumped over: 2 -> 8 is one throw.
        let b = board(20, &[(3, 1), (4, 1), (5, 2), (6, 2), (7, 1)]);
        assert_eq!(both(&b, 1), Some(4)); // 1 -> 2 -> 8 -> 14 -> 20
    }

    #[test]
    fn a_blocked_goal_is_unreachable_even_on_huge_boards() {
        let goal = 1_000_000_000_000_000_000;
        let jumps: Vec<(Square, Square)> = (goal - 6..goal).map(|s| (s, 7)).collect();
        assert_eq!(fewest_throws(&board(goal, &jumps), 1), None);
    }

    #[test]
    fn a_snake_can_be_the_only_way() {
        // Wall 8..=13 of snakes back to 1; ladder 2 -> 40; wall 41..=46 of snakes, all back to
        // 1 but 46 -> 20, behind the first wall; ladder 22 -> 49. Goal 50.
        let mut jumps: Vec<(Square, Square)> = (8..=13).map(|s| (s, 1)).collect();
        jumps.extend((41..=45).map(|s| (s, 1)));
        jumps.extend([(2, 40), (46, 20), (22, 49)]);
        // 1 -> 2 => 40 -> 46 => 20 -> 22 => 49 -> 50.
        assert_eq!(both(&board(50, &jumps), 1), Some(4));
        // Without the snake into the pocket the goal is out of reach.
        jumps.retain(|&(s, _)| s != 46);
        jumps.push((46, 1));
        assert_eq!(both(&board(50, &jumps), 1), None);
    }

    #[test]
    fn always_throwing_six_is_not_always_best() {
        // 1 + 6 = 7 is a snake back to 1; 1 + 5 = 6, then 12: 2 throws to 12... goal 12.
        let b = board(12, &[(7, 1)]);
        assert_eq!(both(&b, 1), Some(2)); // 1 -> 6 -> 12
                                          // Greedy would go 1 -> 7 => 1 forever.
    }

    #[test]
    fn chains_are_followed() {
        let b = board(40, &[(2, 20), (20, 5), (5, 39)]);
        assert_eq!(both(&b, 1), Some(2)); // 1 -> 2 => 20 => 5 => 39 -> 40
    }

    #[test]
    fn a_jump_on_the_start_square_works_when_landed_on_later() {
        // The counter stands on 1 without jumping; 7 => 0, then 0 -> 1 => 13 => 16.
        let b = board(16, &[(7, 0), (1, 13), (13, 16)]);
        assert_eq!(both(&b, 1), Some(2));
    }

    #[test]
    fn jumps_to_the_goal_win() {
        let b = board(1000, &[(4, 1000)]);
        assert_eq!(both(&b, 1), Some(1));
    }

    #[test]
    fn the_largest_boards_do_not_overflow() {
        let goal = u64::MAX;
        assert_eq!(fewest_throws(&board(goal, &[]), 1), Some((goal - 1).div_ceil(6)));
        let b = board(goal, &[(goal - 3, 5), (goal - 9, goal - 2)]);
        // goal-20 -> goal-14 -> goal-9 => goal-2 -> goal.
        assert_eq!(fewest_throws(&b, goal - 20), Some(3));
        // From goal-8 the ladder is behind: goal-8 -> goal-4 (avoiding goal-3) -> goal.
        assert_eq!(fewest_throws(&b, goal - 8), Some(2));
        let b = board(goal, &(goal - 6..goal).map(|s| (s, 2)).collect::<Vec<_>>());
        assert_eq!(fewest_throws(&b, 1), None);
    }

    #[test]
    fn starts_past_or_on_the_goal() {
        let b = board(10, &[]);
        assert_eq!(both(&b, 10), Some(0));
        assert_eq!(fewest_throws(&b, 11), None);
        assert_eq!(dense_fewest_throws(&b, 11), Ok(None));
    }

    #[test]
    fn the_dense_solver_refuses_huge_boards() {
        let b = board(DENSE_LIMIT + 1, &[]);
        assert_eq!(
            dense_fewest_throws(&b, 1),
            Err(TooLarge {
                squares: DENSE_LIMIT + 1,
                limit: DENSE_LIMIT
            })
        );
    }

    #[test]
    fn fronts_merge_and_the_larger_one_wins() {
        // A ladder lands just ahead of the walking front; both must agree with BFS.
        for to in 9..30 {
            let b = board(60, &[(3, to), (to + 2, 1), (to + 9, 59)]);
            both(&b, 1);
        }
    }
}

//! The scalable fewest-throws solver against breadth-first search over every square, on many
//! random boards: sparse and crowded ones, chained jumps, walls of jump starts, unreachable
//! goals, and boards with a few clusters of jumps far apart.

use proptest::prelude::*;
use tabletop_boards::{snakes, Board, Jump, Square};

/// An oracle that shares nothing with the crate but the input: BFS over the squares of the raw
/// jump list, following chains one jump at a time.
fn oracle(goal: Square, jumps: &[(Square, Square)], start: Square) -> Option<u64> {
    if start > goal {
        return None;
    }
    let size = goal as usize + 1;
    let mut next: Vec<Option<usize>> = vec![None; size];
    for &(from, to) in jumps {
        next[from as usize] = Some(to as usize);
    }
    let land = |mut square: usize| {
        // Valid boards have no loops, so this ends within `jumps.len()` steps.
        for _ in 0..=jumps.len() {
            match next[square] {
                Some(to) => square = to,
                None => return square,
            }
        }
        panic!("loop in a board that was accepted");
    };
    let mut dist = vec![u64::MAX; size];
    dist[start as usize] = 0;
    let mut queue = std::collections::VecDeque::from([start as usize]);
    while let Some(square) = queue.pop_front() {
        for die in 1..=6 {
            if square + die < size {
                let to = land(square + die);
                if dist[to] == u64::MAX {
                    dist[to] = dist[square] + 1;
                    queue.push_back(to);
                }
            }
        }
    }
    (dist[goal as usize] != u64::MAX).then_some(dist[goal as usize])
}

/// Keeps the jumps that make a valid board (first start wins, no jump to itself, no loops).
fn valid_jumps(goal: Square, raw: &[(Square, Square)]) -> Vec<(Square, Square)> {
    let mut kept: Vec<(Square, Square)> = Vec::new();
    for &(from, to) in raw {
        if from == 0 || from >= goal || to > goal || from == to || kept.iter().any(|&(f, _)| f == from) {
            continue;
        }
        kept.push((from, to));
        if make_board(goal, &kept).is_err() {
            kept.pop();
        }
    }
    kept
}

fn make_board(goal: Square, jumps: &[(Square, Square)]) -> Result<Board, tabletop_boards::BoardError> {
    let jumps: Vec<Jump> = jumps.iter().map(|&(f, t)| Jump::new(f, t)).collect();
    Board::new(goal, &jumps, &[])
}

fn check(goal: Square, raw: &[(Square, Square)], start: Square) -> Result<(), TestCaseError> {
    let jumps = valid_jumps(goal, raw);
    let board = make_board(goal, &jumps).expect("the generated board is valid");
    let expected = oracle(goal, &jumps, start);
    prop_assert_eq!(
        snakes::sparse_fewest_throws(&board, start),
        expected,
        "goal {} jumps {:?} start {}",
        goal,
        jumps,
        start
    );
    prop_assert_eq!(
        snakes::dense_fewest_throws(&board, start).expect("the dense solver takes boards this small"),
        expected
    );
    prop_assert_eq!(snakes::fewest_throws(&board, start), expected);
    Ok(())
}

/// A small board with `density` in percent of squares starting a jump.
fn small_board() -> impl Strategy<Value = (Square, Vec<(Square, Square)>, Square)> {
    (1u64..=90, 0u64..=100).prop_flat_map(|(goal, density)| {
        let count = (goal * density / 100) as usize;
        let jumps = prop::collection::vec((1..goal.max(2), 0..=goal), count..=count);
        let start = prop_oneof![4 => Just(1u64), 1 => 0..=goal];
        (Just(goal), jumps, start)
    })
}

/// A board with clusters of jumps separated by long free stretches.
fn clustered_board() -> impl Strategy<Value = (Square, Vec<(Square, Square)>)> {
    let cluster = (
        0u64..400,
        prop::collection::vec((0u64..12, 0u64..=40, any::<bool>()), 1..12),
    );
    prop::collection::vec(cluster, 1..6).prop_flat_map(|clusters| {
        let mut at = 1u64;
        let mut jumps = Vec::new();
        for (gap, members) in &clusters {
            at += gap;
            for &(offset, length, down) in members {
                let from = at + offset;
                let to = if down {
                    from.saturating_sub(length)
                } else {
                    from + length
                };
                jumps.push((from, to));
            }
            at += 12;
        }
        let goal_extra = 0u64..300;
        (goal_extra, Just(jumps)).prop_map(move |(extra, jumps)| {
            let goal = at + extra;
            // Ladders past the goal land on it.
            let jumps = jumps.into_iter().map(|(f, t)| (f, t.min(goal))).collect();
            (goal, jumps)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn sparse_solver_agrees_with_bfs_on_small_boards((goal, raw, start) in small_board()) {
        check(goal, &raw, start)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(800))]

    #[test]
    fn sparse_solver_agrees_with_bfs_on_clustered_boards((goal, raw) in clustered_board()) {
        check(goal, &raw, 1)?;
    }

    /// Judge-like boards: snakes go down, ladders go up, and no two jump squares touch.
    #[test]
    fn sparse_solver_agrees_with_bfs_on_judge_boards(
        n in 1u64..=20,
        picks in prop::collection::vec((2u64..400, 2u64..400), 0..100),
    ) {
        let goal = n * n;
        let mut used: Vec<Square> = Vec::new();
        let mut jumps = Vec::new();
        for (a, b) in picks {
            let (a, b) = (a.min(goal - 1), b.min(goal - 1));
            let free = |s: Square| s >= 2 && s < goal && used.iter().all(|&u| u.abs_diff(s) >= 2);
            if a != b && free(a) && free(b) && a.abs_diff(b) >= 2 {
                used.extend([a, b]);
                jumps.push((a, b));
            }
        }
        check(goal, &jumps, 1)?;
    }
}

/// Every layout of jump starts over the first 14 squares after 1 (2^14 boards), each start a
/// snake back to 1: exercises walls, hops over runs of up to five starts, and blocking.
#[test]
fn every_wall_pattern_over_fourteen_squares() {
    for mask in 0u32..(1 << 14) {
        let goal = 20;
        let jumps: Vec<(Square, Square)> = (0..14)
            .filter(|b| mask & (1 << b) != 0)
            .map(|b| (2 + b as Square, 1))
            .collect();
        let board = make_board(goal, &jumps).unwrap();
        assert_eq!(
            snakes::sparse_fewest_throws(&board, 1),
            oracle(goal, &jumps, 1),
            "mask {mask:#b}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Medium boards (up to 200,000 squares, a few hundred jumps, some in tight clusters):
    /// the sweep skips long free stretches, the BFS walks every square.
    #[test]
    fn sparse_solver_agrees_with_bfs_on_medium_boards(
        goal in 5_000u64..200_000,
        spread in prop::collection::vec((0u64..1_000_000, 0u64..1_000_000), 0..300),
        crowd in prop::collection::vec((0u64..40, 0u64..1_000_000), 0..60),
        crowd_at in 0u64..1_000_000,
    ) {
        let square = |x: u64| x % goal;
        let mut raw: Vec<(Square, Square)> = spread.iter().map(|&(a, b)| (square(a), square(b))).collect();
        let base = square(crowd_at);
        raw.extend(crowd.iter().map(|&(offset, to)| ((base + offset).min(goal - 1), square(to))));
        let jumps = valid_jumps(goal, &raw);
        let board = make_board(goal, &jumps).unwrap();
        prop_assert_eq!(
            snakes::sparse_fewest_throws(&board, 1),
            snakes::dense_fewest_throws(&board, 1).unwrap()
        );
    }
}

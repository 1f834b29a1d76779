//! Every line replays: throws 1..6, nothing past the goal, jumps followed, ends on the goal,
//! and exactly as many throws as the fewest (checked against the solvers of `snakes`).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::*;
use crate::board::Jump;
use crate::snakes::{dense_fewest_throws, fewest_throws, sparse_fewest_throws};

fn board(goal: Square, jumps: &[(Square, Square)]) -> Board {
    let jumps: Vec<Jump> = jumps.iter().map(|&(f, t)| Jump::new(f, t)).collect();
    Board::new(goal, &jumps, &[]).unwrap()
}

/// Replays `line` from `start`, expanding repeats arithmetically: every throw 1..6, no
/// square past the goal, the first `repeat − 1` throws of a step on squares without a jump,
/// jumps followed, the goal at the end and `throws` the true count.
fn replay(board: &Board, start: Square, line: &Line) -> Result<(), String> {
    let goal = board.goal();
    let mut square = start;
    let mut total = 0u64;
    for (i, step) in line.steps.iter().enumerate() {
        if !(1..=6).contains(&step.throw) || step.repeat == 0 {
            return Err(format!("step {i}: {step:?}"));
        }
        let throw = u64::from(step.throw);
        let land = throw
            .checked_mul(step.repeat)
            .and_then(|d| square.checked_add(d))
            .ok_or(format!("step {i} overflows"))?;
        if land > goal || land != step.land {
            return Err(format!("step {i}: {step:?} from {square}"));
        }
        // No jump starts on the squares passed by the first repeat - 1 throws.
        let jumps = board.jumps();
        let lo = jumps.partition_point(|j| j.from <= square);
        let hi = jumps.partition_point(|j| j.from < land);
        if let Some(j) = jumps[lo..hi]
            .iter()
            .find(|j| (j.from - square).is_multiple_of(throw))
        {
            return Err(format!("step {i}: {step:?} from {square} stops on jump {j:?}"));
        }
        if board.land(land) != step.to {
            return Err(format!("step {i}: {step:?} does not follow the jump"));
        }
        square = step.to;
        total += step.repeat;
    }
    if square != goal {
        return Err(format!("ends on {square}, not {goal}"));
    }
    if total != line.throws {
        return Err(format!("{total} throws, line says {}", line.throws));
    }
    Ok(())
}

/// The line from `start` replays and is as short as `expected`.
fn check(board: &Board, start: Square, expected: Option<u64>) {
    let line = optimal_line(board, start);
    assert_eq!(
        line.as_ref().map(|p| p.throws),
        expected,
        "{board:?} from {start}"
    );
    if let Some(line) = line {
        if let Err(e) = replay(board, start, &line) {
            panic!("{e}: {board:?} from {start}: {line:?}");
        }
    }
}

/// A random valid board: jumps anywhere, plus walls of consecutive jump starts (stuck fronts,
/// precise steps) near `focus`.
fn random_board(rng: &mut StdRng, goal: Square, jumps: usize, focus: Square) -> Option<Board> {
    let mut list = Vec::new();
    let pick = |rng: &mut StdRng| {
        if rng.random_bool(0.5) {
            let lo = focus.saturating_sub(60).max(1);
            let hi = (focus + 60).min(goal - 1);
            if lo <= hi {
                return rng.random_range(lo..=hi);
            }
        }
        rng.random_range(1..goal)
    };
    for _ in 0..jumps {
        let from = pick(rng);
        let to = if rng.random_bool(0.5) {
            pick(rng)
        } else {
            rng.random_range(0..=goal)
        };
        list.push(Jump::new(from, to));
        if rng.random_bool(0.1) {
            // A wall of up to 6 jump starts in a row.
            for d in 1..rng.random_range(2..=6) {
                list.push(Jump::new((from + d).min(goal - 1), pick(rng)));
            }
        }
    }
    list.sort_by_key(|j| j.from);
    list.dedup_by_key(|j| j.from);
    list.retain(|j| j.from != j.to);
    Board::new(goal, &list, &[]).ok()
}

#[test]
fn the_judge_sample() {
    let b = board(36, &[(35, 25), (3, 23), (5, 16), (20, 33)]);
    let line = optimal_line(&b, 1).unwrap();
    assert_eq!(line.throws, 3);
    replay(&b, 1, &line).unwrap();
}

#[test]
fn trivial_boards() {
    assert_eq!(
        optimal_line(&board(1, &[]), 1),
        Some(Line {
            throws: 0,
            steps: vec![]
        })
    );
    assert_eq!(optimal_line(&board(10, &[]), 11), None);
    assert_eq!(optimal_line(&board(10, &[]), 10).map(|p| p.throws), Some(0));
    let wall = board(20, &[(3, 1), (4, 1), (5, 2), (6, 2), (7, 1), (8, 2)]);
    assert_eq!(optimal_line(&wall, 1), None);
    // Without jumps: sixes, then the rest.
    let line = optimal_line(&board(20, &[]), 1).unwrap();
    assert_eq!(
        line.steps,
        vec![
            Step {
                throw: 6,
                repeat: 3,
                land: 19,
                to: 19
            },
            Step {
                throw: 1,
                repeat: 1,
                land: 20,
                to: 20
            }
        ]
    );
}

#[test]
fn hand_made_boards() {
    type Case = (Square, Vec<(Square, Square)>, Square);
    let cases: Vec<Case> = vec![
        (12, vec![(7, 1)], 1),
        (40, vec![(2, 20), (20, 5), (5, 39)], 1),
        (16, vec![(7, 0), (1, 13), (13, 16)], 1),
        (1000, vec![(4, 1000)], 1),
        (20, vec![(3, 1), (4, 1), (5, 2), (6, 2), (7, 1)], 1),
    ];
    for (goal, jumps, start) in cases {
        let b = board(goal, &jumps);
        check(&b, start, dense_fewest_throws(&b, start).unwrap());
    }
    // A snake is the only way (see snakes::tests).
    let mut jumps: Vec<(Square, Square)> = (8..=13).map(|s| (s, 1)).collect();
    jumps.extend((41..=45).map(|s| (s, 1)));
    jumps.extend([(2, 40), (46, 20), (22, 49)]);
    let b = board(50, &jumps);
    check(&b, 1, Some(4));
}

#[test]
fn random_small_boards_against_breadth_first_search() {
    let mut rng = StdRng::seed_from_u64(13);
    let mut reachable = 0;
    for _ in 0..4000 {
        let goal = rng.random_range(2..=400);
        let jumps = rng.random_range(0..=(goal as usize / 3).min(60));
        let focus = rng.random_range(1..goal);
        let Some(b) = random_board(&mut rng, goal, jumps, focus) else {
            continue;
        };
        let start = if rng.random_bool(0.9) {
            1
        } else {
            rng.random_range(0..=goal)
        };
        let expected = dense_fewest_throws(&b, start).unwrap();
        assert_eq!(expected, sparse_fewest_throws(&b, start));
        reachable += usize::from(expected.is_some());
        check(&b, start, expected);
    }
    assert!(reachable > 2000, "{reachable}");
}

#[test]
fn random_sweep_sized_boards() {
    let mut rng = StdRng::seed_from_u64(1313);
    for _ in 0..150 {
        let goal = rng.random_range(4_097..=40_000);
        let jumps = rng.random_range(0..=400);
        let focus = rng.random_range(1..goal);
        let Some(b) = random_board(&mut rng, goal, jumps, focus) else {
            continue;
        };
        check(&b, 1, dense_fewest_throws(&b, 1).unwrap());
    }
}

#[test]
fn random_huge_boards() {
    let mut rng = StdRng::seed_from_u64(1_000_000_000_000_000_000);
    let mut long = 0;
    for round in 0..600 {
        let goal = if round % 2 == 0 {
            1_000_000_000_000_000_000
        } else {
            rng.random_range(1u64 << 40..=u64::MAX)
        };
        let jumps = rng.random_range(0..=200);
        let focus = rng.random_range(1..goal);
        let Some(b) = random_board(&mut rng, goal, jumps, focus) else {
            continue;
        };
        let expected = fewest_throws(&b, 1);
        long += usize::from(expected.is_some_and(|t| t > 1 << 50));
        check(&b, 1, expected);
    }
    assert!(long > 60, "{long}");
}

#[test]
fn the_largest_boards_do_not_overflow() {
    let goal = u64::MAX;
    check(&board(goal, &[]), 1, Some((goal - 1).div_ceil(6)));
    let b = board(goal, &[(goal - 3, 5), (goal - 9, goal - 2)]);
    check(&b, goal - 20, Some(3));
    check(&b, goal - 8, Some(2));
}

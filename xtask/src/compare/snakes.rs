//! `cargo xtask bench snakes`: `tabletop snakes` against a dense BFS over every square
//! (`reference/snakes_bfs.cpp` with scanf, `reference/snakes_fast.cpp` with one `fread`), and
//! alone on a board of 10^18 squares.

use super::{Case, Goal, Lineup, Reference};
use tabletop_stress::rng::Rng;

const BFS: Reference = reference!("snakes_bfs");

const FAST: Reference = reference!("snakes_fast");

/// Judge boards in the side-by-side comparison.
const JUDGE_BOARDS: usize = 50_000;

/// The judge's boards, many of them, side by side with both C++ programs.
pub fn lineups() -> Vec<Lineup> {
    let mut rng = Rng::new(0x5EED_0003);
    let mut judge = String::new();
    for _ in 0..JUDGE_BOARDS {
        let n = rng.range(5, 20);
        judge_board(&mut rng, n, &mut judge);
    }
    let megabytes = judge.len() as f64 / 1e6;
    vec![Lineup {
        game: "snakes",
        name: "snakes-judge-50000".into(),
        description: format!(
            "50,000 judge boards (N 5..20, up to 100 snakes and 100 ladders, no two jump squares \
             touching), {megabytes:.1} MB"
        ),
        input: judge.into_bytes(),
        reference_input: None,
        scanf: Some(BFS),
        fast: FAST,
        goal: 0.5,
        memory_goal: None,
    }]
}

/// This game's comparison cases with one reference (or none).
pub fn cases() -> Vec<Case> {
    let mut rng = Rng::new(0x5EED_0004);
    vec![
        Case {
            game: "snakes",
            name: "snakes-3000x3000".into(),
            description: "one 3000 x 3000 board, 200 snakes + 200 ladders".into(),
            args: Vec::new(),
            input: sparse_board(&mut rng, 3000, 200, 200).into_bytes(),
            reference: Some(BFS),
            goal: Goal::AtMostRatio(0.8),
        },
        Case {
            game: "snakes",
            name: "snakes-1e18".into(),
            description: "one 10^9 x 10^9 board (10^18 squares), 50,000 snakes + 50,000 ladders".into(),
            args: Vec::new(),
            input: sparse_board(&mut rng, 1_000_000_000, 50_000, 50_000).into_bytes(),
            reference: None,
            goal: Goal::UnderMillis(100.0),
        },
    ]
}

/// A board as the judge makes them: jump squares never touch (nor squares 1 and N²).
fn judge_board(rng: &mut Rng, n: u64, out: &mut String) {
    let goal = n * n;
    let mut taken = vec![false; goal as usize + 2];
    let (mut snakes, mut ladders) = (Vec::new(), Vec::new());
    let free = |taken: &[bool], s: u64| {
        s > 2 && s < goal - 1 && !taken[s as usize - 1..=s as usize + 1].contains(&true)
    };
    for _ in 0..200 {
        let (a, b) = (rng.range(2, goal - 1), rng.range(2, goal - 1));
        if a.abs_diff(b) < 2 || !free(&taken, a) || !free(&taken, b) {
            continue;
        }
        taken[a as usize] = true;
        taken[b as usize] = true;
        if a > b && snakes.len() < 100 {
            snakes.push((a, b));
        } else if a < b && ladders.len() < 100 {
            ladders.push((a, b));
        }
    }
    write_board(out, n, &snakes, &ladders);
}

/// A large board with jumps spread at random: starts distinct, ends never on a start, no
/// jump on square 1 or N².
fn sparse_board(rng: &mut Rng, n: u64, snakes: usize, ladders: usize) -> String {
    let goal = n * n;
    let mut starts = std::collections::BTreeSet::new();
    while starts.len() < snakes + ladders {
        starts.insert(rng.range(3, goal - 2));
    }
    let starts: Vec<u64> = starts.into_iter().collect();
    let end = |rng: &mut Rng, low: u64, high: u64| loop {
        let square = rng.range(low, high - 1);
        if starts.binary_search(&square).is_err() {
            return square;
        }
    };
    let (mut down, mut up) = (Vec::new(), Vec::new());
    for (i, &start) in starts.iter().enumerate() {
        // Alternate, so that both kinds spread over the whole board.
        if (i % 2 == 0 && down.len() < snakes) || up.len() == ladders {
            down.push((start, end(rng, 2, start)));
        } else {
            up.push((start, end(rng, start + 1, goal)));
        }
    }
    let mut out = String::new();
    write_board(&mut out, n, &down, &up);
    out
}

fn write_board(out: &mut String, n: u64, snakes: &[(u64, u64)], ladders: &[(u64, u64)]) {
    use std::fmt::Write;
    let _ = writeln!(out, "{n} {} {}", snakes.len(), ladders.len());
    for (a, b) in snakes.iter().chain(ladders) {
        let _ = writeln!(out, "{a} {b}");
    }
}

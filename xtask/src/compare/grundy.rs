//! `tabletop grundy` against a typical accepted POJ 2425 solution (scanf, recursive DFS with a
//! mex array, `g++ -O2`) on the judge's "huge input": complete DAGs and many queries.

use super::{Case, Goal, Reference};
use crate::rng::Rng;

/// Positions per test case (the judge's limit).
const POSITIONS: usize = 1000;
/// Test cases in the file.
const CASES: usize = 10;
/// Queries per test case.
const QUERIES: usize = 100_000;
/// Most pieces in a query (the judge's limit).
const MOST_PIECES: u64 = 10;

/// This game's comparison cases.
pub fn cases() -> Vec<Case> {
    let input = complete_dags(0x2425);
    let megabytes = input.len() as f64 / 1e6;
    vec![Case {
        game: "grundy",
        name: "grundy-complete-dags".into(),
        description: format!(
            "{CASES} complete DAGs on {POSITIONS} positions (499,500 moves each), {CASES} x {QUERIES} \
             queries of 1..{MOST_PIECES} pieces, {megabytes:.1} MB"
        ),
        args: Vec::new(),
        input,
        reference: Some(Reference {
            name: "grundy_dfs",
            source: include_str!("../../reference/grundy_dfs.cpp"),
        }),
        goal: Goal::AtMostRatio(0.333),
    }]
}

/// Ten test cases, each a complete DAG on 1000 positions (a move from every position to every
/// later one in a random order of the positions, listed in increasing position order) and
/// 100,000 queries of 1 to 10 random pieces.
fn complete_dags(seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut text = String::with_capacity(45_000_000);
    for _ in 0..CASES {
        // rank[p]: where position p stands in the hidden topological order.
        let mut order: Vec<usize> = (0..POSITIONS).collect();
        for i in (1..POSITIONS).rev() {
            order.swap(i, rng.range(0, i as u64 + 1) as usize);
        }
        let mut rank = vec![0; POSITIONS];
        for (at, &position) in order.iter().enumerate() {
            rank[position] = at;
        }
        text.push_str(&format!("{POSITIONS}\n"));
        for p in 0..POSITIONS {
            let later = POSITIONS - 1 - rank[p];
            text.push_str(&later.to_string());
            for q in (0..POSITIONS).filter(|&q| rank[q] > rank[p]) {
                text.push(' ');
                text.push_str(&q.to_string());
            }
            text.push('\n');
        }
        for _ in 0..QUERIES {
            let pieces = rng.range(1, MOST_PIECES + 1);
            text.push_str(&pieces.to_string());
            for _ in 0..pieces {
                text.push(' ');
                text.push_str(&rng.range(0, POSITIONS as u64).to_string());
            }
            text.push('\n');
        }
        text.push_str("0\n");
    }
    text.into_bytes()
}

//! Odds of race boards: expected turns on boards of 2,000 to 1,000,000 squares, the
//! distribution of a long game, the exact fraction of an empty 10,000-square board, Milton
//! Bradley's board, one `chutes --odds` game, and the fewest-turns line of boards of
//! 100,000 and 1,000,000 squares.
//!
//! `cargo bench -p tabletop-odds --bench odds`

use std::collections::BTreeSet;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabletop_boards::{Board, Jump, Special, Square};
use tabletop_odds::{fewest_turns_line, Odds, Rules, Tabulate};

/// A random board: `jumps` jumps (ladders and chutes alternately, ends anywhere, never on a
/// jump's start) and `misses` miss-a-turn squares.
fn random_board(rng: &mut StdRng, goal: Square, jumps: usize, misses: usize) -> Board {
    let mut starts = BTreeSet::new();
    while starts.len() < jumps {
        starts.insert(rng.random_range(2..goal - 1));
    }
    let mut used: BTreeSet<Square> = starts.clone();
    let list: Vec<Jump> = starts
        .iter()
        .enumerate()
        .map(|(i, &from)| loop {
            let to = if i % 2 == 0 {
                rng.random_range(from + 1..goal)
            } else {
                rng.random_range(1..from)
            };
            if !starts.contains(&to) {
                used.insert(to);
                break Jump::new(from, to);
            }
        })
        .collect();
    let mut specials = Vec::new();
    while specials.len() < misses {
        let square = rng.random_range(1..goal - 1);
        if used.insert(square) {
            specials.push((square, Special::MissTurn));
        }
    }
    Board::new(goal, &list, &specials).expect("a valid random board")
}

fn milton_bradley() -> Board {
    use tabletop_testkit::boards::{MILTON_BRADLEY_JUMPS, MILTON_BRADLEY_SQUARES};
    let jumps: Vec<Jump> = MILTON_BRADLEY_JUMPS
        .iter()
        .map(|&(a, b)| Jump::new(a, b))
        .collect();
    Board::new(MILTON_BRADLEY_SQUARES, &jumps, &[]).expect("Milton Bradley's board")
}

fn expected_turns(c: &mut Criterion) {
    let mut group = c.benchmark_group("odds_expected_turns");
    group.sample_size(10);
    let mut rng = StdRng::seed_from_u64(12);
    for (goal, jumps, misses) in [(2_000, 60, 0), (100_000, 1_000, 100), (1_000_000, 100, 0)] {
        let board = random_board(&mut rng, goal, jumps, misses);
        group.throughput(Throughput::Elements(goal));
        group.bench_with_input(
            BenchmarkId::new("squares", format!("{goal}/{jumps}j/{misses}m")),
            &board,
            |b, board| b.iter(|| Odds::new(black_box(board), &Rules::default()).map(|o| o.expected_turns())),
        );
    }
    group.finish();
}

fn line(c: &mut Criterion) {
    let mut group = c.benchmark_group("odds_fewest_turns_line");
    group.sample_size(10);
    let mut rng = StdRng::seed_from_u64(13);
    for (goal, jumps, misses) in [(100_000, 1_000, 100), (1_000_000, 100, 1_000)] {
        let board = random_board(&mut rng, goal, jumps, misses);
        group.throughput(Throughput::Elements(goal));
        group.bench_with_input(
            BenchmarkId::new("squares", format!("{goal}/{jumps}j/{misses}m")),
            &board,
            |b, board| b.iter(|| fewest_turns_line(black_box(board), &Rules::default()).map(|l| l.turns)),
        );
    }
    group.finish();
}

fn distribution(c: &mut Criterion) {
    let mut group = c.benchmark_group("odds_distribution");
    group.sample_size(10);
    let mut rng = StdRng::seed_from_u64(12);
    let board = random_board(&mut rng, 2_000, 60, 0);
    let odds = Odds::new(&board, &Rules::default()).expect("a valid board");
    group.bench_function("2000_squares_to_1e-9", |b| {
        b.iter(|| {
            odds.tabulate(&mut Tabulate {
                tail: 1e-9,
                ..Tabulate::default()
            })
            .map(|d| d.horizon())
        })
    });
    group.finish();
}

fn exact(c: &mut Criterion) {
    let mut group = c.benchmark_group("odds_exact");
    group.sample_size(10);
    let empty = Board::new(10_000, &[], &[]).expect("an empty board");
    let odds = Odds::new(&empty, &Rules::default()).expect("a valid board");
    group.bench_function("empty_10000", |b| b.iter(|| odds.expected_turns_exact()));
    group.finish();
}

fn milton(c: &mut Criterion) {
    let mut group = c.benchmark_group("odds_milton_bradley");
    let board = milton_bradley();
    group.bench_function("everything_4_players_exact", |b| {
        b.iter(|| {
            let odds = Odds::new(black_box(&board), &Rules::default()).expect("valid");
            let exact = odds.expected_turns_exact().expect("exact");
            let race = odds.distribution().and_then(|d| d.race(4)).expect("race");
            (exact, race)
        })
    });
    // One game of `tabletop chutes --odds`: a judge board with a few jumps and specials.
    let judge = Board::new(
        100,
        &[Jump::new(6, 95), Jump::new(99, 1), Jump::new(40, 12)],
        &[(3, Special::MissTurn), (98, Special::ExtraTurn)],
    )
    .expect("a judge board");
    group.bench_function("chutes_odds_one_game", |b| {
        b.iter(|| {
            // As `chutes --odds` calls it: the race tabulates only what it needs.
            Odds::new(black_box(&judge), &Rules::default()).and_then(|odds| odds.race(2))
        })
    });
    group.finish();
}

criterion_group!(benches, expected_turns, distribution, exact, milton, line);
criterion_main!(benches);

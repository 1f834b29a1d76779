//! Fewest throws on judge boards, a 3000 x 3000 board and a board of 10^18 squares.
//!
//! `cargo bench -p tabletop-boards --bench snakes`

use std::collections::BTreeSet;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabletop_boards::{snakes, Board, Jump, Square};

/// A judge board: N x N, up to 100 snakes and 100 ladders, no two jump squares touching.
fn judge_board(rng: &mut StdRng) -> Board {
    let n: Square = rng.random_range(5..=20);
    let goal = n * n;
    let mut taken = BTreeSet::new();
    let mut jumps = Vec::new();
    for _ in 0..200 {
        let (a, b) = (rng.random_range(3..goal - 1), rng.random_range(3..goal - 1));
        let near = |s: Square| taken.contains(&(s - 1)) || taken.contains(&s) || taken.contains(&(s + 1));
        if a.abs_diff(b) >= 2 && !near(a) && !near(b) {
            taken.extend([a, b]);
            jumps.push(Jump::new(a, b));
        }
    }
    Board::new(goal, &jumps, &[]).expect("valid judge board")
}

/// A large board: jumps spread at random, ends never on a start.
fn sparse_board(rng: &mut StdRng, goal: Square, count: usize) -> Board {
    let jumps: Vec<Jump> = tabletop_testkit::boards::random_jumps(rng, goal, count)
        .into_iter()
        .map(|(from, to)| Jump::new(from, to))
        .collect();
    Board::new(goal, &jumps, &[]).expect("valid board")
}

fn bench(c: &mut Criterion) {
    let mut rng = StdRng::seed_from_u64(3);

    let boards: Vec<Board> = (0..2000).map(|_| judge_board(&mut rng)).collect();
    let mut group = c.benchmark_group("snakes/judge-boards");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function(BenchmarkId::new("fewest_throws", boards.len()), |b| {
        b.iter(|| {
            boards
                .iter()
                .filter_map(|board| snakes::fewest_throws(black_box(board), 1))
                .sum::<u64>()
        })
    });
    group.bench_function(BenchmarkId::new("sparse", boards.len()), |b| {
        b.iter(|| {
            boards
                .iter()
                .filter_map(|board| snakes::sparse_fewest_throws(black_box(board), 1))
                .sum::<u64>()
        })
    });
    group.bench_function(BenchmarkId::new("dense", boards.len()), |b| {
        b.iter(|| {
            boards
                .iter()
                .filter_map(|board| snakes::dense_fewest_throws(black_box(board), 1).ok().flatten())
                .sum::<u64>()
        })
    });
    // The plain judge path: each board filled into one reused flat board, then searched.
    let mut flat = snakes::FlatBoard::default();
    group.bench_function(BenchmarkId::new("flat_board", boards.len()), |b| {
        b.iter(|| {
            let mut sum = 0;
            for board in &boards {
                flat.reset(board.goal() as u32);
                for jump in board.jumps() {
                    flat.add_jump(jump.from as u32, jump.to as u32);
                }
                sum += black_box(&mut flat).fewest_throws().unwrap_or(0);
            }
            sum
        })
    });
    group.finish();

    let board = sparse_board(&mut rng, 3000 * 3000, 400);
    let mut group = c.benchmark_group("snakes/3000x3000-400-jumps");
    group.throughput(Throughput::Elements(400));
    group.sample_size(10);
    group.bench_function("fewest_throws", |b| {
        b.iter(|| snakes::fewest_throws(black_box(&board), 1))
    });
    group.bench_function("dense", |b| {
        b.iter(|| snakes::dense_fewest_throws(black_box(&board), 1))
    });
    group.finish();

    let board = sparse_board(&mut rng, 1_000_000_000_000_000_000, 100_000);
    let mut group = c.benchmark_group("snakes/1e18-squares-100000-jumps");
    group.throughput(Throughput::Elements(100_000));
    group.sample_size(10);
    group.bench_function("fewest_throws", |b| {
        b.iter(|| snakes::fewest_throws(black_box(&board), 1))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

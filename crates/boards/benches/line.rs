//! One optimal line of play against the bare count: judge boards and 10^18 squares.
//!
//! `cargo bench -p tabletop-boards --bench line`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabletop_boards::{line, snakes, Board, Jump, Square};

/// A board with `count` jumps spread at random, ends never on a start.
fn board(rng: &mut StdRng, goal: Square, count: usize) -> Board {
    let jumps: Vec<Jump> = tabletop_testkit::boards::random_jumps(rng, goal, count)
        .into_iter()
        .map(|(from, to)| Jump::new(from, to))
        .collect();
    Board::new(goal, &jumps, &[]).expect("valid board")
}

fn bench(c: &mut Criterion) {
    let mut rng = StdRng::seed_from_u64(13);
    let judge: Vec<Board> = (0..1000)
        .map(|_| {
            let n: Square = rng.random_range(5..=20);
            board(&mut rng, n * n, ((n * n / 4) as usize).min(200))
        })
        .collect();
    let mut group = c.benchmark_group("line/judge-boards");
    group.throughput(Throughput::Elements(judge.len() as u64));
    group.bench_function(BenchmarkId::new("optimal_line", judge.len()), |b| {
        b.iter(|| {
            judge
                .iter()
                .filter_map(|board| line::optimal_line(black_box(board), 1))
                .count()
        })
    });
    group.bench_function(BenchmarkId::new("fewest_throws", judge.len()), |b| {
        b.iter(|| {
            judge
                .iter()
                .filter_map(|board| snakes::fewest_throws(black_box(board), 1))
                .count()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("line/10^18-squares");
    for jumps in [1_000usize, 100_000] {
        let huge = board(&mut rng, 1_000_000_000_000_000_000, jumps);
        group.throughput(Throughput::Elements(jumps as u64));
        group.bench_with_input(BenchmarkId::new("optimal_line", jumps), &huge, |b, huge| {
            b.iter(|| line::optimal_line(black_box(huge), 1).map(|p| p.steps.len()))
        });
        group.bench_with_input(
            BenchmarkId::new("sparse_fewest_throws", jumps),
            &huge,
            |b, huge| b.iter(|| snakes::sparse_fewest_throws(black_box(huge), 1)),
        );
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);

//! Text in, judge answers out, through the application layer (what `tabletop grundy` and
//! `tabletop snakes` do besides reading the file and writing the answer): a POJ 2425 file
//! of complete DAGs and 100,000 queries per test case, and many judge Snakes boards, on one
//! thread and on every core.
//!
//! `cargo bench -p tabletop-app --bench end_to_end`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tabletop_app::{grundy, snakes, Source, Stream};

/// A small deterministic generator (the benches need no more).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % bound
    }
}

/// `cases` complete DAGs on 1000 positions in a shuffled order, 100,000 queries each.
fn grundy_file(cases: usize) -> Vec<u8> {
    let mut rng = Lcg(2425);
    let n = 1000;
    let mut text = String::new();
    for _ in 0..cases {
        let mut rank: Vec<u64> = (0..n).collect();
        for i in (1..n as usize).rev() {
            rank.swap(i, rng.below(i as u64 + 1) as usize);
        }
        text += &format!("{n}\n");
        for p in 0..n as usize {
            let later: Vec<String> = (0..n as usize)
                .filter(|&q| rank[q] > rank[p])
                .map(|q| q.to_string())
                .collect();
            text += &[vec![later.len().to_string()], later].concat().join(" ");
            text.push('\n');
        }
        for _ in 0..100_000 {
            let pieces: Vec<String> = (0..1 + rng.below(10)).map(|_| rng.below(n).to_string()).collect();
            text += &format!("{} {}\n", pieces.len(), pieces.join(" "));
        }
        text += "0\n";
    }
    text.into_bytes()
}

/// `count` judge boards: N 5..20, up to 100 snakes and 100 ladders, no square used twice.
fn snakes_file(count: usize) -> Vec<u8> {
    let mut rng = Lcg(647);
    let mut text = String::new();
    for _ in 0..count {
        let n = 5 + rng.below(16);
        let goal = n * n;
        let mut used = vec![false; goal as usize + 1];
        let (mut down, mut up) = (Vec::new(), Vec::new());
        for _ in 0..200 {
            let (a, b) = (2 + rng.below(goal - 2), 2 + rng.below(goal - 2));
            if a == b || used[a as usize] || used[b as usize] {
                continue;
            }
            used[a as usize] = true;
            used[b as usize] = true;
            if a > b && down.len() < 100 {
                down.push((a, b));
            } else if a < b && up.len() < 100 {
                up.push((a, b));
            }
        }
        text += &format!("{n} {} {}\n", down.len(), up.len());
        for (a, b) in down.iter().chain(&up) {
            text += &format!("{a} {b}\n");
        }
    }
    text.into_bytes()
}

fn grundy_end_to_end(c: &mut Criterion) {
    let source = Source::new("judge.txt", grundy_file(4));
    let mut group = c.benchmark_group("grundy_end_to_end");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(source.bytes().len() as u64));
    for jobs in [1, 2] {
        let request = grundy::Request {
            jobs: Some(jobs),
            ..grundy::Request::default()
        };
        group.bench_with_input(
            BenchmarkId::new("complete_dags_jobs", jobs),
            &request,
            |b, request| {
                b.iter(|| {
                    let answer = grundy::answer(&mut Stream::of(&source), request);
                    black_box(
                        answer
                            .map(|a| a.text.len())
                            .expect("the generated input is valid"),
                    )
                })
            },
        );
    }
    group.finish();
}

fn snakes_end_to_end(c: &mut Criterion) {
    let source = Source::new("boards.txt", snakes_file(20_000));
    let mut group = c.benchmark_group("snakes_end_to_end");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(source.bytes().len() as u64));
    for jobs in [1, 2] {
        let request = snakes::Request {
            jobs: Some(jobs),
            ..snakes::Request::default()
        };
        group.bench_with_input(
            BenchmarkId::new("judge_boards_jobs", jobs),
            &request,
            |b, request| {
                b.iter(|| {
                    black_box(
                        snakes::answer(&source, request)
                            .map(|a| a.text.len())
                            .expect("valid boards"),
                    )
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, grundy_end_to_end, snakes_end_to_end);
criterion_main!(benches);

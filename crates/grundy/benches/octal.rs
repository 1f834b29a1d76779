//! Nim-value sequences of octal games (report: values per second): Officers (0.6) by the
//! sparse-space method and by plain XOR sets, and Kayles (0.77).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tabletop_grundy::octal::{Method, NimSequence, OctalCode};

fn octal_values(c: &mut Criterion) {
    let officers = OctalCode::new(&[0, 6]).expect("0.6 is an octal code");
    let kayles = OctalCode::new(&[0, 7, 7]).expect("0.77 is an octal code");
    let mut group = c.benchmark_group("octal_values");
    group.sample_size(10);
    for &n in &[100_000usize, 1_000_000] {
        group.throughput(Throughput::Elements(n as u64 + 1));
        group.bench_with_input(BenchmarkId::new("officers_sparse", n), &n, |b, &n| {
            b.iter(|| black_box(NimSequence::compute_with(&officers, n, Method::Sparse)))
        });
        group.bench_with_input(BenchmarkId::new("kayles_sparse", n), &n, |b, &n| {
            b.iter(|| black_box(NimSequence::compute_with(&kayles, n, Method::Sparse)))
        });
    }
    // The O(N²) plain method, for the ratio (10^6 would take minutes).
    let n = 100_000usize;
    group.throughput(Throughput::Elements(n as u64 + 1));
    group.bench_with_input(BenchmarkId::new("officers_plain", n), &n, |b, &n| {
        b.iter(|| black_box(NimSequence::compute_with(&officers, n, Method::Plain)))
    });
    group.finish();
}

fn octal_period(c: &mut Criterion) {
    let kayles = OctalCode::new(&[0, 7, 7]).expect("0.77 is an octal code");
    let sequence = NimSequence::compute(&kayles, 1_000_000);
    let mut group = c.benchmark_group("octal_period");
    group.throughput(Throughput::Elements(1_000_001));
    group.bench_function("kayles_1000000", |b| b.iter(|| black_box(sequence.period())));
    group.finish();
}

criterion_group!(benches, octal_values, octal_period);
criterion_main!(benches);

//! Nim-value sequences of octal games (report: values per second): Officers (0.6) by the
//! sparse-space method and by plain XOR sets, Kayles (0.77), Dawson's chess (0.137) by plain
//! steps value by value and on bit planes, and 0.137 to 10^7 filled by its proven period.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tabletop_octal::{Computation, Method, NimSequence, OctalCode, Options};

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
    // Without a sparse space (0.137 leaves 41% of heaps rare): value by value, bit planes.
    let dawson = OctalCode::new(&[0, 1, 3, 7]).expect("0.137 is an octal code");
    let n = 20_000usize;
    group.throughput(Throughput::Elements(n as u64 + 1));
    for (name, method) in [("dawson_plain", Method::Plain), ("dawson_bitset", Method::Bitset)] {
        group.bench_with_input(BenchmarkId::new(name, n), &n, |b, &n| {
            b.iter(|| black_box(NimSequence::compute_with(&dawson, n, method)))
        });
    }
    // The period check as values come, the rest filled by the period (the values copied out).
    let n = 10_000_000usize;
    group.throughput(Throughput::Elements(n as u64 + 1));
    group.bench_with_input(BenchmarkId::new("dawson_period_fill", n), &n, |b, &n| {
        b.iter(|| {
            let mut run = Computation::new(&dawson, n, Options::default());
            run.advance(usize::MAX);
            let mut out = Vec::with_capacity(1 << 16);
            let mut sum = 0u64;
            for start in (0..=n).step_by(1 << 16) {
                out.clear();
                run.copy_values(start, (start + (1 << 16)).min(n + 1), &mut out);
                sum += out.iter().map(|&v| u64::from(v)).sum::<u64>();
            }
            black_box(sum)
        })
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

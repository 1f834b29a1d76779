//! Sprague-Grundy values of large random DAGs (report: time per move, i.e. ns per edge).

#![allow(clippy::unwrap_used)] // A benchmark on generated, valid data.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabletop_grundy::Graph;

/// A random DAG: `degree` moves from each position to uniformly random later positions.
fn random_dag(positions: u32, degree: u32, seed: u64) -> Graph {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut offsets = Vec::with_capacity(positions as usize + 1);
    let mut successors = Vec::with_capacity((positions * degree) as usize);
    offsets.push(0);
    for from in 0..positions {
        if from + 1 < positions {
            for _ in 0..degree {
                successors.push(rng.random_range(from + 1..positions));
            }
        }
        offsets.push(successors.len() as u32);
    }
    Graph::from_csr(offsets, successors).unwrap()
}

fn grundy_values(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy_values");
    group.sample_size(10);
    for &(positions, degree) in &[(100_000u32, 10u32), (1_000_000, 10)] {
        let graph = random_dag(positions, degree, 7);
        group.throughput(Throughput::Elements(graph.edge_count() as u64));
        let id = format!("{positions}x{degree}");
        group.bench_with_input(BenchmarkId::new("random_dag", id), &graph, |b, graph| {
            b.iter(|| black_box(graph.grundy_values().unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, grundy_values);
criterion_main!(benches);

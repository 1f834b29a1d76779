//! Sprague-Grundy values of large random DAGs (report: time per move, i.e. ns per edge): numbered
//! in a topological order (moves to later positions), and the same DAGs renumbered at random.

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

/// The same DAG with its positions renumbered at random, so that the numbering is no longer
/// a topological order (the values take the depth-first search).
fn shuffled(graph: &Graph, seed: u64) -> Graph {
    let mut rng = StdRng::seed_from_u64(seed);
    let n = graph.len();
    let mut new_of: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        new_of.swap(i, rng.random_range(0..=i));
    }
    let mut old_of = vec![0u32; n];
    for (old, &new) in new_of.iter().enumerate() {
        old_of[new as usize] = old as u32;
    }
    let mut offsets = Vec::with_capacity(n + 1);
    let mut successors = Vec::with_capacity(graph.edge_count());
    offsets.push(0);
    for &old in &old_of {
        successors.extend(graph.successors(old).iter().map(|&to| new_of[to as usize]));
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
        let hidden = shuffled(&graph, 8);
        let id = format!("{positions}x{degree}");
        group.bench_with_input(
            BenchmarkId::new("random_dag_shuffled", id),
            &hidden,
            |b, graph| b.iter(|| black_box(graph.grundy_values().unwrap())),
        );
    }
    group.finish();
}

criterion_group!(benches, grundy_values);
criterion_main!(benches);

//! The generalized Sprague-Grundy labelling on graphs with many cycles, and how its time
//! grows with the graph.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabletop_grundy::{Graph, Value};

/// `0..=2 degree` moves from each position (so about one in `2 degree + 1` positions has no
/// move and the values are not all infinite); each goes backward (anywhere, closing cycles)
/// with probability `back`, else forward to a later position. `back = 1` is a uniform random
/// digraph.
fn random_graph(positions: u32, degree: u32, back: f64, seed: u64) -> Graph {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut offsets = Vec::with_capacity(positions as usize + 1);
    let mut successors = Vec::with_capacity((positions * degree) as usize);
    offsets.push(0);
    for from in 0..positions {
        for _ in 0..rng.random_range(0..=2 * degree) {
            if from + 1 < positions && !rng.random_bool(back) {
                successors.push(rng.random_range(from + 1..positions));
            } else {
                successors.push(rng.random_range(0..positions));
            }
        }
        offsets.push(successors.len() as u32);
    }
    Graph::from_csr(offsets, successors).expect("the generated graph is valid")
}

/// A one-line summary of the values (printed once per graph, so the figures can be read).
fn describe(graph: &Graph) -> String {
    let values = graph.values();
    let largest = values
        .iter()
        .filter_map(|v| match v {
            Value::Finite(x) => Some(x),
            Value::Infinite(_) => None,
        })
        .max();
    format!(
        "{} positions, {} moves: {} infinite, largest finite value {largest:?}",
        graph.len(),
        graph.edge_count(),
        values.infinite_count()
    )
}

fn loopy(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy_values");
    group.sample_size(10);
    // A large graph with many cycles: 10^5 positions, 10^6 moves.
    for &(name, back) in &[("uniform", 1.0), ("back10pct", 0.1), ("back1pct", 0.01)] {
        let graph = random_graph(100_000, 10, back, 5);
        eprintln!("{name}: {}", describe(&graph));
        group.throughput(Throughput::Elements(graph.edge_count() as u64));
        group.bench_with_input(BenchmarkId::new(name, "100000x10"), &graph, |b, graph| {
            b.iter(|| black_box(graph.values()))
        });
    }
    // Growth: the same shape at 10^4, 10^5, 10^6 positions.
    for &positions in &[10_000u32, 100_000, 1_000_000] {
        let graph = random_graph(positions, 10, 0.1, 6);
        eprintln!("growth {positions}: {}", describe(&graph));
        group.throughput(Throughput::Elements(graph.edge_count() as u64));
        group.bench_with_input(
            BenchmarkId::new("growth_back10pct", positions),
            &graph,
            |b, graph| b.iter(|| black_box(graph.values())),
        );
    }
    // Many rounds (the worst case of the labelling): a complete DAG on 1000 positions (values
    // 0..999, so 1000 rounds) beside a separate 2-cycle, so the labelling (not the DAG path)
    // runs on the whole graph.
    let n = 1000u64;
    let mut lists: Vec<Vec<u64>> = (0..n).map(|i| (i + 1..n).collect()).collect();
    lists.push(vec![n + 1]);
    lists.push(vec![n]);
    let graph = Graph::from_lists(&lists).expect("the generated graph is valid");
    eprintln!("complete DAG + 2-cycle: {}", describe(&graph));
    group.throughput(Throughput::Elements(graph.edge_count() as u64));
    group.bench_with_input(
        BenchmarkId::new("complete_dag_plus_2cycle", n),
        &graph,
        |b, graph| b.iter(|| black_box(graph.values())),
    );
    // The worst case for the plain rounds (every D position reaches the 2-cycle, and
    // the values go up to n), beside the same graph without the move c2 -> c (acyclic: the
    // plain depth-first path).
    for &n in &[1000u64, 2000] {
        for cycle in [true, false] {
            let graph = Graph::from_lists(&worst_case(n, cycle)).expect("the generated graph is valid");
            if cycle {
                eprintln!("worst case {n}: {}", describe(&graph));
            }
            group.throughput(Throughput::Elements(graph.edge_count() as u64));
            let name = if cycle { "worst_case" } else { "worst_case_acyclic" };
            group.bench_with_input(BenchmarkId::new(name, n), &graph, |b, graph| {
                b.iter(|| black_box(graph.values()))
            });
        }
    }
    group.finish();
}

/// `D_i -> D_j (j < i)` and `-> c`; `E_i -> E_j (j < i)`; `c -> every E_i` and `-> c2`; with
/// `cycle`, `c2 -> c`.
fn worst_case(n: u64, cycle: bool) -> Vec<Vec<u64>> {
    let (e, c, c2) = (n, 2 * n, 2 * n + 1);
    let mut lists: Vec<Vec<u64>> = (0..n).map(|i| (0..i).chain([c]).collect()).collect();
    lists.extend((0..n).map(|i| (e..e + i).collect::<Vec<_>>()));
    lists.push((e..e + n).chain([c2]).collect());
    lists.push(if cycle { vec![c] } else { Vec::new() });
    lists
}

criterion_group!(benches, loopy);
criterion_main!(benches);

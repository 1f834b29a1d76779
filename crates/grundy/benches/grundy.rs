//! Sprague-Grundy values of large random DAGs (report: time per move, i.e. ns per edge): numbered
//! in a topological order (moves to later positions), and the same DAGs renumbered at random.

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
    Graph::from_csr(offsets, successors).expect("the generated graph is valid")
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
    Graph::from_csr(offsets, successors).expect("the generated graph is valid")
}

/// An experiment in locality: renumber the positions in depth-first post-order (successors
/// first), so that the value pass reads the moves in memory order, then map the values back.
/// The post-order itself costs a depth-first search (the same scattered reads as the search
/// that computes the values), so this is measured, not used.
fn relabelled_values(graph: &Graph) -> Vec<u32> {
    let n = graph.len();
    let offsets = graph.offsets();
    let successors = graph.successor_array();
    let mut new_of = vec![u32::MAX; n];
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut stack: Vec<(u32, u32)> = Vec::new();
    for root in 0..n as u32 {
        if new_of[root as usize] != u32::MAX {
            continue;
        }
        new_of[root as usize] = u32::MAX - 1;
        stack.push((root, offsets[root as usize]));
        while let Some(&mut (at, ref mut next)) = stack.last_mut() {
            let end = offsets[at as usize + 1];
            let mut descend = None;
            while *next < end {
                let to = successors[*next as usize];
                *next += 1;
                if new_of[to as usize] == u32::MAX {
                    descend = Some(to);
                    break;
                }
            }
            match descend {
                Some(to) => {
                    new_of[to as usize] = u32::MAX - 1;
                    stack.push((to, offsets[to as usize]));
                }
                None => {
                    stack.pop();
                    new_of[at as usize] = order.len() as u32;
                    order.push(at);
                }
            }
        }
    }
    let mut new_offsets = Vec::with_capacity(n + 1);
    let mut new_successors = Vec::with_capacity(successors.len());
    new_offsets.push(0);
    for &old in &order {
        new_successors.extend(graph.successors(old).iter().map(|&to| new_of[to as usize]));
        new_offsets.push(new_successors.len() as u32);
    }
    let values = Graph::from_csr(new_offsets, new_successors)
        .expect("a relabelled graph is valid")
        .acyclic_values()
        .expect("relabelling keeps the graph acyclic");
    (0..n).map(|old| values[new_of[old] as usize]).collect()
}

fn grundy_values(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy_values");
    group.sample_size(10);
    for &(positions, degree) in &[
        (100_000u32, 10u32),
        (1_000_000, 10),
        (10_000, 40),
        (10_000, 100),
        (1_000_000, 3),
    ] {
        let graph = random_dag(positions, degree, 7);
        group.throughput(Throughput::Elements(graph.edge_count() as u64));
        let id = format!("{positions}x{degree}");
        group.bench_with_input(BenchmarkId::new("random_dag", id), &graph, |b, graph| {
            b.iter(|| black_box(graph.acyclic_values().expect("the bench graph is acyclic")))
        });
        let hidden = shuffled(&graph, 8);
        let id = format!("{positions}x{degree}");
        group.bench_with_input(
            BenchmarkId::new("random_dag_shuffled", &id),
            &hidden,
            |b, graph| b.iter(|| black_box(graph.acyclic_values().expect("the bench graph is acyclic"))),
        );
        assert_eq!(
            relabelled_values(&hidden),
            hidden.acyclic_values().expect("the bench graph is acyclic")
        );
        group.bench_with_input(
            BenchmarkId::new("random_dag_shuffled_relabelled", id),
            &hidden,
            |b, graph| b.iter(|| black_box(relabelled_values(graph))),
        );
    }
    // The judge's graph: a complete DAG on 1000 positions in a shuffled order.
    let complete = {
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); 1000];
        for (from, list) in lists.iter_mut().enumerate() {
            list.extend(from as u32 + 1..1000);
        }
        shuffled(&Graph::from_lists(&lists).expect("a complete DAG is valid"), 9)
    };
    group.throughput(Throughput::Elements(complete.edge_count() as u64));
    group.bench_with_input(
        BenchmarkId::new("complete_dag_shuffled", 1000),
        &complete,
        |b, graph| b.iter(|| black_box(graph.values())),
    );
    group.finish();
}

criterion_group!(benches, grundy_values);
criterion_main!(benches);

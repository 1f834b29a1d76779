//! Parsing throughput (MB/s) of a judge-style POJ 2425 file: complete DAGs on 1000
//! positions and 100,000 queries per test case, as in the judge's "huge input".

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// `cases` test cases, each a complete DAG on 1000 positions plus 100,000 queries.
fn judge_file(cases: usize) -> Vec<u8> {
    let mut rng = StdRng::seed_from_u64(2425);
    let n = 1000;
    let mut text = String::new();
    for _ in 0..cases {
        text.push_str(&format!("{n}\n"));
        for p in 0..n {
            text.push_str(&(n - 1 - p).to_string());
            for q in p + 1..n {
                text.push(' ');
                text.push_str(&q.to_string());
            }
            text.push('\n');
        }
        for _ in 0..100_000 {
            let pieces = rng.random_range(1..=10);
            text.push_str(&pieces.to_string());
            for _ in 0..pieces {
                text.push(' ');
                text.push_str(&rng.random_range(0..n).to_string());
            }
            text.push('\n');
        }
        text.push_str("0\n");
    }
    text.into_bytes()
}

fn parse(c: &mut Criterion) {
    let input = judge_file(2);
    let mut group = c.benchmark_group("parse_grundy");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("judge_file_8.6MB", |b| {
        b.iter(|| black_box(tabletop_parse::grundy::parse(&input).expect("the generated input is valid")))
    });
    group.bench_function("judge_file_8.6MB_plain", |b| {
        b.iter(|| {
            // The fast reader: graphs into reused CSR arrays, queries handed out one by one.
            let mut plain = tabletop_parse::grundy::Plain::new(&input);
            let (mut offsets, mut successors, mut pieces) = (Vec::new(), Vec::new(), 0usize);
            while let Some(graph) = plain
                .graph(offsets, successors)
                .expect("the generated input is plain")
            {
                plain
                    .queries(graph.len(), |query| pieces += query.len())
                    .expect("the generated input is plain");
                (offsets, successors) = black_box(graph).into_csr();
            }
            black_box(pieces)
        })
    });
    group.bench_function("judge_file_8.6MB_streamed_recycled", |b| {
        b.iter(|| {
            let mut cases = tabletop_parse::grundy::cases(&input);
            while let Some(case) = cases.next() {
                let case = case.expect("the generated input is valid");
                black_box(&case);
                cases.recycle(case.value);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);

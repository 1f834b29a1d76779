use tabletop_grundy::strategy::Strategy;

use super::*;

/// The judge sample's first test case: 0 → 1, 2; 1 → 3; 2 and 3 terminal.
fn sample() -> Graph {
    Graph::from_lists(&[vec![1u64, 2], vec![3], vec![], vec![]]).expect("a graph")
}

fn drawn(graph: &Graph, queries: &[&[Position]], shown: Option<usize>) -> String {
    let values = graph.values();
    let strategy = Strategy::new(graph, &values);
    let queries: Vec<GraphQuery<'_>> = queries
        .iter()
        .map(|&pieces| GraphQuery {
            pieces,
            answer: strategy.answer(pieces).expect("pieces on the graph"),
        })
        .collect();
    let picture = GraphPicture {
        case: 1,
        graph,
        values: &values,
        queries: &queries,
        shown,
    };
    crate::to_string(|out| write_graph_svg(out, &picture))
}

/// The `y` of each position's circle.
fn heights(svg: &str) -> Vec<f64> {
    svg.lines()
        .filter(|l| l.starts_with("<g class=\"node"))
        .map(|l| {
            let cy = l
                .split("cy=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .unwrap_or("");
            cy.parse().expect("a number")
        })
        .collect()
}

#[test]
fn a_dag_is_layered_with_every_move_pointing_down() {
    let graph = sample();
    let svg = drawn(&graph, &[&[0], &[1, 2]], Some(0));
    let texts = crate::well_formed(&svg);
    let y = heights(&svg);
    for (v, w) in graph.edges() {
        assert!(y[v as usize] < y[w as usize], "{v} -> {w}: {y:?}");
    }
    // Longest path to a terminal: 0 on top, 1 below, 2 and 3 at the bottom.
    assert_eq!(y[2], y[3]);
    assert!(y[0] < y[1] && y[1] < y[2]);
    // Labels: number, value, outcome.
    for label in ["0", "1", "2", "3", "WIN", "LOSE"] {
        assert!(texts.iter().any(|t| t == label), "{label}: {texts:?}");
    }
    assert!(svg.contains("data-position=\"3\"><title>position 3: value 0, LOSE</title>"));
    // The shown query: its piece ringed, its winning move (0 to 2) alone red.
    assert_eq!(svg.matches("class=\"node win piece\"").count(), 1);
    assert!(svg.contains("<path class=\"edge best\" data-from=\"0\" data-to=\"2\""));
    assert_eq!(svg.matches("class=\"edge best\"").count(), 1);
    assert!(texts.iter().any(|t| t == "query 1: pieces on 0 →"), "{texts:?}");
    assert!(
        texts.iter().any(|t| t == ": move piece 1 from 0 to 2"),
        "{texts:?}"
    );
    assert!(svg.contains("class=\"query shown\" data-query=\"1\""));
}

#[test]
fn without_a_shown_query_every_winning_move_is_red_and_labelled() {
    let graph = sample();
    // Query 1 wins by 0 → 2; query 2 (pieces on 1 and 2: values 1 and 0) by 1 → 3.
    let svg = drawn(&graph, &[&[0], &[1, 2], &[0, 0]], None);
    crate::well_formed(&svg);
    assert_eq!(svg.matches("class=\"edge best\"").count(), 2, "{svg}");
    assert!(svg.contains(">q1</text>") && svg.contains(">q2</text>"));
    assert!(!svg.contains(" piece\""));
    assert_eq!(svg.matches("class=\"query\"").count(), 3);
}

#[test]
fn cycles_and_loops_are_drawn_and_draws_labelled() {
    // 0 ⇄ 1, 1 → 2, 2 → 2 (a loop), 3 → 0.
    let graph = Graph::from_lists(&[vec![1u64], vec![0, 2], vec![2], vec![0]]).expect("a graph");
    let svg = drawn(&graph, &[&[3], &[2, 2]], Some(1));
    let texts = crate::well_formed(&svg);
    assert!(texts.iter().any(|t| t == "DRAW"));
    assert!(texts.iter().any(|t| t.starts_with("∞(")), "{texts:?}");
    assert!(texts.iter().any(|t| t.contains("with cycles")));
    // Every move once, the loop included; two pieces on one position make one badge.
    assert_eq!(svg.matches("<path class=\"edge").count(), graph.edge_count());
    assert!(svg.contains(">●×2</text>"));
    // Each position has a place of its own.
    let y = heights(&svg);
    let x: Vec<&str> = svg
        .lines()
        .filter(|l| l.starts_with("<g class=\"node"))
        .filter_map(|l| l.split("cx=\"").nth(1)?.split('"').next())
        .collect();
    let places: std::collections::HashSet<String> =
        x.iter().zip(&y).map(|(x, y)| format!("{x},{y}")).collect();
    assert_eq!(places.len(), 4);
}

#[test]
fn a_large_graph_says_so_and_text_is_escaped() {
    let lists: Vec<Vec<u64>> = (0..=MAX_POSITIONS as u64)
        .map(|v| if v == 0 { vec![] } else { vec![v - 1] })
        .collect();
    let graph = Graph::from_lists(&lists).expect("a chain");
    let svg = drawn(&graph, &[], None);
    crate::well_formed(&svg);
    assert!(svg.contains("too many to draw"));
    assert_eq!(escape("a<b&c>"), "a&lt;b&amp;c&gt;");
    // A long chain at the limit is drawn, one layer per position.
    let lists: Vec<Vec<u64>> = (0..MAX_POSITIONS as u64)
        .map(|v| if v == 0 { vec![] } else { vec![v - 1] })
        .collect();
    let graph = Graph::from_lists(&lists).expect("a chain");
    let svg = drawn(&graph, &[&[149]], Some(0));
    crate::well_formed(&svg);
    let y = heights(&svg);
    assert!(y.windows(2).all(|w| w[0] > w[1]));
}

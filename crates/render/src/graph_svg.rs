//! A POJ 2425 test case drawn in SVG: its positions in layers, each labelled with its
//! number, its generalized Sprague-Grundy value and the outcome of one piece on it (`WIN`,
//! `LOSE`, `DRAW`, the player to move), the moves as arrows, and the queries: each one's
//! pieces and answer listed under the graph, the winning moves in red.
//!
//! The layout is layered (Sugiyama's scheme, simply): a depth-first search from position 0
//! up marks the moves that close a cycle; the other moves form an acyclic graph, and each
//! position's layer is its longest path down to a position without moves in it, so every
//! move of an acyclic graph points down and terminal positions sit at the bottom. A few
//! sweeps put each position near the mean place of its neighbours in the layer above and
//! below (fewer crossings). Moves that close a cycle go up or sideways and are drawn as
//! wide curves; a move of a position to itself is a small loop.
//!
//! With a query shown ([`GraphPicture::shown`]) its pieces are ringed (a badge counts
//! several pieces on one position) and its winning move alone is red; without one every
//! WIN query's move is red, labelled with the query numbers (as `--dot --moves`).
//!
//! Every node is a `<g class="node win|lose|draw" data-position="P">`, every move a
//! `<path class="edge" data-from="P" data-to="Q">` (`best` added for a winning move shown),
//! every query line a `<text class="query" data-query="K">`, so that a page can restyle and
//! script the drawing (the browser playground moves pieces on it in play mode). A graph of
//! more than [`MAX_POSITIONS`] positions gets a small picture that says it is too large.
//!
//! ```
//! use tabletop_grundy::strategy::Strategy;
//! use tabletop_grundy::Graph;
//! use tabletop_render::graph_svg::{write_graph_svg, GraphPicture, GraphQuery};
//! // 0 moves to 1 and 2, 1 moves to 2; 2 is terminal.
//! let graph = Graph::from_lists(&[vec![1u64, 2], vec![2], vec![]])?;
//! let values = graph.values();
//! let answer = Strategy::new(&graph, &values).answer(&[0])?;
//! let queries = [GraphQuery { pieces: &[0], answer }];
//! let picture = GraphPicture { case: 1, graph: &graph, values: &values, queries: &queries, shown: Some(0) };
//! let svg = tabletop_render::to_string(|out| write_graph_svg(out, &picture));
//! assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert!(svg.contains("<path class=\"edge best\" data-from=\"0\" data-to=\"2\""));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::{BTreeMap, HashSet};
use std::fmt::{self, Write};

use itertools::Itertools;
use tabletop_grundy::strategy::Answer;
use tabletop_grundy::{Graph, Outcome, Position, Values};

/// The most positions drawn.
pub const MAX_POSITIONS: usize = 150;

/// One query: its pieces and the engine's answer.
#[derive(Debug, Clone, Copy)]
pub struct GraphQuery<'a> {
    /// The positions the pieces stand on.
    pub pieces: &'a [Position],
    /// The outcome and the move to play.
    pub answer: Answer,
}

/// What to draw.
#[derive(Debug, Clone, Copy)]
pub struct GraphPicture<'a> {
    /// The test case's number (1-based), in the title.
    pub case: usize,
    /// The graph.
    pub graph: &'a Graph,
    /// Its values ([`Graph::values`]).
    pub values: &'a Values,
    /// Its queries, in input order.
    pub queries: &'a [GraphQuery<'a>],
    /// The query (0-based) whose pieces are ringed and whose move alone is red; `None`
    /// marks every WIN query's move.
    pub shown: Option<usize>,
}

const RADIUS: f64 = 28.0;
const GAP_X: f64 = 86.0;
const GAP_Y: f64 = 104.0;
const MARGIN: f64 = 56.0;
const TITLE: f64 = 34.0;
const QUERY_LINE: f64 = 18.0;
/// The most query lines listed (the rest are counted).
const MAX_LISTED: usize = 12;
const PLAIN: &str = "#56606b";
const BEST: &str = "#d62728";
const PIECE: &str = "#6c5ce7";

/// Each position's place `(x, y)` and the picture's size.
struct Layout {
    at: Vec<(f64, f64)>,
    width: f64,
    height: f64,
    /// Whether a move closes a cycle (`(from, to)` pairs).
    back: HashSet<(Position, Position)>,
}

/// The moves that close a cycle: found by an iterative depth-first search from each
/// position not yet seen, in order (an edge to a position still on the search's path).
fn back_edges(graph: &Graph) -> HashSet<(Position, Position)> {
    let n = graph.len();
    // 0 unseen, 1 on the path, 2 done.
    let mut state = vec![0u8; n];
    let mut back = HashSet::new();
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        let mut stack: Vec<(Position, usize)> = vec![(root as Position, 0)];
        state[root] = 1;
        while let Some(top) = stack.last_mut() {
            let (v, i) = *top;
            if let Some(&w) = graph.successors(v).get(i) {
                top.1 += 1;
                match state[w as usize] {
                    0 => {
                        state[w as usize] = 1;
                        stack.push((w, 0));
                    }
                    1 => {
                        back.insert((v, w));
                    }
                    _ => {}
                }
            } else {
                state[v as usize] = 2;
                stack.pop();
            }
        }
    }
    back
}

/// Each position's longest path down along the `forward` moves (which form no cycle), in
/// the post-order of an iterative search.
fn heights<I: Iterator<Item = Position>>(n: usize, forward: &impl Fn(Position) -> I) -> Vec<usize> {
    let mut height = vec![0usize; n];
    let mut done = vec![false; n];
    for root in 0..n {
        if done[root] {
            continue;
        }
        let mut stack: Vec<(Position, bool)> = vec![(root as Position, false)];
        while let Some((v, expanded)) = stack.pop() {
            if expanded {
                height[v as usize] = forward(v).map(|w| height[w as usize] + 1).max().unwrap_or(0);
                done[v as usize] = true;
                continue;
            }
            if done[v as usize] {
                continue;
            }
            stack.push((v, true));
            stack.extend(forward(v).filter(|&w| !done[w as usize]).map(|w| (w, false)));
        }
    }
    height
}

/// Layers by the longest path down to a position without forward moves, then ordered by
/// the mean place of the neighbours (two sweeps each way).
fn layout(graph: &Graph) -> Layout {
    let n = graph.len();
    let back = back_edges(graph);
    let closing = &back;
    let forward = |v: Position| {
        graph
            .successors(v)
            .iter()
            .copied()
            .filter(move |&w| !closing.contains(&(v, w)) && w != v)
    };
    let height = heights(n, &forward);
    let top = height.iter().copied().max().unwrap_or(0);
    let mut rows: Vec<Vec<Position>> = vec![Vec::new(); top + 1];
    for v in 0..n {
        rows[top - height[v]].push(v as Position);
    }
    let mut predecessors: Vec<Vec<Position>> = vec![Vec::new(); n];
    for v in 0..n as Position {
        for w in forward(v) {
            predecessors[w as usize].push(v);
        }
    }
    let mut place = vec![0.0f64; n];
    let settle = |rows: &Vec<Vec<Position>>, place: &mut Vec<f64>| {
        for row in rows {
            let middle = (row.len() as f64 - 1.0) / 2.0;
            for (i, &v) in row.iter().enumerate() {
                place[v as usize] = i as f64 - middle;
            }
        }
    };
    settle(&rows, &mut place);
    for sweep in 0..4 {
        let down = sweep % 2 == 0;
        let order: Vec<usize> = match down {
            true => (1..rows.len()).collect(),
            false => (0..rows.len().saturating_sub(1)).rev().collect(),
        };
        for r in order {
            let key = |v: Position| {
                let near: Vec<f64> = match down {
                    true => predecessors[v as usize]
                        .iter()
                        .map(|&u| place[u as usize])
                        .collect(),
                    false => forward(v).map(|w| place[w as usize]).collect(),
                };
                match near.is_empty() {
                    true => place[v as usize],
                    false => near.iter().sum::<f64>() / near.len() as f64,
                }
            };
            let mut keyed: Vec<(f64, Position)> = rows[r].iter().map(|&v| (key(v), v)).collect();
            keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            rows[r] = keyed.into_iter().map(|(_, v)| v).collect();
            let middle = (rows[r].len() as f64 - 1.0) / 2.0;
            for (i, &v) in rows[r].iter().enumerate() {
                place[v as usize] = i as f64 - middle;
            }
        }
    }
    let widest = rows.iter().map(Vec::len).max().unwrap_or(1);
    let width = (widest as f64 * GAP_X).max(360.0) + 2.0 * MARGIN;
    let mut at = vec![(0.0, 0.0); n];
    for (r, row) in rows.iter().enumerate() {
        for &v in row {
            at[v as usize] = (
                width / 2.0 + place[v as usize] * GAP_X,
                TITLE + MARGIN + r as f64 * GAP_Y,
            );
        }
    }
    let height = TITLE + 2.0 * MARGIN + (rows.len() as f64 - 1.0) * GAP_Y;
    Layout {
        at,
        width,
        height,
        back,
    }
}

/// Escapes text for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Writes the picture.
pub fn write_graph_svg<W: Write + ?Sized>(out: &mut W, picture: &GraphPicture<'_>) -> fmt::Result {
    let graph = picture.graph;
    if graph.len() > MAX_POSITIONS {
        return write_too_large(out, picture.case, graph.len());
    }
    let layout = layout(graph);
    let listed = picture.queries.len().min(MAX_LISTED) + usize::from(picture.queries.len() > MAX_LISTED);
    let legend_y = layout.height + 6.0;
    let height = legend_y + 44.0 + QUERY_LINE * listed as f64 + 10.0;
    // Wide enough for the title and the query lines too (about 7 pixels a character).
    let longest = query_lines(picture)
        .iter()
        .map(|line| line.chars().count())
        .chain([LEGEND[0].len(), LEGEND[1].len(), 60])
        .max()
        .unwrap_or(60);
    let width = layout.width.max(32.0 + 7.0 * longest as f64).ceil();
    let layout = Layout {
        at: layout
            .at
            .iter()
            .map(|&(x, y)| (x + (width - layout.width) / 2.0, y))
            .collect(),
        width,
        ..layout
    };
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
         font-family=\"sans-serif\" role=\"img\" aria-label=\"the graph of test case {}\">",
        picture.case
    )?;
    out.write_str("<defs>\n")?;
    for (name, colour) in [("plain", PLAIN), ("best", BEST), ("last", PIECE)] {
        writeln!(
            out,
            "<marker id=\"tt-head-{name}\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" \
             markerUnits=\"userSpaceOnUse\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{colour}\"/></marker>"
        )?;
    }
    out.write_str("</defs>\n")?;
    writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>"
    )?;
    let cyclic = match layout.back.is_empty() {
        true => "no cycles",
        false => "with cycles",
    };
    writeln!(
        out,
        "<text x=\"16\" y=\"24\" font-size=\"16\" font-weight=\"bold\">Test case {}: {} positions, {} moves, {cyclic}</text>",
        picture.case,
        graph.len(),
        graph.edge_count()
    )?;
    write_edges(out, picture, &layout)?;
    write_nodes(out, picture, &layout)?;
    write_queries(out, picture, legend_y)?;
    out.write_str("</svg>\n")
}

/// Which moves are red, and the queries that play each (1-based).
fn winning_moves(picture: &GraphPicture<'_>) -> BTreeMap<(Position, Position), Vec<usize>> {
    let mut moves: BTreeMap<(Position, Position), Vec<usize>> = BTreeMap::new();
    for (k, query) in picture.queries.iter().enumerate() {
        if picture.shown.is_some_and(|shown| shown != k) || query.answer.outcome != Outcome::Win {
            continue;
        }
        if let Some(play) = query.answer.play {
            moves.entry((play.from, play.to)).or_default().push(k + 1);
        }
    }
    moves
}

/// The moves: plain ones first, the red ones last (on top), each once however often listed.
fn write_edges<W: Write + ?Sized>(out: &mut W, picture: &GraphPicture<'_>, layout: &Layout) -> fmt::Result {
    let best = winning_moves(picture);
    let edges: Vec<(Position, Position)> = picture.graph.edges().unique().collect();
    let (red, plain): (Vec<_>, Vec<_>) = edges.into_iter().partition(|edge| best.contains_key(edge));
    let mut labels = String::new();
    for (v, w) in plain.into_iter().chain(red) {
        let (d, (lx, ly)) = edge_path(layout, v, w);
        let (class, colour, stroke, head) = match best.get(&(v, w)) {
            Some(_) => ("edge best", BEST, 3.5, "best"),
            None => ("edge", PLAIN, 1.4, "plain"),
        };
        writeln!(
            out,
            "<path class=\"{class}\" data-from=\"{v}\" data-to=\"{w}\" d=\"{d}\" fill=\"none\" stroke=\"{colour}\" \
             stroke-width=\"{stroke}\" marker-end=\"url(#tt-head-{head})\"/>"
        )?;
        if let (Some(queries), None) = (best.get(&(v, w)), picture.shown) {
            let _ = writeln!(
                labels,
                "<text class=\"edge-label\" x=\"{:.1}\" y=\"{ly:.1}\" font-size=\"12\" fill=\"{BEST}\" font-weight=\"bold\" \
                 stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">q{}</text>",
                lx + 5.0,
                queries.iter().join(",")
            );
        }
    }
    out.write_str(&labels)
}

/// The curve of move `v → w`, from the edge of one circle to the edge of the other, and the
/// point half-way along it (for a label).
fn edge_path(layout: &Layout, v: Position, w: Position) -> (String, (f64, f64)) {
    let (a, b) = (layout.at[v as usize], layout.at[w as usize]);
    if v == w {
        let (x, y) = a;
        let d = format!(
            "M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
            x + 10.0,
            y - RADIUS + 3.0,
            x + 34.0,
            y - RADIUS - 36.0,
            x + 50.0,
            y - 6.0,
            x + RADIUS - 1.0,
            y + 4.0
        );
        return (d, (x + 40.0, y - RADIUS - 12.0));
    }
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    let rows = dy / GAP_Y;
    let closing = layout.back.contains(&(v, w)) || dy.abs() < 1.0;
    // A move to the next layer is nearly straight. Others bow round the positions between:
    // the bend and the side that pass farthest from them (sampled along the curve), the
    // smaller bend when both clear them; moves that close a cycle bow at least a little, so
    // that v → w and w → v stay apart.
    let bends: &[f64] = match (closing, rows > 1.5) {
        (false, false) => &[0.06],
        (false, true) => &[0.1, 0.22, 0.4],
        (true, _) => &[0.3, 0.5, 0.75],
    };
    let control = |bend: f64, side: f64| {
        let bend = bend * length + if closing { 18.0 } else { 0.0 };
        (
            (a.0 + b.0) / 2.0 - uy * bend * side,
            (a.1 + b.1) / 2.0 + ux * bend * side,
        )
    };
    let at = |(cx, cy): (f64, f64), t: f64| {
        let (p, q, r) = ((1.0 - t) * (1.0 - t), 2.0 * t * (1.0 - t), t * t);
        (p * a.0 + q * cx + r * b.0, p * a.1 + q * cy + r * b.1)
    };
    let halfway = |c: (f64, f64)| at(c, 0.5);
    let clearance = |c: (f64, f64)| {
        let mut least = f64::INFINITY;
        for t in [0.2, 0.35, 0.5, 0.65, 0.8] {
            let (x, y) = at(c, t);
            if x < 4.0 || x > layout.width - 4.0 {
                return f64::NEG_INFINITY;
            }
            for (p, &(px, py)) in layout.at.iter().enumerate() {
                if p != v as usize && p != w as usize {
                    least = least.min((px - x).hypot(py - y));
                }
            }
        }
        least
    };
    let mut best = (f64::NEG_INFINITY, control(bends[0], 1.0));
    for &bend in bends {
        for side in [1.0, -1.0] {
            let c = control(bend, side);
            let clear = clearance(c).min(RADIUS + 10.0);
            if clear > best.0 {
                best = (clear, c);
            }
        }
    }
    let (mx, my) = best.1;
    let (sx, sy) = towards(a, (mx, my));
    let (ex, ey) = towards(b, (mx, my));
    (
        format!("M{sx:.1},{sy:.1} Q{mx:.1},{my:.1} {ex:.1},{ey:.1}"),
        halfway((mx, my)),
    )
}

/// The point on the circle round `centre` in the direction of `to`.
fn towards(centre: (f64, f64), to: (f64, f64)) -> (f64, f64) {
    let (dx, dy) = (to.0 - centre.0, to.1 - centre.1);
    let length = dx.hypot(dy).max(1.0);
    (centre.0 + dx / length * RADIUS, centre.1 + dy / length * RADIUS)
}

/// The positions: a circle coloured by outcome, the number, the value, the outcome; the
/// shown query's pieces ringed, with a badge.
fn write_nodes<W: Write + ?Sized>(out: &mut W, picture: &GraphPicture<'_>, layout: &Layout) -> fmt::Result {
    let mut pieces: BTreeMap<Position, usize> = BTreeMap::new();
    if let Some(query) = picture.shown.and_then(|k| picture.queries.get(k)) {
        for &p in query.pieces {
            *pieces.entry(p).or_default() += 1;
        }
    }
    for (v, value) in picture.values.iter().enumerate() {
        let position = v as Position;
        let outcome = picture.values.outcome(&[position]).unwrap_or(Outcome::Lose);
        let (fill, word) = match outcome {
            Outcome::Win => ("#d3f9d8", "WIN"),
            Outcome::Lose => ("#ffe3e3", "LOSE"),
            Outcome::Draw => ("#fff3bf", "DRAW"),
        };
        let count = pieces.get(&position).copied().unwrap_or(0);
        let (stroke, stroke_width, piece) = match count {
            0 => ("#1b1f24", 1.5, ""),
            _ => (PIECE, 4.0, " piece"),
        };
        let (x, y) = layout.at[v];
        let value = escape(&value.to_string());
        // Long values (∞(0,1,3)) shrink to stay inside their circle.
        let size = (2.0 * RADIUS - 6.0) / (0.62 * value.chars().count() as f64);
        let size = size.clamp(7.0, 13.0);
        writeln!(
            out,
            "<g class=\"node {}{piece}\" data-position=\"{v}\"><title>position {v}: value {value}, {word}</title>\
             <circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{RADIUS}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{stroke_width}\"/>\
             <text class=\"number\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"14\" font-weight=\"bold\" text-anchor=\"middle\">{v}</text>\
             <text class=\"value\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{size:.1}\" text-anchor=\"middle\">{value}</text>\
             <text class=\"outcome\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"9\" text-anchor=\"middle\" fill=\"#444\">{word}</text>\
             <text class=\"badge\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"15\" font-weight=\"bold\" fill=\"{PIECE}\">{}</text></g>",
            word.to_lowercase(),
            y - 8.0,
            y + 6.0,
            y + 17.0,
            x + RADIUS + 3.0,
            y - RADIUS + 6.0,
            badge(count)
        )?;
    }
    Ok(())
}

/// The badge of `count` pieces on one position: nothing, `●`, or `●×3`.
pub fn badge(count: usize) -> String {
    match count {
        0 => String::new(),
        1 => "●".into(),
        n => format!("●×{n}"),
    }
}

/// What the picture's two lines under the graph say.
const LEGEND: [&str; 2] = [
    "Each position: its number, its value, the outcome of one piece there (player to move).",
    "Ringed: the pieces of the query shown; red: the winning move; curved up: a move closing a cycle.",
];

/// Each query's line: pieces, answer, the move to play (the answer word apart, coloured).
fn query_lines(picture: &GraphPicture<'_>) -> Vec<String> {
    picture
        .queries
        .iter()
        .take(MAX_LISTED)
        .enumerate()
        .map(|(k, query)| {
            format!(
                "query {}: pieces on {} → {}{}",
                k + 1,
                query.pieces.iter().join(" "),
                query.answer.outcome.as_str(),
                play_text(query)
            )
        })
        .collect()
}

/// `: move piece 1 from 0 to 2`, or how to keep the draw, or nothing.
fn play_text(query: &GraphQuery<'_>) -> String {
    match query.answer.play {
        Some(m) if query.answer.outcome == Outcome::Win => {
            format!(": move piece {} from {} to {}", m.piece + 1, m.from, m.to)
        }
        Some(m) => format!(
            ": keep the draw by piece {} from {} to {}",
            m.piece + 1,
            m.from,
            m.to
        ),
        None => String::new(),
    }
}

/// The queries under the graph: pieces, answer, the move to play.
fn write_queries<W: Write + ?Sized>(out: &mut W, picture: &GraphPicture<'_>, top: f64) -> fmt::Result {
    for (k, line) in LEGEND.iter().enumerate() {
        writeln!(
            out,
            "<text x=\"16\" y=\"{:.1}\" font-size=\"12\" fill=\"#444\">{line}</text>",
            top + 12.0 + 16.0 * k as f64
        )?;
    }
    let top = top + 18.0;
    for (k, query) in picture.queries.iter().take(MAX_LISTED).enumerate() {
        let play = play_text(query);
        let shown = picture.shown == Some(k);
        let colour = match query.answer.outcome {
            Outcome::Win => "#1a7f37",
            Outcome::Lose => "#b42318",
            Outcome::Draw => "#8a5a00",
        };
        writeln!(
            out,
            "<text class=\"query{}\" data-query=\"{}\" x=\"16\" y=\"{:.1}\" font-size=\"13\"{}>query {}: pieces on {} → \
             <tspan fill=\"{colour}\" font-weight=\"bold\">{}</tspan>{play}</text>",
            if shown { " shown" } else { "" },
            k + 1,
            top + 30.0 + QUERY_LINE * k as f64,
            if shown { " font-weight=\"bold\"" } else { "" },
            k + 1,
            query.pieces.iter().join(" "),
            query.answer.outcome.as_str()
        )?;
    }
    if picture.queries.len() > MAX_LISTED {
        writeln!(
            out,
            "<text x=\"16\" y=\"{:.1}\" font-size=\"13\" fill=\"#444\">… and {} more queries</text>",
            top + 30.0 + QUERY_LINE * MAX_LISTED as f64,
            picture.queries.len() - MAX_LISTED
        )?;
    }
    Ok(())
}

/// A small picture that says the graph is too large to draw.
fn write_too_large<W: Write + ?Sized>(out: &mut W, case: usize, positions: usize) -> fmt::Result {
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"560\" height=\"60\" font-family=\"sans-serif\">\n\
         <rect width=\"560\" height=\"60\" fill=\"white\"/>\n\
         <text x=\"16\" y=\"36\" font-size=\"14\">Test case {case} has {positions} positions: too many to draw (at most {MAX_POSITIONS}).</text>\n\
         </svg>"
    )
}

#[cfg(test)]
mod tests;

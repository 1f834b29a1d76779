//! `tabletop grundy` against a typical accepted POJ 2425 solution (scanf, recursive DFS with a
//! mex array, `g++ -O2`) and a fast-I/O one (one `fread`, CSR, iterative DFS, one `fwrite`) on
//! the judge's "huge input" (complete DAGs and many queries) and on the worst case for cycles.

use super::{Lineup, Pair, Reference};
use tabletop_stress::rng::Rng;

/// Positions per test case (the judge's limit).
const POSITIONS: usize = 1000;
/// Test cases in the file.
const CASES: usize = 10;
/// Queries per test case.
const QUERIES: usize = 100_000;
/// Most pieces in a query (the judge's limit).
const MOST_PIECES: u64 = 10;

const SCANF: Reference = reference!("grundy_dfs");

const FAST: Reference = reference!("grundy_fast");

/// This game's side-by-side comparisons: the judge's huge input, and the worst case for
/// cycles (the C++ programs, which cannot do cycles, answer its acyclic twin).
pub fn lineups() -> Vec<Lineup> {
    let input = complete_dags(0x2425);
    let megabytes = input.len() as f64 / 1e6;
    let cyclic = worst_case(WORST_N, true);
    let cyclic_megabytes = cyclic.len() as f64 / 1e6;
    vec![
        Lineup {
            game: "grundy",
            name: "grundy-complete-dags".into(),
            description: format!(
                "{CASES} complete DAGs on {POSITIONS} positions (499,500 moves each), {CASES} x {QUERIES} \
                 queries of 1..{MOST_PIECES} pieces, {megabytes:.1} MB"
            ),
            input,
            reference_input: None,
            scanf: Some(SCANF),
            fast: FAST,
            goal: 0.5,
            memory_goal: Some(2.0),
        },
        Lineup {
            game: "grundy",
            name: "grundy-cycles-vs-twin".into(),
            description: format!(
                "worst case for cycles, n = {WORST_N}, {cyclic_megabytes:.1} MB; the C++ programs answer \
                 its acyclic twin (the move c2 -> c removed)"
            ),
            input: cyclic.clone(),
            reference_input: Some(worst_case(WORST_N, false)),
            scanf: None,
            fast: FAST,
            goal: 0.6,
            memory_goal: None,
        },
        Lineup {
            game: "grundy",
            name: "grundy-cycles-spelled-vs-twin".into(),
            description: format!(
                "the same worst case for cycles with a space at the end of every third line \
                 ({cyclic_megabytes:.1} MB); the C++ programs answer its plain acyclic twin"
            ),
            input: trailing_space_every(&cyclic, 3),
            reference_input: Some(worst_case(WORST_N, false)),
            scanf: None,
            fast: FAST,
            goal: 1.0,
            memory_goal: None,
        },
    ]
}

/// `text` with a space before every `every`-th newline (sloppy generators leave some).
fn trailing_space_every(text: &[u8], every: usize) -> Vec<u8> {
    let mut spelled = Vec::with_capacity(text.len() + text.len() / 16);
    for (index, line) in text.split_inclusive(|&b| b == b'\n').enumerate() {
        match line.strip_suffix(b"\n") {
            Some(line) if index % every == every - 1 => {
                spelled.extend_from_slice(line);
                spelled.extend_from_slice(b" \n");
            }
            _ => spelled.extend_from_slice(line),
        }
    }
    spelled
}

/// Ten test cases, each a complete DAG on 1000 positions (a move from every position to every
/// later one in a random order of the positions, listed in increasing position order) and
/// 100,000 queries of 1 to 10 random pieces.
fn complete_dags(seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut text = String::with_capacity(45_000_000);
    for _ in 0..CASES {
        // rank[p]: where position p stands in the hidden topological order.
        let mut order: Vec<usize> = (0..POSITIONS).collect();
        for i in (1..POSITIONS).rev() {
            order.swap(i, rng.range(0, i as u64) as usize);
        }
        let mut rank = vec![0; POSITIONS];
        for (at, &position) in order.iter().enumerate() {
            rank[position] = at;
        }
        text.push_str(&format!("{POSITIONS}\n"));
        for p in 0..POSITIONS {
            let later = POSITIONS - 1 - rank[p];
            text.push_str(&later.to_string());
            for q in (0..POSITIONS).filter(|&q| rank[q] > rank[p]) {
                text.push(' ');
                text.push_str(&q.to_string());
            }
            text.push('\n');
        }
        for _ in 0..QUERIES {
            let pieces = rng.range(1, MOST_PIECES);
            text.push_str(&pieces.to_string());
            for _ in 0..pieces {
                text.push(' ');
                text.push_str(&rng.below(POSITIONS as u64).to_string());
            }
            text.push('\n');
        }
        text.push_str("0\n");
    }
    text.into_bytes()
}

/// Positions per chain in the worst case for cycles (`n` of [`worst_case`]).
const WORST_N: u64 = 3000;

/// The same-binary comparisons: the judge's huge input with `\r\n` line ends and with a
/// trailing space on every line against its plain spelling (judge data made on Windows or
/// by sloppy generators), and the worst case for the generalized values (a graph with one
/// 2-cycle that every `D` position reaches) against the same file with the 2-cycle removed.
pub fn pairs() -> Vec<Pair> {
    let plain = complete_dags(0x2425);
    let megabytes = plain.len() as f64 / 1e6;
    let spellings = [
        ("grundy-crlf", "`\\r\\n` line ends", &b"\r\n"[..]),
        (
            "grundy-trailing-space",
            "a space at the end of every line",
            b" \n",
        ),
    ];
    let mut pairs: Vec<Pair> = spellings
        .into_iter()
        .map(|(name, spelling, line_end)| Pair {
            game: "grundy",
            name: name.into(),
            description: format!(
                "the judge's huge input ({megabytes:.1} MB) with {spelling}; baseline: its plain spelling"
            ),
            args: Vec::new(),
            input: respelled(&plain, line_end),
            baseline: plain.clone(),
            goal: 1.1,
        })
        .collect();
    let cyclic = worst_case(WORST_N, true);
    let megabytes = cyclic.len() as f64 / 1e6;
    pairs.push(Pair {
        game: "grundy",
        name: "grundy-cycles-worst".into(),
        description: format!(
            "worst case for cycles, n = {WORST_N} (D, E chains, hub c, 2-cycle c <-> c2), {megabytes:.1} MB; \
             baseline: the same file without the move c2 -> c (acyclic)"
        ),
        args: Vec::new(),
        input: cyclic,
        baseline: worst_case(WORST_N, false),
        goal: 3.0,
    });
    pairs
}

/// `text` with every newline spelled `line_end`.
fn respelled(text: &[u8], line_end: &[u8]) -> Vec<u8> {
    let mut spelled = Vec::with_capacity(text.len() + text.len() / 8);
    for line in text.split_inclusive(|&b| b == b'\n') {
        match line.strip_suffix(b"\n") {
            Some(line) => {
                spelled.extend_from_slice(line);
                spelled.extend_from_slice(line_end);
            }
            None => spelled.extend_from_slice(line),
        }
    }
    spelled
}

/// The worst case for the round-by-round labelling, one test case: positions
/// `D_i = i`, `E_i = n + i`, `c = 2n`, `c2 = 2n + 1`; `D_i` moves to every `D_j` (`j < i`)
/// and to `c`; `E_i` to every `E_j` (`j < i`); `c` to every `E_i` and to `c2`; with
/// `cycle`, `c2` moves back to `c`. Queries: `D(n-1)`, `D(n-2)`, `c`, and the three together.
pub fn worst_case(n: u64, cycle: bool) -> Vec<u8> {
    use std::fmt::Write;
    let (e, c, c2) = (n, 2 * n, 2 * n + 1);
    let mut text = String::with_capacity((n * n * 10) as usize);
    let _ = writeln!(text, "{}", 2 * n + 2);
    let line = |text: &mut String, moves: &mut dyn Iterator<Item = u64>, count: u64| {
        let _ = write!(text, "{count}");
        for to in moves {
            let _ = write!(text, " {to}");
        }
        text.push('\n');
    };
    for i in 0..n {
        line(&mut text, &mut (0..i).chain([c]), i + 1);
    }
    for i in 0..n {
        line(&mut text, &mut (e..e + i), i);
    }
    line(&mut text, &mut (e..e + n).chain([c2]), n + 1);
    if cycle {
        line(&mut text, &mut [c].into_iter(), 1);
    } else {
        line(&mut text, &mut std::iter::empty(), 0);
    }
    let _ = writeln!(
        text,
        "1 {}\n1 {}\n1 {c}\n3 {} {} {c}\n0",
        n - 1,
        n - 2,
        n - 1,
        n - 2
    );
    text.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_respelling_changes_only_the_line_ends() {
        assert_eq!(respelled(b"1 2\n\n0\n", b"\r\n"), b"1 2\r\n\r\n0\r\n");
        assert_eq!(respelled(b"1 2\n0", b" \n"), b"1 2 \n0");
    }

    #[test]
    fn some_lines_gain_a_trailing_space() {
        assert_eq!(trailing_space_every(b"1\n2\n3\n4", 2), b"1\n2 \n3\n4");
    }

    #[test]
    fn the_worst_case_is_the_documented_graph() {
        let text = String::from_utf8(worst_case(3, true)).unwrap_or_default();
        assert_eq!(
            text,
            "8\n1 6\n2 0 6\n3 0 1 6\n0\n1 3\n2 3 4\n4 3 4 5 7\n1 6\n1 2\n1 1\n1 6\n3 2 1 6\n0\n"
        );
        let acyclic = String::from_utf8(worst_case(3, false)).unwrap_or_default();
        assert_eq!(acyclic.replace("\n0\n1 2\n", "\n1 6\n1 2\n"), text);
    }
}

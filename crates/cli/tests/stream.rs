//! `tabletop grundy` reads its input a test case at a time, in blocks: test cases larger than
//! a block, and blocks ending anywhere inside a test case, must read exactly as the whole file.

mod common;

use common::Output;

use common::tabletop_reading_all;

fn grundy(input: &[u8]) -> Output {
    tabletop_reading_all(&["grundy"], input)
}

/// A test case of `n` positions (each moves to the next few) and `queries` queries, about
/// `queries * 8` bytes of queries: the four test cases together cross several reads.
fn test_case(n: usize, queries: usize, seed: usize) -> String {
    let mut text = format!("{n}\n");
    for position in 0..n {
        let moves: Vec<String> = (position + 1..n.min(position + 1 + (position + seed) % 4))
            .map(|m| m.to_string())
            .collect();
        text += &format!("{} {}\n", moves.len(), moves.join(" "));
    }
    for query in 0..queries {
        let pieces: Vec<String> = (0..1 + (query + seed) % 3)
            .map(|k| ((query * 7 + k * 13 + seed) % n).to_string())
            .collect();
        text += &format!("{} {}\n", pieces.len(), pieces.join(" "));
        if query % 1000 == 999 {
            text.push('\n');
        }
    }
    text + "0\n"
}

#[test]
fn large_test_cases_read_as_each_alone() {
    let cases: Vec<String> = (0..4)
        .map(|seed| test_case(50 + seed, 60_000 + 30_000 * seed, seed))
        .collect();
    let whole = grundy(cases.concat().as_bytes());
    assert!(
        whole.status.success(),
        "{}",
        String::from_utf8_lossy(&whole.stderr)
    );
    let mut alone = Vec::new();
    for case in &cases {
        let output = grundy(case.as_bytes());
        assert!(output.status.success());
        alone.extend_from_slice(&output.stdout);
    }
    assert_eq!(whole.stdout, alone);
    assert!(whole.stdout.len() > 4 * 60_000 * 4, "every query is answered");
}

#[test]
fn an_error_deep_in_a_later_test_case_is_located_in_the_whole_input() {
    let first = test_case(40, 120_000, 1);
    let lines_before = first.matches('\n').count();
    let input = format!("{first}3\n1 1\n0\n0\n1 0\n2 1 9\n0\n");
    let output = grundy(input.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let line = lines_before + 6;
    assert!(
        stderr.starts_with(&format!(
            "error: <stdin>:{line}:5: piece position 9 is outside 0..2"
        )),
        "{stderr}"
    );
    assert!(stderr.contains(&format!("{line} │ 2 1 9")), "{stderr}");
}

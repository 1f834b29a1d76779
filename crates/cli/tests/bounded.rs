//! Streams that could grow without bound are written as they are produced: a long trace
//! never piles up in memory.

mod common;

use std::time::Duration;

use tabletop_stress::run::{Command, Output};

/// `tabletop ARGS` under an address-space limit of `kib` KiB (through `sh`'s `ulimit`).
fn tabletop_limited(kib: u64, args: &str, input: &[u8]) -> Output {
    let script = format!("ulimit -v {kib}; exec {} {args}", common::TABLETOP);
    Command::new("sh", ["-c", script.as_str()])
        .timeout(Duration::from_secs(300))
        .max_output(128 << 20)
        .run(input)
        .expect("sh runs")
}

/// 8,000 games of about 200 throws each: a trace of about 70 MB, written under an
/// address-space limit below that (the whole trace held in memory needed more).
#[test]
fn a_long_chutes_trace_is_streamed_not_held() {
    let throws = vec!["1"; 999].join(" ");
    let mut input = format!("{throws} 0\n");
    for _ in 0..8_000 {
        input.push_str("2\n0 0\n0\n");
    }
    input.push_str("0\n");
    let output = tabletop_limited(40_000, "chutes --trace 2>/dev/null", input.as_bytes());
    assert!(output.status.success(), "{}", output.status);
    let answers = output.stdout_text();
    assert_eq!(answers.lines().count(), 8_000);
    assert!(
        answers.lines().all(|line| line == "1"),
        "player 1 reaches 100 first"
    );
}

/// A 猪国杀 game of 2,000,000 cards that can never end: a trace of about 50 MB, written under
/// an address-space limit that the held events (about 200 MB) did not fit in; then the
/// never-ending game is reported, located at the repeated card.
#[test]
fn a_never_ending_pigs_trace_is_streamed_not_held() {
    let cards = 2_000_000;
    let mut input = format!("2 {cards}\nMP D D D D\nFP D D D D\n");
    input.push_str(&vec!["D"; cards].join(" "));
    input.push('\n');
    let output = tabletop_limited(80_000, "pigs --trace", input.as_bytes());
    assert_eq!(output.status.code(), Some(2), "{}", output.status);
    assert!(output.stdout.is_empty());
    let stderr = output.stderr_text();
    assert!(stderr.starts_with("turn 1: pig 1 (MP) draws D D; hand: D D D D D D\n"));
    let report = stderr.rfind("error: <stdin>:4:").map(|at| &stderr[at..]);
    assert!(
        report.is_some_and(|r| r.contains("the game can never end")),
        "{:?}",
        stderr.lines().last()
    );
}

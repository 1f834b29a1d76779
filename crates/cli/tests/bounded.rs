//! Streams that could grow without bound are written as they are produced: a long trace
//! never piles up in memory.

use std::io::Write;
use std::process::{Command, Stdio};

/// 8,000 games of about 200 throws each: a trace of about 50 MB, written under an
/// address-space limit below that (the whole trace held in memory needed more).
#[test]
fn a_long_chutes_trace_is_streamed_not_held() {
    let throws = vec!["1"; 999].join(" ");
    let mut input = format!("{throws} 0\n");
    for _ in 0..8_000 {
        input.push_str("2\n0 0\n0\n");
    }
    input.push_str("0\n");
    let script = format!(
        "ulimit -v 40000; exec {} chutes --trace 2>/dev/null",
        env!("CARGO_BIN_EXE_tabletop")
    );
    let mut child = Command::new("sh")
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stdin = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("the command ends");
    writer.join().expect("the writer ends").expect("stdin is read");
    assert!(output.status.success(), "{:?}", output.status);
    let answers = String::from_utf8(output.stdout).expect("text");
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
    let script = format!(
        "ulimit -v 80000; exec {} pigs --trace",
        env!("CARGO_BIN_EXE_tabletop")
    );
    let mut child = Command::new("sh")
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stdin = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("the command ends");
    writer.join().expect("the writer ends").expect("stdin is read");
    assert_eq!(output.status.code(), Some(2), "{:?}", output.status);
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("turn 1: pig 1 (MP) draws D D; hand: D D D D D D\n"));
    let report = stderr.rfind("error: <stdin>:4:").map(|at| &stderr[at..]);
    assert!(
        report.is_some_and(|r| r.contains("the game can never end")),
        "{}",
        &stderr[stderr.len().saturating_sub(500)..]
    );
}

//! The `tabletop` binary as a user runs it: arguments, stdin, exit codes, error format.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const SAMPLE: &str = "3 6 3 2 5 1 3 4 2 3 1 2 0\n2\n6 95\n99 1\n0 0\n-3\n98\n0\n2\n3 99\n6 90\n0 0\n0\n0\n";

fn tabletop(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabletop starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    pipe.write_all(stdin.as_bytes()).expect("stdin takes the input");
    drop(pipe);
    child.wait_with_output().expect("tabletop finishes")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn reads_stdin_without_a_file_or_with_a_dash() {
    for args in [&["chutes"][..], &["chutes", "-"][..]] {
        let output = tabletop(args, SAMPLE);
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert_eq!(text(&output.stdout), "2\n2\n");
        assert!(output.stderr.is_empty());
    }
}

#[test]
fn reads_a_file() {
    let path = std::env::temp_dir().join(format!("tabletop-cli-{}.in", std::process::id()));
    std::fs::write(&path, SAMPLE).unwrap();
    let output = tabletop(&["chutes", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).ok();
    assert_eq!(text(&output.stdout), "2\n2\n");
}

#[test]
fn invalid_input_exits_2_with_a_located_error_and_no_stdout() {
    // The first game is fine; the second is broken: nothing at all goes to stdout.
    let input = "1 2 3 4 5 6 0\n2\n6 99\n0 0\n0\n2\n5 9\n9 5\n0 0\n0\n0\n";
    let output = tabletop(&["chutes"], input);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = text(&output.stderr);
    let first = stderr.lines().next().unwrap();
    assert_eq!(first, "error: <stdin>:8:1: jumps loop forever: 5 -> 9 -> 5");
    // The snippet shows the line and underlines it.
    assert!(stderr.contains("8 │ 9 5"), "{stderr}");
    assert!(stderr.contains("│ ^^^"), "{stderr}");
}

#[test]
fn a_missing_file_is_an_io_error() {
    let output = tabletop(&["chutes", "/nonexistent/tabletop.in"], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(text(&output.stderr).starts_with("error: /nonexistent/tabletop.in: "));
}

#[test]
fn non_utf8_input_is_reported_not_panicked() {
    let output = tabletop(&["chutes"], "1 \u{fffd}\u{fffd} 0\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).starts_with("error: <stdin>:1:3: expected a die throw"));
}

#[test]
fn help_explains_usage() {
    let output = tabletop(&["--help"], "");
    assert!(output.status.success());
    let help = text(&output.stdout);
    for command in ["chutes", "snakes", "grundy", "pigs"] {
        assert!(help.contains(command), "{help}");
    }
    let output = tabletop(&["chutes", "--help"], "");
    assert!(text(&output.stdout).contains("Usage: tabletop chutes [OPTIONS] [FILE]"));
}

#[test]
fn unknown_subcommands_are_usage_errors() {
    let output = tabletop(&["checkers"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
}

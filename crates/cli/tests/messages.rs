//! What the command line says about the input itself, beside the answer.

mod common;

use std::time::Duration;

use common::TABLETOP;
use tabletop_stress::run::{Command, Output};

fn tabletop(args: &[&str], input: &[u8]) -> Output {
    Command::new(TABLETOP, args.iter().copied())
        .timeout(Duration::from_secs(300))
        .run(input)
        .expect("tabletop runs")
}

#[test]
fn a_byte_order_mark_is_skipped_with_one_note() {
    let output = tabletop(&["snakes"], b"\xEF\xBB\xBF6 1 3\n35 25\n3 23 5 16 20 33\n");
    assert!(output.status.success());
    assert_eq!(output.stdout, b"3\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr,
        "note: <stdin>: skipped the UTF-8 byte-order mark at the start of the input\n"
    );
}

#[test]
fn no_control_byte_of_the_input_reaches_the_terminal() {
    for game in ["chutes", "snakes", "grundy", "pigs", "odds"] {
        let output = tabletop(&[game], b"\x1b]0;title\x07 \x1b[2J\n\x00\x01\x02 5\n");
        assert_eq!(output.status.code(), Some(2), "{game}");
        assert!(output.stdout.is_empty());
        let controls = output.stderr.iter().filter(|&&b| b < 0x20 && b != b'\n').count();
        assert_eq!(controls, 0, "{game}: {}", String::from_utf8_lossy(&output.stderr));
    }
}

#[test]
fn an_empty_input_is_an_error_for_every_game() {
    for game in ["chutes", "snakes", "grundy", "pigs", "odds"] {
        let output = tabletop(&[game], b"");
        assert_eq!(output.status.code(), Some(2), "{game}");
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with("error: <stdin>:1:1: the input is empty: expected "),
            "{game}: {stderr}"
        );
    }
}

/// A person typing the input at a terminal is told that standard input is being read (the
/// terminal is a pseudo-terminal made by util-linux's `script`).
#[test]
fn a_terminal_on_stdin_is_told_the_input_is_read_from_it() {
    let command = format!("{TABLETOP} snakes");
    let output = tabletop_via(
        "script",
        &["-q", "-c", &command, "/dev/null"],
        b"6 1 3\n35 25\n3 23 5 16 20 33\n\x04",
    );
    let screen = String::from_utf8_lossy(&output.stdout).replace('\r', "");
    assert!(
        screen.contains("note: reading the input from standard input (end it with Ctrl-D, or give a FILE)\n"),
        "{screen}"
    );
    assert!(screen.ends_with("\n3\n"), "{screen}");
    // Without a terminal, nothing is said.
    let piped = tabletop(&["snakes"], b"6 1 3\n35 25\n3 23 5 16 20 33\n");
    assert!(piped.stderr.is_empty());
}

fn tabletop_via(program: &str, args: &[&str], input: &[u8]) -> Output {
    Command::new(program, args.iter().copied())
        .timeout(Duration::from_secs(300))
        .run(input)
        .expect("util-linux's script runs")
}

//! `tabletop octal` as a user runs it: the code as an argument, from standard input, and the
//! error format for a code given on the command line.

mod common;

use common::{tabletop_reading_all, text};

#[test]
fn the_code_can_be_an_argument_or_come_from_stdin() {
    let expected = "0 1 2 3 1 4 3 2 1 4 2\n";
    let output = tabletop_reading_all(&["octal", "0.77", "--heaps", "10"], b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), expected);
    for args in [&["octal"][..], &["octal", "--file", "-"][..]] {
        let output = tabletop_reading_all(args, b"0.77 10\n");
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert_eq!(text(&output.stdout), expected);
    }
}

#[test]
fn a_bad_code_argument_is_located_in_the_argument() {
    for (code, located) in [
        (
            "0.8",
            "error: <code>:1:3: expected an octal digit 0..7, found `8`",
        ),
        (
            "0.",
            "error: <code>:1:3: expected a digit after the point, found end of input",
        ),
        (
            ".7",
            "error: <code>:1:1: expected an octal code such as `0.77`, found `.7`",
        ),
        (
            "0.7q",
            "error: <code>:1:4: expected an octal digit 0..7, found `q`",
        ),
        (
            "",
            "error: <code>:1:1: expected an octal code such as `0.77`, found end of input",
        ),
    ] {
        let output = tabletop_reading_all(&["octal", code], b"");
        assert_eq!(output.status.code(), Some(2), "{code:?}");
        assert!(output.stdout.is_empty());
        let stderr = text(&output.stderr);
        assert!(stderr.starts_with(located), "{code:?}: {stderr}");
    }
}

#[test]
fn a_query_gives_the_outcome_and_a_move_that_wins() {
    let output = tabletop_reading_all(
        &["octal", "0.07", "--query", "9 4", "--period", "--heaps", "200"],
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        "WIN\nheap 2 (4 tokens): take 2, leave 1 and 1\nperiod 34 preperiod 53\n"
    );
}

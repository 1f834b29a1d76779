//! The `tabletop` binary as a user runs it: arguments, stdin, exit codes, error format.

mod common;

use common::{tabletop, text};
use tabletop_stress::run::Command;

const SAMPLE: &str = "3 6 3 2 5 1 3 4 2 3 1 2 0\n2\n6 95\n99 1\n0 0\n-3\n98\n0\n2\n3 99\n6 90\n0 0\n0\n0\n";

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
    let about = help.lines().next().unwrap_or_default();
    for command in ["chutes", "snakes", "grundy", "pigs", "odds", "octal"] {
        assert!(about.contains(command), "the first line names {command}: {help}");
        assert!(help.contains(&format!("\n  {command} ")), "{help}");
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

/// The help of every judge command is wrapped by hand the same way (clap prints `after_help`
/// as written) and points at the rules inside the repository.
#[test]
fn judge_help_texts_are_wrapped_alike_and_point_at_docs() {
    for command in ["chutes", "snakes", "grundy", "pigs"] {
        let output = tabletop(&[command, "--help"], "");
        assert!(output.status.success());
        let help = text(&output.stdout);
        for line in help.lines() {
            assert!(line.chars().count() <= 90, "{command} --help: {line:?}");
        }
        assert!(help.contains(&format!("docs/rules/{command}.md")), "{help}");
    }
}

const GRUNDY_TWO_CASES: &str =
    "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";

#[test]
fn grundy_dot_draws_every_case_in_one_graph() {
    let output = tabletop(&["grundy", "--dot"], GRUNDY_TWO_CASES);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let dot = text(&output.stdout);
    assert_eq!(dot.matches("digraph").count(), 1, "{dot}");
    assert!(dot.contains("  subgraph cluster_1 {\n") && dot.contains("  subgraph cluster_2 {\n"));
    assert!(dot.contains("    c2_0 -> c2_1;\n"), "{dot}");
}

#[test]
fn grundy_case_shows_one_case_or_says_it_is_out_of_range() {
    let answers = tabletop(&["grundy", "--case", "2"], GRUNDY_TWO_CASES);
    assert_eq!(text(&answers.stdout), "WIN\nLOSE\nWIN\n");
    let values = tabletop(&["grundy", "--values", "--case", "1"], GRUNDY_TWO_CASES);
    assert_eq!(text(&values.stdout), "2 0 1 0\n");
    let dot = tabletop(&["grundy", "--dot", "--case", "2"], GRUNDY_TWO_CASES);
    let dot = text(&dot.stdout);
    assert!(
        dot.contains("subgraph cluster_2 {") && !dot.contains("cluster_1"),
        "{dot}"
    );

    let missing = tabletop(&["grundy", "--case", "3"], GRUNDY_TWO_CASES);
    assert_eq!(missing.status.code(), Some(2));
    assert!(missing.stdout.is_empty());
    assert_eq!(
        text(&missing.stderr),
        "error: <stdin>: --case 3 is out of range: the input has 2 test cases\n"
    );
    let zero = tabletop(&["grundy", "--case", "0"], GRUNDY_TWO_CASES);
    assert_eq!(zero.status.code(), Some(2));
    assert!(text(&zero.stderr).contains("test cases are numbered from 1"));
}

#[test]
fn grundy_ascii_alone_is_a_usage_error() {
    let alone = tabletop(&["grundy", "--ascii"], GRUNDY_TWO_CASES);
    assert_eq!(alone.status.code(), Some(2));
    assert!(alone.stdout.is_empty());
    assert!(
        text(&alone.stderr).contains("--values|--dot"),
        "{}",
        text(&alone.stderr)
    );
    for with in ["--values", "--dot"] {
        let output = tabletop(&["grundy", "--ascii", with], "1\n1 0\n0\n");
        assert!(output.status.success(), "{with}: {}", text(&output.stderr));
        assert!(text(&output.stdout).contains("inf()"), "{with}");
    }
}

/// The trace on stderr is the README's walk through the sample game, stdout the judge's answer.
#[test]
fn pigs_trace_goes_to_stderr() {
    let input = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n";
    let plain = tabletop(&["pigs"], input);
    let traced = tabletop(&["pigs", "--trace"], input);
    assert!(traced.status.success());
    assert_eq!(traced.stdout, plain.stdout);
    assert_eq!(text(&plain.stdout), "FP\nDEAD\nDEAD\nJ J J J J J D\n");
    let trace = text(&traced.stderr);
    assert!(
        trace.starts_with("turn 1: pig 1 (MP) draws F F; hand: D D F F F F\n"),
        "{trace}"
    );
    assert!(trace.ends_with("game over: FP wins, because the MP was killed by pig 3 (FP)\n"));
    assert_eq!(trace.lines().count(), 30);
}

/// The README's pipeline on a multi-case input: Graphviz draws one picture with one cluster
/// per test case. Where Graphviz is not installed the test says so and checks nothing more.
#[test]
fn grundy_dot_output_renders_with_graphviz() {
    // `dot -V` runs wherever `dot` is on the PATH; only a failure to start it means it is
    // missing (any other error is a real failure, reported below).
    match std::process::Command::new("dot").arg("-V").output() {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("skipped: Graphviz `dot` is not on the PATH ({error})");
            return;
        }
        Err(error) => panic!("`dot -V` could not be started: {error}"),
        Ok(version) => assert!(version.status.success(), "`dot -V` failed: {version:?}"),
    }
    let graph = tabletop(&["grundy", "--dot"], GRUNDY_TWO_CASES);
    assert!(graph.status.success());
    let svg = Command::new("dot", ["-Tsvg"])
        .timeout(std::time::Duration::from_secs(60))
        .run(&graph.stdout)
        .expect("`dot -V` ran, so `dot` starts");
    assert!(svg.status.success(), "{}", text(&svg.stderr));
    let svg = text(&svg.stdout);
    assert_eq!(svg.matches("<svg").count(), 1);
    assert_eq!(svg.matches("class=\"cluster\"").count(), 2);
}

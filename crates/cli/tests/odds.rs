//! `tabletop odds` as a user runs it: `--svg -` and the note on stderr when the distribution
//! is out of the work budget's reach (the JSON keys are checked by `docs/json.md`'s example,
//! in `repository.rs`).

mod common;

use common::{tabletop_in, text};

/// A fresh empty directory for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletop-odds-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

#[test]
fn svg_dash_writes_the_chart_to_stdout_not_to_a_file() {
    let dir = scratch("svg");
    let output = tabletop_in(&["odds", "--svg", "-"], "squares 1\n", &dir);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let svg = text(&output.stdout);
    assert!(
        svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
        "{svg}"
    );
    assert!(!dir.join("-").exists(), "a file named `-` was written");
    // With a real path the summary still goes to stdout and the chart to the file.
    let output = tabletop_in(&["odds", "--svg", "chart.svg"], "squares 1\n", &dir);
    assert!(output.status.success());
    assert!(text(&output.stdout).starts_with("board: goal 1"));
    assert!(std::fs::read_to_string(dir.join("chart.svg"))
        .unwrap()
        .starts_with("<svg"));
    // Both to stdout is refused.
    let output = tabletop_in(&["odds", "--svg", "-", "--json"], "squares 1\n", &dir);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_too_long_to_tabulate_is_answered_with_a_note() {
    // A coin, and every even square chutes back to 0: about 4.4e12 turns on average.
    let mut board = String::from("squares 81\ndie 2\n");
    for s in (2..=80).step_by(2) {
        board.push_str(&format!("chute {s} 0\n"));
    }
    let dir = scratch("long");
    let output = tabletop_in(&["odds", "--players", "2"], &board, &dir);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.contains("expected turns: 4398046511102\n"), "{stdout}");
    assert!(!stdout.contains("median"));
    let note = text(&output.stderr);
    assert!(
        note.starts_with("note: the distribution was not tabulated"),
        "{note}"
    );
    assert!(
        note.contains("left out: the median, the percentiles and the distribution, the race"),
        "{note}"
    );
    // A chart of that distribution cannot be drawn: refused, with the estimate, no file.
    let chart = dir.join("length.svg");
    let output = tabletop_in(&["odds", "--svg", chart.to_str().unwrap()], &board, &dir);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(output.stdout.is_empty());
    let error = text(&output.stderr);
    assert!(error.contains(":1:1: the chart needs the distribution of the game length, which is beyond the work budget: about 4.398e12 turns"), "{error}");
    assert!(!chart.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The estimated steps in `tabletop odds --exact`'s refusal: `about N steps in all`.
fn estimated_steps(refusal: &str) -> u64 {
    let (_, after) = refusal
        .split_once("steps in all")
        .map(|(before, _)| before.rsplit_once("about ").expect("`about N`"))
        .expect("the refusal gives the estimate");
    after.trim().parse().expect("a number of steps")
}

#[test]
fn a_budget_lets_the_exact_fraction_run_from_its_estimate_on() {
    let dir = scratch("budget");
    let board = "squares 2000\n";
    // One step of budget: refused with the estimate, naming the options.
    let output = tabletop_in(&["odds", "--exact", "--budget", "1"], board, &dir);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(output.stdout.is_empty());
    let refusal = text(&output.stderr);
    assert!(refusal.contains("more than the limit of 1 steps"), "{refusal}");
    assert!(
        refusal.contains("`--budget STEPS`") && refusal.contains("`--no-limit`"),
        "{refusal}"
    );
    let steps = estimated_steps(&refusal);
    // Just below the estimate: still refused; at it: the fraction, the same as unlimited.
    let below = (steps - 1).to_string();
    let output = tabletop_in(&["odds", "--exact", "--budget", &below], board, &dir);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains(&format!("about {steps} steps")));
    let at = steps.to_string();
    let within = tabletop_in(&["odds", "--exact", "--budget", &at], board, &dir);
    assert!(within.status.success(), "{}", text(&within.stderr));
    assert!(
        text(&within.stdout).contains("expected turns (exact): "),
        "{}",
        text(&within.stdout)
    );
    let unlimited = tabletop_in(&["odds", "--exact", "--no-limit"], board, &dir);
    assert!(unlimited.status.success(), "{}", text(&unlimited.stderr));
    assert_eq!(unlimited.stdout, within.stdout);
    // Without `--exact` there is nothing to budget; both at once make no sense.
    for args in [
        &["odds", "--budget", "5"][..],
        &["odds", "--exact", "--budget", "5", "--no-limit"],
    ] {
        let output = tabletop_in(args, board, &dir);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_applications_limits_are_refused_naming_the_options() {
    let dir = scratch("limits");
    let many = vec!["50"; 101].join(",");
    for (args, said) in [
        (
            vec!["odds", "--players", "1001"],
            "--players must be in 1..=1000, got 1001",
        ),
        (
            vec!["odds", "--players", "-3"],
            "--players must be in 1..=1000, got -3",
        ),
        (
            vec!["odds", "--percentiles", many.as_str()],
            "--percentiles: 101 given, at most 100 are reported",
        ),
        (vec!["odds", "--percentiles", "abc"], "`abc` is not a number"),
    ] {
        let output = tabletop_in(&args, "squares 10\n", &dir);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = text(&output.stderr);
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty());
    }
    let output = tabletop_in(
        &["odds", "--percentiles", &vec!["50"; 100].join(",")],
        "squares 10\n",
        &dir,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

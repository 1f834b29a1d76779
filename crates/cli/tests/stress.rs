//! `tabletop gen` and `tabletop stress` end to end: wrong solutions (Python scripts in
//! `tests/wrong/`, each with one rule broken) are found and their failing inputs shrunk to
//! 1-minimal ones; tabletop itself passes thousands of runs; timeouts, crashes, flaky
//! programs and usage errors are reported as such.

mod common;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use common::{text, Output, TABLETOP};
use tabletop_stress::answer::{answer, answer_input};
use tabletop_stress::gen::Spec;
use tabletop_stress::input::Input;
use tabletop_stress::run::{self, verdict, Failure};
use tabletop_stress::shrink::removals;
use tabletop_stress::{stress, Config, Game, Size};

fn tabletop(args: &[&str]) -> Output {
    common::tabletop(args, "")
}

/// The Python interpreter itself (not a shim that takes a while to start), run with `-S`.
fn python() -> &'static str {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let find = run::Command::new("python3", ["-c", "import sys; print(sys.executable)"]);
        let out = find.run(b"").expect("python3 is needed for the wrong solutions");
        out.stdout_text().trim().to_string()
    })
}

fn script(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/wrong")
        .join(name)
        .display()
        .to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir.join(name)
}

fn script_command(name: &str, honest: bool) -> run::Command {
    let mut args = vec!["-S".to_string(), script(name)];
    if honest {
        args.push("--honest".into());
    }
    run::Command::new(python(), args).timeout(Duration::from_secs(20))
}

/// The verdict of `command` on `input` (`None`: accepted).
fn judge(command: &run::Command, input: &Input) -> Option<Failure> {
    let expected = answer_input(input).expect("a valid input");
    let output = command
        .run(input.render().as_bytes())
        .expect("the child process runs");
    verdict(&expected, &output)
}

/// `stress` finds the wrong solution, reports it, saves a minimal input on which the script
/// fails (and passes with the rule restored), and that input is 1-minimal: every single-unit
/// removal is invalid or no longer a wrong answer. The typed minimal input comes from the
/// same stress test through the library (deterministic: the same input as the command's).
fn finds_and_shrinks(game: Game, name: &str) {
    let save = scratch(&format!("{name}.in"));
    let _ = std::fs::remove_file(&save);
    let out = tabletop(&[
        "stress",
        game.name(),
        "--runs",
        "300",
        "--size",
        "tiny",
        "--jobs",
        "2",
        "--save",
        save.to_str().expect("the temporary path is UTF-8"),
        "--",
        python(),
        "-S",
        &script(name),
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.starts_with("FAILED: run "), "{report}");
    assert!(report.contains("(wrong answer)"), "{report}");
    assert!(report.contains("--- first difference: line "), "{report}");
    let text = std::fs::read_to_string(&save).expect("stress saved the failing input");
    assert!(report.contains(&format!("--- minimal input\n{text}")), "{report}");
    let wrong = script_command(name, false);
    let config = Config {
        spec: Spec {
            game,
            size: Size::Tiny,
            cycles: false,
        },
        runs: 300,
        seed: 1,
        jobs: 2,
        command: wrong.clone(),
        shrink_time: Duration::from_secs(600),
        progress: false,
    };
    let minimal = stress(&config)
        .expect("the stress test runs")
        .expect_err("the wrong program fails")
        .minimal;
    assert_eq!(minimal.render(), text);
    assert_eq!(judge(&wrong, &minimal), Some(Failure::WrongAnswer), "{text}");
    assert_eq!(judge(&script_command(name, true), &minimal), None, "{text}");
    for smaller in removals(&minimal) {
        if smaller.cases() > 0 && answer_input(&smaller).is_ok() {
            assert_eq!(
                judge(&wrong, &smaller),
                None,
                "not 1-minimal: {}",
                smaller.render()
            );
        }
    }
}

#[test]
fn finds_a_chutes_overshoot_that_moves() {
    finds_and_shrinks(Game::Chutes, "chutes_overshoot.py");
}

#[test]
fn finds_a_snakes_chain_not_followed() {
    finds_and_shrinks(Game::Snakes, "snakes_no_chain.py");
}

#[test]
fn finds_a_mex_off_by_one() {
    finds_and_shrinks(Game::Grundy, "grundy_mex.py");
}

#[test]
fn finds_an_mp_that_keeps_its_hand_after_killing_a_zp() {
    finds_and_shrinks(Game::Pigs, "pigs_keeps_hand.py");
}

/// tabletop agrees with itself on 1,000 tiny inputs of every game (and on graphs with cycles).
#[test]
fn tabletop_passes_its_own_stress_test() {
    for (game, cycles) in [
        ("chutes", false),
        ("snakes", false),
        ("grundy", false),
        ("grundy", true),
        ("pigs", false),
    ] {
        let mut args = vec!["stress", game, "--runs", "1000", "--size", "tiny", "--jobs", "2"];
        if cycles {
            args.push("--cycles");
        }
        args.extend(["--", TABLETOP, game]);
        let out = tabletop(&args);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{stdout}");
        assert!(stdout.starts_with("ok: 1000 runs of `tabletop gen "), "{stdout}");
        assert_eq!(stdout.lines().count(), 1);
    }
}

/// A program that never answers fails by timeout and shrinks to a smallest valid input; one
/// that crashes is reported with its exit status.
#[test]
fn timeouts_and_crashes_are_failures_of_their_own() {
    let out = tabletop(&[
        "stress",
        "grundy",
        "--size",
        "tiny",
        "--runs",
        "5",
        "--timeout",
        "0.2",
        "--jobs",
        "2",
        "--",
        "sleep",
        "5",
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("(time limit exceeded)"), "{report}");
    // The smallest valid input: one position, no query.
    assert!(report.contains("--- minimal input\n1\n0\n0\n---"), "{report}");
    assert!(report.contains("--- time limit: 0.200 s"), "{report}");
    let out = tabletop(&[
        "stress",
        "snakes",
        "--runs",
        "3",
        "--",
        "sh",
        "-c",
        "echo boom >&2; exit 3",
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("(runtime error (exit status 3))"), "{report}");
    assert!(report.contains("--- its stderr\nboom\n"), "{report}");
    // The smallest valid snakes input is one 1x1 board.
    assert!(report.contains("--- minimal input\n1 0 0\n---"), "{report}");
}

/// A failure that does not happen again on the same input is reported as not reproducing.
#[test]
fn a_flaky_failure_is_reported_as_such() {
    let flag = scratch("flaky-flag");
    let _ = std::fs::remove_file(&flag);
    let script = format!(
        "if [ -e '{}' ]; then exec '{TABLETOP}' grundy; else touch '{}'; cat >/dev/null; echo WRONG; fi",
        flag.display(),
        flag.display()
    );
    let out = tabletop(&[
        "stress", "grundy", "--runs", "1", "--jobs", "1", "--", "sh", "-c", &script,
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("does not reproduce"), "{report}");
    assert!(report.contains("got `WRONG`"), "{report}");
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["stress", "grundy"][..],
        &["stress", "chess", "--", "cat"],
        &["stress", "pigs", "--cycles", "--", "cat"],
        &["stress", "pigs", "--timeout", "0", "--", "cat"],
        &["stress", "pigs", "--", "/nonexistent/program"],
        &["gen", "snakes", "--size", "huge"],
        &["gen", "snakes", "--cycles"],
        &["stress", "pigs", "--runs", "0", "--", "cat"],
        &["stress", "pigs", "--max-output", "0", "--", "cat"],
        &["stress", "pigs", "--max-output", "lots", "--", "cat"],
    ] {
        let out = tabletop(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// A command typed without `--` is refused with the line to type instead.
#[test]
fn a_command_without_the_double_dash_gets_a_hint() {
    let out = tabletop(&["stress", "snakes", "--runs", "3", "python3", "-S", "sol.py"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("goes after `--`")
            && stderr.contains("tabletop stress snakes [OPTIONS] -- python3 -S sol.py"),
        "{stderr}"
    );
    let none = tabletop(&["stress", "snakes"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(
        text(&none.stderr).contains("goes after `--`"),
        "{}",
        text(&none.stderr)
    );
}

/// A program that prints without end is stopped at the cap and reported as printing too
/// much, not read into memory.
#[test]
fn endless_output_is_reported_as_too_much_output() {
    let out = tabletop(&[
        "stress",
        "chutes",
        "--runs",
        "1",
        "--size",
        "tiny",
        "--jobs",
        "2",
        "--max-output",
        "64K",
        "--",
        "yes",
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("(output limit exceeded)"), "{report}");
    assert!(report.contains("--- output limit: 65536 bytes"), "{report}");
    assert!(report.contains("more bytes not shown]"), "{report}");
}

/// A big input shrinks (the shrinker builds one candidate at a time) to the smallest input
/// with a query, for a program that prints nothing.
#[test]
fn a_big_input_shrinks() {
    let out = tabletop(&[
        "stress", "grundy", "--runs", "1", "--size", "big", "--jobs", "2", "--", "true",
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains("--- minimal input\n1\n0\n1 0\n0\n---"),
        "{report}"
    );
}

/// An input that cannot be shrunk is said to be minimal already.
#[test]
fn an_already_minimal_input_is_said_to_be() {
    // Seed 10 of tiny snakes is the smallest input there is: one 1x1 board.
    assert_eq!(
        text(&tabletop(&["gen", "snakes", "--size", "tiny", "--seed", "10"]).stdout),
        "1 0 0\n"
    );
    let out = tabletop(&[
        "stress", "snakes", "--size", "tiny", "--seed", "10", "--runs", "1", "--", "sh", "-c", "exit 3",
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains("\nalready minimal (6 bytes): nothing could be removed"),
        "{report}"
    );
    assert!(!report.contains("shrunk from"), "{report}");
}

/// A correct program that leaves a background child holding its stdout passes: it is judged
/// on what it wrote by the time it exited.
#[test]
fn a_background_child_holding_stdout_does_not_fail_a_correct_program() {
    let script = "\"$0\" grundy; sleep 3 &";
    let out = tabletop(&[
        "stress", "grundy", "--runs", "4", "--size", "tiny", "--jobs", "2", "--", "sh", "-c", script,
        TABLETOP,
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(report.starts_with("ok: 4 runs"), "{report}");
}

/// A report that cannot be written is an I/O error (exit 1, said on stderr), like every other
/// command's output.
#[test]
fn a_report_that_cannot_be_written_is_an_error() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let script = "\"$0\" stress chutes --runs 2 --size tiny -- \"$0\" chutes > /dev/full";
    let out = run::Command::new("sh", ["-c", script, TABLETOP])
        .timeout(Duration::from_secs(300))
        .run(b"")
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", out.stderr_text());
    assert!(
        out.stderr_text().contains("No space left on device"),
        "{}",
        out.stderr_text()
    );
}

/// `gen` is deterministic per seed and its inputs are answered by the game's command.
#[test]
fn gen_prints_valid_inputs_deterministically() {
    for game in Game::ALL {
        for size in ["tiny", "judge", "big"] {
            let first = tabletop(&["gen", game.name(), "--seed", "11", "--size", size]);
            assert_eq!(first.status.code(), Some(0));
            assert_eq!(
                first.stdout,
                tabletop(&["gen", game.name(), "--seed", "11", "--size", size]).stdout
            );
            let expected = answer(game, &first.stdout).expect("valid");
            let file = scratch(&format!("gen-{game}-{size}.in"));
            std::fs::write(&file, &first.stdout).unwrap();
            let answered = tabletop(&[game.name(), file.to_str().unwrap()]);
            assert_eq!(text(&answered.stdout), expected);
        }
    }
}

//! `tabletop gen` and `tabletop stress` end to end: wrong solutions (Python scripts in
//! `tests/wrong/`, each with one rule broken) are found and their failing inputs shrunk to
//! 1-minimal ones; tabletop itself passes thousands of runs; timeouts, crashes, flaky
//! programs and usage errors are reported as such.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::time::Duration;

use tabletop_stress::answer::{answer, answer_input};
use tabletop_stress::input::Input;
use tabletop_stress::run::{self, verdict, Failure};
use tabletop_stress::shrink::removals;
use tabletop_stress::Game;

const TABLETOP: &str = env!("CARGO_BIN_EXE_tabletop");

fn tabletop(args: &[&str]) -> Output {
    Command::new(TABLETOP).args(args).output().expect("tabletop runs")
}

/// The Python interpreter itself (not a shim that takes a while to start), run with `-S`.
fn python() -> &'static str {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let out = Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("python3 is needed for the wrong solutions");
        String::from_utf8(out.stdout)
            .expect("the output is UTF-8")
            .trim()
            .to_string()
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
    run::Command {
        program: python().to_string(),
        args,
        timeout: Duration::from_secs(20),
    }
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
/// removal is invalid or no longer a wrong answer.
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
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.starts_with("FAILED: run "), "{report}");
    assert!(report.contains("(wrong answer)"), "{report}");
    assert!(report.contains("--- first difference: line "), "{report}");
    let text = std::fs::read_to_string(&save).expect("stress saved the failing input");
    assert!(report.contains(&format!("--- minimal input\n{text}")), "{report}");
    let minimal = Input::read(game, &text).expect("the saved input reads back");
    assert_eq!(minimal.render(), text);
    let wrong = script_command(name, false);
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
        let stdout = String::from_utf8_lossy(&out.stdout);
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
    let report = String::from_utf8_lossy(&out.stdout);
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
    let report = String::from_utf8_lossy(&out.stdout);
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
    let report = String::from_utf8_lossy(&out.stdout);
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
    ] {
        let out = tabletop(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// `gen` is deterministic per seed and its inputs are answered by the game's command.
#[test]
fn gen_prints_valid_inputs_deterministically() {
    for game in Game::ALL {
        for size in ["tiny", "judge"] {
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
            assert_eq!(String::from_utf8_lossy(&answered.stdout), expected);
        }
    }
}

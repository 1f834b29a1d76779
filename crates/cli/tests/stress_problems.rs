//! `tabletop stress --gen ... --ref ...` and `--problem PKG` on problems of our own
//! (`tests/problems/`, each with a planted bug): caught, shrunk to a small input the
//! validator accepts; floats printed differently pass with `--float`, another correct answer
//! with `--checker`; crashes, time limits and too much output are named; a failing
//! generator, validator or reference is the setup's fault (exit 2).
#![cfg(unix)]

mod common;

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use common::{text, TABLETOP};
use tabletop_stress::run::{Command, Output, Status};

/// Far above any of these runs in a debug build on a loaded machine: reaching it is a hang.
const TIME_LIMIT: Duration = Duration::from_secs(600);

fn problems() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/problems")
}

/// A `PATH` with the Python interpreter's own folder first (not a version manager's shim,
/// which takes a while to start each of the hundreds of runs).
fn path() -> &'static str {
    static PATH: OnceLock<String> = OnceLock::new();
    PATH.get_or_init(|| {
        let find = Command::new("python3", ["-c", "import sys; print(sys.executable)"]);
        let python = find
            .run(b"")
            .expect("python3 is needed for these problems")
            .stdout_text();
        let folder = Path::new(python.trim())
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        format!(
            "{}:{}",
            folder.display(),
            std::env::var("PATH").unwrap_or_default()
        )
    })
}

/// `tabletop stress ARGS` in the problems' folder.
fn stress(args: &[&str]) -> Output {
    stress_in(&problems(), args)
}

/// One stress test at a time: each runs two jobs already.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Runs are given a time limit far above what they take (the default 2 s could be reached
/// on a loaded machine), except where a test sets its own.
fn stress_in(dir: &Path, args: &[&str]) -> Output {
    let mut words = vec!["stress", "--jobs", "2"];
    if !args.contains(&"--timeout") {
        words.extend(["--timeout", "60"]);
    }
    words.extend(args);
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let command = Command::new(TABLETOP, words)
        .timeout(TIME_LIMIT)
        .current_dir(dir)
        .env("PATH", path())
        .env("NO_COLOR", "1");
    let output = command.run(b"").expect("tabletop starts");
    assert_ne!(output.status, Status::TimedOut, "tabletop {args:?} hangs");
    output
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("stress_problems")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The report's minimal input (between `--- minimal input` and the next `---`).
fn minimal(report: &str) -> String {
    let start = report.find("--- minimal input\n").expect("a minimal input") + "--- minimal input\n".len();
    let rest = &report[start..];
    rest[..rest.find("\n---").map_or(rest.len(), |end| end + 1)].to_string()
}

/// The number of candidates probed, from the report's shrinking line.
fn probes(report: &str) -> usize {
    let words: Vec<&str> = report.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| *w == "candidates")
        .expect("a shrinking line");
    words[at - 1].parse().expect("a count")
}

fn accepted_by(validator: &[&str], input: &str, code: i32) {
    let run = Command::new(validator[0], validator[1..].iter().copied())
        .current_dir(problems())
        .env("PATH", path())
        .timeout(TIME_LIMIT)
        .run(input.as_bytes())
        .expect("the validator starts");
    assert_eq!(
        run.status,
        Status::Exited(code),
        "{input:?}: {}",
        run.stderr_text()
    );
}

fn failed(output: &Output, kind: &str) -> String {
    let report = text(&output.stdout);
    assert_eq!(
        output.status,
        Status::Exited(1),
        "{report}\n{}",
        text(&output.stderr)
    );
    assert!(report.contains(&format!("({kind})")), "{report}");
    report
}

const MAXSUB: [&str; 6] = [
    "--gen",
    "python3 maxsub/gen.py",
    "--ref",
    "python3 maxsub/brute.py",
    "--validator",
    "python3 maxsub/validate.py",
];

#[test]
fn maximum_subarray_started_at_zero_shrinks_to_one_negative_number() {
    let save = scratch("maxsub").join("min.txt");
    let save_arg = save.display().to_string();
    let mut args = MAXSUB.to_vec();
    args.extend([
        "--runs",
        "200",
        "--save",
        &save_arg,
        "--",
        "python3",
        "maxsub/from_zero.py",
    ]);
    let report = failed(&stress(&args), "wrong answer");
    assert_eq!(minimal(&report), "1\n-1\n", "{report}");
    assert!(
        report.contains("--- first difference: line 1: expected `-1`, got `0`"),
        "{report}"
    );
    let saved = std::fs::read_to_string(&save).expect("the saved input");
    assert_eq!(saved, "1\n-1\n");
    accepted_by(&["python3", "maxsub/validate.py"], &saved, 0);
}

#[test]
fn the_reference_against_itself_passes() {
    let mut args = MAXSUB.to_vec();
    args.extend(["--runs", "10", "--", "python3", "maxsub/brute.py"]);
    let output = stress(&args);
    let report = text(&output.stdout);
    assert_eq!(
        output.status,
        Status::Exited(0),
        "{report}{}",
        text(&output.stderr)
    );
    assert!(
        report.starts_with(
            "ok: 10 runs of `python3 maxsub/gen.py` (seeds 1..) agree with `python3 maxsub/brute.py`"
        ),
        "{report}"
    );
}

/// A program that fails on every input shrinks to the smallest valid input in a few probes:
/// large chunks first, and no candidate probed twice.
#[test]
fn a_crash_on_every_input_shrinks_quickly_and_is_named() {
    let mut args = MAXSUB.to_vec();
    args.extend(["--", "python3", "-c", "raise SystemExit(3)"]);
    let report = failed(&stress(&args), "runtime error (exit status 3)");
    assert_eq!(minimal(&report), "1\n0\n", "{report}");
    assert!(probes(&report) <= 40, "{report}");
}

#[test]
fn a_time_limit_is_named_and_shrunk() {
    let mut args = MAXSUB.to_vec();
    args.extend(["--timeout", "1", "--", "sleep", "60"]);
    let report = failed(&stress(&args), "time limit exceeded");
    assert_eq!(minimal(&report), "1\n0\n", "{report}");
    assert!(probes(&report) <= 40, "{report}");
    assert!(report.contains("--- time limit: 1.000 s"), "{report}");
}

#[test]
fn too_much_output_is_named() {
    let mut args = MAXSUB.to_vec();
    args.extend(["--max-output", "1K", "--", "yes"]);
    let report = failed(&stress(&args), "output limit exceeded");
    assert_eq!(minimal(&report), "1\n0\n", "{report}");
}

#[test]
fn floats_printed_differently_pass_with_float() {
    let exact = [
        "--gen",
        "python3 mean/generators/gen.py",
        "--ref",
        "python3 mean/submissions/accepted/exact.py",
    ];
    let mut args = exact.to_vec();
    args.extend([
        "--runs",
        "20",
        "--float",
        "1e-6",
        "--",
        "python3",
        "mean/submissions/accepted/fixed.py",
    ]);
    let output = stress(&args);
    assert_eq!(
        output.status,
        Status::Exited(0),
        "{}{}",
        text(&output.stdout),
        text(&output.stderr)
    );
    // Compared as text, the two correct programs differ.
    let mut args = exact.to_vec();
    args.extend([
        "--runs",
        "20",
        "--",
        "python3",
        "mean/submissions/accepted/fixed.py",
    ]);
    failed(&stress(&args), "wrong answer");
    let mut args = exact.to_vec();
    args.extend([
        "--runs",
        "50",
        "--float",
        "1e-6",
        "--",
        "python3",
        "mean/submissions/wrong_answer/floor.py",
    ]);
    let report = failed(&stress(&args), "wrong answer");
    assert!(report.contains("first difference: token 1:"), "{report}");
    assert!(minimal(&report).len() <= 6, "{report}");
}

#[test]
fn a_legacy_package_reads_its_float_tolerance() {
    let package = ["--problem", "mean", "--gen", "python3 mean/generators/gen.py"];
    let mut args = package.to_vec();
    args.extend([
        "--runs",
        "20",
        "--",
        "python3",
        "mean/submissions/accepted/fixed.py",
    ]);
    let output = stress(&args);
    assert_eq!(
        output.status,
        Status::Exited(0),
        "{}{}",
        text(&output.stdout),
        text(&output.stderr)
    );
    let mut args = package.to_vec();
    args.extend([
        "--runs",
        "50",
        "--",
        "python3",
        "mean/submissions/wrong_answer/floor.py",
    ]);
    let report = failed(&stress(&args), "wrong answer");
    let input = minimal(&report);
    assert!(input.len() <= 6, "{report}");
    accepted_by(&["python3", "mean/input_validators/validate.py"], &input, 42);
}

#[test]
fn another_correct_answer_passes_with_a_checker() {
    let base = [
        "--gen",
        "python3 divisor/generators/gen.py",
        "--ref",
        "python3 divisor/submissions/accepted/smallest.py",
    ];
    let mut args = base.to_vec();
    args.extend([
        "--runs",
        "20",
        "--checker",
        "python3 divisor/checker.py",
        "--",
        "python3",
        "divisor/submissions/accepted/largest.py",
    ]);
    let output = stress(&args);
    assert_eq!(
        output.status,
        Status::Exited(0),
        "{}{}",
        text(&output.stdout),
        text(&output.stderr)
    );
    let mut args = base.to_vec();
    args.extend([
        "--runs",
        "20",
        "--",
        "python3",
        "divisor/submissions/accepted/largest.py",
    ]);
    failed(&stress(&args), "wrong answer");
    let mut args = base.to_vec();
    args.extend([
        "--checker",
        "python3 divisor/checker.py",
        "--validator",
        "python3 divisor/input_validators/validate.py",
    ]);
    args.extend(["--", "python3", "divisor/submissions/wrong_answer/no_primes.py"]);
    let report = failed(&stress(&args), "wrong answer");
    assert_eq!(minimal(&report), "2\n", "{report}");
    assert!(
        report.contains("the checker says: 1 is not a divisor of 2 above 1"),
        "{report}"
    );
}

#[test]
fn a_package_with_an_output_validator() {
    let args = [
        "--problem",
        "divisor",
        "--gen",
        "python3 divisor/generators/gen.py",
        "--",
        "python3",
        "divisor/submissions/wrong_answer/no_primes.py",
    ];
    let report = failed(&stress(&args), "wrong answer");
    assert_eq!(minimal(&report), "2\n", "{report}");
    let args = [
        "--problem",
        "divisor",
        "--gen",
        "python3 divisor/generators/gen.py",
        "--runs",
        "20",
        "--",
        "python3",
        "divisor/submissions/accepted/smallest.py",
    ];
    let output = stress(&args);
    assert_eq!(
        output.status,
        Status::Exited(0),
        "{}{}",
        text(&output.stdout),
        text(&output.stderr)
    );
}

/// The 2025-09 package: a C++ reference compiled once, a folder as input validator, and the
/// minimal case added to the package.
#[test]
fn a_package_gets_its_minimal_case_added() {
    let copy = scratch("inversions");
    let copied = Command::new(
        "cp",
        [
            "-R",
            &problems().join("inversions").display().to_string(),
            &copy.display().to_string(),
        ],
    )
    .run(b"")
    .expect("cp starts");
    assert!(copied.status.success());
    let package = copy.join("inversions");
    let (package_arg, gen) = (
        package.display().to_string(),
        format!("python3 {}/generators/gen.py", package.display()),
    );
    let wrong = package
        .join("submissions/wrong_answer/ties.py")
        .display()
        .to_string();
    let args = [
        "--problem",
        &package_arg,
        "--gen",
        &gen,
        "--add-case",
        "tie",
        "--",
        "python3",
        &wrong,
    ];
    let report = failed(&stress(&args), "wrong answer");
    assert_eq!(minimal(&report), "2\n0 0\n", "{report}");
    let secret = package.join("data/secret");
    assert_eq!(
        std::fs::read_to_string(secret.join("tie.in")).unwrap(),
        "2\n0 0\n"
    );
    assert_eq!(std::fs::read_to_string(secret.join("tie.ans")).unwrap(), "0\n");
    accepted_by(
        &["python3", "inversions/input_validators/validate/validate.py"],
        "2\n0 0\n",
        42,
    );
    // A second case of the same name is refused, the first kept.
    let again = stress(&args);
    assert_eq!(again.status, Status::Exited(2));
    assert!(
        text(&again.stderr).contains("tie.in: already exists"),
        "{}",
        text(&again.stderr)
    );
}

fn setup_error(args: &[&str], says: &str) {
    let output = stress(args);
    let stderr = text(&output.stderr);
    assert_eq!(
        output.status,
        Status::Exited(2),
        "{}{stderr}",
        text(&output.stdout)
    );
    assert!(output.stdout.is_empty());
    assert!(stderr.starts_with("error: ") && stderr.contains(says), "{stderr}");
}

#[test]
fn a_failing_generator_reference_or_validator_is_a_setup_error() {
    let solution = ["--", "python3", "maxsub/from_zero.py"];
    let with =
        |extra: &[&'static str]| -> Vec<&'static str> { extra.iter().chain(&solution).copied().collect() };
    setup_error(
        &with(&["--gen", "sh -c 'exit 3' gen", "--ref", "python3 maxsub/brute.py"]),
        "the generator `sh -c 'exit 3' gen 1` failed for seed 1: exit status 3",
    );
    setup_error(
        &with(&["--gen", "python3 maxsub/gen.py", "--ref", "python3 -c 'raise SystemExit(\"no\")'"]),
        "the reference `python3 -c 'raise SystemExit(\"no\")'` failed on the input of seed 1: exit status 1: no",
    );
    setup_error(
        &with(&[
            "--gen",
            "python3 maxsub/gen.py",
            "--ref",
            "python3 maxsub/brute.py",
            "--validator",
            "python3 -c 'raise SystemExit(1)'",
        ]),
        "rejects the input of seed 1",
    );
    setup_error(
        &with(&[
            "--gen",
            "python3 maxsub/gen.py",
            "--ref",
            "python3 maxsub/brute.py",
            "--checker",
            "sh -c 'exit 3' checker",
        ]),
        "the checker `sh -c 'exit 3' checker` failed: exit status 3",
    );
    setup_error(
        &with(&["--gen", "python3 maxsub/gen.py"]),
        "--gen needs a reference",
    );
    setup_error(
        &with(&["--gen", "python3 'maxsub/gen.py", "--ref", "x"]),
        "a quote or a backslash is not closed",
    );
    setup_error(
        &with(&["--gen", "no-such-generator-anywhere", "--ref", "x"]),
        "cannot run `no-such-generator-anywhere 1`",
    );
    setup_error(
        &[
            "--gen",
            "python3 maxsub/gen.py",
            "--ref",
            "python3 maxsub/brute.py",
        ],
        "no SOLUTION given",
    );
    setup_error(
        &with(&["--problem", "no-such-package", "--gen", "x"]),
        "not a folder",
    );
}

/// The guessing game with a testlib interactor (`guess/`): `--interactor` and a validator.
const GUESS: [&str; 6] = [
    "--gen",
    "python3 guess/gen.py",
    "--validator",
    "python3 guess/validate.py",
    "--interactor",
    "python3 guess/interactor.py",
];

/// The report's dialogue lines (`>` and `<`).
fn dialogue(report: &str) -> Vec<&str> {
    report
        .lines()
        .filter(|line| line.starts_with("> ") || line.starts_with("< "))
        .collect()
}

#[test]
fn an_interactive_off_by_one_shrinks_to_the_smallest_game_with_its_dialogue() {
    let save = scratch("guess").join("min.txt");
    let save_arg = save.display().to_string();
    let mut args = GUESS.to_vec();
    args.extend([
        "--runs",
        "100",
        "--save",
        &save_arg,
        "--",
        "python3",
        "guess/off_by_one.py",
    ]);
    let report = failed(&stress(&args), "wrong answer");
    assert_eq!(minimal(&report), "2 2\n", "{report}");
    assert_eq!(dialogue(&report), ["> 2", "< ! 1"], "{report}");
    assert!(
        report.contains("--- the interactor says: answered 1, the number is 2"),
        "{report}"
    );
    assert!(
        report.contains("with the interactor `python3 guess/interactor.py` (exit status 1): 2 lines, 2 bytes to it (>), 4 bytes from it (<)"),
        "{report}"
    );
    assert_eq!(std::fs::read_to_string(&save).expect("the saved input"), "2 2\n");
    let mut args = GUESS.to_vec();
    args.extend(["--runs", "20", "--", "python3", "guess/binary.py"]);
    let output = stress(&args);
    let report = text(&output.stdout);
    assert_eq!(
        output.status,
        Status::Exited(0),
        "{report}{}",
        text(&output.stderr)
    );
    assert!(
        report.starts_with(
            "ok: 20 runs of `python3 guess/gen.py` (seeds 1..) are accepted by the interactor `python3 guess/interactor.py`"
        ),
        "{report}"
    );
}

/// A Kattis package of `type: interactive`: its output validator is the interactor (exit 42
/// or 43, the message in the feedback folder); the minimal case goes into the package.
#[test]
fn a_kattis_interactive_package_catches_too_many_queries_and_adds_the_case() {
    let copy = scratch("guess_kattis");
    let copied = Command::new(
        "cp",
        [
            "-R",
            &problems().join("guess_kattis").display().to_string(),
            &copy.display().to_string(),
        ],
    )
    .run(b"")
    .expect("cp starts");
    assert!(copied.status.success());
    let package = copy.join("guess_kattis");
    let package_arg = package.display().to_string();
    let gen = format!("python3 {}/generators/gen.py", package.display());
    let solution = |kind: &str, name: &str| {
        package
            .join(format!("submissions/{kind}/{name}"))
            .display()
            .to_string()
    };
    let linear = solution("wrong_answer", "linear.py");
    let args = [
        "--problem",
        &package_arg,
        "--gen",
        &gen,
        "--add-case",
        "linear",
        "--",
        "python3",
        &linear,
    ];
    let report = failed(&stress(&args), "wrong answer");
    assert_eq!(minimal(&report), "4 4\n", "{report}");
    assert_eq!(
        dialogue(&report),
        ["> 4", "< ? 1", "> >", "< ? 2", "> >", "< ? 3", "> >", "< ? 4"],
        "{report}"
    );
    assert!(
        report.contains("--- the interactor says: more than 3 queries"),
        "{report}"
    );
    let secret = package.join("data/secret");
    assert_eq!(
        std::fs::read_to_string(secret.join("linear.in")).unwrap(),
        "4 4\n"
    );
    assert_eq!(std::fs::read_to_string(secret.join("linear.ans")).unwrap(), "");
    let binary = solution("accepted", "binary.py");
    let args = [
        "--problem",
        &package_arg,
        "--gen",
        &gen,
        "--runs",
        "20",
        "--",
        "python3",
        &binary,
    ];
    let output = stress(&args);
    assert_eq!(
        output.status,
        Status::Exited(0),
        "{}{}",
        text(&output.stdout),
        text(&output.stderr)
    );
}

/// A failure of an interactive run on the hidden data `2 2` (the validator refuses every
/// smaller candidate but `1 1`), named as `kind`; the report's text.
fn interactive_failure(extra: &[&str], program: &[&str], kind: &str) -> String {
    let mut args = vec![
        "--gen",
        "sh -c 'echo 2 2' gen",
        "--validator",
        "python3 guess/validate.py",
        "--runs",
        "1",
    ];
    if !extra.contains(&"--interactor") {
        args.extend(["--interactor", "python3 guess/interactor.py"]);
    }
    args.extend(extra);
    args.push("--");
    args.extend(program);
    failed(&stress(&args), kind)
}

#[test]
fn an_interactive_program_that_crashes_or_is_killed_is_a_runtime_error() {
    let report = interactive_failure(
        &[],
        &["sh", "-c", "read n; exit 4"],
        "runtime error (exit status 4)",
    );
    assert!(
        report.contains("--- the interactor says: unexpected end"),
        "{report}"
    );
    interactive_failure(
        &[],
        &["sh", "-c", "read n; kill -SEGV $$"],
        "runtime error (killed by signal 11)",
    );
}

#[test]
fn an_interactive_program_that_leaves_early_is_named() {
    let report = interactive_failure(
        &[],
        &["sh", "-c", "read n"],
        "exited while the interactor expected more",
    );
    assert_eq!(dialogue(&report).last(), Some(&"> 1"), "{report}");
}

/// The time limit is the dialogue's: a program that computes forever.
#[test]
fn an_interactive_program_past_the_time_limit_is_named() {
    let report = interactive_failure(
        &["--timeout", "1"],
        &["sh", "-c", "read n; while :; do :; done"],
        "time limit exceeded",
    );
    assert!(
        report.contains("--- time limit: 1.000 s (the dialogue's, shared by both)"),
        "{report}"
    );
}

/// Both sides wait for the other (the program reads where it should write): idle, named
/// apart from a time limit. The interactor is a shell one, so that at the limit it waits
/// even on a busy machine.
#[test]
fn a_dialogue_where_both_sides_wait_is_idle() {
    let interactor = "sh -c 'read n x < \"$1\"; echo $n; read query; exit 1' interactor";
    let report = interactive_failure(
        &["--interactor", interactor, "--timeout", "5"],
        &["sh", "-c", "read n; read reply"],
        "idle: both sides waited for the other",
    );
    assert!(
        report.contains("--- idle at the time limit (5.000 s)"),
        "{report}"
    );
}

/// Output beyond --max-output ends the run; a program writing megabytes that nobody reads
/// does not block tabletop either.
#[test]
fn interactive_output_beyond_the_limit_and_megabytes_unread_are_bounded() {
    interactive_failure(&["--max-output", "1K"], &["yes"], "output limit exceeded");
    let report = interactive_failure(&[], &["sh", "-c", "head -c 20000000 /dev/zero"], "wrong answer");
    assert!(report.contains("presentation error: not a query"), "{report}");
    assert!(report.contains("[... 20000000 bytes in all]"), "{report}");
}

#[test]
fn a_failing_interactor_or_a_rejected_reference_is_a_setup_error() {
    setup_error(
        &[
            "--gen",
            "sh -c 'echo 5 9' gen",
            "--interactor",
            "python3 guess/interactor.py",
            "--",
            "python3",
            "guess/binary.py",
        ],
        "the interactor `python3 guess/interactor.py` failed on the input of seed 1: exit status 3: bad hidden data",
    );
    setup_error(
        &[
            "--gen",
            "sh -c 'echo 2 2' gen",
            "--ref",
            "python3 guess/off_by_one.py",
            "--interactor",
            "python3 guess/interactor.py",
            "--",
            "python3",
            "guess/binary.py",
        ],
        "the reference `python3 guess/off_by_one.py` is not accepted by the interactor on the input of seed 1 (wrong answer: answered 1, the number is 2)",
    );
    setup_error(
        &[
            "--gen",
            "python3 guess/gen.py",
            "--ref",
            "cat",
            "--size",
            "tiny",
            "--",
            "cat",
        ],
        "--size and --cycles shape tabletop's own games",
    );
}

/// Polls `ready` until it gives a value, failing past the safety net (a hang).
fn eventually<T>(what: &str, mut ready: impl FnMut() -> Option<T>) -> T {
    let started = std::time::Instant::now();
    loop {
        if let Some(value) = ready() {
            return value;
        }
        assert!(started.elapsed() < TIME_LIMIT, "never: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether process `pid` is gone (or a zombie, which runs nothing and holds no pipe).
fn gone(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
        stat.rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z'))
    })
}

/// Ctrl-C in the middle of a dialogue: tabletop ends (exit 130) and takes both sides with
/// it, though each runs in a process group of its own, which the terminal's signal misses.
#[test]
fn ctrl_c_leaves_no_process_of_an_interactive_run() {
    let dir = scratch("interrupt");
    let (program_pid, interactor_pid) = (dir.join("program.pid"), dir.join("interactor.pid"));
    let interactor = format!(
        "sh -c 'echo \"$1\" > {}; echo $$ > {}; exec sleep 600' interactor",
        dir.join("input.path").display(),
        interactor_pid.display()
    );
    let program = format!("echo $$ > {}; exec sleep 600", program_pid.display());
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut tabletop = std::process::Command::new(TABLETOP)
        .args(["stress", "--jobs", "1", "--runs", "1", "--timeout", "600"])
        .args(["--gen", "sh -c 'echo 2 2' gen", "--interactor", &interactor])
        .args(["--", "sh", "-c", &program])
        .current_dir(problems())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("tabletop starts");
    let pids = [&program_pid, &interactor_pid].map(|path| {
        eventually("a side writes its pid", || {
            std::fs::read_to_string(path).ok()?.trim().parse::<u32>().ok()
        })
    });
    let interrupt = Command::new("kill", ["-INT", &tabletop.id().to_string()])
        .run(b"")
        .expect("kill starts");
    assert!(interrupt.status.success());
    let status = eventually("tabletop ends", || tabletop.try_wait().ok().flatten());
    assert_eq!(status.code(), Some(130));
    for pid in pids {
        eventually("the side is gone", || gone(pid).then_some(()));
    }
    // So is the folder of the hidden data's file.
    let input = std::fs::read_to_string(dir.join("input.path")).expect("the interactor's input");
    assert!(!Path::new(input.trim()).exists(), "{input}");
}

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

//! `tabletop stress` refuses up front what would fail only after its runs: a program that
//! cannot be started, a case `--add-case` could not add; and a failure shrunk without a
//! validator says that nothing kept its inputs within the problem.
#![cfg(unix)]

mod common;

use std::path::{Path, PathBuf};

use common::{tabletop_in, text, Output};
use tabletop_stress::run::Status;

fn problems() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/problems")
}

/// `tabletop stress ARGS` in the problems' folder, runs given a time limit far above what
/// they take.
fn stress(args: &[&str]) -> Output {
    let mut words = vec!["stress", "--jobs", "2", "--timeout", "60"];
    words.extend(args);
    tabletop_in(&words, "", &problems())
}

/// A usage error: exit 2, nothing on stdout, `says` on stderr.
fn refused(output: &Output, says: &str) {
    let stderr = text(&output.stderr);
    assert_eq!(output.status, Status::Exited(2), "{stderr}");
    assert!(output.stdout.is_empty(), "{}", text(&output.stdout));
    assert!(stderr.starts_with("error: ") && stderr.contains(says), "{stderr}");
}

#[test]
fn a_program_that_cannot_be_started_is_a_usage_error_before_any_run() {
    refused(
        &stress(&["grundy", "--runs", "3", "--", "./no_such_solution.py"]),
        "the program under test `./no_such_solution.py` cannot be started: no such file",
    );
    refused(
        &stress(&["grundy", "--runs", "3", "--", "no-such-program-anywhere"]),
        "cannot be started: not found in PATH",
    );
    // A file that is there but not executable (the .py files here are not).
    let problem = [
        "--gen",
        "python3 maxsub/gen.py",
        "--ref",
        "python3 maxsub/brute.py",
        "--runs",
        "3",
    ];
    let not_executable: Vec<&str> = problem
        .iter()
        .copied()
        .chain(["--", "./maxsub/from_zero.py"])
        .collect();
    refused(
        &stress(&not_executable),
        "the program under test `./maxsub/from_zero.py` cannot be started: not executable",
    );
}

#[test]
fn a_failure_shrunk_without_a_validator_says_so() {
    let args = |validator: &[&'static str]| -> Vec<&'static str> {
        [
            "--gen",
            "python3 maxsub/gen.py",
            "--ref",
            "python3 maxsub/brute.py",
        ]
        .into_iter()
        .chain(validator.iter().copied())
        .chain(["--", "python3", "maxsub/from_zero.py"])
        .collect()
    };
    let note = "no validator guarded the shrinking";
    let unguarded = stress(&args(&[]));
    assert_eq!(unguarded.status, Status::Exited(1), "{}", text(&unguarded.stderr));
    assert!(
        text(&unguarded.stdout).contains(note),
        "{}",
        text(&unguarded.stdout)
    );
    let guarded = stress(&args(&["--validator", "python3 maxsub/validate.py"]));
    assert_eq!(guarded.status, Status::Exited(1), "{}", text(&guarded.stderr));
    assert!(!text(&guarded.stdout).contains(note), "{}", text(&guarded.stdout));
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("a folder to copy") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a type").is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("a copy");
        }
    }
}

#[test]
fn adding_a_case_onto_an_existing_one_is_refused_before_the_runs() {
    let package = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress_refusals/inversions");
    let _ = std::fs::remove_dir_all(&package);
    copy_folder(&problems().join("inversions"), &package);
    let secret = package.join("data/secret");
    std::fs::create_dir_all(&secret).expect("a folder");
    std::fs::write(secret.join("tie.in"), "1\n5\n").expect("a case");
    let wrong = package.join("submissions/wrong_answer/ties.py");
    let package_arg = package.display().to_string();
    let wrong = wrong.display().to_string();
    // A generator that fails at once: the refusal must come before it ever runs.
    let args = [
        "--problem",
        &package_arg,
        "--gen",
        "sh -c 'exit 3' gen",
        "--add-case",
        "tie",
        "--",
        "python3",
        &wrong,
    ];
    refused(&stress(&args), "--add-case tie: ");
    let output = stress(&args);
    assert!(
        text(&output.stderr).contains("tie.in: already exists"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(std::fs::read_to_string(secret.join("tie.in")).unwrap(), "1\n5\n");
}

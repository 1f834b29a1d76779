//! The whole loop through the library, with shell one-liners as the programs under test.

use std::time::Duration;

use tabletop_stress::gen::Spec;
use tabletop_stress::run::{Command, Failure, Status};
use tabletop_stress::{stress, Config, Game, Size};

fn config(game: Game, runs: u64, script: &str) -> Config {
    Config {
        spec: Spec {
            game,
            size: Size::Tiny,
            cycles: false,
        },
        runs,
        seed: 1,
        jobs: 2,
        command: Command::new("sh", ["-c", script]).timeout(Duration::from_secs(120)),
        shrink_time: Duration::from_secs(600),
        progress: false,
    }
}

/// A program that always answers 0 fails on the first board whose answer is not 0, and the
/// smallest such input is a single 2x2 board without jumps (N = 1 would answer 0).
#[test]
fn always_zero_shrinks_to_the_smallest_board_that_needs_a_throw() {
    let failed = stress(&config(Game::Snakes, 50, "cat >/dev/null; echo 0"))
        .unwrap()
        .unwrap_err();
    assert_eq!(failed.failure, Failure::WrongAnswer);
    assert!(failed.reproduced);
    assert_eq!(failed.minimal.render(), "2 0 0\n");
    assert_eq!(failed.expected, "1\n");
    assert_eq!(failed.output.stdout, b"0\n");
    // The first failing run is found whatever the number of jobs.
    let mut one_job = config(Game::Snakes, 50, "cat >/dev/null; echo 0");
    one_job.jobs = 1;
    assert_eq!(stress(&one_job).unwrap().unwrap_err().run, failed.run);
}

/// A crash keeps its exit status through shrinking; `cat` echoing a pigs input is a wrong
/// answer shrunk to a two-pig game with a one-card deck.
#[test]
fn failures_keep_their_kind() {
    let failed = stress(&config(Game::Grundy, 5, "exit 7")).unwrap().unwrap_err();
    assert_eq!(failed.failure, Failure::Crash(Status::Exited(7)));
    assert_eq!(failed.output.status, Status::Exited(7));
    let failed = stress(&config(Game::Pigs, 5, "cat")).unwrap().unwrap_err();
    let text = failed.minimal.render();
    assert_eq!(text.lines().next(), Some("2 1"), "{text}");
}

/// A command that cannot be started is an error, not a failure of the program; zero runs
/// agree trivially.
#[test]
fn missing_commands_are_errors() {
    let mut missing = config(Game::Chutes, 3, "");
    missing.command.program = "/nonexistent/program".into();
    let error = stress(&missing).unwrap_err();
    assert!(
        error.to_string().starts_with("cannot run `/nonexistent/program"),
        "{error}"
    );
    let nothing = config(Game::Pigs, 0, "exit 1");
    assert_eq!(stress(&nothing).unwrap().unwrap().runs, 0);
}

/// A program that prints without end fails with too much output, and the run stops at the
/// cap instead of filling the memory; the kind survives shrinking.
#[test]
fn endless_output_is_a_failure_of_its_own() {
    let mut endless = config(Game::Chutes, 1, "yes");
    endless.command = endless.command.max_output(1 << 16);
    let failed = stress(&endless).unwrap().unwrap_err();
    assert_eq!(failed.failure, Failure::TooMuchOutput);
    assert!(failed.reproduced);
    assert_eq!(failed.output.status, Status::OutputLimit);
    assert_eq!(failed.output.stdout.len(), 1 << 16);
}

//! Running the `tabletop` binary from the integration tests, one way for every test file:
//! through THE process runner, `tabletop_stress::run` (stdin written on a thread, pipes read
//! up to a cap, a time limit).

// Each test file uses the part it needs.
#![allow(dead_code)]

use std::path::Path;
use std::time::Duration;

pub use tabletop_stress::run::Output;
use tabletop_stress::run::{Command, Status};

/// The path of the binary under test.
pub const TABLETOP: &str = env!("CARGO_BIN_EXE_tabletop");

/// Longer than any test's run in a debug build on a busy machine: reaching it means a hang.
const TIME_LIMIT: Duration = Duration::from_secs(300);

/// `tabletop ARGS` with `stdin` as its input. A command may stop before reading all of it (a
/// usage error exits first): that is not a failure here.
pub fn tabletop(args: &[&str], stdin: &str) -> Output {
    run(command(args), stdin.as_bytes(), false)
}

/// [`tabletop`] in the folder `dir` (for commands that write files).
pub fn tabletop_in(args: &[&str], stdin: &str, dir: &Path) -> Output {
    run(command(args).current_dir(dir), stdin.as_bytes(), false)
}

/// `tabletop ARGS` that must read all of `stdin`.
pub fn tabletop_reading_all(args: &[&str], stdin: &[u8]) -> Output {
    run(command(args), stdin, true)
}

/// Output bytes as text (invalid UTF-8 shown as U+FFFD).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn command(args: &[&str]) -> Command {
    Command::new(TABLETOP, args.iter().copied())
        .timeout(TIME_LIMIT)
        .env("NO_COLOR", "1")
}

fn run(command: Command, stdin: &[u8], must_read_all: bool) -> Output {
    let output = command.run(stdin).expect("tabletop starts");
    assert_ne!(
        output.status,
        Status::TimedOut,
        "tabletop {:?} hangs",
        command.args
    );
    assert_ne!(
        output.status,
        Status::OutputLimit,
        "tabletop {:?}: endless output",
        command.args
    );
    if must_read_all {
        assert!(
            output.read_all_input,
            "tabletop {:?} did not take all its input",
            command.args
        );
    }
    output
}

//! Running the `tabletop` binary from the integration tests, one way for every test file.

// Each test file uses the part it needs.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// `tabletop ARGS` with `stdin` as its input. A command may stop before reading all of it (a
/// usage error exits first): a broken pipe is not a failure here.
pub fn tabletop(args: &[&str], stdin: &str) -> Output {
    run(args, stdin.as_bytes(), None, false)
}

/// [`tabletop`] in the folder `dir` (for commands that write files).
pub fn tabletop_in(args: &[&str], stdin: &str, dir: &Path) -> Output {
    run(args, stdin.as_bytes(), Some(dir), false)
}

/// `tabletop ARGS` that must read all of `stdin`.
pub fn tabletop_reading_all(args: &[&str], stdin: &[u8]) -> Output {
    run(args, stdin, None, true)
}

/// Output bytes as text (invalid UTF-8 shown as U+FFFD).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn run(args: &[&str], stdin: &[u8], dir: Option<&Path>, must_read_all: bool) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabletop"));
    command
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command.spawn().expect("tabletop starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    // On a thread, so that a large input cannot block against a full stdout pipe.
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || pipe.write_all(&input));
    let output = child.wait_with_output().expect("tabletop finishes");
    match writer.join().expect("the writer ends") {
        Ok(()) => {}
        Err(e) if !must_read_all && e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(e) => panic!("tabletop did not take its input: {e}"),
    }
    output
}

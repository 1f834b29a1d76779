//! Running the command under test and judging its output.
//!
//! The command gets the input on stdin; stdout and stderr are read by their own threads (so
//! neither pipe can fill up and block the command) while the caller waits with a time limit.
//! On timeout the command is killed. A judge compares the output ignoring trailing spaces
//! and trailing blank lines.

use std::io::{Read, Write};
use std::process::{Command as Process, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

/// The command under test: a program, its arguments and a time limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The program (looked up in `PATH` like a shell would).
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The time limit of one run.
    pub timeout: Duration,
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The command exited with this code.
    Exited(i32),
    /// The command was killed by this signal (a crash: segmentation fault, abort...).
    Signal(i32),
    /// The command was still running at the time limit and was killed.
    TimedOut,
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Status::Exited(code) => write!(f, "exit status {code}"),
            Status::Signal(signal) => write!(f, "killed by signal {signal}"),
            Status::TimedOut => write!(f, "still running at the time limit (killed)"),
        }
    }
}

/// What one run produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Standard output (invalid UTF-8 replaced).
    pub stdout: String,
    /// Standard error, cut to its first [`STDERR_KEPT`] bytes.
    pub stderr: String,
    /// How it ended.
    pub status: Status,
    /// Wall-clock time from spawning to the end (or the kill).
    pub elapsed: Duration,
}

/// How much of stderr is kept for the report.
pub const STDERR_KEPT: usize = 4096;

/// How long to wait for the pipes to close once a timed-out command was killed (a grandchild
/// may still hold them).
const DRAIN: Duration = Duration::from_secs(1);

/// Reads a pipe to its end on a thread of its own; the result comes through the channel.
fn drain(mut pipe: impl Read + Send + 'static) -> mpsc::Receiver<Vec<u8>> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        let _ = sender.send(bytes);
    });
    receiver
}

impl Command {
    /// Runs the command once on `input`.
    ///
    /// # Errors
    /// The command could not be started (not found, not executable) or waited for.
    pub fn run(&self, input: &[u8]) -> std::io::Result<Output> {
        let started = Instant::now();
        let mut child = Process::new(&self.program)
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        if let Some(mut stdin) = child.stdin.take() {
            let input = input.to_vec();
            // A command that does not read its input is not an error of ours.
            std::thread::spawn(move || {
                let _ = stdin.write_all(&input);
            });
        }
        let stdout = child.stdout.take().map(drain);
        let stderr = child.stderr.take().map(drain);
        let status = match child.wait_timeout(self.timeout)? {
            Some(status) => exit_status(status),
            None => {
                let _ = child.kill();
                child.wait()?;
                Status::TimedOut
            }
        };
        let elapsed = started.elapsed();
        let collect = |receiver: Option<mpsc::Receiver<Vec<u8>>>| {
            receiver
                .and_then(|receiver| receiver.recv_timeout(DRAIN).ok())
                .unwrap_or_default()
        };
        let stdout = String::from_utf8_lossy(&collect(stdout)).into_owned();
        let mut stderr = collect(stderr);
        stderr.truncate(STDERR_KEPT);
        Ok(Output {
            stdout,
            stderr: String::from_utf8_lossy(&stderr).into_owned(),
            status,
            elapsed,
        })
    }

    /// The command line as typed, for reports.
    pub fn display(&self) -> String {
        std::iter::once(&self.program)
            .chain(&self.args)
            .map(|word| {
                if word.is_empty() || word.contains(|c: char| c.is_whitespace() || c == '\'') {
                    format!("'{}'", word.replace('\'', r"'\''"))
                } else {
                    word.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(unix)]
fn exit_status(status: std::process::ExitStatus) -> Status {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => Status::Exited(code),
        (None, Some(signal)) => Status::Signal(signal),
        (None, None) => Status::Exited(-1),
    }
}

#[cfg(not(unix))]
fn exit_status(status: std::process::ExitStatus) -> Status {
    Status::Exited(status.code().unwrap_or(-1))
}

/// How a run failed. Two failures are "the same way" when they are equal: a wrong answer,
/// the same exit status or signal, or a timeout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Failure {
    /// Exit status 0, but the output differs from tabletop's answer.
    WrongAnswer,
    /// A non-zero exit status or a signal.
    Crash(Status),
    /// The time limit was reached.
    Timeout,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::WrongAnswer => f.write_str("wrong answer"),
            Failure::Crash(status) => write!(f, "runtime error ({status})"),
            Failure::Timeout => f.write_str("time limit exceeded"),
        }
    }
}

/// The judge's verdict on one run: `None` when it is accepted.
pub fn verdict(expected: &str, output: &Output) -> Option<Failure> {
    match output.status {
        Status::TimedOut => Some(Failure::Timeout),
        Status::Exited(0) => first_difference(expected, &output.stdout).map(|_| Failure::WrongAnswer),
        status => Some(Failure::Crash(status)),
    }
}

/// The first line where two outputs differ for a judge, ignoring trailing white space on
/// every line and trailing blank lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// 1-based line number.
    pub line: usize,
    /// The expected line (`None`: the expected output has ended).
    pub expected: Option<String>,
    /// The line the command printed (`None`: its output has ended).
    pub actual: Option<String>,
}

/// The lines a judge compares: trailing white space cut, trailing blank lines dropped.
fn judged_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Where `actual` first differs from `expected` for a judge; `None` if they agree.
///
/// ```
/// use tabletop_stress::run::first_difference;
/// assert_eq!(first_difference("1\n2\n", "1  \r\n2\n\n\n"), None);
/// let d = first_difference("1\n2\n", "1\n3\n").unwrap();
/// assert_eq!((d.line, d.expected.as_deref(), d.actual.as_deref()), (2, Some("2"), Some("3")));
/// ```
pub fn first_difference(expected: &str, actual: &str) -> Option<Difference> {
    let (want, got) = (judged_lines(expected), judged_lines(actual));
    let line = (0..want.len().max(got.len())).find(|&i| want.get(i) != got.get(i))?;
    Some(Difference {
        line: line + 1,
        expected: want.get(line).map(|s| s.to_string()),
        actual: got.get(line).map(|s| s.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, timeout: Duration) -> Command {
        Command {
            program: "sh".into(),
            args: vec!["-c".into(), script.into()],
            timeout,
        }
    }

    #[test]
    fn captures_output_status_and_timeouts() {
        let second = Duration::from_secs(5);
        let cat = sh("cat", second).run(b"hello\n").unwrap();
        assert_eq!((cat.stdout.as_str(), cat.status), ("hello\n", Status::Exited(0)));
        let fail = sh("echo oops >&2; exit 3", second).run(b"").unwrap();
        assert_eq!((fail.stderr.as_str(), fail.status), ("oops\n", Status::Exited(3)));
        assert_eq!(verdict("", &fail), Some(Failure::Crash(Status::Exited(3))));
        let slow = sh("exec sleep 5", Duration::from_millis(200)).run(b"").unwrap();
        assert_eq!(slow.status, Status::TimedOut);
        assert!(slow.elapsed < Duration::from_secs(3));
        let killed = sh("kill -SEGV $$", second).run(b"").unwrap();
        assert_eq!(killed.status, Status::Signal(11));
        // A command that ignores a large input does not block the harness.
        let big = vec![b'x'; 1 << 20];
        assert_eq!(sh("true", second).run(&big).unwrap().status, Status::Exited(0));
    }

    #[test]
    fn judge_comparison() {
        let ok = Output {
            stdout: "WIN \nLOSE".into(),
            stderr: String::new(),
            status: Status::Exited(0),
            elapsed: Duration::ZERO,
        };
        assert_eq!(verdict("WIN\nLOSE\n\n", &ok), None);
        assert_eq!(verdict("WIN\nWIN\n", &ok), Some(Failure::WrongAnswer));
        let missing = first_difference("1\n2\n", "1\n").unwrap();
        assert_eq!((missing.line, missing.actual), (2, None));
        // Leading spaces count.
        assert!(first_difference("1\n", " 1\n").is_some());
    }
}

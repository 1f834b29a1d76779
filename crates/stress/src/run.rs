//! THE process runner of the workspace (the stress loop, `cargo xtask verify` and the CLI's
//! integration tests all run programs through it) and THE judge comparison.
//!
//! A program gets its input on stdin (written by a thread of its own, so that a program that
//! does not read cannot block us); stdout and stderr are read by threads of their own (so that
//! neither pipe can fill up and block the program) while the caller waits with a time limit.
//!
//! - **Time limit**: at the limit the program is killed.
//! - **Output cap**: each of stdout and stderr is kept up to [`Command::max_output`] bytes; at
//!   the first byte beyond, its pipe is closed (the program gets `SIGPIPE` or `EPIPE` on its
//!   next write, so `yes` stops at once) and the run ends as [`Status::OutputLimit`].
//! - **What counts is what the program wrote by the time it exits**, plus a short
//!   [`GRACE`] for the readers to empty the pipes: a background child that keeps a pipe open
//!   does not hold the run up. Its reader stops at the child's next write or exit and keeps
//!   nothing more.
//!
//! A judge compares outputs ignoring trailing white space on every line and trailing blank
//! lines: [`first_difference`].

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command as Process, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

/// The default time limit of one run.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(2);

/// The default output cap: 64 MiB on each of stdout and stderr.
pub const DEFAULT_MAX_OUTPUT: usize = 64 << 20;

/// How long the pipes may stay open after the program ended, for the readers to take what
/// it wrote. A background child that holds them longer is not waited for.
pub const GRACE: Duration = Duration::from_millis(250);

/// A program to run: what, where, with which environment and within which limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The program (looked up in `PATH` like a shell would).
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The time limit of one run.
    pub timeout: Duration,
    /// The most bytes kept from each of stdout and stderr; more is [`Status::OutputLimit`].
    pub max_output: usize,
    /// The working folder (`None`: ours).
    pub dir: Option<PathBuf>,
    /// Environment variables set on top of ours.
    pub env: Vec<(String, String)>,
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The program exited with this code.
    Exited(i32),
    /// The program was killed by this signal (a crash: segmentation fault, abort...).
    Signal(i32),
    /// The program was still running at the time limit and was killed.
    TimedOut,
    /// The program wrote more than [`Command::max_output`] bytes to stdout or stderr.
    OutputLimit,
}

impl Status {
    /// The exit code, if the program exited by itself (like [`std::process::ExitStatus::code`]).
    pub fn code(self) -> Option<i32> {
        match self {
            Status::Exited(code) => Some(code),
            _ => None,
        }
    }

    /// Whether the program exited with code 0.
    pub fn success(self) -> bool {
        self == Status::Exited(0)
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Status::Exited(code) => write!(f, "exit status {code}"),
            Status::Signal(signal) => write!(f, "killed by signal {signal}"),
            Status::TimedOut => write!(f, "still running at the time limit (killed)"),
            Status::OutputLimit => f.write_str("more output than the limit (cut there)"),
        }
    }
}

/// What one run produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Standard output, at most [`Command::max_output`] bytes.
    pub stdout: Vec<u8>,
    /// Standard error, at most [`Command::max_output`] bytes.
    pub stderr: Vec<u8>,
    /// How it ended.
    pub status: Status,
    /// Wall-clock time from spawning to the end (or the kill).
    pub elapsed: Duration,
    /// Whether the program took all of its input (`false`: it closed stdin first, or the
    /// input was still being written when the run ended).
    pub read_all_input: bool,
}

impl Output {
    /// Standard output as text (invalid UTF-8 replaced).
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// Standard error as text (invalid UTF-8 replaced).
    pub fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }
}

/// What a reader thread has taken from a pipe so far.
#[derive(Default)]
struct Captured {
    bytes: Vec<u8>,
    /// More than the cap arrived; the pipe was closed.
    over_limit: bool,
    /// The run is over: the reader keeps nothing more and stops.
    abandoned: bool,
}

/// A pipe read on a thread of its own, up to a cap.
pub(crate) struct Capture {
    shared: Arc<Mutex<Captured>>,
    /// Signalled when the pipe reached its end or the cap.
    done: mpsc::Receiver<()>,
}

/// How much a reader asks for at a time.
const CHUNK: usize = 64 << 10;

impl Capture {
    pub(crate) fn start(mut pipe: impl Read + Send + 'static, cap: usize) -> Capture {
        let shared = Arc::new(Mutex::new(Captured::default()));
        let (signal, done) = mpsc::channel();
        let keep = Arc::clone(&shared);
        std::thread::spawn(move || {
            let mut chunk = vec![0; CHUNK];
            loop {
                let read = match pipe.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(read) => read,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                };
                let mut captured = lock(&keep);
                if captured.abandoned {
                    return;
                }
                let room = cap.saturating_sub(captured.bytes.len());
                if read > room {
                    captured.bytes.extend_from_slice(&chunk[..room]);
                    captured.over_limit = true;
                    break;
                }
                captured.bytes.extend_from_slice(&chunk[..read]);
            }
            // Dropping the pipe here closes it: a program writing past the cap stops.
            let _ = signal.send(());
        });
        Capture { shared, done }
    }

    /// What was read once the pipe ended, or at `deadline`: the bytes and whether the cap
    /// was passed.
    pub(crate) fn finish(self, deadline: Instant) -> (Vec<u8>, bool) {
        let _ = self
            .done
            .recv_timeout(deadline.saturating_duration_since(Instant::now()));
        let mut captured = lock(&self.shared);
        captured.abandoned = true;
        (std::mem::take(&mut captured.bytes), captured.over_limit)
    }
}

/// A mutex's value even if a thread panicked while holding it.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Writes `input` to the program's stdin on a thread of its own; the channel says whether
/// all of it went in.
fn feed(mut stdin: impl Write + Send + 'static, input: Vec<u8>) -> mpsc::Receiver<bool> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        // A program that does not read its input is not an error of ours.
        let written = stdin.write_all(&input).is_ok();
        drop(stdin);
        let _ = sender.send(written);
    });
    receiver
}

impl Command {
    /// `program args...` with the default limits ([`DEFAULT_TIMEOUT`],
    /// [`DEFAULT_MAX_OUTPUT`]), in our folder and environment.
    pub fn new<S: Into<String>>(program: impl Into<String>, args: impl IntoIterator<Item = S>) -> Command {
        Command {
            program: program.into(),
            args: args.into_iter().map(Into::into).collect(),
            timeout: DEFAULT_TIMEOUT,
            max_output: DEFAULT_MAX_OUTPUT,
            dir: None,
            env: Vec::new(),
        }
    }

    /// This command with another time limit.
    pub fn timeout(mut self, timeout: Duration) -> Command {
        self.timeout = timeout;
        self
    }

    /// This command with another output cap.
    pub fn max_output(mut self, bytes: usize) -> Command {
        self.max_output = bytes;
        self
    }

    /// This command run in `dir`.
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> Command {
        self.dir = Some(dir.into());
        self
    }

    /// This command with one more environment variable.
    pub fn env(mut self, name: impl Into<String>, value: impl Into<String>) -> Command {
        self.env.push((name.into(), value.into()));
        self
    }

    /// Runs the command once on `input`.
    ///
    /// # Errors
    /// The command could not be started (not found, not executable) or waited for.
    pub fn run(&self, input: &[u8]) -> std::io::Result<Output> {
        let started = Instant::now();
        let mut process = Process::new(&self.program);
        process
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &self.dir {
            process.current_dir(dir);
        }
        for (name, value) in &self.env {
            process.env(name, value);
        }
        let mut child = process.spawn()?;
        let fed = child.stdin.take().map(|stdin| feed(stdin, input.to_vec()));
        let stdout = child
            .stdout
            .take()
            .map(|pipe| Capture::start(pipe, self.max_output));
        let stderr = child
            .stderr
            .take()
            .map(|pipe| Capture::start(pipe, self.max_output));
        let mut status = match child.wait_timeout(self.timeout)? {
            Some(status) => exit_status(status),
            None => {
                let _ = child.kill();
                child.wait()?;
                Status::TimedOut
            }
        };
        let elapsed = started.elapsed();
        let deadline = Instant::now() + GRACE;
        let collect = |capture: Option<Capture>| capture.map_or((Vec::new(), false), |c| c.finish(deadline));
        let (stdout, stdout_over) = collect(stdout);
        let (stderr, stderr_over) = collect(stderr);
        if stdout_over || stderr_over {
            status = Status::OutputLimit;
        }
        let read_all_input = fed.is_none_or(|fed| {
            fed.recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .unwrap_or(false)
        });
        Ok(Output {
            stdout,
            stderr,
            status,
            elapsed,
            read_all_input,
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
pub(crate) fn exit_status(status: std::process::ExitStatus) -> Status {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => Status::Exited(code),
        (None, Some(signal)) => Status::Signal(signal),
        (None, None) => Status::Exited(-1),
    }
}

#[cfg(not(unix))]
pub(crate) fn exit_status(status: std::process::ExitStatus) -> Status {
    Status::Exited(status.code().unwrap_or(-1))
}

/// How a run failed. Two failures are "the same way" when they are equal: a wrong answer,
/// the same exit status or signal, a timeout, or too much output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Failure {
    /// Exit status 0, but the output differs from tabletop's answer.
    WrongAnswer,
    /// A non-zero exit status or a signal.
    Crash(Status),
    /// The time limit was reached.
    Timeout,
    /// More output than the cap.
    TooMuchOutput,
    /// Interactive: at the time limit, both the program and the interactor were waiting.
    Idle,
    /// Interactive: the program exited while the interactor expected more.
    ExitedEarly,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::WrongAnswer => f.write_str("wrong answer"),
            Failure::Crash(status) => write!(f, "runtime error ({status})"),
            Failure::Timeout => f.write_str("time limit exceeded"),
            Failure::TooMuchOutput => f.write_str("output limit exceeded"),
            Failure::Idle => f.write_str("idle: both sides waited for the other"),
            Failure::ExitedEarly => f.write_str("exited while the interactor expected more"),
        }
    }
}

/// The judge's verdict on one run: `None` when it is accepted.
pub fn verdict(expected: &str, output: &Output) -> Option<Failure> {
    match output.status {
        Status::TimedOut => Some(Failure::Timeout),
        Status::OutputLimit => Some(Failure::TooMuchOutput),
        Status::Exited(0) => {
            // Borrowed, not copied, when the output is UTF-8 (it may be up to the cap).
            let stdout = String::from_utf8_lossy(&output.stdout);
            first_difference(expected, &stdout).map(|_| Failure::WrongAnswer)
        }
        status => Some(Failure::Crash(status)),
    }
}

// THE judge comparison lives in the application layer, so that front ends that spawn no
// process (the playground's API, also in WebAssembly) compare as the stress loop does.
pub use tabletop_app::judge::{first_difference, Difference};

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, timeout: Duration) -> Command {
        Command::new("sh", ["-c", script]).timeout(timeout)
    }

    #[test]
    fn captures_output_status_and_timeouts() {
        // Far above what these take: only a safety net.
        let second = Duration::from_secs(60);
        let cat = sh("cat", second).run(b"hello\n").unwrap();
        assert_eq!(
            (cat.stdout.as_slice(), cat.status),
            (&b"hello\n"[..], Status::Exited(0))
        );
        assert!(cat.read_all_input);
        let fail = sh("echo oops >&2; exit 3", second).run(b"").unwrap();
        assert_eq!(
            (fail.stderr_text().as_str(), fail.status),
            ("oops\n", Status::Exited(3))
        );
        assert_eq!(verdict("", &fail), Some(Failure::Crash(Status::Exited(3))));
        // Killed at the limit, long before the sleep would end by itself.
        let slow = sh("exec sleep 600", Duration::from_millis(200)).run(b"").unwrap();
        assert_eq!(slow.status, Status::TimedOut);
        assert!(slow.elapsed < Duration::from_secs(300), "{:?}", slow.elapsed);
        let killed = sh("kill -SEGV $$", second).run(b"").unwrap();
        assert_eq!(killed.status, Status::Signal(11));
        // A command that ignores a large input does not block the harness.
        let big = vec![b'x'; 1 << 20];
        let ignores = sh("true", second).run(&big).unwrap();
        assert_eq!(
            (ignores.status, ignores.read_all_input),
            (Status::Exited(0), false)
        );
    }

    /// `yes` never stops by itself: its output is cut at the cap and the run ends at once
    /// (the closed pipe stops it), as a failure of its own.
    #[test]
    fn output_beyond_the_cap_ends_the_run() {
        let yes = Command::new("yes", Vec::<String>::new())
            .timeout(Duration::from_secs(600))
            .max_output(1 << 16)
            .run(b"")
            .unwrap();
        assert_eq!(yes.status, Status::OutputLimit);
        assert_eq!(yes.stdout.len(), 1 << 16);
        assert!(yes.elapsed < Duration::from_secs(20), "{:?}", yes.elapsed);
        assert_eq!(verdict("y\n", &yes), Some(Failure::TooMuchOutput));
        // Exactly the cap is fine; stderr has the same cap.
        let exact = sh("printf 1234", Duration::from_secs(5))
            .max_output(4)
            .run(b"")
            .unwrap();
        assert_eq!(
            (exact.status, exact.stdout.as_slice()),
            (Status::Exited(0), &b"1234"[..])
        );
        let noisy = sh("printf 12345 >&2", Duration::from_secs(5))
            .max_output(4)
            .run(b"")
            .unwrap();
        assert_eq!(
            (noisy.status, noisy.stderr.as_slice()),
            (Status::OutputLimit, &b"1234"[..])
        );
    }

    /// A correct program that leaves a background child holding its stdout is judged on what
    /// it wrote by the time it exited, without waiting for the child.
    #[test]
    fn a_background_child_holding_the_pipes_does_not_hold_the_run() {
        let out = sh("cat >/dev/null; sleep 4 & echo 1", Duration::from_secs(10))
            .run(b"input\n")
            .unwrap();
        assert_eq!(
            (out.status, out.stdout.as_slice()),
            (Status::Exited(0), &b"1\n"[..])
        );
        assert!(out.elapsed < Duration::from_secs(2), "{:?}", out.elapsed);
        assert_eq!(verdict("1\n", &out), None);
    }

    #[test]
    fn folder_and_environment() {
        let dir = std::env::temp_dir();
        let out = sh("pwd; echo \"$TABLETOP_RUN_TEST\"", Duration::from_secs(5))
            .current_dir(&dir)
            .env("TABLETOP_RUN_TEST", "set")
            .run(b"")
            .unwrap();
        let text = out.stdout_text();
        let mut lines = text.lines();
        let pwd = PathBuf::from(lines.next().unwrap());
        assert_eq!(pwd.canonicalize().unwrap(), dir.canonicalize().unwrap());
        assert_eq!(lines.next(), Some("set"));
    }

    #[test]
    fn judge_comparison() {
        let ok = Output {
            stdout: b"WIN \nLOSE".to_vec(),
            stderr: Vec::new(),
            status: Status::Exited(0),
            elapsed: Duration::ZERO,
            read_all_input: true,
        };
        assert_eq!(verdict("WIN\nLOSE\n\n", &ok), None);
        assert_eq!(verdict("WIN\nWIN\n", &ok), Some(Failure::WrongAnswer));
        let missing = first_difference("1\n2\n", "1\n").unwrap();
        assert_eq!((missing.line, missing.actual), (2, None));
        // Leading spaces count.
        assert!(first_difference("1\n", " 1\n").is_some());
    }
}

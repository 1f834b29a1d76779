//! Interactive problems: an interactor and the program under test, each in a process group
//! of its own, talking through tabletop, which relays every byte both ways and keeps the
//! dialogue.
//!
//! - **testlib**: `INTERACTOR input output` (the hidden data's file; a file it may write
//!   for a checker), exit 0 accepted, 1 wrong answer, 2 presentation error, 3 its own
//!   failure; its message on stderr.
//! - **Kattis/ICPC**: `VALIDATOR input answer feedback_dir`, exit 42 accepted, 43 rejected;
//!   its message in `feedback_dir/judgemessage.txt`. The answer file is empty.
//!
//! Both processes share one wall-clock time limit (the program's). At the limit, a dialogue
//! in which no process of either side is running (every one waits) is *idle*; otherwise it
//! is a time limit. The program's output beyond its cap ends the run. Neither side can
//! block tabletop: a relay that cannot write keeps reading (what it reads goes nowhere once
//! the other side is gone), and at the end both process groups are killed, so that no
//! child (nor grandchild) outlives the run. [`kill_children`] kills every group still
//! running, for Ctrl-C.

use std::collections::{HashSet, VecDeque};
use std::io::{Read, Write};
use std::process::{Child, Command as Process, Stdio};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::run::{exit_status, lock, Capture, Command, Failure, Output, Status, GRACE};

/// Whose conventions the interactor follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Convention {
    /// `INTERACTOR input output`; exit 0 accepted, 1 wrong answer, 2 presentation error.
    Testlib,
    /// `VALIDATOR input answer feedback_dir`; exit 42 accepted, 43 rejected.
    Kattis,
}

/// An interactor and its convention.
#[derive(Debug, Clone)]
pub struct Interactor {
    /// Its command line (the files' names are added after its arguments).
    pub command: Command,
    /// How it is called and what its exit codes mean.
    pub convention: Convention,
}

/// One line of a dialogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// `true`: from the interactor to the program (`>`); `false`: from the program (`<`).
    pub to_program: bool,
    /// Its start (at most [`LINE_KEPT`] bytes, at a character boundary).
    pub text: String,
    /// Its length in bytes, without the newline.
    pub bytes: usize,
}

/// The most bytes of a line that a dialogue keeps.
pub const LINE_KEPT: usize = 200;
/// The first lines of a dialogue that are kept, and as many of the last.
pub const ENDS_KEPT: usize = 20;

/// The dialogue of a run: its first and last lines, and its length.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Dialogue {
    /// The first lines (up to [`ENDS_KEPT`]).
    pub first: Vec<Line>,
    /// The last lines after those (up to [`ENDS_KEPT`]).
    pub last: VecDeque<Line>,
    /// Lines in all.
    pub lines: usize,
    /// Bytes to the program, and from it.
    pub bytes: (usize, usize),
}

impl Dialogue {
    fn push(&mut self, line: Line) {
        self.lines += 1;
        if self.first.len() < ENDS_KEPT {
            self.first.push(line);
            return;
        }
        if self.last.len() == ENDS_KEPT {
            self.last.pop_front();
        }
        self.last.push_back(line);
    }

    /// The last line, if any.
    pub fn last_line(&self) -> Option<&Line> {
        self.last.back().or(self.first.last())
    }
}

/// How an interactive run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The interactor accepted.
    Accepted,
    /// The program failed: how, and why (the interactor's message, for a wrong answer).
    Failed(Failure, Option<String>),
    /// The interactor itself failed (an exit status that means neither yes nor no, a crash):
    /// how it ended and its message.
    InteractorFailed(Status, String),
}

/// One interactive run.
#[derive(Debug, Clone)]
pub struct Session {
    /// The verdict.
    pub verdict: Verdict,
    /// The program's side: what it wrote (up to its cap), its stderr, status and time.
    pub program: Output,
    /// How the interactor ended.
    pub interactor: Status,
    /// The interactor's message (its judge message, or its stderr), cut to a few lines.
    pub message: String,
    /// The dialogue.
    pub dialogue: Dialogue,
}

/// The process groups still running, for [`kill_children`].
fn groups() -> &'static Mutex<HashSet<i32>> {
    static GROUPS: OnceLock<Mutex<HashSet<i32>>> = OnceLock::new();
    GROUPS.get_or_init(Mutex::default)
}

#[cfg(unix)]
fn kill_group(group: i32) {
    if let Some(pid) = rustix::process::Pid::from_raw(group) {
        // A group already gone is what we want.
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
}

#[cfg(not(unix))]
fn kill_group(_: i32) {}

/// Set by the Ctrl-C handler before it kills the runs' groups.
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The temporary folders of the interactive runs still going, for [`kill_children`].
fn folders() -> &'static Mutex<HashSet<std::path::PathBuf>> {
    static FOLDERS: OnceLock<Mutex<HashSet<std::path::PathBuf>>> = OnceLock::new();
    FOLDERS.get_or_init(Mutex::default)
}

/// Kills every process group of an interactive run still going and removes its temporary
/// folder (for a Ctrl-C handler: those groups do not get the terminal's signal, and an exit
/// from the handler drops nothing).
pub fn kill_children() {
    for &group in lock(groups()).iter() {
        kill_group(group);
    }
    for folder in lock(folders()).iter() {
        let _ = std::fs::remove_dir_all(folder);
    }
}

/// Makes Ctrl-C kill every interactive run's process groups, then end
/// tabletop with exit status 130, as the signal would have. (The other programs, in
/// tabletop's own group, get the terminal's signal as ever.)
pub fn kill_children_on_interrupt() {
    // Without a handler (one is already set), Ctrl-C keeps its usual effect.
    let _ = ctrlc::set_handler(|| {
        INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst);
        kill_children();
        std::process::exit(130);
    });
}

/// A child in a process group of its own, registered until [`Group::end`].
struct Group {
    id: i32,
}

impl Group {
    fn spawn(command: &Command, extra: &[String]) -> std::io::Result<(Child, Group)> {
        let mut process = Process::new(&command.program);
        process
            .args(&command.args)
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut process, 0);
        if let Some(dir) = &command.dir {
            process.current_dir(dir);
        }
        for (name, value) in &command.env {
            process.env(name, value);
        }
        // Registered while the registry is locked, so that a Ctrl-C between the spawn and
        // the registration still finds it.
        let mut live = lock(groups());
        let child = process.spawn()?;
        let id = i32::try_from(child.id()).unwrap_or(0);
        live.insert(id);
        Ok((child, Group { id }))
    }

    fn kill(&self) {
        kill_group(self.id);
    }

    /// Kills what is left of the group (grandchildren) and forgets it.
    fn end(self) {
        self.kill();
        lock(groups()).remove(&self.id);
    }
}

/// What both relays share: the dialogue, in the order its lines ended.
struct Shared {
    dialogue: Dialogue,
}

/// A line being read, not yet ended by a newline.
#[derive(Default)]
struct Partial {
    text: Vec<u8>,
    bytes: usize,
}

impl Partial {
    fn take(&mut self, byte: u8, to_program: bool, dialogue: &mut Dialogue) {
        if byte == b'\n' {
            self.end(to_program, dialogue);
        } else {
            if self.text.len() < LINE_KEPT {
                self.text.push(byte);
            }
            self.bytes += 1;
        }
    }

    fn end(&mut self, to_program: bool, dialogue: &mut Dialogue) {
        let text = String::from_utf8_lossy(&self.text).into_owned();
        dialogue.push(Line {
            to_program,
            text,
            bytes: self.bytes,
        });
        *self = Partial::default();
    }
}

/// What ends the wait for the two processes.
enum Event {
    /// The interactor (`true`) or the program ended.
    Exit(bool, std::io::Result<std::process::ExitStatus>),
    /// The program wrote more than its cap.
    OverLimit,
}

/// Reads `from` (one side's stdout) and writes it to `to` (the other's stdin) while it
/// can, keeping the dialogue and the program's bytes (up to `cap`); at the end `to` is
/// closed, so that the other side reads the end of its input.
struct Relay {
    to_program: bool,
    shared: Arc<Mutex<Shared>>,
    cap: usize,
    events: mpsc::Sender<Event>,
}

impl Relay {
    fn start(
        self,
        mut from: impl Read + Send + 'static,
        to: impl Write + Send + 'static,
    ) -> mpsc::Receiver<Vec<u8>> {
        let (done, finished) = mpsc::channel();
        std::thread::spawn(move || {
            let mut to = Some(to);
            let mut kept = Vec::new();
            let mut partial = Partial::default();
            let mut chunk = vec![0; 1 << 16];
            loop {
                let read = match from.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(read) => read,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                };
                let bytes = chunk.get(..read).unwrap_or_default();
                let over = self.record(bytes, &mut partial, &mut kept);
                if over {
                    let _ = self.events.send(Event::OverLimit);
                    break;
                }
                // A side that is gone reads nothing more; what the other writes is dropped.
                if to
                    .as_mut()
                    .is_some_and(|pipe| pipe.write_all(bytes).and_then(|()| pipe.flush()).is_err())
                {
                    to = None;
                }
            }
            drop(to);
            let mut shared = lock(&self.shared);
            if partial.bytes > 0 {
                partial.end(self.to_program, &mut shared.dialogue);
            }
            drop(shared);
            let _ = done.send(kept);
        });
        finished
    }

    /// Records `bytes` in the dialogue (and the program's, up to its cap); whether the cap
    /// was passed.
    fn record(&self, bytes: &[u8], partial: &mut Partial, kept: &mut Vec<u8>) -> bool {
        let mut shared = lock(&self.shared);
        let dialogue = &mut shared.dialogue;
        if self.to_program {
            dialogue.bytes.0 += bytes.len();
        } else {
            dialogue.bytes.1 += bytes.len();
        }
        for &byte in bytes {
            partial.take(byte, self.to_program, dialogue);
        }
        if self.to_program {
            return false;
        }
        let room = self.cap.saturating_sub(kept.len());
        kept.extend_from_slice(bytes.get(..room.min(bytes.len())).unwrap_or_default());
        bytes.len() > room
    }
}

/// Whether any process of these groups is running (not waiting), from `/proc`: at the time
/// limit, a dialogue where every process waits is idle. Elsewhere than Linux: always.
fn any_running(groups: &[i32]) -> bool {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return true;
    };
    entries.filter_map(Result::ok).any(|entry| {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            return false;
        };
        // `pid (name) state ppid pgrp ...`: the name may hold spaces and parentheses.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
        let group = fields.get(2).and_then(|g| g.parse::<i32>().ok());
        group.is_some_and(|g| groups.contains(&g)) && matches!(fields.first(), Some(&("R" | "D")))
    })
}

/// The files an interactor is given, in a temporary folder removed after the run.
struct Files {
    dir: tempfile::TempDir,
    args: Vec<String>,
}

impl Drop for Files {
    fn drop(&mut self) {
        lock(folders()).remove(self.dir.path());
    }
}

impl Files {
    fn new(convention: Convention, input: &[u8]) -> std::io::Result<Files> {
        let dir = tempfile::Builder::new().prefix("tabletop-interact").tempdir()?;
        lock(folders()).insert(dir.path().to_path_buf());
        let path = |name: &str| dir.path().join(name).display().to_string();
        std::fs::write(dir.path().join("input"), input)?;
        let args = match convention {
            Convention::Testlib => vec![path("input"), path("output")],
            Convention::Kattis => {
                std::fs::write(dir.path().join("answer"), b"")?;
                std::fs::create_dir(dir.path().join("feedback"))?;
                vec![path("input"), path("answer"), format!("{}/", path("feedback"))]
            }
        };
        Ok(Files { dir, args })
    }

    fn judge_message(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("feedback/judgemessage.txt")).unwrap_or_default()
    }
}

/// How much of the interactor's stderr is kept.
const INTERACTOR_STDERR: usize = 64 << 10;

/// How both processes ended.
struct Ends {
    interactor: Status,
    program: Status,
    /// At the time limit, every process was waiting.
    idle: bool,
}

impl Interactor {
    /// Runs `program` against this interactor on the hidden data `input`, within the
    /// program's time limit and output cap.
    ///
    /// # Errors
    /// One of them could not be started, or a temporary file could not be written.
    pub fn run(&self, program: &Command, input: &[u8]) -> std::io::Result<Session> {
        let started = Instant::now();
        let files = Files::new(self.convention, input)?;
        let (mut judge, judge_group) = Group::spawn(&self.command, &files.args)?;
        let (mut solution, solution_group) = match Group::spawn(program, &[]) {
            Ok(spawned) => spawned,
            Err(error) => {
                let _ = judge.kill();
                let _ = judge.wait();
                judge_group.end();
                return Err(error);
            }
        };
        let shared = Arc::new(Mutex::new(Shared {
            dialogue: Dialogue::default(),
        }));
        let (events, received) = mpsc::channel();
        let relay = |to_program: bool| Relay {
            to_program,
            shared: Arc::clone(&shared),
            cap: program.max_output,
            events: events.clone(),
        };
        let pipes = (
            judge.stdout.take(),
            solution.stdin.take(),
            solution.stdout.take(),
            judge.stdin.take(),
        );
        let (Some(judge_out), Some(solution_in), Some(solution_out), Some(judge_in)) = pipes else {
            judge_group.end();
            solution_group.end();
            return Err(std::io::Error::other("a child without its pipes"));
        };
        let to_program = relay(true).start(judge_out, solution_in);
        let from_program = relay(false).start(solution_out, judge_in);
        let judge_err = judge.stderr.take().map(|e| Capture::start(e, INTERACTOR_STDERR));
        let solution_err = solution
            .stderr
            .take()
            .map(|e| Capture::start(e, program.max_output));
        for (is_judge, mut child) in [(true, judge), (false, solution)] {
            let events = events.clone();
            std::thread::spawn(move || {
                let _ = events.send(Event::Exit(is_judge, child.wait()));
            });
        }
        drop(events);
        let groups = [judge_group.id, solution_group.id];
        let ends = wait(&received, started + program.timeout, &groups, &solution_group)?;
        // Killed by Ctrl-C: tabletop is ending with exit status 130, and this run must not
        // be reported meanwhile as the interactor's failure (exit status 2).
        while INTERRUPTED.load(std::sync::atomic::Ordering::SeqCst) {
            std::thread::park();
        }
        let elapsed = started.elapsed();
        judge_group.end();
        solution_group.end();
        let deadline = Instant::now() + GRACE;
        let _ = to_program.recv_timeout(deadline.saturating_duration_since(Instant::now()));
        let stdout = from_program
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .unwrap_or_default();
        let collect = |capture: Option<Capture>| capture.map_or((Vec::new(), false), |c| c.finish(deadline));
        let (judge_stderr, _) = collect(judge_err);
        let (stderr, _) = collect(solution_err);
        let dialogue = lock(&shared).dialogue.clone();
        let said = match self.convention {
            Convention::Kattis => format!(
                "{}\n{}",
                files.judge_message(),
                String::from_utf8_lossy(&judge_stderr)
            ),
            Convention::Testlib => String::from_utf8_lossy(&judge_stderr).into_owned(),
        };
        let message = crate::compare::message(&said);
        let verdict = self.verdict(&ends, &dialogue, &message);
        Ok(Session {
            verdict,
            program: Output {
                stdout,
                stderr,
                status: ends.program,
                elapsed,
                read_all_input: true,
            },
            interactor: ends.interactor,
            message,
            dialogue,
        })
    }

    /// The verdict of a run that ended as `ends`.
    fn verdict(&self, ends: &Ends, dialogue: &Dialogue, message: &str) -> Verdict {
        let failed = |failure: Failure| Verdict::Failed(failure, None);
        match ends.program {
            Status::OutputLimit => return failed(Failure::TooMuchOutput),
            Status::TimedOut if ends.idle => return failed(Failure::Idle),
            Status::TimedOut => return failed(Failure::Timeout),
            _ => {}
        }
        let accepted = match (self.convention, ends.interactor) {
            (Convention::Testlib, Status::Exited(0)) | (Convention::Kattis, Status::Exited(42)) => true,
            (Convention::Testlib, Status::Exited(1 | 2)) | (Convention::Kattis, Status::Exited(43)) => false,
            (_, status) => return Verdict::InteractorFailed(status, message.to_string()),
        };
        if accepted {
            return match ends.program {
                Status::Exited(0) => Verdict::Accepted,
                status => failed(Failure::Crash(status)),
            };
        }
        // Rejected. Who spoke last tells why, whatever the order in which the two ended
        // (which is up to the scheduler): the program, then the interactor judged its words
        // (a crash after that, at the end of its input, is a consequence); the interactor,
        // then the program left without answering.
        let program_spoke_last = dialogue.last_line().is_some_and(|line| !line.to_program);
        if !program_spoke_last {
            return match ends.program {
                Status::Exited(0) => Verdict::Failed(Failure::ExitedEarly, Some(message.to_string())),
                status => Verdict::Failed(Failure::Crash(status), Some(message.to_string())),
            };
        }
        let why = if ends.interactor == Status::Exited(2) && self.convention == Convention::Testlib {
            format!("presentation error: {message}")
        } else {
            message.to_string()
        };
        Verdict::Failed(Failure::WrongAnswer, Some(why))
    }
}

/// Waits for both processes until `deadline`; kills the program's group when it passes its
/// output cap, both groups at the deadline.
fn wait(
    events: &mpsc::Receiver<Event>,
    deadline: Instant,
    groups: &[i32; 2],
    program: &Group,
) -> std::io::Result<Ends> {
    let mut ends: [Option<Status>; 2] = [None, None];
    let (mut over, mut timed_out, mut idle) = (false, false, false);
    while ends.iter().any(Option::is_none) {
        let event = if timed_out {
            // Killed: their ends come at once (a far safety net for a process that hangs
            // in the kernel).
            events.recv_timeout(Duration::from_secs(10))
        } else {
            events.recv_timeout(deadline.saturating_duration_since(Instant::now()))
        };
        match event {
            Ok(Event::Exit(is_judge, status)) => {
                ends[usize::from(!is_judge)] = Some(exit_status(status?));
            }
            Ok(Event::OverLimit) => {
                over = true;
                program.kill();
            }
            Err(mpsc::RecvTimeoutError::Timeout) if !timed_out => {
                timed_out = true;
                idle = !any_running(groups);
                for &group in groups {
                    kill_group(group);
                }
            }
            Err(_) => break,
        }
    }
    // The time limit is the dialogue's, shared by both: reached, it is the run's end.
    let program = match ends[1] {
        _ if over => Status::OutputLimit,
        Some(status) if !timed_out => status,
        _ => Status::TimedOut,
    };
    Ok(Ends {
        interactor: ends[0].unwrap_or(Status::TimedOut),
        program,
        idle,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        Command::new("sh", ["-c", script, "sh"]).timeout(Duration::from_secs(120))
    }

    fn testlib(script: &str) -> Interactor {
        Interactor {
            command: sh(script),
            convention: Convention::Testlib,
        }
    }

    /// A long dialogue keeps its first and last lines, a long line its start, and counts
    /// everything.
    #[test]
    fn a_dialogue_keeps_its_ends_and_its_length() {
        let interactor = testlib(r#"echo go; n=0; while read line; do n=$((n+1)); done; test $n = 100"#);
        let program =
            sh(r#"read go; i=0; while [ $i -lt 99 ]; do echo $i; i=$((i+1)); done; printf '%0300d\n' 7"#);
        let session = interactor.run(&program, b"").unwrap();
        assert_eq!(session.verdict, Verdict::Accepted, "{}", session.message);
        let dialogue = &session.dialogue;
        assert_eq!(
            (dialogue.lines, dialogue.first.len(), dialogue.last.len()),
            (101, 20, 20)
        );
        assert_eq!(
            dialogue.first[0],
            Line {
                to_program: true,
                text: "go".into(),
                bytes: 2
            }
        );
        assert_eq!(dialogue.first[1].text, "0");
        let last = dialogue.last_line().unwrap();
        assert_eq!(
            (last.to_program, last.text.len(), last.bytes),
            (false, LINE_KEPT, 300)
        );
        // Ten lines of two bytes, 89 of three, then 301.
        assert_eq!(dialogue.bytes, (3, 20 + 267 + 301));
    }

    /// Kattis: the files' order, exit 43 and the judge message from the feedback folder.
    #[test]
    fn a_kattis_interactor_gets_input_answer_and_feedback() {
        let interactor = Interactor {
            command: sh(
                r#"cat "$1"; test -f "$2" && read reply && echo "got $reply" > "$3/judgemessage.txt"; exit 43"#,
            ),
            convention: Convention::Kattis,
        };
        let session = interactor.run(&sh("read n; echo $((n + 1))"), b"41\n").unwrap();
        assert_eq!(
            session.verdict,
            Verdict::Failed(Failure::WrongAnswer, Some("got 42".into()))
        );
        assert_eq!(session.interactor, Status::Exited(43));
        let failed = testlib("exit 3").run(&sh("cat"), b"").unwrap();
        assert!(matches!(
            failed.verdict,
            Verdict::InteractorFailed(Status::Exited(3), _)
        ));
    }

    /// Every process of both groups is gone after a run, a background one included.
    #[test]
    fn no_process_outlives_its_run() {
        let dir = tempfile::tempdir().unwrap();
        let pid = dir.path().join("pid");
        let program = sh(&format!(
            "sleep 600 & echo $! > {}; read n; echo $n",
            pid.display()
        ));
        let session = testlib("echo 1; read reply; test \"$reply\" = 1")
            .run(&program, b"")
            .unwrap();
        assert_eq!(session.verdict, Verdict::Accepted, "{}", session.message);
        let pid = std::fs::read_to_string(&pid).unwrap();
        let stat = format!("/proc/{}/stat", pid.trim());
        // SIGKILL is delivered asynchronously: the process may still be on its way out when
        // the run returns, so wait for it to be gone (or a zombie waiting for its reaper).
        // The limit only ends a hung test; a loaded machine needs a few milliseconds at most.
        let limit = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            let dead = std::fs::read_to_string(&stat).map_or(true, |s| {
                s.rsplit_once(") ")
                    .is_some_and(|(_, r)| r.starts_with('Z') || r.starts_with('X'))
            });
            if dead {
                break;
            }
            assert!(
                std::time::Instant::now() < limit,
                "the background sleep outlived its run"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}

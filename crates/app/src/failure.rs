//! Why a request was not answered: a [`Failure`] with a typed cause, and the located
//! [`Problem`]s of an invalid input.
//!
//! A [`Problem`] is what every front end shows for a bad input: the CLI prints its report
//! (`error: <file>:<line>:<col>: <message>`, then the line with a caret), other front ends
//! read its fields.

use std::fmt;

/// Why a request was not answered in full. Each cause is typed, so that front ends match on
/// it (a closed pipe, a deadline, an option at fault); its words are rendered at the edge by
/// [`Failure::report`] (the command line's stderr, the server's message, Python's exception).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Reading or writing failed, or a resource ran out (exit code 1).
    Io(IoFailure),
    /// A long computation was stopped by its [`Control`](tabletop_control::Control)
    /// (Ctrl-C, a cancel, a deadline) before it was done. Exit code 1, not the shell's 130
    /// for a death by SIGINT: the program was not killed, it caught the interrupt, saved any
    /// checkpoint and reported it, and scripts that resume a run test for an ordinary failure.
    Stopped(StopFailure),
    /// The request itself does not make sense (exit code 2).
    Usage(UsageFailure),
    /// The input is invalid or describes an impossible game (exit code 2).
    Invalid {
        /// With keep-going, the answers of the valid test cases (in input order).
        answers: Option<String>,
        /// One problem per bad test case (without keep-going, the first one), in input order.
        problems: Vec<Problem>,
    },
}

/// What could not be read or written, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IoFailure {
    /// What could not be read or written (a file's name, `<stdin>`, `<stdout>`), when one
    /// thing is at fault.
    pub subject: Option<String>,
    /// What went wrong, in words.
    pub message: String,
    /// The operating system's kind of error, when one caused it.
    pub kind: Option<std::io::ErrorKind>,
}

/// Why and where a long computation stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StopFailure {
    /// A cancel (Ctrl-C, a client's cancel) or a deadline.
    pub reason: tabletop_control::Stopped,
    /// How far it got, in words (`after G(0..64) of 1001`), when the computation says.
    pub after: Option<String>,
    /// The checkpoint it saved, to go on from with `--resume`.
    pub saved: Option<std::path::PathBuf>,
}

/// A request that does not make sense.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageFailure {
    /// What the user gave that is at fault (an input's name), when one thing is.
    pub subject: Option<String>,
    /// What is wrong, in words.
    pub message: String,
}

impl Failure {
    /// One problem that ends the request.
    pub fn invalid(problem: Problem) -> Failure {
        Failure::Invalid {
            answers: None,
            problems: vec![problem],
        }
    }

    /// `subject` could not be read or written: the operating system's `error`, after what was
    /// being done (`doing`, such as "cannot save the checkpoint"), if anything.
    pub fn io(subject: impl Into<String>, doing: Option<&str>, error: &std::io::Error) -> Failure {
        Failure::Io(IoFailure {
            subject: Some(subject.into()),
            message: match doing {
                Some(doing) => format!("{doing}: {error}"),
                None => error.to_string(),
            },
            kind: Some(error.kind()),
        })
    }

    /// A resource that ran out or output that could not be made, said in `message`.
    pub fn resource(message: impl Into<String>) -> Failure {
        Failure::Io(IoFailure {
            subject: None,
            message: message.into(),
            kind: None,
        })
    }

    /// A computation stopped for `reason`, after `after` (in words), with its state `saved`.
    pub fn stopped(
        reason: tabletop_control::Stopped,
        after: Option<String>,
        saved: Option<std::path::PathBuf>,
    ) -> Failure {
        Failure::Stopped(StopFailure { reason, after, saved })
    }

    /// A request that does not make sense, said in `message`.
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure::Usage(UsageFailure {
            subject: None,
            message: message.into(),
        })
    }

    /// A request that does not make sense about `subject` (an input's name).
    pub fn usage_of(subject: impl Into<String>, message: impl Into<String>) -> Failure {
        Failure::Usage(UsageFailure {
            subject: Some(subject.into()),
            message: message.into(),
        })
    }

    /// The process exit code the CLI gives this failure: 1 for I/O and a stop, 2 for
    /// invalid input.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Io(_) | Failure::Stopped(_) => 1,
            Failure::Usage(_) | Failure::Invalid { .. } => 2,
        }
    }

    /// The whole report for stderr: `error: ...` lines, every problem's report for an
    /// invalid input.
    pub fn report(&self) -> String {
        match self {
            Failure::Io(io) => format!("{io}\n"),
            Failure::Stopped(stop) => format!("{stop}\n"),
            Failure::Usage(usage) => format!("{usage}\n"),
            Failure::Invalid { problems, .. } => problems.iter().map(Problem::to_string).collect(),
        }
    }

    /// The report without its `error: ` and its last newline: the words for a front end
    /// that says it is an error in its own way (a JSON error, an exception).
    pub fn message(&self) -> String {
        let report = self.report();
        let text = report.trim_end();
        text.strip_prefix("error: ").unwrap_or(text).to_owned()
    }
}

/// `error: ` and, when there is one, the subject and a colon.
fn error_about(f: &mut fmt::Formatter<'_>, subject: Option<&str>) -> fmt::Result {
    match subject {
        Some(subject) => write!(f, "error: {}: ", escape(subject)),
        None => f.write_str("error: "),
    }
}

impl fmt::Display for IoFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        error_about(f, self.subject.as_deref())?;
        f.write_str(&self.message)
    }
}

impl fmt::Display for UsageFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        error_about(f, self.subject.as_deref())?;
        f.write_str(&self.message)
    }
}

impl fmt::Display for StopFailure {
    /// `error: <reason>` when nothing says where; else `error: stopped <after>`, and how to
    /// go on from a saved state.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.after {
            None => write!(f, "error: {}", self.reason)?,
            Some(after) => write!(f, "error: stopped {after}")?,
        }
        match &self.saved {
            Some(path) => write!(
                f,
                "; the state is saved in {0}: go on with --resume {0}",
                path.display()
            ),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.report().trim_end())
    }
}

impl std::error::Error for Failure {}

/// A 1-based line and column in an input (columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

/// One thing wrong with an input, located when it is about a place in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The input's name (control characters escaped).
    pub file: String,
    /// Where in the input, when the problem is about a place in it.
    pub location: Option<Location>,
    /// What is wrong, in words (control characters escaped).
    pub message: String,
    /// The offending line with a caret under the offending text (may be empty).
    pub snippet: String,
    /// The test case it is about (from 1), when the format has several.
    pub case: Option<usize>,
}

impl Problem {
    /// A problem about `file` as a whole.
    pub fn unlocated(file: &str, message: impl Into<String>) -> Problem {
        Problem {
            file: escape(file),
            location: None,
            message: escape(&message.into()),
            snippet: String::new(),
            case: None,
        }
    }

    /// The same problem, said to be about test case `case` (from 1).
    #[must_use]
    pub fn in_case(mut self, case: usize) -> Problem {
        self.case = Some(case);
        self
    }
}

impl fmt::Display for Problem {
    /// The report: `error: <file>:<line>:<col>: <message>` (or `error: <file>: <message>`),
    /// then the snippet; it ends with a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.location {
            Some(at) => writeln!(
                f,
                "error: {}:{}:{}: {}",
                self.file, at.line, at.column, self.message
            )?,
            None => writeln!(f, "error: {}: {}", self.file, self.message)?,
        }
        f.write_str(&self.snippet)
    }
}

/// `text` with control characters (which could clear or recolour a terminal) written as
/// `\x1b`; tabs and newlines are kept.
pub fn escape(text: &str) -> String {
    if !text.chars().any(is_escaped) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_char(&mut out, c);
    }
    out
}

/// Bytes as text: invalid UTF-8 as U+FFFD, control characters escaped (see [`escape`]);
/// tabs as they are.
pub(crate) fn escape_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for c in String::from_utf8_lossy(bytes).chars() {
        match c {
            '\n' => out.push_str("\\n"),
            c => push_char(&mut out, c),
        }
    }
    out
}

fn is_escaped(c: char) -> bool {
    c.is_control() && c != '\t' && c != '\n'
}

fn push_char(out: &mut String, c: char) {
    if is_escaped(c) {
        let code = u32::from(c);
        match code {
            0..=0xff => out.push_str(&format!("\\x{code:02x}")),
            _ => out.push_str(&format!("\\u{{{code:x}}}")),
        }
    } else {
        out.push(c);
    }
}

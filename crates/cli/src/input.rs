//! Reading the input file (or stdin) and reporting located errors.

use std::io::Read;
use std::path::{Path, PathBuf};

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term;
use tabletop_parse::ParseError;

/// The input file argument shared by every game subcommand.
#[derive(Debug, Clone, clap::Args)]
pub struct InputArgs {
    /// Input file; standard input when absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// Why a command failed. Nothing has been written to stdout when a command returns one.
#[derive(Debug)]
pub enum Failure {
    /// Reading or writing failed (exit code 1).
    Io(String),
    /// The input is invalid or describes an impossible game (exit code 2). The text is the
    /// whole report, first line `error: <file>:<line>:<col>: <message>`.
    Input(String),
}

impl Failure {
    /// The process exit code for this failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Io(_) => 1,
            Failure::Input(_) => 2,
        }
    }
}

/// An input text and the name to report it by.
pub struct Source {
    /// `<stdin>` or the path as given.
    pub name: String,
    /// The raw bytes.
    pub bytes: Vec<u8>,
}

impl InputArgs {
    /// Reads the whole input.
    pub fn read(&self) -> Result<Source, Failure> {
        match self.file.as_deref() {
            None => read_stdin(),
            Some(path) if path == Path::new("-") => read_stdin(),
            Some(path) => {
                let name = path.display().to_string();
                let bytes = std::fs::read(path).map_err(|e| Failure::Io(format!("error: {name}: {e}")))?;
                Ok(Source { name, bytes })
            }
        }
    }
}

fn read_stdin() -> Result<Source, Failure> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::Io(format!("error: <stdin>: {e}")))?;
    if bytes.is_empty() && stdin_was_closed() {
        return Err(Failure::Io(
            "error: <stdin>: standard input is closed (give a file, or pipe the input in)".into(),
        ));
    }
    Ok(Source {
        name: "<stdin>".into(),
        bytes,
    })
}

/// Whether the process started with file descriptor 0 closed (`tabletop chutes <&-`).
///
/// The Rust runtime reopens a closed standard descriptor on `/dev/null` with `O_RDWR` before
/// `main`, so a closed stdin reads as an empty one. A shell redirection `</dev/null` opens it
/// read-only, so `/dev/null` open for reading and writing on fd 0 tells the two apart. Linux
/// only (it reads `/proc/self`); elsewhere a closed stdin stays an empty input.
fn stdin_was_closed() -> bool {
    const O_ACCMODE: u32 = 0o3;
    const O_RDWR: u32 = 0o2;
    let Ok(target) = std::fs::read_link("/proc/self/fd/0") else {
        return false;
    };
    if target != Path::new("/dev/null") {
        return false;
    }
    let Ok(info) = std::fs::read_to_string("/proc/self/fdinfo/0") else {
        return false;
    };
    info.lines()
        .find_map(|line| line.strip_prefix("flags:"))
        .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
        .is_some_and(|flags| flags & O_ACCMODE == O_RDWR)
}

impl Source {
    /// Renders `error` against this input: the compiler-style first line, then the line with
    /// a caret under the offending text.
    pub fn error(&self, error: &ParseError) -> Failure {
        let at = error.position(&self.bytes);
        let mut report = format!(
            "error: {}:{}:{}: {}\n",
            self.name, at.line, at.column, error.message
        );
        report.push_str(&self.snippet(error));
        Failure::Input(report)
    }

    /// The offending line with the span underlined (codespan-reporting, no colour). The
    /// message is already on the first line, so the carets carry no label and the header that
    /// codespan writes (`error: ...`) is dropped. Empty when the line is too long to show
    /// usefully.
    fn snippet(&self, error: &ParseError) -> String {
        const LONGEST_LINE: usize = 400;
        let bytes = &self.bytes;
        let start = error.span.start.min(bytes.len());
        let end = error.span.end.clamp(start, bytes.len());
        let line_start = bytes[..start]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line_end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| start + i);
        if line_end - line_start > LONGEST_LINE {
            return String::new();
        }
        // Offsets into the lossy text (invalid UTF-8 becomes U+FFFD, which is longer).
        let text = String::from_utf8_lossy(bytes);
        let offset = String::from_utf8_lossy(&bytes[..start]).len();
        let length = String::from_utf8_lossy(&bytes[start..end]).len();
        let file = SimpleFile::new(self.name.as_str(), text.as_ref());
        let diagnostic = Diagnostic::error().with_labels(vec![Label::primary((), offset..offset + length)]);
        let config = term::Config {
            before_label_lines: 1,
            ..term::Config::default()
        };
        match term::emit_into_string(&config, &file, &diagnostic) {
            // Drop codespan's own header line (`error`): ours came first.
            Ok(rendered) => rendered
                .split_once('\n')
                .map_or(String::new(), |(_, rest)| format!("{}\n", rest.trim_end())),
            Err(_) => String::new(),
        }
    }
}

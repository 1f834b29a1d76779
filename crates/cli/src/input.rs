//! Reading the input file (or stdin) and reporting located errors.

use std::io::Read;
use std::path::{Path, PathBuf};

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::{self, Files, SimpleFile};
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
    /// With `--keep-going`, some test cases were bad (exit code 2): the answers of the good
    /// ones go to stdout, the reports of the bad ones to stderr.
    Partial {
        /// The answers of the valid test cases.
        answers: String,
        /// One report per bad test case, in input order.
        reports: String,
    },
}

impl Failure {
    /// The process exit code for this failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Io(_) => 1,
            Failure::Input(_) | Failure::Partial { .. } => 2,
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
        Window {
            name: &self.name,
            bytes: &self.bytes,
            lines_before: 0,
        }
        .error(error)
    }
}

/// A stretch of an input that starts at the beginning of a line: the whole input, or one
/// window of a [`Stream`]. Errors are located in the input as a whole.
pub struct Window<'a> {
    /// `<stdin>` or the path as given.
    pub name: &'a str,
    /// The window's bytes.
    pub bytes: &'a [u8],
    /// Lines of the input before the window.
    pub lines_before: usize,
}

impl Window<'_> {
    /// Renders `error` (its span relative to the window): `error: name:line:col: message`,
    /// then the line with a caret under the offending text.
    pub fn error(&self, error: &ParseError) -> Failure {
        let at = error.location(self.bytes);
        let mut report = format!(
            "error: {}:{}:{}: {}\n",
            self.name,
            at.line + self.lines_before,
            at.column,
            error.message
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
        let bytes = self.bytes;
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
        let file = NumberedFile {
            file: SimpleFile::new(self.name, text.as_ref()),
            lines_before: self.lines_before,
        };
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

/// A window's text for codespan, with line numbers counted from the start of the input.
struct NumberedFile<'a> {
    file: SimpleFile<&'a str, &'a str>,
    lines_before: usize,
}

impl<'a> Files<'a> for NumberedFile<'a> {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, (): ()) -> Result<&'a str, files::Error> {
        Ok(*self.file.name())
    }

    fn source(&'a self, (): ()) -> Result<&'a str, files::Error> {
        Ok(*self.file.source())
    }

    fn line_index(&'a self, (): (), byte_index: usize) -> Result<usize, files::Error> {
        self.file.line_index((), byte_index)
    }

    fn line_number(&'a self, (): (), line_index: usize) -> Result<usize, files::Error> {
        Ok(line_index + 1 + self.lines_before)
    }

    fn line_range(&'a self, (): (), line_index: usize) -> Result<std::ops::Range<usize>, files::Error> {
        self.file.line_range((), line_index)
    }
}

/// An input read a window at a time (a test case, as the format's splitter finds it), so that
/// a command holds one test case's text instead of the whole file.
pub struct Stream {
    name: String,
    reader: Box<dyn Read>,
    buffer: Vec<u8>,
    /// Where the text not yet handed out starts in `buffer`.
    start: usize,
    /// Lines of the input before `buffer[start]`.
    lines_before: usize,
    at_end: bool,
}

/// How much one read asks for. The splitter resumes where it stopped, so a test case larger
/// than a block is still scanned once; the buffer holds a test case and at most one block.
const BLOCK: usize = 1 << 18;

impl InputArgs {
    /// Opens the input for reading a window at a time.
    pub fn open(&self) -> Result<Stream, Failure> {
        let (name, reader): (String, Box<dyn Read>) = match self.file.as_deref() {
            None => ("<stdin>".into(), stdin_reader()?),
            Some(path) if path == Path::new("-") => ("<stdin>".into(), stdin_reader()?),
            Some(path) => {
                let name = path.display().to_string();
                let file =
                    std::fs::File::open(path).map_err(|e| Failure::Io(format!("error: {name}: {e}")))?;
                (name, Box::new(file))
            }
        };
        Ok(Stream {
            name,
            reader,
            buffer: Vec::new(),
            start: 0,
            lines_before: 0,
            at_end: false,
        })
    }
}

fn stdin_reader() -> Result<Box<dyn Read>, Failure> {
    if stdin_was_closed() {
        return Err(Failure::Io(
            "error: <stdin>: standard input is closed (give a file, or pipe the input in)".into(),
        ));
    }
    Ok(Box::new(std::io::stdin()))
}

impl Stream {
    /// The name errors are reported by (`<stdin>` or the path).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The next window: the first test case of the text not yet handed out, as `split` finds
    /// it (its length and lines; `None` while the text ends before the test case does), or at
    /// the end of the input everything that is left. `None` once only white space is left.
    pub fn next_window(
        &mut self,
        mut split: impl FnMut(&[u8]) -> Option<(usize, usize)>,
    ) -> Result<Option<Window<'_>>, Failure> {
        loop {
            let rest = &self.buffer[self.start..];
            let (length, lines) = match split(rest) {
                Some((length, lines)) => (length.min(rest.len()), lines),
                None if self.at_end && rest.iter().all(u8::is_ascii_whitespace) => return Ok(None),
                None if self.at_end => (rest.len(), rest.iter().filter(|&&b| b == b'\n').count()),
                None => {
                    self.fill()?;
                    continue;
                }
            };
            let (from, lines_before) = (self.start, self.lines_before);
            self.start += length;
            self.lines_before += lines;
            return Ok(Some(Window {
                name: &self.name,
                bytes: &self.buffer[from..self.start],
                lines_before,
            }));
        }
    }

    /// Drops the text already handed out and reads up to one more block.
    fn fill(&mut self) -> Result<(), Failure> {
        self.buffer.drain(..self.start);
        self.start = 0;
        let kept = self.buffer.len();
        self.buffer.resize(kept + BLOCK, 0);
        let mut filled = kept;
        while filled < self.buffer.len() {
            match self.reader.read(&mut self.buffer[filled..]) {
                Ok(0) => {
                    self.at_end = true;
                    break;
                }
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(Failure::Io(format!("error: {}: {e}", self.name))),
            }
        }
        self.buffer.truncate(filled);
        Ok(())
    }
}

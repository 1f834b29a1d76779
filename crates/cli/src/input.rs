//! Reading the input file (or stdin) and reporting located errors.

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, NamedSource, SourceSpan};
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
    Ok(Source {
        name: "<stdin>".into(),
        bytes,
    })
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

    /// The offending line (and its neighbours) with the span underlined, by miette. Empty
    /// when the line is too long to show usefully.
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
        let text = String::from_utf8_lossy(bytes).into_owned();
        let offset = String::from_utf8_lossy(&bytes[..start]).len();
        let length = String::from_utf8_lossy(&bytes[start..end]).len();
        let diagnostic = Snippet {
            code: NamedSource::new(&self.name, text).with_language("text"),
            span: (offset, length).into(),
            label: error.message.clone(),
        };
        let theme = if std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none() {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        let mut rendered = String::new();
        let handler = GraphicalReportHandler::new_themed(theme).with_context_lines(1);
        match handler.render_report(&mut rendered, &diagnostic) {
            Ok(()) => rendered,
            Err(_) => String::new(),
        }
    }
}

/// The miette view of a located error: the source and one labelled span.
#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("rejected input")]
struct Snippet {
    #[source_code]
    code: NamedSource<String>,
    #[label("{label}")]
    span: SourceSpan,
    label: String,
}

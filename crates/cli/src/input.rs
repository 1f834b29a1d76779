//! Reading the input file (or stdin) into the application layer's [`Source`] or [`Stream`].

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use tabletop_app::{Failure, Source, Stream};

/// The input file argument shared by every game subcommand.
#[derive(Debug, Clone, clap::Args)]
pub struct InputArgs {
    /// Input file; standard input when absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

impl InputArgs {
    /// Reads the whole input.
    pub fn read(&self) -> Result<Source, Failure> {
        match self.path() {
            None => Source::read("<stdin>", stdin()?),
            Some(path) => {
                let name = path.display().to_string();
                let file = open(path, &name)?;
                Source::read(name, file)
            }
        }
    }

    /// Opens the input for reading a window at a time.
    pub fn open(&self) -> Result<Stream<'static>, Failure> {
        match self.path() {
            None => Ok(Stream::new("<stdin>", stdin()?)),
            Some(path) => {
                let name = path.display().to_string();
                let file = open(path, &name)?;
                Ok(Stream::new(name, file))
            }
        }
    }

    /// The file to read, `None` for standard input.
    fn path(&self) -> Option<&Path> {
        self.file.as_deref().filter(|path| *path != Path::new("-"))
    }
}

fn open(path: &Path, name: &str) -> Result<std::fs::File, Failure> {
    std::fs::File::open(path).map_err(|e| Failure::io(name, None, &e))
}

/// Standard input, unless it was closed; a person at a terminal is told it is being read.
fn stdin() -> Result<std::io::Stdin, Failure> {
    if stdin_was_closed() {
        return Err(Failure::Io(tabletop_app::IoFailure {
            subject: Some("<stdin>".into()),
            message: "standard input is closed (give a file, or pipe the input in)".into(),
            kind: None,
        }));
    }
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!("note: reading the input from standard input (end it with Ctrl-D, or give a FILE)");
    }
    Ok(stdin)
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

/// Writes `picture` into `path`.
pub fn write_file(path: &Path, contents: &str) -> Result<(), Failure> {
    std::fs::write(path, contents).map_err(|e| Failure::io(path.display().to_string(), None, &e))
}

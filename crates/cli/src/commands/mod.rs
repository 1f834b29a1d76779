//! One module per subcommand: its arguments, turned into an application-layer request.

pub mod chutes;
pub mod gen;
pub mod grundy;
pub mod octal;
pub mod odds;
pub mod pigs;
#[cfg(feature = "serve")]
pub mod serve;
pub mod snakes;
pub mod stress;

/// `--keep-going`, shared by the judge commands.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct KeepGoing {
    /// Answer the valid test cases, report each bad one (then exit code 2)
    #[arg(long)]
    pub keep_going: bool,
}

/// `--case K`: a test case number, 1 or more.
pub(crate) fn case_number(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("test cases are numbered from 1".into()),
        Ok(k) => Ok(k),
        Err(_) => Err(format!("expected a test case number (1, 2, ...), found `{text}`")),
    }
}

/// The trace sink of a command: stderr, when the trace is asked for.
pub(crate) fn trace_to_stderr(wanted: bool) -> Option<std::io::StderrLock<'static>> {
    wanted.then(|| std::io::stderr().lock())
}

/// `--jobs N`: how many threads answer test cases at once.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct Jobs {
    /// Answer on N threads (default: one per core), in input order
    #[arg(long, value_name = "N", value_parser = job_count)]
    pub jobs: Option<usize>,
}

/// `--jobs N`: 1 or more.
fn job_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("at least one job is needed".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "expected a number of threads (1, 2, ...), found `{text}`"
        )),
    }
}

//! `tabletop stress`: 对拍 against tabletop, with shrinking.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use tabletop_stress::run::Command;
use tabletop_stress::{report, stress, Config, Game, Size};

/// Runs COMMAND on generated inputs and compares its output with tabletop's.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Each input goes to COMMAND on stdin; its stdout is compared with \
tabletop's answer as a judge does (trailing spaces and trailing blank lines ignored). A crash, \
a non-zero exit status or a timeout is a failure too. Run i uses seed SEED+i: \
`tabletop gen GAME --seed SEED+i` prints its input.\n\n\
All runs agree: one line on stdout, exit 0. A failure: the input is shrunk until removing any \
single part of it (a game, a query, a jump, a pig, a card...) no longer fails the same way, \
and the report goes to stdout (exit 1). Usage errors and a COMMAND that cannot be started: \
exit 2.\n\n\
Example:\n  tabletop stress grundy --runs 500 --size tiny -- python3 my_solution.py"
)]
pub struct Args {
    /// The game: chutes, snakes, grundy or pigs.
    pub game: Game,
    /// How many inputs to try.
    #[arg(long, default_value_t = 1000)]
    pub runs: u64,
    /// The seed of the first run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How large the inputs are: tiny, judge or big.
    #[arg(long, default_value_t = Size::Judge)]
    pub size: Size,
    /// Grundy only: graphs with cycles.
    #[arg(long)]
    pub cycles: bool,
    /// The time limit of one run, in seconds.
    #[arg(long, default_value_t = 2.0, value_parser = parse_seconds)]
    pub timeout: f64,
    /// Runs at once (default: the number of cores).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,
    /// Write the minimal failing input to this file.
    #[arg(long, value_name = "FILE")]
    pub save: Option<std::path::PathBuf>,
    /// The program under test and its arguments (after `--`).
    #[arg(last = true, required = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 86_400.0 => Ok(seconds),
        _ => Err(format!("`{text}` is not a number of seconds in (0, 86400]")),
    }
}

fn fail(message: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    ExitCode::from(2)
}

/// Runs the stress test: exit 0 if every run agrees, 1 after a failure, 2 on usage errors.
pub fn run(args: &Args) -> ExitCode {
    let spec = match super::gen::spec(args.game, args.size, args.cycles) {
        Ok(spec) => spec,
        Err(failure) => {
            let _ = write!(std::io::stderr(), "{}", failure.report());
            return ExitCode::from(2);
        }
    };
    let Some((program, rest)) = args.command.split_first() else {
        return fail("no COMMAND given after `--`");
    };
    let command = Command {
        program: program.clone(),
        args: rest.to_vec(),
        timeout: Duration::from_secs_f64(args.timeout),
    };
    let jobs = args
        .jobs
        .map(|j| j as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let config = Config {
        spec,
        runs: args.runs,
        seed: args.seed,
        jobs,
        command: command.clone(),
        progress: true,
    };
    let verdict = match stress(&config) {
        Ok(verdict) => verdict,
        Err(error) => return fail(&error.to_string()),
    };
    let (text, code) = match verdict {
        Ok(summary) => (report::summary(&config, &summary), 0),
        Err(failed) => {
            if let Some(path) = &args.save {
                if let Err(e) = std::fs::write(path, failed.minimal.render()) {
                    return fail(&format!("{}: {e}", path.display()));
                }
            }
            (report::failure(&config, &failed, &command), 1)
        }
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush());
    ExitCode::from(code)
}

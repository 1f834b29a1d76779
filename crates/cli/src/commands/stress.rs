//! `tabletop stress`: 对拍 against tabletop, with shrinking.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use tabletop_stress::run::Command;
use tabletop_stress::{report, stress, Config, Game, StressError};

mod problem;

/// Runs COMMAND on generated inputs and compares its output with tabletop's.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Each input goes to COMMAND on stdin; its stdout is compared with \
tabletop's answer as a judge does (trailing spaces and trailing blank lines ignored). A crash, \
a non-zero exit status, a timeout or more output than --max-output is a failure too. Run i uses seed SEED+i: \
`tabletop gen GAME --seed SEED+i` prints its input.\n\n\
All runs agree: one line on stdout, exit 0. A failure: the input is shrunk until removing any \
single part of it (a game, a query, a jump, a pig, a card...) no longer fails the same way \
(for at most --shrink-time seconds), and the report goes to stdout (exit 1). Usage errors and a COMMAND that cannot be started: \
exit 2. A crash of tabletop itself while shrinking: `error: internal error in tabletop ...`, \
the input that caused it on stderr (and in --save's file), exit 101 (the code of a Rust panic).\n\n\
Any problem: --gen 'CMD [{seed}]' with --ref CMD (or --problem PKG) instead of GAME: each \
generated input is checked by --validator (if given), answered by the reference and judged (the \
judge comparison, --float EPS or --checker). A failure is shrunk over lines, tokens and numbers, \
keeping only inputs the validator accepts (without one: that the reference answers with exit 0) \
on which the program fails the same way, for at most --shrink-time seconds. A generator, \
validator, reference or checker that fails: exit 2, naming it.\n\n\
Interactive problems: --interactor CMD (testlib: `CMD input output`, the generated input as \
the hidden data; exit 0 accepts, 1 or 2 rejects, 3 is its own failure) or --problem PKG of \
type interactive (Kattis: `validator input answer feedback_dir`, exit 42 or 43): it talks with \
the program through pipes, --ref is optional, and the report shows the dialogue.\n\n\
Examples:\n  tabletop stress grundy --runs 500 --size tiny -- python3 my_solution.py\n  \
tabletop stress --gen 'python3 gen.py {seed}' --ref 'python3 brute.py' -- ./solution"
)]
pub struct Args {
    /// The game: chutes, snakes, grundy or pigs (none with --gen: a problem of your own).
    #[arg(required_unless_present = "gen")]
    pub game: Option<Game>,
    /// Your generator, one string split as a shell would (no shell): `{seed}` is replaced
    /// by the run's seed, else the seed is its last argument. Stress any problem.
    #[arg(long, value_name = "CMD", conflicts_with = "game")]
    pub gen: Option<String>,
    /// With --gen: the reference solution, whose answers are the expected ones; an input it
    /// fails on is not valid.
    #[arg(
        long = "ref",
        value_name = "CMD",
        requires = "gen",
        conflicts_with = "problem"
    )]
    pub reference: Option<String>,
    /// With --gen: an interactive problem's interactor, testlib's way: run as `CMD input
    /// output` with the hidden data in the file `input`, talking with the program through
    /// pipes; exit 0 accepts, 1 (wrong answer) or 2 (presentation error) rejects, 3 or
    /// anything else is the interactor's own failure. --ref is then optional.
    #[arg(long, value_name = "CMD", requires = "gen", conflicts_with = "problem")]
    pub interactor: Option<String>,
    /// With --gen: an input validator (input on stdin; exit 0 or 42 means valid).
    #[arg(long, value_name = "CMD", requires = "gen")]
    pub validator: Option<String>,
    /// With --gen: a checker, run as `CMD input output answer` (testlib's order); exit 0
    /// accepts, 1 or 2 rejects.
    #[arg(long, value_name = "CMD", requires = "gen", conflicts_with = "float")]
    pub checker: Option<String>,
    /// With --gen: compare tokens as numbers, within EPS absolute or relative.
    #[arg(long, value_name = "EPS", requires = "gen", value_parser = parse_tolerance)]
    pub float: Option<f64>,
    /// The most time shrinking may take, in seconds.
    #[arg(long, value_name = "S", default_value_t = 60.0, value_parser = parse_seconds)]
    pub shrink_time: f64,
    /// With --gen: an ICPC/Kattis problem package: its first accepted submission is the
    /// reference, its input validators and output validator (or float tolerance) judge.
    #[arg(long, value_name = "PKG", requires = "gen")]
    pub problem: Option<std::path::PathBuf>,
    /// With --problem: write the minimal failing input as data/secret/NAME.in and the
    /// reference's answer as NAME.ans.
    #[arg(long, value_name = "NAME", requires = "problem")]
    pub add_case: Option<String>,
    /// How many inputs to try (at least 1).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub runs: u64,
    /// The seed of the first run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The inputs' shape (GAME only).
    #[command(flatten)]
    pub shape: super::gen::Shape,
    /// The time limit of one run, in seconds.
    #[arg(long, default_value_t = 2.0, value_parser = parse_seconds)]
    pub timeout: f64,
    /// Runs at once (default: the number of cores).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,
    /// The most output kept from each of COMMAND's stdout and stderr (bytes, or with a
    /// suffix K, M, G: 1024-based); more is a failure.
    #[arg(long, value_name = "BYTES", default_value = "64M", value_parser = parse_bytes)]
    pub max_output: usize,
    /// Write the minimal failing input to this file.
    #[arg(long, value_name = "FILE")]
    pub save: Option<std::path::PathBuf>,
    /// Words given before `--`: a command typed without `--`, refused with a hint.
    #[arg(hide = true, num_args = 0.., allow_hyphen_values = true)]
    pub stray: Vec<String>,
    /// The program under test and its arguments (after `--`).
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

fn parse_bytes(text: &str) -> Result<usize, String> {
    let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let shift = match &text[digits.len()..] {
        "" => 0,
        "K" | "k" | "KiB" => 10,
        "M" | "MiB" => 20,
        "G" | "GiB" => 30,
        _ => {
            return Err(format!(
                "`{text}` is not a size: a number of bytes, or with K, M or G"
            ))
        }
    };
    digits
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("`{text}` is not a size above 0: a number of bytes, or with K, M or G"))
}

fn parse_tolerance(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(eps) if eps.is_finite() && eps >= 0.0 => Ok(eps),
        _ => Err(format!(
            "`{text}` is not a tolerance: a number at least 0, such as 1e-6"
        )),
    }
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

/// The exit status of a bug in tabletop itself: what an uncaught panic would give.
const INTERNAL_ERROR: u8 = 101;

/// Reports tabletop's own panic with the input that caused it (also to `save`, if given).
pub(crate) fn internal_error(
    error: &tabletop_stress::shrink::InternalError,
    save: Option<&std::path::Path>,
) -> ExitCode {
    let input = &error.input;
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(
        stderr,
        "error: {error}\nthe input that caused it:\n{}",
        input.trim_end()
    );
    if let Some(path) = save {
        match std::fs::write(path, input) {
            Ok(()) => {
                let _ = writeln!(stderr, "(saved to {})", path.display());
            }
            Err(e) => {
                let _ = writeln!(stderr, "error: {}: {e}", path.display());
            }
        }
    }
    ExitCode::from(INTERNAL_ERROR)
}

/// Runs the stress test: exit 0 if every run agrees, 1 after a failure, 2 on usage errors,
/// 101 if tabletop itself panicked while shrinking.
pub fn run(args: &Args) -> ExitCode {
    let Some(game) = args.game else {
        return problem::run(args);
    };
    let spec = match args.shape.spec(game) {
        Ok(spec) => spec,
        Err(failure) => {
            let _ = write!(std::io::stderr(), "{}", failure.report());
            return ExitCode::from(2);
        }
    };
    if !args.stray.is_empty() {
        return fail(&format!(
            "unexpected `{}` before `--`: the program under test goes after `--`, as in\n  \
             tabletop stress {} [OPTIONS] -- {}",
            args.stray.join(" "),
            game,
            args.stray.join(" ")
        ));
    }
    let Some((program, rest)) = args.command.split_first() else {
        return fail(&format!(
            "no COMMAND given: the program under test goes after `--`, as in\n  \
             tabletop stress {} -- python3 my_solution.py",
            game
        ));
    };
    let command = Command::new(program.clone(), rest.iter().cloned())
        .timeout(Duration::from_secs_f64(args.timeout))
        .max_output(args.max_output);
    if let Err(message) = startable("the program under test", &command) {
        return fail(&message);
    }
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
        shrink_time: Duration::from_secs_f64(args.shrink_time),
        progress: true,
    };
    let verdict = match stress(&config) {
        Ok(verdict) => verdict,
        Err(StressError::Internal(error)) => return internal_error(&error, args.save.as_deref()),
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
    print_report(&text, code)
}

/// Refuses a program that cannot be started (no such file, not executable, not found in
/// `PATH`), naming it as `what`: a usage error, before any run takes its failure to start
/// for a failure of the program.
fn startable(what: &str, command: &Command) -> Result<(), String> {
    let program = std::path::Path::new(&command.program);
    let refuse = |why: &str| Err(format!("{what} `{}` cannot be started: {why}", command.program));
    if command.program.contains(std::path::MAIN_SEPARATOR) {
        let path = match &command.dir {
            Some(dir) => dir.join(program),
            None => program.to_path_buf(),
        };
        return match std::fs::metadata(&path) {
            Err(_) => refuse("no such file"),
            Ok(meta) if !meta.is_file() => refuse("not a file"),
            Ok(meta) if !executable(&meta) => {
                refuse("not executable (chmod +x, or name its interpreter first)")
            }
            Ok(_) => Ok(()),
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path).any(|folder| {
        std::fs::metadata(folder.join(program)).is_ok_and(|meta| meta.is_file() && executable(&meta))
    });
    match found {
        true => Ok(()),
        false => refuse("not found in PATH (for a file here, write `./` before its name)"),
    }
}

#[cfg(unix)]
fn executable(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt as _;
    meta.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn executable(_: &std::fs::Metadata) -> bool {
    true
}

/// Writes the report to stdout and exits with `code`; a write that fails (other than a
/// reader that has seen enough, `| head`) is exit 1.
fn print_report(text: &str, code: u8) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            let _ = writeln!(std::io::stderr(), "error: <stdout>: {e}");
            ExitCode::from(1)
        }
        _ => ExitCode::from(code),
    }
}

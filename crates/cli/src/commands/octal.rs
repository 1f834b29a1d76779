//! `tabletop octal`: the nim-value sequence of an octal game, its period, and sums of heaps.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tabletop_app::octal::survey::{SurveyRequest, DEFAULT_BUDGET};
use tabletop_app::octal::{Game, Limits, MisereBudget, Play, Progress, Request};
use tabletop_app::{Answer, Failure, Source};

use crate::input::InputArgs;

/// The nim-values G(0..=N) of an octal game, its period, or a winning move.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "CODE is Conway's notation d0.d1d2d3…: digit dk (0..7) says what may be \
done after removing k tokens from a heap: 1 = take the whole heap, 2 = leave one heap, 4 = \
split the rest into two non-empty heaps (sums of these). The digit before the point is 0, or 4 \
to allow splitting a heap in two without removing anything. Kayles is 0.77, Dawson's Kayles \
0.07, Officers 0.6. CODE may also be `grundy`: Grundy's game (split one heap into two heaps \
of different sizes; no period test holds for it, so --period says `no period`). \
See docs/octal.md.\n\
Without CODE, the game is read from --file (or standard input): the code, optionally followed \
by the largest heap.\n\
Output: G(0) … G(N) on one line, separated by single spaces; with --period one more line, \
`period P preperiod I` (proven by the Guy–Smith test) or `no period up to N`. With --query, \
instead of the values: WIN or LOSE for the sum of the heaps, then a winning move.\n\
Values are written as they are computed; once the values prove a period (Guy–Smith test), \
the rest follow from it at once.\n\
Long runs: a progress line on a terminal; --checkpoint FILE saves the state every 5 minutes \
(--checkpoint-every) and on Ctrl-C; --resume FILE goes on from it with the same output as a \
run never stopped.\n\
Memory: up to about 32 bytes per heap for the first 16777216 heaps (4194304 with --checkpoint \
or --resume); past them a run keeps only \
windows of the values in memory (about 100 MB at most, besides 8 bytes per rare heap) and the \
rest in a file (1 byte per heap while the values fit, then 2 or 4): FILE.values beside \
--checkpoint FILE, else an unnamed temporary file. A run whose file cannot fit on its disk is \
refused up front.\n\
--misere: misère play (the player who cannot move wins): the misère quotient of heaps 0..N \
(default 8): its order, generators and relations, its elements as words, the P-portion and the \
pretending function (the element of each heap); --period proves the pretending function's \
period; --query \"3 5 7\" says WIN or LOSE under misère play and a winning move. A quotient \
that grows past its budget, or that the method does not reach, is refused naming the heap.\n\
Examples:\n  tabletop octal 0.77 --heaps 200 --period\n  tabletop octal 0.07 --misere --heaps 10\n  tabletop octal 0.6 --heaps 30 --query \"3 5 7\"\n  \
echo '0.07 500' | tabletop octal --period --json"
)]
pub struct Args {
    /// The octal code, e.g. 0.77; read from --file or standard input when absent.
    #[arg(value_name = "CODE", allow_hyphen_values = false)]
    code: Option<String>,
    /// Read the code (and optionally the largest heap) from this file (`-`: standard input).
    #[arg(long, value_name = "FILE", conflicts_with = "code")]
    file: Option<PathBuf>,
    /// The largest heap N: values G(0..=N) [default: the file's number, else 200].
    #[arg(long, value_name = "N")]
    heaps: Option<u64>,
    /// Also find the period (smallest period, then smallest preperiod).
    #[arg(long)]
    period: bool,
    /// Print JSON: {"code", "heaps", "values", "period"?, "query"?}.
    #[arg(long)]
    json: bool,
    /// Heap sizes of a sum (separated by spaces or commas): print its outcome and a winning move.
    #[arg(long, value_name = "HEAPS")]
    query: Option<String>,
    /// On standard error: time, values per second, the method, the rare mask, rare heaps,
    /// largest value and value frequencies (with --json also as "stats" in the object).
    #[arg(long)]
    stats: bool,
    /// Save the state to FILE every few minutes and on Ctrl-C (atomically: a temporary file,
    /// then a rename), to go on later with --resume FILE.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints [default: 300].
    #[arg(long, value_name = "SECONDS", requires = "checkpoint", value_parser = seconds)]
    checkpoint_every: Option<Duration>,
    /// Go on from a checkpoint of the same game (and this version of tabletop).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// Misère play: the misère quotient of heaps 0..=N instead of the nim-values (with
    /// --json: {"code", "heaps", "misere": {"order", "pretend", "product", "p", …}}).
    #[arg(long, conflicts_with_all = ["stats", "checkpoint", "jobs"])]
    misere: bool,
    /// With --misere: survey every octal code of up to DIGITS digits after the point (one
    /// code a class of equivalent games): the heap each quotient reached, its order, its
    /// P-portion's size, the pretending function's period, tame or wild, or why it stopped.
    /// Rows are written as each code is done; with --json one object a code, and --resume
    /// FILE (that output) goes on without running its codes again.
    #[arg(long, value_name = "DIGITS", requires = "misere", conflicts_with_all = ["code", "file", "heaps", "query", "period"])]
    survey: Option<usize>,
    /// With --survey: the seconds each code may take [default: 5].
    #[arg(long, value_name = "SECONDS", requires = "survey", value_parser = seconds)]
    budget: Option<Duration>,
    /// With --misere: the most elements a candidate quotient may have [default: 4096]; a
    /// heap may try 200 candidates per 4096. Past 4096 a candidate keeps its generators'
    /// action rather than its whole table.
    #[arg(long, value_name = "N", requires = "misere", conflicts_with = "survey", value_parser = clap::value_parser!(u32).range(1..))]
    max_order: Option<u32>,
    /// With --misere: the MiB one proof's states, or one candidate's elements, may take
    /// [default: 256].
    #[arg(long, value_name = "MIB", requires = "misere", conflicts_with = "survey", value_parser = clap::value_parser!(u32).range(1..=1_048_576))]
    max_mib: Option<u32>,
    /// Compute on N threads: 1 for one, 2 (the most used) for two heaps at a time in the
    /// sparse steps [default: one per core, at most 2]. The output is the same whatever N.
    #[arg(long, value_name = "N", value_parser = super::job_count)]
    jobs: Option<usize>,
}

/// A positive number of seconds, fractions allowed.
fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s < 1e9 => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("expected a positive number of seconds, found `{text}`")),
    }
}

/// The misère budget asked for, the default's where not.
fn misere_budget(args: &Args) -> Option<MisereBudget> {
    if args.max_order.is_none() && args.max_mib.is_none() {
        return None;
    }
    let default = MisereBudget::default();
    Some(MisereBudget {
        order: args.max_order.map_or(default.order, |order| order as usize),
        state_bytes: args
            .max_mib
            .map_or(default.state_bytes, |mib| (mib as usize) << 20),
    })
}

/// Computes and prints the values as they come; fails without output for a bad input.
pub fn run(args: &Args) -> Result<Answer, Failure> {
    if let Some(digits) = args.survey {
        return survey(args, digits);
    }
    let request = Request {
        play: match args.misere {
            true => Play::Misere,
            false => Play::Normal,
        },
        heaps: args.heaps,
        period: args.period,
        json: args.json,
        query: query_source(args),
        stats: args.stats,
        checkpoint: args.checkpoint.clone(),
        checkpoint_every: args.checkpoint_every,
        resume: args.resume.clone(),
        jobs: args.jobs,
        layout: None,
        limits: Limits::NONE,
        misere_budget: misere_budget(args),
    };
    let source = game_source(args)?;
    let game = game_of(args, &source);
    // Ctrl-C stops the computation between rounds (saving the checkpoint, if any).
    let control = crate::interrupt_control();
    let bar = progress_bar("{pos}/{len} heaps, {per_sec}, {msg}, ETA {eta}");
    let mut report = |progress: &Progress, _: Duration| show(&bar, progress);
    let mut stdout = std::io::stdout().lock();
    let result = tabletop_app::octal::answer_to(game, &request, &mut stdout, control, Some(&mut report));
    bar.finish_and_clear();
    match result {
        // A reader that went away (`| head`) wanted no more: not an error.
        Err(Failure::Io(io))
            if io.subject.as_deref() == Some("<stdout>")
                && io.kind == Some(std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(Answer::default())
        }
        other => other,
    }
}

/// The game's text: the code on the command line, else the file (or stdin).
fn game_source(args: &Args) -> Result<Source, Failure> {
    match &args.code {
        Some(code) => Ok(Source::new("<code>", code.as_bytes().to_vec())),
        None => InputArgs {
            file: args.file.clone(),
        }
        .read(),
    }
}

/// The game as the application layer takes it: a bare code, or a game text.
fn game_of<'a>(args: &Args, source: &'a Source) -> Game<'a> {
    match &args.code {
        Some(_) => Game::Code(source),
        None => Game::Text(source),
    }
}

/// `--query`'s heaps, as a source its problems are located in.
fn query_source(args: &Args) -> Option<Source> {
    args.query
        .as_ref()
        .map(|text| Source::new("<query>", text.as_bytes().to_vec()))
}

/// `--misere --survey DIGITS`: the rows as each code is done, a progress line on a terminal.
fn survey(args: &Args, digits: usize) -> Result<Answer, Failure> {
    let done = match &args.resume {
        Some(path) => Some(
            InputArgs {
                file: Some(path.clone()),
            }
            .read()?,
        ),
        None => None,
    };
    let request = SurveyRequest {
        digits,
        budget: args.budget.unwrap_or(DEFAULT_BUDGET),
        json: args.json,
        done,
    };
    let bar = progress_bar("{pos}/{len} codes, {msg}ETA {eta}");
    let shown = bar.clone();
    let control = crate::interrupt_control().clone().with_progress(move |tick| {
        shown.set_length(tick.total.unwrap_or(0));
        shown.set_position(tick.done);
    });
    let mut stdout = std::io::stdout().lock();
    let result = tabletop_app::octal::survey::survey_to(&request, &mut stdout, &control);
    bar.finish_and_clear();
    result
}

/// The progress line: on a terminal only (hidden otherwise).
fn progress_bar(template: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr_with_hz(4));
    let style = ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

fn show(bar: &ProgressBar, progress: &Progress) {
    bar.set_length(progress.target as u64);
    bar.set_position(progress.known as u64);
    let period = match progress.filled_by {
        Some(p) => format!(", period {} from {}", p.period, p.preperiod),
        None => String::new(),
    };
    bar.set_message(format!(
        "{} rare, largest value {}{period}",
        progress.rare, progress.max_value
    ));
}

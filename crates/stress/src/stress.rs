//! The stress loop: generate, answer, run, judge, in parallel; then reproduce and shrink the
//! first failure.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::answer::{answer, answer_input};
use crate::gen::{generate, Spec};
use crate::input::Input;
use crate::run::{verdict, Command, Failure, Output};
use crate::shrink::{shrink, InternalError, Limits, Probe, Stats};

/// A stress test to run.
#[derive(Debug, Clone)]
pub struct Config {
    /// What to generate.
    pub spec: Spec,
    /// How many inputs. Run `i` (0-based) uses seed `seed + i`, so `tabletop gen` with that
    /// seed prints its input.
    pub runs: u64,
    /// The seed of run 0.
    pub seed: u64,
    /// Runs (and shrinking probes) at once.
    pub jobs: usize,
    /// The command under test.
    pub command: Command,
    /// The most time shrinking may take.
    pub shrink_time: Duration,
    /// Show a progress bar on stderr (only if stderr is a terminal).
    pub progress: bool,
}

/// Every run agreed with tabletop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Runs made.
    pub runs: u64,
    /// Wall-clock time of the whole test.
    pub elapsed: Duration,
    /// The longest single run of the command.
    pub slowest: Duration,
}

/// A failure, reproduced and shrunk (or found not to reproduce).
#[derive(Debug, Clone)]
pub struct Failed {
    /// The first failing run (0-based).
    pub run: u64,
    /// Its seed.
    pub seed: u64,
    /// How it failed.
    pub failure: Failure,
    /// The generated input that failed.
    pub original: Input,
    /// Whether running the command on the original input again failed the same way. If not,
    /// nothing was shrunk: `minimal` is the original input and `output` the first run's.
    pub reproduced: bool,
    /// The shrunk input (1-minimal when the command is deterministic).
    pub minimal: Input,
    /// tabletop's answer to `minimal`.
    pub expected: String,
    /// The command's run on `minimal` (its last one).
    pub output: Output,
    /// What shrinking did.
    pub stats: Stats,
    /// Whether `shrink_time` stopped the shrinking.
    pub stopped: bool,
}

/// The command could not be run at all.
#[derive(Debug, thiserror::Error)]
#[error("cannot run `{command}`: {error}")]
pub struct RunError {
    /// The command line.
    pub command: String,
    /// What went wrong.
    pub error: std::io::Error,
}

/// Why a stress test could not give a verdict.
#[derive(Debug, thiserror::Error)]
pub enum StressError {
    /// The command could not be run at all.
    #[error(transparent)]
    Run(#[from] RunError),
    /// tabletop itself failed (panicked) while shrinking; the input that caused it is kept.
    #[error(transparent)]
    Internal(#[from] InternalError),
}

/// The result of a stress test.
pub type Verdict = Result<Summary, Box<Failed>>;

/// The first failure found so far: its run, input, expected answer, output and failure.
type Found = (u64, Input, String, Output, Failure);

fn progress_bar(config: &Config) -> ProgressBar {
    if !config.progress || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(config.runs);
    if let Ok(style) = ProgressStyle::with_template("{spinner} {pos}/{len} runs [{bar:40}] {elapsed} {msg}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// Runs the stress test described by `config`.
///
/// # Errors
/// [`StressError::Run`] if the command cannot be started, [`StressError::Internal`] if
/// tabletop panicked while checking a shrinking candidate.
pub fn stress(config: &Config) -> Result<Verdict, StressError> {
    let started = Instant::now();
    let bar = progress_bar(config);
    let next = AtomicU64::new(0);
    let first_failure = AtomicU64::new(u64::MAX);
    let slowest = Mutex::new(Duration::ZERO);
    let found: Mutex<Option<Found>> = Mutex::new(None);
    let error: Mutex<Option<std::io::Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..config.jobs.max(1) {
            scope.spawn(|| loop {
                let run = next.fetch_add(1, Ordering::Relaxed);
                if run >= config.runs || run > first_failure.load(Ordering::Relaxed) {
                    break;
                }
                let input = generate(config.spec, config.seed.wrapping_add(run));
                let text = input.render();
                // Generated inputs are valid by construction (checked in `generate`).
                let expected = answer_input(&input).unwrap_or_default();
                match config.command.run(text.as_bytes()) {
                    Err(e) => {
                        first_failure.fetch_min(run, Ordering::Relaxed);
                        lock(&error).get_or_insert(e);
                    }
                    Ok(output) => {
                        let mut longest = lock(&slowest);
                        *longest = (*longest).max(output.elapsed);
                        drop(longest);
                        if let Some(failure) = verdict(&expected, &output) {
                            first_failure.fetch_min(run, Ordering::Relaxed);
                            let mut first = lock(&found);
                            if first.as_ref().is_none_or(|f| f.0 > run) {
                                *first = Some((run, input, expected, output, failure));
                            }
                        }
                    }
                }
                bar.inc(1);
            });
        }
    });
    bar.finish_and_clear();
    if let Some(error) = lock(&error).take() {
        return Err(RunError {
            command: config.command.display(),
            error,
        }
        .into());
    }
    let first = lock(&found).take();
    Ok(match first {
        None => Ok(Summary {
            runs: config.runs,
            elapsed: started.elapsed(),
            slowest: *lock(&slowest),
        }),
        Some(found) => Err(Box::new(reproduce_and_shrink(config, found)?)),
    })
}

/// Whether `candidate` is a valid input (at least one test case, accepted by the parser and
/// the engine) on which `command` fails exactly as `failure`. This is the shrinker's probe.
pub fn probe(command: &Command, failure: Failure, candidate: &Input) -> Probe {
    if candidate.cases() == 0 {
        return Probe::Invalid;
    }
    let text = candidate.render();
    let Ok(expected) = answer(candidate.game(), text.as_bytes()) else {
        return Probe::Invalid;
    };
    match command.run(text.as_bytes()) {
        Ok(output) if verdict(&expected, &output) == Some(failure) => Probe::Same,
        _ => Probe::Other,
    }
}

/// The spinner shown while shrinking (hidden unless `progress` and stderr is a terminal).
pub(crate) fn shrinking_spinner(progress: bool) -> ProgressBar {
    if !progress || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let spinner = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} shrinking {msg} {elapsed}") {
        spinner.set_style(style);
    }
    spinner.enable_steady_tick(Duration::from_millis(120));
    spinner
}

/// The spinner's message: where shrinking stands.
pub(crate) fn shrinking_message(bytes: usize, stats: &Stats) -> String {
    format!(
        "{bytes} bytes: {} candidates probed ({} invalid), {} kept",
        stats.probes, stats.invalid, stats.kept
    )
}

/// A mutex's value even if a thread panicked while holding it.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn reproduce_and_shrink(config: &Config, found: Found) -> Result<Failed, InternalError> {
    let (run, original, expected, output, failure) = found;
    let command = &config.command;
    let fails_same = |text: &str, expected: &str| -> (bool, Option<Output>) {
        match command.run(text.as_bytes()) {
            Ok(output) => (verdict(expected, &output) == Some(failure), Some(output)),
            Err(_) => (false, None),
        }
    };
    let reproduced = fails_same(&original.render(), &expected).0;
    let mut failed = Failed {
        run,
        seed: config.seed.wrapping_add(run),
        failure,
        minimal: original.clone(),
        original,
        reproduced,
        expected,
        output,
        stats: Stats::default(),
        stopped: false,
    };
    if !reproduced {
        return Ok(failed);
    }
    let spinner = shrinking_spinner(config.progress);
    let show = |input: &Input, stats: &Stats| {
        spinner.set_message(shrinking_message(input.render().len(), stats));
    };
    let probe = |candidate: &Input| probe(command, failure, candidate);
    let limits = Limits::new(config.jobs).stop_after(config.shrink_time);
    let shrunk = shrink(failed.original.clone(), &limits, &probe, &show);
    spinner.finish_and_clear();
    let shrunk = shrunk?;
    let (minimal, stats) = (shrunk.input, shrunk.stats);
    failed.stopped = shrunk.stopped;
    failed.expected = answer_input(&minimal).unwrap_or_default();
    if let (_, Some(output)) = fails_same(&minimal.render(), &failed.expected) {
        failed.output = output;
    }
    failed.minimal = minimal;
    failed.stats = stats;
    Ok(failed)
}

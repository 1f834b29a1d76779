//! Stress testing any problem: your generator, your reference (a brute force, or a package's
//! accepted submission), an optional input validator and checker, and the solution under
//! test; the first failure is reproduced and shrunk by [`crate::reduce`] to a small input
//! that the validator still accepts (or, without one, that the reference still answers).
//!
//! Run `i` (from 0) uses seed `seed + i`: the generator's command line gets it in place of
//! `{seed}`, or as its last argument. A generator, validator, reference or checker that fails
//! is the setup's fault ([`SetupError`], naming it), never the solution's.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::compare::{CheckerFailed, Compare, Judgement};
use crate::interact::{Dialogue, Interactor, Verdict};
use crate::reduce::{reduce, InternalError, Limits};
use crate::run::{Command, Failure, Output, Status};
use crate::shrink::{Probe, Stats};
use crate::words::CommandLine;

/// A stress test of any problem.
#[derive(Debug, Clone)]
pub struct Problem {
    /// The generator: prints one input for a seed.
    pub generator: CommandLine,
    /// Input validators: an input is valid when every one exits 0 or 42 on it.
    pub validators: Vec<Command>,
    /// How the solution is judged.
    pub judge: Judge,
    /// The program under test.
    pub solution: Command,
    /// How many inputs.
    pub runs: u64,
    /// The seed of run 0.
    pub seed: u64,
    /// Runs (and shrinking probes) at once.
    pub jobs: usize,
    /// The most time shrinking may take.
    pub shrink_time: Duration,
    /// Show progress on stderr (only if stderr is a terminal).
    pub progress: bool,
}

/// How the solution is judged.
#[derive(Debug, Clone)]
pub enum Judge {
    /// Its output against the reference's answer.
    Answer {
        /// The reference: its answer is the expected one, and an input it fails on is
        /// invalid.
        reference: Command,
        /// How an output is judged against the reference's.
        compare: Compare,
    },
    /// By an interactor, in a dialogue.
    Interactive {
        /// The interactor.
        interactor: Interactor,
        /// An optional reference: an input on which the interactor does not accept it is
        /// invalid.
        reference: Option<Command>,
    },
}

/// Every run agreed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passed {
    /// Runs made.
    pub runs: u64,
    /// Wall-clock time of the whole test.
    pub elapsed: Duration,
    /// The longest single run of the solution.
    pub slowest: Duration,
}

/// A failure of the solution, reproduced and shrunk (or found not to reproduce).
#[derive(Debug, Clone)]
pub struct Caught {
    /// The first failing run (0-based).
    pub run: u64,
    /// Its seed.
    pub seed: u64,
    /// How it failed.
    pub failure: Failure,
    /// The generated input.
    pub original: String,
    /// Whether a second run on it failed the same way (if not, nothing was shrunk).
    pub reproduced: bool,
    /// The smallest failing input found.
    pub minimal: String,
    /// The reference's answer to `minimal`.
    pub answer: String,
    /// The solution's run on `minimal`.
    pub output: Output,
    /// For an interactive problem, the dialogue of that run.
    pub dialogue: Option<Dialogue>,
    /// For an interactive problem, how the interactor ended that run.
    pub interactor: Option<Status>,
    /// For a wrong answer, why (the first difference, or the checker's message).
    pub why: Option<String>,
    /// What shrinking did.
    pub stats: Stats,
    /// Whether `--shrink-time` stopped the shrinking.
    pub stopped: bool,
}

/// The setup failed: a generator, validator, reference or checker, or a program that
/// cannot be started.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The generator failed for a seed.
    #[error("the generator `{command}` failed for seed {seed}: {status}{stderr}")]
    Generator {
        /// Its command line for that seed.
        command: String,
        /// The seed.
        seed: u64,
        /// How it ended.
        status: Status,
        /// The start of its stderr, after a colon.
        stderr: String,
    },
    /// A validator rejected a generated input.
    #[error("the validator `{command}` rejects the input of seed {seed} ({status}{stderr}): the generator's input is not valid")]
    Invalid {
        /// The validator's command line.
        command: String,
        /// The seed.
        seed: u64,
        /// How it ended.
        status: Status,
        /// The start of its stderr, after a colon.
        stderr: String,
    },
    /// The reference failed on a generated input.
    #[error("the reference `{command}` failed on the input of seed {seed}: {status}{stderr}")]
    Reference {
        /// The reference's command line.
        command: String,
        /// The seed.
        seed: u64,
        /// How it ended.
        status: Status,
        /// The start of its stderr, after a colon.
        stderr: String,
    },
    /// The reference of an interactive problem was not accepted on a generated input.
    #[error("the reference `{command}` is not accepted by the interactor on the input of seed {seed} ({failure}{why}): the generator's input is not valid")]
    Rejected {
        /// The reference's command line.
        command: String,
        /// The seed.
        seed: u64,
        /// How it failed.
        failure: Failure,
        /// The interactor's message, after a colon.
        why: String,
    },
    /// The interactor failed (testlib exit 3, or another status that is no verdict).
    #[error("the interactor `{command}` failed on the input of seed {seed}: {status}{message}")]
    Interactor {
        /// Its command line.
        command: String,
        /// The seed.
        seed: u64,
        /// How it ended.
        status: Status,
        /// Its message, after a colon.
        message: String,
    },
    /// The checker gave no verdict.
    #[error("{error} (on the input of seed {seed})")]
    Checker {
        /// What went wrong.
        error: CheckerFailed,
        /// The seed.
        seed: u64,
    },
    /// tabletop itself failed (panicked) while shrinking; the input that caused it is kept.
    #[error(transparent)]
    Internal(#[from] InternalError),
    /// A program could not be started.
    #[error("cannot run `{command}`: {error}")]
    Start {
        /// The command line.
        command: String,
        /// Why.
        error: std::io::Error,
    },
}

/// The result of a stress test of a problem.
pub type Outcome = Result<Passed, Box<Caught>>;

/// How much of a failing setup program's stderr an error shows.
const STDERR_SHOWN: usize = 500;

fn stderr_note(output: &Output) -> String {
    let text = output.stderr_text();
    let text = text.trim();
    if text.is_empty() {
        return String::new();
    }
    let mut end = text.len().min(STDERR_SHOWN);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!(": {}", &text[..end])
}

fn start(command: &Command, input: &[u8]) -> Result<Output, SetupError> {
    command.run(input).map_err(|error| SetupError::Start {
        command: command.display(),
        error,
    })
}

/// What one run of the solution gave.
struct Judged {
    output: Output,
    failure: Option<Failure>,
    why: Option<String>,
    /// An interactive run's dialogue.
    dialogue: Option<Dialogue>,
    /// How its interactor ended.
    interactor: Option<Status>,
}

/// Why a run gave no verdict on the solution: the judge's fault.
enum NoVerdict {
    /// The checker or output validator.
    Checker(CheckerFailed),
    /// The interactor: how it ended, its message.
    Interactor(Status, String),
}

impl NoVerdict {
    fn on_seed(self, problem: &Problem, seed: u64) -> SetupError {
        match (self, &problem.judge) {
            (NoVerdict::Interactor(status, message), Judge::Interactive { interactor, .. }) => {
                SetupError::Interactor {
                    command: interactor.command.display(),
                    seed,
                    status,
                    message: note(&message),
                }
            }
            (NoVerdict::Interactor(status, message), Judge::Answer { .. }) => SetupError::Checker {
                error: CheckerFailed {
                    command: String::new(),
                    why: format!("{status}{}", note(&message)),
                },
                seed,
            },
            (NoVerdict::Checker(error), _) => SetupError::Checker { error, seed },
        }
    }
}

/// `: message`, or nothing for no message.
fn note(message: &str) -> String {
    if message.is_empty() {
        String::new()
    } else {
        format!(": {message}")
    }
}

/// Whether an input validator accepts: exit 0 (testlib) or 42 (Kattis).
fn accepts(status: Status) -> bool {
    matches!(status, Status::Exited(0 | 42))
}

/// `program` against `interactor` on `input`.
fn interact(
    interactor: &Interactor,
    program: &Command,
    input: &[u8],
) -> Result<Result<Judged, NoVerdict>, SetupError> {
    let session = interactor
        .run(program, input)
        .map_err(|error| SetupError::Start {
            command: format!("{}` with `{}", interactor.command.display(), program.display()),
            error,
        })?;
    let (failure, why) = match session.verdict {
        Verdict::InteractorFailed(status, message) => return Ok(Err(NoVerdict::Interactor(status, message))),
        Verdict::Accepted => (None, None),
        Verdict::Failed(failure, why) => (Some(failure), why),
    };
    Ok(Ok(Judged {
        output: session.program,
        failure,
        why,
        dialogue: Some(session.dialogue),
        interactor: Some(session.interactor),
    }))
}

impl Problem {
    /// Runs the solution on `input` and judges it against `answer` (or with the
    /// interactor).
    fn judge(&self, input: &[u8], answer: &[u8]) -> Result<Result<Judged, NoVerdict>, SetupError> {
        let compare = match &self.judge {
            Judge::Interactive { interactor, .. } => return interact(interactor, &self.solution, input),
            Judge::Answer { compare, .. } => compare,
        };
        let output = start(&self.solution, input)?;
        let (failure, why) = match output.status {
            Status::TimedOut => (Some(Failure::Timeout), None),
            Status::OutputLimit => (Some(Failure::TooMuchOutput), None),
            Status::Exited(0) => match compare.judge(input, &output.stdout, answer) {
                Ok(Judgement::Accepted) => (None, None),
                Ok(Judgement::Wrong(why)) => (Some(Failure::WrongAnswer), Some(why)),
                Err(error) => return Ok(Err(NoVerdict::Checker(error))),
            },
            status => (Some(Failure::Crash(status)), None),
        };
        Ok(Ok(Judged {
            output,
            failure,
            why,
            dialogue: None,
            interactor: None,
        }))
    }

    /// The reference's answer to `input` (empty for an interactive problem, where the
    /// reference, if any, must be accepted).
    fn expected(&self, input: &[u8], seed: u64) -> Result<String, SetupError> {
        match &self.judge {
            Judge::Answer { reference, .. } => {
                let run = start(reference, input)?;
                if !run.status.success() {
                    return Err(SetupError::Reference {
                        command: reference.display(),
                        seed,
                        status: run.status,
                        stderr: stderr_note(&run),
                    });
                }
                Ok(run.stdout_text())
            }
            Judge::Interactive {
                reference: Some(reference),
                interactor,
            } => match interact(interactor, reference, input)? {
                Ok(Judged { failure: None, .. }) => Ok(String::new()),
                Ok(judged) => Err(SetupError::Rejected {
                    command: reference.display(),
                    seed,
                    failure: judged.failure.unwrap_or(Failure::WrongAnswer),
                    why: note(&judged.why.unwrap_or_default()),
                }),
                Err(no_verdict) => Err(no_verdict.on_seed(self, seed)),
            },
            Judge::Interactive { reference: None, .. } => Ok(String::new()),
        }
    }

    /// One run: the generated input, the reference's answer and the judged solution.
    fn attempt(&self, seed: u64) -> Result<(String, String, Judged), SetupError> {
        let generator = self.generator.with_seed(seed);
        let generated = start(&generator, b"")?;
        if !generated.status.success() {
            return Err(SetupError::Generator {
                command: generator.display(),
                seed,
                status: generated.status,
                stderr: stderr_note(&generated),
            });
        }
        let input = generated.stdout_text();
        for validator in &self.validators {
            let verdict = start(validator, input.as_bytes())?;
            if !accepts(verdict.status) {
                return Err(SetupError::Invalid {
                    command: validator.display(),
                    seed,
                    status: verdict.status,
                    stderr: stderr_note(&verdict),
                });
            }
        }
        let answer = self.expected(input.as_bytes(), seed)?;
        let judged = self
            .judge(input.as_bytes(), answer.as_bytes())?
            .map_err(|no_verdict| no_verdict.on_seed(self, seed))?;
        Ok((input, answer, judged))
    }

    /// Whether `candidate` is valid (every validator accepts it; the reference exits 0 on
    /// it, or is accepted by the interactor) and the solution fails on it as `failure`.
    pub fn probe(&self, failure: Failure, candidate: &str) -> Probe {
        let bytes = candidate.as_bytes();
        let valid = self
            .validators
            .iter()
            .all(|v| v.run(bytes).is_ok_and(|out| accepts(out.status)));
        if !valid {
            return Probe::Invalid;
        }
        let Ok(answer) = self.expected(bytes, 0) else {
            return Probe::Invalid;
        };
        match self.judge(bytes, answer.as_bytes()) {
            Ok(Ok(judged)) if judged.failure == Some(failure) => Probe::Same,
            Ok(Ok(_)) => Probe::Other,
            _ => Probe::Invalid,
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn bar(problem: &Problem, len: u64, template: &str) -> ProgressBar {
    if !problem.progress || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// What the first failing run found: its run, input, answer and judged output.
type First = (u64, Result<(String, String, Judged), SetupError>);

/// Runs the stress test: every run agreeing, or the first failure shrunk.
///
/// # Errors
/// The setup failed on the earliest run that did not pass ([`SetupError`]).
pub fn stress_problem(problem: &Problem) -> Result<Outcome, SetupError> {
    let started = Instant::now();
    let progress = bar(
        problem,
        problem.runs,
        "{spinner} {pos}/{len} runs [{bar:40}] {elapsed}",
    );
    let next = AtomicU64::new(0);
    let first_stop = AtomicU64::new(u64::MAX);
    let slowest = Mutex::new(Duration::ZERO);
    let first: Mutex<Option<First>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..problem.jobs.max(1) {
            scope.spawn(|| loop {
                let run = next.fetch_add(1, Ordering::Relaxed);
                if run >= problem.runs || run > first_stop.load(Ordering::Relaxed) {
                    break;
                }
                let attempt = problem.attempt(problem.seed.wrapping_add(run));
                if let Ok((_, _, judged)) = &attempt {
                    let mut longest = lock(&slowest);
                    *longest = (*longest).max(judged.output.elapsed);
                }
                if attempt
                    .as_ref()
                    .map_or(true, |(_, _, judged)| judged.failure.is_some())
                {
                    first_stop.fetch_min(run, Ordering::Relaxed);
                    let mut earliest = lock(&first);
                    if earliest.as_ref().is_none_or(|(at, _)| *at > run) {
                        *earliest = Some((run, attempt));
                    }
                }
                progress.inc(1);
            });
        }
    });
    progress.finish_and_clear();
    let Some((run, attempt)) = lock(&first).take() else {
        return Ok(Ok(Passed {
            runs: problem.runs,
            elapsed: started.elapsed(),
            slowest: *lock(&slowest),
        }));
    };
    let (input, answer, judged) = attempt?;
    let seed = problem.seed.wrapping_add(run);
    Ok(Err(Box::new(shrink_caught(
        problem, run, seed, input, answer, judged,
    )?)))
}

fn shrink_caught(
    problem: &Problem,
    run: u64,
    seed: u64,
    input: String,
    answer: String,
    judged: Judged,
) -> Result<Caught, SetupError> {
    let failure = judged.failure.unwrap_or(Failure::WrongAnswer);
    let reproduced = problem
        .judge(input.as_bytes(), answer.as_bytes())?
        .is_ok_and(|again| again.failure == Some(failure));
    let mut caught = Caught {
        run,
        seed,
        failure,
        minimal: input.clone(),
        original: input,
        reproduced,
        answer,
        output: judged.output,
        why: judged.why,
        dialogue: judged.dialogue,
        interactor: judged.interactor,
        stats: Stats::default(),
        stopped: false,
    };
    if !reproduced {
        return Ok(caught);
    }
    let spinner = crate::stress::shrinking_spinner(problem.progress);
    let show = |text: &str, stats: &Stats| {
        spinner.set_message(crate::stress::shrinking_message(text.len(), stats));
    };
    let limits = Limits::new(problem.jobs).stop_after(problem.shrink_time);
    let probe = |candidate: &str| problem.probe(failure, candidate);
    let reduced = reduce(&caught.original, &limits, &probe, &show);
    spinner.finish_and_clear();
    let reduced = reduced?;
    caught.stats = reduced.stats;
    caught.stopped = reduced.stopped;
    if reduced.input != caught.original {
        // The report shows the runs on the minimal input; one that does not fail the same
        // way this time (a flaky program) would contradict its first line, and the
        // original run is shown instead.
        let bytes = reduced.input.as_bytes();
        let same = problem.expected(bytes, seed).ok().and_then(|answer| {
            let judged = problem.judge(bytes, answer.as_bytes()).ok()?.ok()?;
            (judged.failure == Some(failure)).then_some((answer, judged))
        });
        if let Some((answer, judged)) = same {
            caught.answer = answer;
            caught.output = judged.output;
            caught.why = judged.why;
            caught.dialogue = judged.dialogue;
            caught.interactor = judged.interactor;
            caught.minimal = reduced.input;
        }
    }
    Ok(caught)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        Command::new("sh", ["-c", script, "sh"]).timeout(Duration::from_secs(60))
    }

    fn problem(solution: &str) -> Problem {
        Problem {
            generator: CommandLine::parse("sh -c 'echo 4' gen").unwrap(),
            validators: vec![sh(r#"read n; test "$n" -ge 0"#)],
            judge: Judge::Answer {
                reference: sh("read n; echo $n"),
                compare: Compare::Judge,
            },
            solution: sh(solution),
            runs: 3,
            seed: 1,
            jobs: 2,
            shrink_time: Duration::from_secs(600),
            progress: false,
        }
    }

    /// A crash from 3 on, a wrong answer at 2: the crash is not "shrunk" into the wrong
    /// answer, a failure of another kind.
    #[test]
    fn only_the_same_kind_of_failure_is_kept() {
        let crashes =
            problem(r#"read n; test "$n" -ge 3 && exit 5; test "$n" -eq 2 && echo 7 && exit; echo $n"#);
        let caught = *stress_problem(&crashes).unwrap().unwrap_err();
        assert_eq!(caught.failure, Failure::Crash(Status::Exited(5)));
        assert_eq!(
            (caught.run, caught.original.as_str(), caught.minimal.as_str()),
            (0, "4\n", "3\n")
        );
        assert!(caught.reproduced && !caught.stopped);
        assert_eq!(caught.answer, "3\n");
    }

    #[test]
    fn passes_and_setup_errors() {
        let passed = stress_problem(&problem("read n; echo $n")).unwrap().unwrap();
        assert_eq!(passed.runs, 3);
        let mut broken = problem("cat");
        broken.generator = CommandLine::parse("sh -c 'exit 4' gen").unwrap();
        let error = stress_problem(&broken).unwrap_err().to_string();
        assert_eq!(
            error,
            "the generator `sh -c 'exit 4' gen 1` failed for seed 1: exit status 4"
        );
        let mut rejected = problem("cat");
        rejected.validators = vec![sh("echo no >&2; exit 1")];
        let error = stress_problem(&rejected).unwrap_err().to_string();
        assert!(
            error.contains("rejects the input of seed 1 (exit status 1: no)"),
            "{error}"
        );
    }
}

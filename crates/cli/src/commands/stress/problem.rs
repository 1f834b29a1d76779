//! `tabletop stress --gen ... --ref ...` (or `--problem PKG`): stress any problem.

use std::process::ExitCode;
use std::time::Duration;

use tabletop_stress::compare::Compare;
use tabletop_stress::interact::{Convention, Interactor};
use tabletop_stress::package::Package;
use tabletop_stress::problem::{stress_problem, Judge, Problem, SetupError};
use tabletop_stress::report;
use tabletop_stress::run::Command;
use tabletop_stress::words::CommandLine;

use super::{fail, Args};

/// How long a generator, validator, reference or checker may take, as a multiple of the
/// solution's `--timeout` (at least [`SETUP_TIMEOUT_LEAST`]): a brute force may be slow.
const SETUP_TIMEOUT_FACTOR: f64 = 10.0;

/// The least time limit of a setup program: far above what a generator takes, even on a
/// loaded machine, so that only a hang is taken for one.
const SETUP_TIMEOUT_LEAST: Duration = Duration::from_secs(60);

fn split(line: &str) -> Result<Command, String> {
    CommandLine::parse(line)
        .map(|c| c.command())
        .map_err(|e| e.to_string())
}

/// The problem described by the arguments (and the package, if one is given).
fn problem(args: &Args) -> Result<(Problem, Option<Package>), String> {
    let generator =
        CommandLine::parse(args.gen.as_deref().unwrap_or_default()).map_err(|e| format!("--gen: {e}"))?;
    if args.shape.given() {
        return Err(
            "--size and --cycles shape tabletop's own games: with --gen, your generator makes the inputs"
                .into(),
        );
    }
    if !args.stray.is_empty() {
        return Err(format!(
            "unexpected `{}` before `--`: the program under test goes after `--`, as in\n  \
             tabletop stress --gen ... --ref ... -- {}",
            args.stray.join(" "),
            args.stray.join(" ")
        ));
    }
    let solution = CommandLine::from_words(args.command.clone()).map_err(|_| {
        "no SOLUTION given: the program under test goes after `--`, as in\n  \
         tabletop stress --gen 'python3 gen.py {seed}' --ref 'python3 brute.py' -- ./solution"
            .to_string()
    })?;
    let timeout = Duration::from_secs_f64(args.timeout);
    let setup = timeout.mul_f64(SETUP_TIMEOUT_FACTOR).max(SETUP_TIMEOUT_LEAST);
    let limit = |c: Command| c.timeout(setup).max_output(args.max_output);
    let package = match &args.problem {
        Some(dir) => Some(Package::open(dir).map_err(|e| e.to_string())?),
        None => None,
    };
    let (judge, mut validators) = judge(args, package.as_ref(), &limit)?;
    if let Some(validator) = &args.validator {
        validators.push(limit(split(validator).map_err(|e| format!("--validator: {e}"))?));
    }
    let jobs = args
        .jobs
        .map(|j| j as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let problem = Problem {
        generator,
        validators,
        judge,
        solution: solution.command().timeout(timeout).max_output(args.max_output),
        runs: args.runs,
        seed: args.seed,
        jobs,
        shrink_time: Duration::from_secs_f64(args.shrink_time),
        progress: true,
    };
    Ok((problem, package))
}

/// How the solution is judged (the reference and the comparison, or the interactor), and
/// the package's input validators.
fn judge(
    args: &Args,
    package: Option<&Package>,
    limit: &dyn Fn(Command) -> Command,
) -> Result<(Judge, Vec<Command>), String> {
    let validators: Vec<Command> =
        package.map_or_else(Vec::new, |p| p.validators.iter().cloned().map(limit).collect());
    let reference = match (package, &args.reference) {
        (Some(p), _) => Some(p.reference.clone()),
        (None, Some(reference)) => Some(split(reference).map_err(|e| format!("--ref: {e}"))?),
        (None, None) => None,
    };
    let interactor = match (package, &args.interactor) {
        (Some(p), _) => p.interactor(),
        (None, Some(interactor)) => Some(Interactor {
            command: split(interactor).map_err(|e| format!("--interactor: {e}"))?,
            convention: Convention::Testlib,
        }),
        (None, None) => None,
    };
    if let Some(interactor) = interactor {
        if args.checker.is_some() || args.float.is_some() {
            return Err("--checker and --float judge an output: an interactive problem's interactor judges the dialogue".into());
        }
        let judge = Judge::Interactive {
            interactor,
            reference: reference.map(limit),
        };
        return Ok((judge, validators));
    }
    let Some(reference) = reference else {
        return Err(
            "--gen needs a reference: --ref CMD, or --problem PKG (its accepted submission); or an \
             interactive problem's --interactor CMD"
                .into(),
        );
    };
    let mut compare = package.map_or(Compare::Judge, |p| p.compare.clone());
    if let Some(checker) = &args.checker {
        compare = Compare::Checker(split(checker).map_err(|e| format!("--checker: {e}"))?);
    }
    if let Some(eps) = args.float {
        compare = Compare::Float {
            absolute: eps,
            relative: eps,
        };
    }
    let setup = limit(reference.clone());
    let judge = Judge::Answer {
        compare: compare.limits(setup.timeout, setup.max_output),
        reference: setup,
    };
    Ok((judge, validators))
}

/// Said after a failure shrunk without a validator: the shrinking kept any input the
/// reference answers, which may be outside the problem.
const UNGUARDED: &str = "note: no validator guarded the shrinking: the minimal input may be outside the \
problem (such as `n=-1`), kept only because the reference answered it; --validator CMD keeps \
inputs valid\n";

/// Refuses up front what would fail only after the stress run: a program under test that
/// cannot be started (a generator, validator, reference or checker that cannot is already a
/// setup error at its first run), a case `--add-case` could not add.
fn refuse_before_running(problem: &Problem, package: Option<&Package>, args: &Args) -> Result<(), String> {
    super::startable("the program under test", &problem.solution)?;
    if let (Some(package), Some(name)) = (package, &args.add_case) {
        package
            .new_case(name)
            .map_err(|e| format!("--add-case {name}: {e}"))?;
    }
    Ok(())
}

/// Runs the stress test of a problem: exit 0 if every run agrees, 1 after a failure, 2 on
/// usage and setup errors.
pub fn run(args: &Args) -> ExitCode {
    let (problem, package) = match problem(args) {
        Ok(found) => found,
        Err(message) => return fail(&message),
    };
    if let Err(message) = refuse_before_running(&problem, package.as_ref(), args) {
        return fail(&message);
    }
    if matches!(problem.judge, Judge::Interactive { .. }) {
        tabletop_stress::interact::kill_children_on_interrupt();
    }
    let outcome = match stress_problem(&problem) {
        Ok(outcome) => outcome,
        Err(SetupError::Internal(error)) => return super::internal_error(&error, args.save.as_deref()),
        Err(error) => return fail(&error.to_string()),
    };
    let (mut text, code) = match outcome {
        Ok(passed) => (report::problem_summary(&problem, &passed), 0),
        Err(caught) => {
            if let Some(path) = &args.save {
                if let Err(e) = std::fs::write(path, &caught.minimal) {
                    return fail(&format!("{}: {e}", path.display()));
                }
            }
            let mut text = report::problem_failure(&problem, &caught);
            if problem.validators.is_empty() && caught.reproduced {
                text.push_str(UNGUARDED);
            }
            if let (Some(package), Some(name)) = (&package, &args.add_case) {
                match package.add_case(name, &caught.minimal, &caught.answer) {
                    Ok((input, answer)) => {
                        text.push_str(&format!(
                            "--- added to the package: {}, {}\n",
                            input.display(),
                            answer.display()
                        ));
                    }
                    Err(e) => return fail(&e.to_string()),
                }
            }
            (text, 1)
        }
    };
    if !text.ends_with('\n') {
        text.push('\n');
    }
    super::print_report(&text, code)
}

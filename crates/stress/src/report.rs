//! The text `tabletop stress` prints: a one-line summary, or a failure report.

use std::fmt::Write;
use std::time::Duration;

use crate::input::Input;
use crate::run::{first_difference, Command, Failure, Status};
use crate::shrink::Stats;
use crate::{Config, Failed, Summary};

fn millis(duration: Duration) -> String {
    format!("{:.1} ms", duration.as_secs_f64() * 1000.0)
}

/// One line: every run agreed.
pub fn summary(config: &Config, summary: &Summary) -> String {
    format!(
        "ok: {} runs of `tabletop gen {} --size {}{} --seed {}..` agree with tabletop ({:.2} s, slowest run {})\n",
        summary.runs,
        config.spec.game,
        config.spec.size,
        if config.spec.cycles { " --cycles" } else { "" },
        config.seed,
        summary.elapsed.as_secs_f64(),
        millis(summary.slowest),
    )
}

/// How much of the program's stdout the report shows.
const STDOUT_SHOWN: usize = 16 << 10;

/// How much of the program's stderr the report shows.
pub const STDERR_SHOWN: usize = 4096;

/// `text` cut to its first `limit` bytes (at a character boundary), saying how much is left.
fn shown(text: &str, limit: usize) -> String {
    if text.len() <= limit {
        return text.to_string();
    }
    let mut end = limit;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!(
        "{}
[... {} more bytes not shown]
",
        &text[..end],
        text.len() - end
    )
}

/// `text` under a heading, ending with a newline.
fn section(out: &mut String, heading: &str, text: &str) {
    let _ = writeln!(out, "--- {heading}");
    out.push_str(text);
    if !text.is_empty() && !text.ends_with('\n') {
        out.push('\n');
    }
}

/// What shrinking did, for its report line.
struct Shrinking<'a> {
    /// The size of the failing input as generated, and of the one shown.
    bytes: (usize, usize),
    /// Whether nothing could be removed or lowered.
    unchanged: bool,
    /// Whether a second run failed the same way (if not, nothing was shrunk).
    reproduced: bool,
    stats: &'a Stats,
    /// The shrinking time limit, if it stopped the shrinking.
    stopped_at: Option<Duration>,
    /// Whether the failure was a timeout.
    timeout: bool,
}

/// The lines on what shrinking did, or why nothing was shrunk.
fn shrinking(out: &mut String, shrinking: &Shrinking) {
    let (before, after) = shrinking.bytes;
    if !shrinking.reproduced {
        let _ = writeln!(
            out,
            "does not reproduce: a second run on the same input did not fail the same way \
             (a flaky or time-dependent program?); the input is shown unshrunk"
        );
        if shrinking.timeout {
            let _ = writeln!(
                out,
                "(a timeout that does not come back: is the machine busy? try a larger --timeout)"
            );
        }
        return;
    }
    let s = shrinking.stats;
    let what = if shrinking.unchanged {
        format!("already minimal ({before} bytes): nothing could be removed or lowered")
    } else {
        format!("shrunk from {before} to {after} bytes")
    };
    let _ = writeln!(
        out,
        "{what}: {} candidates probed ({} invalid, skipped), {} kept, {:.2} s",
        s.probes,
        s.invalid,
        s.kept,
        s.elapsed.as_secs_f64()
    );
    if let Some(limit) = shrinking.stopped_at {
        let _ = writeln!(
            out,
            "(stopped at --shrink-time {:.0} s: a smaller input may fail too)",
            limit.as_secs_f64()
        );
    }
}

/// The failure report: what failed, the minimal input, tabletop's answer, the command's
/// output or status, the first differing line, and for 猪国杀 where to look in the story.
pub fn failure(config: &Config, failed: &Failed, command: &Command) -> String {
    let mut out = String::new();
    let spec = config.spec;
    let _ = writeln!(
        out,
        "FAILED: run {} of {} ({}): `tabletop gen {} --size {}{} --seed {}` prints the input",
        failed.run + 1,
        config.runs,
        failed.failure,
        spec.game,
        spec.size,
        if spec.cycles { " --cycles" } else { "" },
        failed.seed,
    );
    shrinking(
        &mut out,
        &Shrinking {
            bytes: (failed.original.render().len(), failed.minimal.render().len()),
            unchanged: failed.stats.kept == 0,
            reproduced: failed.reproduced,
            stats: &failed.stats,
            stopped_at: failed.stopped.then_some(config.shrink_time),
            timeout: failed.failure == Failure::Timeout,
        },
    );
    let heading = if failed.reproduced {
        "minimal input"
    } else {
        "failing input (not shrunk)"
    };
    section(&mut out, heading, &failed.minimal.render());
    section(&mut out, "tabletop's answer", &failed.expected);
    let output = &failed.output;
    let heading = format!(
        "output of `{}` ({}, {})",
        command.display(),
        output.status,
        millis(output.elapsed)
    );
    let stdout = output.stdout_text();
    section(&mut out, &heading, &shown(&stdout, STDOUT_SHOWN));
    match output.status {
        Status::TimedOut => {
            let _ = writeln!(out, "--- time limit: {:.3} s", command.timeout.as_secs_f64());
        }
        Status::OutputLimit => {
            let _ = writeln!(
                out,
                "--- output limit: {} bytes on stdout or on stderr (--max-output); the program wrote more",
                command.max_output
            );
        }
        _ => {}
    }
    if !output.stderr.is_empty() {
        section(
            &mut out,
            "its stderr",
            &shown(&output.stderr_text(), STDERR_SHOWN),
        );
    }
    match first_difference(&failed.expected, &stdout) {
        Some(d) => {
            let show = |line: &Option<String>| {
                line.as_ref()
                    .map_or("(end of output)".to_string(), |l| format!("`{l}`"))
            };
            let _ = writeln!(
                out,
                "--- first difference: line {}: expected {}, got {}",
                d.line,
                show(&d.expected),
                show(&d.actual)
            );
            if let Input::Pigs(_) = &failed.minimal {
                let source =
                    tabletop_app::Source::new("<minimal input>", failed.minimal.render().into_bytes());
                out.push_str(&tabletop_app::pigs::story(&source, d.line));
            }
        }
        None => {
            let _ = writeln!(
                out,
                "--- the output agrees with tabletop's; the run failed: {}",
                failed.failure
            );
        }
    }
    out
}

/// One line: every run of a problem's stress test agreed.
pub fn problem_summary(problem: &crate::problem::Problem, passed: &crate::problem::Passed) -> String {
    format!(
        "ok: {} runs of `{}` (seeds {}..) agree with `{}` ({:.2} s, slowest run {})\n",
        passed.runs,
        problem.generator.display(),
        problem.seed,
        problem.reference.display(),
        passed.elapsed.as_secs_f64(),
        millis(passed.slowest),
    )
}

/// The failure report of a problem's stress test: what failed, the minimal input, the
/// reference's answer, the solution's output or status, and why it is wrong.
pub fn problem_failure(problem: &crate::problem::Problem, caught: &crate::problem::Caught) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "FAILED: run {} of {} ({}): `{}` prints the input",
        caught.run + 1,
        problem.runs,
        caught.failure,
        problem.generator.with_seed(caught.seed).display(),
    );
    shrinking(
        &mut out,
        &Shrinking {
            bytes: (caught.original.len(), caught.minimal.len()),
            unchanged: caught.minimal == caught.original,
            reproduced: caught.reproduced,
            stats: &caught.stats,
            stopped_at: caught.stopped.then_some(problem.shrink_time),
            timeout: caught.failure == Failure::Timeout,
        },
    );
    let heading = if caught.reproduced {
        "minimal input"
    } else {
        "failing input (not shrunk)"
    };
    section(&mut out, heading, &shown(&caught.minimal, STDOUT_SHOWN));
    section(
        &mut out,
        &format!("answer of the reference `{}`", problem.reference.display()),
        &shown(&caught.answer, STDOUT_SHOWN),
    );
    let output = &caught.output;
    let heading = format!(
        "output of `{}` ({}, {})",
        problem.solution.display(),
        output.status,
        millis(output.elapsed)
    );
    section(&mut out, &heading, &shown(&output.stdout_text(), STDOUT_SHOWN));
    match output.status {
        Status::TimedOut => {
            let _ = writeln!(
                out,
                "--- time limit: {:.3} s",
                problem.solution.timeout.as_secs_f64()
            );
        }
        Status::OutputLimit => {
            let _ = writeln!(
                out,
                "--- output limit: {} bytes on stdout or on stderr (--max-output); the program wrote more",
                problem.solution.max_output
            );
        }
        _ => {}
    }
    if !output.stderr.is_empty() {
        section(
            &mut out,
            "its stderr",
            &shown(&output.stderr_text(), STDERR_SHOWN),
        );
    }
    match &caught.why {
        Some(why) => {
            let _ = writeln!(out, "--- {why}");
        }
        None => {
            let _ = writeln!(out, "--- the run failed: {}", caught.failure);
        }
    }
    out
}

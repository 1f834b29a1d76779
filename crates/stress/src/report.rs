//! The text `tabletop stress` prints: a one-line summary, or a failure report.

use std::fmt::Write;
use std::time::Duration;

use crate::input::Input;
use crate::interact::{Dialogue, Interactor, Line};
use crate::problem::{Caught, Judge, Problem};
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

/// The line of a run stopped at its time limit (`time_limit`: the limit and what to say after
/// it; `None` when another line said why it stopped) or at its output limit, then its stderr.
fn limits_and_stderr(
    out: &mut String,
    output: &crate::run::Output,
    time_limit: Option<(Duration, &str)>,
    max_output: usize,
) {
    match (output.status, time_limit) {
        (Status::TimedOut, Some((limit, said))) => {
            let _ = writeln!(out, "--- time limit: {:.3} s{said}", limit.as_secs_f64());
        }
        (Status::OutputLimit, _) => {
            let _ = writeln!(
                out,
                "--- output limit: {max_output} bytes on stdout or on stderr (--max-output); the program wrote more"
            );
        }
        _ => {}
    }
    if !output.stderr.is_empty() {
        section(out, "its stderr", &shown(&output.stderr_text(), STDERR_SHOWN));
    }
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
    /// The input shown: the minimal one, or the original when nothing was shrunk.
    input: String,
}

/// The lines on what shrinking did (or why nothing was shrunk), then the input.
fn shrinking(out: &mut String, shrinking: &Shrinking) {
    shrinking_line(out, shrinking);
    let heading = if shrinking.reproduced {
        "minimal input"
    } else {
        "failing input (not shrunk)"
    };
    section(out, heading, &shrinking.input);
}

/// The lines on what shrinking did, or why nothing was shrunk.
fn shrinking_line(out: &mut String, shrinking: &Shrinking) {
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
            input: failed.minimal.render(),
        },
    );
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
    limits_and_stderr(&mut out, output, Some((command.timeout, "")), command.max_output);
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
pub fn problem_summary(problem: &Problem, passed: &crate::problem::Passed) -> String {
    let judged = match &problem.judge {
        Judge::Answer { reference, .. } => format!("agree with `{}`", reference.display()),
        Judge::Interactive { interactor, .. } => format!(
            "are accepted by the interactor `{}`",
            interactor.command.display()
        ),
    };
    format!(
        "ok: {} runs of `{}` (seeds {}..) {judged} ({:.2} s, slowest run {})\n",
        passed.runs,
        problem.generator.display(),
        problem.seed,
        passed.elapsed.as_secs_f64(),
        millis(passed.slowest),
    )
}

/// A dialogue line as shown: its direction, its start, and its length when cut.
fn dialogue_line(out: &mut String, line: &Line) {
    let mark = if line.to_program { '>' } else { '<' };
    let _ = write!(out, "{mark} {}", line.text);
    if line.bytes > line.text.len() {
        let _ = write!(out, " [... {} bytes in all]", line.bytes);
    }
    out.push('\n');
}

/// The dialogue of an interactive run: its first and last lines, and its length.
fn dialogue(
    out: &mut String,
    problem: &Problem,
    interactor: &Interactor,
    caught: &Caught,
    dialogue: &Dialogue,
) {
    let plural = |count: usize, what: &str| format!("{count} {what}{}", if count == 1 { "" } else { "s" });
    let _ = writeln!(
        out,
        "--- dialogue of `{}` ({}, {}) with the interactor `{}` ({}): {}, {} to it (>), {} from it (<)",
        problem.solution.display(),
        caught.output.status,
        millis(caught.output.elapsed),
        interactor.command.display(),
        caught
            .interactor
            .map_or("?".to_string(), |status| status.to_string()),
        plural(dialogue.lines, "line"),
        plural(dialogue.bytes.0, "byte"),
        plural(dialogue.bytes.1, "byte"),
    );
    for line in &dialogue.first {
        dialogue_line(out, line);
    }
    let hidden = dialogue.lines - dialogue.first.len() - dialogue.last.len();
    if hidden > 0 {
        let _ = writeln!(out, "[... {hidden} lines not shown]");
    }
    for line in &dialogue.last {
        dialogue_line(out, line);
    }
}

/// The reference's answer and the solution's output.
fn answer_and_output(out: &mut String, problem: &Problem, reference: &Command, caught: &Caught) {
    section(
        out,
        &format!("answer of the reference `{}`", reference.display()),
        &shown(&caught.answer, STDOUT_SHOWN),
    );
    let output = &caught.output;
    let heading = format!(
        "output of `{}` ({}, {})",
        problem.solution.display(),
        output.status,
        millis(output.elapsed)
    );
    section(out, &heading, &shown(&output.stdout_text(), STDOUT_SHOWN));
}

/// The failure report of a problem's stress test: what failed, the minimal input, the
/// reference's answer and the solution's output (or the dialogue with the interactor), and
/// why it is wrong.
pub fn problem_failure(problem: &Problem, caught: &Caught) -> String {
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
            input: shown(&caught.minimal, STDOUT_SHOWN),
        },
    );
    match (&problem.judge, &caught.dialogue) {
        (Judge::Interactive { interactor, .. }, Some(shown)) => {
            dialogue(&mut out, problem, interactor, caught, shown);
        }
        (Judge::Answer { reference, .. }, _) => answer_and_output(&mut out, problem, reference, caught),
        (Judge::Interactive { .. }, None) => {}
    }
    let output = &caught.output;
    let interactive = matches!(problem.judge, Judge::Interactive { .. });
    if caught.failure == Failure::Idle {
        let _ = writeln!(
            out,
            "--- idle at the time limit ({:.3} s): neither side was running, each waited for the other (an answer not flushed?)",
            problem.solution.timeout.as_secs_f64()
        );
    }
    let shared = match interactive {
        true => " (the dialogue's, shared by both)",
        false => "",
    };
    // An idle dialogue said why it stopped at the time limit.
    let time_limit = (caught.failure != Failure::Idle).then_some((problem.solution.timeout, shared));
    limits_and_stderr(&mut out, output, time_limit, problem.solution.max_output);
    let says = |why: &str| {
        if why.is_empty() {
            "the interactor gave no message".to_string()
        } else {
            format!("the interactor says: {why}")
        }
    };
    match (&caught.why, interactive) {
        (Some(why), true) if caught.failure == Failure::ExitedEarly => {
            let _ = writeln!(
                out,
                "--- the program exited while the interactor expected more; {}",
                says(why)
            );
        }
        (Some(why), true) => {
            let _ = writeln!(out, "--- {}", says(why));
        }
        (Some(why), false) => {
            let _ = writeln!(out, "--- {why}");
        }
        (None, _) => {
            let _ = writeln!(out, "--- the run failed: {}", caught.failure);
        }
    }
    out
}

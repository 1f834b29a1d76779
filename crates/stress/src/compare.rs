//! How a solution's output is judged against the reference's answer: the judge comparison of
//! [`crate::run::first_difference`], tokens as numbers within a tolerance, a testlib checker
//! (`CHECKER input output answer`, exit 0 accepted) or a Kattis output validator
//! (`VALIDATOR input answer feedback_dir < output`, exit 42 accepted, 43 wrong).
//!
//! ```
//! use tabletop_stress::compare::{Compare, Judgement};
//! let float = Compare::Float { absolute: 1e-6, relative: 1e-6 };
//! assert_eq!(float.judge(b"", b"0.3333333\n", b"0.333333333\n")?, Judgement::Accepted);
//! assert!(matches!(float.judge(b"", b"0.33\n", b"0.333333333\n")?, Judgement::Wrong(_)));
//! # Ok::<(), tabletop_stress::compare::CheckerFailed>(())
//! ```

use std::path::Path;
use std::time::Duration;

use crate::run::{first_difference, Command, Status};

/// The judge of one output.
#[derive(Debug, Clone)]
pub enum Compare {
    /// Line by line, trailing white space and trailing blank lines ignored.
    Judge,
    /// Token by token; two numbers agree when they differ by at most `absolute` or by at most
    /// `relative` times the answer's value; any other token must be equal.
    Float {
        /// The absolute tolerance.
        absolute: f64,
        /// The relative tolerance.
        relative: f64,
    },
    /// A testlib checker: `CHECKER input output answer`, exit 0 accepted, 1 or 2 wrong.
    Checker(Command),
    /// A Kattis output validator: `VALIDATOR input answer feedback_dir < output`, exit 42
    /// accepted, 43 wrong.
    OutputValidator(Command),
}

/// A judge's word on one output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judgement {
    /// The output is accepted.
    Accepted,
    /// The output is wrong: why, in a line (the first difference, or the checker's message).
    Wrong(String),
}

/// A checker or an output validator that did not give a verdict (an exit status that means
/// neither yes nor no, a crash, a timeout, or no way to start it): the setup's fault.
#[derive(Debug, thiserror::Error)]
#[error("the checker `{command}` failed: {why}")]
pub struct CheckerFailed {
    /// The checker's command line.
    pub command: String,
    /// What happened.
    pub why: String,
}

/// How much of a checker's message a judgement keeps.
const MESSAGE_KEPT: usize = 300;

impl Compare {
    /// Judges `output` for `input`, `answer` being the reference's output.
    ///
    /// # Errors
    /// The checker or output validator gave no verdict.
    pub fn judge(&self, input: &[u8], output: &[u8], answer: &[u8]) -> Result<Judgement, CheckerFailed> {
        let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
        match self {
            Compare::Judge => Ok(match first_difference(&text(answer), &text(output)) {
                None => Judgement::Accepted,
                Some(d) => {
                    let show = |line: Option<String>| {
                        line.map_or("(end of output)".to_string(), |l| format!("`{l}`"))
                    };
                    Judgement::Wrong(format!(
                        "first difference: line {}: expected {}, got {}",
                        d.line,
                        show(d.expected),
                        show(d.actual)
                    ))
                }
            }),
            Compare::Float { absolute, relative } => Ok(
                match float_difference(&text(answer), &text(output), *absolute, *relative) {
                    None => Judgement::Accepted,
                    Some(why) => Judgement::Wrong(why),
                },
            ),
            Compare::Checker(checker) => run_checker(checker, input, output, answer, false),
            Compare::OutputValidator(validator) => run_checker(validator, input, output, answer, true),
        }
    }
}

impl Compare {
    /// This judge with its checker (if any) limited to `timeout` and `max_output` bytes.
    pub fn limits(self, timeout: Duration, max_output: usize) -> Compare {
        match self {
            Compare::Checker(c) => Compare::Checker(c.timeout(timeout).max_output(max_output)),
            Compare::OutputValidator(c) => {
                Compare::OutputValidator(c.timeout(timeout).max_output(max_output))
            }
            other => other,
        }
    }
}

/// Whether two tokens agree within the tolerances (equal text, or both numbers close enough).
fn tokens_agree(expected: &str, actual: &str, absolute: f64, relative: f64) -> bool {
    if expected == actual {
        return true;
    }
    match (expected.parse::<f64>(), actual.parse::<f64>()) {
        (Ok(want), Ok(got)) if want.is_finite() && got.is_finite() => {
            let error = (want - got).abs();
            error <= absolute || error <= relative * want.abs()
        }
        _ => false,
    }
}

/// The first token where `actual` differs from `expected` beyond the tolerances, described
/// in a line; `None` if they agree.
pub fn float_difference(expected: &str, actual: &str, absolute: f64, relative: f64) -> Option<String> {
    let tokens = |text: &str| -> Vec<(usize, String)> {
        text.lines()
            .enumerate()
            .flat_map(|(line, words)| words.split_whitespace().map(move |w| (line + 1, w.to_string())))
            .collect()
    };
    let (want, got) = (tokens(expected), tokens(actual));
    let index = (0..want.len().max(got.len())).find(|&i| match (want.get(i), got.get(i)) {
        (Some((_, w)), Some((_, g))) => !tokens_agree(w, g, absolute, relative),
        _ => true,
    })?;
    let show = |token: Option<&(usize, String)>| {
        token.map_or("(end of output)".to_string(), |(line, t)| {
            format!("`{t}` (line {line})")
        })
    };
    Some(format!(
        "first difference: token {}: expected {}, got {} (tolerance {absolute:e} absolute or {relative:e} relative)",
        index + 1,
        show(want.get(index)),
        show(got.get(index))
    ))
}

/// The first lines of a checker's message, cut to [`MESSAGE_KEPT`] bytes.
pub(crate) fn message(text: &str) -> String {
    let text = text.trim();
    let mut end = text.len().min(MESSAGE_KEPT);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].replace('\n', " / ")
}

fn run_checker(
    checker: &Command,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    kattis: bool,
) -> Result<Judgement, CheckerFailed> {
    let failed = |why: String| CheckerFailed {
        command: checker.display(),
        why,
    };
    let dir = tempfile::Builder::new()
        .prefix("tabletop-check")
        .tempdir()
        .map_err(|e| failed(format!("no temporary folder: {e}")))?;
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes)
            .map(|()| path.display().to_string())
            .map_err(|e| failed(format!("{}: {e}", path.display())))
    };
    let input_file = write("input", input)?;
    let answer_file = write("answer", answer)?;
    let mut command = checker.clone();
    let stdin: &[u8] = if kattis {
        let feedback = dir.path().join("feedback");
        std::fs::create_dir(&feedback).map_err(|e| failed(format!("{}: {e}", feedback.display())))?;
        command
            .args
            .extend([input_file, answer_file, format!("{}/", feedback.display())]);
        output
    } else {
        let output_file = write("output", output)?;
        command.args.extend([input_file, output_file, answer_file]);
        b""
    };
    let run = command
        .run(stdin)
        .map_err(|e| failed(format!("cannot run it: {e}")))?;
    let said = || {
        let feedback = if kattis {
            std::fs::read_to_string(dir.path().join("feedback/judgemessage.txt")).unwrap_or_default()
        } else {
            String::new()
        };
        message(&format!(
            "{feedback}\n{}\n{}",
            run.stdout_text(),
            run.stderr_text()
        ))
    };
    match (kattis, run.status) {
        (false, Status::Exited(0)) | (true, Status::Exited(42)) => Ok(Judgement::Accepted),
        (false, Status::Exited(1 | 2)) | (true, Status::Exited(43)) => {
            let why = said();
            Ok(Judgement::Wrong(if why.is_empty() {
                "the checker rejects the output".to_string()
            } else {
                format!("the checker says: {why}")
            }))
        }
        (_, status) => Err(failed(format!("{status} ({})", said()))),
    }
}

/// Whether `path` names a file that can be run as it is.
pub(crate) fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_agree_within_either_tolerance() {
        let (abs, rel) = (1e-6, 1e-6);
        assert_eq!(float_difference("1.0 2\n", "1.0000001\n2.000", abs, rel), None);
        assert_eq!(float_difference("1000000\n", "1000000.5\n", abs, rel), None);
        assert!(float_difference("1.0\n", "1.1\n", abs, rel).is_some());
        assert!(float_difference("YES 1\n", "NO 1\n", abs, rel).is_some());
        let missing = float_difference("1 2\n", "1\n", abs, rel).unwrap();
        assert!(
            missing.starts_with("first difference: token 2: expected `2` (line 1), got (end of output)"),
            "{missing}"
        );
        assert!(float_difference("nan\n", "nan\n", abs, rel).is_none());
        assert!(float_difference("1\n", "nan\n", abs, rel).is_some());
    }

    #[test]
    fn checkers_and_output_validators() {
        let script = |body: &str| Command::new("sh", ["-c", body, "checker"]);
        // testlib order: input output answer.
        let same_sum = script(r#"test "$(cat "$2")" = "$(cat "$3")" || { echo "differs"; exit 1; }"#);
        let checker = Compare::Checker(same_sum);
        assert_eq!(checker.judge(b"in", b"5\n", b"5\n").unwrap(), Judgement::Accepted);
        assert_eq!(
            checker.judge(b"in", b"4\n", b"5\n").unwrap(),
            Judgement::Wrong("the checker says: differs".into())
        );
        // Kattis order: input answer feedback_dir, the output on stdin.
        let kattis =
            script(r#"test "$(cat)" = "$(cat "$2")" && exit 42; echo nope > "$3/judgemessage.txt"; exit 43"#);
        let validator = Compare::OutputValidator(kattis);
        assert_eq!(validator.judge(b"", b"7\n", b"7\n").unwrap(), Judgement::Accepted);
        assert_eq!(
            validator.judge(b"", b"8\n", b"7\n").unwrap(),
            Judgement::Wrong("the checker says: nope".into())
        );
        let broken = Compare::Checker(script("exit 3"));
        assert!(broken.judge(b"", b"", b"").is_err());
    }
}

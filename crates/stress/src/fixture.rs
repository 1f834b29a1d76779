//! Judge fixtures: `<case>.in` run through a program (`PROGRAM <game> [args] <case>.in`, by
//! [`crate::run`]) and checked against what the case expects. `cargo xtask verify` and the
//! CLI's `fixtures` test both run fixtures through this module.
//!
//! A case is `<case>.in` with:
//! - `<case>.out`: exit code 0 and exactly this stdout;
//! - `<case>.err`: a first line `exit N` (the exit code expected), then a text that stderr
//!   must contain (the rest of the file, trailing white space cut); stdout must be empty;
//! - both: exit code N, exactly that stdout and that text in stderr (`--keep-going` answers
//!   for the valid test cases and a report for each bad one);
//! - optionally `<case>.args`: extra arguments, separated by white space.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::run::{first_difference, Command, Status};

/// Longest a single case may run before it counts as hung.
pub const CASE_TIMEOUT: Duration = Duration::from_secs(120);

/// How a case's stdout is compared with the expected output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compare {
    /// Byte for byte (the project's own fixtures).
    Exact,
    /// As judges compare ([`first_difference`]): trailing spaces on a line and trailing
    /// empty lines are ignored.
    Judge,
}

/// What a case expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expect {
    /// The exit code: 0 without a `.err` file, else its `exit N` line.
    pub code: i32,
    /// The stdout: the `.out` file, or nothing.
    pub stdout: Vec<u8>,
    /// A text stderr must contain (from the `.err` file).
    pub stderr: Option<String>,
}

/// One fixture.
#[derive(Debug, Clone)]
pub struct Case {
    /// The game (the program's subcommand).
    pub game: String,
    /// The `.in` file.
    pub input: PathBuf,
    /// Extra arguments from `<case>.args`.
    pub args: Vec<String>,
    /// The expectation from `<case>.out` and `<case>.err`.
    pub expect: Expect,
    /// How to compare stdout.
    pub compare: Compare,
}

/// Reads a `.err` file: its `exit N` line and the stderr text after it.
///
/// ```
/// use tabletop_stress::fixture::read_err;
/// assert_eq!(read_err("exit 2\nerror: bad\n"), Ok((2, "error: bad".to_string())));
/// assert!(read_err("error: bad\n").is_err());
/// ```
///
/// # Errors
/// The first line is not `exit N`.
pub fn read_err(text: &str) -> Result<(i32, String), String> {
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let code = first
        .trim_end()
        .strip_prefix("exit ")
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| format!("the first line is `{first}`, not `exit N` (the exit code expected)"))?;
    Ok((code, rest.trim_end().to_string()))
}

/// The outcome of one case run by `program`: `None` if it passed, else what differs.
pub fn check(program: &Path, case: &Case) -> Option<String> {
    let mut args = vec![case.game.clone()];
    args.extend(case.args.iter().cloned());
    args.push(case.input.display().to_string());
    let command = Command::new(program.display().to_string(), args).timeout(CASE_TIMEOUT);
    let output = match command.run(b"") {
        Ok(output) => output,
        Err(e) => return Some(format!("cannot start {}: {e}", program.display())),
    };
    let stderr = output.stderr_text();
    let expect = &case.expect;
    if output.status != Status::Exited(expect.code) {
        return Some(format!(
            "{}, expected exit status {}; stderr:\n{stderr}",
            output.status, expect.code
        ));
    }
    if let Some(needle) = &expect.stderr {
        if !stderr.contains(needle.as_str()) {
            return Some(format!("stderr does not contain {needle:?}; stderr:\n{stderr}"));
        }
    }
    outputs_match(&expect.stdout, &output.stdout, case.compare)
        .err()
        .map(|diff| format!("stdout differs from the expected output:\n{diff}"))
}

/// Compares outputs; on a difference, returns a short report around the first differing line.
///
/// # Errors
/// The report, when the outputs differ.
pub fn outputs_match(expected: &[u8], actual: &[u8], compare: Compare) -> Result<(), String> {
    let (expected, actual) = (String::from_utf8_lossy(expected), String::from_utf8_lossy(actual));
    let first = match compare {
        Compare::Exact if expected == actual => return Ok(()),
        // The first line that differs, line ends included: a missing last newline counts.
        Compare::Exact => expected
            .split_inclusive('\n')
            .zip(actual.split_inclusive('\n'))
            .take_while(|(e, a)| e == a)
            .count(),
        Compare::Judge => match first_difference(&expected, &actual) {
            None => return Ok(()),
            Some(difference) => difference.line - 1,
        },
    };
    let show = |text: &str| -> String {
        let lines: Vec<&str> = text.lines().collect();
        let mut shown = String::new();
        for (number, line) in lines.iter().enumerate().skip(first.saturating_sub(2)).take(5) {
            let marker = if number == first { '>' } else { ' ' };
            shown.push_str(&format!("  {marker}{:>5} | {line:?}\n", number + 1));
        }
        if first >= lines.len() {
            shown.push_str(&format!(
                "  >{:>5} | (end of output, {} lines)\n",
                first + 1,
                lines.len()
            ));
        }
        shown
    };
    Err(format!(
        "first difference at line {}\nexpected:\n{}actual:\n{}",
        first + 1,
        show(&expected),
        show(&actual)
    ))
}

/// Finds the cases in `dir`: `dir/<game>/*.in`, or `dir/*.in` when `dir` is itself named after
/// a game.
///
/// # Errors
/// A folder cannot be read, or a case's expectation is missing or malformed.
pub fn collect(dir: &Path, compare: Compare) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let game_of_dir = dir.file_name().map(|name| name.to_string_lossy().into_owned());
    collect_in(dir, game_of_dir.as_deref().unwrap_or(""), compare, &mut cases)?;
    for sub in sorted_entries(dir, |path| path.is_dir())? {
        let game = sub
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        collect_in(&sub, &game, compare, &mut cases)?;
    }
    Ok(cases)
}

/// The entries of `dir` that `keep` accepts, sorted.
fn sorted_entries(dir: &Path, keep: impl Fn(&Path) -> bool) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| keep(path))
        .collect();
    paths.sort();
    Ok(paths)
}

/// Adds the cases `dir/*.in` of `game` to `cases`.
///
/// # Errors
/// The folder cannot be read, or a case's expectation is missing or malformed.
pub fn collect_in(dir: &Path, game: &str, compare: Compare, cases: &mut Vec<Case>) -> Result<(), String> {
    let inputs = sorted_entries(dir, |path| path.extension().is_some_and(|ext| ext == "in"))?;
    for input in inputs {
        let read = |ext: &str| std::fs::read(input.with_extension(ext)).ok();
        let (out, err) = (read("out"), read("err"));
        let (code, stderr) = match &err {
            Some(err) => {
                let (code, text) = read_err(&String::from_utf8_lossy(err))
                    .map_err(|e| format!("{}: {e}", input.with_extension("err").display()))?;
                (code, Some(text))
            }
            None if out.is_some() => (0, None),
            None => return Err(format!("{} has neither a .out nor a .err file", input.display())),
        };
        let args = read("args")
            .map(|bytes| {
                String::from_utf8_lossy(&bytes)
                    .split_whitespace()
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        cases.push(Case {
            game: game.to_owned(),
            input,
            args,
            expect: Expect {
                code,
                stdout: out.unwrap_or_default(),
                stderr,
            },
            compare,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_comparison_sees_every_byte() {
        assert!(outputs_match(b"2\n2\n", b"2\n2\n", Compare::Exact).is_ok());
        assert!(outputs_match(b"2\n2\n", b"2\n2", Compare::Exact).is_err());
        assert!(outputs_match(b"2\n2\n", b"2 \n2\n", Compare::Exact).is_err());
        let report = outputs_match(b"1\n2\n3\n", b"1\n2\n4\n", Compare::Exact).unwrap_err();
        assert!(report.contains("first difference at line 3"), "{report}");
    }

    #[test]
    fn judge_comparison_ignores_trailing_space_and_empty_lines() {
        assert!(outputs_match(b"MP\nK K\n\n", b"MP  \nK K\n", Compare::Judge).is_ok());
        assert!(outputs_match(b"MP\n\nK\n", b"MP\nK\n", Compare::Judge).is_err());
        let report = outputs_match(b"MP\nK K\n", b"MP\nK  K\n", Compare::Judge).unwrap_err();
        assert!(report.contains("first difference at line 2"), "{report}");
    }

    /// With a stand-in program (`sh script game FILE`): a passing case, a corrupted expected
    /// output, an expected failure, a failure with the wrong exit code, and a `.err` file
    /// without its exit line are all judged right.
    #[test]
    fn checks_detect_corrupted_expectations() {
        let dir = std::env::temp_dir().join(format!("tabletop-fixture-{}", std::process::id()));
        let cases_dir = dir.join("cases");
        std::fs::create_dir_all(&cases_dir).unwrap();
        // `sh echo.sh FILE` is how a case calls `<program> <game> FILE` with program = sh.
        let script = dir.join("echo.sh");
        let body = "if grep -q bad \"$1\"; then echo 'error: bad' >&2; exit 2; fi\ncat \"$1\"\n";
        std::fs::write(&script, body).unwrap();
        let files = [
            ("good.in", "hello\n"),
            ("good.out", "hello\n"),
            ("corrupt.in", "hello\n"),
            ("corrupt.out", "hellx\n"),
            ("broken.in", "bad\n"),
            ("broken.err", "exit 2\nerror: bad\n"),
            ("wrong-code.in", "bad\n"),
            ("wrong-code.err", "exit 1\nerror: bad\n"),
        ];
        for (name, text) in files {
            std::fs::write(cases_dir.join(name), text).unwrap();
        }
        let mut cases = Vec::new();
        let game = script.display().to_string();
        collect_in(&cases_dir, &game, Compare::Exact, &mut cases).unwrap();
        let verdicts: Vec<(String, bool)> = cases
            .iter()
            .map(|c| {
                let name = c.input.file_stem().unwrap().to_string_lossy().into_owned();
                (name, check(Path::new("sh"), c).is_none())
            })
            .collect();
        let expected = [
            ("broken", true),
            ("corrupt", false),
            ("good", true),
            ("wrong-code", false),
        ];
        assert_eq!(verdicts, expected.map(|(name, ok)| (name.to_string(), ok)));
        let report = check(Path::new("sh"), &cases[3]).unwrap();
        assert!(
            report.contains("exit status 2, expected exit status 1"),
            "{report}"
        );
        std::fs::write(cases_dir.join("broken.err"), "error: bad\n").unwrap();
        let error = collect_in(&cases_dir, &game, Compare::Exact, &mut Vec::new()).unwrap_err();
        assert!(error.contains("not `exit N`"), "{error}");
        std::fs::remove_dir_all(&dir).ok();
    }
}

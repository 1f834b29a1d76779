//! `cargo xtask verify`: run fixtures through the real `tabletop` binary.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Longest a single case may run before it counts as hung.
const CASE_TIMEOUT: Duration = Duration::from_secs(120);

/// How a case's stdout is compared with the expected output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compare {
    /// Byte for byte (the project's own fixtures).
    Exact,
    /// As judges compare: trailing spaces on a line and trailing empty lines are ignored.
    Judge,
}

/// What a case expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect {
    /// This stdout and exit code 0.
    Output(Vec<u8>),
    /// A non-zero exit, empty stdout, and this text somewhere in stderr.
    Failure(String),
    /// Exit code 2 with this stdout and this text somewhere in stderr: answers for the valid
    /// test cases and a report for each bad one (`--keep-going`).
    Partial(Vec<u8>, String),
}

/// One fixture.
#[derive(Debug, Clone)]
pub struct Case {
    /// The game (the `tabletop` subcommand).
    pub game: String,
    /// The `.in` file.
    pub input: PathBuf,
    /// Extra arguments from `<case>.args`.
    pub args: Vec<String>,
    /// The expectation from `<case>.out` or `<case>.err`.
    pub expect: Expect,
    /// How to compare stdout.
    pub compare: Compare,
}

/// The outcome of one case: `None` if it passed, else a description of the difference.
pub fn run_case(binary: &Path, case: &Case) -> Option<String> {
    let mut command = Command::new(binary);
    command.arg(&case.game).args(&case.args).arg(&case.input);
    let (status, stdout, stderr) = match run_with_timeout(command, CASE_TIMEOUT) {
        Ok(result) => result,
        Err(message) => return Some(message),
    };
    let stderr_text = String::from_utf8_lossy(&stderr);
    match &case.expect {
        Expect::Output(expected) => {
            if status != Some(0) {
                return Some(format!(
                    "exit code {status:?}, expected 0; stderr:\n{stderr_text}"
                ));
            }
            outputs_match(expected, &stdout, case.compare)
                .err()
                .map(|diff| format!("stdout differs from the expected output:\n{diff}"))
        }
        Expect::Failure(needle) => {
            if status == Some(0) {
                return Some(format!("exit code 0, expected a failure containing {needle:?}"));
            }
            if !stdout.is_empty() {
                return Some(format!(
                    "a failed run printed to stdout:\n{}",
                    String::from_utf8_lossy(&stdout)
                ));
            }
            if !stderr_text.contains(needle.as_str()) {
                return Some(format!(
                    "stderr does not contain {needle:?}; stderr:\n{stderr_text}"
                ));
            }
            None
        }
        Expect::Partial(expected, needle) => {
            if status != Some(2) {
                return Some(format!(
                    "exit code {status:?}, expected 2; stderr:\n{stderr_text}"
                ));
            }
            if !stderr_text.contains(needle.as_str()) {
                return Some(format!(
                    "stderr does not contain {needle:?}; stderr:\n{stderr_text}"
                ));
            }
            outputs_match(expected, &stdout, case.compare)
                .err()
                .map(|diff| format!("stdout differs from the expected answers:\n{diff}"))
        }
    }
}

type RunResult = (Option<i32>, Vec<u8>, Vec<u8>);

/// Runs `command` with no stdin, killing it after `timeout`.
fn run_with_timeout(mut command: Command, timeout: Duration) -> Result<RunResult, String> {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {:?}: {e}", command.get_program()))?;
    // Read the pipes on threads so that a large output cannot block the child.
    let mut out = child.stdout.take();
    let mut err = child.stderr.take();
    let out_reader = std::thread::spawn(move || read_all(out.as_mut()));
    let err_reader = std::thread::spawn(move || read_all(err.as_mut()));
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("timed out after {timeout:?} (a hang?)"));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(format!("waiting failed: {e}")),
        }
    };
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    Ok((status.code(), stdout, stderr))
}

fn read_all<R: std::io::Read>(reader: Option<&mut R>) -> Vec<u8> {
    let mut bytes = Vec::new();
    if let Some(reader) = reader {
        let _ = reader.read_to_end(&mut bytes);
    }
    bytes
}

/// Compares outputs; on a difference, returns a short report around the first differing line.
pub fn outputs_match(expected: &[u8], actual: &[u8], compare: Compare) -> Result<(), String> {
    let normalise = |text: &[u8]| -> Vec<String> {
        let text = String::from_utf8_lossy(text);
        match compare {
            Compare::Exact => text.split_inclusive('\n').map(str::to_owned).collect(),
            Compare::Judge => {
                let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_owned()).collect();
                while lines.last().is_some_and(String::is_empty) {
                    lines.pop();
                }
                lines
            }
        }
    };
    let (expected, actual) = (normalise(expected), normalise(actual));
    if expected == actual {
        return Ok(());
    }
    let first = expected.iter().zip(&actual).take_while(|(e, a)| e == a).count();
    let mut report = format!("first difference at line {}\n", first + 1);
    let show = |lines: &[String], at: usize| -> String {
        let mut shown = String::new();
        for (number, line) in lines.iter().enumerate().skip(at.saturating_sub(2)).take(5) {
            let marker = if number == at { '>' } else { ' ' };
            shown.push_str(&format!("  {marker}{:>5} | {:?}\n", number + 1, line));
        }
        if at >= lines.len() {
            shown.push_str(&format!(
                "  >{:>5} | (end of output, {} lines)\n",
                at + 1,
                lines.len()
            ));
        }
        shown
    };
    report.push_str(&format!("expected:\n{}", show(&expected, first)));
    report.push_str(&format!("actual:\n{}", show(&actual, first)));
    Err(report)
}

/// Finds the cases in `dir`: `dir/<game>/*.in`, or `dir/*.in` when `dir` is itself named after
/// a game.
pub fn collect(dir: &Path, compare: Compare) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let game_of_dir = dir.file_name().map(|name| name.to_string_lossy().into_owned());
    collect_in(dir, game_of_dir.as_deref().unwrap_or(""), compare, &mut cases)?;
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut subdirs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
        .collect();
    subdirs.sort();
    for sub in subdirs {
        let game = sub
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        collect_in(&sub, &game, compare, &mut cases)?;
    }
    Ok(cases)
}

fn collect_in(dir: &Path, game: &str, compare: Compare, cases: &mut Vec<Case>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut inputs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    inputs.sort();
    for input in inputs {
        let read = |ext: &str| std::fs::read(input.with_extension(ext)).ok();
        let expect = match (read("out"), read("err")) {
            (Some(out), None) => Expect::Output(out),
            (None, Some(err)) => Expect::Failure(String::from_utf8_lossy(&err).trim_end().to_owned()),
            (Some(out), Some(err)) => {
                Expect::Partial(out, String::from_utf8_lossy(&err).trim_end().to_owned())
            }
            (None, None) => return Err(format!("{} has neither a .out nor a .err file", input.display())),
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
            expect,
            compare,
        });
    }
    Ok(())
}

/// Per-game tally.
#[derive(Default)]
struct Tally {
    cases: usize,
    passed: usize,
    time: Duration,
}

/// Runs `cases` and prints a table per game and the first failure. Returns whether all passed.
/// While it runs, a line per game goes to `progress` (stderr) when the game starts and when
/// it is done, and a line for any case slower than [`SLOW_CASE`].
pub fn run_all(binary: &Path, cases: &[Case], progress: &mut dyn Write) -> bool {
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut failures = Vec::new();
    for group in cases.chunk_by(|a, b| a.game == b.game) {
        let game = group.first().map_or("", |case| case.game.as_str());
        // Progress is best effort: a closed stderr must not stop the run.
        let _ = writeln!(progress, "xtask: {game}: running {} cases...", group.len());
        let (group_started, failed_before) = (Instant::now(), failures.len());
        for case in group {
            let started = Instant::now();
            let verdict = run_case(binary, case);
            let elapsed = started.elapsed();
            if elapsed > SLOW_CASE {
                eprintln!(
                    "xtask:   {} took {:.1} s",
                    case.input.display(),
                    elapsed.as_secs_f64()
                );
            }
            let tally = tallies.entry(case.game.as_str()).or_default();
            tally.time += elapsed;
            tally.cases += 1;
            match verdict {
                None => tally.passed += 1,
                Some(report) => failures.push((case, report)),
            }
        }
        let _ = writeln!(
            progress,
            "xtask: {game}: {} passed, {} failed ({:.0} ms)",
            group.len() - (failures.len() - failed_before),
            failures.len() - failed_before,
            group_started.elapsed().as_secs_f64() * 1000.0
        );
    }
    print_table(&tallies);
    if let Some((case, report)) = failures.first() {
        println!("\nFAILED: {} ({})\n{report}", case.input.display(), case.game);
        for (case, _) in failures.iter().skip(1) {
            println!("also failed: {}", case.input.display());
        }
    }
    println!(
        "\n{} cases, {} passed, {} failed",
        cases.len(),
        cases.len() - failures.len(),
        failures.len()
    );
    failures.is_empty()
}

/// A case slower than this gets its own progress line.
const SLOW_CASE: Duration = Duration::from_secs(2);

fn print_table(tallies: &BTreeMap<&str, Tally>) {
    println!(
        "{:<10} {:>6} {:>7} {:>7} {:>10}",
        "game", "cases", "passed", "failed", "time"
    );
    for (game, tally) in tallies {
        let failed = tally.cases - tally.passed;
        let millis = tally.time.as_secs_f64() * 1000.0;
        println!(
            "{game:<10} {:>6} {:>7} {failed:>7} {millis:>8.0}ms",
            tally.cases, tally.passed
        );
    }
}

/// `cargo xtask verify [--release] [--bin PATH] [--dir PATH]... [GAME]...`
pub fn main(args: &[String]) -> Result<bool, String> {
    let mut release = false;
    let mut binary = None;
    let mut dirs = Vec::new();
    let mut games = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--release" => release = true,
            "--bin" => binary = Some(PathBuf::from(args.next().ok_or("--bin needs a path")?)),
            "--dir" => dirs.push(PathBuf::from(args.next().ok_or("--dir needs a path")?)),
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            game => games.push(game.to_owned()),
        }
    }
    let mut cases = collect(&crate::workspace_root().join("fixtures"), Compare::Exact)?;
    for dir in &dirs {
        let found = collect(dir, Compare::Judge)?;
        if found.is_empty() {
            return Err(format!("no .in files in {}", dir.display()));
        }
        cases.extend(found);
    }
    if !games.is_empty() {
        cases.retain(|case| games.contains(&case.game));
    }
    if cases.is_empty() {
        return Err("no cases to run".into());
    }
    eprintln!("xtask: {} cases found", cases.len());
    let binary = match binary {
        Some(path) => path,
        None => crate::build_tabletop(release)?,
    };
    Ok(run_all(&binary, &cases, &mut std::io::stderr()))
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
        assert!(outputs_match(b"MP\nK K\n", b"MP\nK  K\n", Compare::Judge).is_err());
    }

    /// End to end with a stand-in binary (`sh script`): a passing case, a corrupted
    /// expected output and an expected failure are all judged right.
    #[test]
    fn runner_detects_corrupted_expectations() {
        let dir = std::env::temp_dir().join(format!("xtask-verify-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // `sh echo.sh FILE` is how the runner calls `<binary> <game> FILE` with binary = sh.
        let script = dir.join("echo.sh");
        std::fs::write(
            &script,
            "if grep -q bad \"$1\"; then echo 'error: bad' >&2; exit 2; fi\ncat \"$1\"\n",
        )
        .unwrap();
        let cases_dir = dir.join("cases");
        std::fs::create_dir_all(&cases_dir).unwrap();
        std::fs::write(cases_dir.join("good.in"), "hello\n").unwrap();
        std::fs::write(cases_dir.join("good.out"), "hello\n").unwrap();
        std::fs::write(cases_dir.join("corrupt.in"), "hello\n").unwrap();
        std::fs::write(cases_dir.join("corrupt.out"), "hellx\n").unwrap();
        std::fs::write(cases_dir.join("broken.in"), "bad\n").unwrap();
        std::fs::write(cases_dir.join("broken.err"), "error: bad\n").unwrap();
        let mut cases = collect_cases_for_test(&cases_dir, script.to_string_lossy().as_ref());
        cases.sort_by(|a, b| a.input.cmp(&b.input));
        let verdicts: Vec<bool> = cases
            .iter()
            .map(|c| run_case(Path::new("sh"), c).is_none())
            .collect();
        // broken (expected failure) passes, corrupt fails, good passes.
        assert_eq!(verdicts, vec![true, false, true]);
        let mut progress = Vec::new();
        assert!(!run_all(Path::new("sh"), &cases, &mut progress));
        let game = script.to_string_lossy();
        assert_eq!(
            String::from_utf8_lossy(&progress)
                .lines()
                .map(|line| line
                    .replace(game.as_ref(), "GAME")
                    .split(" (")
                    .next()
                    .unwrap_or("")
                    .to_owned())
                .collect::<Vec<_>>(),
            [
                "xtask: GAME: running 3 cases...",
                "xtask: GAME: 2 passed, 1 failed"
            ],
            "a line when the game starts and one when it is done"
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    fn collect_cases_for_test(dir: &Path, game: &str) -> Vec<Case> {
        let mut cases = Vec::new();
        collect_in(dir, game, Compare::Exact, &mut cases).unwrap();
        cases
    }
}

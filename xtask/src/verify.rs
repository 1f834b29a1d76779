//! `cargo xtask verify`: run fixtures through the real `tabletop` binary. What a case is and
//! how it is checked is `tabletop_stress::fixture` (shared with the CLI's `fixtures` test);
//! this is the command: options, building, progress and the table.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tabletop_stress::fixture::{check, collect, Case, Compare};

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
            let verdict = check(binary, case);
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
    use tabletop_stress::fixture::collect_in;

    /// With a stand-in binary (`sh script`): a line when the game starts and one when it is
    /// done, and a failed case makes the run fail.
    #[test]
    fn progress_lines_and_the_verdict() {
        let dir = std::env::temp_dir().join(format!("xtask-verify-{}", std::process::id()));
        let cases_dir = dir.join("cases");
        std::fs::create_dir_all(&cases_dir).unwrap();
        // `sh echo.sh FILE` is how the runner calls `<binary> <game> FILE` with binary = sh.
        let script = dir.join("echo.sh");
        std::fs::write(&script, "cat \"$1\"\n").unwrap();
        for (name, text) in [
            ("good.in", "hello\n"),
            ("good.out", "hello\n"),
            ("corrupt.in", "hello\n"),
            ("corrupt.out", "hellx\n"),
        ] {
            std::fs::write(cases_dir.join(name), text).unwrap();
        }
        let game = script.to_string_lossy();
        let mut cases = Vec::new();
        collect_in(&cases_dir, &game, Compare::Exact, &mut cases).unwrap();
        let mut progress = Vec::new();
        assert!(!run_all(Path::new("sh"), &cases, &mut progress));
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
                "xtask: GAME: running 2 cases...",
                "xtask: GAME: 1 passed, 1 failed"
            ],
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}

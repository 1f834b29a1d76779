//! `cargo xtask bench`: `tabletop` against reference C++ solutions, end to end, in one run.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::compare::{self, Case, Goal};

/// `cargo xtask bench [--runs N] [GAME]...`
pub fn main(args: &[String]) -> Result<bool, String> {
    let mut runs = 5usize;
    let mut games = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => {
                let value = args.next().ok_or("--runs needs a number")?;
                runs = value
                    .parse()
                    .map_err(|_| format!("--runs: not a number: {value}"))?;
                runs = runs.max(1);
            }
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            game => games.push(game.to_owned()),
        }
    }
    let mut cases = compare::all_cases();
    if !games.is_empty() {
        cases.retain(|case| games.iter().any(|g| g == case.game));
    }
    if cases.is_empty() {
        return Err("no benchmark cases selected".into());
    }
    let tabletop = crate::build_tabletop(true)?;
    let work = crate::workspace_root().join("target").join("xtask-bench");
    std::fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;

    println!(
        "| case | input | tabletop (median of {runs}) | C++ -O2 (median of {runs}) | ratio | goal | met |"
    );
    println!("|---|---|---:|---:|---:|---|---|");
    let mut all_met = true;
    for case in &cases {
        let met = run_case(case, &tabletop, &work, runs)?;
        all_met &= met;
    }
    println!(
        "\nmachine: {} cores; tabletop built with `cargo build --release`",
        cores()
    );
    Ok(all_met)
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

fn run_case(case: &Case, tabletop: &Path, work: &Path, runs: usize) -> Result<bool, String> {
    let input = work.join(format!("{}.in", case.name));
    std::fs::write(&input, &case.input).map_err(|e| format!("cannot write {}: {e}", input.display()))?;
    let mut ours = Command::new(tabletop);
    ours.arg(case.game).args(&case.args).arg(&input);
    let (our_time, our_output) = time_runs(&mut ours, None, runs)?;

    let reference = match &case.reference {
        Some(reference) => {
            let binary = compile(reference.name, reference.source, work)?;
            let mut theirs = Command::new(&binary);
            let (time, output) = time_runs(&mut theirs, Some(&input), runs)?;
            if output != our_output {
                return Err(format!(
                    "{}: tabletop and {} disagree on the output",
                    case.name, reference.name
                ));
            }
            Some(time)
        }
        None => None,
    };
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let (ratio, met, goal) = match (case.goal, reference) {
        (Goal::AtMostRatio(limit), Some(theirs)) => {
            let ratio = ms(our_time) / ms(theirs).max(1e-9);
            (format!("{ratio:.2}"), ratio <= limit, format!("ratio <= {limit}"))
        }
        (Goal::AtMostRatio(limit), None) => ("-".into(), false, format!("ratio <= {limit} (no reference)")),
        (Goal::UnderMillis(limit), theirs) => {
            let ratio = theirs.map_or("-".into(), |t| format!("{:.2}", ms(our_time) / ms(t).max(1e-9)));
            (ratio, ms(our_time) < limit, format!("< {limit} ms"))
        }
    };
    let theirs = reference.map_or("-".into(), |t| format!("{:.1} ms", ms(t)));
    println!(
        "| {} | {} | {:.1} ms | {theirs} | {ratio} | {goal} | {} |",
        case.name,
        case.description,
        ms(our_time),
        if met { "yes" } else { "**no**" }
    );
    Ok(met)
}

/// Compiles a reference solution with `g++ -O2` (once per source text).
fn compile(name: &str, source: &str, work: &Path) -> Result<PathBuf, String> {
    let source_path = work.join(format!("{name}.cpp"));
    let binary = work.join(name);
    let unchanged = std::fs::read_to_string(&source_path).is_ok_and(|old| old == source) && binary.exists();
    if !unchanged {
        std::fs::write(&source_path, source).map_err(|e| format!("cannot write {name}.cpp: {e}"))?;
        let status = Command::new("g++")
            .args(["-O2", "-std=c++17", "-o"])
            .arg(&binary)
            .arg(&source_path)
            .status()
            .map_err(|e| format!("cannot run g++: {e}"))?;
        if !status.success() {
            return Err(format!("g++ failed on {name}.cpp"));
        }
    }
    Ok(binary)
}

/// Runs `command` `runs` times (plus one warm-up) and returns the median wall time and the
/// output of the last run. With `stdin`, the file is fed on standard input.
fn time_runs(
    command: &mut Command,
    stdin: Option<&Path>,
    runs: usize,
) -> Result<(Duration, Vec<u8>), String> {
    let mut times = Vec::with_capacity(runs);
    let mut output = Vec::new();
    for run in 0..=runs {
        let input = match stdin {
            Some(path) => {
                Stdio::from(std::fs::File::open(path).map_err(|e| format!("cannot open input: {e}"))?)
            }
            None => Stdio::null(),
        };
        let started = Instant::now();
        let result = command
            .stdin(input)
            .stderr(Stdio::inherit())
            .output()
            .map_err(|e| format!("cannot run {:?}: {e}", command.get_program()))?;
        let elapsed = started.elapsed();
        if !result.status.success() {
            return Err(format!("{:?} failed: {}", command.get_program(), result.status));
        }
        if run > 0 {
            times.push(elapsed);
        }
        output = result.stdout;
    }
    times.sort();
    Ok((times[times.len() / 2], output))
}

//! `cargo xtask bench`: `tabletop` against reference C++ solutions, end to end, in one run.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::compare::{self, Case, Goal, Lineup, Pair};

/// `/usr/bin/time`, which reports a child's peak resident memory (`%M`, from its rusage).
const TIME: &str = "/usr/bin/time";

/// One measured command: the median wall time, the output, the peak memory.
struct Measured {
    time: Duration,
    output: Vec<u8>,
    /// Peak resident set size in kB (`None` without `/usr/bin/time`).
    peak_kb: Option<u64>,
}

/// `cargo xtask bench [--runs N] [--before BIN] [GAME]...`
pub fn main(args: &[String]) -> Result<bool, String> {
    let mut runs = 7usize;
    let mut games = Vec::new();
    let mut before = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--before" => {
                let path = args
                    .next()
                    .ok_or("--before needs the path of a tabletop binary")?;
                before = Some(PathBuf::from(path));
            }
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
    let mut pairs = compare::all_pairs();
    let mut lineups = compare::all_lineups();
    if !games.is_empty() {
        cases.retain(|case| games.iter().any(|g| g == case.game));
        pairs.retain(|pair| games.iter().any(|g| g == pair.game));
        lineups.retain(|lineup| games.iter().any(|g| g == lineup.game));
    }
    if cases.is_empty() && pairs.is_empty() && lineups.is_empty() {
        return Err("no benchmark cases selected".into());
    }
    let tabletop = crate::build_tabletop(true)?;
    let work = crate::workspace_root().join("target").join("xtask-bench");
    std::fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;

    let mut all_met = true;
    if !lineups.is_empty() {
        all_met &= lineup_table(&lineups, &tabletop, before.as_deref(), &work, runs)?;
        println!();
    }
    if cases.is_empty() && pairs.is_empty() {
        return Ok(all_met);
    }
    println!(
        "| case | input | tabletop (median of {runs}) | reference (median of {runs}) | ratio | goal | met | peak memory tabletop / reference |"
    );
    println!("|---|---|---:|---:|---:|---|---|---:|");
    for case in &cases {
        let met = run_case(case, &tabletop, &work, runs)?;
        all_met &= met;
    }
    for pair in &pairs {
        let met = run_pair(pair, &tabletop, &work, runs)?;
        all_met &= met;
    }
    println!(
        "\nmachine: {} cores; tabletop built with `cargo build --release`; reference: C++ `g++ -O2`, or \
         tabletop itself on the baseline input; peak memory: maximum resident set size from \
         `{TIME} -f %M`, the median of {PEAK_RUNS} extra runs",
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
    let ours = time_runs(&mut ours, None, runs, work)?;
    let (our_time, our_output) = (ours.time, &ours.output);

    let reference = match &case.reference {
        Some(reference) => {
            let binary = compile(reference.name, reference.source, work)?;
            let mut theirs = Command::new(&binary);
            let measured = time_runs(&mut theirs, Some(&input), runs, work)?;
            if &measured.output != our_output {
                return Err(format!(
                    "{}: tabletop and {} disagree on the output",
                    case.name, reference.name
                ));
            }
            Some(measured)
        }
        None => None,
    };
    let their_peak = reference.as_ref().and_then(|r| r.peak_kb);
    let reference = reference.map(|r| r.time);
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
        "| {} | {} | {:.1} ms | {theirs} | {ratio} | {goal} | {} | {} |",
        case.name,
        case.description,
        ms(our_time),
        if met { "yes" } else { "**no**" },
        peaks(ours.peak_kb, their_peak),
    );
    Ok(met)
}

/// `tabletop` on a pair's input and on its baseline; the goal is a ratio of the two times.
fn run_pair(pair: &Pair, tabletop: &Path, work: &Path, runs: usize) -> Result<bool, String> {
    let measure = |suffix: &str, bytes: &[u8]| {
        let input = work.join(format!("{}{suffix}.in", pair.name));
        std::fs::write(&input, bytes).map_err(|e| format!("cannot write {}: {e}", input.display()))?;
        let mut command = Command::new(tabletop);
        command.arg(pair.game).args(&pair.args).arg(&input);
        time_runs(&mut command, None, runs, work)
    };
    let ours = measure("", &pair.input)?;
    let baseline = measure("-baseline", &pair.baseline)?;
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let ratio = ms(ours.time) / ms(baseline.time).max(1e-9);
    let met = ratio <= pair.goal;
    println!(
        "| {} | {} | {:.1} ms | {:.1} ms (tabletop, baseline) | {ratio:.2} | ratio <= {} | {} | {} |",
        pair.name,
        pair.description,
        ms(ours.time),
        ms(baseline.time),
        pair.goal,
        if met { "yes" } else { "**no**" },
        peaks(ours.peak_kb, baseline.peak_kb),
    );
    Ok(met)
}

/// `12.3 MB / 4.5 MB (2.7x)`, with `-` for what was not measured.
fn peaks(ours: Option<u64>, theirs: Option<u64>) -> String {
    let mb = |kb: Option<u64>| kb.map_or("-".into(), |kb| format!("{:.1} MB", kb as f64 / 1000.0));
    match (ours, theirs) {
        (Some(a), Some(b)) if b > 0 => format!("{} / {} ({:.2}x)", mb(ours), mb(theirs), a as f64 / b as f64),
        _ => format!("{} / {}", mb(ours), mb(theirs)),
    }
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
/// output of the last run; then [`PEAK_RUNS`] more under `/usr/bin/time` (if present) for
/// the peak memory. With `stdin`, the file is fed on standard input.
fn time_runs(
    command: &mut Command,
    stdin: Option<&Path>,
    runs: usize,
    work: &Path,
) -> Result<Measured, String> {
    let mut times = Vec::with_capacity(runs);
    let mut output = Vec::new();
    for run in 0..=runs {
        let started = Instant::now();
        let result = run_once(command, stdin)?;
        let elapsed = started.elapsed();
        if run > 0 {
            times.push(elapsed);
        }
        output = result;
    }
    times.sort();
    let peak_kb = peak_memory(command, stdin, work)?;
    Ok(Measured {
        time: times[times.len() / 2],
        output,
        peak_kb,
    })
}

/// One run: its standard output, or an error if it failed.
fn run_once(command: &mut Command, stdin: Option<&Path>) -> Result<Vec<u8>, String> {
    let input = match stdin {
        Some(path) => Stdio::from(std::fs::File::open(path).map_err(|e| format!("cannot open input: {e}"))?),
        None => Stdio::null(),
    };
    let result = command
        .stdin(input)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run {:?}: {e}", command.get_program()))?;
    if !result.status.success() {
        return Err(format!("{:?} failed: {}", command.get_program(), result.status));
    }
    Ok(result.stdout)
}

/// Runs measured for the peak memory: one run's peak varies by a megabyte or more (the
/// pages of the program's own file mapped around each one it touches depend on how much of
/// the file the page cache holds, and how).
const PEAK_RUNS: usize = 5;

/// The median peak resident memory (kB) of [`PEAK_RUNS`] runs of `command`, from
/// `/usr/bin/time -f %M` (the child's `ru_maxrss`); `None` when `/usr/bin/time` is missing.
fn peak_memory(command: &Command, stdin: Option<&Path>, work: &Path) -> Result<Option<u64>, String> {
    if !Path::new(TIME).exists() {
        return Ok(None);
    }
    let report = work.join("peak-memory.txt");
    let mut timed = Command::new(TIME);
    timed
        .args(["-f", "%M", "-o"])
        .arg(&report)
        .arg(command.get_program())
        .args(command.get_args());
    let mut peaks = Vec::with_capacity(PEAK_RUNS);
    for _ in 0..PEAK_RUNS {
        run_once(&mut timed, stdin)?;
        let text =
            std::fs::read_to_string(&report).map_err(|e| format!("cannot read {}: {e}", report.display()))?;
        match text
            .lines()
            .last()
            .and_then(|line| line.trim().parse::<u64>().ok())
        {
            Some(peak) => peaks.push(peak),
            None => return Ok(None),
        }
    }
    peaks.sort_unstable();
    Ok(peaks.get(peaks.len() / 2).copied())
}

/// One program of a lineup: a label, the command, and the input file it reads.
struct Contender {
    label: String,
    command: Command,
    /// Fed on standard input (the C++ programs) or named as an argument (`tabletop`).
    stdin: Option<PathBuf>,
}

/// The lineups as one Markdown table; `true` when every goal is met.
fn lineup_table(
    lineups: &[Lineup],
    tabletop: &Path,
    before: Option<&Path>,
    work: &Path,
    runs: usize,
) -> Result<bool, String> {
    let before_column = if before.is_some() {
        " tabletop before |"
    } else {
        ""
    };
    println!(
        "| case | tabletop |{before_column} tabletop --jobs 1 | scanf C++ | fast-I/O C++ | tabletop / scanf | \
         tabletop / fast | goal | met | peak memory tabletop / scanf / fast |"
    );
    println!(
        "|---|---:|{}---:|---:|---:|---:|---:|---|---|---:|",
        if before.is_some() { "---:|" } else { "" }
    );
    let mut all_met = true;
    for lineup in lineups {
        all_met &= lineup_row(lineup, tabletop, before, work, runs)?;
    }
    println!(
        "\nmachine: {} cores, load average {}; median of {runs} runs each, the programs taking turns \
         (one warm-up round first); tabletop built with `cargo build --release`, the C++ with \
         `g++ -O2`; peak memory: maximum resident set size from `{TIME} -f %M`, the median of \
         {PEAK_RUNS} extra runs each",
        cores(),
        load_average()
    );
    Ok(all_met)
}

/// The lineup's input files: `tabletop`'s, and the C++ programs' (the same one, or its own).
fn lineup_inputs(lineup: &Lineup, work: &Path) -> Result<(PathBuf, PathBuf), String> {
    let input = work.join(format!("{}.in", lineup.name));
    write(&input, &lineup.input)?;
    let reference_input = match &lineup.reference_input {
        Some(bytes) => {
            let path = work.join(format!("{}-reference.in", lineup.name));
            write(&path, bytes)?;
            path
        }
        None => input.clone(),
    };
    Ok((input, reference_input))
}

/// One lineup measured and printed as a row of the table; `true` when its goals are met.
fn lineup_row(
    lineup: &Lineup,
    tabletop: &Path,
    before: Option<&Path>,
    work: &Path,
    runs: usize,
) -> Result<bool, String> {
    let (input, reference_input) = lineup_inputs(lineup, work)?;
    let ours = |binary: &Path, label: &str, extra: &[&str]| {
        let mut command = Command::new(binary);
        command.arg(lineup.game).args(extra).arg(&input);
        Contender {
            label: label.into(),
            command,
            stdin: None,
        }
    };
    let theirs = |reference: &compare::Reference| -> Result<Contender, String> {
        Ok(Contender {
            label: reference.name.into(),
            command: Command::new(compile(reference.name, reference.source, work)?),
            stdin: Some(reference_input.clone()),
        })
    };
    let mut contenders = vec![
        ours(tabletop, "tabletop", &[]),
        ours(tabletop, "tabletop --jobs 1", &["--jobs", "1"]),
        theirs(&lineup.fast)?,
    ];
    if let Some(scanf) = &lineup.scanf {
        contenders.push(theirs(scanf)?);
    }
    if let Some(before) = before {
        contenders.push(ours(before, "tabletop before", &[]));
    }
    let measured = alternate(&mut contenders, runs, work)?;
    let find = |label: &str| {
        contenders
            .iter()
            .position(|c| c.label == label)
            .map(|at| &measured[at])
    };
    let (ours, one_job, fast) = (&measured[0], &measured[1], &measured[2]);
    let scanf = lineup.scanf.as_ref().and_then(|r| find(r.name));
    // Every program answers its input; where the inputs are the same, so are the answers.
    let same_input = lineup.reference_input.is_none();
    if ours.output != one_job.output
        || scanf.is_some_and(|s| s.output != fast.output)
        || (same_input && ours.output != fast.output)
    {
        return Err(format!("{}: the programs disagree on the output", lineup.name));
    }
    let ms = |m: &Measured| m.time.as_secs_f64() * 1000.0;
    let ratio_fast = ms(ours) / ms(fast).max(1e-9);
    let memory = match (ours.peak_kb, scanf.and_then(|s| s.peak_kb)) {
        (Some(a), Some(b)) if b > 0 => Some(a as f64 / b as f64),
        _ => None,
    };
    let memory_met = lineup
        .memory_goal
        .is_none_or(|limit| memory.is_some_and(|m| m <= limit));
    let met = ratio_fast <= lineup.goal && memory_met;
    let goal = match lineup.memory_goal {
        Some(limit) => format!("fast <= {}, memory <= {limit}x scanf", lineup.goal),
        None => format!("fast <= {}", lineup.goal),
    };
    let before_cell = match before.and(find("tabletop before")) {
        Some(before) => format!(" {:.1} ms |", ms(before)),
        None if before.is_some() => " - |".into(),
        None => String::new(),
    };
    let time = |m: Option<&Measured>| m.map_or("-".into(), |m| format!("{:.1} ms", ms(m)));
    let ratio = |m: Option<&Measured>| m.map_or("-".into(), |m| format!("{:.2}", ms(ours) / ms(m).max(1e-9)));
    let mb = |m: Option<&Measured>| {
        m.and_then(|m| m.peak_kb)
            .map_or("-".into(), |kb| format!("{:.1}", kb as f64 / 1000.0))
    };
    println!(
        "| {} ({}) | {:.1} ms |{before_cell} {:.1} ms | {} | {:.1} ms | {} | {ratio_fast:.2} | {goal} | {} | {} / {} / {} MB{} |",
        lineup.name,
        lineup.description,
        ms(ours),
        ms(one_job),
        time(scanf),
        ms(fast),
        ratio(scanf),
        if met { "yes" } else { "**no**" },
        mb(Some(ours)),
        mb(scanf),
        mb(Some(fast)),
        memory.map_or(String::new(), |m| format!(" ({m:.2}x scanf)")),
    );
    Ok(met)
}

/// Runs every contender once per round, `runs` rounds after a warm-up round, so that the
/// machine's ups and downs fall on all of them alike; then each [`PEAK_RUNS`] times for its
/// peak memory.
fn alternate(contenders: &mut [Contender], runs: usize, work: &Path) -> Result<Vec<Measured>, String> {
    let mut times = vec![Vec::with_capacity(runs); contenders.len()];
    let mut outputs = vec![Vec::new(); contenders.len()];
    for round in 0..=runs {
        for (at, contender) in contenders.iter_mut().enumerate() {
            let started = Instant::now();
            let output = run_once(&mut contender.command, contender.stdin.as_deref())
                .map_err(|e| format!("{}: {e}", contender.label))?;
            let elapsed = started.elapsed();
            if round > 0 {
                times[at].push(elapsed);
            }
            outputs[at] = output;
        }
    }
    let mut measured = Vec::with_capacity(contenders.len());
    for ((contender, mut times), output) in contenders.iter().zip(times).zip(outputs) {
        times.sort();
        measured.push(Measured {
            time: times[times.len() / 2],
            output,
            peak_kb: peak_memory(&contender.command, contender.stdin.as_deref(), work)?,
        });
    }
    Ok(measured)
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The 1-minute load average, from `/proc/loadavg` (`?` elsewhere).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

//! `tabletop odds`: exact odds of a race board (board file format: `docs/rules/board.md`).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget};
use tabletop_odds::{Distribution, Odds, OddsError, Race, Stop, Tabulate, DEFAULT_WORK};
use tabletop_parse::board::BoardFile;
use tabletop_render::odds::{chart, write_json, write_summary, Report, JSON_DISTRIBUTION_REST, SVG_REST};

use crate::input::{Failure, InputArgs, Source};

/// The percentiles shown when none are asked for.
const DEFAULT_PERCENTILES: [f64; 6] = [10.0, 25.0, 50.0, 75.0, 90.0, 99.0];

/// What a race may leave out: every seat's sum and the expected rounds stop where at most
/// this is left.
const RACE_REST: f64 = 1e-18;

/// Exact odds of a race board: game length and each seat's chance to win.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Input: a board file (see docs/rules/board.md), e.g.
  squares 100        # the goal square (required)
  start 0            # default 0
  overshoot stay     # stay (default), bounce or win
  die 6              # faces of the fair die (default 6)
  ladder 1 38
  chute 16 6         # `snake` is a synonym
  miss 30            # landing here skips the next turn
  extra 40           # landing here gives another throw at once

A turn is one of a player's turns in the rotation: a skipped turn counts, and extra throws
belong to the turn in which they were earned. Nothing happens on the start square. The
median and percentiles are the fewest turns t with P(T <= t) >= q. With --players P, seat 1
throws first in every round. Figures are computed in double-double arithmetic and printed
as the shortest decimal that reads back as the same f64; the seat probabilities leave out
at most 1e-18. A goal that cannot be reached, or can be missed forever, is an error.

Expected turns and variance come from a linear solve over the squares (any board that fits
in memory). The distribution (median, percentiles, seats) is tabulated turn by turn within
a work budget: if a game is too long for it, the rest is printed and a note on stderr says
what was left out, the turn reached and the probability left.

--json prints one object: squares, start, overshoot, die, min_turns, expected_turns,
variance, expected_turns_exact (with --exact, \"numerator/denominator\" in lowest terms),
median, percentiles (percent -> turns), distribution (P(T = t) for t = 1, 2, ... until less
than 1e-6 is left) and distribution_rest (what is left), and with --players: players,
expected_rounds and win_probability (one number per seat). --svg - writes the chart to
stdout instead of the summary.

Example:
  tabletop odds fixtures/odds/milton-bradley.in --players 4 --exact --svg length.svg")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Number of players racing in lock-step: expected rounds and each seat's chance to win.
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u16).range(1..=1000))]
    players: Option<u16>,
    /// Also give the expected number of turns as an exact fraction.
    #[arg(long)]
    exact: bool,
    /// Print one JSON object instead of the summary.
    #[arg(long)]
    json: bool,
    /// Draw the distribution of the game length (probability per turn and cumulative) as SVG
    /// (`-`: to stdout, instead of the summary).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Percentiles of the number of turns to report, in percent (each in 0 < p < 100).
    #[arg(long, value_name = "P,...", value_delimiter = ',', value_parser = percent)]
    percentiles: Vec<f64>,
}

/// A percentage strictly between 0 and 100.
fn percent(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(p) if p > 0.0 && p < 100.0 => Ok(p),
        _ => Err(format!("`{text}` is not a percentage strictly between 0 and 100")),
    }
}

/// Analyses the board and prints the summary (or JSON, or the SVG with `--svg -`).
pub fn run(args: &Args) -> Result<String, Failure> {
    let to_stdout = args.svg.as_deref().is_some_and(|p| p.as_os_str() == "-");
    if to_stdout && args.json {
        return Err(Failure::Input(
            "error: `--svg -` and `--json` would both write to stdout".into(),
        ));
    }
    let source = args.input.read()?;
    let file = tabletop_parse::board::parse(&source.bytes).map_err(|e| source.error(&e))?;
    let engine = |error: OddsError| engine_error(&source, &file, &error);
    let odds = Odds::new_with_variance(&file.board, &file.rules).map_err(engine)?;
    let variance = odds.variance().map_err(engine)?;
    let mut bar = Progress::new();
    let exact = if args.exact {
        let mut tick = |done: u64, total: u64| bar.tick(&format!("exact: prime {done} of about {total}"));
        Some(odds.expected_turns_exact_with(&mut tick).map_err(engine)?)
    } else {
        None
    };
    let wanted = if args.percentiles.is_empty() {
        DEFAULT_PERCENTILES.to_vec()
    } else {
        args.percentiles.clone()
    };
    let distribution = tabulate(args, &odds, &wanted, &mut bar).map_err(engine)?;
    bar.finish();
    let race = match (args.players, &distribution) {
        (Some(players), Some(distribution)) => Some(distribution.race(usize::from(players)).map_err(engine)?),
        _ => None,
    };
    let race = race.filter(|race| race.truncation_bound <= 1e-15);
    let percentiles: Vec<(f64, Option<u64>)> = wanted
        .iter()
        .map(|&p| (p, distribution.as_ref().and_then(|d| d.percentile(p))))
        .collect();
    note_left_out(args, &odds, distribution.as_ref(), race.as_ref(), &percentiles);
    let report = Report {
        board: &file.board,
        rules: &file.rules,
        min_turns: odds.min_turns(),
        expected_turns: odds.expected_turns(),
        variance: Some(variance),
        exact: exact.as_ref(),
        distribution: distribution.as_ref(),
        percentiles: &percentiles,
        race: race.as_ref(),
    };
    match (&args.svg, &distribution) {
        (Some(path), Some(d)) => {
            let svg = chart(d).map_err(|e| Failure::Io(format!("error: drawing the chart: {e}")))?;
            if to_stdout {
                return Ok(svg);
            }
            std::fs::write(path, svg).map_err(|e| Failure::Io(format!("error: {}: {e}", path.display())))?;
        }
        (Some(_), None) => eprintln!("note: no chart either: there is no distribution to draw"),
        (None, _) => {}
    }
    Ok(tabletop_render::to_string(|out| {
        if args.json {
            write_json(out, &report)
        } else {
            write_summary(out, &report)
        }
    }))
}

/// The tail the output needs: the largest percentile (and the median), the JSON list, the
/// chart, and a race whose every term is below [`RACE_REST`].
fn tail_needed(args: &Args, wanted: &[f64]) -> f64 {
    let highest = wanted.iter().copied().fold(50.0, f64::max);
    let mut tail = 1.0 - highest / 100.0;
    if args.json {
        tail = tail.min(JSON_DISTRIBUTION_REST);
    }
    if args.svg.is_some() {
        tail = tail.min(SVG_REST);
    }
    if let Some(players) = args.players.filter(|&p| p > 1) {
        // S^P <= 1e-18 for the seats; the rounds' tail is at most S^P times the turns left.
        tail = tail.min(RACE_REST.powf(1.0 / f64::from(players)) * 1e-3);
    }
    tail.max(f64::MIN_POSITIVE)
}

/// Tabulates within the work budget; `None` if even the median is clearly out of reach.
fn tabulate(
    args: &Args,
    odds: &Odds,
    wanted: &[f64],
    bar: &mut Progress,
) -> Result<Option<Distribution>, OddsError> {
    let squares = odds.states() as f64 + 1.0;
    if squares * odds.expected_turns() > DEFAULT_WORK as f64 {
        return Ok(None);
    }
    let mut tick = |turns: u64, left: f64| bar.tick(&format!("distribution: turn {turns}, {left:.3e} left"));
    let mut limits = Tabulate {
        tail: tail_needed(args, wanted),
        work: DEFAULT_WORK,
        // Every P(T = t) printed in JSON exact to its last digit.
        precise_until: if args.json { JSON_DISTRIBUTION_REST } else { 1e-3 },
        progress: Some(&mut tick),
    };
    odds.tabulate(&mut limits).map(Some)
}

/// Says on stderr what the distribution's work budget left out, and why.
fn note_left_out(
    args: &Args,
    odds: &Odds,
    distribution: Option<&Distribution>,
    race: Option<&Race>,
    percentiles: &[(f64, Option<u64>)],
) {
    let mut missing: Vec<String> = percentiles
        .iter()
        .filter(|(_, t)| t.is_none())
        .map(|(p, _)| format!("the {p}% percentile"))
        .collect();
    if args.players.is_some() && race.is_none() {
        missing.push("the race (expected rounds and each seat's chance)".into());
    }
    let why = match distribution {
        None => format!(
            "the distribution was not tabulated: about {:.3e} turns over {} squares are more than the budget of {DEFAULT_WORK} steps",
            odds.expected_turns(),
            odds.states()
        ),
        Some(d) if d.stop().is_some() || !missing.is_empty() => format!(
            "the distribution stopped at turn {} ({}) with P(T > {}) = {:e} left",
            d.horizon(),
            match d.stop() {
                Some(Stop::Turns) => "the most turns a table keeps",
                _ => "the work budget ran out",
            },
            d.horizon(),
            d.rest()
        ),
        Some(_) => return,
    };
    if distribution.is_none() {
        missing.retain(|item| !item.ends_with("percentile"));
        missing.insert(0, "the median, the percentiles and the distribution".into());
    }
    eprintln!("note: {why}; left out: {}", missing.join(", "));
}

/// A progress line on stderr for work longer than a second (only when stderr is a terminal).
struct Progress {
    started: Instant,
    enabled: bool,
    bar: Option<ProgressBar>,
}

impl Progress {
    fn new() -> Self {
        Self {
            started: Instant::now(),
            enabled: std::io::stderr().is_terminal(),
            bar: None,
        }
    }

    fn tick(&mut self, message: &str) {
        if !self.enabled || self.started.elapsed() < Duration::from_secs(1) {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        bar.set_message(message.to_string());
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// An engine error, located by the board file (a setting at its statement, the rest at
/// `squares`).
fn engine_error(source: &Source, file: &BoardFile, error: &OddsError) -> Failure {
    source.error(&file.locate(error))
}

//! `tabletop odds`: exact odds of a race board (board file format: `docs/rules/board.md`).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget};
use tabletop_app::odds::{ExactBudget, Names, Request};
use tabletop_app::{Answer, Failure};

use crate::input::{write_file, InputArgs};

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
what was left out, the turn reached and the probability left; --svg then is an error
(there is nothing to draw), with the estimate.

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
    #[arg(long, value_name = "P", value_parser = players, allow_negative_numbers = true)]
    players: Option<u16>,
    /// Also give the expected number of turns as an exact fraction.
    #[arg(long)]
    exact: bool,
    /// The most steps `--exact` may take (estimated before any work; default 60,000,000,
    /// a few seconds). A step is one square of one modular sweep.
    #[arg(long, value_name = "STEPS", requires = "exact", conflicts_with = "no_limit")]
    budget: Option<u64>,
    /// Let `--exact` take as long as it needs (a progress line on a terminal; Ctrl-C stops
    /// it).
    #[arg(long, requires = "exact")]
    no_limit: bool,
    /// Print one JSON object instead of the summary.
    #[arg(long)]
    json: bool,
    /// Draw the distribution of the game length (probability per turn and cumulative) as SVG
    /// (`-`: to stdout, instead of the summary).
    #[arg(long, value_name = "SVG")]
    svg: Option<PathBuf>,
    /// Percentiles of the number of turns to report, in percent (each in 0 < p < 100, at
    /// most 100 of them).
    #[arg(long, value_name = "P,...", value_delimiter = ',', value_parser = percent)]
    percentiles: Vec<f64>,
}

/// A number of players within the application's limits.
fn players(text: &str) -> Result<u16, String> {
    let given = text
        .trim()
        .parse::<i64>()
        .map_err(|_| format!("`{text}` is not a whole number"))?;
    Names::CLI.players(given).map_err(|refusal| refusal.to_string())
}

/// A percentage strictly between 0 and 100, as the application checks it.
fn percent(text: &str) -> Result<f64, String> {
    let given = text
        .trim()
        .parse::<f64>()
        .map_err(|_| format!("`{text}` is not a number"))?;
    tabletop_app::odds::percentile(given).map_err(|refusal| refusal.to_string())
}

/// Analyses the board and prints the summary (or JSON, or the SVG with `--svg -`).
pub fn run(args: &Args) -> Result<Answer, Failure> {
    let to_stdout = args.svg.as_deref().is_some_and(|p| p.as_os_str() == "-");
    if to_stdout && args.json {
        return Err(Failure::usage(
            "`--svg -` and `--json` would both write to stdout",
        ));
    }
    let request = Request {
        players: args.players,
        exact: args.exact,
        exact_budget: match (args.no_limit, args.budget) {
            (true, _) => ExactBudget::Unlimited,
            (false, Some(steps)) => ExactBudget::Steps(steps),
            (false, None) => ExactBudget::default(),
        },
        json: args.json,
        chart: args.svg.is_some(),
        percentiles: args.percentiles.clone(),
        names: Names::CLI,
    };
    // Before the input is read: a refusal should not wait for stdin.
    request.check()?;
    let source = args.input.read()?;
    let mut bar = Progress::new();
    // Ctrl-C stops the table at its next turn, the exact fraction at its next prime.
    let control = crate::interrupt_control();
    let answer =
        tabletop_app::odds::answer_until(&source, &request, &mut |tick| bar.tick(tick.message), control);
    bar.finish();
    let mut answer = answer?;
    if let (Some(path), Some(picture)) = (&args.svg, answer.picture.take()) {
        match to_stdout {
            true => answer.text = picture,
            false => write_file(path, &picture)?,
        }
    }
    Ok(answer)
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

//! `tabletop odds`: exact odds of a race board (board file format: `shared/spec/board.md`).

use std::fmt::Write;
use std::path::PathBuf;

use serde_json::{json, Map, Value};
use tabletop_boards::odds::{BigRational, Distribution, Odds, OddsError, Race};
use tabletop_parse::board::BoardFile;

use crate::input::{Failure, InputArgs, Source};

/// The percentiles shown when none are asked for.
const DEFAULT_PERCENTILES: [f64; 6] = [10.0, 25.0, 50.0, 75.0, 90.0, 99.0];

/// `--json` lists `P(T = t)` up to the first turn after which less than this is left.
const JSON_DISTRIBUTION_REST: f64 = 1e-6;

/// The SVG chart shows turns up to the first one after which less than this is left.
const SVG_REST: f64 = 1e-3;

/// Exact odds of a race board: game length and each seat's chance to win.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Input: a board file (see shared/spec/board.md), e.g.
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
at most (1e-18)^P. A goal that cannot be reached, or can be missed forever, is an error.

--json prints one object: squares, start, overshoot, die, min_turns, expected_turns,
expected_turns_exact (with --exact, \"numerator/denominator\" in lowest terms), median,
percentiles (percent -> turns), distribution (P(T = t) for t = 1, 2, ... until less than
1e-6 is left) and distribution_rest (what is left), and with --players: players,
expected_rounds and win_probability (one number per seat).

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
    /// Draw the distribution of the game length (probability per turn and cumulative) as SVG.
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

/// Everything the report needs.
struct Report {
    file: BoardFile,
    odds: Odds,
    distribution: Distribution,
    exact: Option<BigRational>,
    race: Option<Race>,
    percentiles: Vec<(f64, Option<u64>)>,
}

/// Analyses the board and prints the summary (or JSON); writes the SVG if asked.
pub fn run(args: &Args) -> Result<String, Failure> {
    let source = args.input.read()?;
    let file = tabletop_parse::board::parse(&source.bytes).map_err(|e| source.error(&e))?;
    let engine = |error: OddsError| engine_error(&source, &file, &error);
    let odds = Odds::new(&file.board, &file.rules).map_err(engine)?;
    let distribution = odds.distribution().map_err(engine)?;
    let exact = if args.exact {
        Some(odds.expected_turns_exact().map_err(engine)?)
    } else {
        None
    };
    let race = match args.players {
        Some(players) => Some(distribution.race(usize::from(players)).map_err(engine)?),
        None => None,
    };
    let wanted = if args.percentiles.is_empty() {
        DEFAULT_PERCENTILES.to_vec()
    } else {
        args.percentiles.clone()
    };
    let percentiles = wanted
        .iter()
        .map(|&p| (p, distribution.quantile(p / 100.0)))
        .collect();
    let report = Report {
        file,
        odds,
        distribution,
        exact,
        race,
        percentiles,
    };
    if let Some(path) = &args.svg {
        let svg =
            chart(&report.distribution).map_err(|e| Failure::Io(format!("error: drawing the chart: {e}")))?;
        std::fs::write(path, svg).map_err(|e| Failure::Io(format!("error: {}: {e}", path.display())))?;
    }
    Ok(if args.json {
        json(&report)
    } else {
        summary(&report)
    })
}

/// An engine error, located by the board file (a setting at its statement, the rest at `squares`).
fn engine_error(source: &Source, file: &BoardFile, error: &OddsError) -> Failure {
    source.error(&file.locate(error))
}

/// `n/d` in lowest terms (BigRational keeps it so), `/1` included.
fn fraction(value: &BigRational) -> String {
    format!("{}/{}", value.numer(), value.denom())
}

fn percent_label(p: f64) -> String {
    format!("{p}")
}

fn turns_or_beyond(turns: Option<u64>, distribution: &Distribution) -> String {
    match turns {
        Some(t) => t.to_string(),
        None => format!("more than {}", distribution.horizon()),
    }
}

fn summary(report: &Report) -> String {
    let Report {
        file,
        odds,
        distribution,
        exact,
        race,
        percentiles,
    } = report;
    let mut out = String::new();
    let board = &file.board;
    let _ = writeln!(
        out,
        "board: goal {}, start {}, overshoot {}, die 1..{}, jumps {}, special squares {}",
        board.goal(),
        file.rules.start,
        file.rules.overshoot.keyword(),
        file.rules.die,
        board.jumps().len(),
        board.specials().len()
    );
    let _ = writeln!(out, "fewest turns: {}", odds.min_turns());
    let _ = writeln!(out, "expected turns: {}", odds.expected_turns());
    if let Some(exact) = exact {
        let _ = writeln!(out, "expected turns (exact): {}", fraction(exact));
    }
    let _ = writeln!(out, "median turns: {}", distribution.median());
    let list: Vec<String> = percentiles
        .iter()
        .map(|&(p, t)| format!("{}%: {}", percent_label(p), turns_or_beyond(t, distribution)))
        .collect();
    let _ = writeln!(out, "percentiles (turns): {}", list.join(", "));
    if let Some(race) = race {
        let _ = writeln!(out, "players: {}", race.players);
        let _ = writeln!(out, "expected rounds: {}", race.expected_rounds);
        for (seat, p) in race.win_probability.iter().enumerate() {
            let _ = writeln!(out, "seat {} wins: {}", seat + 1, p);
        }
    }
    out
}

fn json(report: &Report) -> String {
    let Report {
        file,
        odds,
        distribution,
        exact,
        race,
        percentiles,
    } = report;
    let mut object = Map::new();
    object.insert("squares".into(), json!(file.board.goal()));
    object.insert("start".into(), json!(file.rules.start));
    object.insert("overshoot".into(), json!(file.rules.overshoot.keyword()));
    object.insert("die".into(), json!(file.rules.die));
    object.insert("min_turns".into(), json!(odds.min_turns()));
    object.insert("expected_turns".into(), json!(odds.expected_turns()));
    if let Some(exact) = exact {
        object.insert("expected_turns_exact".into(), json!(fraction(exact)));
    }
    object.insert("median".into(), json!(distribution.median()));
    let mut by_percent = Map::new();
    for &(p, t) in percentiles {
        by_percent.insert(percent_label(p), t.map_or(Value::Null, |t| json!(t)));
    }
    object.insert("percentiles".into(), Value::Object(by_percent));
    let last = last_turn(distribution, JSON_DISTRIBUTION_REST);
    let probabilities: Vec<f64> = (1..=last).map(|t| distribution.probability(t)).collect();
    object.insert("distribution".into(), json!(probabilities));
    object.insert("distribution_rest".into(), json!(distribution.survival(last)));
    if let Some(race) = race {
        object.insert("players".into(), json!(race.players));
        object.insert("expected_rounds".into(), json!(race.expected_rounds));
        object.insert("win_probability".into(), json!(race.win_probability));
    }
    let mut text = Value::Object(object).to_string();
    text.push('\n');
    text
}

/// The first turn after which at most `rest` of the probability is left.
fn last_turn(distribution: &Distribution, rest: f64) -> u64 {
    (1..=distribution.horizon())
        .find(|&t| distribution.survival(t) <= rest)
        .unwrap_or_else(|| distribution.horizon())
}

/// The SVG chart: `P(T = t)` as bars (left axis) and `P(T <= t)` as a curve (right axis).
fn chart(distribution: &Distribution) -> Result<String, String> {
    use plotters::prelude::*;

    let last = last_turn(distribution, SVG_REST).max(1);
    let peak = (1..=last)
        .map(|t| distribution.probability(t))
        .fold(0.0f64, f64::max)
        .max(f64::MIN_POSITIVE);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 520)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let mut chart = ChartBuilder::on(&root)
            .caption("Length of the game: turns to reach the goal", ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .right_y_label_area_size(64)
            .build_cartesian_2d((0u64..last + 1).into_segmented(), 0.0..peak * 1.1)
            .map_err(|e| e.to_string())?
            // The curve is drawn at the middle of each bar: bar t spans [t, t + 1).
            .set_secondary_coord(0.0..(last + 1) as f64, 0.0..1.0);
        chart
            .configure_mesh()
            .x_desc("turns")
            .y_desc("P(T = t)")
            .y_label_formatter(&|v| format!("{v:.3}"))
            .draw()
            .map_err(|e| e.to_string())?;
        chart
            .configure_secondary_axes()
            .y_desc("P(T <= t)")
            .y_label_formatter(&|v| format!("{v:.1}"))
            .draw()
            .map_err(|e| e.to_string())?;
        let bars = Histogram::vertical(&chart)
            .style(RGBColor(70, 130, 180).filled())
            .margin(1)
            .data((1..=last).map(|t| (t, distribution.probability(t))));
        chart
            .draw_series(bars)
            .map_err(|e| e.to_string())?
            .label("P(T = t)")
            .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], RGBColor(70, 130, 180).filled()));
        chart
            .draw_secondary_series(LineSeries::new(
                (0..=last).map(|t| (t as f64 + 0.5, distribution.cumulative(t))),
                RGBColor(200, 60, 40).stroke_width(2),
            ))
            .map_err(|e| e.to_string())?
            .label("P(T <= t)")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 14, y)], RGBColor(200, 60, 40).stroke_width(2)));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::MiddleRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_boards::odds::Rules;
    use tabletop_boards::Board;

    #[test]
    fn the_chart_is_an_svg_with_a_bar_per_turn_and_the_curve() {
        // One square: P(T = t) = (5/6)^(t-1) / 6, down to 1e-3 left after 38 turns.
        let board = Board::new(1, &[], &[]).unwrap();
        let distribution = Odds::new(&board, &Rules::default())
            .unwrap()
            .distribution()
            .unwrap();
        let svg = chart(&distribution).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let last = last_turn(&distribution, SVG_REST);
        assert_eq!(last, 38);
        // Bars are filled rectangles in the bar colour (one per turn; the legend adds one).
        let bars = svg.matches("fill=\"#4682B4\"").count();
        assert_eq!(bars, last as usize + 1, "{svg}");
        // The cumulative curve: a polyline in its colour through a point per turn 0..=last
        // (the legend's sample is a second, two-point one).
        let curve = svg
            .lines()
            .filter(|line| line.starts_with("<polyline") && line.contains("#C83C28"))
            .map(|line| line.split("points=\"").nth(1).unwrap_or("").matches(',').count())
            .max();
        assert_eq!(curve, Some(last as usize + 1));
        assert!(svg.contains("P(T &lt;= t)"));
    }
}

//! Exact odds of a race board: the summary text, one JSON object, and an SVG chart of the
//! game length.
//!
//! ```
//! use tabletop_odds::{Odds, Rules};
//! use tabletop_boards::Board;
//! use tabletop_render::odds::{write_json, write_summary, Report};
//!
//! let board = Board::new(1, &[], &[])?;
//! let rules = Rules::default();
//! let odds = Odds::new(&board, &rules)?;
//! let distribution = odds.distribution()?;
//! let percentiles = [(50.0, distribution.percentile(50.0))];
//! let report = Report {
//!     board: &board,
//!     rules: &rules,
//!     min_turns: odds.min_turns(),
//!     expected_turns: odds.expected_turns(),
//!     variance: Some(odds.variance()?),
//!     exact: None,
//!     distribution: Some(&distribution),
//!     percentiles: &percentiles,
//!     race: None,
//! };
//! let text = tabletop_render::to_string(|out| write_summary(out, &report));
//! assert!(text.contains("expected turns: 6\nvariance: 30\n"));
//! let json = tabletop_render::to_string(|out| write_json(out, &report));
//! assert!(json.starts_with(r#"{"squares":1,"start":0,"overshoot":"stay","die":6,"min_turns":1,"#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::{self, Write};

use itertools::Itertools;
use serde::Serialize;
use tabletop_boards::{Board, Square};
use tabletop_odds::{BigRational, Distribution, Race, Rules};

/// `--json` lists `P(T = t)` up to the first turn after which less than this is left.
pub const JSON_DISTRIBUTION_REST: f64 = 1e-6;

/// The SVG chart shows turns up to the first one after which less than this is left.
pub const SVG_REST: f64 = 1e-3;

/// Everything a report shows; what could not be computed is `None`.
#[derive(Debug, Clone, Copy)]
pub struct Report<'a> {
    /// The board.
    pub board: &'a Board,
    /// Start, overshoot rule and die.
    pub rules: &'a Rules,
    /// The fewest turns.
    pub min_turns: u64,
    /// The expected number of turns.
    pub expected_turns: f64,
    /// The variance of the number of turns.
    pub variance: Option<f64>,
    /// The expected number of turns as a fraction (`--exact`).
    pub exact: Option<&'a BigRational>,
    /// The distribution, as far as it was tabulated.
    pub distribution: Option<&'a Distribution>,
    /// Percentiles asked for (in percent) and their turns (`None`: beyond the table).
    pub percentiles: &'a [(f64, Option<u64>)],
    /// The race of several players.
    pub race: Option<&'a Race>,
}

/// `n/d` in lowest terms (`/1` included).
pub fn fraction(value: &BigRational) -> String {
    format!("{}/{}", value.numer(), value.denom())
}

fn turns_or_beyond(turns: Option<u64>, distribution: Option<&Distribution>) -> String {
    match (turns, distribution) {
        (Some(t), _) => t.to_string(),
        (None, Some(d)) => format!("more than {}", d.horizon()),
        (None, None) => "not computed".into(),
    }
}

/// The median, if the table reaches it.
fn median(report: &Report<'_>) -> Option<u64> {
    report.distribution.and_then(|d| d.percentile(50.0))
}

/// The summary, one figure per line.
pub fn write_summary<W: Write + ?Sized>(out: &mut W, report: &Report<'_>) -> fmt::Result {
    let (board, rules) = (report.board, report.rules);
    writeln!(
        out,
        "board: goal {}, start {}, overshoot {}, die 1..{}, jumps {}, special squares {}",
        board.goal(),
        rules.start,
        rules.overshoot.keyword(),
        rules.die,
        board.jumps().len(),
        board.specials().len()
    )?;
    writeln!(out, "fewest turns: {}", report.min_turns)?;
    writeln!(out, "expected turns: {}", report.expected_turns)?;
    if let Some(variance) = report.variance {
        writeln!(out, "variance: {variance}")?;
    }
    if let Some(exact) = report.exact {
        writeln!(out, "expected turns (exact): {}", fraction(exact))?;
    }
    if let Some(distribution) = report.distribution {
        writeln!(
            out,
            "median turns: {}",
            turns_or_beyond(median(report), Some(distribution))
        )?;
        let list = report
            .percentiles
            .iter()
            .map(|&(p, t)| format!("{p}%: {}", turns_or_beyond(t, Some(distribution))));
        writeln!(out, "percentiles (turns): {}", list.format(", "))?;
    }
    if let Some(race) = report.race {
        writeln!(out, "players: {}", race.players)?;
        writeln!(out, "expected rounds: {}", race.expected_rounds)?;
        for (seat, p) in race.win_probability.iter().enumerate() {
            writeln!(out, "seat {} wins: {}", seat + 1, p)?;
        }
    }
    Ok(())
}

/// The `--json` object: the fields in key order; what was not computed is left out.
#[derive(Serialize)]
struct OddsLine<'a> {
    squares: Square,
    start: Square,
    overshoot: &'static str,
    die: u64,
    min_turns: u64,
    expected_turns: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    variance: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected_turns_exact: Option<String>,
    #[serde(flatten)]
    table: Option<TableView>,
    #[serde(flatten)]
    race: Option<RaceView<'a>>,
}

/// The keys that come from the tabulated distribution.
#[derive(Serialize)]
struct TableView {
    median: Option<u64>,
    percentiles: Percentiles,
    distribution: Vec<f64>,
    distribution_rest: f64,
}

/// The keys of a race of several players.
#[derive(Serialize)]
struct RaceView<'a> {
    players: usize,
    expected_rounds: f64,
    win_probability: &'a [f64],
}

/// Percent label → turns (`null` beyond the table), in the order asked; a repeated label
/// keeps its first value, so that the keys are unique.
struct Percentiles(Vec<(String, Option<u64>)>);

impl Percentiles {
    fn new(asked: &[(f64, Option<u64>)]) -> Percentiles {
        let mut entries: Vec<(String, Option<u64>)> = Vec::new();
        for &(p, t) in asked {
            let label = format!("{p}");
            if entries.iter().all(|(seen, _)| *seen != label) {
                entries.push((label, t));
            }
        }
        Percentiles(entries)
    }
}

impl Serialize for Percentiles {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(label, turns)| (label, turns)))
    }
}

/// One JSON object on one line ([`crate::json::write_line`]), keys in this order:
/// `squares`, `start`, `overshoot`, `die`, `min_turns`, `expected_turns`, `variance`,
/// `expected_turns_exact` (with `--exact`), `median`, `percentiles`, `distribution`,
/// `distribution_rest`, then with a race `players`, `expected_rounds`, `win_probability`.
/// What was not computed is left out (a percentile beyond the table is `null`).
pub fn write_json<W: Write + ?Sized>(out: &mut W, report: &Report<'_>) -> fmt::Result {
    let table = report.distribution.map(|distribution| {
        let last = last_turn(distribution, JSON_DISTRIBUTION_REST);
        TableView {
            median: median(report),
            percentiles: Percentiles::new(report.percentiles),
            distribution: (1..=last).map(|t| distribution.probability(t)).collect(),
            distribution_rest: distribution.survival(last),
        }
    });
    let line = OddsLine {
        squares: report.board.goal(),
        start: report.rules.start,
        overshoot: report.rules.overshoot.keyword(),
        die: report.rules.die,
        min_turns: report.min_turns,
        expected_turns: report.expected_turns,
        variance: report.variance,
        expected_turns_exact: report.exact.map(fraction),
        table,
        race: report.race.map(|race| RaceView {
            players: race.players,
            expected_rounds: race.expected_rounds,
            win_probability: &race.win_probability,
        }),
    };
    crate::json::write_line(out, &line)
}

/// The first turn after which at most `rest` of the probability is left (the horizon if
/// the table stops before).
pub fn last_turn(distribution: &Distribution, rest: f64) -> u64 {
    (1..=distribution.horizon())
        .find(|&t| distribution.survival(t) <= rest)
        .unwrap_or_else(|| distribution.horizon())
}

/// What the chart says besides the distribution.
#[derive(Debug, Clone, Copy, Default)]
pub struct ChartLabels<'a> {
    /// The board's name, in the title (a board file's first comment, a file name).
    pub name: Option<&'a str>,
    /// The board and its rules, summed up under the title (squares, die, jumps).
    pub board: Option<(&'a Board, &'a Rules)>,
    /// Players racing: each seat's chance of having won by round `t` is drawn too (from
    /// two players on).
    pub players: Option<usize>,
}

/// The bar colour, the cumulative curve's colour, the seats' colours.
const BARS: (u8, u8, u8) = (70, 130, 180);
const CUMULATIVE: (u8, u8, u8) = (200, 60, 40);
const MARKS: (u8, u8, u8) = (40, 40, 40);
const SEATS: [(u8, u8, u8); 6] = [
    (46, 125, 50),
    (123, 31, 162),
    (230, 126, 0),
    (0, 131, 143),
    (173, 20, 87),
    (93, 64, 55),
];

/// The SVG chart without labels: [`chart_with`] and [`ChartLabels::default`].
///
/// # Errors
/// The drawing library's message.
pub fn chart(distribution: &Distribution) -> Result<String, String> {
    chart_with(distribution, &ChartLabels::default())
}

/// The chart's two coordinate systems: bars by turn (left axis), curves (right axis).
type Chart<'a, 'b> = plotters::chart::DualCoordChartContext<
    'a,
    plotters::prelude::SVGBackend<'b>,
    plotters::prelude::Cartesian2d<
        plotters::coord::ranged1d::SegmentedCoord<plotters::coord::types::RangedCoordu64>,
        plotters::coord::types::RangedCoordf64,
    >,
    plotters::prelude::Cartesian2d<
        plotters::coord::types::RangedCoordf64,
        plotters::coord::types::RangedCoordf64,
    >,
>;

/// The size of the chart's axis, legend and mark text: the chart is 900 wide and a page shows
/// it about 580 wide, where the SVG's 17.7 units (plotters writes a size of 22 as 22/1.24) are
/// 11 px.
const TEXT: u32 = 22;

/// Bar t for each turn 1..=last, in the order of t, as plotters' histogram draws each (it
/// gathers them in a hash map first, so its order, and the SVG, would differ from run to run).
fn bars(
    chart: &Chart<'_, '_>,
    distribution: &Distribution,
    last: u64,
) -> Vec<plotters::prelude::Rectangle<(plotters::coord::ranged1d::SegmentValue<u64>, f64)>> {
    use plotters::coord::ranged1d::DiscreteRanged;
    use plotters::prelude::*;

    let turns = chart.as_coord_spec().x_spec();
    (1..=last)
        .filter_map(|t| {
            let i = usize::try_from(t).ok()?;
            let (from, to) = (turns.from_index(i)?, turns.from_index(i + 1)?);
            let mut bar = Rectangle::new(
                [(from, distribution.probability(t)), (to, 0.0)],
                RGBColor(BARS.0, BARS.1, BARS.2).filled(),
            );
            bar.set_margin(0, 0, 1, 1);
            Some(bar)
        })
        .collect()
}

/// The mean and the median: dashed vertical lines, labelled at the top (the median's label on
/// the left of its line, the mean's on the right, as the mean is usually the larger).
fn draw_marks(chart: &mut Chart<'_, '_>, distribution: &Distribution) -> Result<(), String> {
    use plotters::prelude::*;
    use plotters::style::text_anchor;

    let colour = RGBColor(MARKS.0, MARKS.1, MARKS.2);
    let (mean, median) = (distribution.mean(), distribution.median());
    let marks = [
        (mean + 0.5, format!("mean {mean:.2}"), true),
        (median as f64 + 0.5, format!("median {median}"), false),
    ];
    for (x, text, right) in marks {
        chart
            .draw_secondary_series(DashedLineSeries::new(
                [(x, 0.0), (x, 0.97)],
                6,
                4,
                colour.stroke_width(2),
            ))
            .map_err(|e| e.to_string())?;
        let (anchor, nudge) = match right {
            true => (text_anchor::HPos::Left, 4),
            false => (text_anchor::HPos::Right, -4),
        };
        let style = ("sans-serif", TEXT)
            .into_font()
            .color(&colour)
            .pos(text_anchor::Pos::new(anchor, text_anchor::VPos::Bottom));
        chart
            .draw_secondary_series(std::iter::once(
                EmptyElement::at((x, 0.97)) + Text::new(text, (nudge, 0), style),
            ))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The line under the chart's title: the board in brief, the mean and the median.
fn subtitle(distribution: &Distribution, labels: &ChartLabels<'_>) -> String {
    let mut parts = Vec::new();
    if let Some((board, rules)) = labels.board {
        let jumps = board.jumps();
        let ladders = jumps.iter().filter(|j| j.to > j.from).count();
        parts.push(format!(
            "{} squares, die 1..{}, overshoot {}, {ladders} ladders, {} chutes, {} special squares",
            board.goal(),
            rules.die,
            rules.overshoot.keyword(),
            jumps.len() - ladders,
            board.specials().len()
        ));
    }
    parts.push(format!(
        "mean {:.2} turns, median {}",
        distribution.mean(),
        distribution.median()
    ));
    parts.join("; ")
}

/// The SVG chart: `P(T = t)` as bars (left axis), `P(T <= t)` as a curve (right axis), the
/// mean and the median marked by vertical lines, the board named in the title, and with
/// several players each seat's chance of having won by round `t` (right axis).
///
/// # Errors
/// The drawing library's message.
pub fn chart_with(distribution: &Distribution, labels: &ChartLabels<'_>) -> Result<String, String> {
    use plotters::prelude::*;

    let rgb = |(r, g, b): (u8, u8, u8)| RGBColor(r, g, b);
    let last = last_turn(distribution, SVG_REST).max(1);
    let peak = (1..=last)
        .map(|t| distribution.probability(t))
        .fold(0.0f64, f64::max)
        .max(f64::MIN_POSITIVE);
    let title = match labels.name {
        Some(name) => format!("{name}: turns to reach the goal"),
        None => "Length of the game: turns to reach the goal".to_string(),
    };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 560)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (head, body) = root.split_vertically(76);
        head.draw_text(&title, &("sans-serif", 28).into_font().color(&BLACK), (16, 8))
            .map_err(|e| e.to_string())?;
        head.draw_text(
            &subtitle(distribution, labels),
            &("sans-serif", TEXT).into_font().color(&RGBColor(70, 70, 70)),
            (16, 44),
        )
        .map_err(|e| e.to_string())?;
        let mut chart = ChartBuilder::on(&body)
            .margin(12)
            .x_label_area_size(60)
            .y_label_area_size(96)
            .right_y_label_area_size(80)
            .build_cartesian_2d((0u64..last + 1).into_segmented(), 0.0..peak * 1.1)
            .map_err(|e| e.to_string())?
            // The curves are drawn at the middle of each bar: bar t spans [t, t + 1).
            .set_secondary_coord(0.0..(last + 1) as f64, 0.0..1.0);
        chart
            .configure_mesh()
            .x_desc("turns")
            .y_desc("P(T = t)")
            .label_style(("sans-serif", TEXT))
            .axis_desc_style(("sans-serif", TEXT))
            .y_label_formatter(&|v| format!("{v:.3}"))
            .draw()
            .map_err(|e| e.to_string())?;
        chart
            .configure_secondary_axes()
            .y_desc("P(T <= t)")
            .label_style(("sans-serif", TEXT))
            .axis_desc_style(("sans-serif", TEXT))
            .y_label_formatter(&|v| format!("{v:.1}"))
            .draw()
            .map_err(|e| e.to_string())?;
        let bars = bars(&chart, distribution, last);
        chart
            .draw_series(bars)
            .map_err(|e| e.to_string())?
            .label("P(T = t)")
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], rgb(BARS).filled()));
        chart
            .draw_secondary_series(LineSeries::new(
                (0..=last).map(|t| (t as f64 + 0.5, distribution.cumulative(t))),
                rgb(CUMULATIVE).stroke_width(2),
            ))
            .map_err(|e| e.to_string())?
            .label("P(T <= t)")
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 14, y)], rgb(CUMULATIVE).stroke_width(2)));
        let players = labels.players.filter(|&p| p >= 2).unwrap_or(0);
        for (seat, curve) in distribution.seat_curves(players, last).into_iter().enumerate() {
            let colour = rgb(SEATS[seat % SEATS.len()]);
            chart
                .draw_secondary_series(LineSeries::new(
                    curve.into_iter().enumerate().map(|(t, p)| (t as f64 + 0.5, p)),
                    colour.stroke_width(1),
                ))
                .map_err(|e| e.to_string())?
                .label(format!("seat {} has won by round t", seat + 1))
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 14, y)], colour.stroke_width(1)));
        }
        draw_marks(&mut chart, distribution)?;
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::MiddleRight)
            .label_font(("sans-serif", TEXT))
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
    use tabletop_odds::Odds;

    fn one_square() -> (Board, Rules) {
        (Board::new(1, &[], &[]).unwrap(), Rules::default())
    }

    #[test]
    fn every_text_of_the_chart_is_readable_at_the_width_a_page_shows_it() {
        let (board, rules) = one_square();
        let distribution = Odds::new(&board, &rules).unwrap().distribution().unwrap();
        let svg = chart(&distribution).unwrap();
        let sizes: Vec<f64> = svg
            .split("font-size=\"")
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap().parse().unwrap())
            .collect();
        // The axis numbers, the axis names, the legend and the marks: every text.
        assert!(sizes.len() > 20, "{sizes:?}");
        // 900 units shown 580 px wide: 17 units are 11 px.
        assert!(sizes.iter().all(|&size| size >= 17.0), "{sizes:?}");
    }

    #[test]
    fn the_chart_is_an_svg_with_a_bar_per_turn_and_the_curve() {
        // One square: P(T = t) = (5/6)^(t-1) / 6, down to 1e-3 left after 38 turns.
        let (board, rules) = one_square();
        let distribution = Odds::new(&board, &rules).unwrap().distribution().unwrap();
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
        let texts = crate::well_formed(&svg);
        assert!(texts
            .iter()
            .any(|t| t == "Length of the game: turns to reach the goal"));
        // Mean 6, median 4 (P(T <= 3) = 1 - (5/6)^3 < 1/2 <= P(T <= 4)).
        assert!(texts.iter().any(|t| t == "mean 6.00"), "{texts:?}");
        assert!(texts.iter().any(|t| t == "median 4"), "{texts:?}");
    }

    #[test]
    fn the_bars_are_drawn_in_the_order_of_the_turns_and_the_chart_is_the_same_every_time() {
        let (board, rules) = one_square();
        let distribution = Odds::new(&board, &rules).unwrap().distribution().unwrap();
        let first = chart(&distribution).unwrap();
        let lefts: Vec<i64> = first
            .lines()
            .filter(|line| {
                line.starts_with("<rect") && line.contains("fill=\"#4682B4\"") && line.contains("height")
            })
            .filter_map(|line| line.split("x=\"").nth(1)?.split('"').next()?.parse().ok())
            .collect();
        assert!(lefts.len() > 30, "{lefts:?}");
        // The legend's sample comes last; the bars before it go left to right.
        let bars = &lefts[..lefts.len() - 1];
        assert!(bars.windows(2).all(|pair| pair[0] < pair[1]), "{bars:?}");
        for _ in 0..4 {
            assert_eq!(chart(&distribution).unwrap(), first);
        }
    }

    #[test]
    fn the_chart_names_its_board_and_draws_each_seat() {
        let board = Board::new(
            100,
            &[
                tabletop_boards::Jump::new(3, 60),
                tabletop_boards::Jump::new(70, 20),
            ],
            &[],
        )
        .unwrap();
        let rules = Rules::default();
        let distribution = Odds::new(&board, &rules).unwrap().distribution().unwrap();
        let labels = ChartLabels {
            name: Some("A & B <board>"),
            board: Some((&board, &rules)),
            players: Some(3),
        };
        let svg = chart_with(&distribution, &labels).unwrap();
        let texts = crate::well_formed(&svg);
        assert!(
            texts
                .iter()
                .any(|t| t == "A & B <board>: turns to reach the goal"),
            "{texts:?}"
        );
        let about = texts
            .iter()
            .find(|t| t.starts_with("100 squares"))
            .expect("the board summed up");
        assert!(about.contains("1 ladders, 1 chutes"), "{about}");
        let mean = format!("mean {:.2}", distribution.mean());
        let median = format!("median {}", distribution.median());
        assert!(about.ends_with(&format!("{mean} turns, {median}")), "{about}");
        assert!(texts.contains(&mean) && texts.contains(&median));
        for seat in 1..=3 {
            assert!(
                texts.contains(&format!("seat {seat} has won by round t")),
                "{texts:?}"
            );
        }
        // Bars, the cumulative curve and three seats: polylines of a point per turn.
        let last = last_turn(&distribution, SVG_REST) as usize;
        let long = svg
            .lines()
            .filter(|line| line.starts_with("<polyline"))
            .filter(|line| line.split("points=\"").nth(1).unwrap_or("").matches(',').count() == last + 1)
            .count();
        assert_eq!(long, 4, "{svg}");
        // One player: no seat curves.
        let alone = chart_with(
            &distribution,
            &ChartLabels {
                players: Some(1),
                ..labels
            },
        )
        .unwrap();
        assert!(!alone.contains("has won by round"));
    }

    #[test]
    fn json_keys_come_in_the_documented_order() {
        let (board, rules) = one_square();
        let odds = Odds::new(&board, &rules).unwrap();
        let distribution = odds.distribution().unwrap();
        let race = distribution.race(2).unwrap();
        let exact = odds.expected_turns_exact().unwrap();
        let percentiles = [(90.0, Some(13)), (10.0, Some(1)), (90.0, Some(13))];
        let report = Report {
            board: &board,
            rules: &rules,
            min_turns: 1,
            expected_turns: 6.0,
            variance: Some(30.0),
            exact: Some(&exact),
            distribution: Some(&distribution),
            percentiles: &percentiles,
            race: Some(&race),
        };
        let text = crate::to_string(|out| write_json(out, &report));
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert!(value.is_object());
        let keys = [
            "squares",
            "start",
            "overshoot",
            "die",
            "min_turns",
            "expected_turns",
            "variance",
            "expected_turns_exact",
            "median",
            "percentiles",
            "distribution",
            "distribution_rest",
            "players",
            "expected_rounds",
            "win_probability",
        ];
        let positions: Vec<usize> = keys
            .iter()
            .map(|key| text.find(&format!("\"{key}\":")).unwrap())
            .collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "{text}");
        // Percentiles in the order asked, a repeat kept once.
        assert!(text.contains(r#""percentiles":{"90":13,"10":1},"#), "{text}");
    }

    #[test]
    fn what_was_not_computed_is_left_out() {
        let (board, rules) = one_square();
        let report = Report {
            board: &board,
            rules: &rules,
            min_turns: 1,
            expected_turns: 6.0,
            variance: None,
            exact: None,
            distribution: None,
            percentiles: &[],
            race: None,
        };
        let json = crate::to_string(|out| write_json(out, &report));
        assert_eq!(
            json,
            "{\"squares\":1,\"start\":0,\"overshoot\":\"stay\",\"die\":6,\"min_turns\":1,\"expected_turns\":6.0}\n"
        );
        let text = crate::to_string(|out| write_summary(out, &report));
        assert_eq!(text.lines().count(), 3);
    }
}

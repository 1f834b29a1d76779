//! A race board's exact odds (board file format: `docs/rules/board.md`): the summary, its
//! JSON object, the chart of the game length.

use tabletop_odds::{Odds, OddsError, Stop, Tabulate, DEFAULT_WORK};
pub use tabletop_odds::{TurnLine, TurnStep};

pub use tabletop_odds::{BigRational, Distribution, ExactBudget, Race, MAX_EXACT_WORK};
pub use tabletop_parse::board::BoardFile;
use tabletop_render::odds::{
    chart_with, write_json, write_summary, ChartLabels, Report, JSON_DISTRIBUTION_REST, SVG_REST,
};

use crate::{Answer, Control, Failure, Source, Stopped};

/// The percentiles given when none are asked for.
pub const DEFAULT_PERCENTILES: [f64; 6] = [10.0, 25.0, 50.0, 75.0, 90.0, 99.0];

/// What a race may leave out: every seat's sum and the expected rounds stop where at most
/// this is left.
pub const RACE_REST: f64 = 1e-18;

/// The most players a race may have.
pub const MAX_PLAYERS: u16 = 1000;
/// The most percentiles one request may ask for.
pub const MAX_PERCENTILES: usize = 100;

/// What a front end's user calls the fields of an odds request, named by its refusals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Names {
    /// The number of players (`--players` on the command line).
    pub players: &'static str,
    /// The percentiles asked for.
    pub percentiles: &'static str,
    /// How the user allows an exact fraction more work, when the front end can (the
    /// command line's `--budget` and `--no-limit`).
    pub more_exact_work: Option<&'static str>,
}

impl Names {
    /// The command line's options.
    pub const CLI: Names = Names {
        players: "--players",
        percentiles: "--percentiles",
        more_exact_work: Some("`--budget STEPS` allows more, `--no-limit` any"),
    };

    /// The fields of the server's JSON bodies (which ask for no exact fraction).
    pub const API: Names = Names {
        players: "players",
        percentiles: "percentiles",
        more_exact_work: None,
    };

    /// The keyword arguments of the Python package.
    pub const PYTHON: Names = Names {
        players: "players",
        percentiles: "percentiles",
        more_exact_work: Some("`exact_budget=STEPS` allows more, `exact_budget=None` any"),
    };

    /// `given` players as a request holds them, or the refusal naming the field.
    ///
    /// # Errors
    /// [`Refusal::Players`] outside `1..=`[`MAX_PLAYERS`].
    pub fn players(&self, given: i64) -> Result<u16, Refusal> {
        u16::try_from(given)
            .ok()
            .filter(|players| (1..=MAX_PLAYERS).contains(players))
            .ok_or(Refusal::Players {
                field: self.players,
                given,
            })
    }
}

impl Default for Names {
    fn default() -> Names {
        Names::CLI
    }
}

/// An odds request its front end should not have passed on: which limit, naming the field
/// as the front end's user wrote it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// Players outside `1..=`[`MAX_PLAYERS`].
    #[error("{field} must be in 1..={MAX_PLAYERS}, got {given}")]
    Players {
        /// The field's name.
        field: &'static str,
        /// The number given.
        given: i64,
    },
    /// More than [`MAX_PERCENTILES`] percentiles.
    #[error("{field}: {count} given, at most {MAX_PERCENTILES} are reported")]
    TooManyPercentiles {
        /// The field's name.
        field: &'static str,
        /// How many were given.
        count: usize,
    },
    /// A percentile not strictly between 0 and 100 (`NaN` too).
    #[error("`{given}` is not a percentage strictly between 0 and 100")]
    Percentile {
        /// The percentile given.
        given: f64,
    },
}

impl From<Refusal> for Failure {
    fn from(refusal: Refusal) -> Failure {
        Failure::usage(refusal.to_string())
    }
}

/// `given` if it is a percentage strictly between 0 and 100.
///
/// # Errors
/// [`Refusal::Percentile`] otherwise.
pub fn percentile(given: f64) -> Result<f64, Refusal> {
    match given > 0.0 && given < 100.0 {
        true => Ok(given),
        false => Err(Refusal::Percentile { given }),
    }
}

/// An odds request.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Request {
    /// Players racing in lock-step: expected rounds and each seat's chance to win.
    pub players: Option<u16>,
    /// Also give the expected number of turns as an exact fraction.
    pub exact: bool,
    /// The steps the exact fraction may take (estimated up front; [`MAX_EXACT_WORK`] by
    /// default).
    pub exact_budget: ExactBudget,
    /// One JSON object instead of the summary.
    pub json: bool,
    /// Also draw the distribution of the game length, as [`Answer::picture`].
    pub chart: bool,
    /// Percentiles of the number of turns, in percent (empty: [`DEFAULT_PERCENTILES`]).
    pub percentiles: Vec<f64>,
    /// What the front end's user calls the fields, for refusals.
    pub names: Names,
}

impl Request {
    /// Refuses what no front end may ask, before any work: players outside
    /// `1..=`[`MAX_PLAYERS`], more than [`MAX_PERCENTILES`] percentiles, a percentile not
    /// strictly between 0 and 100. The answers check it too.
    ///
    /// # Errors
    /// The first [`Refusal`], naming the field by [`Request::names`].
    pub fn check(&self) -> Result<(), Refusal> {
        if let Some(players) = self.players {
            self.names.players(i64::from(players))?;
        }
        if self.percentiles.len() > MAX_PERCENTILES {
            return Err(Refusal::TooManyPercentiles {
                field: self.names.percentiles,
                count: self.percentiles.len(),
            });
        }
        self.percentiles.iter().try_for_each(|&p| percentile(p).map(drop))
    }
}

/// How far long work got: the stage, its message, and the part of the stage done.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tick<'a> {
    /// `"exact"` (the modular sweeps) or `"distribution"` (the table, turn by turn).
    pub stage: &'static str,
    /// What the ticks are told, e.g. `distribution: turn 512, 3.100e-2 left`.
    pub message: &'a str,
    /// The part of the stage done, 0 to 1: primes done of those needed; for the table the
    /// largest of three measures of the end: the work budget spent, the turns done of the
    /// mean plus four standard deviations (at most 0.95: the tail may be longer), and the
    /// logarithm of the probability left over that of the tail the table stops at (the tail
    /// shrinks geometrically, so this grows about evenly with the turns once it does).
    pub fraction: f64,
}

/// Where [`answer_until`] reports how far it got.
pub type Ticks<'a> = &'a mut dyn FnMut(&Tick<'_>);

/// Long work watched: its ticks and the control that stops it.
struct Watch<'a, 'b> {
    ticks: Ticks<'a>,
    control: Option<&'b Control>,
}

impl Watch<'_, '_> {
    /// [`Failure::Stopped`] once the control says stop.
    fn check(&self) -> Result<(), Failure> {
        match self.control.map(Control::check) {
            Some(Err(stopped)) => Err(stopped_failure(stopped)),
            _ => Ok(()),
        }
    }
}

/// The failure a stop is: `error: the computation was cancelled` (or passed its time limit).
fn stopped_failure(stopped: Stopped) -> Failure {
    Failure::stopped(stopped, None, None)
}

/// The typed figures of a board: what [`answer_until`] renders, for front ends that hand numbers
/// on (the Python package) instead of text.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The board file read.
    pub file: BoardFile,
    /// The fewest turns that can reach the goal.
    pub min_turns: u64,
    /// The positions the chain has (the board's squares a counter can be on, with states).
    pub states: usize,
    /// The expected number of turns of one counter.
    pub expected_turns: f64,
    /// The variance of the number of turns.
    pub variance: f64,
    /// The expected number of turns as an exact fraction, when asked for.
    pub exact: Option<BigRational>,
    /// The distribution of the game length, when within the work budget.
    pub distribution: Option<Distribution>,
    /// Each percentile asked for (in percent) and its turn, `None` when beyond the table.
    pub percentiles: Vec<(f64, Option<u64>)>,
    /// The race of `players` counters, when asked for and tabulated far enough.
    pub race: Option<Race>,
    /// Notes for the user: what was left out and why, a skipped byte-order mark.
    pub notes: Vec<String>,
}

/// Analyses the board file `source` and answers as `request` asks (the summary or JSON, the
/// chart), telling `ticks` how far it got and stopping soon after `control` says stop (the
/// table ticks it every turn, the exact fraction every prime; the linear solve is not
/// interrupted, it is checked before and after).
///
/// # Errors
/// [`Failure::Invalid`] for a bad board file, a goal that cannot be reached (or can be
/// missed forever), or a chart asked for beyond the work budget; [`Failure::Usage`] for a
/// request past its limits; [`Failure::Stopped`] once `control` is cancelled or past its
/// deadline.
pub fn answer_until(
    source: &Source,
    request: &Request,
    ticks: Ticks<'_>,
    control: &Control,
) -> Result<Answer, Failure> {
    let mut watch = Watch {
        ticks,
        control: Some(control),
    };
    answer_watched(source, request, &mut watch)
}

fn answer_watched(source: &Source, request: &Request, watch: &mut Watch<'_, '_>) -> Result<Answer, Failure> {
    let analysis = analyse_watched(source, request, watch)?;
    answer_of(source, request, analysis)
}

/// A board as the playground shows it, from one reading and one analysis.
#[derive(Debug, Clone)]
pub struct Playground {
    /// The odds (JSON when asked), with the chart when the distribution was tabulated: a
    /// board whose distribution is beyond the work budget has no chart, and no error.
    pub answer: Answer,
    /// One line of play in the fewest turns under the board's own rules, as
    /// [`race_turns_line_json`] writes it, or why there is none to show.
    pub line: Result<String, Failure>,
}

/// What the playground shows of the board file `source`: [`answer_until`]'s odds and chart
/// and the fewest-turns line, the board read and analysed once.
///
/// # Errors
/// As [`answer_until`], but for a chart beyond the work budget (left out).
pub fn playground(
    source: &Source,
    request: &Request,
    ticks: Ticks<'_>,
    control: &Control,
) -> Result<Playground, Failure> {
    let mut watch = Watch {
        ticks,
        control: Some(control),
    };
    let analysis = analyse_watched(source, request, &mut watch)?;
    let line = race_turns_line_json(&analysis.file, source);
    let charted = Request {
        chart: request.chart && analysis.distribution.is_some(),
        ..request.clone()
    };
    let answer = answer_of(source, &charted, analysis)?;
    Ok(Playground { answer, line })
}

/// The answer `request` asks for, from the `analysis` of `source`.
fn answer_of(source: &Source, request: &Request, analysis: Analysis) -> Result<Answer, Failure> {
    let picture = match (request.chart, &analysis.distribution) {
        (true, Some(d)) => {
            let labels = ChartLabels {
                name: analysis.file.title.as_deref(),
                board: Some((&analysis.file.board, &analysis.file.rules)),
                players: request.players.map(usize::from),
            };
            Some(chart_with(d, &labels).map_err(|e| Failure::resource(format!("drawing the chart: {e}")))?)
        }
        (true, None) => return Err(Failure::invalid(no_chart(source, &analysis))),
        (false, _) => None,
    };
    let report = Report {
        board: &analysis.file.board,
        rules: &analysis.file.rules,
        min_turns: analysis.min_turns,
        expected_turns: analysis.expected_turns,
        variance: Some(analysis.variance),
        exact: analysis.exact.as_ref(),
        distribution: analysis.distribution.as_ref(),
        percentiles: &analysis.percentiles,
        race: analysis.race.as_ref(),
    };
    let text = tabletop_render::to_string(|out| match request.json {
        true => write_json(out, &report),
        false => write_summary(out, &report),
    });
    Ok(Answer {
        text,
        picture,
        notes: analysis.notes,
    })
}

/// The board file `source`, read and checked (its layout, not yet its odds).
///
/// # Errors
/// [`Failure::Invalid`] for an empty or bad board file.
pub fn read_board(source: &Source) -> Result<BoardFile, Failure> {
    if source.is_blank() {
        return Err(Failure::invalid(source.empty_problem("`squares N`")));
    }
    tabletop_parse::board::parse(source.bytes()).map_err(|e| Failure::invalid(source.problem(&e)))
}

/// The typed figures of the board file `source` (everything [`answer_until`] writes, but no
/// chart), telling `ticks` how far it got and stopping soon after `control` says stop, as
/// [`answer_until`] does.
///
/// # Errors
/// [`Failure::Invalid`] for a bad board file or a goal that cannot be reached (or can be
/// missed forever), or an exact fraction beyond the limit; [`Failure::Stopped`] once
/// `control` is cancelled or past its deadline.
pub fn analyse_until(
    source: &Source,
    request: &Request,
    ticks: Ticks<'_>,
    control: &Control,
) -> Result<Analysis, Failure> {
    let mut watch = Watch {
        ticks,
        control: Some(control),
    };
    analyse_watched(source, request, &mut watch)
}

fn analyse_watched(
    source: &Source,
    request: &Request,
    watch: &mut Watch<'_, '_>,
) -> Result<Analysis, Failure> {
    request.check()?;
    let file = read_board(source)?;
    let engine = |error: OddsError| match error {
        OddsError::Stopped(stopped) => stopped_failure(stopped),
        error => Failure::invalid(source.problem(&file.locate(&error))),
    };
    if request.exact {
        // Refused before any solve when the exact fraction is beyond the budget, saying
        // how to allow it.
        Odds::exact_work_within(&file.board, &file.rules, request.exact_budget).map_err(
            |error| match error {
                OddsError::ExactTooCostly { .. } => {
                    let mut located = file.locate(&error);
                    if let Some(more) = request.names.more_exact_work {
                        located
                            .message
                            .push_str(&format!("; {more} (Ctrl-C stops the work)"));
                    }
                    Failure::invalid(source.problem(&located))
                }
                error => engine(error),
            },
        )?;
    }
    watch.check()?;
    let odds = Odds::new_with_variance(&file.board, &file.rules).map_err(engine)?;
    let variance = odds.variance().map_err(engine)?;
    watch.check()?;
    let exact = if request.exact {
        let ticks = &mut *watch.ticks;
        let mut tick = |done: u64, total: u64| {
            let message = format!("exact: prime {done} of about {total}");
            let fraction = done as f64 / total.max(1) as f64;
            ticks(&Tick {
                stage: "exact",
                message: &message,
                fraction,
            });
        };
        let never = Control::new();
        let control = watch.control.unwrap_or(&never);
        Some(
            odds.expected_turns_exact_within(request.exact_budget, &mut tick, control)
                .map_err(engine)?,
        )
    } else {
        None
    };
    let wanted = match request.percentiles.is_empty() {
        true => DEFAULT_PERCENTILES.to_vec(),
        false => request.percentiles.clone(),
    };
    let distribution = tabulate(request, &odds, variance, &wanted, watch).map_err(engine)?;
    let race = match (request.players, &distribution) {
        (Some(players), Some(distribution)) => Some(distribution.race(usize::from(players)).map_err(engine)?),
        _ => None,
    };
    let race = race.filter(|race| race.truncation_bound <= RACE_REST);
    let percentiles: Vec<(f64, Option<u64>)> = wanted
        .iter()
        .map(|&p| (p, distribution.as_ref().and_then(|d| d.percentile(p))))
        .collect();
    let mut notes = source.notes();
    notes.extend(left_out(
        request,
        &odds,
        distribution.as_ref(),
        race.as_ref(),
        &percentiles,
    ));
    Ok(Analysis {
        min_turns: odds.min_turns(),
        states: odds.states(),
        expected_turns: odds.expected_turns(),
        variance,
        exact,
        distribution,
        percentiles,
        race,
        notes,
        file,
    })
}

/// A chart was asked for, but the distribution is beyond the work budget: refused, with the
/// estimate.
fn no_chart(source: &Source, analysis: &Analysis) -> crate::Problem {
    let message = format!(
        "the chart needs the distribution of the game length, which is beyond the work budget: about {:.3e} turns over {} squares are more than {DEFAULT_WORK} steps",
        analysis.expected_turns, analysis.states
    );
    source.problem(&tabletop_parse::ParseError::new(
        analysis.file.squares_span.clone(),
        message,
    ))
}

/// The tail the output needs: the largest percentile (and the median), the JSON list, the
/// chart, and a race whose every term is below [`RACE_REST`].
fn tail_needed(request: &Request, wanted: &[f64]) -> f64 {
    let highest = wanted.iter().copied().fold(50.0, f64::max);
    let mut tail = 1.0 - highest / 100.0;
    if request.json {
        tail = tail.min(JSON_DISTRIBUTION_REST);
    }
    if request.chart {
        tail = tail.min(SVG_REST);
    }
    if let Some(players) = request.players.filter(|&p| p > 1) {
        // S^P <= 1e-18 for the seats; the rounds' tail is at most S^P times the turns left.
        tail = tail.min(RACE_REST.powf(1.0 / f64::from(players)) * 1e-3);
    }
    tail.max(f64::MIN_POSITIVE)
}

/// Tabulates within the work budget; `None` if even the median is clearly out of reach.
fn tabulate(
    request: &Request,
    odds: &Odds,
    variance: f64,
    wanted: &[f64],
    watch: &mut Watch<'_, '_>,
) -> Result<Option<Distribution>, OddsError> {
    let squares = odds.states() as f64 + 1.0;
    if squares * odds.expected_turns() > DEFAULT_WORK as f64 {
        return Ok(None);
    }
    let tail = tail_needed(request, wanted);
    let likely_end = (odds.expected_turns() + 4.0 * variance.max(0.0).sqrt()).max(1.0);
    let ticks = &mut *watch.ticks;
    let mut tick = |turns: u64, left: f64| {
        let message = format!("distribution: turn {turns}, {left:.3e} left");
        let by_budget = turns as f64 * squares / DEFAULT_WORK as f64;
        let by_turns = (turns as f64 / likely_end).min(0.95);
        let by_tail = left.max(f64::MIN_POSITIVE).ln() / tail.ln();
        let fraction = by_budget.max(by_turns).max(by_tail).clamp(0.0, 1.0);
        ticks(&Tick {
            stage: "distribution",
            message: &message,
            fraction,
        });
    };
    let mut limits = Tabulate {
        tail,
        work: DEFAULT_WORK,
        // Every P(T = t) printed in JSON exact to its last digit.
        precise_until: if request.json {
            JSON_DISTRIBUTION_REST
        } else {
            1e-3
        },
        progress: Some(&mut tick),
        control: watch.control,
    };
    odds.tabulate(&mut limits).map(Some)
}

/// What the distribution's work budget left out, and why (a note), if anything.
fn left_out(
    request: &Request,
    odds: &Odds,
    distribution: Option<&Distribution>,
    race: Option<&Race>,
    percentiles: &[(f64, Option<u64>)],
) -> Option<String> {
    let mut missing: Vec<String> = percentiles
        .iter()
        .filter(|(_, t)| t.is_none())
        .map(|(p, _)| format!("the {p}% percentile"))
        .collect();
    if request.players.is_some() && race.is_none() {
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
                Some(Stop::Budget) => "the work budget ran out",
                None => "the tail it was asked for",
            },
            d.horizon(),
            d.rest()
        ),
        Some(_) => return None,
    };
    if distribution.is_none() {
        missing.retain(|item| !item.ends_with("percentile"));
        missing.insert(0, "the median, the percentiles and the distribution".into());
    }
    Some(format!("note: {why}; left out: {}", missing.join(", ")))
}

/// Most steps [`race_turns_line_json`] writes (runs of equal throws folded): a longer line
/// is refused rather than written.
pub const MAX_LINE_STEPS: usize = 100_000;

/// One line of play reaching the goal of a race board in the fewest turns
/// ([`tabletop_odds::Odds::min_turns`]), under the board's own rules: any die, every
/// overshoot rule, miss-a-turn and extra-throw squares, the start square.
///
/// # Errors
/// [`Failure::Invalid`], located, for a board the odds engine refuses (a goal that cannot
/// be reached or can be missed forever, a bounce past square 0, too many squares).
pub fn race_turns_line(file: &BoardFile, source: &Source) -> Result<TurnLine, Failure> {
    tabletop_odds::fewest_turns_line(&file.board, &file.rules)
        .map_err(|error| Failure::invalid(source.problem(&file.locate(&error))))
}

/// [`race_turns_line`] in JSON: `tabletop snakes --json`'s form with `"turns":N` and a
/// `"turn":k` per step, `{"throws":T,"turns":N,"path":[{"throw":d,"land":s,"to":s,"turn":k},...]}`
/// (see [`tabletop_render::json::write_turn_line`]).
///
/// # Errors
/// As [`race_turns_line`]; [`Failure::Usage`] for a line of more than [`MAX_LINE_STEPS`]
/// steps.
pub fn race_turns_line_json(file: &BoardFile, source: &Source) -> Result<String, Failure> {
    let line = race_turns_line(file, source)?;
    let steps = tabletop_render::json::turn_line_steps(&line);
    if steps > MAX_LINE_STEPS {
        return Err(Failure::usage(format!(
            "the fewest-turns line has {steps} steps, more than the {MAX_LINE_STEPS} written"
        )));
    }
    Ok(tabletop_render::to_string(|out| {
        tabletop_render::json::write_turn_line(out, &line)
    }))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;

    use super::*;

    #[test]
    fn work_cancelled_by_the_progress_sink_is_stopped_at_that_tick() {
        let source = Source::new("<board>", b"squares 100\n".to_vec());
        for (request, stage) in [
            (
                Request {
                    exact: true,
                    ..Request::default()
                },
                "exact",
            ),
            (Request::default(), "tabulate"),
        ] {
            let ticks = Arc::new(AtomicU64::new(0));
            let control = Control::new();
            let (count, stop) = (Arc::clone(&ticks), control.clone());
            let control = control.with_progress(move |tick: crate::Tick| {
                assert_eq!(tick.stage, stage);
                if count.fetch_add(1, Ordering::Relaxed) + 1 == 2 {
                    stop.cancel();
                }
            });
            let result = answer_until(&source, &request, &mut |_| {}, &control);
            assert_eq!(
                result.map(|answer| answer.text),
                Err(Failure::stopped(Stopped::Cancelled, None, None)),
                "{stage}"
            );
            assert_eq!(ticks.load(Ordering::Relaxed), 2, "{stage}");
        }
    }

    #[test]
    fn requests_past_the_limits_are_refused_naming_the_front_ends_field() {
        let board = Source::new("<board>", b"squares 10\n".to_vec());
        let refused =
            |request: Request| answer_until(&board, &request, &mut |_| {}, &Control::new()).unwrap_err();
        let players = Request {
            players: Some(MAX_PLAYERS + 1),
            names: Names::PYTHON,
            ..Request::default()
        };
        assert_eq!(
            refused(players),
            Failure::usage("players must be in 1..=1000, got 1001")
        );
        assert_eq!(
            Names::CLI.players(-3).unwrap_err().to_string(),
            "--players must be in 1..=1000, got -3"
        );
        assert_eq!(Names::API.players(1000), Ok(1000));
        let many = Request {
            percentiles: vec![50.0; MAX_PERCENTILES + 1],
            ..Request::default()
        };
        assert_eq!(
            many.check().unwrap_err().to_string(),
            "--percentiles: 101 given, at most 100 are reported"
        );
        for bad in [0.0, 100.0, -1.0, f64::NAN] {
            let request = Request {
                percentiles: vec![bad],
                ..Request::default()
            };
            let report = refused(request).report();
            assert!(
                report.ends_with("is not a percentage strictly between 0 and 100\n"),
                "{report}"
            );
        }
        assert!(percentile(99.5).is_ok());
    }

    #[test]
    fn an_exact_fraction_beyond_the_default_budget_runs_without_limit_until_stopped() {
        // About 5,500 primes of 100,000 squares each: refused by default, started without
        // a limit, and stopped at its first tick (no time involved).
        let source = Source::new("<board>", b"squares 100000\n".to_vec());
        let refused = answer_until(
            &source,
            &Request {
                exact: true,
                ..Request::default()
            },
            &mut |_| {},
            &Control::new(),
        );
        let Err(Failure::Invalid { problems, .. }) = refused else {
            panic!("not refused: {refused:?}");
        };
        assert!(problems[0].message.contains("`--no-limit`"), "{:?}", problems[0]);
        // Each front end names its own way to allow more, or none.
        for (names, hint) in [(Names::PYTHON, Some("`exact_budget=None`")), (Names::API, None)] {
            let request = Request {
                exact: true,
                names,
                ..Request::default()
            };
            let Err(Failure::Invalid { problems, .. }) =
                answer_until(&source, &request, &mut |_| {}, &Control::new())
            else {
                panic!("not refused");
            };
            let message = &problems[0].message;
            assert!(!message.contains("--"), "{message}");
            assert_eq!(
                hint.is_some_and(|hint| message.contains(hint)),
                hint.is_some(),
                "{message}"
            );
        }
        let ticks = Arc::new(AtomicU64::new(0));
        let control = Control::new();
        let (count, stop) = (Arc::clone(&ticks), control.clone());
        let control = control.with_progress(move |tick: crate::Tick| {
            assert_eq!((tick.stage, tick.done, tick.total), ("exact", 0, Some(5537)));
            count.fetch_add(1, Ordering::Relaxed);
            stop.cancel();
        });
        let request = Request {
            exact: true,
            exact_budget: ExactBudget::Unlimited,
            ..Request::default()
        };
        let result = answer_until(&source, &request, &mut |_| {}, &control);
        assert_eq!(
            result.map(|answer| answer.text),
            Err(Failure::stopped(Stopped::Cancelled, None, None))
        );
        assert_eq!(ticks.load(Ordering::Relaxed), 1);
    }
}

//! Octal games: the nim-values G(0..=N), the period, the answer to a sum of heaps, in normal
//! or misère play.
//!
//! One [`Request`] says what is asked (the play, the heaps, a query, the limits of the front
//! end asking); [`answer_to`] streams the command line's text, [`report`] computes the typed
//! [`Report`] pages and Python show. Both check the request's limits in [`Request::check`]
//! and step the engine through the one loop of `session.rs`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

pub use tabletop_grundy::Outcome;
pub use tabletop_octal::{
    heaps_outcome, Computation, HeapMove, HistoryLayout, Leave, MisereBudget, NimSequence, OctalCode,
    Options, Period, PeriodicValues, Progress, QueryError,
};
use tabletop_render::octal::{
    write_history, write_json_head, write_json_tail, write_json_values, write_period, write_query,
    write_stats, write_tally, write_value_run,
};

use files::{check_health, checked_start};
pub use files::{save_checkpoint, values_file};
use history::HistoryHealth;
use session::Session;

use crate::{Answer, Control, Failure, Problem, Source};

mod files;
mod heaps;
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
mod history;
pub mod misere;
mod report;
mod session;
pub mod survey;

pub use report::{octal_work, report, MisereReport, PlayReport, QueryReport, Report, ValuesReport};

/// Heaps computed when neither the request nor the game text says (normal play).
pub const DEFAULT_HEAPS: u64 = 200;
/// The most memory an octal request allows itself (values, working space and output text).
pub const MEMORY_CAP: u64 = 4 << 30;

/// Where the game comes from.
#[derive(Debug, Clone, Copy)]
pub enum Game<'a> {
    /// The code alone, e.g. `0.77`.
    Code(&'a Source),
    /// A game text: the code, optionally followed by the largest heap.
    Text(&'a Source),
}

/// Which player wins when the other cannot move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Play {
    /// Normal play: the player who cannot move loses (nim-values).
    #[default]
    Normal,
    /// Misère play: the player who cannot move wins (the misère quotient).
    Misere,
}

impl Play {
    /// The heaps computed when neither the request nor the game text says.
    pub const fn default_heaps(self) -> u64 {
        match self {
            Play::Normal => DEFAULT_HEAPS,
            Play::Misere => misere::DEFAULT_HEAPS,
        }
    }
}

/// What a front end allows one request beyond the engine's own limits (memory, and
/// [`misere::MAX_HEAPS`] under misère play): the playground answers within seconds, the
/// command line runs for as long as it is asked to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest heap N a request may ask for.
    pub max_heaps: Option<u64>,
    /// The most work, in moves looked at ([`octal_work`]'s estimate).
    pub max_work: Option<u128>,
    /// The largest heap N of a misère request.
    pub max_misere_heaps: Option<u64>,
    /// What the front end's user calls the largest heap (`--heaps` on the command line,
    /// `heaps` in the API and in Python), named by refusals.
    pub heaps_name: &'static str,
    /// What the front end's user calls the heaps of a query (`--query` on the command line,
    /// `query` in the API), named by a refusal of heaps that only the query asked for.
    pub query_name: &'static str,
}

impl Limits {
    /// The command line's: the engine's own limits only.
    pub const NONE: Limits = Limits {
        max_heaps: None,
        max_work: None,
        max_misere_heaps: None,
        heaps_name: "--heaps",
        query_name: "--query",
    };

    /// The playground's (the server's API and the static site): a few seconds of work in a
    /// release build. Four splitting digits at 50,000 heaps, and misère quotients to heap 40.
    pub const PLAYGROUND: Limits = Limits {
        max_heaps: Some(PLAYGROUND_HEAPS),
        max_work: Some(4 * ((PLAYGROUND_HEAPS as u128).pow(2) / 4 + PLAYGROUND_HEAPS as u128)),
        max_misere_heaps: Some(40),
        heaps_name: "heaps",
        query_name: "query",
    };

    /// Where a refusal of heaps `0..=n` is located: the option and its value (`--heaps 40`),
    /// or the field's name.
    pub fn heaps_label(&self, n: u64) -> String {
        match self.heaps_name.starts_with("--") {
            true => format!("{} {n}", self.heaps_name),
            false => self.heaps_name.to_owned(),
        }
    }

    /// Where a refusal of heaps only a query asked for is located: the option and the
    /// query as written (`--query 40`, `--query '3 40'`), or the field's name.
    pub fn query_label(&self, query: &str) -> String {
        let query = query.split_whitespace().collect::<Vec<_>>().join(" ");
        match (self.query_name.starts_with("--"), query.contains(' ')) {
            (true, false) => format!("{} {query}", self.query_name),
            (true, true) => format!("{} '{query}'", self.query_name),
            (false, _) => self.query_name.to_owned(),
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::NONE
    }
}

/// The most heaps the playground computes in normal play.
const PLAYGROUND_HEAPS: u64 = 50_000;

/// An octal request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Request {
    /// Normal or misère play.
    pub play: Play,
    /// The largest heap N (default: the game text's number, else [`Play::default_heaps`]).
    pub heaps: Option<u64>,
    /// Also find the period (of the values, or under misère play of the pretending function).
    pub period: bool,
    /// JSON instead of plain lines.
    pub json: bool,
    /// The heap sizes of a sum (text such as `3 5 7`): its outcome and a winning move.
    pub query: Option<Source>,
    /// A note with the time, the values per second and the sparse-space counts, and the
    /// published tables' numbers (also in the JSON object). Normal play only.
    pub stats: bool,
    /// Save the state to this file now and then and when stopped (written to a temporary
    /// file beside it, then renamed over it). Normal play only.
    pub checkpoint: Option<PathBuf>,
    /// How often the checkpoint is saved (default: [`CHECKPOINT_EVERY`]).
    pub checkpoint_every: Option<Duration>,
    /// Go on from this checkpoint (of the same game) instead of starting from heap 1.
    pub resume: Option<PathBuf>,
    /// Threads computing the values: `None` for one per core, at most 2 (the sparse steps
    /// take two heaps at a time); `Some(1)` for this thread only. The output is the same
    /// whatever the number, but for the `--stats` count of splits looked at.
    pub jobs: Option<usize>,
    /// How much of a long run is held in memory, the rest going to a values file (`None`:
    /// [`HistoryLayout::default`], from 2^24 heaps on, or from 2^22 heaps on for a run with
    /// a checkpoint, [`HistoryLayout::small_checkpoints`]).
    pub layout: Option<HistoryLayout>,
    /// What the front end allows beyond the engine's own limits.
    pub limits: Limits,
    /// Under misère play, how large the candidates and proofs may grow (`None`:
    /// [`MisereBudget::default`]).
    pub misere_budget: Option<MisereBudget>,
}

impl Request {
    /// The layout of a long run: the one asked for, else the default, with fewer values held
    /// when a checkpoint saves them.
    fn layout(&self) -> HistoryLayout {
        self.layout.unwrap_or_else(|| {
            if self.checkpoint.is_some() || self.resume.is_some() {
                HistoryLayout::small_checkpoints()
            } else {
                HistoryLayout::default()
            }
        })
    }

    /// The largest heap asked for, grown to the query's largest heap: what a query needs
    /// when no period answers its heaps past the one asked for.
    pub fn largest_heap(&self, file_heaps: Option<u64>, query: Option<&[u64]>) -> u64 {
        self.asked_heaps(file_heaps)
            .max(query.into_iter().flatten().copied().max().unwrap_or(0))
    }

    /// Refuses up front what this request may not ask of `code` with heaps `0..=n`: options
    /// of the other play, and anything past its [`Limits`] or the memory cap, each naming
    /// what to ask instead.
    ///
    /// # Errors
    /// [`Failure::Usage`] for options that do not go together, [`Failure::Invalid`] for heaps
    /// or work past a limit.
    pub fn check(&self, code: &OctalCode, n: u64) -> Result<(), Failure> {
        let refuse = |message: String| Failure::invalid(Problem::unlocated(&self.heaps_label(n), message));
        match self.play {
            Play::Misere => {
                let normal_only = [
                    ("--stats", self.stats),
                    ("--checkpoint", self.checkpoint.is_some()),
                    ("--resume", self.resume.is_some()),
                    ("--jobs", self.jobs.is_some()),
                ];
                if let Some((option, _)) = normal_only.iter().find(|(_, given)| *given) {
                    return Err(Failure::usage(format!(
                        "{option} is for normal play, not with --misere"
                    )));
                }
                let most = self
                    .limits
                    .max_misere_heaps
                    .unwrap_or(misere::MAX_HEAPS)
                    .min(misere::MAX_HEAPS);
                if n > most {
                    return Err(refuse(match most < misere::MAX_HEAPS {
                        true => format!(
                            "misère quotients are computed for heaps up to {most} here; `tabletop octal {code} --misere --heaps {n}` computes it"
                        ),
                        false => format!(
                            "misère quotients are computed for heaps up to {most}; ask for fewer heaps"
                        ),
                    }));
                }
                Ok(())
            }
            Play::Normal => {
                if let Some(most) = self.limits.max_heaps.filter(|&most| n > most) {
                    return Err(refuse(format!(
                        "G(0..={n}) is more than the {most} heaps the playground computes; `tabletop octal {code} --heaps {n}` computes it"
                    )));
                }
                let work = octal_work(code, n);
                if let Some(most) = self.limits.max_work.filter(|&most| work > most) {
                    return Err(refuse(format!(
                        "G(0..={n}) of {code} may look at about {:.2e} moves, more than the {:.2e} the playground allows itself; `tabletop octal {code} --heaps {n}` computes it",
                        work as f64, most as f64,
                    )));
                }
                Ok(())
            }
        }
    }
}

/// How often a checkpoint is saved when the request does not say.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(300);
/// Output is handed to the writer in pieces of about this many bytes.
const FLUSH_BYTES: usize = 1 << 16;
/// Values given to the writer at a time.
const VALUES_AT_A_TIME: usize = 1 << 14;

/// A progress callback: where the computation stands, and the time since it started.
pub type ProgressReport<'a> = dyn FnMut(&Progress, Duration) + 'a;

/// The stage of the ticks an octal run gives its [`Control`]: `done` heaps of `total`.
pub const TICK_STAGE: &str = "heaps";

/// Computes what `request` asks of `game`, writing the output to `out` as the values are
/// computed (nothing is written before the game, the query and any checkpoint to resume
/// from are read and checked). The answer's text is empty; its notes are the `--stats`.
///
/// `control` is ticked after every round of heaps (stage [`TICK_STAGE`], the values known of
/// those asked for); `progress`, if any, is called then too with the octal figures (rare
/// heaps, largest value, period) and the time since the start.
///
/// # Errors
/// [`Failure::Invalid`] for a bad code, game text, query or checkpoint, or when the values
/// would need more than [`MEMORY_CAP`] (refused up front, with the estimate), or heaps past
/// the request's limits; [`Failure::Io`] when writing fails or a checkpoint cannot be saved;
/// [`Failure::Stopped`] once `control` is cancelled or past its deadline (the checkpoint,
/// if any, saved first), saying where the run stopped.
pub fn answer_to(
    game: Game<'_>,
    request: &Request,
    out: &mut dyn std::io::Write,
    control: &Control,
    progress: Option<&mut ProgressReport<'_>>,
) -> Result<Answer, Failure> {
    let (code, file_heaps, mut notes) = read_game(game)?;
    let query = match &request.query {
        Some(source) => Some(read_heaps(source)?),
        None => None,
    };
    let n = request.heaps_for(&code, file_heaps, query.as_deref(), control)?;
    if request.play == Play::Misere {
        let text = misere::text(&code, n, request, query.as_deref(), control)?;
        let mut output = Output::new(out);
        output.put(|out| std::fmt::Write::write_str(out, &text))?;
        output.flush()?;
        return Ok(Answer {
            notes,
            ..Answer::default()
        });
    }
    let started = Instant::now();
    let (run, health) = checked_start(&code, n, request)?;
    let mut output = Output::new(out);
    if request.json {
        output.put(|text| write_json_head(text, &code, n as usize))?;
    }
    // A query takes the place of the values line, not of the JSON values.
    let streamed = query.is_none() || request.json;
    let mut session = Session::new(run);
    drive(
        &mut session,
        request,
        &mut output,
        streamed,
        control,
        progress,
        started,
        health.as_ref(),
    )?;
    let run = session.into_run();
    let period = request.period.then(|| run.period());
    let query = match (&query, &request.query) {
        (Some(heaps), Some(source)) => Some(
            heaps::answer_from_run(&code, &run, heaps)
                .map_err(|e| Failure::invalid(source.whole(e.to_string())))?,
        ),
        _ => None,
    };
    let tally = request.stats.then(|| {
        (
            run.tally(),
            tabletop_render::octal::method_used(&run.method_used()),
        )
    });
    if request.json {
        let tally = tally.as_ref().map(|(t, m)| (t, m.as_str()));
        output.put(|text| write_json_tail(text, period, query.as_ref(), tally))?;
    } else {
        output.put(|text| match &query {
            Some(query) => write_query(text, query),
            None => std::fmt::Write::write_str(text, "\n"),
        })?;
        if let Some(period) = period {
            output.put(|text| write_period(text, period, n as usize))?;
        }
    }
    // What the period, the query and the tally read from the file after the run.
    check_health(health.as_ref())?;
    output.flush()?;
    if let Some((tally, method)) = &tally {
        let line = tabletop_render::to_string(|out| {
            write_stats(out, run.known(), &run.sparse_stats(), started.elapsed())?;
            match run.handed_to_history() {
                0 => Ok(()),
                handed => write_history(out, handed, run.history_reads()),
            }?;
            write_tally(out, tally, method)
        });
        notes.extend(line.lines().map(str::to_owned));
    }
    Ok(Answer {
        notes,
        ..Answer::default()
    })
}

/// Computes every value, writing them as they come (when `streamed`), reporting progress,
/// saving checkpoints, stopping when told to.
#[allow(clippy::too_many_arguments)]
fn drive(
    session: &mut Session,
    request: &Request,
    output: &mut Output<'_>,
    streamed: bool,
    control: &Control,
    mut progress: Option<&mut ProgressReport<'_>>,
    started: Instant,
    health: Option<&HistoryHealth>,
) -> Result<(), Failure> {
    let every = request.checkpoint_every.unwrap_or(CHECKPOINT_EVERY);
    let mut last_save = Instant::now();
    let mut written = 0usize;
    let mut chunk = Vec::new();
    loop {
        let round = session.step(control);
        let run = session.run();
        check_health(health)?;
        // Rare heaps take 8 bytes each, held whatever else goes to the file.
        let rare = run.progress().rare as u64;
        if rare.saturating_mul(8) > MEMORY_CAP {
            return Err(Failure::resource(format!(
                "stopped after G(0..{}): its {rare} rare heaps need more than the {} GiB `tabletop octal` allows itself",
                run.computed(),
                MEMORY_CAP >> 30
            )));
        }
        if streamed {
            while written < run.known() {
                let end = run.known().min(written + VALUES_AT_A_TIME);
                chunk.clear();
                run.copy_values(written, end, &mut chunk);
                let first = written == 0;
                match request.json {
                    true => output.put(|text| write_json_values(text, &chunk, first))?,
                    false => output.put(|text| write_value_run(text, &chunk, first))?,
                }
                written = end;
            }
        }
        if let Some(progress) = progress.as_mut() {
            progress(&run.progress(), started.elapsed());
        }
        if round.done {
            return Ok(());
        }
        if let Some(path) = &request.checkpoint {
            if round.stopped.is_some() || last_save.elapsed() >= every {
                save_checkpoint(path, &run.checkpoint())?;
                last_save = Instant::now();
            }
        }
        if let Some(stopped) = round.stopped {
            output.flush()?;
            return Err(session.stopped(stopped, request.checkpoint.as_deref()));
        }
    }
}

/// The threads a computation runs on: as asked, else one per core; at most 2 (the most
/// the engine uses).
pub(super) fn threads(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .clamp(1, 2)
}

/// Text given to a writer in pieces; the first error is kept.
struct Output<'a> {
    out: &'a mut dyn std::io::Write,
    text: String,
}

impl<'a> Output<'a> {
    fn new(out: &'a mut dyn std::io::Write) -> Self {
        Output {
            out,
            text: String::with_capacity(FLUSH_BYTES * 2),
        }
    }

    /// Renders into the buffer, handing it to the writer once it is large.
    fn put(&mut self, render: impl FnOnce(&mut String) -> std::fmt::Result) -> Result<(), Failure> {
        crate::written(render(&mut self.text))?;
        if self.text.len() >= FLUSH_BYTES {
            self.flush_text()?;
        }
        Ok(())
    }

    fn flush_text(&mut self) -> Result<(), Failure> {
        let result = self.out.write_all(self.text.as_bytes());
        self.text.clear();
        result.map_err(write_failure)
    }

    fn flush(&mut self) -> Result<(), Failure> {
        self.flush_text()?;
        self.out.flush().map_err(write_failure)
    }
}

/// A failed write; a closed pipe says so plainly.
fn write_failure(error: std::io::Error) -> Failure {
    Failure::io("<stdout>", None, &error)
}

/// Refuses up front a computation of G(0..=n) that would need more than [`MEMORY_CAP`]
/// (with `per_value` bytes of output per value on top of the working space), located at
/// `label`.
pub(crate) fn check_memory(code: &OctalCode, n: u64, per_value: u64, label: &str) -> Result<(), Failure> {
    let needed = code
        .memory_estimate(n)
        .and_then(|bytes| bytes.checked_add(n.saturating_add(1).saturating_mul(per_value)))
        .unwrap_or(u64::MAX);
    if needed > MEMORY_CAP {
        return Err(Failure::invalid(Problem::unlocated(
            label,
            format!(
                "computing G(0..={n}) needs about {:.1} GiB, more than the {} GiB `tabletop octal` allows itself; ask for fewer heaps",
                needed as f64 / (1u64 << 30) as f64,
                MEMORY_CAP >> 30
            ),
        )));
    }
    Ok(())
}

/// The octal code of `source` (such as `0.77`), for front ends that compute with it.
///
/// # Errors
/// [`Failure::Invalid`] for a text that is not an octal code.
pub fn read_code(source: &Source) -> Result<OctalCode, Failure> {
    tabletop_parse::octal::code(source.bytes()).map_err(|e| Failure::invalid(source.problem(&e)))
}

/// The nim-values G(0..=`heaps`) of `code`, typed (no text), on `jobs` threads (`None`: as
/// the command line, one per core, at most 2), ticking `control` between rounds (stage
/// [`TICK_STAGE`]) and stopping there once it says so.
///
/// # Errors
/// [`Failure::Invalid`] when the values would need more than [`MEMORY_CAP`] (refused up
/// front, as [`answer_to`] refuses them); [`Failure::Stopped`] once `control` is cancelled
/// or past its deadline.
pub fn values_until(
    code: &OctalCode,
    heaps: u64,
    jobs: Option<usize>,
    control: &Control,
) -> Result<NimSequence, Failure> {
    check_memory(code, heaps, 0, &Limits::NONE.heaps_label(heaps))?;
    // The cap keeps heaps far below usize::MAX.
    let mut run = Computation::new(code, heaps as usize, Options::default());
    run.set_threads(threads(jobs));
    let mut session = Session::new(run);
    session.finish(control)?;
    Ok(session.into_run().into_sequence())
}

/// The heap sizes of a sum, read from `source` (such as `3 5 7`).
///
/// # Errors
/// [`Failure::Invalid`] for a text that is not a list of heap sizes.
pub fn read_heaps(source: &Source) -> Result<Vec<u64>, Failure> {
    tabletop_parse::octal::heaps(source.bytes()).map_err(|e| Failure::invalid(source.problem(&e)))
}

/// The code and the largest heap the game text names.
pub(crate) fn read_game(game: Game<'_>) -> Result<(OctalCode, Option<u64>, Vec<String>), Failure> {
    match game {
        Game::Code(source) => {
            let code = tabletop_parse::octal::code(source.bytes())
                .map_err(|e| Failure::invalid(source.problem(&e)))?;
            Ok((code, None, source.notes()))
        }
        Game::Text(source) => {
            if source.is_blank() {
                return Err(Failure::invalid(
                    source.empty_problem("an octal code such as `0.77`"),
                ));
            }
            let game = tabletop_parse::octal::game(source.bytes())
                .map_err(|e| Failure::invalid(source.problem(&e)))?;
            Ok((game.code.value, game.heaps.map(|h| h.value), source.notes()))
        }
    }
}

#[cfg(test)]
mod tests;

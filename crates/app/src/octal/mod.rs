//! Octal games: the nim-values G(0..=N), the period, the answer to a sum of heaps, in normal
//! or misère play.
//!
//! One [`Request`] says what is asked (the play, the heaps, a query, the limits of the front
//! end asking); [`answer_to`] streams the command line's text, [`report`] computes the typed
//! [`Report`] pages and Python show. Both check the request's limits in [`Request::check`]
//! and step the engine through the one loop of `session.rs`.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use tabletop_grundy::Outcome;
pub use tabletop_octal::{
    heaps_outcome, Computation, HeapMove, HistoryLayout, Leave, NimSequence, OctalCode, Options, Period,
    PeriodicValues, Progress, QueryError,
};
use tabletop_parse::ParseError;
use tabletop_render::octal::{
    write_history, write_json_head, write_json_tail, write_json_values, write_period, write_query,
    write_stats, write_tally, write_value_run,
};

#[cfg(not(target_arch = "wasm32"))]
use history::FileHistory;
use history::HistoryHealth;
use session::Session;

use crate::{Answer, Control, Failure, Problem, Source};

#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
mod heaps;
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
    let layout = request.layout();
    let file = keeps_a_file(n, &layout);
    // With a file, memory holds the first heaps and the windows; the rare heaps, if a mask
    // leaves many, are watched as the run goes.
    check_memory(
        &code,
        if file { layout.from as u64 } else { n },
        0,
        &request.heaps_label(n),
    )?;
    if file {
        check_disk(n, request.checkpoint.as_deref(), &request.heaps_label(n))?;
    }
    let started = Instant::now();
    let (mut run, health) = start(&code, n, request, file)?;
    run.set_threads(threads(request.jobs));
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
        let stats = run.sparse_stats();
        let count = run.known();
        let handed = run.handed_to_history();
        let line = tabletop_render::to_string(|out| {
            write_stats(out, count, &stats, started.elapsed())?;
            if handed > 0 {
                write_history(out, handed, run.history_reads())?;
            }
            write_tally(out, tally, method)
        });
        notes.extend(line.lines().map(str::to_owned));
    }
    Ok(Answer {
        text: String::new(),
        picture: None,
        notes,
    })
}

/// Whether a run to `G(n)` keeps the values it no longer needs in a file (not in
/// WebAssembly, which has no files: there every value is held, under the memory cap).
fn keeps_a_file(n: u64, layout: &HistoryLayout) -> bool {
    cfg!(not(target_arch = "wasm32")) && n >= layout.from as u64
}

/// Refuses up front a run whose values file would not fit on its disk: at least a byte per
/// heap (values take 1 byte while they fit, then 2 or 4), in the checkpoint's folder or the
/// temporary folder.
fn check_disk(n: u64, checkpoint: Option<&Path>, label: &str) -> Result<(), Failure> {
    let folder = match checkpoint.and_then(Path::parent) {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        Some(_) => PathBuf::from("."),
        None => std::env::temp_dir(),
    };
    let Some(free) = free_bytes(&folder) else {
        return Ok(());
    };
    let needed = n.saturating_add(1);
    if needed > free {
        let gib = |bytes: u64| bytes as f64 / (1u64 << 30) as f64;
        return Err(Failure::invalid(Problem::unlocated(
            label,
            format!(
                "computing G(0..={n}) keeps at least {:.1} GiB of values in a file in {}, which has {:.1} GiB free; ask for fewer heaps",
                gib(needed),
                folder.display(),
                gib(free)
            ),
        )));
    }
    Ok(())
}

/// The bytes free for this user on the disk of `folder` (`None` when not known).
#[cfg(unix)]
fn free_bytes(folder: &Path) -> Option<u64> {
    let stats = rustix::fs::statvfs(folder).ok()?;
    Some(stats.f_bavail.saturating_mul(stats.f_frsize))
}

#[cfg(not(unix))]
fn free_bytes(_: &Path) -> Option<u64> {
    None
}

/// The values file kept beside a checkpoint.
pub fn values_file(checkpoint: &Path) -> PathBuf {
    let mut name = checkpoint.as_os_str().to_owned();
    name.push(".values");
    PathBuf::from(name)
}

/// The computation `request` asks for, from its checkpoint if any, and the health of the
/// file it keeps values in (when `file`).
fn start(
    code: &OctalCode,
    n: u64,
    request: &Request,
    file: bool,
) -> Result<(Computation, Option<HistoryHealth>), Failure> {
    // The memory cap keeps n far below usize::MAX.
    let n = n as usize;
    let Some(path) = &request.resume else {
        let mut run = Computation::new(code, n, Options::default());
        let health = match file {
            true => Some(keep_values(&mut run, request)?),
            false => None,
        };
        return Ok((run, health));
    };
    let name = path.display().to_string();
    let bytes =
        std::fs::read(path).map_err(|e| Failure::io(name.clone(), Some("cannot read the checkpoint"), &e))?;
    let refused = |error: tabletop_octal::CheckpointError| {
        let source = Source::new(name.clone(), bytes.clone());
        Failure::invalid(source.problem(&ParseError {
            span: error.span.clone(),
            message: format!("not a checkpoint to go on from: {}", error.message),
        }))
    };
    let handed = Computation::history_length(code, &bytes).map_err(refused)?;
    if handed == 0 {
        let mut run = Computation::resume(code, n, true, &bytes).map_err(refused)?;
        run.set_largest_heap(n);
        let health = match file {
            true => Some(keep_values(&mut run, request)?),
            false => None,
        };
        return Ok((run, health));
    }
    let (history, health) = reopen_values(path, request.checkpoint.as_deref(), handed)?;
    let layout = request.layout();
    let mut run =
        Computation::resume_with_history(code, n, true, &bytes, history, layout).map_err(refused)?;
    run.set_largest_heap(n);
    Ok((run, Some(health)))
}

/// Gives `run` a file for the values it no longer needs: beside `checkpoint` when there is
/// one (so that a resume finds them), else an unnamed temporary file.
#[cfg(not(target_arch = "wasm32"))]
fn keep_values(run: &mut Computation, request: &Request) -> Result<HistoryHealth, Failure> {
    let (history, health) = match request.checkpoint.as_deref() {
        Some(path) => {
            let values = values_file(path);
            FileHistory::create(&values).map_err(|e| keep_failure(&values.display().to_string(), &e))?
        }
        None => FileHistory::temporary().map_err(|e| keep_failure("<temporary file>", &e))?,
    };
    run.set_history(Box::new(history), request.layout());
    Ok(health)
}

#[cfg(target_arch = "wasm32")]
fn keep_values(_: &mut Computation, _: &Request) -> Result<HistoryHealth, Failure> {
    Err(Failure::resource("WebAssembly has no files to keep values in"))
}

/// The values file of the checkpoint `resumed` cut to its first `handed` values; copied
/// first beside `checkpoint` when the run is saved elsewhere from now on.
#[cfg(not(target_arch = "wasm32"))]
fn reopen_values(
    resumed: &Path,
    checkpoint: Option<&Path>,
    handed: usize,
) -> Result<(Box<dyn tabletop_octal::History>, HistoryHealth), Failure> {
    let source = values_file(resumed);
    let target = checkpoint.map_or_else(|| source.clone(), values_file);
    let name = target.display().to_string();
    if target != source {
        std::fs::copy(&source, &target).map_err(|e| {
            Failure::io(
                source.display().to_string(),
                Some(&format!("cannot copy the values file to {name}")),
                &e,
            )
        })?;
    }
    let (history, health) = FileHistory::reopen(&target, handed).map_err(|e| keep_failure(&name, &e))?;
    Ok((Box::new(history), health))
}

#[cfg(target_arch = "wasm32")]
fn reopen_values(
    resumed: &Path,
    _: Option<&Path>,
    _: usize,
) -> Result<(Box<dyn tabletop_octal::History>, HistoryHealth), Failure> {
    Err(Failure::Io(crate::IoFailure {
        subject: Some(resumed.display().to_string()),
        message: "this checkpoint's values are in a file, which WebAssembly cannot read".into(),
        kind: None,
    }))
}

/// A values file that cannot be made or read.
#[cfg(not(target_arch = "wasm32"))]
fn keep_failure(name: &str, error: &std::io::Error) -> Failure {
    Failure::io(name, Some("cannot keep the values"), error)
}

/// Fails once the values file has failed (no value computed after it is trusted).
fn check_health(health: Option<&HistoryHealth>) -> Result<(), Failure> {
    match health.and_then(HistoryHealth::failure) {
        Some(failure) => Err(failure),
        None => Ok(()),
    }
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
fn threads(jobs: Option<usize>) -> usize {
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

/// Saves `bytes` to `path` so that an interrupted save loses nothing: a temporary file
/// beside it is written and synced, then renamed over it.
///
/// # Errors
/// [`Failure::Io`] when the file cannot be written or renamed.
pub fn save_checkpoint(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let failed =
        |e: std::io::Error| Failure::io(path.display().to_string(), Some("cannot save the checkpoint"), &e);
    let mut file = std::fs::File::create(&temporary).map_err(failed)?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(failed)?;
    drop(file);
    std::fs::rename(&temporary, path).map_err(failed)
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
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;

    use super::*;
    use crate::Tick;

    #[test]
    fn a_run_cancelled_by_its_progress_sink_stops_at_that_tick() {
        let code = Source::new("<code>", b"0.6".to_vec());
        // Far more heaps than three rounds compute (they grow from 64 by doubling at most).
        let request = Request {
            heaps: Some(1_000_000),
            jobs: Some(1),
            ..Request::default()
        };
        let ticks = Arc::new(AtomicU64::new(0));
        let control = Control::new();
        let (count, stop) = (Arc::clone(&ticks), control.clone());
        let control = control.with_progress(move |tick: Tick| {
            assert_eq!((tick.stage, tick.total), (TICK_STAGE, Some(1_000_001)));
            if count.fetch_add(1, Ordering::Relaxed) + 1 == 3 {
                stop.cancel();
            }
        });
        let mut out = Vec::new();
        let result = answer_to(Game::Code(&code), &request, &mut out, &control, None);
        let Err(failure @ Failure::Stopped(_)) = result else {
            panic!("not stopped: {result:?}");
        };
        let message = failure.report();
        assert!(message.starts_with("error: stopped after G(0.."), "{message}");
        assert!(message.ends_with(" of 1000001\n"), "{message}");
        assert_eq!(ticks.load(Ordering::Relaxed), 3);
        assert_eq!(failure.exit_code(), 1);
    }

    #[test]
    fn typed_values_stop_at_the_tick_their_control_is_cancelled() {
        let officers = OctalCode::new(&[0, 6]).expect("a code");
        let ticks = Arc::new(AtomicU64::new(0));
        let control = Control::new();
        let (seen, stop) = (Arc::clone(&ticks), control.clone());
        let control = control.with_progress(move |_: Tick| {
            if seen.fetch_add(1, Ordering::Relaxed) + 1 == 2 {
                stop.cancel();
            }
        });
        let stopped = values_until(&officers, 1_000_000, Some(1), &control);
        let Err(failure @ Failure::Stopped(_)) = stopped else {
            panic!("not stopped: {stopped:?}");
        };
        let message = failure.report();
        assert_eq!(ticks.load(Ordering::Relaxed), 2);
        assert!(message.contains("of 1000001"), "{message}");
        // Left alone, the same values as the engine's own, on one thread or two.
        for jobs in [Some(1), Some(2)] {
            let values = values_until(&officers, 20_000, jobs, &Control::new()).expect("values");
            assert_eq!(values.values(), NimSequence::compute(&officers, 20_000).values());
        }
    }

    #[test]
    fn a_run_that_is_never_cancelled_ticks_to_the_end() {
        let code = Source::new("<code>", b"0.77".to_vec());
        let request = Request {
            heaps: Some(500),
            ..Request::default()
        };
        let last = Arc::new(AtomicU64::new(0));
        let seen = Arc::clone(&last);
        let control =
            Control::new().with_progress(move |tick: Tick| seen.store(tick.done, Ordering::Relaxed));
        let mut out = Vec::new();
        answer_to(Game::Code(&code), &request, &mut out, &control, None).expect("not stopped");
        assert_eq!(last.load(Ordering::Relaxed), 501);
        let plain = text_of("0.77", &request, &Control::new()).expect("answered");
        assert_eq!(String::from_utf8_lossy(&out), plain);
    }

    #[test]
    fn a_run_that_saves_checkpoints_holds_fewer_values_in_memory() {
        let plain = Request::default().layout();
        let saved = Request {
            checkpoint: Some(PathBuf::from("run.ckpt")),
            ..Request::default()
        };
        let resumed = Request {
            resume: Some(PathBuf::from("run.ckpt")),
            ..Request::default()
        };
        assert!(saved.layout().from < plain.from);
        assert_eq!(resumed.layout(), saved.layout());
        let chosen = Request {
            checkpoint: Some(PathBuf::from("run.ckpt")),
            layout: Some(tiny()),
            ..Request::default()
        };
        assert_eq!(chosen.layout(), tiny());
    }

    /// Windows so small that a run of a few thousand heaps keeps most values in its file.
    fn tiny() -> HistoryLayout {
        HistoryLayout {
            from: 2000,
            tail: 64,
            front: 16,
            middle: 16,
            widest: 256,
        }
    }

    fn text_of(code: &str, request: &Request, control: &Control) -> Result<String, Failure> {
        let code = Source::new("<code>", code.as_bytes().to_vec());
        let mut out = Vec::new();
        answer_to(Game::Code(&code), request, &mut out, control, None)?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    #[test]
    fn a_run_that_keeps_its_values_in_a_file_answers_alike() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        for (code, heaps) in [("0.6", 12_000), ("0.167", 9_000), ("0.77", 5_000)] {
            let plain = Request {
                heaps: Some(heaps),
                period: true,
                jobs: Some(1),
                ..Request::default()
            };
            let expected = text_of(code, &plain, &Control::new()).expect("answered");
            for jobs in [1, 2] {
                let checkpoint = folder.path().join(format!("{code}-{jobs}.ckpt"));
                for saved in [None, Some(checkpoint.clone())] {
                    let request = Request {
                        jobs: Some(jobs),
                        layout: Some(tiny()),
                        checkpoint: saved.clone(),
                        stats: true,
                        ..plain.clone()
                    };
                    let got = text_of(code, &request, &Control::new()).expect("answered");
                    assert_eq!(got, expected, "{code} on {jobs}, checkpoint {saved:?}");
                }
                // Its values file is there; 0.167's rare heaps are few and early, so most of
                // its values went to the file (Officers' tail reaches back to its last rare
                // heap, and Kayles is periodic long before).
                let values = std::fs::metadata(values_file(&checkpoint)).expect("a values file");
                if code == "0.167" {
                    assert!(values.len() > 4000, "{code}: {} bytes", values.len());
                }
            }
        }
    }

    #[test]
    fn a_run_stopped_with_its_values_in_a_file_resumes_from_its_checkpoint() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let checkpoint = folder.path().join("run.ckpt");
        let heaps = 30_000;
        let plain = Request {
            heaps: Some(heaps),
            period: true,
            jobs: Some(1),
            ..Request::default()
        };
        let expected = text_of("0.167", &plain, &Control::new()).expect("answered");
        // Stopped after a few rounds: far past the heaps held before the file.
        let control = Control::new();
        let (count, stop) = (Arc::new(AtomicU64::new(0)), control.clone());
        let control = control.with_progress(move |tick: Tick| {
            if tick.done > 8000 && count.fetch_add(1, Ordering::Relaxed) == 0 {
                stop.cancel();
            }
        });
        let first = Request {
            layout: Some(tiny()),
            checkpoint: Some(checkpoint.clone()),
            ..plain.clone()
        };
        let stopped = text_of("0.167", &first, &control);
        assert!(matches!(stopped, Err(Failure::Stopped(_))), "{stopped:?}");
        let saved = std::fs::read(&checkpoint).expect("a checkpoint");
        let handed = Computation::history_length(&OctalCode::new(&[0, 1, 6, 7]).unwrap(), &saved).unwrap();
        assert!(handed > 2000, "{handed} values in the file");
        assert!(saved.len() < 5000, "a checkpoint of {} bytes", saved.len());
        // The values file grows past the checkpoint's length as a run goes on: resumes cut it.
        let resume = Request {
            resume: Some(checkpoint.clone()),
            ..first.clone()
        };
        let other = folder.path().join("other.ckpt");
        for request in [
            Request {
                checkpoint: Some(other.clone()),
                ..resume.clone()
            },
            resume.clone(),
            Request {
                jobs: Some(2),
                checkpoint: None,
                ..resume.clone()
            },
        ] {
            let got = text_of("0.167", &request, &Control::new()).expect("resumed");
            assert_eq!(got, expected, "{request:?}");
        }
        assert!(values_file(&other).exists());
        // A values file cut short is refused, naming it.
        let values = values_file(&checkpoint);
        let file = std::fs::OpenOptions::new().write(true).open(&values).unwrap();
        file.set_len(100).unwrap();
        let refused = text_of("0.167", &resume, &Control::new()).unwrap_err();
        assert!(
            refused.report().contains("run.ckpt.values"),
            "{}",
            refused.report()
        );
        assert_eq!(refused.exit_code(), 1);
        // A checkpoint whose values are in a file is refused by the typed resume alone.
        assert!(Computation::resume(
            &OctalCode::new(&[0, 1, 6, 7]).unwrap(),
            heaps as usize,
            true,
            &saved
        )
        .is_err());
    }

    #[test]
    fn a_run_whose_values_file_cannot_fit_on_its_disk_is_refused_up_front() {
        let refused = check_disk(u64::MAX - 1, None, "--heaps 1").unwrap_err();
        let report = refused.report();
        assert!(report.contains("keeps at least"), "{report}");
        assert!(report.contains("GiB free"), "{report}");
        assert_eq!(refused.exit_code(), 2);
        assert!(check_disk(1000, None, "--heaps 1000").is_ok());
    }
}

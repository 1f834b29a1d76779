//! Octal games: the nim-values G(0..=N), the period, the answer to a sum of heaps.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use tabletop_grundy::Outcome;
pub use tabletop_octal::{
    heaps_outcome, Computation, HeapMove, Leave, NimSequence, OctalCode, Options, Period, Progress,
    QueryError,
};
use tabletop_parse::ParseError;
use tabletop_render::octal::{
    write_json_head, write_json_tail, write_json_values, write_period, write_query, write_stats, write_tally,
    write_value_run, Query,
};

use crate::{Answer, Control, Failure, Problem, Source, Tick};

/// Heaps computed when neither the request nor the game text says.
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

/// An octal request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Request {
    /// The largest heap N (default: the game text's number, else [`DEFAULT_HEAPS`]).
    pub heaps: Option<u64>,
    /// Also find the period.
    pub period: bool,
    /// JSON instead of plain lines.
    pub json: bool,
    /// The heap sizes of a sum (text such as `3 5 7`): its outcome and a winning move.
    pub query: Option<Source>,
    /// A note with the time, the values per second and the sparse-space counts, and the
    /// published tables' numbers (also in the JSON object).
    pub stats: bool,
    /// Save the state to this file now and then and when stopped (written to a temporary
    /// file beside it, then renamed over it).
    pub checkpoint: Option<PathBuf>,
    /// How often the checkpoint is saved (default: [`CHECKPOINT_EVERY`]).
    pub checkpoint_every: Option<Duration>,
    /// Go on from this checkpoint (of the same game) instead of starting from heap 1.
    pub resume: Option<PathBuf>,
    /// Threads computing the values: `None` for one per core, at most 2 (the sparse steps
    /// take two heaps at a time); `Some(1)` for this thread only. The output is the same
    /// whatever the number, but for the `--stats` count of splits looked at.
    pub jobs: Option<usize>,
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

/// Computes what `request` asks of `game`, the whole output in [`Answer::text`].
///
/// # Errors
/// [`Failure::Invalid`] for a bad code, game text, query or checkpoint, or when the values
/// would need more than [`MEMORY_CAP`] (refused up front, with the estimate).
pub fn answer(game: Game<'_>, request: &Request) -> Result<Answer, Failure> {
    let mut text = Vec::new();
    let mut answer = answer_to(game, request, &mut text, &Control::new(), None)?;
    // The writers write UTF-8 text only.
    answer.text = String::from_utf8_lossy(&text).into_owned();
    Ok(answer)
}

/// Computes what `request` asks of `game`, writing the output to `out` as the values are
/// computed (nothing is written before the game, the query and any checkpoint to resume
/// from are read and checked). The answer's text is empty; its notes are the `--stats`.
///
/// `control` is ticked after every round of heaps (stage [`TICK_STAGE`], the values known of
/// those asked for); `progress`, if any, is called then too with the octal figures (rare
/// heaps, largest value, period) and the time since the start.
///
/// # Errors
/// As [`answer`]; [`Failure::Io`] when writing fails or a checkpoint cannot be saved;
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
    let asked = request.heaps.or(file_heaps).unwrap_or(DEFAULT_HEAPS);
    // A query's heaps are always computed.
    let n = asked.max(query.iter().flatten().copied().max().unwrap_or(0));
    check_memory(&code, n, 0)?;
    let started = Instant::now();
    // The cap keeps n far below usize::MAX.
    let mut run = match &request.resume {
        Some(path) => resume(&code, n as usize, path)?,
        None => Computation::new(&code, n as usize, Options::default()),
    };
    run.set_threads(threads(request.jobs));
    let mut output = Output::new(out);
    if request.json {
        output.put(|text| write_json_head(text, &code, n as usize))?;
    }
    // A query takes the place of the values line, not of the JSON values.
    let streamed = query.is_none() || request.json;
    drive(
        &mut run,
        request,
        &mut output,
        streamed,
        control,
        progress,
        started,
    )?;
    let period = request.period.then(|| run.period());
    let query = match (&query, &request.query) {
        (Some(heaps), Some(source)) => {
            let largest = heaps.iter().copied().max().unwrap_or(0) as usize;
            let mut values = Vec::with_capacity(largest + 1);
            run.copy_values(0, largest + 1, &mut values);
            Some(
                Query::new(&code, &values, heaps)
                    .map_err(|e| Failure::invalid(source.whole(e.to_string())))?,
            )
        }
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
    output.flush()?;
    if let Some((tally, method)) = &tally {
        let stats = run.sparse_stats();
        let count = run.known();
        let line = tabletop_render::to_string(|out| {
            write_stats(out, count, &stats, started.elapsed())?;
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

/// Computes every value, writing them as they come (when `streamed`), reporting progress,
/// saving checkpoints, stopping when told to.
fn drive(
    run: &mut Computation,
    request: &Request,
    output: &mut Output<'_>,
    streamed: bool,
    control: &Control,
    mut progress: Option<&mut ProgressReport<'_>>,
    started: Instant,
) -> Result<(), Failure> {
    let every = request.checkpoint_every.unwrap_or(CHECKPOINT_EVERY);
    let mut last_save = Instant::now();
    let mut written = 0usize;
    let mut chunk = Vec::new();
    // Heaps per round: grown or shrunk so that a round takes about 50 ms.
    let mut round = 64usize;
    loop {
        let before = Instant::now();
        run.advance(round);
        let took = before.elapsed();
        if took < Duration::from_millis(25) {
            round = round.saturating_mul(2);
        } else if took > Duration::from_millis(100) {
            round = (round / 2).max(1);
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
        let tick = Tick::new(
            TICK_STAGE,
            run.known() as u64,
            Some(run.largest_heap() as u64 + 1),
        );
        let stopped = control.tick(tick).is_err();
        if run.is_done() {
            return Ok(());
        }
        if let Some(path) = &request.checkpoint {
            if stopped || last_save.elapsed() >= every {
                save_checkpoint(path, &run.checkpoint())?;
                last_save = Instant::now();
            }
        }
        if stopped {
            output.flush()?;
            let saved = match &request.checkpoint {
                Some(path) => format!(
                    "; the state is saved in {0}: go on with --resume {0}",
                    path.display()
                ),
                None => String::new(),
            };
            return Err(Failure::Stopped(format!(
                "error: stopped after G(0..{}) of {}{saved}\n",
                run.computed(),
                run.largest_heap() + 1
            )));
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
    Failure::Io(format!("error: <stdout>: {error}\n"))
}

/// The computation saved in `path`, checked against `code`, going on towards `G(0..=n)`.
fn resume(code: &OctalCode, n: usize, path: &Path) -> Result<Computation, Failure> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path)
        .map_err(|e| Failure::Io(format!("error: {name}: cannot read the checkpoint: {e}\n")))?;
    match Computation::resume(code, n, true, &bytes) {
        Ok(mut run) => {
            run.set_largest_heap(n);
            Ok(run)
        }
        Err(error) => {
            let source = Source::new(name, bytes);
            let problem = source.problem(&ParseError {
                span: error.span.clone(),
                message: format!("not a checkpoint to go on from: {}", error.message),
            });
            Err(Failure::invalid(problem))
        }
    }
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
    let failed = |e: std::io::Error| {
        Failure::Io(format!(
            "error: {}: cannot save the checkpoint: {e}\n",
            path.display()
        ))
    };
    let mut file = std::fs::File::create(&temporary).map_err(failed)?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(failed)?;
    drop(file);
    std::fs::rename(&temporary, path).map_err(failed)
}

/// Refuses up front a computation of G(0..=n) that would need more than [`MEMORY_CAP`]
/// (with `per_value` bytes of output per value on top of the working space).
pub(crate) fn check_memory(code: &OctalCode, n: u64, per_value: u64) -> Result<(), Failure> {
    let needed = code
        .memory_estimate(n)
        .and_then(|bytes| bytes.checked_add(n.saturating_add(1).saturating_mul(per_value)))
        .unwrap_or(u64::MAX);
    if needed > MEMORY_CAP {
        return Err(Failure::invalid(Problem::unlocated(
            &format!("--heaps {n}"),
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

/// The nim-values G(0..=`heaps`) of `code`, typed (no text), refused up front like
/// [`answer`] when they would need more than [`MEMORY_CAP`].
///
/// # Errors
/// [`Failure::Invalid`] when the values would need more than [`MEMORY_CAP`].
pub fn values(code: &OctalCode, heaps: u64) -> Result<NimSequence, Failure> {
    values_until(code, heaps, None, &Control::new())
}

/// Heaps [`values_until`] computes between two ticks of its control.
const VALUES_ROUND: usize = 4096;

/// [`values`] on `jobs` threads (`None`: as the command line, one per core, at most 2),
/// ticking `control` between rounds of a few thousand heaps (stage [`TICK_STAGE`]) and
/// stopping there once it says so.
///
/// # Errors
/// As [`values`]; [`Failure::Stopped`] once `control` is cancelled or past its deadline.
pub fn values_until(
    code: &OctalCode,
    heaps: u64,
    jobs: Option<usize>,
    control: &Control,
) -> Result<NimSequence, Failure> {
    check_memory(code, heaps, 0)?;
    // The cap keeps heaps far below usize::MAX.
    let mut run = Computation::new(code, heaps as usize, Options::default());
    run.set_threads(threads(jobs));
    while !run.is_done() {
        let tick = Tick::new(TICK_STAGE, run.known() as u64, Some(heaps.saturating_add(1)));
        control.tick(tick).map_err(|stopped| {
            Failure::Stopped(format!(
                "error: {stopped} after G(0..{}) of {}\n",
                run.computed(),
                heaps.saturating_add(1)
            ))
        })?;
        run.advance(VALUES_ROUND);
    }
    Ok(run.into_sequence())
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
        let Err(Failure::Stopped(message)) = result else {
            panic!("not stopped: {result:?}");
        };
        assert!(message.starts_with("error: stopped after G(0.."), "{message}");
        assert!(message.ends_with(" of 1000001\n"), "{message}");
        assert_eq!(ticks.load(Ordering::Relaxed), 3);
        assert_eq!(Failure::Stopped(message).exit_code(), 1);
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
        let Err(Failure::Stopped(message)) = stopped else {
            panic!("not stopped: {stopped:?}");
        };
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
        let plain = answer(Game::Code(&code), &request).expect("answered");
        assert_eq!(String::from_utf8_lossy(&out), plain.text);
    }
}

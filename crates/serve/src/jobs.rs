//! Odds as jobs: a board that takes long is started, polled for its progress and
//! cancelled (`POST /api/odds/start`, `/api/odds/job`, `/api/odds/cancel`; `docs/api.md`).
//!
//! Each job runs on a thread of its own with a cancel flag that the engine checks every
//! turn of its table (and every prime of the exact sweeps); the flag is set by
//! `/api/odds/cancel` or when the job passes [`JOB_TIME_LIMIT`]. At most [`MAX_RUNNING`]
//! jobs run at once (beyond, `429`); a finished job is kept for [`KEPT_FOR`] to be read,
//! and at most [`MAX_KEPT`] of them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{json, Value};
use tabletop_app::odds::Tick;
use tabletop_app::Control;

use crate::api::{object, odds_work, OddsBody, Worked};
use crate::Reply;

/// The most jobs running at once.
pub const MAX_RUNNING: usize = 4;
/// The longest a job may run; then it is stopped and reads `timeout`.
pub const JOB_TIME_LIMIT: Duration = Duration::from_secs(120);
/// How long a finished job's answer is kept.
pub const KEPT_FOR: Duration = Duration::from_secs(300);
/// The most finished jobs kept (the oldest go first).
pub const MAX_KEPT: usize = 64;
/// How long `start` waits for a job to finish, so that a quick board is answered at once.
const WAIT: Duration = Duration::from_millis(150);

/// How a job stands.
#[derive(Debug, Default)]
struct State {
    stage: &'static str,
    message: String,
    fraction: f64,
    /// The reply of `/api/odds` for this board, once answered.
    answer: Option<Reply>,
    cancelled: bool,
    timed_out: bool,
    /// When the work stopped (answered, cancelled or timed out).
    finished: Option<Instant>,
}

struct Job {
    started: Instant,
    control: Control,
    state: Mutex<State>,
}

impl Job {
    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves a state still worth reading.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[derive(Default)]
struct Table {
    next: u64,
    jobs: HashMap<u64, Arc<Job>>,
}

fn table() -> MutexGuard<'static, Table> {
    static TABLE: OnceLock<Mutex<Table>> = OnceLock::new();
    TABLE
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Drops finished jobs older than [`KEPT_FOR`], and the oldest beyond [`MAX_KEPT`].
fn prune(table: &mut Table) {
    let mut finished: Vec<(Instant, u64)> = table
        .jobs
        .iter()
        .filter_map(|(&id, job)| job.state().finished.map(|at| (at, id)))
        .collect();
    finished.sort();
    let excess = finished.len().saturating_sub(MAX_KEPT);
    for (k, (at, id)) in finished.into_iter().enumerate() {
        if k < excess || at.elapsed() > KEPT_FOR {
            table.jobs.remove(&id);
        }
    }
}

/// Starts the odds of a board as a job: `{"job", "state", ...}` as [`status`] gives it
/// (a quick board is already `done`), or 429 when [`MAX_RUNNING`] jobs are running.
pub(crate) fn start(body: OddsBody) -> Reply {
    let (id, job) = {
        let mut table = table();
        prune(&mut table);
        let running = table
            .jobs
            .values()
            .filter(|job| job.state().finished.is_none())
            .count();
        if running >= MAX_RUNNING {
            return Reply::error(
                429,
                "too-many-jobs",
                format!("{running} boards are being computed already (at most {MAX_RUNNING} at once): cancel one or try again shortly"),
            );
        }
        table.next += 1;
        let id = table.next;
        let job = Arc::new(Job {
            started: Instant::now(),
            control: Control::new(),
            state: Mutex::new(State::default()),
        });
        table.jobs.insert(id, Arc::clone(&job));
        (id, job)
    };
    let worker = Arc::clone(&job);
    let spawned = thread::Builder::new()
        .name(format!("odds-job-{id}"))
        .spawn(move || run(&worker, body));
    if spawned.is_err() {
        table().jobs.remove(&id);
        return Reply::error(503, "busy", "the server cannot start another computation now");
    }
    while job.started.elapsed() < WAIT && job.state().finished.is_none() {
        thread::sleep(Duration::from_millis(5));
    }
    view(id, &job)
}

/// The job's work: the odds, with its ticks recorded and its time limit kept.
fn run(job: &Job, body: OddsBody) {
    let mut ticks = |tick: &Tick<'_>| {
        let mut state = job.state();
        state.stage = tick.stage;
        state.message = tick.message.to_owned();
        state.fraction = tick.fraction;
        if job.started.elapsed() > JOB_TIME_LIMIT {
            state.timed_out = true;
            job.control.cancel();
        }
    };
    let worked = odds_work(body, &mut ticks, &job.control);
    let mut state = job.state();
    match worked {
        Worked::Answered(reply) => state.answer = Some(reply),
        Worked::Cancelled => state.cancelled = !state.timed_out,
    }
    state.finished = Some(Instant::now());
}

/// A job's number, as the API spells it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct JobBody {
    job: String,
}

fn find(body: &JobBody) -> Result<(u64, Arc<Job>), Reply> {
    let unknown = || {
        Reply::error(
            404,
            "no-job",
            format!(
                "there is no job {:?} (finished jobs are kept for {} s)",
                body.job,
                KEPT_FOR.as_secs()
            ),
        )
    };
    let id: u64 = body.job.parse().map_err(|_| unknown())?;
    let job = table().jobs.get(&id).cloned().ok_or_else(unknown)?;
    Ok((id, job))
}

/// How job `job` stands: `running` with its progress, `done` with the answer of
/// `/api/odds` (`status` 200) or `failed` with its error (`status` 422, ...), `cancelled`
/// or `timeout`; `finished` says whether the work has stopped.
pub(crate) fn status(body: JobBody) -> Reply {
    match find(&body) {
        Ok((id, job)) => view(id, &job),
        Err(reply) => reply,
    }
}

/// Cancels job `job` (its work stops at the engine's next check); a finished job is left
/// as it is.
pub(crate) fn cancel(body: JobBody) -> Reply {
    match find(&body) {
        Ok((id, job)) => {
            {
                let mut state = job.state();
                if state.finished.is_none() {
                    state.cancelled = true;
                    job.control.cancel();
                }
            }
            view(id, &job)
        }
        Err(reply) => reply,
    }
}

fn view(id: u64, job: &Job) -> Reply {
    let state = job.state();
    let seconds = match state.finished {
        Some(at) => at.duration_since(job.started),
        None => job.started.elapsed(),
    };
    let mut fields = vec![
        ("job", json!(id.to_string()).to_string()),
        ("finished", json!(state.finished.is_some()).to_string()),
        (
            "seconds",
            json!((seconds.as_secs_f64() * 1000.0).round() / 1000.0).to_string(),
        ),
    ];
    let progress = json!({ "stage": state.stage, "message": state.message, "fraction": state.fraction });
    let state_name = match (&state.answer, state.cancelled, state.timed_out) {
        (Some(reply), _, _) => {
            let name = if reply.status == 200 { "done" } else { "failed" };
            let field = if reply.status == 200 { "result" } else { "error" };
            fields.push(("status", reply.status.to_string()));
            let text = String::from_utf8_lossy(&reply.body).into_owned();
            // A failure's body is `{"error": {...}}`: its inside is the job's error.
            let inner = match reply.status {
                200 => text,
                _ => serde_json::from_str::<Value>(&text)
                    .ok()
                    .and_then(|v| v.get("error").cloned())
                    .map_or(text, |v| v.to_string()),
            };
            fields.push((field, inner));
            name
        }
        (None, true, _) => "cancelled",
        (None, _, true) => {
            let message = format!(
                "the board took more than the job time limit of {} s and was stopped",
                JOB_TIME_LIMIT.as_secs()
            );
            fields.push((
                "error",
                json!({ "kind": "timeout", "message": message }).to_string(),
            ));
            "timeout"
        }
        (None, false, false) => "running",
    };
    fields.insert(1, ("state", json!(state_name).to_string()));
    fields.push(("progress", progress.to_string()));
    object(&fields)
}

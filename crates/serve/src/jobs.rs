//! Odds as jobs: a board that takes long is started, polled for its progress and
//! cancelled (`POST /api/odds/start`, `/api/odds/job`, `/api/odds/cancel`; `docs/api.md`).
//!
//! Each job runs on a thread of its own under a [`Deadline`] of [`JOB_TIME_LIMIT`] that
//! `/api/odds/cancel` also stops; the engine looks at it every turn of its table. At most
//! [`MAX_RUNNING`] jobs run at once (beyond, `429`). A finished job keeps its typed outcome
//! for [`KEPT_FOR`], and the finished jobs' answers together stay within [`KEPT_BYTES`]
//! (the oldest go first). Job ids are 128 random bits, so no page can guess another's job.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::json;
use tabletop_app::odds::Tick;

use crate::deadline::{Deadline, Halt};
use crate::endpoints::odds::{work, OddsBody, Outcome};
use crate::reply::{object, ApiError, Reply};

/// The most jobs running at once.
pub const MAX_RUNNING: usize = 4;
/// The longest a job may run; then it is stopped and reads `timeout`.
pub const JOB_TIME_LIMIT: Duration = Duration::from_secs(120);
/// How long a finished job's answer is kept.
pub const KEPT_FOR: Duration = Duration::from_secs(300);
/// The most bytes of answers the finished jobs keep together.
pub const KEPT_BYTES: usize = 64 << 20;
/// The most finished jobs kept, whatever their size.
pub const MAX_KEPT: usize = 64;
/// How long `start` waits for a job to finish, so that a quick board is answered at once.
const WAIT: Duration = Duration::from_millis(150);

/// How a job stands.
#[derive(Debug, Default)]
struct State {
    stage: &'static str,
    message: String,
    fraction: f64,
    /// How the work ended, once it has.
    outcome: Option<Outcome>,
    /// When the work stopped.
    finished: Option<Instant>,
}

struct Job {
    started: Instant,
    deadline: Deadline,
    state: Mutex<State>,
    /// Told when the work stops.
    ended: Condvar,
}

impl Job {
    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves a state still worth reading.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The bytes its answer keeps.
    fn kept_bytes(&self) -> usize {
        match &self.state().outcome {
            Some(Outcome::Answered(text)) => text.len(),
            _ => 0,
        }
    }
}

type Table = HashMap<String, Arc<Job>>;

fn table() -> MutexGuard<'static, Table> {
    static TABLE: OnceLock<Mutex<Table>> = OnceLock::new();
    TABLE
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Drops finished jobs older than [`KEPT_FOR`], then the oldest while more than
/// [`MAX_KEPT`] or [`KEPT_BYTES`] are kept.
fn prune(table: &mut Table) {
    prune_within(table, MAX_KEPT, KEPT_BYTES);
}

/// [`prune`] with the budget given: at most `max_kept` finished jobs, `kept_bytes` of
/// answers together.
fn prune_within(table: &mut Table, max_kept: usize, kept_bytes: usize) {
    let mut finished: Vec<(Instant, String, usize)> = table
        .iter()
        .filter_map(|(id, job)| {
            let at = job.state().finished?;
            Some((at, id.clone(), job.kept_bytes()))
        })
        .collect();
    // Newest first: the budget is spent on the jobs most likely still to be read.
    finished.sort_by_key(|&(at, _, _)| std::cmp::Reverse(at));
    let mut bytes = 0usize;
    for (k, (at, id, size)) in finished.into_iter().enumerate() {
        bytes = bytes.saturating_add(size);
        if k >= max_kept || bytes > kept_bytes || at.elapsed() > KEPT_FOR {
            table.remove(&id);
        }
    }
}

/// A new job id: 128 random bits in hexadecimal.
fn new_id() -> Result<String, ApiError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::new(503, "busy", format!("no random job id can be made now: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Starts the odds of a board as a job: `{"job", "state", ...}` as [`status`] gives it
/// (a quick board is already `done`), or 429 when [`MAX_RUNNING`] jobs are running.
///
/// # Errors
/// 400 for a body beyond the limits, 429 when too many run, 503 when no thread can start.
pub fn start(body: OddsBody) -> Result<Reply, ApiError> {
    body.request()?;
    let id = new_id()?;
    let job = {
        let mut table = table();
        prune(&mut table);
        let running = table
            .values()
            .filter(|job| job.state().finished.is_none())
            .count();
        if running >= MAX_RUNNING {
            return Err(ApiError::new(
                429,
                "too-many-jobs",
                format!("{running} boards are being computed already (at most {MAX_RUNNING} at once): cancel one or try again shortly"),
            ));
        }
        let job = Arc::new(Job {
            started: Instant::now(),
            deadline: Deadline::new(JOB_TIME_LIMIT),
            state: Mutex::new(State::default()),
            ended: Condvar::new(),
        });
        table.insert(id.clone(), Arc::clone(&job));
        job
    };
    let worker = Arc::clone(&job);
    let spawned = thread::Builder::new()
        .name("odds-job".to_owned())
        .spawn(move || run(&worker, body));
    if spawned.is_err() {
        table().remove(&id);
        return Err(ApiError::new(
            503,
            "busy",
            "the server cannot start another computation now",
        ));
    }
    {
        let state = job.state();
        // A spurious wake-up or the time passing both just answer with the state as it is.
        let _ = job
            .ended
            .wait_timeout_while(state, WAIT, |state| state.finished.is_none());
    }
    Ok(view(&id, &job))
}

/// The job's work: the odds, with its ticks recorded.
fn run(job: &Job, body: OddsBody) {
    let mut ticks = |tick: &Tick<'_>| {
        let mut state = job.state();
        state.stage = tick.stage;
        state.message = tick.message.to_owned();
        state.fraction = tick.fraction;
    };
    let outcome = work(body, &job.deadline, &mut ticks);
    let mut state = job.state();
    state.outcome = Some(outcome);
    state.finished = Some(Instant::now());
    job.ended.notify_all();
}

/// A job's id, as the API spells it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobBody {
    job: String,
}

fn find(body: &JobBody) -> Result<Arc<Job>, ApiError> {
    table().get(&body.job).cloned().ok_or_else(|| {
        ApiError::new(
            404,
            "no-job",
            format!(
                "there is no job {:?} (finished jobs are kept for {} s)",
                body.job,
                KEPT_FOR.as_secs()
            ),
        )
    })
}

/// How job `job` stands: `running` with its progress, `done` with the answer of
/// `/api/odds` (`status` 200) or `failed` with its error (`status` 422, ...), `cancelled`
/// or `timeout`; `finished` says whether the work has stopped.
///
/// # Errors
/// 404 for an unknown job.
pub fn status(body: JobBody) -> Result<Reply, ApiError> {
    let job = find(&body)?;
    Ok(view(&body.job, &job))
}

/// Cancels job `job`: its work stops at the engine's next check, and the job reads
/// `cancelled` once it has; a finished job is left as it is.
///
/// # Errors
/// 404 for an unknown job.
pub fn cancel(body: JobBody) -> Result<Reply, ApiError> {
    let job = find(&body)?;
    if job.state().finished.is_none() {
        job.deadline.cancel();
    }
    Ok(view(&body.job, &job))
}

fn view(id: &str, job: &Job) -> Reply {
    let state = job.state();
    let seconds = match state.finished {
        Some(at) => at.duration_since(job.started),
        None => job.started.elapsed(),
    };
    let mut fields = vec![
        ("job", json!(id).to_string()),
        ("finished", json!(state.finished.is_some()).to_string()),
        (
            "seconds",
            json!((seconds.as_secs_f64() * 1000.0).round() / 1000.0).to_string(),
        ),
    ];
    let progress = json!({ "stage": state.stage, "message": state.message, "fraction": state.fraction });
    let state_name = match &state.outcome {
        Some(Outcome::Answered(text)) => {
            fields.push(("status", "200".to_owned()));
            fields.push(("result", text.clone()));
            "done"
        }
        Some(Outcome::Failed(error)) => {
            fields.push(("status", error.status.to_string()));
            fields.push(("error", error.detail.to_string()));
            "failed"
        }
        Some(Outcome::Halted(Halt::Cancelled)) => "cancelled",
        Some(Outcome::Halted(Halt::TimedOut)) => {
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
        // Asked to stop, not yet stopped: the page may show it as cancelled already.
        None if job.deadline.is_stopped() && job.deadline.halt() == Halt::Cancelled => "cancelled",
        None => "running",
    };
    fields.insert(1, ("state", json!(state_name).to_string()));
    fields.push(("progress", progress.to_string()));
    Reply::json_text(200, object(&fields))
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Condvar, Mutex};
    use std::time::{Duration, Instant};

    use super::{prune_within, Deadline, Job, Outcome, State, Table};

    fn finished(answer_bytes: usize, ago: Duration) -> Arc<Job> {
        let now = Instant::now();
        let at = now.checked_sub(ago).unwrap_or(now);
        Arc::new(Job {
            started: at,
            deadline: Deadline::new(Duration::from_secs(1)),
            state: Mutex::new(State {
                outcome: Some(Outcome::Answered("x".repeat(answer_bytes))),
                finished: Some(at),
                ..State::default()
            }),
            ended: Condvar::new(),
        })
    }

    #[test]
    fn finished_jobs_are_kept_within_the_byte_budget_newest_first() {
        let mut table = Table::new();
        table.insert("old".into(), finished(600, Duration::from_secs(3)));
        table.insert("middle".into(), finished(600, Duration::from_secs(2)));
        table.insert("new".into(), finished(600, Duration::from_secs(1)));
        prune_within(&mut table, 10, 1000);
        assert_eq!(table.keys().collect::<Vec<_>>(), ["new"]);
    }

    #[test]
    fn finished_jobs_are_kept_within_the_count() {
        let mut table = Table::new();
        for k in 0..5u64 {
            table.insert(format!("job{k}"), finished(1, Duration::from_secs(10 - k)));
        }
        prune_within(&mut table, 2, 1000);
        let mut kept: Vec<_> = table.keys().cloned().collect();
        kept.sort();
        assert_eq!(kept, ["job3", "job4"]);
    }
}

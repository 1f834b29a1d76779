//! The one probe driver of both shrinkers ([`crate::shrink`] over typed game inputs,
//! [`crate::reduce`] over the text of any problem): each gives its candidates through
//! `Candidates`; the driver probes them `jobs` at a time, keeps the first (in order) that
//! fails the same way, remembers what did not, counts, and stops at the deadline.
//!
//! - **Deterministic**: the first candidate in order that fails the same way wins, whatever
//!   finished first; a duplicate within a batch is probed once.
//! - **Never twice**: a candidate probed without success is remembered by a 128-bit
//!   fingerprint and never probed again.
//! - **Panics are tabletop's bugs**: a probe that panics is an [`InternalError`] with the
//!   candidate, never taken for a candidate that merely does not fail.
//! - **Bounded**: at most `jobs` candidates exist at a time; a deadline stops it between
//!   batches, keeping the smallest input found so far.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{Duration, Instant};

/// What the probe says about a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Probe {
    /// Not a valid input (the parser or the engine, the validator or the reference rejects
    /// it).
    Invalid,
    /// Valid, but it does not fail the same way (it passes, or fails differently).
    Other,
    /// Valid and fails the same way: the shrinker keeps it.
    Same,
}

/// What shrinking did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Candidates probed (each valid one ran the command once).
    pub probes: usize,
    /// Probed candidates that were invalid.
    pub invalid: usize,
    /// Candidates kept.
    pub kept: usize,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// How far shrinking may go.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Candidates probed at once.
    pub jobs: usize,
    /// Stop between batches after this moment (`None`: when nothing more can be shrunk).
    pub deadline: Option<Instant>,
}

impl Limits {
    /// `jobs` at a time, no deadline.
    pub fn new(jobs: usize) -> Limits {
        Limits {
            jobs: jobs.max(1),
            deadline: None,
        }
    }

    /// These limits, stopping `after` from now.
    pub fn stop_after(self, after: Duration) -> Limits {
        Limits {
            deadline: Instant::now().checked_add(after),
            ..self
        }
    }
}

/// The result of shrinking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shrunk<T> {
    /// The smallest failing input found (the original if nothing could be removed).
    pub input: T,
    /// What was probed and kept.
    pub stats: Stats,
    /// Whether the deadline stopped it before nothing more could be removed.
    pub stopped: bool,
}

/// A probe panicked: a bug in tabletop itself (its renderer, parser, engine or judge), not
/// in the command under test, which runs in its own process. The input is kept, as text, so
/// that it can be reported.
#[derive(Debug, Clone, thiserror::Error)]
#[error("internal error in tabletop while checking a candidate: {message}")]
pub struct InternalError {
    /// The panic's message.
    pub message: String,
    /// The candidate whose probe panicked, rendered.
    pub input: String,
}

/// The text of a panic's payload (`panic!` gives a `&str` or a `String`).
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| (*text).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

/// The candidates of one sweep over the current input, in a fixed order, built one at a
/// time from a cursor.
pub(crate) trait Candidates<T> {
    /// A place in the sweep.
    type Cursor: Copy;
    /// The sweep's first place in `current`.
    fn start(&mut self, current: &T) -> Self::Cursor;
    /// The candidate at `cursor` (`None` inside: that edit does not apply) and the place
    /// after it; `None`: the sweep is over.
    fn at(&self, current: &T, cursor: Self::Cursor) -> Option<(Option<T>, Self::Cursor)>;
    /// The candidate at `kept` was kept and is now `current`: where the sweep goes on.
    fn kept(&mut self, current: &T, kept: Self::Cursor) -> Self::Cursor;
}

/// A 128-bit fingerprint (two SipHash keys): what the driver remembers of a candidate.
fn fingerprint<T: Hash>(candidate: &T) -> (u64, u64) {
    let half = |key: u8| {
        let mut hasher = DefaultHasher::new();
        key.hash(&mut hasher);
        candidate.hash(&mut hasher);
        hasher.finish()
    };
    (half(0), half(1))
}

/// The probe driver: the probe, the limits, what was seen, the counts.
pub(crate) struct Driver<'a, T> {
    probe: &'a (dyn Fn(&T) -> Probe + Sync),
    render: fn(&T) -> String,
    progress: &'a dyn Fn(&T, &Stats),
    limits: Limits,
    /// Fingerprints of the candidates probed without success.
    seen: HashSet<(u64, u64)>,
    stats: Stats,
    started: Instant,
    stopped: bool,
}

impl<'a, T: Hash + Sync> Driver<'a, T> {
    /// A driver calling `probe` from up to `limits.jobs` threads at once, telling `progress`
    /// the state after every batch; `render` gives a candidate's text for an
    /// [`InternalError`].
    pub(crate) fn new(
        limits: &Limits,
        probe: &'a (dyn Fn(&T) -> Probe + Sync),
        render: fn(&T) -> String,
        progress: &'a dyn Fn(&T, &Stats),
    ) -> Self {
        Driver {
            probe,
            render,
            progress,
            limits: Limits {
                jobs: limits.jobs.max(1),
                ..*limits
            },
            seen: HashSet::new(),
            stats: Stats::default(),
            started: Instant::now(),
            stopped: false,
        }
    }

    /// Whether the deadline has passed (and it stops for good).
    pub(crate) fn out_of_time(&mut self) -> bool {
        if self
            .limits
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Counts a probe made outside the sweeps.
    pub(crate) fn count_probe(&mut self) {
        self.stats.probes += 1;
    }

    /// The result: `input` with the counts so far.
    pub(crate) fn finish(&self, input: T) -> Shrunk<T> {
        Shrunk {
            input,
            stats: Stats {
                elapsed: self.started.elapsed(),
                ..self.stats.clone()
            },
            stopped: self.stopped,
        }
    }

    /// Goes once through the candidates, keeping every one that fails the same way (the
    /// sweep goes on where the candidates say). Returns whether anything was kept.
    pub(crate) fn sweep<C: Candidates<T>>(
        &mut self,
        current: &mut T,
        candidates: &mut C,
    ) -> Result<bool, InternalError> {
        let mut changed = false;
        let mut cursor = Some(candidates.start(current));
        while let Some(at) = cursor {
            if self.out_of_time() {
                break;
            }
            let (batch, next) = self.batch(current, candidates, at);
            if batch.is_empty() {
                break;
            }
            let verdicts = self.probe_all(&batch)?;
            let mut kept = None;
            for ((place, candidate, print), verdict) in batch.into_iter().zip(verdicts) {
                if verdict != Probe::Same {
                    self.seen.insert(print);
                } else if kept.is_none() {
                    kept = Some((place, candidate));
                }
            }
            cursor = match kept {
                Some((place, candidate)) => {
                    *current = candidate;
                    self.stats.kept += 1;
                    changed = true;
                    Some(candidates.kept(current, place))
                }
                None => next,
            };
            (self.progress)(current, &self.stats);
        }
        Ok(changed)
    }

    /// The next `jobs` candidates from `at` not seen before (a duplicate within the batch
    /// once), with the place after them (`None`: the sweep is over).
    #[allow(clippy::type_complexity)]
    fn batch<C: Candidates<T>>(
        &self,
        current: &T,
        candidates: &C,
        at: C::Cursor,
    ) -> (Vec<(C::Cursor, T, (u64, u64))>, Option<C::Cursor>) {
        let mut batch: Vec<(C::Cursor, T, (u64, u64))> = Vec::with_capacity(self.limits.jobs);
        let mut cursor = Some(at);
        while batch.len() < self.limits.jobs {
            let Some(place) = cursor else { break };
            let Some((candidate, next)) = candidates.at(current, place) else {
                cursor = None;
                break;
            };
            cursor = Some(next);
            let Some(candidate) = candidate else { continue };
            let print = fingerprint(&candidate);
            if !self.seen.contains(&print) && batch.iter().all(|(_, _, p)| *p != print) {
                batch.push((place, candidate, print));
            }
        }
        (batch, cursor)
    }

    /// Probes the batch in parallel (one thread per candidate). The first candidate (in
    /// order) whose probe panicked is an [`InternalError`].
    fn probe_all<P>(&mut self, batch: &[(P, T, (u64, u64))]) -> Result<Vec<Probe>, InternalError> {
        let probe = self.probe;
        let outcomes: Vec<std::thread::Result<Probe>> = if batch.len() == 1 {
            batch
                .iter()
                .map(|(_, candidate, _)| {
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| probe(candidate)))
                })
                .collect()
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .iter()
                    .map(|(_, candidate, _)| scope.spawn(move || probe(candidate)))
                    .collect();
                handles.into_iter().map(|h| h.join()).collect()
            })
        };
        let mut verdicts = Vec::with_capacity(outcomes.len());
        for ((_, candidate, _), outcome) in batch.iter().zip(outcomes) {
            match outcome {
                Ok(verdict) => verdicts.push(verdict),
                Err(payload) => {
                    return Err(InternalError {
                        message: panic_message(payload.as_ref()),
                        input: (self.render)(candidate),
                    })
                }
            }
        }
        self.stats.probes += verdicts.len();
        self.stats.invalid += verdicts.iter().filter(|&&v| v == Probe::Invalid).count();
        Ok(verdicts)
    }
}

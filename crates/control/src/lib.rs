//! How a long computation is stopped and reports progress: one [`Control`] that every long
//! computation of tabletop takes (an octal run, the odds table and exact sweeps) and every
//! front end hands in (the CLI's Ctrl-C handler, the web server's job limits, Python's
//! interrupts).
//!
//! A `Control` is a cancel flag, an optional deadline and an optional progress sink. Clones
//! share the flag and the sink, so one clone can go to a signal handler or another thread
//! while the computation holds the other. The computation calls [`Control::tick`] as it
//! goes (or [`Control::check`] where it has nothing to report): the sink sees the typed
//! [`Tick`], and once the flag is set or the deadline has passed the answer is
//! [`Stopped`], which the computation returns as its own error.
//!
//! ```
//! use std::sync::atomic::{AtomicU64, Ordering};
//! use std::sync::Arc;
//! use tabletop_control::{Control, Stopped, Tick};
//!
//! // Stop after three ticks: the sink may cancel the work it watches.
//! let seen = Arc::new(AtomicU64::new(0));
//! let control = Control::new();
//! let (count, stop) = (Arc::clone(&seen), control.clone());
//! let control = control.with_progress(move |tick: Tick| {
//!     if count.fetch_add(1, Ordering::Relaxed) + 1 == 3 {
//!         stop.cancel();
//!     }
//!     assert_eq!(tick.stage, "count");
//! });
//! let work = |control: &Control| -> Result<u64, Stopped> {
//!     for step in 0..1000 {
//!         control.tick(Tick::new("count", step, Some(1000)))?;
//!     }
//!     Ok(1000)
//! };
//! assert_eq!(work(&control), Err(Stopped::Cancelled));
//! assert_eq!(seen.load(Ordering::Relaxed), 3);
//! ```
//!
//! Threads that share one computation wait for each other with [`SpinThenPark`], whose
//! tuning the computation passes in as a value.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

mod wait;

pub use wait::{SpinThenPark, Waiting};

/// A progress sink: called with every tick of the computation.
type Sink = Mutex<dyn FnMut(Tick) + Send>;

/// A cancel flag, an optional deadline and an optional progress sink, shared by its clones.
/// The default is [`Control::new`]: never cancelled, no deadline, no sink.
#[derive(Clone, Default)]
pub struct Control {
    cancelled: Arc<AtomicBool>,
    deadline: Option<Instant>,
    sink: Option<Arc<Sink>>,
}

impl fmt::Debug for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Control")
            .field("cancelled", &self.cancelled.load(Ordering::Relaxed))
            .field("deadline", &self.deadline)
            .field("sink", &self.sink.is_some())
            .finish()
    }
}

impl Control {
    /// A control that nothing has cancelled, with no deadline and no progress sink.
    pub fn new() -> Self {
        Self::default()
    }

    /// The same control (the same flag and sink), stopping as well once `deadline` has
    /// passed.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// The same control (the same flag), with `sink` called on every [`Control::tick`]. The
    /// sink may call [`Control::cancel`] on a clone to stop the work after some ticks.
    pub fn with_progress(mut self, sink: impl FnMut(Tick) + Send + 'static) -> Self {
        self.sink = Some(Arc::new(Mutex::new(sink)));
        self
    }

    /// Asks the computation (and every other holder of a clone) to stop. Safe to call from
    /// any thread or a signal handler's thread; the work stops at its next check.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`Control::cancel`] was called on this control or a clone.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Whether the work should stop now, and why.
    ///
    /// # Errors
    /// [`Stopped::Cancelled`] once cancelled, [`Stopped::DeadlinePassed`] once the deadline
    /// has passed.
    pub fn check(&self) -> Result<(), Stopped> {
        if self.is_cancelled() {
            return Err(Stopped::Cancelled);
        }
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Err(Stopped::DeadlinePassed),
            _ => Ok(()),
        }
    }

    /// Reports `tick` to the sink, if any, then [`Control::check`]s.
    ///
    /// # Errors
    /// As [`Control::check`] (a sink that cancels stops the work at this very tick).
    pub fn tick(&self, tick: Tick) -> Result<(), Stopped> {
        if let Some(sink) = &self.sink {
            // A sink that panicked once still gets the ticks after it.
            let mut sink = sink.lock().unwrap_or_else(PoisonError::into_inner);
            (*sink)(tick);
        }
        self.check()
    }
}

/// How far a computation got: `done` units of work of `total` (when known) in `stage`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tick {
    /// What the computation is doing, in a word the front end may show or match on (each
    /// computation documents its stages).
    pub stage: &'static str,
    /// Units of work done in this stage (turns, primes, heaps).
    pub done: u64,
    /// Units of work the stage has, when known.
    pub total: Option<u64>,
}

impl Tick {
    /// `done` of `total` in `stage`.
    pub fn new(stage: &'static str, done: u64, total: Option<u64>) -> Self {
        Tick { stage, done, total }
    }
}

/// Why a computation stopped before it was done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stopped {
    /// [`Control::cancel`] was called.
    Cancelled,
    /// The deadline of [`Control::with_deadline`] passed.
    DeadlinePassed,
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stopped::Cancelled => "the computation was cancelled",
            Stopped::DeadlinePassed => "the computation passed its time limit",
        })
    }
}

impl std::error::Error for Stopped {}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU64;
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_new_control_never_stops() {
        let control = Control::new();
        assert!(!control.is_cancelled());
        assert_eq!(control.check(), Ok(()));
        assert_eq!(control.tick(Tick::new("stage", 1, None)), Ok(()));
    }

    #[test]
    fn a_cancel_reaches_every_clone_and_outlives_the_ticks() {
        let control = Control::new();
        let other = control.clone();
        other.cancel();
        assert!(control.is_cancelled());
        assert_eq!(control.check(), Err(Stopped::Cancelled));
        assert_eq!(
            control.tick(Tick::new("stage", 2, Some(3))),
            Err(Stopped::Cancelled)
        );
    }

    #[test]
    fn a_passed_deadline_stops_and_a_far_one_does_not() {
        let now = Instant::now();
        assert_eq!(
            Control::new().with_deadline(now).check(),
            Err(Stopped::DeadlinePassed)
        );
        let far = Control::new().with_deadline(now + Duration::from_secs(3600));
        assert_eq!(far.check(), Ok(()));
        // A cancel says so even before the deadline.
        far.cancel();
        assert_eq!(far.check(), Err(Stopped::Cancelled));
    }

    #[test]
    fn the_sink_sees_every_tick_and_may_cancel() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let control = Control::new();
        let (log, stop) = (Arc::clone(&seen), control.clone());
        let control = control.with_progress(move |tick: Tick| {
            let mut log = log.lock().unwrap_or_else(PoisonError::into_inner);
            log.push(tick);
            if log.len() == 2 {
                stop.cancel();
            }
        });
        assert_eq!(control.tick(Tick::new("a", 1, Some(2))), Ok(()));
        assert_eq!(control.tick(Tick::new("a", 2, Some(2))), Err(Stopped::Cancelled));
        let log = seen.lock().unwrap_or_else(PoisonError::into_inner);
        assert_eq!(*log, vec![Tick::new("a", 1, Some(2)), Tick::new("a", 2, Some(2))]);
    }

    #[test]
    fn clones_share_the_sink() {
        let count = Arc::new(AtomicU64::new(0));
        let counter = Arc::clone(&count);
        let control = Control::new().with_progress(move |_| {
            counter.fetch_add(1, Ordering::Relaxed);
        });
        let other = control.clone();
        control.tick(Tick::new("a", 0, None)).unwrap_or(());
        other.tick(Tick::new("b", 0, None)).unwrap_or(());
        assert_eq!(count.load(Ordering::Relaxed), 2);
        assert_eq!(
            Stopped::DeadlinePassed.to_string(),
            "the computation passed its time limit"
        );
    }
}

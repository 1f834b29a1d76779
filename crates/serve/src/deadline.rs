//! The one way the server stops engine work: a flag set by a cancel or by the time limit,
//! looked at by the engines between steps. Every endpoint's long work goes through here, so
//! the application layer's own stop control replaces this in one place.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tabletop_app::octal::OctalCode;
use tabletop_app::odds::{self, Stopped, Tick};
use tabletop_app::views::{self, OctalView};
use tabletop_app::{Answer, Source};

/// A time limit and a cancel flag for one piece of work.
#[derive(Debug)]
pub struct Deadline {
    started: Instant,
    limit: Duration,
    cancelled: AtomicBool,
    stop: AtomicBool,
}

/// How work under a [`Deadline`] ended without an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halt {
    /// Cancelled by [`Deadline::cancel`].
    Cancelled,
    /// Past its time limit.
    TimedOut,
}

impl Deadline {
    /// A deadline `limit` from now.
    pub fn new(limit: Duration) -> Deadline {
        Deadline {
            started: Instant::now(),
            limit,
            cancelled: AtomicBool::new(false),
            stop: AtomicBool::new(false),
        }
    }

    /// The time limit.
    pub fn limit(&self) -> Duration {
        self.limit
    }

    /// The time since the work started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Stops the work at its next check.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the work is to stop (cancelled or past the limit); sets the flag the engines
    /// look at.
    pub fn is_stopped(&self) -> bool {
        if self.started.elapsed() >= self.limit {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.stop.load(Ordering::Relaxed)
    }

    /// Why the work stopped: a cancel wins over the time limit.
    pub fn halt(&self) -> Halt {
        match self.cancelled.load(Ordering::Relaxed) {
            true => Halt::Cancelled,
            false => Halt::TimedOut,
        }
    }

    /// The odds of a board, telling `ticks` how far it got; the engine checks the flag every
    /// turn of its table and every prime of the exact sweeps.
    ///
    /// # Errors
    /// [`Stopped::Failed`] as the application layer, [`Stopped::Cancelled`] once stopped.
    pub fn odds(
        &self,
        source: &Source,
        request: &odds::Request,
        ticks: &mut dyn FnMut(&Tick<'_>),
    ) -> Result<Answer, Stopped> {
        if self.is_stopped() {
            return Err(Stopped::Cancelled);
        }
        let mut watched = |tick: &Tick<'_>| {
            ticks(tick);
            self.is_stopped();
        };
        odds::answer_until(source, request, &mut watched, &self.stop)
    }

    /// An octal code's view for a page, stopped between rounds of heaps.
    ///
    /// # Errors
    /// As [`views::octal_view`].
    pub fn octal(&self, code: &OctalCode, heaps: u64, query: Option<&Source>) -> Result<OctalView, Stopped> {
        views::octal_view(code, heaps, query, &|| self.is_stopped())
    }
}

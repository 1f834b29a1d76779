//! The one way the server stops engine work: an application-layer [`Control`] with the
//! request's time limit, cancelled by a client's cancel. Every endpoint's long work goes
//! through here, and the engines look at it between steps.

use std::time::{Duration, Instant};

use tabletop_app::Control;

/// A time limit and a cancel for one piece of work.
#[derive(Debug)]
pub struct Deadline {
    /// When the work started; `None` for [`Deadline::unlimited`], which never reads the
    /// clock (`Instant::now` panics in WebAssembly without a host).
    started: Option<Instant>,
    limit: Duration,
    control: Control,
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
        let started = Instant::now();
        // A limit too far to be represented is no limit.
        let control = match started.checked_add(limit) {
            Some(at) => Control::new().with_deadline(at),
            None => Control::new(),
        };
        Deadline {
            started: Some(started),
            limit,
            control,
        }
    }

    /// No time limit, only `control`'s cancel and progress sink: for a front end whose user
    /// stops the work (the playground's Web Worker is terminated by its Cancel button).
    pub fn unlimited(control: Control) -> Deadline {
        Deadline {
            started: None,
            limit: Duration::MAX,
            control,
        }
    }

    /// The time limit.
    pub fn limit(&self) -> Duration {
        self.limit
    }

    /// The time since the work started (zero without a time limit).
    pub fn elapsed(&self) -> Duration {
        self.started.map_or(Duration::ZERO, |started| started.elapsed())
    }

    /// Stops the work at its next check.
    pub fn cancel(&self) {
        self.control.cancel();
    }

    /// Whether the work is to stop (cancelled or past the limit).
    pub fn is_stopped(&self) -> bool {
        self.control.check().is_err()
    }

    /// Why the work stopped: a cancel wins over the time limit.
    pub fn halt(&self) -> Halt {
        match self.control.is_cancelled() {
            true => Halt::Cancelled,
            false => Halt::TimedOut,
        }
    }

    /// The control every long computation of this request looks at.
    pub fn control(&self) -> &Control {
        &self.control
    }
}

//! The one loop that drives an octal computation: rounds of heaps sized to take about 50 ms,
//! a tick of the [`Control`] after each, and a stop that says where the run got to. The
//! command line's streaming answer, the typed report of pages and Python, and every other
//! caller step through it, so round sizes, ticks and stop messages are decided here once.

use std::path::Path;
use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;

use tabletop_octal::Computation;

use super::TICK_STAGE;
use crate::{Control, Failure, Stopped, Tick};

/// The first round's heaps; later rounds double or halve towards [`ROUND_TIME`].
const FIRST_ROUND: usize = 64;
/// What a round aims to take: short enough that a stop is felt at once, long enough that
/// the ticks cost nothing.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
const ROUND_TIME: Duration = Duration::from_millis(50);
/// The heaps of a round in WebAssembly.
#[cfg(target_arch = "wasm32")]
const WASM_ROUND: usize = 256;

/// A computation and the size of its next round.
pub(crate) struct Session {
    run: Computation,
    round: usize,
}

/// What one round left: whether the run is done, and whether its control said stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Round {
    /// Every value asked for is known.
    pub done: bool,
    /// The control said stop after this round (cancelled or past its deadline).
    pub stopped: Option<Stopped>,
}

impl Session {
    pub(crate) fn new(run: Computation) -> Session {
        Session {
            run,
            round: FIRST_ROUND,
        }
    }

    pub(crate) fn run(&self) -> &Computation {
        &self.run
    }

    pub(crate) fn into_run(self) -> Computation {
        self.run
    }

    /// Computes one round, then ticks `control` (stage [`TICK_STAGE`], the values known of
    /// those asked for).
    pub(crate) fn step(&mut self, control: &Control) -> Round {
        self.timed_advance();
        let tick = Tick::new(
            TICK_STAGE,
            self.run.known() as u64,
            Some(self.run.largest_heap() as u64 + 1),
        );
        Round {
            done: self.run.is_done(),
            stopped: control.tick(tick).err(),
        }
    }

    /// Advances one round and sizes the next towards [`ROUND_TIME`].
    #[cfg(not(target_arch = "wasm32"))]
    fn timed_advance(&mut self) {
        let before = Instant::now();
        self.run.advance(self.round);
        let took = before.elapsed();
        if took < ROUND_TIME / 2 {
            self.round = self.round.saturating_mul(2);
        } else if took > ROUND_TIME * 2 {
            self.round = (self.round / 2).max(1);
        }
    }

    /// Advances one round of [`WASM_ROUND`] heaps: WebAssembly in a browser has no clock
    /// here (`Instant::now` panics), and a page's worker only needs its ticks often enough
    /// to show progress.
    #[cfg(target_arch = "wasm32")]
    fn timed_advance(&mut self) {
        self.run.advance(WASM_ROUND);
    }

    /// Steps until every value is known, failing at the first round after which `control`
    /// says stop (unless that round finished the run).
    ///
    /// # Errors
    /// [`Failure::Stopped`], saying where the run stopped.
    pub(crate) fn finish(&mut self, control: &Control) -> Result<(), Failure> {
        while !self.run.is_done() {
            let round = self.step(control);
            if let (false, Some(stopped)) = (round.done, round.stopped) {
                return Err(self.stopped(stopped, None));
            }
        }
        Ok(())
    }

    /// The failure of a run stopped here, with the checkpoint it `saved`, if any.
    pub(crate) fn stopped(&self, reason: Stopped, saved: Option<&Path>) -> Failure {
        let after = format!(
            "after G(0..{}) of {}",
            self.run.computed(),
            self.run.largest_heap() + 1
        );
        Failure::stopped(reason, Some(after), saved.map(Path::to_path_buf))
    }
}

//! Whether a paired run takes two threads: the measured pace of both ways.

use std::time::Duration;

/// How fast the runs of `Engine::advance_two` go on two threads and on one (the same
/// steps either way): splits looked at per second, a running mean over the runs of each
/// kind. Two threads lose to one when they share a core with other work (each hand-off then
/// waits for the scheduler) or when a heap is very cheap; so runs take two threads unless
/// one was clearly faster, and now and then the other way to measure it again.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Pace {
    pub(crate) parallel: Option<f64>,
    pub(crate) serial: Option<f64>,
    pub(crate) runs: u32,
}

/// One run in this many tries the way that was slower.
pub(crate) const EXPLORE: u32 = 16;
/// One thread must be faster than two by this factor to be taken.
pub(crate) const MARGIN: f64 = 1.1;

impl Pace {
    /// Whether the next run takes two threads.
    pub(crate) fn choose(&mut self) -> bool {
        self.runs = self.runs.wrapping_add(1);
        match (self.parallel, self.serial) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(parallel), Some(serial)) => {
                (serial <= parallel * MARGIN) != self.runs.is_multiple_of(EXPLORE)
            }
        }
    }

    /// Notes how fast a run went (runs too short to time are not counted).
    pub(crate) fn record(&mut self, parallel: bool, pairs: u64, took: Duration) {
        if took < Duration::from_micros(200) || pairs == 0 {
            return;
        }
        let rate = pairs as f64 / took.as_secs_f64();
        let mean = match parallel {
            true => &mut self.parallel,
            false => &mut self.serial,
        };
        // One run is a noisy measure (other work on the machine, cheap and dear heaps).
        *mean = Some(mean.map_or(rate, |mean| mean + (rate - mean) / 4.0));
    }
}

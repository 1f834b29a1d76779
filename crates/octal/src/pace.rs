//! Whether a paired run takes two threads: the measured pace of both ways.

use std::time::Duration;

/// How fast the runs of `Engine::advance_two` go on two threads and on one (the same
/// steps either way): splits looked at per second, a running mean over the runs of each
/// kind. Two threads lose to one when they share a core with other work (each hand-off then
/// waits for the scheduler) or when a heap is very cheap; so a run takes two threads only
/// when they were measured clearly faster, and now and then the other way is measured again
/// in a short probe run, so that a wrong guess costs a few percent at most.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Pace {
    pub(crate) parallel: Option<f64>,
    pub(crate) serial: Option<f64>,
    pub(crate) runs: u32,
}

/// How the next run goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Choice {
    /// On two threads.
    pub(crate) parallel: bool,
    /// A probe: a way not (or not lately) measured, tried on a short run
    /// ([`Choice::end`]), so that a slow way costs little before it is known to be slow.
    pub(crate) probe: bool,
}

impl Choice {
    /// The heaps a run from `start` to `end` takes: a probe only one [`PROBE_SHARE`]th of
    /// them (at least [`PROBE_LEAST`]).
    pub(crate) fn end(self, start: usize, end: usize) -> usize {
        match self.probe {
            true => end.min(start.saturating_add(((end - start) / PROBE_SHARE).max(PROBE_LEAST))),
            false => end,
        }
    }
}

/// One run in this many tries the way that was slower, as a probe.
pub(crate) const EXPLORE: u32 = 16;
/// Two threads must be faster than one by this factor to be taken.
pub(crate) const MARGIN: f64 = 1.1;
/// A probe takes this share of its run's heaps.
pub(crate) const PROBE_SHARE: usize = 8;
/// But at least this many heaps.
pub(crate) const PROBE_LEAST: usize = 64;

impl Pace {
    /// How the next run goes: each way probed first (one thread first: it never loses
    /// much), then the faster one, two threads only when faster by [`MARGIN`]; every
    /// [`EXPLORE`]th run probes the other way.
    pub(crate) fn choose(&mut self) -> Choice {
        self.runs = self.runs.wrapping_add(1);
        let probe = |parallel| Choice {
            parallel,
            probe: true,
        };
        match (self.serial, self.parallel) {
            (None, _) => probe(false),
            (Some(_), None) => probe(true),
            (Some(serial), Some(parallel)) => {
                let two = parallel > serial * MARGIN;
                match self.runs.is_multiple_of(EXPLORE) {
                    true => probe(!two),
                    false => Choice {
                        parallel: two,
                        probe: false,
                    },
                }
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

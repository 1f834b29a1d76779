//! Whether a paired run takes two threads: the measured pace of both ways, and the watch
//! that hands a run on two threads back to one as soon as it falls behind one's pace.

use std::time::{Duration, Instant};

/// How fast the runs of `Engine::advance_two` went on two threads and on one (the same
/// steps either way), in splits looked at per second, and what starting the second thread
/// costs.
///
/// Two threads lose to one when they share a core with other work (each hand-off then
/// waits for the scheduler), when hand-offs between cores are dear, or when a heap is very
/// cheap. A run that is interrupted only ever looks slower than its way is, so the pace of
/// one thread is the best of its last few runs (one unlucky run does not make two threads
/// look faster), and two threads by the better of their last two runs (a run on two threads
/// that starts badly is stopped within a millisecond by its watch, and one such run does not
/// hand the next fifty milliseconds to one thread), so they are given up after two runs that
/// lost. Their pace leaves out the start of the second thread, a cost of its own: a run
/// takes two threads only when, start included, it would be clearly faster on them (so
/// short runs stay on one). A run on two threads is watched while it goes ([`Watch`]) and
/// handed back to one thread as soon as it falls behind one's pace; now and then (after
/// some runs, or some time) the way not taken is measured again in a short probe run.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Pace {
    /// The latest runs on one thread, newest first (0: none yet).
    serial: [f64; SERIAL_RUNS],
    /// The latest runs on two threads, newest first, their start left out (0: none yet).
    parallel: [f64; PARALLEL_RUNS],
    /// What the start of the second thread took in the latest run on two threads.
    startup: Duration,
    /// Splits looked at per heap in the latest run (what a run of so many heaps weighs).
    per_heap: f64,
    /// Runs since the way not taken was last probed.
    since_probe: u32,
    /// Time on one thread since two threads were last probed.
    unprobed: Duration,
    /// Runs between probes of two threads while one is taken: doubled after each probe
    /// that two threads lost (each costs up to a millisecond), back to [`EXPLORE`] once
    /// they win.
    explore: u32,
    /// Work and time of runs too short to time on their own, until they add up to
    /// [`TIMED_LEAST`]: one thread's, then two threads'.
    untimed: [(u64, Duration); 2],
}

/// How the next run goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Choice {
    /// On two threads.
    pub(crate) parallel: bool,
    /// A probe: a way not (or not lately) measured, tried on a short run
    /// ([`Pace::run_end`]), so that a slow way costs little before it is known to be slow.
    pub(crate) probe: bool,
}

/// One run in this many tries the way that was slower, as a probe (at first: see
/// [`Pace::explore`]).
pub(crate) const EXPLORE: u32 = 16;
/// Runs between probes of two threads at most.
pub(crate) const EXPLORE_MOST: u32 = 256;
/// And time on one thread between them at most: runs of a few dozen milliseconds would
/// otherwise leave two threads unprobed for seconds, while a heap's work grows with the
/// heap (a probe of the first heaps, cheap ones, says little of the later ones). A probe
/// that loses costs about a millisecond (see [`WATCH_LEAST`]).
pub(crate) const PROBE_WITHIN: Duration = Duration::from_millis(500);
/// Two threads must be faster than one by this factor to be taken (once taken, they go on
/// while they are not slower: see [`Watch`]).
pub(crate) const MARGIN: f64 = 1.1;
/// A probe takes this share of its run's heaps.
pub(crate) const PROBE_SHARE: usize = 8;
/// But at least this many heaps.
pub(crate) const PROBE_LEAST: usize = 64;
/// And, once one thread's pace is known, at least this much work at that pace: the first
/// heaps on a thread just started are slow (its caches are cold), and a probe of Officers
/// on two threads that lasted 60 µs measured them slower than one, where runs of
/// milliseconds measured them 1.5 times as fast.
pub(crate) const PROBE_WORK: Duration = Duration::from_millis(2);
/// The runs on one thread whose best is one thread's pace.
const SERIAL_RUNS: usize = 3;
/// The runs on two threads whose best is two threads' pace.
const PARALLEL_RUNS: usize = 2;
/// Less time than this is not a measure (the clock, a thread's start): shorter runs are
/// added up until they take this long.
pub(crate) const TIMED_LEAST: Duration = Duration::from_micros(200);
/// Each thread of a watched run compares the pace with one thread's after this many heaps.
pub(crate) const WATCH_EVERY: u64 = 16;
/// A run on two threads is not judged before both have gone this long: the second thread's
/// first heaps (its caches, the first hand-offs) are slow, and runs judged after 200 µs
/// were handed back for that alone (Officers: two threads 1.4-1.8 times as fast, every
/// probe stopped after 16 heaps a thread).
pub(crate) const WATCH_LEAST: Duration = Duration::from_millis(1);

/// The best of some rates (0: none), if any.
fn best(rates: &[f64]) -> Option<f64> {
    let best = rates.iter().copied().fold(0.0, f64::max);
    (best > 0.0).then_some(best)
}

impl Pace {
    /// A pace already measured, that takes two threads (`parallel`) or one in every run
    /// but the exploring ones (for tests that must not depend on the machine's speed).
    #[cfg(test)]
    pub(crate) fn settled(parallel: bool) -> Self {
        let (two, one) = match parallel {
            true => (2.0, 1.0),
            false => (1.0, 2.0),
        };
        Pace {
            serial: [one; SERIAL_RUNS],
            parallel: [two; PARALLEL_RUNS],
            per_heap: 1.0,
            ..Pace::default()
        }
    }

    /// One thread's pace: the best of its latest runs.
    fn serial_pace(&self) -> Option<f64> {
        best(&self.serial)
    }

    /// How the next run, of `heaps` heaps, goes: each way probed first (one thread first:
    /// it never loses much), then the faster one, two threads only when the run would take
    /// them, their start included, less time than one thread by [`MARGIN`]; every
    /// [`EXPLORE`]th run probes the other way (and fewer probe two threads while they keep
    /// losing: [`Pace::explore`]).
    pub(crate) fn choose(&mut self, heaps: usize) -> Choice {
        let probe = |parallel| Choice {
            parallel,
            probe: true,
        };
        match (self.serial_pace(), best(&self.parallel)) {
            (None, _) => probe(false),
            (Some(_), None) => probe(true),
            (Some(serial), Some(parallel)) => {
                let work = heaps as f64 * self.per_heap;
                let two = work / serial > MARGIN * (self.startup.as_secs_f64() + work / parallel);
                self.since_probe += 1;
                let every = match two {
                    true => EXPLORE,
                    false => self.explore.max(EXPLORE),
                };
                let overdue = !two && self.unprobed >= PROBE_WITHIN;
                if self.since_probe < every && !overdue {
                    if two {
                        self.explore = EXPLORE;
                    }
                    return Choice {
                        parallel: two,
                        probe: false,
                    };
                }
                self.since_probe = 0;
                if !two {
                    self.explore = (every * 2).min(EXPLORE_MOST);
                    self.unprobed = Duration::ZERO;
                }
                probe(!two)
            }
        }
    }

    /// Where a run from `start` to `end` that goes as `choice` says ends: a probe takes only
    /// one [`PROBE_SHARE`]th of the heaps, but at least [`PROBE_LEAST`] and
    /// [`PROBE_WORK`]'s worth.
    pub(crate) fn run_end(&self, choice: Choice, start: usize, end: usize) -> usize {
        if !choice.probe {
            return end;
        }
        let worth = match self.serial_pace() {
            Some(serial) if self.per_heap > 0.0 => PROBE_WORK.as_secs_f64() * serial / self.per_heap,
            _ => 0.0,
        };
        // The float is finite and non-negative: `as` saturates.
        let least = (worth.ceil() as usize).max(PROBE_LEAST);
        end.min(start.saturating_add(((end - start) / PROBE_SHARE).max(least)))
    }

    /// The watch of a run that goes as `choice` says: for two threads, once one thread's
    /// pace is known.
    pub(crate) fn watch(&self, choice: Choice) -> Option<Watch> {
        let serial = self.serial_pace().filter(|_| choice.parallel)?;
        Some(Watch { serial })
    }

    /// Notes how fast a run of `heaps` heaps and `pairs` splits went: `took` in all, of
    /// which `startup` went to starting the second thread (runs too short to time are added
    /// to the next ones).
    pub(crate) fn record(
        &mut self,
        parallel: bool,
        heaps: usize,
        pairs: u64,
        took: Duration,
        startup: Duration,
    ) {
        if heaps > 0 && pairs > 0 {
            self.per_heap = pairs as f64 / heaps as f64;
        }
        let took = match parallel {
            true => {
                self.startup = startup;
                took.saturating_sub(startup)
            }
            false => {
                self.unprobed += took;
                took
            }
        };
        let untimed = &mut self.untimed[usize::from(parallel)];
        let (pairs, took) = (untimed.0 + pairs, untimed.1 + took);
        if took < TIMED_LEAST || pairs == 0 {
            *untimed = (pairs, took);
            return;
        }
        *untimed = (0, Duration::ZERO);
        let rate = pairs as f64 / took.as_secs_f64();
        let latest: &mut [f64] = match parallel {
            true => &mut self.parallel,
            false => &mut self.serial,
        };
        latest.rotate_right(1);
        latest[0] = rate;
    }
}

/// One thread's pace held against a run on two threads while it goes: every
/// [`WATCH_EVERY`] heaps each thread weighs the heaps of the run done so far by the splits a
/// heap of its own cost (the threads take alternate heaps: neighbours cost about the same),
/// and the run stops where it is as soon as it has taken longer, since the second thread
/// started, than one thread would have for that work (so a run on two threads loses at
/// most a millisecond or a few dozen heaps' time to one).
#[derive(Debug)]
pub(crate) struct Watch {
    /// One thread's pace, splits per second.
    serial: f64,
}

/// The heaps one thread of a watched run computed, and the splits they looked at.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    heaps: u64,
    pairs: u64,
}

impl Watch {
    /// Counts one heap of `pairs` splits for a thread, `heaps` of the run being done;
    /// whether the run, both threads going since `began` (`None`: not yet), has fallen
    /// behind one thread's pace (looked at every [`WATCH_EVERY`]th heap of the thread).
    pub(crate) fn falls_behind(
        &self,
        tally: &mut Tally,
        pairs: u64,
        heaps: usize,
        began: Option<Instant>,
    ) -> bool {
        tally.heaps += 1;
        tally.pairs += pairs;
        if !tally.heaps.is_multiple_of(WATCH_EVERY) {
            return false;
        }
        let done = tally.pairs as f64 * heaps as f64 / tally.heaps as f64;
        began.is_some_and(|began| behind(self.serial, done, began.elapsed()))
    }
}

/// Whether `pairs` splits looked at in `elapsed` are slower than `serial` splits a second
/// (not judged before [`WATCH_LEAST`]).
pub(crate) fn behind(serial: f64, pairs: f64, elapsed: Duration) -> bool {
    elapsed >= WATCH_LEAST && elapsed.as_secs_f64() * serial > pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(probe: bool) -> Choice {
        Choice {
            parallel: false,
            probe,
        }
    }

    fn two(probe: bool) -> Choice {
        Choice {
            parallel: true,
            probe,
        }
    }

    /// The choices of `count` runs of a million splits each, timed `serial` on one thread
    /// and `parallel` on two.
    fn runs(pace: &mut Pace, count: u32, serial: Duration, parallel: Duration) -> Vec<Choice> {
        (0..count)
            .map(|_| {
                let choice = pace.choose(1000);
                let took = if choice.parallel { parallel } else { serial };
                pace.record(choice.parallel, 1000, 1_000_000, took, Duration::ZERO);
                choice
            })
            .collect()
    }

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn one_thread_first_then_two_then_the_faster_way() {
        let mut pace = Pace::default();
        assert_eq!(pace.choose(1000), one(true), "one thread first, in a short run");
        pace.record(false, 1000, 3000, MS, Duration::ZERO);
        assert_eq!(pace.choose(1000), two(true), "then two, to compare");
        pace.record(true, 1000, 6000, MS, Duration::ZERO);
        assert_eq!(pace.choose(1000), two(false));
        // A probe is a short run; the others are the whole run. One thread's pace is 3000
        // splits a millisecond, and a heap of the last run 6 splits: 2 ms of work is 1000
        // heaps.
        assert_eq!(pace.run_end(two(true), 1000, 90_000), 1000 + 89_000 / PROBE_SHARE);
        assert_eq!(pace.run_end(two(true), 1000, 9000), 2000);
        assert_eq!(pace.run_end(two(true), 1000, 1010), 1010);
        assert_eq!(pace.run_end(one(false), 1000, 9000), 9000);
        // Before one thread's pace is known, at least PROBE_LEAST heaps.
        let pace = Pace::default();
        assert_eq!(pace.run_end(one(true), 1000, 1100), 1000 + PROBE_LEAST);
    }

    #[test]
    fn two_threads_measured_slower_take_one_thread_but_in_probes() {
        // Both threads on one core: every hand-off waits for the scheduler, a third of
        // the pace.
        let mut pace = Pace::default();
        let choices = runs(&mut pace, 2048, MS, 3 * MS);
        assert_eq!(&choices[..2], &[one(true), two(true)]);
        assert!(
            choices[2..].iter().all(|&c| c == one(false) || c == two(true)),
            "{choices:?}"
        );
        // Probed after 16 runs, then 32, 64, … (each probe lost), at most 256.
        let probes: Vec<usize> = (2..choices.len()).filter(|&i| choices[i] == two(true)).collect();
        let gaps: Vec<usize> = std::iter::once(probes[0] - 1)
            .chain(probes.windows(2).map(|w| w[1] - w[0]))
            .collect();
        assert_eq!(
            gaps,
            [16, 32, 64, 128, 256, 256, 256, 256, 256, 256, 256],
            "{probes:?}"
        );
    }

    #[test]
    fn long_runs_on_one_thread_probe_two_threads_within_a_time() {
        // Runs of 50 ms on one thread, three times as long on two: two threads are probed
        // again once one thread has run PROBE_WITHIN since the last probe, not only after
        // 16, 32, … 256 runs.
        let mut pace = Pace::default();
        let run = 50 * MS;
        let choices = runs(&mut pace, 200, run, 3 * run);
        let probes: Vec<usize> = (2..choices.len()).filter(|&i| choices[i] == two(true)).collect();
        let within = (PROBE_WITHIN.as_millis() / run.as_millis()) as usize;
        assert!(probes.len() >= 200 / (within + 1) - 1, "{probes:?}");
        // And no more often: each probe restarts the time.
        assert!(
            probes
                .windows(2)
                .all(|w| (within..=within + 1).contains(&(w[1] - w[0]))),
            "{probes:?}"
        );
    }

    #[test]
    fn two_threads_measured_faster_are_taken_and_one_probed_now_and_then() {
        let mut pace = Pace::default();
        let choices = runs(&mut pace, 4 * EXPLORE, 3 * MS, 2 * MS);
        assert!(
            choices[2..].iter().all(|&c| c == two(false) || c == one(true)),
            "{choices:?}"
        );
        // One thread probed every EXPLORE runs after the first two (at 17, 33 and 49).
        assert_eq!(choices[2..].iter().filter(|&&c| c == one(true)).count(), 3);
        // Only clearly faster: 1.05 times as fast is not enough.
        let mut close = Pace::default();
        let choices = runs(&mut close, 2 * EXPLORE, 21 * MS, 20 * MS);
        assert!(choices.iter().all(|c| !c.parallel || c.probe), "{choices:?}");
    }

    #[test]
    fn one_slow_run_on_one_thread_does_not_make_two_threads_look_faster() {
        let mut pace = Pace::default();
        pace.record(false, 1000, 1_000_000, MS, Duration::ZERO);
        // Interrupted: forty times as long.
        pace.record(false, 1000, 1_000_000, 40 * MS, Duration::ZERO);
        pace.record(true, 1000, 1_000_000, 3 * MS, Duration::ZERO);
        let choices = runs(&mut pace, 2 * EXPLORE, MS, 3 * MS);
        assert!(choices.iter().all(|c| !c.parallel || c.probe), "{choices:?}");
        // But one thread's pace follows the machine: once its last runs are all slower,
        // the best of them is the pace.
        let mut pace = Pace::default();
        pace.record(false, 1000, 1_000_000, MS, Duration::ZERO);
        pace.record(true, 1000, 1_000_000, 2 * MS, Duration::ZERO);
        let choices = runs(&mut pace, 2 * EXPLORE, 3 * MS, 2 * MS);
        assert_eq!(&choices[..SERIAL_RUNS], &[one(false); SERIAL_RUNS]);
        assert!(
            choices[SERIAL_RUNS..].iter().all(|c| c.parallel != c.probe),
            "{choices:?}"
        );
    }

    #[test]
    fn a_flip_is_followed_both_ways() {
        let mut pace = Pace::default();
        // Two threads faster, then a core is taken by other work: the next two runs on two
        // threads measure slower, and one thread is taken from then on.
        runs(&mut pace, 2 * EXPLORE, 3 * MS, 2 * MS);
        let choices = runs(&mut pace, 2 * EXPLORE, 3 * MS, 9 * MS);
        let taken: Vec<usize> = (0..choices.len()).filter(|&i| choices[i] == two(false)).collect();
        assert_eq!(taken.len(), PARALLEL_RUNS, "{choices:?}");
        assert!(taken[1] <= PARALLEL_RUNS, "{choices:?}");
        assert!(
            choices[taken[1] + 1..].iter().all(|c| c.parallel == c.probe),
            "{choices:?}"
        );
        // The core comes free: the next probe of two threads measures faster.
        let choices = runs(&mut pace, 2 * EXPLORE, 3 * MS, 2 * MS);
        let first = choices.iter().position(|&c| c == two(true)).unwrap();
        assert!(first < 2 * EXPLORE as usize, "{choices:?}");
        assert!(
            choices[first + 1..].iter().all(|c| c.parallel != c.probe),
            "{choices:?}"
        );
    }

    #[test]
    fn runs_too_short_to_time_add_up() {
        let mut pace = Pace::default();
        for _ in 0..3 {
            pace.record(false, 1000, 1000, Duration::from_micros(50), Duration::ZERO);
            assert_eq!(pace.choose(1000), one(true), "not timed yet");
        }
        pace.record(false, 1000, 1000, Duration::from_micros(50), Duration::ZERO);
        assert_eq!(pace.serial_pace(), Some(2e7), "4000 splits in 200 µs");
        assert_eq!(pace.choose(1000), two(true));
    }

    #[test]
    fn a_run_on_two_threads_falls_behind_once_slower_than_one_thread() {
        let rate = 1e6; // a split a microsecond
        assert!(
            !behind(rate, 100.0, Duration::from_micros(950)),
            "too soon to tell"
        );
        assert!(behind(rate, 100.0, Duration::from_micros(1050)));
        assert!(!behind(rate, 1050.0, Duration::from_micros(1050)), "as fast");
        assert!(!behind(rate, 1600.0, Duration::from_micros(1050)));
        // Watched only on two threads, once one thread's pace is known.
        let mut pace = Pace::default();
        assert!(pace.watch(two(true)).is_none());
        pace.record(false, 1000, 1000, MS, Duration::ZERO);
        assert!(pace.watch(one(false)).is_none());
        let watch = pace.watch(two(false)).unwrap();
        assert_eq!(watch.serial, 1e6);
        // Looked at every WATCH_EVERY heaps of a thread, the heaps of the other thread
        // weighed as its own.
        let watch = Watch { serial: 1e6 };
        let began = Some(Instant::now() - Duration::from_secs(1));
        let mut tally = Tally::default();
        for heap in 1..WATCH_EVERY {
            assert!(!watch.falls_behind(&mut tally, 1000, 2 * heap as usize, began));
        }
        // 16 heaps of 1000 splits here and 16 there: 32,000 splits in a second.
        assert!(watch.falls_behind(&mut tally, 1000, 32, began));
        // Not before the second thread has begun.
        let mut tally = Tally::default();
        for heap in 1..=WATCH_EVERY {
            assert!(!watch.falls_behind(&mut tally, 1000, 2 * heap as usize, None));
        }
        // Far ahead, so that a loaded machine that holds this thread back for a while
        // still finds it ahead: 128,000,000 splits since a second ago.
        let mut tally = Tally::default();
        for heap in 1..WATCH_EVERY {
            assert!(!watch.falls_behind(&mut tally, 4_000_000, 2 * heap as usize, began));
        }
        assert!(!watch.falls_behind(&mut tally, 4_000_000, 32, began));
    }
}

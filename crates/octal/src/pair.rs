//! Paired runs: two threads take alternate heaps of a run of sparse steps, each step
//! started before the value below it is known and taken again when that value could change
//! it; whether two threads pay is measured as the runs go.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::thread::Thread;
use std::time::{Duration, Instant};

use tabletop_control::SpinThenPark;

use crate::engine::Engine;
use crate::pace::{Tally, Watch};
use crate::scratch::{Moves, Scratch};
use crate::slot::{Slot, Value};
use crate::store::View;

impl<V: Value> Engine<V> {
    /// Computes `G(len()..end)` on two threads, each a whole sparse step at a time, as long
    /// as the steps are sparse ones (see [`Engine::takes_sparse_steps`]): stops at the first
    /// heap that is not, or whose value does not fit in `V` (returned, not recorded, as by
    /// [`Engine::step`]: that heap is then `len()`). Returns how many values were recorded.
    ///
    /// Thread `t` takes the heaps `len() + t`, `len() + t + 2`, …. A heap `n` reads `G(n - 1)`
    /// through two moves at most ([`Moves::reading_last`]), so its step runs without them
    /// while the other thread finishes `G(n - 1)`; then, unless one of them has the value
    /// found, the value stands, else the step is taken again with every move. The values
    /// are the ones [`Engine::step`] computes, whatever the timing; so are the splits
    /// looked at (which count both steps of a value computed again).
    pub(crate) fn advance_two(&mut self, end: usize) -> (usize, Option<u32>) {
        let start = self.len();
        let end = match self.sparse && self.next_choice > start {
            true => end.min(self.next_choice),
            false => end,
        };
        if end <= start || !self.takes_sparse_steps(start) {
            return (0, None);
        }
        // No further than the store's windows serve (a run never moves them).
        let end = match self.values.has_history() {
            true => end.min(self.ready(start).max(start + 1)),
            false => end,
        };
        let choice = self.pace.choose(end - start);
        // A probe of a way not known to pay is a short run.
        let end = self.pace.run_end(choice, start, end);
        let parallel = choice.parallel;
        let mask = self.mask;
        // The start of the second thread, its copy of the working space included, is timed
        // on its own (see `Pace`).
        let began = Instant::now();
        // A helper far behind (runs kept on one thread) is copied afresh: a copy costs the
        // size of the working space, catching up a few dozen instructions per heap.
        if parallel
            && self
                .helper
                .as_ref()
                .is_none_or(|helper| helper.upto + HELPER_LAG < start)
        {
            self.helper = Some(self.scratch.clone());
        }
        // Every slot of the run exists before the threads share them.
        self.values.extend_to(end);
        let run = Run {
            moves: &self.moves,
            values: self.values.view(end),
            mask,
            fixed_mask: self.fixed_mask,
            largest: V::MAX,
            known: AtomicUsize::new(start),
            stop: AtomicUsize::new(end),
            threads: [OnceLock::new(), OnceLock::new()],
            asleep: [AtomicBool::new(false), AtomicBool::new(false)],
            watch: self.pace.watch(choice),
            second_began: OnceLock::new(),
            wait: SpinThenPark::default(),
        };
        let (first, second) = if let Some(helper) = self.helper.as_mut().filter(|_| parallel) {
            std::thread::scope(|scope| {
                let run = &run;
                let second = scope.spawn(move || run.heaps(helper, 1, start + 1, 2));
                let first = run.heaps(&mut self.scratch, 0, start, 2);
                // A thread that panicked is a bug: its panic goes on here.
                let second = second
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                (first, second)
            })
        } else {
            (run.heaps(&mut self.scratch, 0, start, 1), Done::default())
        };
        let took = began.elapsed();
        let known = run.known.load(Ordering::Acquire);
        let startup = run
            .second_began
            .get()
            .map_or(Duration::ZERO, |at| at.duration_since(began));
        self.pace
            .record(parallel, known - start, first.pairs + second.pairs, took, startup);
        self.values.truncate(known);
        self.scratch.catch_up(&self.values.all(), known, mask);
        self.pairs += first.pairs + second.pairs;
        self.retries += first.retries + second.retries;
        let computed = known - start;
        if parallel {
            self.paired += computed as u64;
        }
        if computed > 0 {
            self.planes = None;
            self.steps.sparse += computed as u64;
        }
        let too_large = [first.too_large, second.too_large]
            .into_iter()
            .flatten()
            .find(|&(heap, _, _)| heap == known);
        // The heap whose value does not fit was a sparse step too, as `Engine::step` counts it.
        if let Some((_, _, pairs)) = too_large {
            self.planes = None;
            self.steps.sparse += 1;
            self.pairs += pairs;
        }
        self.settle();
        (computed, too_large.map(|(_, value, _)| value))
    }
}

/// The heaps a kept helper may be behind the run's start before it is copied afresh.
const HELPER_LAG: usize = 1 << 14;

/// What the two threads of [`Engine::advance_two`] share.
struct Run<'a, S: Slot> {
    moves: &'a Moves,
    /// `G(0..known)` are final; the slots after them are written by the threads.
    values: View<'a, S>,
    mask: u32,
    fixed_mask: bool,
    /// The largest value the slots hold.
    largest: u32,
    /// How many values are final (published after the value's slot is written).
    known: AtomicUsize,
    /// The first heap not to compute: the end of the run, or lowered by a thread that
    /// meets a heap whose step is not sparse or whose value does not fit.
    stop: AtomicUsize,
    /// The two threads, to wake one that waits asleep.
    threads: [OnceLock<Thread>; 2],
    /// Whether each thread is (about to be) asleep waiting for the other.
    asleep: [AtomicBool; 2],
    /// On two threads: one thread's pace, which ends the run when it falls behind (each
    /// thread holds it against the heaps of the run done, `G(first - me..=n)`).
    watch: Option<Watch>,
    /// When the second thread began its first heap.
    second_began: OnceLock<Instant>,
    /// How a thread waits for the other's value. A heap takes microseconds, so the value
    /// usually comes within the spin; and a wake-up costs tens of microseconds on a
    /// virtual machine, so until then spinning is never slower than sleeping. When the
    /// other thread has lost its core, a wait costs the spin more, and a run that falls
    /// behind one thread's pace is handed back to one ([`crate::pace::Watch`]).
    wait: SpinThenPark,
}

/// Ends a [`Run`] at once when the thread holding it panics.
struct StopOnPanic<'a, 'b, S: Slot> {
    run: &'a Run<'b, S>,
    me: usize,
}

impl<S: Slot> Drop for StopOnPanic<'_, '_, S> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.run.stop_at(self.me, 0);
        }
    }
}

/// What one thread of a [`Run`] did.
#[derive(Debug, Default)]
struct Done {
    /// Splits looked at for the values it recorded.
    pairs: u64,
    retries: u64,
    /// The heap whose value did not fit, the value, and the splits looked at for it.
    too_large: Option<(usize, u32, u64)>,
}

impl<S: Slot> Run<'_, S> {
    /// Thread `me` waits until `G(0..count)` are final; `false` when they never will be
    /// (the run stops before).
    fn wait_for(&self, me: usize, count: usize) -> bool {
        let ready = || self.known.load(Ordering::SeqCst) >= count;
        let stopped = || self.stop.load(Ordering::SeqCst) < count;
        let mut waiting = self.wait.start();
        loop {
            if ready() {
                return true;
            }
            if stopped() {
                return false;
            }
            // The other thread publishes before it looks at `asleep`: it is either seen
            // here or wakes this thread.
            waiting.pause_announced(&self.asleep[me], || !ready() && !stopped());
        }
    }

    /// Wakes the thread that is not `me` if it sleeps.
    fn wake_other(&self, me: usize) {
        if self.asleep[1 - me].load(Ordering::SeqCst) {
            if let Some(thread) = self.threads[1 - me].get() {
                thread.unpark();
            }
        }
    }

    /// Ends the run at heap `n` (no heap from `n` on is computed).
    fn stop_at(&self, me: usize, n: usize) {
        self.stop.fetch_min(n, Ordering::SeqCst);
        self.wake_other(me);
    }

    /// Thread `me` (0 or 1) computes the heaps `first`, `first + stride`, … of the run
    /// with `scratch` (`stride` 2 with two threads, 1 for every heap on this thread: the
    /// same steps, so the same values and counts).
    fn heaps(&self, scratch: &mut Scratch, me: usize, first: usize, stride: usize) -> Done {
        // Alone, this thread knows every value below the heap it is at, and no other
        // thread looks at the count: no wait, no fence, and each value counted as it comes.
        let alone = stride == 1;
        scratch.ahead_by = stride;
        let _ = self.threads[me].set(std::thread::current());
        if me == 1 {
            let _ = self.second_began.set(Instant::now());
        }
        // Should this thread panic, the other must not wait for it forever.
        let _unwinding = StopOnPanic { run: self, me };
        let mut tally = Tally::default();
        let mut done = Done::default();
        let mask = self.mask;
        let reads_last = self.moves.reads_last();
        let mut n = first;
        while n < self.stop.load(Ordering::Acquire) {
            // This thread computed G(n - 2), and G(n - 3) was final before.
            debug_assert!(self.known.load(Ordering::Acquire) + 1 >= n);
            if !alone {
                scratch.catch_up(&self.values, n - 1, mask);
            }
            let rare = scratch.rare_below(n - 1);
            // Rare heaps below n: those below n - 1, and maybe n - 1.
            let sparse_anyway = self.fixed_mask || rare + 1 < n / 4;
            let (value, pairs) = if sparse_anyway {
                let (guess, mut pairs) =
                    scratch.sparse_mex(self.moves, &self.values.upto(n - 1), mask, n, true);
                if !alone && !self.wait_for(me, n) {
                    break;
                }
                let value = if reads_last && self.moves.reading_last(&self.values, n).contains(&Some(guess)) {
                    done.retries += 1;
                    scratch.catch_up(&self.values, n, mask);
                    let (value, again) = scratch.sparse_mex(self.moves, &self.values.upto(n), mask, n, false);
                    pairs += again;
                    value
                } else {
                    guess
                };
                (value, pairs)
            } else if rare >= n / 4 {
                self.stop_at(me, n);
                break;
            } else {
                // Sparse unless G(n - 1) is rare: known once it is final.
                if !alone && !self.wait_for(me, n) {
                    break;
                }
                scratch.catch_up(&self.values, n, mask);
                if scratch.rare_below(n) >= n / 4 {
                    self.stop_at(me, n);
                    break;
                }
                scratch.sparse_mex(self.moves, &self.values.upto(n), mask, n, false)
            };
            if value > self.largest {
                done.too_large = Some((n, value, pairs));
                self.stop_at(me, n);
                break;
            }
            self.values.tail_slot(n).set(value);
            done.pairs += pairs;
            if alone {
                self.known.store(n + 1, Ordering::Release);
                scratch.note(n, value, mask);
                n += 1;
                continue;
            }
            self.known.store(n + 1, Ordering::SeqCst);
            self.wake_other(me);
            if self.watch.as_ref().is_some_and(|watch| {
                watch.falls_behind(
                    &mut tally,
                    pairs,
                    n + 1 + me - first,
                    self.second_began.get().copied(),
                )
            }) {
                // Slower than one thread: the rest goes on one, in the next run.
                self.stop_at(me, n + stride);
                break;
            }
            n += stride;
        }
        done
    }
}

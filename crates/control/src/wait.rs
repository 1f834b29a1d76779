//! How one thread waits for another's result: spin a little (the result often comes within
//! microseconds, and a wake-up costs tens of them on a virtual machine), then park until
//! woken or until a nap has passed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How a wait spins, then parks: the tuning, passed in as a value. The default spins for
/// 20 µs, looks at the clock every 16 spins and parks for at most a millisecond at a time.
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use std::sync::Arc;
/// use tabletop_control::SpinThenPark;
///
/// let ready = Arc::new(AtomicBool::new(false));
/// let waiter = {
///     let ready = Arc::clone(&ready);
///     std::thread::spawn(move || {
///         let mut waiting = SpinThenPark::default().start();
///         while !ready.load(Ordering::Acquire) {
///             waiting.pause();
///         }
///     })
/// };
/// ready.store(true, Ordering::Release);
/// waiter.thread().unpark();
/// waiter.join().unwrap();
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpinThenPark {
    /// How long a wait spins before it parks. A time, not a count of spins, which take 9 ns
    /// on one processor and 1 ns on another. Zero parks at once (the right choice on one
    /// core, where spinning only keeps the awaited thread from running).
    pub spin_for: Duration,
    /// Spins between looks at the clock (a look costs about as much as a few spins).
    pub spins_per_look: u32,
    /// The longest park before looking again: a wake-up is then never needed for progress,
    /// only for speed.
    pub nap: Duration,
}

impl Default for SpinThenPark {
    fn default() -> Self {
        SpinThenPark {
            spin_for: Duration::from_micros(20),
            spins_per_look: 16,
            nap: Duration::from_millis(1),
        }
    }
}

impl SpinThenPark {
    /// The same tuning without spinning: every pause parks.
    pub fn parking(self) -> Self {
        SpinThenPark {
            spin_for: Duration::ZERO,
            ..self
        }
    }

    /// A new wait with this tuning; call [`Waiting::pause`] until what it waits for is there.
    pub fn start(self) -> Waiting {
        Waiting {
            tuning: self,
            spins: 0,
            began: None,
        }
    }
}

/// One wait in progress (see [`SpinThenPark`]).
#[derive(Debug)]
pub struct Waiting {
    tuning: SpinThenPark,
    spins: u32,
    /// When the wait first looked at the clock.
    began: Option<Instant>,
}

impl Waiting {
    /// One turn of the wait: a spin, or once it has spun long enough, a park until
    /// [`std::thread::Thread::unpark`] or the nap's end. The caller looks at what it waits
    /// for between turns; the thread that provides it unparks the waiter after publishing.
    pub fn pause(&mut self) {
        if self.spinning() {
            std::hint::spin_loop();
        } else {
            std::thread::park_timeout(self.tuning.nap);
        }
    }

    /// [`Waiting::pause`] for a waiter whose waker unparks only a thread that says it sleeps:
    /// before parking, `asleep` is set and `still_waiting` asked again, so that a waker that
    /// publishes, then reads `asleep`, is either seen here or unparks this thread; `asleep`
    /// is cleared after.
    pub fn pause_announced(&mut self, asleep: &AtomicBool, still_waiting: impl FnOnce() -> bool) {
        if self.spinning() {
            std::hint::spin_loop();
            return;
        }
        asleep.store(true, Ordering::SeqCst);
        if still_waiting() {
            std::thread::park_timeout(self.tuning.nap);
        }
        asleep.store(false, Ordering::SeqCst);
    }

    /// Whether this turn spins: between looks at the clock, and until `spin_for` has passed.
    fn spinning(&mut self) -> bool {
        if self.tuning.spin_for.is_zero() {
            return false;
        }
        self.spins = self.spins.wrapping_add(1);
        let look = self.spins.is_multiple_of(self.tuning.spins_per_look.max(1));
        !look || self.began.get_or_insert_with(Instant::now).elapsed() < self.tuning.spin_for
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    #[test]
    fn a_wait_ends_once_the_other_thread_publishes_whatever_the_tuning() {
        let tunings = [
            SpinThenPark::default(),
            SpinThenPark::default().parking(),
            SpinThenPark {
                spin_for: Duration::from_secs(3600),
                spins_per_look: 0,
                nap: Duration::from_secs(3600),
            },
        ];
        for tuning in tunings {
            let ready = Arc::new(AtomicBool::new(false));
            let asleep = Arc::new(AtomicBool::new(false));
            let waiter = {
                let (ready, asleep) = (Arc::clone(&ready), Arc::clone(&asleep));
                std::thread::spawn(move || {
                    let mut waiting = tuning.start();
                    while !ready.load(Ordering::SeqCst) {
                        waiting.pause_announced(&asleep, || !ready.load(Ordering::SeqCst));
                    }
                })
            };
            ready.store(true, Ordering::SeqCst);
            if asleep.load(Ordering::SeqCst) {
                waiter.thread().unpark();
            }
            // An unpark that comes early is kept for the next park, so this never hangs.
            waiter.thread().unpark();
            assert!(waiter.join().is_ok());
        }
    }

    #[test]
    fn a_parking_wait_never_spins() {
        let mut waiting = SpinThenPark::default().parking().start();
        assert!(!waiting.spinning());
        let mut spinning = SpinThenPark {
            spin_for: Duration::from_secs(3600),
            ..SpinThenPark::default()
        }
        .start();
        assert!(spinning.spinning());
    }
}

//! Implicit games with a Python move function: positions are Python objects (hashable),
//! values are memoised by the app layer's solver (`tabletop_app::grundy::Solver`).
//!
//! The solver's trait cannot fail, so the first exception raised by the move function (or
//! by iterating its result, hashing a position, or a Ctrl-C) is kept, the solver stops
//! getting moves, and the call raises it unchanged; the memo, which that stop made wrong,
//! is thrown away.
//!
//! One solver serves every thread: a call checks it out (waiting, with the GIL released,
//! while another thread has it) and puts it back; a move function that calls its own game
//! is refused. The solver is in its slot whenever no call is running, which is when the
//! garbage collector visits it (`__traverse__`) or breaks a cycle through it (`__clear__`).

use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::gc::PyVisit;
use pyo3::prelude::*;
use pyo3::PyTraverseError;
use tabletop_app::grundy::{ImplicitCycle, ImplicitGame as Game, Outcome, Solver};

/// How often (in move-function calls) Ctrl-C is checked and progress considered.
const SIGNAL_EVERY: u64 = 1024;

/// The least time between two calls of a progress callback.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// The stage an implicit game's progress callback is told: `done` counts the move-function
/// calls so far (the positions evaluated), of at most the game's limit.
const PROGRESS_STAGE: &str = "positions";

/// A position: a Python object and its hash.
struct Key {
    object: Py<PyAny>,
    hash: isize,
}

impl Clone for Key {
    fn clone(&self) -> Key {
        Python::attach(|py| Key {
            object: self.object.clone_ref(py),
            hash: self.hash,
        })
    }
}

thread_local! {
    /// The first exception an `__eq__` raised while the solver compared positions: the
    /// solver's map cannot fail, so it is kept here and raised when the call returns.
    static EQ_ERROR: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

impl PartialEq for Key {
    /// As a dict compares keys: the same object, or Python's `==` (so a `nan` position is
    /// itself); an exception in `__eq__` counts as unequal here and is raised afterwards.
    fn eq(&self, other: &Key) -> bool {
        if self.hash != other.hash {
            return false;
        }
        Python::attach(|py| {
            let (mine, theirs) = (self.object.bind(py), other.object.bind(py));
            mine.is(theirs)
                || mine.eq(theirs).unwrap_or_else(|error| {
                    EQ_ERROR.with(|slot| {
                        slot.borrow_mut().get_or_insert(error);
                    });
                    false
                })
        })
    }
}

impl Eq for Key {}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
    }
}

impl Key {
    fn new(object: Bound<'_, PyAny>) -> PyResult<Key> {
        Ok(Key {
            hash: object.hash()?,
            object: object.unbind(),
        })
    }
}

/// The Python move function as a game. It lives in one thread at a time (the one that
/// checked the solver out), so plain cells do.
struct Moves {
    function: Py<PyAny>,
    /// The first exception raised; once set, no more moves are asked for.
    error: RefCell<Option<PyErr>>,
    calls: Cell<u64>,
    limit: u64,
    /// The progress callback of the call running, and when it was last called.
    progress: RefCell<Option<Py<PyAny>>>,
    reported: Cell<Option<Instant>>,
}

impl Moves {
    fn new(function: Py<PyAny>, limit: u64) -> Moves {
        Moves {
            function,
            error: RefCell::new(None),
            calls: Cell::new(0),
            limit,
            progress: RefCell::new(None),
            reported: Cell::new(None),
        }
    }

    fn failed(&self) -> bool {
        self.error.borrow().is_some()
    }

    fn fail(&self, error: PyErr) {
        self.error.borrow_mut().get_or_insert(error);
    }

    fn take_error(&self) -> Option<PyErr> {
        self.error.borrow_mut().take()
    }

    /// Every [`SIGNAL_EVERY`] calls: Ctrl-C, then the progress callback if one is given and
    /// [`PROGRESS_EVERY`] has passed since its last call (the first call is not delayed).
    fn checkpoint(&self, py: Python<'_>, calls: u64) -> PyResult<()> {
        py.check_signals()?;
        let progress = self.progress.borrow().as_ref().map(|p| p.clone_ref(py));
        let Some(progress) = progress else {
            return Ok(());
        };
        let now = Instant::now();
        if self
            .reported
            .get()
            .is_some_and(|last| now.duration_since(last) < PROGRESS_EVERY)
        {
            return Ok(());
        }
        self.reported.set(Some(now));
        progress.bind(py).call1((PROGRESS_STAGE, calls, self.limit))?;
        Ok(())
    }

    fn call(&self, py: Python<'_>, position: &Key, out: &mut Vec<Key>) -> PyResult<()> {
        let calls = self.calls.get() + 1;
        self.calls.set(calls);
        if calls.is_multiple_of(SIGNAL_EVERY) {
            self.checkpoint(py, calls)?;
        }
        if calls > self.limit {
            return Err(PyMemoryError::new_err(format!(
                "the game reached more than {} positions (the limit given)",
                self.limit
            )));
        }
        let result = self.function.bind(py).call1((position.object.bind(py),))?;
        for item in result.try_iter()? {
            out.push(Key::new(item?)?);
        }
        Ok(())
    }
}

impl Game for Moves {
    type Position = Key;

    fn moves(&self, position: &Key, out: &mut Vec<Key>) {
        if self.failed() {
            return;
        }
        Python::attach(|py| {
            if let Err(error) = self.call(py, position, out) {
                out.clear();
                self.fail(error);
            }
        });
    }
}

/// Where the solver is: in its slot, in use by a thread, or let go by `__clear__`.
enum Slot {
    Idle(Box<Solver<Moves>>),
    Busy(ThreadId),
    Cleared,
}

/// A game given by a move function (see `tabletop.ImplicitGame`).
#[pyclass(frozen, module = "tabletop._tabletop")]
pub struct ImplicitGame {
    slot: Mutex<Slot>,
    /// Signalled when the solver goes back into its slot.
    returned: Condvar,
}

/// A solver checked out of its game: put back when dropped (a fresh one when the call
/// failed or panicked, since the stop left its memo wrong).
struct Checkout<'a> {
    game: &'a ImplicitGame,
    solver: Option<Box<Solver<Moves>>>,
    spoiled: bool,
}

impl Checkout<'_> {
    fn solver(&mut self) -> PyResult<&mut Solver<Moves>> {
        self.solver
            .as_deref_mut()
            .ok_or_else(|| PyRuntimeError::new_err("the game's solver is gone (a bug: please report it)"))
    }
}

impl Drop for Checkout<'_> {
    fn drop(&mut self) {
        let Some(mut solver) = self.solver.take() else {
            return;
        };
        if self.spoiled || std::thread::panicking() {
            let (function, limit) =
                Python::attach(|py| (solver.game().function.clone_ref(py), solver.game().limit));
            solver = Box::new(Solver::new(Moves::new(function, limit)));
        }
        *solver.game().progress.borrow_mut() = None;
        solver.game().reported.set(None);
        *self.game.lock() = Slot::Idle(solver);
        self.game.returned.notify_one();
    }
}

impl ImplicitGame {
    fn lock(&self) -> MutexGuard<'_, Slot> {
        self.slot.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The solver, once no other thread has it (waiting with the GIL released); refused to
    /// the thread already using it, which is a move function calling its own game.
    fn check_out(&self, py: Python<'_>) -> PyResult<Checkout<'_>> {
        let me = std::thread::current().id();
        if matches!(*self.lock(), Slot::Busy(owner) if owner == me) {
            return Err(PyRuntimeError::new_err(
                "a move function may not call its own game (the game is being solved in this thread)",
            ));
        }
        let solver = py.detach(|| {
            let mut slot = self.lock();
            loop {
                match std::mem::replace(&mut *slot, Slot::Busy(me)) {
                    Slot::Idle(solver) => return Some(solver),
                    Slot::Cleared => {
                        *slot = Slot::Cleared;
                        return None;
                    }
                    busy @ Slot::Busy(_) => {
                        *slot = busy;
                        slot = self.returned.wait(slot).unwrap_or_else(PoisonError::into_inner);
                    }
                }
            }
        });
        let solver =
            solver.ok_or_else(|| PyRuntimeError::new_err("the game was cleared by the garbage collector"))?;
        Ok(Checkout {
            game: self,
            solver: Some(solver),
            spoiled: false,
        })
    }

    /// Runs `work` on the solver, telling `progress` how far it got; an exception the move
    /// function (or `progress`) raised wins over the result.
    fn with<T>(
        &self,
        py: Python<'_>,
        progress: Option<Py<PyAny>>,
        work: impl FnOnce(&mut Solver<Moves>) -> Result<T, ImplicitCycle<Key>>,
    ) -> PyResult<T> {
        let mut checkout = self.check_out(py)?;
        let solver = checkout.solver()?;
        *solver.game().progress.borrow_mut() = progress;
        let result = work(solver);
        let failed = EQ_ERROR
            .with(|slot| slot.borrow_mut().take())
            .or_else(|| solver.game().take_error());
        if let Some(error) = failed {
            checkout.spoiled = true;
            return Err(error);
        }
        result.map_err(|cycle| {
            PyValueError::new_err(format!(
                "{cycle}; the cycle starts at {}",
                cycle.cycle.first().map_or_else(String::new, |k| k
                    .object
                    .bind(py)
                    .repr()
                    .map_or_else(|_| "?".into(), |r| r.to_string()))
            ))
        })
    }
}

fn keys(positions: &Bound<'_, PyAny>) -> PyResult<Vec<Key>> {
    positions.try_iter()?.map(|item| Key::new(item?)).collect()
}

/// A progress argument: None, or something callable.
fn progress_callback(progress: Option<Bound<'_, PyAny>>) -> PyResult<Option<Py<PyAny>>> {
    match progress {
        Some(p) if !p.is_callable() => Err(PyTypeError::new_err("progress must be callable")),
        p => Ok(p.map(Bound::unbind)),
    }
}

#[pymethods]
impl ImplicitGame {
    /// A game whose moves from `position` are `moves(position)` (an iterable of hashable
    /// positions); at most `limit` positions are evaluated.
    #[new]
    #[pyo3(signature = (moves, limit=10_000_000))]
    fn new(py: Python<'_>, moves: Py<PyAny>, limit: u64) -> PyResult<ImplicitGame> {
        if !moves.bind(py).is_callable() {
            return Err(PyTypeError::new_err("moves must be callable"));
        }
        Ok(ImplicitGame {
            slot: Mutex::new(Slot::Idle(Box::new(Solver::new(Moves::new(moves, limit))))),
            returned: Condvar::new(),
        })
    }

    /// The Sprague-Grundy value of `position` (memoised).
    #[pyo3(signature = (position, progress=None))]
    fn value(
        &self,
        py: Python<'_>,
        position: Bound<'_, PyAny>,
        progress: Option<Bound<'_, PyAny>>,
    ) -> PyResult<u32> {
        let progress = progress_callback(progress)?;
        let key = Key::new(position)?;
        self.with(py, progress, |solver| solver.value(&key))
    }

    /// "WIN" or "LOSE" for the sum of `positions`.
    #[pyo3(signature = (positions, progress=None))]
    fn outcome(
        &self,
        py: Python<'_>,
        positions: Bound<'_, PyAny>,
        progress: Option<Bound<'_, PyAny>>,
    ) -> PyResult<&'static str> {
        let progress = progress_callback(progress)?;
        let keys = keys(&positions)?;
        self.with(py, progress, |solver| solver.outcome(&keys))
            .map(Outcome::as_str)
    }

    /// A winning move in the sum of `positions`: `(index, position)`, or None.
    #[pyo3(signature = (positions, progress=None))]
    fn winning_move(
        &self,
        py: Python<'_>,
        positions: Bound<'_, PyAny>,
        progress: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Option<(usize, Py<PyAny>)>> {
        let progress = progress_callback(progress)?;
        let keys = keys(&positions)?;
        let found = self.with(py, progress, |solver| solver.winning_move(&keys))?;
        Ok(found.map(|m| (m.index, m.to.object)))
    }

    /// How many positions have a memoised value.
    #[getter]
    fn known(&self, py: Python<'_>) -> PyResult<usize> {
        let mut checkout = self.check_out(py)?;
        Ok(checkout.solver()?.known())
    }

    /// Visits what a game holds between calls: the move function and the memoised
    /// positions.
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        // Never wait here: a solver in use (its thread making the game reachable) is not
        // visited, which only keeps the game alive through this collection.
        let Ok(slot) = self.slot.try_lock() else {
            return Ok(());
        };
        if let Slot::Idle(solver) = &*slot {
            visit.call(&solver.game().function)?;
            for position in solver.positions() {
                visit.call(&position.object)?;
            }
        }
        Ok(())
    }

    /// Lets go of the move function (and the memo), breaking a cycle through it.
    fn __clear__(&self) {
        let cleared = {
            let mut slot = self.lock();
            match &*slot {
                Slot::Idle(_) => Some(std::mem::replace(&mut *slot, Slot::Cleared)),
                _ => None,
            }
        };
        // Dropped outside the lock: the move function's own destructor may run here.
        drop(cleared);
    }
}

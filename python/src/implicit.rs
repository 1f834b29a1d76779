//! Implicit games with a Python move function: positions are Python objects (hashable),
//! values are memoised by the app layer's solver (`tabletop_app::grundy::Solver`).
//!
//! The solver's trait cannot fail, so the first exception raised by the move function (or
//! by iterating its result, hashing a position, or a Ctrl-C) is kept, the solver stops
//! getting moves, and the call raises it unchanged; the memo, which that stop made wrong,
//! is thrown away.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use tabletop_app::grundy::{ImplicitCycle, ImplicitGame as Game, Outcome, Solver};

/// How often (in move-function calls) Ctrl-C is checked.
const SIGNAL_EVERY: u64 = 1024;

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

/// The Python move function as a game.
struct Moves {
    function: Py<PyAny>,
    /// The first exception raised; once set, no more moves are asked for.
    error: Mutex<Option<PyErr>>,
    calls: Mutex<u64>,
    limit: u64,
}

impl Moves {
    fn failed(&self) -> bool {
        self.error.lock().map_or(true, |e| e.is_some())
    }

    fn fail(&self, error: PyErr) {
        if let Ok(mut slot) = self.error.lock() {
            slot.get_or_insert(error);
        }
    }

    fn take_error(&self) -> Option<PyErr> {
        self.error.lock().ok().and_then(|mut slot| slot.take())
    }

    fn call(&self, py: Python<'_>, position: &Key, out: &mut Vec<Key>) -> PyResult<()> {
        let calls = {
            let mut calls = self
                .calls
                .lock()
                .map_err(|_| PyRuntimeError::new_err("poisoned"))?;
            *calls += 1;
            *calls
        };
        if calls % SIGNAL_EVERY == 0 {
            py.check_signals()?;
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

/// A game given by a move function (see `tabletop.ImplicitGame`).
#[pyclass(frozen, module = "tabletop._tabletop")]
pub struct ImplicitGame {
    function: Py<PyAny>,
    limit: u64,
    solver: Mutex<Solver<Moves>>,
}

fn solver(py: Python<'_>, function: &Py<PyAny>, limit: u64) -> Solver<Moves> {
    Solver::new(Moves {
        function: function.clone_ref(py),
        error: Mutex::new(None),
        calls: Mutex::new(0),
        limit,
    })
}

impl ImplicitGame {
    /// Runs `work` on the solver; an exception the move function raised wins over the result.
    fn with<T>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut Solver<Moves>) -> Result<T, ImplicitCycle<Key>>,
    ) -> PyResult<T> {
        let mut solver = self.solver.try_lock().map_err(|_| {
            PyRuntimeError::new_err(
                "the game is already being solved (a move function may not call its own game)",
            )
        })?;
        let result = work(&mut solver);
        let failed = EQ_ERROR
            .with(|slot| slot.borrow_mut().take())
            .or_else(|| solver.game().take_error());
        if let Some(error) = failed {
            *solver = solver_for(py, self);
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

fn solver_for(py: Python<'_>, game: &ImplicitGame) -> Solver<Moves> {
    solver(py, &game.function, game.limit)
}

fn keys(positions: &Bound<'_, PyAny>) -> PyResult<Vec<Key>> {
    positions.try_iter()?.map(|item| Key::new(item?)).collect()
}

#[pymethods]
impl ImplicitGame {
    /// A game whose moves from `position` are `moves(position)` (an iterable of hashable
    /// positions); at most `limit` positions are evaluated.
    #[new]
    #[pyo3(signature = (moves, limit=10_000_000))]
    fn new(py: Python<'_>, moves: Py<PyAny>, limit: u64) -> PyResult<ImplicitGame> {
        if !moves.bind(py).is_callable() {
            return Err(pyo3::exceptions::PyTypeError::new_err("moves must be callable"));
        }
        let solver = Mutex::new(solver(py, &moves, limit));
        Ok(ImplicitGame {
            function: moves,
            limit,
            solver,
        })
    }

    /// The Sprague-Grundy value of `position` (memoised).
    fn value(&self, py: Python<'_>, position: Bound<'_, PyAny>) -> PyResult<u32> {
        let key = Key::new(position)?;
        self.with(py, |solver| solver.value(&key))
    }

    /// "WIN" or "LOSE" for the sum of `positions`.
    fn outcome(&self, py: Python<'_>, positions: Bound<'_, PyAny>) -> PyResult<&'static str> {
        let keys = keys(&positions)?;
        self.with(py, |solver| solver.outcome(&keys)).map(Outcome::as_str)
    }

    /// A winning move in the sum of `positions`: `(index, position)`, or None.
    fn winning_move(
        &self,
        py: Python<'_>,
        positions: Bound<'_, PyAny>,
    ) -> PyResult<Option<(usize, Py<PyAny>)>> {
        let keys = keys(&positions)?;
        let found = self.with(py, |solver| solver.winning_move(&keys))?;
        Ok(found.map(|m| (m.index, m.to.object)))
    }

    /// How many positions have a memoised value.
    #[getter]
    fn known(&self) -> PyResult<usize> {
        let solver = self
            .solver
            .try_lock()
            .map_err(|_| PyRuntimeError::new_err("the game is being solved"))?;
        Ok(solver.known())
    }
}

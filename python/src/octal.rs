//! Octal games' nim-values: `Octal` and `octal()`.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use tabletop_app::grundy::Outcome;
use tabletop_app::octal::{
    Game, Leave, Limits, OctalCode, Period, PeriodicValues, Play, PlayReport, Report, Request,
};
use tabletop_app::{Control, Failure, Source};

use crate::errors::raise;
use crate::interrupts::interruptible;

/// Python's limits: the engine's own (as the command line's), refusals naming `heaps`.
pub const PYTHON_LIMITS: Limits = Limits {
    heaps_name: "heaps",
    query_name: "heaps",
    ..Limits::NONE
};

/// The typed report of `request` for the code `code`, computed off the GIL (see
/// [`interruptible`]), telling `progress` how far it got.
pub fn report_of(
    py: Python<'_>,
    code: &str,
    request: Request,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Report> {
    let code = code.as_bytes().to_vec();
    interruptible(py, progress, move |control: &Control| {
        let source = Source::new("<code>", code);
        tabletop_app::octal::report(Game::Code(&source), &request, control)
    })?
    .map_err(|f: Failure| raise(py, f))
}

/// The nim-values of an octal game (see `tabletop.octal`).
#[pyclass(frozen, module = "tabletop._tabletop")]
pub struct Octal {
    code: OctalCode,
    /// G(0..=heaps), read-only: the queries read it as computed.
    values: Py<PyArray1<u32>>,
    /// The largest heap computed.
    heaps: u64,
    period: Option<Period>,
}

impl Octal {
    /// Runs `answer` on the values.
    fn with_values<T>(&self, py: Python<'_>, answer: impl FnOnce(&[u32]) -> PyResult<T>) -> PyResult<T> {
        let values = self.values.bind(py).readonly();
        answer(values.as_slice()?)
    }
}

#[pymethods]
impl Octal {
    /// G(0..=heaps) as a read-only uint32 array, the same array every time.
    #[getter]
    fn values(&self, py: Python<'_>) -> Py<PyArray1<u32>> {
        self.values.clone_ref(py)
    }

    /// The largest heap computed.
    #[getter]
    fn heaps(&self) -> u64 {
        self.heaps
    }

    /// The code's digits (`0.77` is [0, 7, 7]).
    #[getter]
    fn digits(&self) -> Vec<u8> {
        self.code.digits().to_vec()
    }

    /// `(period, preperiod)` proven by the computed values, or None.
    fn period(&self) -> Option<(usize, usize)> {
        self.period.map(|p| (p.period, p.preperiod))
    }

    /// A winning move in the sum of `heaps`: `(heap index, take, leave)` with `leave` the
    /// list of heaps left of it, or None when the sum is lost. Heaps past the values computed
    /// are answered from the proven period, as the command line answers them.
    fn winning_move(&self, py: Python<'_>, heaps: Vec<u64>) -> PyResult<Option<(usize, u64, Vec<u64>)>> {
        self.with_values(py, |values| {
            let found = match self.periodic(values, &heaps) {
                Some(periodic) => periodic.winning_move(&self.code, &heaps),
                None => self
                    .code
                    .winning_move(values, &heaps)
                    .map_err(|e| PyValueError::new_err(e.to_string()))?,
            };
            Ok(found.map(|m| (m.heap, m.take, Leave::heaps(m.leave))))
        })
    }

    /// "WIN" or "LOSE" for the sum of `heaps` (past the values computed, from the period).
    fn outcome(&self, py: Python<'_>, heaps: Vec<u64>) -> PyResult<&'static str> {
        self.with_values(py, |values| match self.periodic(values, &heaps) {
            Some(periodic) => Ok(periodic.outcome(&heaps).as_str()),
            None => tabletop_app::octal::heaps_outcome(values, &heaps)
                .map(Outcome::as_str)
                .map_err(|e| PyValueError::new_err(e.to_string())),
        })
    }
}

impl Octal {
    /// The values extended by the proven period, when `heaps` go past the values computed
    /// and a period is proven.
    fn periodic<'a>(&self, values: &'a [u32], heaps: &[u64]) -> Option<PeriodicValues<'a>> {
        let past = heaps.iter().any(|&h| h > self.heaps);
        self.period
            .filter(|_| past)
            .and_then(|period| PeriodicValues::new(values, period))
    }
}

/// The threads the command line computes values on: one per core (the engine uses 2 at most).
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The nim-values G(0..=heaps) of the octal game `code` (such as "0.77"), telling
/// `progress` how far it got (stage "heaps"). The values are held in memory, so they count
/// against the engine's memory cap as the app's typed report counts them.
#[pyfunction]
#[pyo3(signature = (code, heaps, progress=None))]
pub fn octal(py: Python<'_>, code: &str, heaps: u64, progress: Option<Bound<'_, PyAny>>) -> PyResult<Octal> {
    let request = Request {
        play: Play::Normal,
        heaps: Some(heaps),
        jobs: Some(threads()),
        limits: PYTHON_LIMITS,
        ..Request::default()
    };
    let report = report_of(py, code, request, progress.as_ref())?;
    let PlayReport::Normal(normal) = report.play else {
        return Err(PyRuntimeError::new_err(
            "a normal-play request answered in misère play (a bug)",
        ));
    };
    // The values move into numpy as they are: no copy, no Python object per value.
    let values = PyArray1::from_vec(py, normal.values);
    values.getattr("flags")?.setattr("writeable", false)?;
    Ok(Octal {
        code: report.code,
        values: values.unbind(),
        heaps: report.heaps,
        period: normal.period,
    })
}

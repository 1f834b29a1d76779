//! Octal games' nim-values: `Octal` and `octal()`.

use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabletop_app::grundy::Outcome;
use tabletop_app::octal::{Leave, NimSequence, OctalCode};
use tabletop_app::Source;

use crate::errors::raise;
use crate::interrupts::interruptible;

/// The nim-values of an octal game (see `tabletop.octal`).
#[pyclass(frozen, module = "tabletop._tabletop")]
pub struct Octal {
    code: OctalCode,
    sequence: NimSequence,
}

#[pymethods]
impl Octal {
    /// G(0..=heaps) as uint32.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_slice(py, self.sequence.values())
    }

    /// The largest heap computed.
    #[getter]
    fn heaps(&self) -> usize {
        self.sequence.values().len().saturating_sub(1)
    }

    /// The code's digits (`0.77` is [0, 7, 7]).
    #[getter]
    fn digits(&self) -> Vec<u8> {
        self.code.digits().to_vec()
    }

    /// `(period, preperiod)` proven by the computed values, or None.
    fn period(&self, py: Python<'_>) -> Option<(usize, usize)> {
        py.detach(|| self.sequence.period())
            .map(|p| (p.period, p.preperiod))
    }

    /// A winning move in the sum of `heaps`: `(heap index, take, leave)` with `leave` the
    /// list of heaps left of it, or None when the sum is lost. Heaps must be within the
    /// values computed.
    fn winning_move(&self, heaps: Vec<u64>) -> PyResult<Option<(usize, u64, Vec<u64>)>> {
        let found = self
            .code
            .winning_move(self.sequence.values(), &heaps)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(found.map(|m| (m.heap, m.take, Leave::heaps(m.leave))))
    }

    /// "WIN" or "LOSE" for the sum of `heaps`.
    fn outcome(&self, heaps: Vec<u64>) -> PyResult<&'static str> {
        tabletop_app::octal::heaps_outcome(self.sequence.values(), &heaps)
            .map(Outcome::as_str)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// The nim-values G(0..=heaps) of the octal game `code` (such as "0.77"), telling
/// `progress` how far it got (stage "heaps").
#[pyfunction]
#[pyo3(signature = (code, heaps, progress=None))]
pub fn octal(py: Python<'_>, code: &str, heaps: u64, progress: Option<Bound<'_, PyAny>>) -> PyResult<Octal> {
    let code_source = Source::new("<code>", code.as_bytes().to_vec());
    let code = tabletop_app::octal::read_code(&code_source).map_err(|f| raise(py, f))?;
    let work_code = code.clone();
    let sequence = interruptible(py, progress.as_ref(), move |control| {
        tabletop_app::octal::values_until(&work_code, heaps, None, control)
    })?
    .map_err(|f| raise(py, f))?;
    Ok(Octal { code, sequence })
}

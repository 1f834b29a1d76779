//! Octal games under misère play: `Misere` and `misere()`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabletop_app::grundy::Outcome;
use tabletop_app::octal::misere::MisereQuotient;
use tabletop_app::octal::{Leave, OctalCode};
use tabletop_app::Source;

use crate::errors::raise;
use crate::interrupts::interruptible;

/// The misère quotient of an octal game's heaps 0..=N (see `tabletop.misere`).
#[pyclass(frozen, module = "tabletop._tabletop")]
pub struct Misere {
    code: OctalCode,
    quotient: MisereQuotient,
}

#[pymethods]
impl Misere {
    /// The number of elements.
    #[getter]
    fn order(&self) -> usize {
        self.quotient.order()
    }

    /// The largest heap included.
    #[getter]
    fn heaps(&self) -> usize {
        self.quotient.largest_heap()
    }

    /// `pretend[n]`: the element of heap n (`pretend[0] == 0`, the identity).
    #[getter]
    fn pretend(&self) -> Vec<u32> {
        self.quotient.pretend().to_vec()
    }

    /// The multiplication table: `product[i][j]`.
    #[getter]
    fn product(&self) -> Vec<Vec<u32>> {
        self.quotient.product_table()
    }

    /// The P-portion: elements whose sums the player to move loses.
    #[getter]
    fn p(&self) -> Vec<u32> {
        self.quotient.p_portion()
    }

    /// `(period, preperiod)` of the pretending function, proven for all heaps, or None.
    fn period(&self) -> Option<(usize, usize)> {
        self.quotient.period(&self.code).map(|p| (p.period, p.preperiod))
    }

    /// "WIN" or "LOSE" under misère play for the sum of `heaps`.
    fn outcome(&self, heaps: Vec<u64>) -> PyResult<&'static str> {
        self.quotient
            .outcome(&heaps)
            .map(Outcome::as_str)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// A move to a misère P-position: `(heap index, take, leave)`, or None.
    fn winning_move(&self, heaps: Vec<u64>) -> PyResult<Option<(usize, u64, Vec<u64>)>> {
        let found = self
            .quotient
            .winning_move(&self.code, &heaps)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(found.map(|m| (m.heap, m.take, Leave::heaps(m.leave))))
    }
}

/// The misère quotient of heaps 0..=heaps of the octal game `code` (such as "0.07").
#[pyfunction]
pub fn misere(py: Python<'_>, code: &str, heaps: u64) -> PyResult<Misere> {
    let code_source = Source::new("<code>", code.as_bytes().to_vec());
    let code = tabletop_app::octal::read_code(&code_source).map_err(|f| raise(py, f))?;
    let work_code = code.clone();
    let quotient = interruptible(py, None, move |control| {
        tabletop_app::octal::misere::quotient(&work_code, heaps, control)
    })?
    .map_err(|f| raise(py, f))?;
    Ok(Misere { code, quotient })
}

//! Octal games under misère play: `Misere` and `misere()`, through the same octal request
//! as normal play, whose play is misère.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use tabletop_app::grundy::Outcome;
use tabletop_app::octal::misere::{word, MisereQuotient};
use tabletop_app::octal::survey::{survey_rows, SurveyRequest, SurveyRow};
use tabletop_app::octal::{Leave, OctalCode, Period, Play, PlayReport, Request};
use tabletop_app::Source;

use crate::errors::raise;
use crate::interrupts::interruptible;
use crate::octal::{report_of, PYTHON_LIMITS};

/// The misère quotient of an octal game's heaps 0..=N (see `tabletop.misere`).
#[pyclass(frozen, module = "tabletop._tabletop")]
pub struct Misere {
    code: OctalCode,
    quotient: MisereQuotient,
    period: Option<Period>,
    /// The heap of each generator (`a`, `b`, ... in that order).
    generators: Vec<usize>,
    /// Relations `(left, right)` between words of the generators.
    relations: Vec<(String, String)>,
    /// Each element's normal word (`1` for the identity).
    words: Vec<String>,
}

#[pymethods]
impl Misere {
    /// The code's digits (`0.07` is [0, 0, 7]).
    #[getter]
    fn digits(&self) -> Vec<u8> {
        self.code.digits().to_vec()
    }

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

    /// The heap of each generator, `a` first.
    #[getter]
    fn generators(&self) -> Vec<usize> {
        self.generators.clone()
    }

    /// The relations `(left, right)` as words, such as `("a^2", "1")`.
    #[getter]
    fn relations(&self) -> Vec<(String, String)> {
        self.relations.clone()
    }

    /// Each element's normal word, such as `ab^2` (`1` for the identity).
    #[getter]
    fn words(&self) -> Vec<String> {
        self.words.clone()
    }

    /// `(period, preperiod)` of the pretending function, proven for all heaps, or None.
    fn period(&self) -> Option<(usize, usize)> {
        self.period.map(|p| (p.period, p.preperiod))
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

/// The misère quotient of heaps 0..=heaps of the octal game `code` (such as "0.07"), with
/// the GIL released, telling `progress` how far it got (stage "misère heaps").
#[pyfunction]
#[pyo3(signature = (code, heaps, progress=None))]
pub fn misere(
    py: Python<'_>,
    code: &str,
    heaps: u64,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<Misere> {
    let request = Request {
        play: Play::Misere,
        heaps: Some(heaps),
        period: true,
        limits: PYTHON_LIMITS,
        ..Request::default()
    };
    let report = report_of(py, code, request, progress.as_ref())?;
    let PlayReport::Misere(misere) = report.play else {
        return Err(PyRuntimeError::new_err(
            "a misère request answered in normal play (a bug)",
        ));
    };
    let presentation = misere.quotient.presentation();
    Ok(Misere {
        code: report.code,
        period: misere.period.flatten(),
        generators: presentation.generators,
        relations: presentation
            .relations
            .iter()
            .map(|(left, right)| (word(left), word(right)))
            .collect(),
        words: presentation.words.iter().map(|w| word(w)).collect(),
        quotient: misere.quotient,
    })
}

/// Every octal game of up to `digits` code digits under misère play (see
/// `tabletop.misere_survey`): one dict a class of codes, as the rows of
/// `tabletop octal --misere --survey DIGITS --json`.
#[pyfunction]
#[pyo3(signature = (digits, budget=5.0, done=Vec::new(), progress=None))]
pub fn misere_survey(
    py: Python<'_>,
    digits: usize,
    budget: f64,
    done: Vec<String>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<Vec<Py<PyAny>>> {
    let budget = std::time::Duration::try_from_secs_f64(budget)
        .ok()
        .filter(|b| !b.is_zero())
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "budget must be a positive number of seconds, got {budget}"
            ))
        })?;
    // The codes done, as the JSON lines the command line goes on from.
    let lines: String = done
        .iter()
        .map(|code| format!("{{\"code\":\"{code}\"}}\n"))
        .collect();
    let request = SurveyRequest {
        digits,
        budget,
        json: true,
        done: (!done.is_empty()).then(|| Source::new("done", lines.into_bytes())),
    };
    let rows = interruptible(py, progress.as_ref(), move |control| {
        let mut rows = Vec::new();
        survey_rows(&request, control, |row| rows.push(row)).map(|_| rows)
    })?
    .map_err(|failure| raise(py, failure))?;
    rows.into_iter().map(|row| survey_row(py, &row)).collect()
}

/// One survey row as a dict with the JSON row's keys, and `tame`.
fn survey_row(py: Python<'_>, row: &SurveyRow) -> PyResult<Py<PyAny>> {
    let dict = pyo3::types::PyDict::new(py);
    dict.set_item("code", row.code.to_string())?;
    dict.set_item("heaps", row.heaps)?;
    dict.set_item("order", row.order)?;
    dict.set_item("p_portion", row.p_portion)?;
    dict.set_item("period", row.period.map(|p| (p.period, p.preperiod)))?;
    dict.set_item("tame", row.tame)?;
    dict.set_item("stopped", row.stopped.as_ref().map(ToString::to_string))?;
    Ok(dict.into_any().unbind())
}

//! Race boards and their exact odds: `Board` and `Odds`.

use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabletop_app::odds::{Analysis, ExactBudget, Names, Refusal, Request, MAX_EXACT_WORK};
use tabletop_app::Source;

use crate::errors::{raise, Text};
use crate::interrupts::interruptible;

/// One step of an optimal line: `(throw, repeat, land, to)`.
pub type PathStep = (u8, u64, u64, u64);

/// A race board, read from a board file (docs/rules/board.md). Immutable.
#[pyclass(frozen, module = "tabletop._tabletop")]
pub struct Board {
    text: Vec<u8>,
    pub(crate) file: tabletop_app::odds::BoardFile,
}

#[pymethods]
impl Board {
    /// Reads a board file; raises `InputError` for a bad one.
    #[staticmethod]
    fn parse(py: Python<'_>, text: Text) -> PyResult<Board> {
        let text = text.into_bytes();
        let file = py
            .detach(|| tabletop_app::odds::read_board(&Source::new("<board>", text.clone())))
            .map_err(|f| raise(py, f))?;
        Ok(Board { text, file })
    }

    /// The board file text.
    #[getter]
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.text).into_owned()
    }

    /// The exact odds: see `tabletop.Board.odds`.
    #[pyo3(signature = (players=None, exact=false, percentiles=Vec::new(), progress=None, exact_budget=Some(MAX_EXACT_WORK)))]
    fn odds(
        &self,
        py: Python<'_>,
        players: Option<i64>,
        exact: bool,
        percentiles: Vec<f64>,
        progress: Option<Bound<'_, PyAny>>,
        exact_budget: Option<u64>,
    ) -> PyResult<Odds> {
        let request = Request {
            // The table the JSON form keeps: every P(T = t) exact to its last digit, down
            // to the JSON tail.
            json: true,
            percentiles,
            ..request(players, exact, exact_budget)?
        };
        request.check().map_err(refused)?;
        let text = self.text.clone();
        let analysis = interruptible(py, progress.as_ref(), move |control| {
            let source = Source::new("<board>", text);
            tabletop_app::odds::analyse_until(&source, &request, &mut |_| {}, control)
        })?
        .map_err(|f| raise(py, f))?;
        Ok(Odds { analysis })
    }

    /// The fewest throws from the start square to the goal, or None when unreachable
    /// (Snakes and Ladders rules: see `tabletop.Board.fewest_throws`).
    fn fewest_throws(&self, py: Python<'_>) -> PyResult<Option<u64>> {
        let line = py
            .detach(|| tabletop_app::snakes::race_line(&self.file))
            .map_err(|f| raise(py, f))?;
        Ok(line.map(|line| line.throws))
    }

    /// One optimal line as `(throw, repeat, land, to)` steps, or None when unreachable.
    fn optimal_path(&self, py: Python<'_>) -> PyResult<Option<Vec<PathStep>>> {
        let line = py
            .detach(|| tabletop_app::snakes::race_line(&self.file))
            .map_err(|f| raise(py, f))?;
        Ok(line.map(|line| {
            line.steps
                .iter()
                .map(|step| (step.throw, step.repeat, step.land, step.to))
                .collect()
        }))
    }

    /// The same board's answer as `tabletop odds` writes it (the summary, or JSON).
    #[pyo3(signature = (players=None, exact=false, json=false, progress=None, exact_budget=Some(MAX_EXACT_WORK)))]
    fn summary(
        &self,
        py: Python<'_>,
        players: Option<i64>,
        exact: bool,
        json: bool,
        progress: Option<Bound<'_, PyAny>>,
        exact_budget: Option<u64>,
    ) -> PyResult<String> {
        let request = Request {
            json,
            ..request(players, exact, exact_budget)?
        };
        let text = self.text.clone();
        let answer = interruptible(py, progress.as_ref(), move |control| {
            let source = Source::new("<board>", text);
            tabletop_app::odds::answer_until(&source, &request, &mut |_| {}, control)
        })?
        .map_err(|f| raise(py, f))?;
        Ok(answer.text)
    }
}

/// The request of a board's odds from Python's arguments, named as Python's user wrote them:
/// `players` checked by the application's limits, `exact_budget` None for no limit.
fn request(players: Option<i64>, exact: bool, exact_budget: Option<u64>) -> PyResult<Request> {
    let players = match players {
        Some(players) => Some(Names::PYTHON.players(players).map_err(refused)?),
        None => None,
    };
    Ok(Request {
        players,
        exact,
        exact_budget: exact_budget.map_or(ExactBudget::Unlimited, ExactBudget::Steps),
        names: Names::PYTHON,
        ..Request::default()
    })
}

/// A request past the application's limits, as Python's `ValueError`.
fn refused(refusal: Refusal) -> PyErr {
    PyValueError::new_err(refusal.to_string())
}

/// A percentage strictly between 0 and 100, as the application checks it.
#[pyfunction]
pub fn percentile(p: f64) -> PyResult<f64> {
    tabletop_app::odds::percentile(p).map_err(refused)
}

/// The exact odds of a board (see `tabletop.Odds`).
#[pyclass(frozen, module = "tabletop._tabletop")]
pub struct Odds {
    analysis: Analysis,
}

#[pymethods]
impl Odds {
    /// The fewest turns that can reach the goal.
    #[getter]
    fn min_turns(&self) -> u64 {
        self.analysis.min_turns
    }

    /// The expected number of turns of one counter.
    #[getter]
    fn expected_turns(&self) -> f64 {
        self.analysis.expected_turns
    }

    /// The variance of the number of turns.
    #[getter]
    fn variance(&self) -> f64 {
        self.analysis.variance
    }

    /// The expected number of turns as `"numerator/denominator"`, when asked for.
    #[getter]
    fn expected_turns_exact_text(&self) -> Option<String> {
        self.analysis
            .exact
            .as_ref()
            .map(|exact| format!("{}/{}", exact.numer(), exact.denom()))
    }

    /// Whether the distribution was tabulated (it is not beyond the work budget).
    #[getter]
    fn tabulated(&self) -> bool {
        self.analysis.distribution.is_some()
    }

    /// The median number of turns, or None when the distribution was not tabulated.
    #[getter]
    fn median(&self) -> Option<u64> {
        self.analysis.distribution.as_ref().map(|d| d.median())
    }

    /// The p-th percentile (0 < p < 100) of the number of turns, or None when beyond the table.
    fn percentile(&self, p: f64) -> PyResult<Option<u64>> {
        let p = percentile(p)?;
        Ok(self.analysis.distribution.as_ref().and_then(|d| d.percentile(p)))
    }

    /// `P(T = t)` for t in 0..=horizon as a float64 array (empty when not tabulated).
    #[getter]
    fn distribution<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        let probabilities: Vec<f64> = match &self.analysis.distribution {
            Some(d) => (0..=d.horizon()).map(|t| d.probability(t)).collect(),
            None => Vec::new(),
        };
        PyArray1::from_vec(py, probabilities)
    }

    /// `P(T > horizon)`: what the table leaves out (1.0 when not tabulated).
    #[getter]
    fn distribution_rest(&self) -> f64 {
        self.analysis.distribution.as_ref().map_or(1.0, |d| d.rest())
    }

    /// The expected number of rounds of the race, when players were given and it was tabulated.
    #[getter]
    fn expected_rounds(&self) -> Option<f64> {
        self.analysis.race.as_ref().map(|race| race.expected_rounds)
    }

    /// Each seat's chance to win (seat 1 first), or None.
    #[getter]
    fn win_probability<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray1<f64>>> {
        self.analysis
            .race
            .as_ref()
            .map(|race| PyArray1::from_slice(py, &race.win_probability))
    }

    /// The notes: what was left out and why (the CLI writes them to stderr).
    #[getter]
    fn notes(&self) -> Vec<String> {
        self.analysis.notes.clone()
    }
}

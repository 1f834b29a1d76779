//! Game graphs with cycles: `Graph` and the POJ 2425 reader.

use std::sync::OnceLock;

use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabletop_app::grundy::{Graph as GameGraph, Outcome, Position, Strategy, Value, Values};
use tabletop_app::Source;

use crate::errors::{raise, Text};

/// A game graph (positions 0..n-1, moves as successor lists).
#[pyclass(frozen, module = "tabletop._tabletop")]
pub struct Graph {
    graph: GameGraph,
    values: OnceLock<Values>,
}

impl Graph {
    fn wrap(graph: GameGraph) -> Graph {
        Graph {
            graph,
            values: OnceLock::new(),
        }
    }

    fn solved(&self, py: Python<'_>) -> &Values {
        if let Some(values) = self.values.get() {
            return values;
        }
        let values = py.detach(|| self.graph.values());
        self.values.get_or_init(|| values)
    }
}

/// A graph error as a ValueError.
pub fn graph_error(error: tabletop_app::grundy::GraphError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

#[pymethods]
impl Graph {
    /// A graph from successor lists: `successors[v]` lists the positions v moves to.
    #[new]
    fn new(py: Python<'_>, successors: Vec<Vec<u64>>) -> PyResult<Graph> {
        let graph = py
            .detach(|| GameGraph::from_lists(&successors))
            .map_err(graph_error)?;
        Ok(Graph::wrap(graph))
    }

    /// A graph from CSR arrays of uint32: the successors of v are `targets[offsets[v]:offsets[v+1]]`.
    #[staticmethod]
    fn from_csr(
        py: Python<'_>,
        offsets: PyReadonlyArray1<'_, u32>,
        targets: PyReadonlyArray1<'_, u32>,
    ) -> PyResult<Graph> {
        let offsets = offsets.as_slice()?.to_vec();
        let targets = targets.as_slice()?.to_vec();
        let graph = py
            .detach(|| GameGraph::from_csr(offsets, targets))
            .map_err(graph_error)?;
        Ok(Graph::wrap(graph))
    }

    /// The number of positions.
    fn __len__(&self) -> usize {
        self.graph.len()
    }

    /// The number of moves.
    #[getter]
    fn edge_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// The CSR arrays `(offsets, targets)` as uint32 arrays.
    fn csr<'py>(&self, py: Python<'py>) -> (Bound<'py, PyArray1<u32>>, Bound<'py, PyArray1<u32>>) {
        (
            PyArray1::from_slice(py, self.graph.offsets()),
            PyArray1::from_slice(py, self.graph.successor_array()),
        )
    }

    /// The generalized Sprague-Grundy values as int64, with -1 for an infinite value.
    fn values<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let values: Vec<i64> = self
            .solved(py)
            .iter()
            .map(|value| match value {
                Value::Finite(v) => i64::from(v),
                Value::Infinite(_) => -1,
            })
            .collect();
        PyArray1::from_vec(py, values)
    }

    /// The finite values among an infinite position's successors (its K), or None when
    /// the position's value is finite.
    fn infinite_set(&self, py: Python<'_>, position: Position) -> PyResult<Option<Vec<u32>>> {
        match self.solved(py).get(position) {
            Some(Value::Finite(_)) => Ok(None),
            Some(Value::Infinite(k)) => Ok(Some(k.to_vec())),
            None => Err(PyValueError::new_err(format!(
                "position {position} is outside 0..{}",
                self.graph.len().saturating_sub(1)
            ))),
        }
    }

    /// The value of one position as the CLI writes it: `3` or `∞(0,2)`.
    fn value_text(&self, py: Python<'_>, position: Position) -> PyResult<String> {
        match self.solved(py).get(position) {
            Some(value) => Ok(value.to_string()),
            None => Err(PyValueError::new_err(format!(
                "position {position} is outside 0..{}",
                self.graph.len().saturating_sub(1)
            ))),
        }
    }

    /// "WIN", "LOSE" or "DRAW" for the sum with a piece on each of `pieces`.
    fn outcome(&self, py: Python<'_>, pieces: Vec<Position>) -> PyResult<&'static str> {
        let values = self.solved(py);
        let outcome: Outcome = values
            .outcome(&pieces)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(outcome.as_str())
    }

    /// The move to play: `(piece index, from, to)` for a WIN, None for a LOSE or a DRAW.
    fn winning_move(
        &self,
        py: Python<'_>,
        pieces: Vec<Position>,
    ) -> PyResult<Option<(usize, Position, Position)>> {
        let values = self.solved(py);
        let play = py
            .detach(|| Strategy::new(&self.graph, values).answer(&pieces))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(match play.outcome {
            Outcome::Win => play.play.map(|m| (m.piece, m.from, m.to)),
            Outcome::Lose | Outcome::Draw => None,
        })
    }
}

/// Every test case of a POJ 2425 text: a list of `(Graph, queries)`.
#[pyfunction]
pub fn grundy_parse(py: Python<'_>, text: Text) -> PyResult<Vec<(Graph, Vec<Vec<Position>>)>> {
    let bytes = text.into_bytes();
    let cases = py
        .detach(|| tabletop_app::grundy::read_cases(&Source::new("<text>", bytes)))
        .map_err(|f| raise(py, f))?;
    Ok(cases
        .into_iter()
        .map(|case| (Graph::wrap(case.graph), case.queries))
        .collect())
}

//! The native module `tabletop._tabletop`: a thin PyO3 layer over `tabletop-app`, the one
//! application layer the CLI uses. Nothing here parses a game or computes an answer: it
//! hands text and numbers to the app layer (with the GIL released for the work) and turns
//! its typed results into Python values, numpy arrays for the long ones.

use std::sync::OnceLock;

mod events;
mod implicit;

use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use tabletop_app::grundy::{Graph as GameGraph, Outcome, Position, Strategy, Value, Values};
use tabletop_app::octal::{Leave, NimSequence, OctalCode};
use tabletop_app::odds::Analysis;
use tabletop_app::{Failure, Game, Source};

create_exception!(
    _tabletop,
    InputError,
    PyValueError,
    "A bad input: the message is the CLI's located report; `line`, `column` (1-based, or None) and `case` (1-based test case, or None) say where."
);

/// A game's text: `str` or `bytes`.
#[derive(FromPyObject)]
enum Text {
    /// A Python string (its UTF-8 bytes are read).
    Str(String),
    /// Raw bytes, read as they are.
    Bytes(Vec<u8>),
}

impl Text {
    fn into_bytes(self) -> Vec<u8> {
        match self {
            Text::Str(text) => text.into_bytes(),
            Text::Bytes(bytes) => bytes,
        }
    }
}

/// The Python exception for an app-layer failure: `InputError` (located) for a bad input,
/// `OSError` for I/O, `ValueError` for a request that makes no sense.
fn raise(py: Python<'_>, failure: Failure) -> PyErr {
    match &failure {
        Failure::Io(text) => PyOSError::new_err(text.trim_end().to_owned()),
        Failure::Usage(text) => PyValueError::new_err(text.trim_end().to_owned()),
        Failure::Invalid { problems, .. } => {
            let error = InputError::new_err(failure.report().trim_end().to_owned());
            let first = problems.first();
            let value = error.value(py);
            let located = first.and_then(|p| p.location);
            let attributes = [
                ("line", located.map(|l| l.line)),
                ("column", located.map(|l| l.column)),
                ("case", first.and_then(|p| p.case)),
            ];
            for (name, number) in attributes {
                if let Err(e) = value.setattr(name, number) {
                    return e;
                }
            }
            if let Err(e) = value.setattr("problem", first.map(|p| p.message.clone())) {
                return e;
            }
            error
        }
    }
}

/// How often a long computation looks for Ctrl-C.
const SIGNAL_POLL: std::time::Duration = std::time::Duration::from_millis(50);

/// Runs `work` on a thread of its own while this one, with the GIL released, waits for it
/// and looks for Ctrl-C (and any other signal with a Python handler) every [`SIGNAL_POLL`]:
/// a signal's exception is raised at once. The work is bounded by the app layer (work
/// budgets, memory caps), so an abandoned computation ends by itself, its result dropped.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    use std::sync::mpsc::{channel, RecvTimeoutError};
    let (sender, receiver) = channel();
    std::thread::Builder::new()
        .name("tabletop".into())
        .spawn(move || {
            // The receiver is gone when the caller was interrupted: nothing to hand over.
            let _ = sender.send(work());
        })
        .map_err(|e| PyRuntimeError::new_err(format!("starting the computation: {e}")))?;
    let mut receiver = receiver;
    loop {
        let (back, received) = py.detach(move || {
            let received = receiver.recv_timeout(SIGNAL_POLL);
            (receiver, received)
        });
        receiver = back;
        match received {
            Ok(result) => return Ok(result),
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the computation failed (a bug: please report it)",
                ))
            }
        }
    }
}

/// The judge's output for `text` of `game` ("chutes", "snakes", "grundy" or "pigs"): the
/// same bytes as `tabletop <game>`. Raises `InputError` for a bad input.
#[pyfunction]
fn answer(py: Python<'_>, game: &str, text: Text) -> PyResult<String> {
    let game: Game = game
        .parse()
        .map_err(|e: tabletop_app::UnknownName| PyValueError::new_err(e.to_string()))?;
    let bytes = text.into_bytes();
    interruptible(py, move || tabletop_app::answer(game, &bytes))?.map_err(|f| raise(py, f))
}

/// One step of an optimal line: `(throw, repeat, land, to)`.
type PathStep = (u8, u64, u64, u64);

/// A race board, read from a board file (docs/rules/board.md). Immutable.
#[pyclass(frozen, module = "tabletop._tabletop")]
struct Board {
    text: Vec<u8>,
    file: tabletop_app::odds::BoardFile,
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
    #[pyo3(signature = (players=None, exact=false, percentiles=Vec::new()))]
    fn odds(
        &self,
        py: Python<'_>,
        players: Option<u16>,
        exact: bool,
        percentiles: Vec<f64>,
    ) -> PyResult<Odds> {
        let request = tabletop_app::odds::Request {
            players,
            exact,
            percentiles,
            // The table the JSON form keeps: every P(T = t) exact to its last digit, down
            // to the JSON tail.
            json: true,
            ..Default::default()
        };
        let text = self.text.clone();
        let analysis = interruptible(py, move || {
            let source = Source::new("<board>", text);
            tabletop_app::odds::analyse(&source, &request, &mut |_| {})
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
    #[pyo3(signature = (players=None, exact=false, json=false))]
    fn summary(&self, py: Python<'_>, players: Option<u16>, exact: bool, json: bool) -> PyResult<String> {
        let request = tabletop_app::odds::Request {
            players,
            exact,
            json,
            ..Default::default()
        };
        let text = self.text.clone();
        let answer = interruptible(py, move || {
            let source = Source::new("<board>", text);
            tabletop_app::odds::answer(&source, &request, &mut |_| {})
        })?
        .map_err(|f| raise(py, f))?;
        Ok(answer.text)
    }
}

/// The exact odds of a board (see `tabletop.Odds`).
#[pyclass(frozen, module = "tabletop._tabletop")]
struct Odds {
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
    fn percentile(&self, p: f64) -> Option<u64> {
        self.analysis.distribution.as_ref().and_then(|d| d.percentile(p))
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

/// A game graph (positions 0..n-1, moves as successor lists).
#[pyclass(frozen, module = "tabletop._tabletop")]
struct Graph {
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
fn graph_error(error: tabletop_app::grundy::GraphError) -> PyErr {
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
fn grundy_parse(py: Python<'_>, text: Text) -> PyResult<Vec<(Graph, Vec<Vec<Position>>)>> {
    let bytes = text.into_bytes();
    let cases = py
        .detach(|| tabletop_app::grundy::read_cases(&Source::new("<text>", bytes)))
        .map_err(|f| raise(py, f))?;
    Ok(cases
        .into_iter()
        .map(|case| (Graph::wrap(case.graph), case.queries))
        .collect())
}

/// The nim-values of an octal game (see `tabletop.octal`).
#[pyclass(frozen, module = "tabletop._tabletop")]
struct Octal {
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

/// The nim-values G(0..=heaps) of the octal game `code` (such as "0.77").
#[pyfunction]
fn octal(py: Python<'_>, code: &str, heaps: u64) -> PyResult<Octal> {
    let code_source = Source::new("<code>", code.as_bytes().to_vec());
    let code = tabletop_app::octal::read_code(&code_source).map_err(|f| raise(py, f))?;
    let work_code = code.clone();
    let sequence = interruptible(py, move || tabletop_app::octal::values(&work_code, heaps))?
        .map_err(|f| raise(py, f))?;
    Ok(Octal { code, sequence })
}

/// One Chutes and Ladders game on `board`: `(winner, json, events)`, with the `--json`
/// object as text and the events as dicts.
#[pyfunction]
fn chutes_play<'py>(
    py: Python<'py>,
    board: &Board,
    players: usize,
    throws: Vec<u8>,
) -> PyResult<(usize, String, Bound<'py, PyList>)> {
    let played = py
        .detach(|| tabletop_app::chutes::play(&board.file.board, players, &throws))
        .map_err(|f| raise(py, f))?;
    let events = PyList::empty(py);
    for event in &played.events {
        events.append(events::chutes_event(py, event)?)?;
    }
    Ok((played.ending.winner, played.json, events))
}

/// One 猪国杀 game: `(judge output, json, events, notes)`, with the `--json` object as text
/// and the events as dicts.
#[pyfunction]
fn pigs_play<'py>(
    py: Python<'py>,
    text: Text,
) -> PyResult<(String, String, Bound<'py, PyList>, Vec<String>)> {
    let bytes = text.into_bytes();
    let played = py
        .detach(|| tabletop_app::pigs::play(&Source::new("<text>", bytes)))
        .map_err(|f| raise(py, f))?;
    let events = PyList::empty(py);
    for event in &played.events {
        events.append(events::pigs_event(py, event)?)?;
    }
    Ok((played.output, played.json, events, played.notes))
}

/// One random valid input of `game` in the judge format, the same as `tabletop gen` for the
/// same seed, size ("tiny", "judge" or "big") and `cycles` (grundy only).
#[pyfunction]
#[pyo3(signature = (game, seed=1, size="judge", cycles=false))]
fn gen(py: Python<'_>, game: &str, seed: u64, size: &str, cycles: bool) -> PyResult<String> {
    let name = |e: tabletop_app::UnknownName| PyValueError::new_err(e.to_string());
    let game: Game = game.parse().map_err(name)?;
    let size: tabletop_stress::Size = size.parse().map_err(name)?;
    if cycles && game != Game::Grundy {
        return Err(PyValueError::new_err(format!(
            "cycles is for grundy only, not {game}"
        )));
    }
    let spec = tabletop_stress::gen::Spec { game, size, cycles };
    Ok(py.detach(|| tabletop_stress::gen::generate(spec, seed).render()))
}

/// The native part of `tabletop`; use the `tabletop` package, which wraps it.
#[pymodule]
fn _tabletop(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InputError", m.py().get_type::<InputError>())?;
    m.add_function(wrap_pyfunction!(answer, m)?)?;
    m.add_function(wrap_pyfunction!(grundy_parse, m)?)?;
    m.add_function(wrap_pyfunction!(octal, m)?)?;
    m.add_function(wrap_pyfunction!(chutes_play, m)?)?;
    m.add_function(wrap_pyfunction!(pigs_play, m)?)?;
    m.add_function(wrap_pyfunction!(gen, m)?)?;
    m.add_class::<Board>()?;
    m.add_class::<Odds>()?;
    m.add_class::<Graph>()?;
    m.add_class::<Octal>()?;
    m.add_class::<implicit::ImplicitGame>()?;
    Ok(())
}

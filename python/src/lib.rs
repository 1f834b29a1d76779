//! The native module `tabletop._tabletop`: a thin PyO3 layer over `tabletop-app`, the one
//! application layer the CLI uses. Nothing here parses a game or computes an answer: it
//! hands text and numbers to the app layer (with the GIL released for the work) and turns
//! its typed results into Python values, numpy arrays for the long ones.

mod board;
mod errors;
mod events;
mod games;
mod graph;
mod implicit;
mod interrupts;
mod misere;
mod octal;

use pyo3::prelude::*;

/// The native part of `tabletop`; use the `tabletop` package, which wraps it.
#[pymodule]
fn _tabletop(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InputError", m.py().get_type::<errors::InputError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(games::answer, m)?)?;
    m.add_function(wrap_pyfunction!(graph::grundy_parse, m)?)?;
    m.add_function(wrap_pyfunction!(octal::octal, m)?)?;
    m.add_function(wrap_pyfunction!(misere::misere, m)?)?;
    m.add_function(wrap_pyfunction!(misere::misere_survey, m)?)?;
    m.add_function(wrap_pyfunction!(games::chutes_play, m)?)?;
    m.add_function(wrap_pyfunction!(games::pigs_play, m)?)?;
    m.add_function(wrap_pyfunction!(games::gen, m)?)?;
    m.add_function(wrap_pyfunction!(board::percentile, m)?)?;
    m.add("MAX_PLAYERS", tabletop_app::odds::MAX_PLAYERS)?;
    m.add("MAX_PERCENTILES", tabletop_app::odds::MAX_PERCENTILES)?;
    m.add("MAX_EXACT_WORK", tabletop_app::odds::MAX_EXACT_WORK)?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::Odds>()?;
    m.add_class::<graph::Graph>()?;
    m.add_class::<octal::Octal>()?;
    m.add_class::<misere::Misere>()?;
    m.add_class::<implicit::ImplicitGame>()?;
    Ok(())
}

//! Long work off the caller's thread, so Ctrl-C reaches Python while it runs.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often a long computation looks for Ctrl-C.
const SIGNAL_POLL: std::time::Duration = std::time::Duration::from_millis(50);

/// Runs `work` on a thread of its own while this one, with the GIL released, waits for it
/// and looks for Ctrl-C (and any other signal with a Python handler) every [`SIGNAL_POLL`]:
/// a signal's exception is raised at once. The work is bounded by the app layer (work
/// budgets, memory caps), so an abandoned computation ends by itself, its result dropped.
pub fn interruptible<T: Send + 'static>(
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

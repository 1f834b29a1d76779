//! Long work off the caller's thread, so that Ctrl-C reaches Python while it runs and stops
//! the work itself, not only the wait for it.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use tabletop_app::Control;

/// How often a long computation looks for Ctrl-C.
const SIGNAL_POLL: std::time::Duration = std::time::Duration::from_millis(50);

/// Runs `work` on a thread of its own while this one, with the GIL released, waits for it
/// and looks for Ctrl-C (and any other signal with a Python handler) every [`SIGNAL_POLL`].
/// `work` is handed the [`Control`] that stops it: on a signal the control is cancelled,
/// the work is waited for (it stops at its next tick) and the signal's exception raised, so
/// no thread goes on computing after `KeyboardInterrupt`. Work that takes no control (a
/// judge answer) runs to its end, bounded by the app layer's budgets.
pub fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(&Control) -> T + Send + 'static,
) -> PyResult<T> {
    use std::sync::mpsc::{channel, RecvTimeoutError};
    let control = Control::new();
    let worker_control = control.clone();
    let (sender, receiver) = channel();
    let worker = std::thread::Builder::new()
        .name("tabletop".into())
        .spawn(move || {
            // The receiver is gone when the caller was interrupted: nothing to hand over.
            let _ = sender.send(work(&worker_control));
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
            Err(RecvTimeoutError::Timeout) => {
                if let Err(signal) = py.check_signals() {
                    control.cancel();
                    // A worker that panicked has stopped too: the signal is what to raise.
                    let _ = py.detach(move || worker.join());
                    return Err(signal);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the computation failed (a bug: please report it)",
                ))
            }
        }
    }
}

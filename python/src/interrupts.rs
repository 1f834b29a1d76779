//! Long work off the caller's thread, so that Ctrl-C reaches Python while it runs and stops
//! the work itself, not only the wait for it, and a progress callback runs in the caller's
//! thread while the work goes on without the GIL.

use std::sync::mpsc::{channel, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use tabletop_app::{Control, Tick};

/// How often a long computation looks for Ctrl-C and hands the progress callback the last
/// tick: the callback is called at most once a poll, and once more at the end.
const SIGNAL_POLL: std::time::Duration = std::time::Duration::from_millis(50);

/// The last tick the work reported that the progress callback has not seen yet.
type Unseen = Arc<Mutex<Option<Tick>>>;

/// Runs `work` on a thread of its own while this one, with the GIL released, waits for it
/// and looks for Ctrl-C (and any other signal with a Python handler) every [`SIGNAL_POLL`].
/// `work` is handed the [`Control`] that stops it: on a signal the control is cancelled,
/// the work is waited for (it stops at its next tick) and the signal's exception raised, so
/// no thread goes on computing after `KeyboardInterrupt`. Work that takes no control (a
/// judge answer) runs to its end, bounded by the app layer's budgets.
///
/// `progress`, when given, is called here, in the caller's thread, as
/// `progress(stage, done, total)` with the last tick not yet seen, at most once a poll, and
/// once more when the work is done if a tick came since; an exception it raises stops the
/// work as a signal does and is raised.
pub fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    progress: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&Control) -> T + Send + 'static,
) -> PyResult<T> {
    if progress.is_some_and(|p| !p.is_callable()) {
        return Err(PyTypeError::new_err("progress must be callable"));
    }
    let unseen: Unseen = Arc::default();
    let control = match progress {
        Some(_) => {
            let sink = Arc::clone(&unseen);
            Control::new().with_progress(move |tick| {
                *sink.lock().unwrap_or_else(PoisonError::into_inner) = Some(tick);
            })
        }
        None => Control::new(),
    };
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
            Ok(result) => {
                report(progress, &unseen)?;
                return Ok(result);
            }
            Err(RecvTimeoutError::Timeout) => {
                let stop = py.check_signals().and_then(|()| report(progress, &unseen));
                if let Err(error) = stop {
                    control.cancel();
                    stop_and_wait(py, worker);
                    return Err(error);
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

/// Hands `progress` the tick it has not seen, if any.
fn report(progress: Option<&Bound<'_, PyAny>>, unseen: &Unseen) -> PyResult<()> {
    let Some(progress) = progress else {
        return Ok(());
    };
    let tick = unseen.lock().unwrap_or_else(PoisonError::into_inner).take();
    if let Some(tick) = tick {
        progress.call1((tick.stage, tick.done, tick.total))?;
    }
    Ok(())
}

/// Waits, with the GIL released, for a cancelled worker to stop.
fn stop_and_wait<T: Send>(py: Python<'_>, worker: JoinHandle<T>) {
    // A worker that panicked has stopped too: the caller's exception is what to raise.
    let _ = py.detach(move || worker.join());
}

//! What Python sees of a failure: `InputError` with its location, and the text argument
//! every reader takes.

use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyOSError, PyValueError};
use pyo3::prelude::*;
use tabletop_app::Failure;

create_exception!(
    _tabletop,
    InputError,
    PyValueError,
    "A bad input: the message is the CLI's located report; `line`, `column` (1-based, or None) and `case` (1-based test case, or None) say where."
);

/// A game's text: `str` or `bytes`.
#[derive(FromPyObject)]
pub enum Text {
    /// A Python string (its UTF-8 bytes are read).
    Str(String),
    /// Raw bytes, read as they are.
    Bytes(Vec<u8>),
}

impl Text {
    pub fn into_bytes(self) -> Vec<u8> {
        match self {
            Text::Str(text) => text.into_bytes(),
            Text::Bytes(bytes) => bytes,
        }
    }
}

/// The Python exception for an app-layer failure: `InputError` (located) for a bad input,
/// `OSError` for I/O, `ValueError` for a request that makes no sense, `KeyboardInterrupt`
/// for work stopped by Ctrl-C.
pub fn raise(py: Python<'_>, failure: Failure) -> PyErr {
    match &failure {
        // The words without the command line's `error: `: the exception's type says it.
        Failure::Io(_) => PyOSError::new_err(failure.message()),
        // Only a cancelled control stops work here, and only on Ctrl-C.
        Failure::Stopped(_) => PyKeyboardInterrupt::new_err(failure.message()),
        Failure::Usage(_) => PyValueError::new_err(failure.message()),
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

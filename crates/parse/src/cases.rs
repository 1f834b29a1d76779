//! One reader of test cases for every judge format, and its keep-going policy.
//!
//! A format says how to read one case's text, how to lower it, and what its meaning error
//! is when the text broke off part way ([`Format`]); [`Cases`] does the rest the same way
//! for all: one `Result` per case, the keep-going rule (a case whose text is well formed but
//! whose meaning is not yields its `Err` and reading goes on; an error in the text itself ends
//! the reading), and the order of two errors in one case (the earlier in the text first).

use crate::combinators::first_in_text;
use crate::error::{ParseError, Spanned};

/// A judge format read one case at a time: implemented by the formats of this crate
/// ([`crate::chutes::Games`], [`crate::snakes::Boards`], [`crate::grundy::TestCases`]).
pub trait Format<'a>: private::Sealed {
    /// One case (a game, a board, a test case).
    type Case;

    /// Reads the text of the next case at `rest` (a suffix of `source`), keeping what it
    /// read; the text after it, or `None` at the end of the cases.
    ///
    /// # Errors
    /// An error in the text itself, located in `source`.
    #[doc(hidden)]
    fn read(&mut self, source: &'a [u8], rest: &'a [u8]) -> Result<Option<&'a [u8]>, ParseError>;

    /// The case just read, with its meaning checked.
    ///
    /// # Errors
    /// What the well-formed text of the case means is not allowed.
    #[doc(hidden)]
    fn lower(&mut self) -> Result<Spanned<Self::Case>, ParseError>;

    /// When the text of a case broke off: the meaning error of what had been read, if any.
    #[doc(hidden)]
    fn partial(&mut self) -> Option<ParseError>;
}

mod private {
    /// Only this crate's formats are read by [`super::Cases`].
    pub trait Sealed {}
}

pub(crate) use private::Sealed;

/// The cases of an input one at a time, in format `F`; made by each format's `cases`.
///
/// By default the iterator ends after the first error. After [`Cases::keep_going`], a case
/// whose text is well formed but whose meaning is not yields its `Err` and the next case
/// follows; an error in the text itself still ends the iterator (where the next case
/// starts is then unknown).
#[derive(Debug, Clone)]
pub struct Cases<'a, F> {
    source: &'a [u8],
    rest: &'a [u8],
    pub(crate) keep_going: bool,
    /// No case follows: the end was reached or an error stopped the reading.
    ended: bool,
    /// An error stopped the reading.
    stopped: bool,
    /// A syntax error to report after the meaning error before it.
    next_error: Option<ParseError>,
    pub(crate) format: F,
}

impl<'a, F: Format<'a>> Cases<'a, F> {
    /// The cases of `source` from `rest` on, read by `format`.
    pub(crate) fn new(source: &'a [u8], rest: &'a [u8], format: F) -> Self {
        Cases {
            source,
            rest,
            keep_going: false,
            ended: false,
            stopped: false,
            next_error: None,
            format,
        }
    }

    /// Goes on after a case that cannot be lowered (see [`Cases`]).
    #[must_use]
    pub fn keep_going(mut self) -> Self {
        self.keep_going = true;
        self
    }

    /// Whether reading stopped at an error (and not at the end of the text): after that,
    /// the input that follows is not read, so a window-by-window reader stops too.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    fn stop(&mut self) {
        self.ended = true;
        self.stopped = true;
    }
}

impl<'a, F: Format<'a>> Iterator for Cases<'a, F> {
    type Item = Result<Spanned<F::Case>, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(error) = self.next_error.take() {
            return Some(Err(error));
        }
        if self.ended {
            return None;
        }
        match self.format.read(self.source, self.rest) {
            Ok(None) => {
                self.ended = true;
                None
            }
            Ok(Some(rest)) => {
                self.rest = rest;
                let case = self.format.lower();
                if case.is_err() && !self.keep_going {
                    self.stop();
                }
                Some(case)
            }
            Err(error) => {
                self.stop();
                let (first, next) = first_in_text(error, self.format.partial());
                self.next_error = next.filter(|_| self.keep_going);
                Some(Err(first))
            }
        }
    }
}

//! What the `lower` steps of the formats share: locating an engine's error in the text.
//!
//! The engines check their rules and name the offending item by its index in the list they
//! were given; the formats keep the spans of those items and this module turns the index
//! back into a span. [`board_error`] is the one place a [`BoardError`] gets a location.

use std::ops::Range;

use tabletop_boards::BoardError;

use crate::error::ParseError;

/// Where the text of one jump (chute, ladder or snake) is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct JumpSpans {
    /// The whole statement or pair.
    pub whole: Range<usize>,
    /// Its start square.
    pub from: Range<usize>,
    /// Its end square.
    pub to: Range<usize>,
}

/// Where the text of one special square is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SpecialSpans {
    /// The whole statement or line.
    pub whole: Range<usize>,
    /// The square.
    pub square: Range<usize>,
}

/// The spans a board was built from, in the order given to `Board::new`.
#[derive(Debug, Clone, Default)]
pub(crate) struct BoardSpans {
    /// One per jump.
    pub jumps: Vec<JumpSpans>,
    /// One per special square.
    pub specials: Vec<SpecialSpans>,
    /// Where errors about the board as a whole point (its size).
    pub board: Range<usize>,
}

impl BoardSpans {
    /// Locates `error`: a jump's or a special square's error at its text (a square off the
    /// board at that square), a board-wide error at `board`. `describe` may reword the
    /// message (`None` keeps the engine's).
    pub fn locate(&self, error: &BoardError, describe: impl Fn(&BoardError) -> Option<String>) -> ParseError {
        let jump = |index: usize| self.jumps.get(index);
        let span = match *error {
            BoardError::JumpOffBoard {
                index, from, goal, ..
            } => jump(index).map(|j| {
                if from == 0 || from >= goal {
                    j.from.clone()
                } else {
                    j.to.clone()
                }
            }),
            BoardError::JumpToItself { index, .. }
            | BoardError::DuplicateJumpStart { index, .. }
            | BoardError::JumpLoop { index, .. } => jump(index).map(|j| j.whole.clone()),
            BoardError::SpecialOffBoard { index, .. } => self.specials.get(index).map(|s| s.square.clone()),
            BoardError::DuplicateSpecial { index, .. } | BoardError::SpecialOnJump { index, .. } => {
                self.specials.get(index).map(|s| s.whole.clone())
            }
            BoardError::NoSquares => None,
        };
        let message = describe(error).unwrap_or_else(|| error.to_string());
        ParseError::new(span.unwrap_or_else(|| self.board.clone()), message)
    }
}

/// Locates a board error with the engine's message (see [`BoardSpans::locate`]).
pub(crate) fn board_error(spans: &BoardSpans, error: &BoardError) -> ParseError {
    spans.locate(error, |_| None)
}

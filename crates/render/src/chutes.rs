//! Chutes and Ladders (UVa 647): the winner of each game, and each seat's chance to win.

use std::fmt::{self, Write};

use itertools::Itertools;
use tabletop_boards::chutes::Ending;

/// The judge's line for one game: the winning player (1-based) and a newline.
///
/// ```
/// use tabletop_boards::chutes::Ending;
/// let text = tabletop_render::to_string(|out| {
///     tabletop_render::chutes::write_winner(out, &Ending { winner: 2, throws_used: 9 })
/// });
/// assert_eq!(text, "2\n");
/// ```
pub fn write_winner<W: Write + ?Sized>(out: &mut W, ending: &Ending) -> fmt::Result {
    writeln!(out, "{}", ending.winner)
}

/// One line: each seat's probability of winning, seat 1 first, separated by single spaces,
/// each the shortest decimal that reads back as the same `f64`.
///
/// ```
/// let text = tabletop_render::to_string(|out| {
///     tabletop_render::chutes::write_win_probabilities(out, &[0.5, 0.25, 0.1 + 0.15])
/// });
/// assert_eq!(text, "0.5 0.25 0.25\n");
/// ```
pub fn write_win_probabilities<W: Write + ?Sized>(out: &mut W, seats: &[f64]) -> fmt::Result {
    writeln!(out, "{}", seats.iter().format(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_read_back_exactly() {
        let seats = [1.0 / 3.0, 2.0 / 3.0, 0.0];
        let text = crate::to_string(|out| write_win_probabilities(out, &seats));
        assert!(text.ends_with('\n'));
        let back: Vec<f64> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
        assert_eq!(back, seats);
        assert_eq!(text.matches(' ').count(), 2);
    }

    #[test]
    fn one_line_per_winner() {
        let text = crate::to_string(|out| {
            (1..=3).try_for_each(|winner| {
                write_winner(
                    out,
                    &Ending {
                        winner,
                        throws_used: 0,
                    },
                )
            })
        });
        assert_eq!(text, "1\n2\n3\n");
    }
}

//! Snakes and Ladders: the fewest throws of each board, and the playground's object of a
//! whole input.

use std::fmt::{self, Write};

use serde::Serialize;
use tabletop_boards::line::Line;

use crate::json::SnakesView;

/// The judge's line for one board: the fewest throws to the last square, or `-1` when it
/// cannot be reached.
///
/// ```
/// use tabletop_render::{snakes::write_fewest_throws, to_string};
/// assert_eq!(to_string(|out| write_fewest_throws(out, Some(3))), "3\n");
/// assert_eq!(to_string(|out| write_fewest_throws(out, None)), "-1\n");
/// ```
pub fn write_fewest_throws<W: Write + ?Sized>(out: &mut W, throws: Option<u64>) -> fmt::Result {
    match throws {
        Some(throws) => writeln!(out, "{throws}"),
        None => out.write_str("-1\n"),
    }
}

/// The playground's JSON object of a snakes input, on one line: `{"answers", "boards",
/// "svg", "notes"}`, `answers` the judge's text ([`write_fewest_throws`] of each board),
/// `boards` one object a board as [`crate::json::write_snakes`] writes it, `svg` the board
/// drawn.
pub fn write_playground_json<W: Write + ?Sized>(
    out: &mut W,
    lines: &[Option<Line>],
    svg: &str,
    notes: &[String],
) -> fmt::Result {
    #[derive(Serialize)]
    struct Reply<'a> {
        answers: String,
        boards: Vec<SnakesView>,
        svg: &'a str,
        notes: &'a [String],
    }
    let answers = crate::to_string(|text| {
        lines
            .iter()
            .try_for_each(|line| write_fewest_throws(text, line.as_ref().map(|l| l.throws)))
    });
    let reply = Reply {
        answers,
        boards: lines.iter().map(|line| SnakesView::new(line.as_ref())).collect(),
        svg,
        notes,
    };
    crate::json::write_line(out, &reply)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn largest_count_and_unreachable() {
        assert_eq!(
            crate::to_string(|out| write_fewest_throws(out, Some(u64::MAX))),
            "18446744073709551615\n"
        );
        assert_eq!(crate::to_string(|out| write_fewest_throws(out, Some(0))), "0\n");
        assert_eq!(crate::to_string(|out| write_fewest_throws(out, None)), "-1\n");
    }
}

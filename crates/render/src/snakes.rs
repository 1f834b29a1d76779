//! Snakes and Ladders: the fewest throws of each board.

use std::fmt::{self, Write};

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

//! Output writers for the tabletop engines: the judge's text, Graphviz DOT graphs and game
//! traces, written from the engines' typed results.
//!
//! The engines (`tabletop-boards`, `tabletop-odds`, `tabletop-grundy`, `tabletop-pigs`)
//! compute and never print; the command line only chooses a writer and sends its text
//! somewhere. Everything in between lives here, one module per game, so a crate user gets the
//! same output as the `tabletop` binary without copying it. The model is ripgrep's `printer`
//! crate.
//!
//! Every writer takes any [`std::fmt::Write`] (a `String`, a formatter) and returns
//! [`std::fmt::Result`]; [`IoWrite`] adapts an [`std::io::Write`] (a file, stdout) and gives
//! back the real I/O error. Writers depend on the engines only, never on text parsing.
//!
//! Numbering: the writers print what a person reads numbered from 1 (seats, pigs, pieces,
//! heaps, test cases, queries) and take the engines' 0-based indices; squares and graph
//! positions are printed as they are. The whole rule is the section "Numbering" of the
//! repository's `ARCHITECTURE.md`.
//!
//! | module | writes |
//! |---|---|
//! | [`chutes`] | the winner of each game; each seat's chance to win |
//! | [`snakes`] | the fewest throws of each board |
//! | [`odds`] | the odds summary, its JSON object and the SVG chart of the game length |
//! | [`grundy`] | `WIN`/`LOSE`/`DRAW` answers, the values line, one DOT graph with a cluster per test case |
//! | [`octal`] | an octal game's values line, its period, the answer to a sum of heaps, JSON, the `--stats` line |
//! | [`pigs`] | the judge's output and the turn-by-turn trace, from the engine's events |
//! | [`json`] | JSON Lines for snakes (one optimal path), grundy (the move to play), chutes and pigs |
//! | [`board_svg`] | the snakes board in SVG with one optimal line of play drawn over it |
//! | [`graph_svg`] | a graph game's test case in SVG: layers, values and outcomes, the queries and their winning moves |
//! | [`chutes_trace`] | a chutes game turn by turn, from the engine's events |
//!
//! ```
//! use tabletop_grundy::Graph;
//! use tabletop_render::grundy::{write_values, Dot, Spelling};
//!
//! // Position 0 moves to 1, position 1 to 0 (a cycle), position 2 to 1.
//! let graph = Graph::from_lists(&[vec![1u64], vec![0], vec![1]])?;
//! let values = graph.values();
//! let mut line = String::new();
//! write_values(&mut line, &values, Spelling::Ascii)?;
//! assert_eq!(line, "inf() inf() inf()\n");
//!
//! let mut dot = Dot::begin(String::new(), Spelling::Unicode)?;
//! dot.case(1, &graph, &values)?;
//! let text = dot.end()?;
//! assert!(text.starts_with("digraph grundy {\n  subgraph cluster_1 {\n"));
//! assert!(text.contains("    c1_2 -> c1_1;\n"));
//!
//! // The same writers onto any `io::Write`.
//! let bytes = tabletop_render::write_io(Vec::new(), |out| write_values(out, &values, Spelling::Ascii))?;
//! assert_eq!(bytes, line.as_bytes());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::{fmt, io};

pub mod board_svg;
pub mod chutes;
pub mod chutes_trace;
pub mod graph_svg;
pub mod grundy;
pub mod json;
pub mod misere;
pub mod octal;
pub mod odds;
pub mod pigs;
pub mod snakes;

/// An [`io::Write`] seen as a [`fmt::Write`], keeping the first I/O error so that it is not
/// lost in a bare [`fmt::Error`].
#[derive(Debug)]
pub struct IoWrite<W> {
    inner: W,
    error: Option<io::Error>,
}

impl<W: io::Write> IoWrite<W> {
    /// Wraps `inner`.
    pub fn new(inner: W) -> IoWrite<W> {
        IoWrite { inner, error: None }
    }

    /// The writer back, or the error that stopped the writing: the I/O error if there was
    /// one, else an [`io::ErrorKind::Other`] error for a writer that failed by itself.
    ///
    /// # Errors
    /// When `result` is an error.
    pub fn finish(self, result: fmt::Result) -> io::Result<W> {
        match (result, self.error) {
            (Ok(()), None) => Ok(self.inner),
            (_, Some(error)) => Err(error),
            (Err(fmt::Error), None) => Err(io::Error::other("formatting the output failed")),
        }
    }
}

impl<W: io::Write> fmt::Write for IoWrite<W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.inner.write_all(text.as_bytes()).map_err(|error| {
            self.error.get_or_insert(error);
            fmt::Error
        })
    }
}

/// Runs `render` onto `inner` and returns `inner`, or the I/O error that stopped it.
///
/// # Errors
/// The first I/O error of `inner` (or an error if `render` failed by itself).
pub fn write_io<W: io::Write>(
    inner: W,
    render: impl FnOnce(&mut IoWrite<W>) -> fmt::Result,
) -> io::Result<W> {
    let mut out = IoWrite::new(inner);
    let result = render(&mut out);
    out.finish(result)
}

/// Runs `render` into a new `String`. Writing into a `String` cannot fail, so neither can
/// this unless `render` fails by itself (a writer returning [`fmt::Error`] on its own).
///
/// ```
/// let text = tabletop_render::to_string(|out| tabletop_render::snakes::write_fewest_throws(out, Some(3)));
/// assert_eq!(text, "3\n");
/// ```
pub fn to_string(render: impl FnOnce(&mut String) -> fmt::Result) -> String {
    let mut out = String::new();
    // A `String` never refuses text: an error can only come from `render` itself, after
    // which the text written so far is the best answer.
    let _ = render(&mut out);
    out
}

/// Checks that `svg` is well-formed XML with one `<svg>` root, and gives back its texts,
/// trimmed.
#[cfg(test)]
pub(crate) fn well_formed(svg: &str) -> Vec<String> {
    let document = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    assert_eq!(document.root_element().tag_name().name(), "svg");
    document
        .descendants()
        .filter_map(|node| node.text())
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that accepts `room` bytes and then fails, like a full disk.
    struct Full {
        room: usize,
    }

    impl io::Write for Full {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if bytes.len() > self.room {
                return Err(io::Error::new(io::ErrorKind::StorageFull, "no room"));
            }
            self.room -= bytes.len();
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn io_errors_come_back_as_they_were() {
        let written = write_io(Full { room: 4 }, |out| snakes::write_fewest_throws(out, Some(12)));
        assert!(written.is_ok());
        let failed = write_io(Full { room: 2 }, |out| snakes::write_fewest_throws(out, Some(12)));
        assert_eq!(failed.err().map(|e| e.kind()), Some(io::ErrorKind::StorageFull));
    }

    #[test]
    fn a_failing_writer_is_an_io_error_too() {
        let failed = write_io(Vec::new(), |_| Err(fmt::Error));
        assert_eq!(failed.err().map(|e| e.kind()), Some(io::ErrorKind::Other));
    }
}

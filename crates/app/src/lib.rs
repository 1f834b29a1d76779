//! The tabletop application layer: a game's text in, its rendered answer out.
//!
//! Every front end (the `tabletop` command line, stress testing, and any other) goes through
//! this crate and never parses or dispatches a game itself. For each game and output form
//! it reads the text with `tabletop-parse`, answers with the engine and writes the answer
//! with `tabletop-render`; a bad input becomes a [`Failure`] holding located [`Problem`]s
//! (file, line, column, message, a snippet with a caret), with the keep-going policy applied
//! per test case.
//!
//! | module | requests |
//! |---|---|
//! | [`chutes`] | UVa 647 winners, JSON, a turn-by-turn trace, each seat's odds |
//! | [`snakes`] | fewest throws, JSON with one optimal line, the board drawn in SVG |
//! | [`grundy`] | POJ 2425 answers, values, DOT, JSON; read a test case at a time |
//! | [`grundy::play`] | a POJ 2425 input as graphs to draw, and a game's turn against the engine |
//! | [`pigs`] | 猪国杀 judge output, JSON, the trace |
//! | [`odds`] | a race board's exact odds: summary, JSON, SVG chart |
//! | [`octal`] | an octal game's values, period, a sum's winning move |
//! | [`judge`] | another program's output against the expected one, as a judge compares |
//!
//! Front ends only choose a request, hand over the input (a [`Source`], or a [`Stream`] for
//! large inputs) and send the [`Answer`] somewhere; streams that could grow without bound
//! (traces) are written to a writer as they are produced.
//!
//! ```
//! use tabletop_app::{answer, Game};
//!
//! assert_eq!(answer(Game::Snakes, b"6 1 3\n35 25\n3 23 5 16 20 33\n")?, "3\n");
//!
//! let failure = answer(Game::Snakes, b"6 1 0\n25 35\n").unwrap_err();
//! let report = failure.report();
//! assert!(report.starts_with("error: <text>:2:1: snake 25 35 goes up"), "{report}");
//! # Ok::<(), tabletop_app::Failure>(())
//! ```

use std::fmt;
use std::str::FromStr;

pub mod chutes;
pub mod failure;
pub mod grundy;
pub mod judge;
mod keep_going;
pub mod octal;
pub mod odds;
pub mod pigs;
pub mod snakes;
pub mod source;

pub use failure::{Failure, IoFailure, Location, Problem, StopFailure, UsageFailure};
pub use source::{Source, Stream, Window};
/// How every long computation is stopped (Ctrl-C, a cancel, a deadline) and reports progress:
/// `octal::answer_to` and `odds::answer_until` take one.
pub use tabletop_control::{Control, Stopped, Tick};

/// The judge games: those whose input is a contest's test file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    /// Chutes and Ladders with a fixed throw list (UVa 647).
    Chutes,
    /// Snakes and Ladders, fewest throws.
    Snakes,
    /// Sums of games on a graph (POJ 2425), with or without cycles.
    Grundy,
    /// 猪国杀 (SDOI 2010).
    Pigs,
}

impl Game {
    /// Every game, in command order.
    pub const ALL: [Game; 4] = [Game::Chutes, Game::Snakes, Game::Grundy, Game::Pigs];

    /// The subcommand name: `chutes`, `snakes`, `grundy` or `pigs`.
    pub const fn name(self) -> &'static str {
        match self {
            Game::Chutes => "chutes",
            Game::Snakes => "snakes",
            Game::Grundy => "grundy",
            Game::Pigs => "pigs",
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of a fixed list (a game, a size).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{given}` is not one of: {expected}")]
pub struct UnknownName {
    /// The name given.
    pub given: String,
    /// The names allowed.
    pub expected: &'static str,
}

impl FromStr for Game {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<Game, UnknownName> {
        Game::ALL
            .into_iter()
            .find(|game| game.name() == name)
            .ok_or_else(|| UnknownName {
                given: name.to_string(),
                expected: "chutes, snakes, grundy, pigs",
            })
    }
}

/// What a request produced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    /// The answer text (what the CLI prints on stdout).
    pub text: String,
    /// A picture asked for (SVG), when the request drew one.
    pub picture: Option<String>,
    /// Notes for the user (the CLI writes them to stderr; other front ends warn), each a
    /// line starting `note: `.
    pub notes: Vec<String>,
}

impl Answer {
    /// An answer that is only text.
    pub fn text(text: String) -> Answer {
        Answer {
            text,
            ..Answer::default()
        }
    }
}

/// Where a trace goes: written as it is produced, so that a long game never piles up in
/// memory. A failing writer stops the trace, never the answer.
pub type TraceSink<'a> = Option<&'a mut dyn std::io::Write>;

/// The judge's answer to `text` of `game` (the plain output, the whole input checked first),
/// byte for byte what `tabletop <game>` prints. Problems are reported against `<text>`.
///
/// # Errors
/// [`Failure::Invalid`] when the text is not a valid input of the game, or describes a game
/// that cannot be answered (a Chutes game that runs out of throws, a 猪国杀 game that never
/// ends).
pub fn answer(game: Game, text: &[u8]) -> Result<String, Failure> {
    let source = Source::new("<text>", text.to_vec());
    let answer = match game {
        Game::Chutes => chutes::answer(&source, &chutes::Request::default(), None),
        Game::Snakes => snakes::answer(&source, &snakes::Request::default()),
        Game::Grundy => {
            let mut stream = Stream::of(&source);
            grundy::answer(&mut stream, &grundy::Request::default())
        }
        Game::Pigs => pigs::answer(&source, &pigs::Request::default(), None),
    }?;
    Ok(answer.text)
}

/// Writing into a `String` cannot fail; a writer failing by itself is reported, not ignored.
pub(crate) fn written<T>(result: Result<T, fmt::Error>) -> Result<T, Failure> {
    result.map_err(|fmt::Error| Failure::resource("formatting the output failed"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The samples of the four statements.
    #[test]
    fn samples() {
        let chutes = b"3 6 3 2 5 1 3 4 2 3 1 2 0\n2\n6 95\n99 1\n0 0\n-3\n98\n0\n2\n3 99\n6 90\n0 0\n0\n0\n";
        assert_eq!(answer(Game::Chutes, chutes).unwrap(), "2\n2\n");
        let grundy = b"4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";
        assert_eq!(
            answer(Game::Grundy, grundy).unwrap(),
            "WIN\nWIN\nWIN\nLOSE\nWIN\n"
        );
        let pigs = b"3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n";
        assert_eq!(
            answer(Game::Pigs, pigs).unwrap(),
            "FP\nDEAD\nDEAD\nJ J J J J J D\n"
        );
        assert_eq!(
            answer(Game::Snakes, b"6 1 3\n35 25\n3 23 5 16 20 33\n").unwrap(),
            "3\n"
        );
    }

    /// Inputs the engines cannot answer are invalid, with the engine's reason.
    #[test]
    fn unanswerable_inputs_are_invalid() {
        let error = answer(Game::Chutes, b"1 0\n2\n0 0\n0\n0\n").unwrap_err();
        assert!(error.report().contains("runs out of throws"), "{error}");
        let never = b"2 1\nMP D D D D\nFP D D D D\nD\n";
        assert!(answer(Game::Pigs, never)
            .unwrap_err()
            .report()
            .contains("never end"));
    }

    /// One rule for every format: an input with nothing in it is a located error.
    #[test]
    fn an_empty_input_is_an_error_in_every_game() {
        for game in Game::ALL {
            for text in [&b""[..], b"\n \n"] {
                let failure = answer(game, text).unwrap_err();
                let report = failure.report();
                assert!(report.contains("the input is empty"), "{game}: {report}");
                assert_eq!(failure.exit_code(), 2);
            }
        }
    }

    #[test]
    fn game_names_read_back() {
        for game in Game::ALL {
            assert_eq!(game.name().parse::<Game>(), Ok(game));
        }
        assert!("chess"
            .parse::<Game>()
            .unwrap_err()
            .to_string()
            .contains("chutes, snakes"));
    }
}

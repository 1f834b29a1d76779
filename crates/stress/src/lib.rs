//! Stress testing (对拍) against tabletop: generate inputs, run a contestant's program on
//! them, compare with tabletop's answers as a judge would, and shrink a failing input to a
//! 1-minimal one.
//!
//! - [`gen`]: deterministic generators per game and size, producing typed [`input::Input`]s
//!   (rendered to the judge format by [`input::Input::render`]).
//! - [`answer`]: tabletop's answer text for an input (the engines, byte-identical to the
//!   `tabletop <game>` command); an input it cannot answer is invalid.
//! - [`run`]: THE process runner (a time limit, an output cap, no waiting for background
//!   children) and THE judge comparison.
//! - [`fixture`]: judge fixtures (`.in` with `.out`/`.err`) checked through [`run`], for
//!   `cargo xtask verify` and the CLI's tests.
//! - [`shrink`]: structure-aware greedy shrinking, every candidate re-validated.
//! - [`driver`]: the one probe driver of both shrinkers (batches, deadline, progress).
//! - [`stress()`]: the whole loop, in parallel, with an optional progress bar.
//!
//! Any problem, not only tabletop's games:
//! - [`words`]: command lines split as a shell would, with the run's `{seed}`.
//! - [`compare`]: the judge comparison, float tolerance, testlib checkers and Kattis output
//!   validators.
//! - [`reduce`]: format-free shrinking (lines, tokens, numbers, count repair).
//! - [`problem`]: the loop for your generator, reference, validator and solution.
//! - [`package`]: an ICPC/Kattis problem package as such a test.
//! - [`interact`]: interactive problems: an interactor and the program, talking through
//!   tabletop, the dialogue kept.
//!
//! ```
//! use tabletop_stress::{answer, gen, input::Input, Game, Size};
//! let spec = gen::Spec { game: Game::Grundy, size: Size::Tiny, cycles: true };
//! let input = gen::generate(spec, 7);
//! let text = input.render();
//! let expected = answer::answer(Game::Grundy, text.as_bytes())?;
//! assert_eq!(expected.lines().count(), match &input {
//!     Input::Grundy(g) => g.cases.iter().map(|c| c.queries.len()).sum::<usize>(),
//!     _ => unreachable!(),
//! });
//! // A judge ignores trailing spaces and trailing blank lines.
//! assert_eq!(tabletop_stress::run::first_difference("WIN\nLOSE\n", "WIN \nLOSE\n\n"), None);
//! # Ok::<(), tabletop_stress::answer::Failure>(())
//! ```

pub mod answer;
pub mod compare;
pub mod driver;
pub mod fixture;
pub mod gen;
pub mod input;
pub mod interact;
pub mod package;
pub mod problem;
pub mod reduce;
pub mod report;
pub mod rng;
pub mod run;
pub mod shrink;
mod stress;
pub mod words;

pub use stress::{probe, stress, Config, Failed, RunError, StressError, Summary, Verdict};

use std::fmt;
use std::str::FromStr;

/// The games that can be stress-tested: the judge games of the application layer.
pub use tabletop_app::{Game, UnknownName};

/// How large the generated inputs are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Size {
    /// A handful of units: quick to run, quick to read.
    Tiny,
    /// Anything up to the judge's limits (UVa 647: < 1000 throws; snakes: N <= 20, <= 100
    /// snakes and ladders; POJ 2425: N <= 1000, M <= 10; 猪国杀: n <= 10, m <= 2000).
    #[default]
    Judge,
    /// Beyond the judge's limits, as far as tabletop's formats allow.
    Big,
}

impl Size {
    /// The option value: `tiny`, `judge` or `big`.
    pub const fn name(self) -> &'static str {
        match self {
            Size::Tiny => "tiny",
            Size::Judge => "judge",
            Size::Big => "big",
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Size {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<Size, UnknownName> {
        [Size::Tiny, Size::Judge, Size::Big]
            .into_iter()
            .find(|size| size.name() == name)
            .ok_or_else(|| UnknownName {
                given: name.to_string(),
                expected: "tiny, judge, big",
            })
    }
}

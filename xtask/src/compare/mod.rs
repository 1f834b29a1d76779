//! Side-by-side comparisons for `cargo xtask bench`: one module per game, each listing its
//! cases (a generated input, the reference C++ solution, and the goal).

/// The [`Reference`] `xtask/reference/NAME.cpp`, by its name.
macro_rules! reference {
    ($name:literal) => {
        Reference {
            name: $name,
            source: include_str!(concat!("../../reference/", $name, ".cpp")),
        }
    };
}

pub mod grundy;
pub mod octal;
pub mod snakes;

/// One comparison: `tabletop <game> <args> input` against a reference C++ program.
pub struct Case {
    /// The `tabletop` subcommand (also the game name used to select cases).
    pub game: &'static str,
    /// A short name, also the input file's name.
    pub name: String,
    /// A one-line description of the input (sizes), for the table.
    pub description: String,
    /// Extra arguments for `tabletop <game>`.
    pub args: Vec<String>,
    /// The generated input.
    pub input: Vec<u8>,
    /// Reference C++ source (compiled with `g++ -O2`), reading stdin; `None` when no
    /// straightforward reference can run the input (e.g. a board of 10^18 squares).
    pub reference: Option<Reference>,
    /// The goal, checked on the measured times.
    pub goal: Goal,
}

/// A reference solution.
pub struct Reference {
    /// Its name (the binary's name).
    pub name: &'static str,
    /// Its C++ source.
    pub source: &'static str,
}

/// What the measured times must show.
#[derive(Clone, Copy)]
pub enum Goal {
    /// tabletop's time at most this fraction of the reference's.
    AtMostRatio(f64),
    /// tabletop's time under this many milliseconds.
    UnderMillis(f64),
}

/// One comparison of `tabletop` with itself: the same command on `input` and on `baseline`
/// (e.g. a graph with a cycle against the same graph without it).
pub struct Pair {
    /// The `tabletop` subcommand (also the game name used to select cases).
    pub game: &'static str,
    /// A short name, also the input files' name.
    pub name: String,
    /// A one-line description of both inputs, for the table.
    pub description: String,
    /// Extra arguments for `tabletop <game>`.
    pub args: Vec<String>,
    /// The measured input.
    pub input: Vec<u8>,
    /// The baseline input.
    pub baseline: Vec<u8>,
    /// The goal: the time on `input` at most this multiple of the time on `baseline`.
    pub goal: f64,
}

/// Every self-comparison of every game.
pub fn all_pairs() -> Vec<Pair> {
    grundy::pairs()
}

/// Every case of every game.
pub fn all_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    cases.extend(snakes::cases());
    cases.extend(octal::cases());
    cases
}

/// `tabletop` side by side with two C++ solutions of one problem, run in alternation: the
/// typical accepted one (`scanf`) and the one a strong contestant writes for a huge input
/// (one `fread`, a hand-rolled scanner, one `fwrite`).
pub struct Lineup {
    /// The `tabletop` subcommand (also the game name used to select lineups).
    pub game: &'static str,
    /// A short name, also the input file's name.
    pub name: String,
    /// A one-line description of the input (sizes), for the table.
    pub description: String,
    /// The generated input `tabletop` answers.
    pub input: Vec<u8>,
    /// What the C++ programs answer when they cannot read `input` (e.g. the same graph
    /// without its one cycle); `None`: `input` itself, and then all answers must agree.
    pub reference_input: Option<Vec<u8>>,
    /// The typical accepted solution, when it can read the input (the judge's solution
    /// keeps 1,000 positions).
    pub scanf: Option<Reference>,
    /// The fast-I/O solution.
    pub fast: Reference,
    /// The goal: `tabletop`'s time at most this fraction of the fast-I/O solution's.
    pub goal: f64,
    /// And, if set, `tabletop`'s peak memory at most this multiple of the `scanf` one's.
    pub memory_goal: Option<f64>,
}

/// Every lineup of every game.
pub fn all_lineups() -> Vec<Lineup> {
    let mut lineups = grundy::lineups();
    lineups.extend(snakes::lineups());
    lineups
}

//! Exact odds of a race board with a fair die: how long one counter takes to reach the goal,
//! and, for players moving in turn, each seat's chance to win.
//!
//! Rules are those of [`chutes`](tabletop_boards::chutes) with a fair die of any size, any start square
//! and three ways to treat a throw past the goal ([`Overshoot`]). A *turn* is one of a
//! player's turns in the rotation: a skipped turn counts as a turn, and the throws of an extra
//! turn belong to the turn in which they were earned. Nothing happens on the start square: the
//! counter is put there, it does not land there.
//!
//! [`Odds::new`] lays the board out as arrays over squares, checks by reachability that the
//! goal is reached with probability 1 (and, with `overshoot bounce`, that no square the
//! counter can stand on bounces past 0), and solves for the expected turns. From it:
//! - [`Odds::min_turns`]: the fewest turns (a bucket search over throw intervals), and
//!   [`Odds::fewest_turns_line`] / [`fewest_turns_line`]: one line of play taking them;
//! - [`Odds::expected_turns`] and [`Odds::variance`]: one sweep from the goal down with the
//!   squares reached backwards (chute ends, bounce squares) as the only unknowns, refined in
//!   double-double; [`Odds::expected_turns_exact`]: the same sweeps modulo primes, for the
//!   numerator and the determinant, a [`BigRational`] in lowest terms by the Chinese
//!   remainder theorem;
//! - [`Odds::distribution`] / [`Odds::tabulate`]: `P(T = t)` turn by turn over positions
//!   within a work budget ([`Tabulate`]; [`Distribution::stop`] says why a table stopped
//!   early): median, percentiles;
//! - [`Distribution::race`] (or [`Odds::race`], which tabulates only what the race needs):
//!   for `P` players in lock-step (seat 1 first every round), the expected number of rounds
//!   and each seat's probability of winning ([`Race`]).
//!
//! Time is about `O(squares × targets + targets^3)` for the solve and `O(squares)` a turn
//! for the table, whatever the die; memory `O(squares + jumps)` plus the dense target system.
//! A board of more than [`MAX_SQUARES`] squares is refused up front ([`OddsError::TooLarge`]).
//!
//! # Precision of the floating-point figures
//! The expected turns and the variance are refined until their residual is below 1e-25
//! relative, then rounded to `f64` once. The distribution is kept in double-double on small
//! boards while much of the probability is left ([`Tabulate::precise_until`]), in `f64`
//! after. Each seat's probability of winning is a sum of nonnegative terms over rounds; what
//! is left out is the probability that nobody has won within the computed rounds, `r^P` in
//! total for `r` left; [`Race::truncation_bound`] reports it.
//!
//! ```
//! use tabletop_boards::{Board, Jump};
//! use tabletop_odds::{Odds, Rules};
//! // Three squares, a ladder from 1 to 3, a coin (a die of two faces), overshoot stay.
//! let board = Board::new(3, &[Jump::new(1, 3)], &[])?;
//! let odds = Odds::new(&board, &Rules { die: 2, ..Rules::default() })?;
//! assert_eq!(odds.min_turns(), 1);
//! // From 0: throw 1 wins (ladder); throw 2 goes to 2, from where only a 1 wins.
//! // E = 1 + 1/2 * 2 = 2.
//! assert_eq!(odds.expected_turns(), 2.0);
//! assert_eq!(odds.expected_turns_exact()?.to_string(), "2");
//! let race = odds.distribution()?.race(2)?;
//! // T is geometric with p = 1/2: seat 1 wins with (1/2) / (1 - 1/4) = 2/3.
//! assert!((race.win_probability[0] - 2.0 / 3.0).abs() < 1e-15);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(test)]
mod chain;
mod dd;
mod exact;
mod field;
mod layout;
mod line;
mod sweep;
mod tabulate;
#[cfg(test)]
mod tests;

/// Exact rationals (big integers), as returned by [`Odds::expected_turns_exact`].
pub use num_rational::BigRational;
pub use tabletop_control::{Control, Stopped, Tick};

pub use exact::{ExactBudget, MAX_EXACT_WORK};
pub use layout::MAX_SQUARES;
pub use line::{fewest_turns_line, TurnLine, TurnStep};

use dd::Dd;
use field::Field;
use layout::Layout;
use tabletop_boards::{Board, Square};

/// What happens to a throw that would take the counter past the goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Overshoot {
    /// The throw is used up and ignored: the counter stays, nothing triggers.
    #[default]
    Stay,
    /// The counter counts back from the goal: from `s`, a throw `d` with `s + d > G` lands on
    /// `G - (s + d - G)`, and that square's jump (if any) applies.
    Bounce,
    /// Reaching or passing the goal wins.
    Win,
}

impl Overshoot {
    /// The keyword of the board format: `stay`, `bounce` or `win`.
    pub fn keyword(self) -> &'static str {
        match self {
            Overshoot::Stay => "stay",
            Overshoot::Bounce => "bounce",
            Overshoot::Win => "win",
        }
    }
}

/// The settings of an odds analysis that are not part of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Where every counter starts (default 0); must be before the goal.
    pub start: Square,
    /// What a throw past the goal does (default [`Overshoot::Stay`]).
    pub overshoot: Overshoot,
    /// Faces of the fair die, valued `1..=die` (default 6).
    pub die: u64,
}

impl Rules {
    /// Checks the settings against `board`, without building the chain: the die has faces
    /// and the start is before the goal. (Whether the goal is reached, and bounces, are
    /// checked by [`Odds::new`], which explores the board.)
    ///
    /// # Errors
    /// [`OddsError::NoFaces`] or [`OddsError::StartNotBeforeGoal`].
    ///
    /// ```
    /// use tabletop_boards::Board;
    /// use tabletop_odds::{OddsError, Rules};
    /// let board = Board::new(10, &[], &[])?;
    /// assert!(Rules::default().check(&board).is_ok());
    /// let late = Rules { start: 10, ..Rules::default() };
    /// assert_eq!(late.check(&board), Err(OddsError::StartNotBeforeGoal { start: 10, goal: 10 }));
    /// assert_eq!(Rules { die: 0, ..Rules::default() }.check(&board), Err(OddsError::NoFaces));
    /// # Ok::<(), tabletop_boards::BoardError>(())
    /// ```
    pub fn check(&self, board: &Board) -> Result<(), OddsError> {
        if self.die == 0 {
            return Err(OddsError::NoFaces);
        }
        if self.start >= board.goal() {
            return Err(OddsError::StartNotBeforeGoal {
                start: self.start,
                goal: board.goal(),
            });
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Self {
        Self {
            start: 0,
            overshoot: Overshoot::Stay,
            die: 6,
        }
    }
}

/// Why the odds of a board cannot be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OddsError {
    /// The die has no faces.
    #[error("a die needs at least one face")]
    NoFaces,
    /// The start square is the goal or beyond it.
    #[error("the start square {start} must be before the goal {goal}")]
    StartNotBeforeGoal {
        /// The start square.
        start: Square,
        /// The goal.
        goal: Square,
    },
    /// With `overshoot bounce`, a throw from a square the counter can reach could bounce back
    /// past square 0.
    #[error("with overshoot bounce a die of {faces} faces could bounce past square 0: the counter can reach square {square}, and from there a throw of {faces} counts back to square {}", 2 * (*goal as i128) - *square as i128 - *faces as i128)]
    BouncePastStart {
        /// Faces of the die.
        faces: u64,
        /// The goal.
        goal: Square,
        /// The lowest square the counter can reach from which a throw bounces past 0.
        square: Square,
    },
    /// No sequence of throws takes the counter from the start to the goal.
    #[error("the goal {goal} cannot be reached from the start square {start}")]
    GoalUnreachable {
        /// The start square.
        start: Square,
        /// The goal.
        goal: Square,
    },
    /// The counter can get stuck: some square it can reach has no way to the goal, so the
    /// goal is missed forever with positive probability.
    #[error("the goal can be missed forever: the counter can reach square {square}, and from there the goal {goal} cannot be reached")]
    GoalMissable {
        /// The lowest such square.
        square: Square,
        /// The goal.
        goal: Square,
    },
    /// The board has more squares than the analysis can hold in memory.
    #[error("the board is too large to analyse: at most {limit} squares (about 100 bytes each)")]
    TooLarge {
        /// The most squares.
        limit: u64,
    },
    /// Too many squares are reached backwards (chute ends, bounce squares) for the dense
    /// system over them.
    #[error("the board has {targets} squares that throws reach backwards (chute ends and bounce squares); their dense system would need more than {limit} numbers")]
    TooManyTargets {
        /// Chute ends and bounce squares the counter can stand on.
        targets: u64,
        /// The most numbers the system may hold.
        limit: u64,
    },
    /// The exact fraction needs more modular sweeps of the board than the limit allows (the
    /// fraction itself grows with the board: about 2 to 3 bits per square).
    #[error("the exact expected turns would need about {primes} sweeps of the board modulo a prime, about {work} steps in all, more than the limit of {limit} steps (numerator and denominator could have up to {digits} digits each)")]
    ExactTooCostly {
        /// The primes needed (each one sweep of the board, or a few with chutes and bounces).
        primes: u64,
        /// The estimated steps: primes times the steps of one prime's solve.
        work: u64,
        /// The most steps allowed (the [`ExactBudget`], [`MAX_EXACT_WORK`] by default).
        limit: u64,
        /// Decimal digits of Hadamard's bound on the numerator and the denominator.
        digits: u64,
    },
    /// A race needs at least one player.
    #[error("a race needs at least one player")]
    NoPlayers,
    /// The caller's [`Control`] stopped the work (cancelled, or its deadline passed).
    #[error("{0}")]
    Stopped(Stopped),
    /// A numerical invariant failed (a bug, not a property of the board).
    #[error("internal error: {0}")]
    Internal(&'static str),
}

/// The analysis of one board: the squares the counter can stand on, checked, and the
/// expected number of turns.
#[derive(Debug, Clone)]
pub struct Odds {
    layout: Layout,
    expected: Dd,
    variance: Option<Dd>,
}

/// Probability left on the board at which [`Odds::distribution`] stops.
pub const TAIL: f64 = 1e-18;

/// The work [`Odds::distribution`] may do (positions times turns, a position in
/// double-double counting 4; about a second).
pub const DEFAULT_WORK: u64 = 500_000_000;

/// Why a tabulation stopped before its tail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The work budget ran out.
    Budget,
    /// The most turns a table keeps ([`tabulate::MAX_TURNS`](self)) were reached.
    Turns,
}

/// How far to tabulate the distribution.
pub struct Tabulate<'a> {
    /// Stop once at most this probability is left.
    pub tail: f64,
    /// Work budget (positions times turns); used up as it goes.
    pub work: u64,
    /// Boards of up to 1,000 squares are tabulated in double-double (about 32 digits) while
    /// more than this probability is left, and in `f64` after: every figure that sums the
    /// distribution stays exact to the last bit, but a single `P(T = t)` below this level
    /// may be off in its last digit. Default `1e-2`.
    pub precise_until: f64,
    /// Called now and then with the turns done and the probability left.
    pub progress: Option<&'a mut dyn FnMut(u64, f64)>,
    /// Ticked before every turn (stage `"tabulate"`, `done` the turns so far): once it is
    /// cancelled or past its deadline, the tabulation stops with [`OddsError::Stopped`].
    pub control: Option<&'a Control>,
}

impl Default for Tabulate<'_> {
    fn default() -> Self {
        Self {
            tail: TAIL,
            work: DEFAULT_WORK,
            precise_until: 1e-2,
            progress: None,
            control: None,
        }
    }
}

impl std::fmt::Debug for Tabulate<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tabulate")
            .field("tail", &self.tail)
            .field("work", &self.work)
            .finish_non_exhaustive()
    }
}

impl Odds {
    /// Checks `board` under `rules` (reachability, bounces) and solves for the expected
    /// number of turns.
    ///
    /// # Errors
    /// [`OddsError`]: a die without faces, a start not before the goal, a bounce past square 0
    /// from a square the counter can reach, a goal that cannot be reached or can be missed
    /// forever, a board too large for memory.
    pub fn new(board: &Board, rules: &Rules) -> Result<Self, OddsError> {
        Self::analyse(board, rules, false)
    }

    /// [`Odds::new`], and the variance from the same factorisation (cheaper than
    /// [`Odds::variance`] afterwards).
    ///
    /// # Errors
    /// As [`Odds::new`].
    pub fn new_with_variance(board: &Board, rules: &Rules) -> Result<Self, OddsError> {
        Self::analyse(board, rules, true)
    }

    fn analyse(board: &Board, rules: &Rules, with_variance: bool) -> Result<Self, OddsError> {
        let layout = Layout::new(board, rules)?;
        let (expected, variance) = {
            let solver = sweep::Solver::new(&layout)?;
            let x = solver.expected()?;
            let expected = sweep::at_start(&layout, &x)?;
            let variance = if with_variance {
                let second = sweep::at_start(&layout, &solver.second_moment(&x)?)?;
                Some(second.minus(&expected.times(&expected)))
            } else {
                None
            };
            (expected, variance)
        };
        Ok(Self {
            layout,
            expected,
            variance,
        })
    }

    /// The fewest turns in which the counter can reach the goal.
    pub fn min_turns(&self) -> u64 {
        self.layout.min_turns
    }

    /// One line of play reaching the goal in [`Odds::min_turns`] turns, under the board's
    /// rules (the search again, recording one parent per square: linear time).
    ///
    /// ```
    /// use tabletop_boards::{Board, Special};
    /// use tabletop_odds::{Odds, Overshoot, Rules};
    /// // A die of 4, bounce off the goal 5, square 3 skips a turn.
    /// let board = Board::new(5, &[], &[(3, Special::MissTurn)])?;
    /// let rules = Rules { die: 4, overshoot: Overshoot::Bounce, ..Rules::default() };
    /// let odds = Odds::new(&board, &rules)?;
    /// let line = odds.fewest_turns_line()?;
    /// assert_eq!(line.turns, odds.min_turns());
    /// assert_eq!(line.steps.last().map(|s| s.to), Some(5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`OddsError::TooLarge`] when the parents do not fit in memory;
    /// [`OddsError::Internal`] otherwise only.
    pub fn fewest_turns_line(&self) -> Result<TurnLine, OddsError> {
        line::rebuild(&self.layout)
    }

    /// The expected number of turns to reach the goal.
    pub fn expected_turns(&self) -> f64 {
        self.expected.to_f64()
    }

    /// The variance of the number of turns (a second solve of the same system).
    ///
    /// # Errors
    /// [`OddsError::Internal`] only.
    pub fn variance(&self) -> Result<f64, OddsError> {
        if let Some(variance) = self.variance {
            return Ok(variance.to_f64());
        }
        let solver = sweep::Solver::new(&self.layout)?;
        let x = solver.expected()?;
        let second = sweep::at_start(&self.layout, &solver.second_moment(&x)?)?;
        Ok(second.minus(&self.expected.times(&self.expected)).to_f64())
    }

    /// The number of squares the counter can stand on (the start, and every square a throw
    /// can end on).
    pub fn states(&self) -> usize {
        self.layout.stood.iter().filter(|&&s| s).count()
    }

    /// The expected number of turns as an exact fraction (in lowest terms).
    ///
    /// Solved modulo enough 62-bit primes to pin the fraction down (Hadamard's bound on the
    /// determinants), numerator and denominator rebuilt by the Chinese remainder theorem.
    /// The fraction has about 2 to 3 bits per square and each prime sweeps the board, so the
    /// work grows with the square of the board: it is estimated first and refused above
    /// [`MAX_EXACT_WORK`] steps (a few seconds; an empty board of about 32,000 squares;
    /// [`Odds::expected_turns_exact_within`] takes another budget).
    ///
    /// # Errors
    /// [`OddsError::ExactTooCostly`] (before any work) with the estimate;
    /// [`OddsError::Internal`] otherwise only (the board was checked by [`Odds::new`]).
    pub fn expected_turns_exact(&self) -> Result<BigRational, OddsError> {
        exact::expected_turns(&self.layout, ExactBudget::default(), &mut |_, _| {}, None)
    }

    /// The steps [`Odds::expected_turns_exact`] would take on `board` under `rules`, from
    /// the checks of [`Odds::new`] alone (reachability, no solve), so that a caller can
    /// refuse before any costly work.
    ///
    /// # Errors
    /// As [`Odds::new`], and [`OddsError::ExactTooCostly`] above [`MAX_EXACT_WORK`].
    ///
    /// ```
    /// use tabletop_boards::Board;
    /// use tabletop_odds::{Odds, OddsError, Rules};
    /// let small = Board::new(100, &[], &[])?;
    /// assert!(Odds::exact_work(&small, &Rules::default())? < 100_000);
    /// let large = Board::new(1_000_000, &[], &[])?;
    /// let refused = Odds::exact_work(&large, &Rules::default());
    /// assert!(matches!(refused, Err(OddsError::ExactTooCostly { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn exact_work(board: &Board, rules: &Rules) -> Result<u64, OddsError> {
        exact::work(board, rules, ExactBudget::default())
    }

    /// [`Odds::exact_work`], refusing only above `budget` (never with
    /// [`ExactBudget::Unlimited`]).
    ///
    /// # Errors
    /// As [`Odds::new`], and [`OddsError::ExactTooCostly`] above `budget`.
    ///
    /// ```
    /// use tabletop_boards::Board;
    /// use tabletop_odds::{ExactBudget, Odds, OddsError, Rules};
    /// let board = Board::new(100_000, &[], &[])?;
    /// let steps = Odds::exact_work_within(&board, &Rules::default(), ExactBudget::Unlimited)?;
    /// assert!(steps > 100_000_000);
    /// let enough = Odds::exact_work_within(&board, &Rules::default(), ExactBudget::Steps(steps));
    /// assert_eq!(enough, Ok(steps));
    /// let less = Odds::exact_work_within(&board, &Rules::default(), ExactBudget::Steps(steps - 1));
    /// assert!(matches!(less, Err(OddsError::ExactTooCostly { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn exact_work_within(board: &Board, rules: &Rules, budget: ExactBudget) -> Result<u64, OddsError> {
        exact::work(board, rules, budget)
    }

    /// [`Odds::expected_turns_exact`], calling `progress(primes done, primes needed)`.
    ///
    /// # Errors
    /// As [`Odds::expected_turns_exact`].
    pub fn expected_turns_exact_with(
        &self,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<BigRational, OddsError> {
        exact::expected_turns(&self.layout, ExactBudget::default(), progress, None)
    }

    /// [`Odds::expected_turns_exact_with`], ticking `control` before every prime (stage
    /// `"exact"`, `done` of `total` primes).
    ///
    /// # Errors
    /// As [`Odds::expected_turns_exact`], and [`OddsError::Stopped`] once `control` stops.
    pub fn expected_turns_exact_until(
        &self,
        progress: &mut dyn FnMut(u64, u64),
        control: &Control,
    ) -> Result<BigRational, OddsError> {
        self.expected_turns_exact_within(ExactBudget::default(), progress, control)
    }

    /// [`Odds::expected_turns_exact_until`] within `budget` instead of [`MAX_EXACT_WORK`]
    /// steps: with [`ExactBudget::Unlimited`] only `control` stops it.
    ///
    /// # Errors
    /// [`OddsError::ExactTooCostly`] (before any work) above `budget`, else as
    /// [`Odds::expected_turns_exact_until`].
    pub fn expected_turns_exact_within(
        &self,
        budget: ExactBudget,
        progress: &mut dyn FnMut(u64, u64),
        control: &Control,
    ) -> Result<BigRational, OddsError> {
        exact::expected_turns(&self.layout, budget, progress, Some(control))
    }

    /// The distribution of the number of turns, until at most [`TAIL`] is left or
    /// [`DEFAULT_WORK`] is spent ([`Distribution::stop`] says which).
    ///
    /// # Errors
    /// [`OddsError::TooLarge`] if its buffers do not fit in memory.
    pub fn distribution(&self) -> Result<Distribution, OddsError> {
        self.tabulate(&mut Tabulate::default())
    }

    /// The race of `players` counters ([`Distribution::race`]), tabulating only as far as the
    /// race needs: until its [`Race::truncation_bound`] is at most [`TAIL`] (one player needs
    /// no table: the race is the distribution itself).
    ///
    /// Stops early only at the default work budget or the most turns a table keeps; the
    /// bound then says how much is left out.
    ///
    /// # Errors
    /// [`OddsError::NoPlayers`] for zero players, [`OddsError::TooLarge`] for buffers that do
    /// not fit in memory.
    pub fn race(&self, players: usize) -> Result<Race, OddsError> {
        // `S^P <= TAIL / 1000` leaves room for the rounds' tail, `S^(P-1)` times the turns
        // left; a slowly decaying tail may need a deeper table, tried a few times.
        let mut tail = match players {
            0 => return Err(OddsError::NoPlayers),
            1 => return Ok(Race::single(self.expected)),
            p => (TAIL * 1e-3).powf(1.0 / p as f64).max(TAIL),
        };
        let mut attempts = 0;
        loop {
            let mut limits = Tabulate {
                tail,
                ..Tabulate::default()
            };
            let distribution = self.tabulate(&mut limits)?;
            let race = distribution.race(players)?;
            attempts += 1;
            if race.truncation_bound <= TAIL || distribution.stop().is_some() || attempts == 4 {
                return Ok(race);
            }
            tail = (tail * 1e-3).max(f64::MIN_POSITIVE);
        }
    }

    /// The distribution of the number of turns, as far as `limits` allow.
    ///
    /// # Errors
    /// [`OddsError::TooLarge`] if its buffers do not fit in memory.
    pub fn tabulate(&self, limits: &mut Tabulate<'_>) -> Result<Distribution, OddsError> {
        let table = tabulate::tabulate(&self.layout, limits)?;
        Ok(Distribution {
            probability: table.probability,
            survival: table.survival,
            expected: self.expected,
            min_turns: self.layout.min_turns,
            stop: table.stop,
        })
    }
}

/// The distribution of the number of turns `T` one counter takes to reach the goal.
#[derive(Debug, Clone, PartialEq)]
pub struct Distribution {
    /// `probability[t] = P(T = t)`, for `t` in `0..=horizon` (`probability[0] = 0`).
    probability: Vec<Dd>,
    /// `survival[t] = P(T > t)`.
    survival: Vec<Dd>,
    expected: Dd,
    min_turns: u64,
    stop: Option<Stop>,
}

impl Distribution {
    /// Why the table stopped before its tail (`None`: it reached it).
    pub fn stop(&self) -> Option<Stop> {
        self.stop
    }

    /// `P(T > horizon)`: the probability not tabulated.
    pub fn rest(&self) -> f64 {
        self.survival.last().map_or(0.0, |s| s.to_f64())
    }

    /// The last turn computed.
    pub fn horizon(&self) -> u64 {
        self.probability.len() as u64 - 1
    }

    /// `P(T = t)` (0 beyond the horizon).
    pub fn probability(&self, t: u64) -> f64 {
        usize::try_from(t)
            .ok()
            .and_then(|t| self.probability.get(t))
            .map_or(0.0, |p| p.to_f64())
    }

    /// `P(T > t)`, the chance that the counter has not reached the goal after `t` turns.
    pub fn survival(&self, t: u64) -> f64 {
        usize::try_from(t)
            .ok()
            .and_then(|t| self.survival.get(t))
            .or_else(|| self.survival.last())
            .map_or(0.0, |s| s.to_f64())
    }

    /// `P(T <= t)`.
    pub fn cumulative(&self, t: u64) -> f64 {
        1.0 - self.survival(t)
    }

    /// The mean of `T` (the expected number of turns, from the linear system).
    pub fn mean(&self) -> f64 {
        self.expected.to_f64()
    }

    /// The `q`-quantile for `0 < q < 1`: the fewest turns `t` with `P(T <= t) >= q`, never
    /// below [`Odds::min_turns`]. `None` for `q` outside `(0, 1)` or beyond the horizon.
    pub fn quantile(&self, q: f64) -> Option<u64> {
        if !(q > 0.0 && q < 1.0) {
            return None;
        }
        self.first_below(Dd::one().minus(&Dd::from_f64(q)))
    }

    /// The `p`-th percentile for `0 < p < 100` (in percent, so that tiny `p` keep their
    /// precision): the fewest turns `t` with `P(T <= t) >= p / 100`, never below the fewest
    /// turns. `None` for `p` outside `(0, 100)` or beyond the horizon.
    pub fn percentile(&self, p: f64) -> Option<u64> {
        if !(p > 0.0 && p < 100.0) {
            return None;
        }
        let hundredth = Dd::one().over(&Dd::from_u64(100));
        self.first_below(Dd::one().minus(&Dd::from_f64(p).times(&hundredth)))
    }

    /// The first turn `t >= min_turns` with `P(T > t) <= left`.
    fn first_below(&self, left: Dd) -> Option<u64> {
        let from = usize::try_from(self.min_turns).ok()?;
        let at = self
            .survival
            .iter()
            .skip(from)
            .position(|s| s.minus(&left).to_f64() <= 0.0)?;
        u64::try_from(from + at).ok()
    }

    /// Each seat's chance of having won by round `t`, for `t = 0..=last` (capped at the
    /// horizon) in a race of `players` counters in lock-step: the partial sums, in `f64`, of
    /// the terms [`Distribution::race`] adds (seat 1 first). Each curve rises to that seat's
    /// [`Race::win_probability`]. Empty for zero players.
    pub fn seat_curves(&self, players: usize, last: u64) -> Vec<Vec<f64>> {
        let last = usize::try_from(last.min(self.horizon())).unwrap_or(0);
        let mut curves = vec![Vec::with_capacity(last + 1); players];
        let mut sums = vec![0.0f64; players];
        for r in 0..=last {
            if r > 0 {
                let p = self.probability[r].to_f64();
                let (now, before) = (self.survival[r].to_f64(), self.survival[r - 1].to_f64());
                for (i, sum) in sums.iter_mut().enumerate() {
                    *sum += p * now.powi(i as i32) * before.powi((players - 1 - i) as i32);
                }
            }
            for (curve, &sum) in curves.iter_mut().zip(&sums) {
                curve.push(sum.clamp(0.0, 1.0));
            }
        }
        curves
    }

    /// The median: the fewest turns `t` with `P(T <= t) >= 1/2`.
    pub fn median(&self) -> u64 {
        self.quantile(0.5).unwrap_or_else(|| self.horizon())
    }

    /// The race of `players` counters in lock-step: seat 1 throws first in every round, the
    /// first counter on the goal wins.
    ///
    /// With `S_r = P(T > r)` and `p_r = P(T = r)`, seat `i` wins with
    /// `sum_r p_r S_r^(i-1) S_(r-1)^(P-i)` and the game lasts `sum_r S_r^P` rounds on average.
    /// One player needs no table: the goal is reached with probability 1 (checked by
    /// [`Odds::new`]) after [`Distribution::mean`] turns on average, so nothing is left out.
    ///
    /// # Errors
    /// [`OddsError::NoPlayers`] for zero players.
    pub fn race(&self, players: usize) -> Result<Race, OddsError> {
        match players {
            0 => return Err(OddsError::NoPlayers),
            1 => return Ok(Race::single(self.expected)),
            _ => {}
        }
        let count = u32::try_from(players).map_err(|_| OddsError::TooLarge {
            limit: u64::from(u32::MAX),
        })?;
        let mut wins = vec![Dd::zero(); players];
        let mut rounds = Dd::zero();
        // Powers S_r^i and S_(r-1)^j, i, j in 0..=P.
        let mut now = vec![Dd::one(); players + 1];
        let mut before = vec![Dd::one(); players + 1];
        for r in 1..self.probability.len() {
            let p = self.probability[r];
            for (i, (n, b)) in now.iter_mut().zip(before.iter_mut()).enumerate().skip(1) {
                *n = if i == 1 { self.survival[r] } else { Dd::zero() };
                *b = if i == 1 { self.survival[r - 1] } else { Dd::zero() };
            }
            for i in 2..=players {
                now[i] = now[i - 1].times(&now[1]);
                before[i] = before[i - 1].times(&before[1]);
            }
            rounds = rounds.plus(&before[players]);
            if p.is_zero() {
                continue;
            }
            // Seat i (0-based) needs the seats before it still going after round r, and the
            // seats after it still going after round r - 1.
            for (i, win) in wins.iter_mut().enumerate() {
                *win = win.plus(&p.times(&now[i]).times(&before[players - 1 - i]));
            }
        }
        let rest = self.survival.last().copied().unwrap_or_default();
        let left = rest.powi(count).to_f64();
        // Rounds beyond the horizon: sum_{r >= R} S_r^P <= S_R^(P-1) sum_{r >= R} S_r, and the
        // last sum is E[T] minus the part of it computed (plus S_R for safety).
        let computed = self.survival[..self.survival.len() - 1]
            .iter()
            .fold(Dd::zero(), |sum, s| sum.plus(s));
        let single_tail = self.expected.minus(&computed).plus(&rest).to_f64().max(0.0);
        let rounds_tail = rest.powi(count - 1).to_f64() * single_tail;
        Ok(Race {
            players,
            expected_rounds: rounds.to_f64(),
            // A seat that can never win sums differences of equal survivals: rounding can leave
            // it at -1e-33 instead of 0.
            win_probability: wins.iter().map(|w| w.to_f64().clamp(0.0, 1.0)).collect(),
            truncation_bound: left.max(rounds_tail),
        })
    }
}

/// A race of several players on one board.
#[derive(Debug, Clone, PartialEq)]
pub struct Race {
    /// Number of players.
    pub players: usize,
    /// Expected number of rounds until someone reaches the goal.
    pub expected_rounds: f64,
    /// Each seat's probability of winning, seat 1 first (the first to throw in every round).
    pub win_probability: Vec<f64>,
    /// An upper bound on what the sums leave out beyond the `R` computed turns, for every
    /// seat's probability (`S_R^P`: nobody has won yet) and for the expected rounds
    /// (`S_R^(P-1)` times the expected turns left): 0 for one player. [`Odds::race`] makes it
    /// at most [`TAIL`] (1e-18) unless the work budget stopped its table
    /// ([`Distribution::stop`]); [`Distribution::race`] reports what its table leaves.
    pub truncation_bound: f64,
}

impl Race {
    /// One counter alone: it wins with probability 1, after the expected turns.
    fn single(expected: Dd) -> Self {
        Self {
            players: 1,
            expected_rounds: expected.to_f64(),
            win_probability: vec![1.0],
            truncation_bound: 0.0,
        }
    }
}

//! One line of play reaching the goal in the fewest turns, under the board's own rules.
//!
//! The bucket search behind [`Odds::min_turns`](crate::Odds::min_turns) marks each position
//! once; recording, for every square it first reaches, the square thrown from and the
//! position thrown to (one parent per square) lets the line be rebuilt backwards from the
//! goal. The first visit of a square is its cheapest (the cost of a throw depends on where it
//! lands only), so every square on the rebuilt line is reached in its fewest turns and the
//! line takes exactly the fewest turns. Time and memory stay `O(squares + jumps)`.

use tabletop_boards::{Board, Square};

use crate::layout::{Layout, Parents};
use crate::{OddsError, Rules};

/// A line of play from the start square to the goal in [`TurnLine::turns`] turns, the fewest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnLine {
    /// Turns the line takes: the last step's [`TurnStep::turn`], equal to
    /// [`Odds::min_turns`](crate::Odds::min_turns).
    pub turns: u64,
    /// The throws in order (as many as there are throws: never repeated).
    pub steps: Vec<TurnStep>,
}

/// One throw of a [`TurnLine`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TurnStep {
    /// The face thrown (`1..=die`).
    pub throw: u64,
    /// The position it reaches before any jump: the square `throw` past the previous one, or
    /// with `overshoot bounce` the square bounced back to, or with `overshoot win` the goal.
    pub land: Square,
    /// The square the counter ends on (after the jump starting on `land`, if any).
    pub to: Square,
    /// The turn the throw belongs to (1-based): after an extra-throw square the next throw
    /// keeps the turn, after a miss-a-turn square one turn is skipped.
    pub turn: u64,
}

impl TurnLine {
    /// The number of throws.
    pub fn throws(&self) -> u64 {
        self.steps.len() as u64
    }
}

/// A line of play reaching the goal of `board` in the fewest turns under `rules`.
///
/// ```
/// use tabletop_boards::{Board, Jump, Special};
/// use tabletop_odds::{fewest_turns_line, Odds, Rules};
/// // Square 2 gives an extra throw; square 3 climbs to 8; a coin (die 2).
/// let board = Board::new(8, &[Jump::new(3, 8)], &[(2, Special::ExtraTurn)])?;
/// let rules = Rules { die: 2, ..Rules::default() };
/// let line = fewest_turns_line(&board, &rules)?;
/// assert_eq!(line.turns, 1);
/// assert_eq!(line.turns, Odds::new(&board, &rules)?.min_turns());
/// // Throw 2 to square 2 (an extra throw in the same turn), then 1 to square 3, up to 8.
/// let steps: Vec<_> = line.steps.iter().map(|s| (s.throw, s.land, s.to, s.turn)).collect();
/// assert_eq!(steps, [(2, 2, 2, 1), (1, 3, 8, 1)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`Odds::new`](crate::Odds::new): the board is checked the same way.
pub fn fewest_turns_line(board: &Board, rules: &Rules) -> Result<TurnLine, OddsError> {
    rebuild(&Layout::new(board, rules)?)
}

/// The search again, with parents, and the line rebuilt from them.
pub(crate) fn rebuild(layout: &Layout) -> Result<TurnLine, OddsError> {
    let goal = layout.goal;
    let mut parents = Parents::new(goal)?;
    let turns = layout.turn_search(Some(&mut parents))?;
    let broken = OddsError::Internal("every square on the line was reached from the start");
    // Backwards from the goal: (thrown from, position, ended on).
    let mut back: Vec<(usize, usize, usize)> = Vec::new();
    let (from, position) = parents.goal.ok_or(broken.clone())?;
    back.push((from as usize, position as usize, goal));
    let mut square = from as usize;
    while square != layout.start {
        // A square's parent was reached before it, so the walk ends within `goal` steps.
        if back.len() > goal {
            return Err(broken);
        }
        let (from, position) = (parents.from[square] as usize, parents.position[square] as usize);
        back.push((from, position, square));
        square = from;
    }
    let mut steps = Vec::with_capacity(back.len());
    let mut before = 0u64;
    for &(from, position, to) in back.iter().rev() {
        let throw = if position > from {
            position - from
        } else {
            // A bounce: `from + throw - goal` squares past the goal, back to `position`.
            2 * goal - from - position
        };
        steps.push(TurnStep {
            throw: throw as u64,
            land: position as Square,
            to: to as Square,
            turn: before + 1,
        });
        before += layout.kind.get(to).map_or(1, |kind| kind.cost());
    }
    if steps.last().map(|s| s.turn) != Some(turns) {
        return Err(OddsError::Internal("the line takes the fewest turns"));
    }
    Ok(TurnLine { turns, steps })
}

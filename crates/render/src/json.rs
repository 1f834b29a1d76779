//! JSON Lines: one object per answer, one line each, written by `serde_json` from the small
//! view types below, whose field order is the key order (`docs/json.md` documents every
//! shape, and a test checks its examples against the program's output).
//!
//! | writer | one line per | shape |
//! |---|---|---|
//! | [`write_snakes`] | board | `{"throws":3,"path":[{"throw":4,"land":5,"to":16},…]}` |
//! | [`write_turn_line`] | race board | `{"throws":3,"turns":3,"path":[{"throw":6,…,"turn":1},…]}` |
//! | [`write_grundy`] | query | `{"outcome":"WIN","move":{"piece":2,"from":3,"to":5}}` |
//! | [`write_chutes`] | game | `{"winner":2,"turns":9,"throws_used":8,"squares":[57,100]}` |
//! | [`write_pigs`] | game | `{"winner":"FP","turns":12,"pigs":[{"role":"MP",…},…]}` |
//!
//! The octal and odds objects are written by [`crate::octal::write_json`] and
//! [`crate::odds::write_json`] through the same [`write_line`].
//!
//! ```
//! use tabletop_boards::{line, Board, Jump};
//! let board = Board::new(36, &[Jump::new(35, 25), Jump::new(3, 23), Jump::new(5, 16), Jump::new(20, 33)], &[])?;
//! let line = tabletop_render::to_string(|out| {
//!     tabletop_render::json::write_snakes(out, line::optimal_line(&board, 1).as_ref())
//! });
//! assert_eq!(
//!     line,
//!     "{\"throws\":3,\"path\":[{\"throw\":4,\"land\":5,\"to\":16},\
//!      {\"throw\":4,\"land\":20,\"to\":33},{\"throw\":3,\"land\":36,\"to\":36}]}\n"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::{self, Write};

use serde::Serialize;
use tabletop_boards::chutes::{Ending as ChutesEnding, Event as ChutesEvent};
use tabletop_boards::line::{Line, Step};
use tabletop_boards::Square;
use tabletop_grundy::strategy::Answer;
use tabletop_grundy::Position;
use tabletop_odds::TurnLine;
use tabletop_pigs::{Ending as PigsEnding, Pig};

/// Writes `value` as one compact JSON text (no spaces) and a newline.
///
/// # Errors
/// When `out` fails, or `value` cannot be written as JSON (a map with non-string keys).
pub fn write_line<W: Write + ?Sized, T: Serialize + ?Sized>(out: &mut W, value: &T) -> fmt::Result {
    let text = serde_json::to_string(value).map_err(|_| fmt::Error)?;
    out.write_str(&text)?;
    out.write_char('\n')
}

/// `{"throws", "path"}` of one board: the object [`write_snakes`] writes, for front ends
/// that put it inside a larger object.
#[derive(Debug, Clone, Serialize)]
pub struct SnakesView {
    throws: Option<u64>,
    path: Option<Vec<StepView>>,
}

impl SnakesView {
    /// The view of one board's optimal line (`None`: the goal cannot be reached).
    pub fn new(path: Option<&Line>) -> SnakesView {
        SnakesView {
            throws: path.map(|p| p.throws),
            path: path.map(|p| p.steps.iter().map(StepView::from).collect()),
        }
    }
}

/// `{"throw", "repeat"?, "land", "to"}`: `repeat` only when the throw is repeated.
#[derive(Debug, Clone, Serialize)]
struct StepView {
    throw: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    repeat: Option<u64>,
    land: Square,
    to: Square,
}

impl From<&Step> for StepView {
    fn from(step: &Step) -> StepView {
        StepView {
            throw: step.throw,
            repeat: (step.repeat > 1).then_some(step.repeat),
            land: step.land,
            to: step.to,
        }
    }
}

/// One board: `{"throws":T,"path":[...]}`, each step `{"throw":d,"land":s,"to":s}` with
/// `"repeat":k` after `"throw"` when the throw is made `k ≥ 2` times in a row (the first
/// `k − 1` landing on squares without a jump; `land` and `to` describe the last one).
/// Unreachable: `{"throws":null,"path":null}`.
pub fn write_snakes<W: Write + ?Sized>(out: &mut W, path: Option<&Line>) -> fmt::Result {
    write_line(out, &SnakesView::new(path))
}

/// `{"throws", "turns", "path"}` of a race board's fewest-turns line.
#[derive(Serialize)]
struct TurnLineView {
    throws: u64,
    turns: u64,
    path: Vec<TurnStepView>,
}

/// `{"throw", "repeat"?, "land", "to", "turn"}`.
#[derive(Serialize)]
struct TurnStepView {
    throw: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    repeat: Option<u64>,
    land: Square,
    to: Square,
    turn: u64,
}

/// The steps of `line` as written: a run of equal forward throws, each ending its own turn
/// on a square without a jump or a special, is one step with `repeat`.
fn turn_steps(line: &TurnLine) -> Vec<TurnStepView> {
    let mut steps: Vec<TurnStepView> = Vec::new();
    for step in &line.steps {
        if let Some(last) = steps.last_mut() {
            let follows = last.land == last.to
                && step.throw == last.throw
                && step.land == last.to + step.throw
                && step.turn == last.turn + 1;
            if follows {
                last.repeat = Some(last.repeat.unwrap_or(1) + 1);
                (last.land, last.to, last.turn) = (step.land, step.to, step.turn);
                continue;
            }
        }
        steps.push(TurnStepView {
            throw: step.throw,
            repeat: None,
            land: step.land,
            to: step.to,
            turn: step.turn,
        });
    }
    steps
}

/// The number of steps [`write_turn_line`] writes for `line` (runs of equal throws folded).
pub fn turn_line_steps(line: &TurnLine) -> usize {
    turn_steps(line).len()
}

/// A race board's line of play in the fewest turns: the form of [`write_snakes`] with
/// `"turns":N` after `"throws"` and `"turn":k` ending each step (the turn of the step's last
/// throw, 1-based: an extra throw keeps the previous step's turn, a throw after a missed
/// turn is two past it). `"repeat":k` (after `"throw"`) folds `k ≥ 2` equal forward throws
/// in consecutive turns, the first `k − 1` landing on plain squares; `land`, `to` and `turn`
/// describe the last one. `land` is the position reached before a jump (after a bounce, or
/// the goal for a throw past it under `overshoot win`).
///
/// ```
/// use tabletop_boards::{Board, Jump};
/// use tabletop_odds::{fewest_turns_line, Rules};
/// let board = Board::new(20, &[Jump::new(13, 19)], &[])?;
/// let line = fewest_turns_line(&board, &Rules::default())?;
/// let json = tabletop_render::to_string(|out| tabletop_render::json::write_turn_line(out, &line));
/// assert_eq!(
///     json,
///     "{\"throws\":4,\"turns\":4,\"path\":[{\"throw\":6,\"repeat\":3,\"land\":18,\"to\":18,\"turn\":3},\
///      {\"throw\":2,\"land\":20,\"to\":20,\"turn\":4}]}\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// When `out` fails.
pub fn write_turn_line<W: Write + ?Sized>(out: &mut W, line: &TurnLine) -> fmt::Result {
    let view = TurnLineView {
        throws: line.throws(),
        turns: line.turns,
        path: turn_steps(line),
    };
    write_line(out, &view)
}

/// `{"outcome", "move"}` of one query.
#[derive(Serialize)]
struct GrundyLine {
    outcome: &'static str,
    #[serde(rename = "move")]
    play: Option<MoveView>,
}

/// `{"piece", "from", "to"}`, the piece 1-based.
#[derive(Serialize)]
struct MoveView {
    piece: usize,
    from: Position,
    to: Position,
}

/// One query: `{"outcome":"WIN","move":{"piece":p,"from":a,"to":b}}` with `piece` 1-based
/// in the query; `"move":null` when there is none (LOSE).
pub fn write_grundy<W: Write + ?Sized>(out: &mut W, answer: &Answer) -> fmt::Result {
    let line = GrundyLine {
        outcome: answer.outcome.as_str(),
        play: answer.play.map(|play| MoveView {
            piece: play.piece + 1,
            from: play.from,
            to: play.to,
        }),
    };
    write_line(out, &line)
}

/// `{"winner", "turns", "throws_used", "squares"}` of one Chutes and Ladders game.
#[derive(Serialize)]
struct ChutesLine {
    winner: usize,
    turns: u64,
    throws_used: usize,
    squares: Vec<Square>,
}

/// One Chutes and Ladders game, from its event log ([`tabletop_boards::chutes::play_logged`]):
/// `{"winner":w,"turns":t,"throws_used":u,"squares":[s1,…]}`: the winner (1-based), the
/// turns played (skipped turns included), the throws of the list used, and where every
/// counter ends, seat 1 first.
pub fn write_chutes<W: Write + ?Sized>(
    out: &mut W,
    ending: &ChutesEnding,
    players: usize,
    events: &[ChutesEvent],
) -> fmt::Result {
    let mut squares: Vec<Square> = vec![0; players];
    let mut turns = 0;
    for event in events {
        match *event {
            ChutesEvent::Turn { number, .. } => turns = number,
            ChutesEvent::Move { player, to, .. } | ChutesEvent::Jump { player, to, .. } => {
                if let Some(square) = squares.get_mut(player.wrapping_sub(1)) {
                    *square = to;
                }
            }
            _ => {}
        }
    }
    let line = ChutesLine {
        winner: ending.winner,
        turns,
        throws_used: ending.throws_used,
        squares,
    };
    write_line(out, &line)
}

/// `{"winner", "turns", "pigs"}` of one 猪国杀 game.
#[derive(Serialize)]
struct PigsLine {
    winner: &'static str,
    turns: u64,
    pigs: Vec<PigView>,
}

/// `{"role", "dead", "hp", "equipped", "jumped", "hand"}` of one pig.
#[derive(Serialize)]
struct PigView {
    role: &'static str,
    dead: bool,
    hp: u8,
    equipped: bool,
    jumped: bool,
    hand: Option<Vec<char>>,
}

impl From<&Pig> for PigView {
    fn from(pig: &Pig) -> PigView {
        PigView {
            role: pig.role.name(),
            dead: pig.dead,
            hp: pig.hp,
            equipped: pig.equipped,
            jumped: pig.jumped,
            hand: (!pig.dead).then(|| pig.hand.to_vec().iter().map(|card| card.letter()).collect()),
        }
    }
}

/// One 猪国杀 game: `{"winner":"MP"|"FP","turns":t,"pigs":[...]}`, each pig in seat order
/// `{"role":"MP","dead":false,"hp":4,"equipped":false,"jumped":true,"hand":["K","D"]}`
/// (`"hand":null` for a dead pig, whose cards no longer count).
pub fn write_pigs<W: Write + ?Sized>(out: &mut W, ending: &PigsEnding) -> fmt::Result {
    let line = PigsLine {
        winner: ending.winner.name(),
        turns: ending.turns,
        pigs: ending.pigs.iter().map(PigView::from).collect(),
    };
    write_line(out, &line)
}

#[cfg(test)]
mod tests;

//! JSON Lines: one object per answer, keys always in the order documented here (and in
//! `docs/json.md`), written by hand (every value is a number, `null`, a fixed word or a list
//! of them, so nothing needs escaping).
//!
//! | writer | one line per | shape |
//! |---|---|---|
//! | [`write_snakes`] | board | `{"throws": 3, "path": [{"throw": 4, "land": 5, "to": 16}, …]}` |
//! | [`write_grundy`] | query | `{"outcome": "WIN", "move": {"piece": 2, "from": 3, "to": 5}}` |
//! | [`write_chutes`] | game | `{"winner": 2, "turns": 9, "throws_used": 8, "squares": [57, 100]}` |
//! | [`write_pigs`] | game | `{"winner": "FP", "turns": 12, "pigs": [{"role": "MP", …}, …]}` |
//!
//! ```
//! use tabletop_boards::{line, Board, Jump};
//! let board = Board::new(36, &[Jump::new(35, 25), Jump::new(3, 23), Jump::new(5, 16), Jump::new(20, 33)], &[])?;
//! let line = tabletop_render::to_string(|out| {
//!     tabletop_render::json::write_snakes(out, line::optimal_line(&board, 1).as_ref())
//! });
//! assert_eq!(
//!     line,
//!     "{\"throws\": 3, \"path\": [{\"throw\": 4, \"land\": 5, \"to\": 16}, \
//!      {\"throw\": 4, \"land\": 20, \"to\": 33}, {\"throw\": 3, \"land\": 36, \"to\": 36}]}\n"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::{self, Write};

use tabletop_boards::chutes::{Event as ChutesEvent, Outcome as ChutesOutcome};
use tabletop_boards::line::Line;
use tabletop_boards::Square;
use tabletop_grundy::strategy::Answer;
use tabletop_pigs::Outcome as PigsOutcome;

/// One board: `{"throws": T, "path": [...]}`, each step `{"throw": d, "land": s, "to": s}`
/// with `"repeat": k` after `"throw"` when the throw is made `k ≥ 2` times in a row (the first
/// `k − 1` landing on squares without a jump; `land` and `to` describe the last one).
/// Unreachable: `{"throws": null, "path": null}`.
pub fn write_snakes<W: Write + ?Sized>(out: &mut W, path: Option<&Line>) -> fmt::Result {
    let Some(path) = path else {
        return out.write_str("{\"throws\": null, \"path\": null}\n");
    };
    write!(out, "{{\"throws\": {}, \"path\": [", path.throws)?;
    for (i, step) in path.steps.iter().enumerate() {
        if i > 0 {
            out.write_str(", ")?;
        }
        write!(out, "{{\"throw\": {}", step.throw)?;
        if step.repeat > 1 {
            write!(out, ", \"repeat\": {}", step.repeat)?;
        }
        write!(out, ", \"land\": {}, \"to\": {}}}", step.land, step.to)?;
    }
    out.write_str("]}\n")
}

/// One query: `{"outcome": "WIN", "move": {"piece": p, "from": a, "to": b}}` with `piece`
/// 1-based in the query; `"move": null` when there is none (LOSE).
pub fn write_grundy<W: Write + ?Sized>(out: &mut W, answer: &Answer) -> fmt::Result {
    write!(out, "{{\"outcome\": \"{}\", \"move\": ", answer.outcome.as_str())?;
    match answer.play {
        Some(play) => write!(
            out,
            "{{\"piece\": {}, \"from\": {}, \"to\": {}}}}}",
            play.piece + 1,
            play.from,
            play.to
        )?,
        None => out.write_str("null}")?,
    }
    out.write_char('\n')
}

/// One Chutes and Ladders game, from its event log ([`tabletop_boards::chutes::play_logged`]):
/// `{"winner": w, "turns": t, "throws_used": u, "squares": [s1, …]}`: the winner (1-based),
/// the turns played (skipped turns included), the throws of the list used, and where every
/// counter ends, seat 1 first.
pub fn write_chutes<W: Write + ?Sized>(
    out: &mut W,
    outcome: &ChutesOutcome,
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
    write!(
        out,
        "{{\"winner\": {}, \"turns\": {turns}, \"throws_used\": {}, \"squares\": [",
        outcome.winner, outcome.throws_used
    )?;
    for (i, square) in squares.iter().enumerate() {
        if i > 0 {
            out.write_str(", ")?;
        }
        write!(out, "{square}")?;
    }
    out.write_str("]}\n")
}

/// One 猪国杀 game: `{"winner": "MP"|"FP", "turns": t, "pigs": [...]}`, each pig in seat
/// order `{"role": "MP", "dead": false, "hp": 4, "equipped": false, "jumped": true,
/// "hand": ["K", "D"]}` (`"hand": null` for a dead pig, whose cards no longer count).
pub fn write_pigs<W: Write + ?Sized>(out: &mut W, outcome: &PigsOutcome) -> fmt::Result {
    write!(
        out,
        "{{\"winner\": \"{}\", \"turns\": {}, \"pigs\": [",
        outcome.winner, outcome.turns
    )?;
    for (i, pig) in outcome.pigs.iter().enumerate() {
        if i > 0 {
            out.write_str(", ")?;
        }
        write!(
            out,
            "{{\"role\": \"{}\", \"dead\": {}, \"hp\": {}, \"equipped\": {}, \"jumped\": {}, \"hand\": ",
            pig.role, pig.dead, pig.hp, pig.equipped, pig.jumped
        )?;
        if pig.dead {
            out.write_str("null}")?;
            continue;
        }
        out.write_char('[')?;
        for (j, card) in pig.hand.to_vec().iter().enumerate() {
            if j > 0 {
                out.write_str(", ")?;
            }
            write!(out, "\"{card}\"")?;
        }
        out.write_str("]}")?;
    }
    out.write_str("]}\n")
}

#[cfg(test)]
mod tests;

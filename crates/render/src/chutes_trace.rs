//! Chutes and Ladders, turn by turn: the text of `tabletop chutes --trace`, written from the
//! engine's event log ([`tabletop_boards::chutes::play_logged`]).
//!
//! One line per turn, then one indented line per throw: what was thrown, where the counter
//! went, and what the square did.
//!
//! ```
//! use tabletop_boards::{Board, Jump, Special, chutes};
//! let board = Board::new(10, &[Jump::new(2, 9)], &[(3, Special::MissTurn)])?;
//! let mut events = Vec::new();
//! chutes::play_logged(&board, 2, &[3, 2, 6, 1, 1], &mut events)?;
//! let text = tabletop_render::to_string(|out| tabletop_render::chutes_trace::write_trace(out, 1, 2, &events));
//! assert_eq!(
//!     text,
//!     "game 1: 2 players\n\
//!      turn 1: player 1\n  throw #1: 3, 0 -> 3, misses the next turn\n\
//!      turn 2: player 2\n  throw #2: 2, 0 -> 2, ladder to 9\n\
//!      turn 3: player 1 misses this turn\n\
//!      turn 4: player 2\n  throw #3: 6, 9 -> 15 is past the goal: stays on 9\n\
//!      turn 5: player 1\n  throw #4: 1, 3 -> 4\n\
//!      turn 6: player 2\n  throw #5: 1, 9 -> 10, wins\n\
//!      player 2 wins after 5 throws\n"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::{self, Write};

use tabletop_boards::chutes::Event;

/// Writes game `number`'s trace (`players` players) from its events. A log that does not end
/// with a win (the game failed) ends with a line saying how far it went.
pub fn write_trace<W: Write + ?Sized>(
    out: &mut W,
    number: usize,
    players: usize,
    events: &[Event],
) -> fmt::Result {
    writeln!(
        out,
        "game {number}: {players} player{}",
        if players == 1 { "" } else { "s" }
    )?;
    let mut open = false; // A throw line waits for its newline.
    let mut throws = 0;
    for event in events {
        let starts_line = matches!(event, Event::Turn { .. } | Event::Throw { .. });
        if open && starts_line {
            out.write_char('\n')?;
            open = false;
        }
        match *event {
            Event::Turn { number, player } => {
                write!(out, "turn {number}: player {player}")?;
                open = true;
            }
            Event::Skip { .. } => out.write_str(" misses this turn")?,
            Event::Throw { index, value, .. } => {
                write!(out, "  throw #{}: {value}", index + 1)?;
                throws = index + 1;
                open = true;
            }
            Event::Move { from, to, .. } => write!(out, ", {from} -> {to}")?,
            Event::Jump { from, to, .. } => {
                let kind = if to > from { "ladder" } else { "chute" };
                write!(out, ", {kind} to {to}")?;
            }
            Event::Overshoot { square, target, .. } => {
                write!(out, ", {square} -> {target} is past the goal: stays on {square}")?;
            }
            Event::MissTurn { .. } => out.write_str(", misses the next turn")?,
            Event::ExtraTurn { .. } => out.write_str(", throws again")?,
            Event::Win { player, throws_used } => {
                write!(out, ", wins\nplayer {player} wins after {throws_used} throws")?;
            }
        }
    }
    if open {
        out.write_char('\n')?;
    }
    if !matches!(events.last(), Some(Event::Win { .. })) {
        writeln!(out, "the game ran out of throws after {throws}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use tabletop_boards::chutes::play_logged;
    use tabletop_boards::{Board, Jump, Special};

    use super::*;

    #[test]
    fn every_kind_of_event_is_told() {
        let board = Board::new(
            100,
            &[Jump::new(6, 99), Jump::new(50, 1)],
            &[(4, Special::ExtraTurn), (5, Special::MissTurn)],
        )
        .expect("a valid board");
        let mut events = Vec::new();
        play_logged(&board, 2, &[4, 1, 5, 1, 2, 6, 1, 1], &mut events).expect("a finished game");
        let text = crate::to_string(|out| write_trace(out, 3, 2, &events));
        let expected = "game 3: 2 players
turn 1: player 1
  throw #1: 4, 0 -> 4, throws again
  throw #2: 1, 4 -> 5, misses the next turn
turn 2: player 2
  throw #3: 5, 0 -> 5, misses the next turn
turn 3: player 1 misses this turn
turn 4: player 2 misses this turn
turn 5: player 1
  throw #4: 1, 5 -> 6, ladder to 99
turn 6: player 2
  throw #5: 2, 5 -> 7
turn 7: player 1
  throw #6: 6, 99 -> 105 is past the goal: stays on 99
turn 8: player 2
  throw #7: 1, 7 -> 8
turn 9: player 1
  throw #8: 1, 99 -> 100, wins
player 1 wins after 8 throws
";
        assert_eq!(text, expected);
    }

    #[test]
    fn chutes_go_down() {
        let board = Board::new(100, &[Jump::new(3, 1)], &[]).expect("a valid board");
        let mut events = Vec::new();
        let _ = play_logged(&board, 1, &[3], &mut events);
        let text = crate::to_string(|out| write_trace(out, 1, 1, &events));
        assert_eq!(
            text,
            "game 1: 1 player\nturn 1: player 1\n  throw #1: 3, 0 -> 3, chute to 1\n\
             turn 2: player 1\nthe game ran out of throws after 1\n"
        );
    }
}

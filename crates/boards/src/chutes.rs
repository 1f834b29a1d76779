//! Chutes and Ladders with a fixed list of die throws (UVa 647): who wins.
//!
//! Rules (see `docs/rules/chutes.md`): counters start on square 0 and players move in turn
//! order. A throw that would pass the goal is used up but ignored and triggers nothing.
//! Landing on a jump's start follows the (already resolved) chain. Landing on a miss-a-turn
//! square skips the player's next turn, which uses no throw; landing on an extra-turn square
//! gives another throw at once, within the same turn. The first counter on the goal wins.

use crate::board::{Board, Special, Square};

/// The smallest and largest die values.
pub const DIE_FACES: std::ops::RangeInclusive<u8> = 1..=6;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The winning player, 1-based as in the judge's output.
    pub winner: usize,
    /// How many throws of the list the game used.
    pub throws_used: usize,
}

/// Why a game could not be played to its end.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChutesError {
    /// A game needs at least one player.
    #[error("a game needs at least one player")]
    NoPlayers,
    /// A throw is not a die value.
    #[error("throw #{} is {value}, not a die value 1..6", index + 1)]
    InvalidThrow {
        /// Index of the throw in the list.
        index: usize,
        /// The value given.
        value: u8,
    },
    /// Every throw was used and nobody reached the goal.
    #[error("the game runs out of throws (all {throws} used) before anyone reaches the goal")]
    OutOfThrows {
        /// The length of the throw list.
        throws: usize,
    },
}

/// Plays one game on `board` with `players` players, taking throws from the start of `throws`.
///
/// # Errors
/// [`ChutesError::NoPlayers`] for zero players, [`ChutesError::InvalidThrow`] if a throw used
/// is outside 1..6, and [`ChutesError::OutOfThrows`] if nobody has won when the list ends.
///
/// # Example
/// ```
/// use tabletop_boards::{Board, Jump, Special, chutes};
/// let board = Board::new(100, &[Jump::new(6, 95), Jump::new(99, 1)],
///                        &[(3, Special::MissTurn), (98, Special::ExtraTurn)])?;
/// let outcome = chutes::play(&board, 2, &[3, 6, 3, 2, 5, 1, 3, 4, 2, 3, 1, 2])?;
/// assert_eq!(outcome.winner, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play(board: &Board, players: usize, throws: &[u8]) -> Result<Outcome, ChutesError> {
    if players == 0 {
        return Err(ChutesError::NoPlayers);
    }
    let goal = board.goal();
    let mut position: Vec<Square> = vec![0; players];
    let mut misses_next = vec![false; players];
    let mut next_throw = 0;
    let mut take_throw = || -> Result<Square, ChutesError> {
        let index = next_throw;
        let &value = throws
            .get(index)
            .ok_or(ChutesError::OutOfThrows { throws: throws.len() })?;
        if !DIE_FACES.contains(&value) {
            return Err(ChutesError::InvalidThrow { index, value });
        }
        next_throw += 1;
        Ok(Square::from(value))
    };
    let mut player = players - 1;
    loop {
        player = (player + 1) % players;
        if std::mem::take(&mut misses_next[player]) {
            continue;
        }
        loop {
            let target = position[player] + take_throw()?;
            if target > goal {
                break; // Ignored: the counter stays, and nothing is triggered.
            }
            let square = board.land(target);
            position[player] = square;
            if square == goal {
                return Ok(Outcome {
                    winner: player + 1,
                    throws_used: next_throw,
                });
            }
            match board.special(square) {
                Some(Special::ExtraTurn) => continue,
                Some(Special::MissTurn) => misses_next[player] = true,
                None => {}
            }
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Jump;

    fn board(jumps: &[(Square, Square)], specials: &[i64]) -> Board {
        let jumps: Vec<Jump> = jumps.iter().map(|&(f, t)| Jump::new(f, t)).collect();
        let specials: Vec<(Square, Special)> = specials
            .iter()
            .map(|&s| {
                (
                    s.unsigned_abs(),
                    if s < 0 {
                        Special::MissTurn
                    } else {
                        Special::ExtraTurn
                    },
                )
            })
            .collect();
        Board::new(100, &jumps, &specials).unwrap()
    }

    fn winner(board: &Board, players: usize, throws: &[u8]) -> usize {
        play(board, players, throws).unwrap().winner
    }

    #[test]
    fn a_throw_past_the_goal_is_used_but_ignored() {
        let b = board(&[(3, 97)], &[]);
        // Both reach 97; player 1's 6 is ignored, player 2's 3 wins.
        assert_eq!(winner(&b, 2, &[3, 3, 6, 3]), 2);
    }

    #[test]
    fn chained_jumps_are_followed() {
        let b = board(&[(5, 20), (20, 60), (60, 95)], &[]);
        assert_eq!(winner(&b, 2, &[5, 1, 5]), 1);
    }

    #[test]
    fn only_the_start_of_a_jump_moves_the_counter() {
        let b = board(&[(96, 4), (7, 99)], &[]);
        assert_eq!(winner(&b, 2, &[4, 6, 4, 1, 6, 1]), 2);
    }

    #[test]
    fn a_missed_turn_uses_no_throw() {
        let b = board(&[(7, 99)], &[-3]);
        // 3 (miss), 1, [skipped], 6 -> 7 -> 99, 4 -> 7 -> 99, 1 -> 100.
        assert_eq!(
            play(&b, 2, &[3, 1, 6, 4, 1]).unwrap(),
            Outcome {
                winner: 2,
                throws_used: 5
            }
        );
    }

    #[test]
    fn missed_turns_in_a_row_are_each_skipped_in_turn() {
        let b = board(&[(8, 99)], &[-3, -4]);
        // 3 (miss), 4 (miss), [1 skipped], [2 skipped], 5 -> 8 -> 99, 6, 1 -> 100.
        assert_eq!(
            play(&b, 2, &[3, 4, 5, 6, 1, 1]).unwrap(),
            Outcome {
                winner: 1,
                throws_used: 5
            }
        );
    }

    #[test]
    fn an_extra_turn_throws_again_and_follows_every_rule() {
        // Extra on 4, then the extra throw lands on a chute.
        let b = board(&[(6, 99), (7, 1)], &[4]);
        assert_eq!(winner(&b, 2, &[4, 3, 6, 5, 2, 1]), 1);
        // Extra, then miss within the same turn.
        let b = board(&[(10, 99)], &[2, -5]);
        assert_eq!(winner(&b, 2, &[2, 3, 1, 6, 5, 3, 1]), 1);
        // Extra turns chain, and a win during an extra turn ends the game.
        let b = board(&[(10, 99)], &[2, 4]);
        assert_eq!(
            play(&b, 2, &[2, 2, 6, 1, 1]).unwrap(),
            Outcome {
                winner: 1,
                throws_used: 5
            }
        );
    }

    #[test]
    fn an_ignored_throw_on_an_extra_turn_ends_the_turn() {
        let b = board(&[(5, 95)], &[98]);
        assert_eq!(winner(&b, 2, &[5, 5, 3, 3, 2, 5, 3]), 2);
    }

    #[test]
    fn five_players_take_turns_in_order() {
        let b = board(&[(3, 97)], &[]);
        assert_eq!(winner(&b, 5, &[1, 1, 1, 1, 3, 1, 1, 1, 1, 3]), 5);
    }
}

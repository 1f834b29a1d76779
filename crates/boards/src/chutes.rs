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
pub struct Ending {
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
/// let ending = chutes::play(&board, 2, &[3, 6, 3, 2, 5, 1, 3, 4, 2, 3, 1, 2])?;
/// assert_eq!(ending.winner, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play(board: &Board, players: usize, throws: &[u8]) -> Result<Ending, ChutesError> {
    run(board, players, throws, None)
}

/// What happened in a game, in order: the optional log of [`play_logged`]. Players are
/// 1-based, as in [`Ending::winner`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// A player's turn starts (numbered from 1, skipped turns included).
    Turn {
        /// The turn's number.
        number: u64,
        /// Whose turn it is.
        player: usize,
    },
    /// The turn is skipped (the player landed on a miss-a-turn square); it uses no throw.
    Skip {
        /// The player.
        player: usize,
    },
    /// A throw of the list is used.
    Throw {
        /// The player.
        player: usize,
        /// Its index in the list (0-based).
        index: usize,
        /// The die value.
        value: u8,
    },
    /// The throw would pass the goal: it is used up, the counter stays on `square`.
    Overshoot {
        /// The player.
        player: usize,
        /// Where the counter stays.
        square: Square,
        /// Where the throw would have taken it (past the goal).
        target: Square,
    },
    /// The counter moves forward by the throw.
    Move {
        /// The player.
        player: usize,
        /// The square it leaves.
        from: Square,
        /// The square the throw reaches.
        to: Square,
    },
    /// The counter lands on a jump's start and follows the (resolved) chain.
    Jump {
        /// The player.
        player: usize,
        /// The jump's start.
        from: Square,
        /// Where the chain ends.
        to: Square,
    },
    /// The counter stops on a miss-a-turn square: the player's next turn is skipped.
    MissTurn {
        /// The player.
        player: usize,
        /// The square.
        square: Square,
    },
    /// The counter stops on an extra-turn square: the player throws again at once.
    ExtraTurn {
        /// The player.
        player: usize,
        /// The square.
        square: Square,
    },
    /// The counter reaches the goal: the game is over.
    Win {
        /// The winner.
        player: usize,
        /// How many throws of the list the game used.
        throws_used: usize,
    },
}

/// [`play`], also appending every [`Event`] of the game to `events` (kept up to the point
/// of failure when the game cannot be played to its end).
///
/// # Errors
/// As [`play`].
///
/// # Example
/// ```
/// use tabletop_boards::{Board, Jump, chutes::{self, Event}};
/// let board = Board::new(10, &[Jump::new(2, 9)], &[])?;
/// let mut events = Vec::new();
/// chutes::play_logged(&board, 1, &[2, 1], &mut events)?;
/// assert_eq!(events[3], Event::Jump { player: 1, from: 2, to: 9 });
/// assert_eq!(events.last(), Some(&Event::Win { player: 1, throws_used: 2 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_logged(
    board: &Board,
    players: usize,
    throws: &[u8],
    events: &mut Vec<Event>,
) -> Result<Ending, ChutesError> {
    run(board, players, throws, Some(events))
}

/// The game loop behind [`play`] and [`play_logged`].
fn run(
    board: &Board,
    players: usize,
    throws: &[u8],
    mut events: Option<&mut Vec<Event>>,
) -> Result<Ending, ChutesError> {
    if players == 0 {
        return Err(ChutesError::NoPlayers);
    }
    let mut log = |event: Event| {
        if let Some(events) = events.as_deref_mut() {
            events.push(event);
        }
    };
    let mut position: Vec<Square> = vec![0; players];
    let mut misses_next = vec![false; players];
    let mut next_throw = 0;
    let mut number = 0;
    let mut player = players - 1;
    loop {
        player = (player + 1) % players;
        number += 1;
        let seat = player + 1;
        log(Event::Turn { number, player: seat });
        if std::mem::take(&mut misses_next[player]) {
            log(Event::Skip { player: seat });
            continue;
        }
        loop {
            let (index, value) = take_throw(throws, &mut next_throw)?;
            log(Event::Throw {
                player: seat,
                index,
                value,
            });
            let Some(square) = advance(board, seat, position[player], value, &mut log) else {
                break; // Ignored: the counter stays, and nothing is triggered.
            };
            position[player] = square;
            if square == board.goal() {
                let throws_used = index + 1;
                log(Event::Win {
                    player: seat,
                    throws_used,
                });
                return Ok(Ending {
                    winner: seat,
                    throws_used,
                });
            }
            match board.special(square) {
                Some(Special::ExtraTurn) => {
                    log(Event::ExtraTurn { player: seat, square });
                    continue;
                }
                Some(Special::MissTurn) => {
                    log(Event::MissTurn { player: seat, square });
                    misses_next[player] = true;
                }
                None => {}
            }
            break;
        }
    }
}

/// The next throw of the list, with its index, checked.
fn take_throw(throws: &[u8], next: &mut usize) -> Result<(usize, u8), ChutesError> {
    let index = *next;
    let &value = throws
        .get(index)
        .ok_or(ChutesError::OutOfThrows { throws: throws.len() })?;
    if !DIE_FACES.contains(&value) {
        return Err(ChutesError::InvalidThrow { index, value });
    }
    *next += 1;
    Ok((index, value))
}

/// Moves player `seat`'s counter from `from` by `value` and follows the jump there; `None`
/// (and the counter stays) when the throw would pass the goal.
fn advance(
    board: &Board,
    seat: usize,
    from: Square,
    value: u8,
    log: &mut impl FnMut(Event),
) -> Option<Square> {
    let target = from + Square::from(value);
    if target > board.goal() {
        log(Event::Overshoot {
            player: seat,
            square: from,
            target,
        });
        return None;
    }
    log(Event::Move {
        player: seat,
        from,
        to: target,
    });
    let square = board.land(target);
    if square != target {
        log(Event::Jump {
            player: seat,
            from: target,
            to: square,
        });
    }
    Some(square)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Jump;

    fn board(jumps: &[(Square, Square)], specials: &[i64]) -> Board {
        try_board(jumps, specials).unwrap()
    }

    /// A 100-square board; a negative special square misses a turn, a positive one gives an
    /// extra turn.
    fn try_board(jumps: &[(Square, Square)], specials: &[i64]) -> Result<Board, crate::BoardError> {
        let jumps: Vec<Jump> = jumps.iter().map(|&(f, t)| Jump::new(f, t)).collect();
        let specials: Vec<(Square, Special)> = specials
            .iter()
            .map(|&s| {
                let kind = if s < 0 {
                    Special::MissTurn
                } else {
                    Special::ExtraTurn
                };
                (s.unsigned_abs(), kind)
            })
            .collect();
        Board::new(100, &jumps, &specials)
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
            Ending {
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
            Ending {
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
            Ending {
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

    #[test]
    fn the_log_tells_the_whole_game() {
        // Extra turn on 4, miss a turn on 5, a ladder 6 -> 99; two players.
        let b = board(&[(6, 99)], &[4, -5]);
        let mut events = Vec::new();
        let ending = play_logged(&b, 2, &[4, 1, 5, 1, 2, 6, 1, 1], &mut events).unwrap();
        use Event::*;
        assert_eq!(
            events,
            vec![
                Turn { number: 1, player: 1 },
                Throw {
                    player: 1,
                    index: 0,
                    value: 4
                },
                Move {
                    player: 1,
                    from: 0,
                    to: 4
                },
                ExtraTurn { player: 1, square: 4 },
                Throw {
                    player: 1,
                    index: 1,
                    value: 1
                },
                Move {
                    player: 1,
                    from: 4,
                    to: 5
                },
                MissTurn { player: 1, square: 5 },
                Turn { number: 2, player: 2 },
                Throw {
                    player: 2,
                    index: 2,
                    value: 5
                },
                Move {
                    player: 2,
                    from: 0,
                    to: 5
                },
                MissTurn { player: 2, square: 5 },
                Turn { number: 3, player: 1 },
                Skip { player: 1 },
                Turn { number: 4, player: 2 },
                Skip { player: 2 },
                Turn { number: 5, player: 1 },
                Throw {
                    player: 1,
                    index: 3,
                    value: 1
                },
                Move {
                    player: 1,
                    from: 5,
                    to: 6
                },
                Jump {
                    player: 1,
                    from: 6,
                    to: 99
                },
                Turn { number: 6, player: 2 },
                Throw {
                    player: 2,
                    index: 4,
                    value: 2
                },
                Move {
                    player: 2,
                    from: 5,
                    to: 7
                },
                Turn { number: 7, player: 1 },
                Throw {
                    player: 1,
                    index: 5,
                    value: 6
                },
                Overshoot {
                    player: 1,
                    square: 99,
                    target: 105
                },
                Turn { number: 8, player: 2 },
                Throw {
                    player: 2,
                    index: 6,
                    value: 1
                },
                Move {
                    player: 2,
                    from: 7,
                    to: 8
                },
                Turn { number: 9, player: 1 },
                Throw {
                    player: 1,
                    index: 7,
                    value: 1
                },
                Move {
                    player: 1,
                    from: 99,
                    to: 100
                },
                Win {
                    player: 1,
                    throws_used: 8
                },
            ]
        );
        assert_eq!(
            ending,
            Ending {
                winner: 1,
                throws_used: 8
            }
        );
    }

    #[test]
    fn the_log_agrees_with_play_on_random_games() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(647);
        for _ in 0..500 {
            let mut jumps = Vec::new();
            for _ in 0..rng.random_range(0..8) {
                jumps.push((rng.random_range(1..100), rng.random_range(1..=100)));
            }
            jumps.sort_unstable();
            jumps.dedup_by_key(|j| j.0);
            jumps.retain(|j| j.0 != j.1);
            let specials: Vec<i64> = (0..rng.random_range(0..4))
                .map(|_| rng.random_range(1..100) * if rng.random_bool(0.5) { 1 } else { -1 })
                .filter(|s: &i64| {
                    !jumps
                        .iter()
                        .any(|j| j.0 == s.unsigned_abs() || j.1 == s.unsigned_abs())
                })
                .collect();
            let Ok(b) = try_board(&jumps, &specials) else {
                continue;
            };
            let players = rng.random_range(1..=4);
            let throws: Vec<u8> = (0..400).map(|_| rng.random_range(1..=6)).collect();
            let mut events = Vec::new();
            let logged = play_logged(&b, players, &throws, &mut events);
            assert_eq!(logged, play(&b, players, &throws));
            // Replaying the log: positions follow moves and jumps, throws in order.
            let mut at = vec![0; players + 1];
            let mut used = 0;
            for event in &events {
                match *event {
                    Event::Throw { index, value, .. } => {
                        assert_eq!((index, value), (used, throws[used]));
                        used += 1;
                    }
                    Event::Move { player, from, to } => {
                        assert_eq!(at[player], from);
                        assert_eq!(to - from, Square::from(throws[used - 1]));
                        at[player] = to;
                    }
                    Event::Jump { player, from, to } => {
                        assert_eq!((at[player], b.land(from)), (from, to));
                        at[player] = to;
                    }
                    Event::Overshoot {
                        player,
                        square,
                        target,
                    } => {
                        assert_eq!(at[player], square);
                        assert!(target > 100);
                    }
                    _ => {}
                }
            }
            if let Ok(ending) = logged {
                assert_eq!(at[ending.winner], 100);
                assert_eq!(used, ending.throws_used);
                assert_eq!(
                    events.last(),
                    Some(&Event::Win {
                        player: ending.winner,
                        throws_used: used
                    })
                );
            }
        }
    }
}

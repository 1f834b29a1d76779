//! Cross-checks `chutes::play` against an independent, deliberately naive implementation
//! (dense arrays, jumps followed one hop at a time, an explicit turn pointer) on random games.

use proptest::prelude::*;
use tabletop_boards::chutes::{self, ChutesError};
use tabletop_boards::{Board, Jump, Special};

/// The naive reference: `None` when the throws run out.
fn reference(jumps: &[(u64, u64)], specials: &[(u64, bool)], players: usize, throws: &[u8]) -> Option<usize> {
    let mut jump_to = [0u64; 101];
    for &(from, to) in jumps {
        jump_to[from as usize] = to;
    }
    let mut miss = [false; 101];
    let mut extra = [false; 101];
    for &(square, is_miss) in specials {
        if is_miss {
            miss[square as usize] = true;
        } else {
            extra[square as usize] = true;
        }
    }
    let mut at = vec![0u64; players];
    let mut skip = vec![false; players];
    let mut turn = 0;
    let mut throws = throws.iter();
    loop {
        if skip[turn] {
            skip[turn] = false;
            turn = (turn + 1) % players;
            continue;
        }
        let mut again = true;
        while again {
            again = false;
            let throw = u64::from(*throws.next()?);
            if at[turn] + throw <= 100 {
                let mut square = at[turn] + throw;
                while jump_to[square as usize] != 0 {
                    square = jump_to[square as usize];
                }
                at[turn] = square;
                if square == 100 {
                    return Some(turn + 1);
                }
                skip[turn] = miss[square as usize];
                again = extra[square as usize];
            }
        }
        turn = (turn + 1) % players;
    }
}

/// Jumps, special squares (`true` = miss a turn), players, throws.
type Game = (Vec<(u64, u64)>, Vec<(u64, bool)>, usize, Vec<u8>);

fn game() -> impl Strategy<Value = Game> {
    (
        prop::collection::vec((1u64..100, 1u64..100), 0..12),
        prop::collection::vec((1u64..100, any::<bool>()), 0..5),
        2usize..=5,
        prop::collection::vec(1u8..=6, 0..400),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn play_agrees_with_the_naive_reference((jumps, specials, players, throws) in game()) {
        let jump_list: Vec<Jump> = jumps.iter().map(|&(f, t)| Jump::new(f, t)).collect();
        let special_list: Vec<(u64, Special)> = specials
            .iter()
            .map(|&(s, miss)| (s, if miss { Special::MissTurn } else { Special::ExtraTurn }))
            .collect();
        // Invalid boards (loops, duplicates, specials on jumps) are the parser's business.
        let Ok(board) = Board::new(100, &jump_list, &special_list) else { return Ok(()) };
        let expected = reference(&jumps, &specials, players, &throws);
        match chutes::play(&board, players, &throws) {
            Ok(outcome) => {
                prop_assert_eq!(Some(outcome.winner), expected);
                prop_assert!(outcome.throws_used <= throws.len());
            }
            Err(ChutesError::OutOfThrows { throws: n }) => {
                prop_assert_eq!(expected, None);
                prop_assert_eq!(n, throws.len());
            }
            Err(other) => prop_assert!(false, "unexpected error {other}"),
        }
    }
}

#[test]
fn the_sample_games() {
    let throws = [3, 6, 3, 2, 5, 1, 3, 4, 2, 3, 1, 2];
    let first = Board::new(
        100,
        &[Jump::new(6, 95), Jump::new(99, 1)],
        &[(3, Special::MissTurn), (98, Special::ExtraTurn)],
    )
    .unwrap();
    let outcome = chutes::play(&first, 2, &throws).unwrap();
    // 3 (miss), 6 -> 95, skipped, 3 -> 98 (extra), 2 -> 100.
    assert_eq!((outcome.winner, outcome.throws_used), (2, 4));
    let second = Board::new(100, &[Jump::new(3, 99), Jump::new(6, 90)], &[]).unwrap();
    assert_eq!(chutes::play(&second, 2, &throws).unwrap().winner, 2);
}

#[test]
fn invalid_throws_and_player_counts_are_typed_errors() {
    let board = Board::new(100, &[], &[]).unwrap();
    assert_eq!(chutes::play(&board, 0, &[1]), Err(ChutesError::NoPlayers));
    assert_eq!(
        chutes::play(&board, 2, &[1, 7]),
        Err(ChutesError::InvalidThrow { index: 1, value: 7 })
    );
    assert_eq!(
        chutes::play(&board, 2, &[6; 10]),
        Err(ChutesError::OutOfThrows { throws: 10 })
    );
}

#[test]
fn a_jump_may_win_on_a_general_board() {
    // Beyond UVa 647, the board model allows a ladder onto the goal.
    let board = Board::new(10, &[Jump::new(4, 10)], &[]).unwrap();
    assert_eq!(chutes::play(&board, 2, &[1, 4, 3]).unwrap().winner, 2);
}

//! Tests of the odds engine: hand-computed boards, an independent oracle (a throw-level
//! chain solved densely, and a two-player product chain for who wins), Monte Carlo
//! simulation, and properties on random small boards.

// Dense elimination reads best with indices.
#![allow(clippy::needless_range_loop)]

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::*;
use tabletop_boards::{Jump, Special};

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn rules(start: Square, overshoot: Overshoot, die: u64) -> Rules {
    Rules {
        start,
        overshoot,
        die,
    }
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance * (1.0 + b.abs())
}

// ---------------------------------------------------------------- the oracle

/// One throw, written independently of the engine: `None` if the throw is ignored.
fn step(board: &Board, rules: &Rules, from: Square, die: u64) -> Option<Square> {
    let goal = board.goal();
    let mut to = from + die;
    if to > goal {
        match rules.overshoot {
            Overshoot::Stay => return None,
            Overshoot::Win => return Some(goal),
            // Past square 0: clamped here, reported by `oracle_expected`.
            Overshoot::Bounce => to = (2 * goal).saturating_sub(to),
        }
    }
    Some(board.land(to))
}

/// Throw-level nodes of the oracle: a turn about to start, a throw (the first of a turn or
/// an extra one: they behave alike), a turn to be skipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum OracleNode {
    Start(Square),
    Throw(Square),
    Skip(Square),
}

/// Successors with probability weights (out of the die's faces); `None` is the goal. The
/// flag says whether a turn is spent getting there.
fn oracle_next(board: &Board, rules: &Rules, node: OracleNode) -> Vec<(Option<OracleNode>, bool)> {
    match node {
        OracleNode::Start(s) => vec![(Some(OracleNode::Throw(s)), true); rules.die as usize],
        OracleNode::Skip(m) => vec![(Some(OracleNode::Start(m)), true); rules.die as usize],
        OracleNode::Throw(s) => (1..=rules.die)
            .map(|d| match step(board, rules, s, d) {
                None => (Some(OracleNode::Start(s)), false),
                Some(t) if t == board.goal() => (None, false),
                Some(t) => match board.special(t) {
                    Some(Special::ExtraTurn) => (Some(OracleNode::Throw(t)), false),
                    Some(Special::MissTurn) => (Some(OracleNode::Skip(t)), false),
                    None => (Some(OracleNode::Start(t)), false),
                },
            })
            .collect(),
    }
}

/// The oracle's verdict on a board: `Err(())` if the goal can be missed (or never reached),
/// else the exact expected number of turns, by dense Gaussian elimination.
fn oracle_expected(board: &Board, rules: &Rules) -> Result<BigRational, ()> {
    let start = OracleNode::Start(rules.start);
    let mut index = HashMap::from([(start, 0usize)]);
    let mut nodes = vec![start];
    let mut at = 0;
    while at < nodes.len() {
        for (next, _) in oracle_next(board, rules, nodes[at]) {
            if let Some(node) = next {
                if let Entry::Vacant(slot) = index.entry(node) {
                    slot.insert(nodes.len());
                    nodes.push(node);
                }
            }
        }
        at += 1;
    }
    // Every node must reach the goal: iterate "can reach" to a fixed point.
    let mut good = vec![false; nodes.len()];
    loop {
        let mut changed = false;
        for (i, &node) in nodes.iter().enumerate() {
            if !good[i]
                && oracle_next(board, rules, node)
                    .iter()
                    .any(|(next, _)| next.is_none_or(|n| good[index[&n]]))
            {
                good[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if good.iter().any(|g| !g) {
        return Err(());
    }
    // A bounce past square 0 from a node that can be reached is an error too.
    let past = nodes.iter().any(|node| match node {
        OracleNode::Throw(s) => rules.overshoot == Overshoot::Bounce && s + rules.die > 2 * board.goal(),
        _ => false,
    });
    if past {
        return Err(());
    }
    // x_i = sum_d 1/f (spent + x_next); spent turns are counted when a turn starts.
    let n = nodes.len();
    let f = q(rules.die as i64, 1);
    let mut m = vec![vec![<BigRational as Zero>::zero(); n + 1]; n];
    for (i, &node) in nodes.iter().enumerate() {
        m[i][i] += <BigRational as One>::one();
        for (next, spent) in oracle_next(board, rules, node) {
            if let Some(next) = next {
                m[i][index[&next]] -= <BigRational as One>::one() / &f;
            }
            if spent {
                m[i][n] += <BigRational as One>::one() / &f;
            }
        }
    }
    for col in 0..n {
        let pivot = (col..n).find(|&r| !Zero::is_zero(&m[r][col])).ok_or(())?;
        m.swap(col, pivot);
        let p = m[col][col].clone();
        for c in col..=n {
            m[col][c] = &m[col][c] / &p;
        }
        for r in 0..n {
            if r != col && !Zero::is_zero(&m[r][col]) {
                let factor = m[r][col].clone();
                for c in col..=n {
                    let delta = &factor * &m[col][c];
                    m[r][c] -= delta;
                }
            }
        }
    }
    Ok(m[0][n].clone())
}

/// Each seat's probability of winning for two players, from the product chain of both
/// counters and whose throw it is, solved densely in `f64`.
fn oracle_two_players(board: &Board, rules: &Rules) -> [f64; 2] {
    type State = (OracleNode, OracleNode, usize);
    let start = OracleNode::Start(rules.start);
    let first: State = (start, start, 0);
    let mut index = HashMap::from([(first, 0usize)]);
    let mut states = vec![first];
    let mut edges: Vec<Vec<Result<State, usize>>> = Vec::new();
    let mut queue = VecDeque::from([first]);
    while let Some(state) = queue.pop_front() {
        let (a, b, mover) = state;
        let own = if mover == 0 { a } else { b };
        let mut out = Vec::new();
        for (next, _) in oracle_next(board, rules, own) {
            let result = match next {
                None => Err(mover),
                Some(node) => {
                    // The mover's turn ends when it reaches a `Start` or `Skip` node
                    // (`Start` -> `Throw` is the same turn).
                    let same_turn = matches!(node, OracleNode::Throw(_));
                    let next_mover = if same_turn { mover } else { 1 - mover };
                    Ok(if mover == 0 {
                        (node, b, next_mover)
                    } else {
                        (a, node, next_mover)
                    })
                }
            };
            if let Ok(s) = result {
                if let Entry::Vacant(slot) = index.entry(s) {
                    slot.insert(states.len());
                    states.push(s);
                    queue.push_back(s);
                }
            }
            out.push(result);
        }
        edges.push(out);
    }
    let n = states.len();
    let f = rules.die as f64;
    let mut m = vec![vec![0.0; n + 1]; n];
    for (i, out) in edges.iter().enumerate() {
        m[i][i] += 1.0;
        for result in out {
            match result {
                Ok(s) => m[i][index[s]] -= 1.0 / f,
                Err(0) => m[i][n] += 1.0 / f,
                Err(_) => {}
            }
        }
    }
    let p1 = gauss_jordan(m)[0];
    [p1, 1.0 - p1]
}

/// Solves the square system given as augmented rows `[A | b]` by Gauss-Jordan elimination with
/// partial pivoting: the plain dense method the tests compare the real solvers with.
#[allow(clippy::needless_range_loop)]
pub(super) fn gauss_jordan(mut m: Vec<Vec<f64>>) -> Vec<f64> {
    let n = m.len();
    for col in 0..n {
        let best = (col..n)
            .max_by(|&x, &y| m[x][col].abs().total_cmp(&m[y][col].abs()))
            .unwrap();
        m.swap(col, best);
        for r in 0..n {
            if r != col && m[r][col] != 0.0 {
                let factor = m[r][col] / m[col][col];
                for c in col..=n {
                    m[r][c] -= factor * m[col][c];
                }
            }
        }
    }
    (0..n).map(|r| m[r][n] / m[r][r]).collect()
}

// ---------------------------------------------------------------- simulation

/// Turns one counter takes (simulated throw by throw), or `None` after `cap` turns.
fn simulate_turns(board: &Board, rules: &Rules, rng: &mut StdRng, cap: u64) -> Option<u64> {
    let mut at = rules.start;
    let mut skip = false;
    for turn in 1..=cap {
        if std::mem::take(&mut skip) {
            continue;
        }
        loop {
            let die = rng.random_range(1..=rules.die);
            let Some(to) = step(board, rules, at, die) else {
                break;
            };
            if to == board.goal() {
                return Some(turn);
            }
            at = to;
            match board.special(to) {
                Some(Special::ExtraTurn) => continue,
                Some(Special::MissTurn) => skip = true,
                None => {}
            }
            break;
        }
    }
    None
}

/// A board with every kind of square: ladders, chutes, a chained jump, a jump to the goal,
/// miss-a-turn and extra-turn squares (one near the goal, where bounces revisit it).
fn every_kind_of_square() -> Board {
    Board::new(
        30,
        &[
            Jump::new(3, 12),
            Jump::new(12, 17),
            Jump::new(9, 2),
            Jump::new(22, 6),
            Jump::new(25, 30),
            Jump::new(27, 14),
        ],
        &[
            (5, Special::MissTurn),
            (8, Special::ExtraTurn),
            (15, Special::ExtraTurn),
            (20, Special::MissTurn),
            (28, Special::ExtraTurn),
            (29, Special::MissTurn),
        ],
    )
    .unwrap()
}

fn milton_bradley() -> Board {
    use tabletop_testkit::boards::{MILTON_BRADLEY_JUMPS, MILTON_BRADLEY_SQUARES};
    let jumps: Vec<Jump> = MILTON_BRADLEY_JUMPS
        .iter()
        .map(|&(a, b)| Jump::new(a, b))
        .collect();
    Board::new(MILTON_BRADLEY_SQUARES, &jumps, &[]).unwrap()
}

// ---------------------------------------------------------------- hand-computed boards

#[test]
fn one_square_is_a_geometric_wait_for_a_one() {
    let board = Board::new(1, &[], &[]).unwrap();
    let odds = Odds::new(&board, &Rules::default()).unwrap();
    assert_eq!(odds.min_turns(), 1);
    assert_eq!(odds.expected_turns(), 6.0);
    assert_eq!(odds.expected_turns_exact().unwrap(), q(6, 1));
    let distribution = odds.distribution().unwrap();
    assert!(close(distribution.probability(3), 25.0 / 216.0, 1e-15));
    // (5/6)^3 = 0.5787 > 1/2 >= (5/6)^4 = 0.4823.
    assert_eq!(distribution.median(), 4);
    assert_eq!(distribution.quantile(0.9), Some(13)); // (5/6)^12 = 0.112, (5/6)^13 = 0.093
    let race = distribution.race(2).unwrap();
    // Seat 1: (1/6) / (1 - 25/36) = 6/11; a round ends with 11/36.
    assert!(close(race.win_probability[0], 6.0 / 11.0, 1e-15));
    assert!(close(race.win_probability[1], 5.0 / 11.0, 1e-15));
    assert!(close(race.expected_rounds, 36.0 / 11.0, 1e-15));
    assert!(race.truncation_bound < 1e-15);
}

#[test]
fn an_empty_board_with_overshoot_win_lasts_a_fixed_or_short_time() {
    // Two squares and a coin: 2 wins at once, 1 then anything wins. E = 3/2.
    let board = Board::new(2, &[], &[]).unwrap();
    let odds = Odds::new(&board, &rules(0, Overshoot::Win, 2)).unwrap();
    assert_eq!(odds.expected_turns_exact().unwrap(), q(3, 2));
    assert_eq!(odds.min_turns(), 1);
    let distribution = odds.distribution().unwrap();
    assert_eq!(distribution.probability(1), 0.5);
    assert_eq!(distribution.probability(2), 0.5);
    assert_eq!(distribution.horizon(), 2);
    // Three squares, die 3, overshoot win: E2 = 1, E1 = 4/3, E0 = 1 + 4/9 + 1/3 = 16/9.
    let board = Board::new(3, &[], &[]).unwrap();
    let odds = Odds::new(&board, &rules(0, Overshoot::Win, 3)).unwrap();
    assert_eq!(odds.expected_turns_exact().unwrap(), q(16, 9));
}

#[test]
fn one_ladder() {
    // Ten squares, die 6, stay, a ladder 1 -> 9: from 9 only a 1 wins (6 turns); from 0:
    // a 1 climbs to 9; 2..6 land on 2..6. Checked against the oracle and by hand below.
    let board = Board::new(10, &[Jump::new(1, 9)], &[]).unwrap();
    let odds = Odds::new(&board, &Rules::default()).unwrap();
    assert_eq!(odds.min_turns(), 2);
    let exact = odds.expected_turns_exact().unwrap();
    assert_eq!(exact, oracle_expected(&board, &Rules::default()).unwrap());
    // By hand, with E(s) for s in 4..=9 on an empty stretch: E(9) = 6, E(8) = 1 + (E9 + E10... )
    // is the classic "exact finish" recursion E(s) = 6/(number of useful faces)...; the
    // oracle is the independent check here, and a ladder to the goal gives 1 turn exactly:
    let board = Board::new(10, &[Jump::new(1, 10)], &[]).unwrap();
    let odds = Odds::new(&board, &rules(9, Overshoot::Stay, 6)).unwrap();
    assert_eq!(odds.expected_turns_exact().unwrap(), q(6, 1));
    let board = Board::new(3, &[Jump::new(1, 3)], &[]).unwrap();
    let odds = Odds::new(&board, &rules(0, Overshoot::Stay, 2)).unwrap();
    assert_eq!(odds.expected_turns_exact().unwrap(), q(2, 1));
}

#[test]
fn misses_and_extras_by_hand() {
    // Two squares, a coin, square 1 is miss-a-turn: a 2 wins (1 turn); a 1 lands on 1,
    // the next turn is skipped, then a geometric wait for a 1 (2 turns on average).
    // E = 1 + 1/2 (1 + 2) = 5/2.
    let board = Board::new(2, &[], &[(1, Special::MissTurn)]).unwrap();
    let odds = Odds::new(&board, &rules(0, Overshoot::Stay, 2)).unwrap();
    assert_eq!(odds.expected_turns_exact().unwrap(), q(5, 2));
    let distribution = odds.distribution().unwrap();
    assert_eq!(distribution.probability(1), 0.5);
    assert_eq!(distribution.probability(2), 0.0);
    assert_eq!(distribution.probability(3), 0.25);
    // Same with an extra-turn square: a 1 lands on 1 and throws again at once; a 1 then wins,
    // a 2 is ignored and the turn ends on 1. P(T = 1) = 1/2 + 1/4 = 3/4; from 1, 2 turns.
    // E = 1 + 1/4 * 2 = 3/2.
    let board = Board::new(2, &[], &[(1, Special::ExtraTurn)]).unwrap();
    let odds = Odds::new(&board, &rules(0, Overshoot::Stay, 2)).unwrap();
    assert_eq!(odds.expected_turns_exact().unwrap(), q(3, 2));
    assert_eq!(odds.distribution().unwrap().probability(1), 0.75);
    assert_eq!(odds.min_turns(), 1);
}

#[test]
fn bounce_back_onto_an_extra_square_is_folded_into_the_turn() {
    // Three squares, die 4, bounce, square 2 extra. From 2: 1 wins, 2 -> 4 bounces to 2
    // (extra again), 3 -> 5 bounces to 1, 4 -> 6 bounces to 0. The turn can revisit 2 any
    // number of times: the fold must solve, not recurse.
    let board = Board::new(3, &[], &[(2, Special::ExtraTurn)]).unwrap();
    let rules = rules(0, Overshoot::Bounce, 4);
    let odds = Odds::new(&board, &rules).unwrap();
    assert_eq!(
        odds.expected_turns_exact().unwrap(),
        oracle_expected(&board, &rules).unwrap()
    );
    // Within a turn from 2: y = 1/4 goal + 1/4 y + 1/4 [end on 1] + 1/4 [end on 0], so
    // y = 1/3 each. Turns start on 0 or 1 only; from 0: a 1 ends on 1, a 2 and a 4 (bouncing
    // to 2) continue with y, a 3 wins: P(goal) = 1/4 + 2/4 * 1/3 = 5/12. From 1: a 2 wins,
    // a 1 and a 3 (bouncing to 2) continue with y, a 4 bounces to 1: again 5/12. So T is
    // geometric with p = 5/12 and E[T] = 12/5.
    assert_eq!(odds.expected_turns_exact().unwrap(), q(12, 5));
    assert!(close(
        odds.distribution().unwrap().probability(1),
        5.0 / 12.0,
        1e-15
    ));
    assert_eq!(odds.states(), 3);
}

#[test]
fn the_start_square_triggers_nothing() {
    // Starting on a ladder's foot, a miss or an extra square does nothing.
    let board = Board::new(2, &[Jump::new(1, 2)], &[]).unwrap();
    let odds = Odds::new(&board, &rules(1, Overshoot::Stay, 1)).unwrap();
    assert_eq!(odds.expected_turns_exact().unwrap(), q(1, 1));
    let board = Board::new(2, &[], &[(1, Special::MissTurn)]).unwrap();
    let odds = Odds::new(&board, &rules(1, Overshoot::Stay, 1)).unwrap();
    assert_eq!(odds.expected_turns_exact().unwrap(), q(1, 1));
}

#[test]
fn milton_bradley_matches_the_published_fraction() {
    // Althoen, King and Schilling, "How long is a game of Snakes and Ladders?", Mathematical
    // Gazette 77 (1993): the expected number of moves of Milton Bradley's board.
    let odds = Odds::new(&milton_bradley(), &Rules::default()).unwrap();
    assert_eq!(
        odds.expected_turns_exact().unwrap().to_string(),
        "225837582538403273407117496273279920181931269186581786048583/\
         5757472998140039232950575874628786131130999406013041613400"
    );
    assert_eq!(odds.expected_turns(), 39.22512230823496);
    assert_eq!(odds.min_turns(), 7);
    let distribution = odds.distribution().unwrap();
    for players in 1..=4 {
        let race = distribution.race(players).unwrap();
        let total: f64 = race.win_probability.iter().sum();
        assert!((total - 1.0).abs() < 4e-16, "{players}: {total}");
        assert!(
            race.win_probability.windows(2).all(|w| w[0] > w[1]),
            "going first helps"
        );
        assert!(race.truncation_bound < 1e-15);
    }
}

#[test]
fn modular_and_big_rational_elimination_agree() {
    // The exact value by CRT against the per-turn chain solved in big rationals.
    let boards = [
        (milton_bradley(), Rules::default()),
        (every_kind_of_square(), rules(0, Overshoot::Bounce, 6)),
        (every_kind_of_square(), rules(4, Overshoot::Win, 5)),
    ];
    for (board, rules) in boards {
        let odds = Odds::new(&board, &rules).unwrap();
        let chain = chain::Structure::new(&board, &rules)
            .unwrap()
            .fold::<BigRational>()
            .unwrap();
        let direct = chain.expected_turns().unwrap()[chain.start].clone();
        assert_eq!(odds.expected_turns_exact().unwrap(), direct);
    }
}

// ---------------------------------------------------------------- errors

#[test]
fn settings_are_checked() {
    let board = Board::new(5, &[], &[]).unwrap();
    assert_eq!(
        Odds::new(&board, &rules(0, Overshoot::Stay, 0)).unwrap_err(),
        OddsError::NoFaces
    );
    assert_eq!(
        Odds::new(&board, &rules(5, Overshoot::Stay, 6)).unwrap_err(),
        OddsError::StartNotBeforeGoal { start: 5, goal: 5 }
    );
    assert!(Odds::new(&board, &rules(0, Overshoot::Bounce, 6)).is_ok());
    assert_eq!(
        Odds::new(&board, &rules(0, Overshoot::Bounce, 7)).unwrap_err(),
        OddsError::BouncePastStart {
            faces: 7,
            goal: 5,
            square: 4
        }
    );
    let odds = Odds::new(&board, &Rules::default()).unwrap();
    assert_eq!(
        odds.distribution().unwrap().race(0).unwrap_err(),
        OddsError::NoPlayers
    );
}

#[test]
fn a_goal_out_of_reach_is_an_error() {
    // Die 2: squares 8 and 9 both chute to 1, so 10 can never be reached.
    let board = Board::new(10, &[Jump::new(8, 1), Jump::new(9, 1)], &[]).unwrap();
    assert_eq!(
        Odds::new(&board, &rules(0, Overshoot::Stay, 2)).unwrap_err(),
        OddsError::GoalUnreachable { start: 0, goal: 10 }
    );
}

#[test]
fn a_goal_that_can_be_missed_forever_is_an_error() {
    // Die 2: a 1 from 0 climbs to the goal, a 2 lands in 2..7, which chutes keep below 8.
    let board = Board::new(10, &[Jump::new(1, 10), Jump::new(8, 3), Jump::new(9, 3)], &[]).unwrap();
    let error = Odds::new(&board, &rules(0, Overshoot::Stay, 2)).unwrap_err();
    assert_eq!(error, OddsError::GoalMissable { square: 2, goal: 10 });
    assert_eq!(
        error.to_string(),
        "the goal can be missed forever: the counter can reach square 2, and from there the goal 10 cannot be reached"
    );
    // A trap that is not reachable does not matter: start past it.
    assert!(Odds::new(
        &Board::new(10, &[Jump::new(5, 2)], &[]).unwrap(),
        &rules(6, Overshoot::Stay, 1)
    )
    .is_ok());
}

#[test]
fn huge_boards_are_refused_not_attempted() {
    let board = Board::new(1_000_000_000_000, &[], &[]).unwrap();
    assert!(matches!(
        Odds::new(&board, &Rules::default()),
        Err(OddsError::TooLarge { .. })
    ));
    // A huge die is no problem: every row costs O(1) whatever the die.
    let board = Board::new(5, &[], &[]).unwrap();
    let odds = Odds::new(&board, &rules(0, Overshoot::Win, 1_000_000_000_000)).unwrap();
    assert_eq!(odds.min_turns(), 1);
    // From 0 only the faces 1..=4 fail to win at once.
    assert!(close(odds.expected_turns(), 1.0, 1e-11));
}

#[test]
fn a_game_too_long_to_tabulate_stops_with_a_reason() {
    // A coin; every even square chutes back to 0: the goal 41 needs twenty 2s in a row.
    let chutes: Vec<Jump> = (2..41).step_by(2).map(|s| Jump::new(s, 0)).collect();
    let board = Board::new(41, &chutes, &[]).unwrap();
    let odds = Odds::new(&board, &rules(0, Overshoot::Stay, 2)).unwrap();
    assert!(odds.expected_turns() > 1e6);
    let distribution = odds
        .tabulate(&mut Tabulate {
            work: 1_000_000,
            ..Tabulate::default()
        })
        .unwrap();
    assert_eq!(distribution.stop(), Some(Stop::Budget));
    assert!(distribution.rest() > 0.5);
    assert!(distribution.horizon() > 1000);
    assert_eq!(distribution.median(), distribution.horizon());
    assert_eq!(distribution.quantile(0.5), None);
}

// ---------------------------------------------------------------- oracle and simulation

#[test]
fn the_two_player_product_chain_agrees() {
    for overshoot in [Overshoot::Stay, Overshoot::Bounce, Overshoot::Win] {
        let board = Board::new(
            7,
            &[Jump::new(2, 5), Jump::new(6, 1)],
            &[(3, Special::MissTurn), (4, Special::ExtraTurn)],
        )
        .unwrap();
        let rules = rules(0, overshoot, 3);
        let race = Odds::new(&board, &rules)
            .unwrap()
            .distribution()
            .unwrap()
            .race(2)
            .unwrap();
        let oracle = oracle_two_players(&board, &rules);
        for (got, want) in race.win_probability.iter().zip(oracle) {
            assert!((got - want).abs() < 1e-12, "{overshoot:?}: {got} vs {want}");
        }
    }
}

#[test]
fn monte_carlo_agrees_for_every_overshoot_rule() {
    let board = every_kind_of_square();
    let mut rng = StdRng::seed_from_u64(0x0dd5);
    for overshoot in [Overshoot::Stay, Overshoot::Bounce, Overshoot::Win] {
        let rules = rules(0, overshoot, 6);
        let odds = Odds::new(&board, &rules).unwrap();
        let distribution = odds.distribution().unwrap();
        let games = 40_000;
        let turns: Vec<u64> = (0..games)
            .map(|_| simulate_turns(&board, &rules, &mut rng, 1_000_000).unwrap())
            .collect();
        // Mean: within 5 standard errors.
        let n = games as f64;
        let mean = turns.iter().sum::<u64>() as f64 / n;
        let variance = turns.iter().map(|&t| (t as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let error = (variance / n).sqrt();
        let expected = odds.expected_turns();
        assert!(
            (mean - expected).abs() < 5.0 * error,
            "{overshoot:?}: simulated {mean}, exact {expected}"
        );
        // Every point of the distribution function: within 5 standard errors.
        for t in 1..=distribution.quantile(0.99).unwrap() {
            let p = distribution.cumulative(t);
            let seen = turns.iter().filter(|&&x| x <= t).count() as f64 / n;
            let error = (p * (1.0 - p) / n).sqrt().max(1.0 / n);
            assert!(
                (seen - p).abs() < 5.0 * error,
                "{overshoot:?} P(T <= {t}): {seen} vs {p}"
            );
        }
        // Three players in lock-step: pair up simulated walks.
        let race = distribution.race(3).unwrap();
        let mut wins = [0usize; 3];
        let mut rounds = 0u64;
        for game in turns.chunks_exact(3) {
            let best = *game.iter().min().unwrap();
            rounds += best;
            wins[game.iter().position(|&t| t == best).unwrap()] += 1;
        }
        let races = (turns.len() / 3) as f64;
        for (seat, &won) in wins.iter().enumerate() {
            let p = race.win_probability[seat];
            let seen = won as f64 / races;
            assert!(
                (seen - p).abs() < 5.0 * (p * (1.0 - p) / races).sqrt(),
                "{overshoot:?} seat {seat}"
            );
        }
        let mean_rounds = rounds as f64 / races;
        assert!(
            close(mean_rounds, race.expected_rounds, 0.05),
            "{mean_rounds} vs {}",
            race.expected_rounds
        );
    }
}

#[test]
fn the_judge_engine_with_random_throws_agrees_with_chutes_odds() {
    // `tabletop chutes --odds` promises the winning chances of `chutes::play` with a fair die:
    // play the UVa sample's boards (misses, extras, a ladder to 95, chutes) with random throw
    // lists through the judge engine itself and count who wins.
    let boards = [
        (
            Board::new(
                100,
                &[Jump::new(6, 95), Jump::new(99, 1)],
                &[(3, Special::MissTurn), (98, Special::ExtraTurn)],
            )
            .unwrap(),
            2,
        ),
        (every_kind_of_square_on_100(), 3),
    ];
    let mut rng = StdRng::seed_from_u64(647);
    for (board, players) in boards {
        let race = Odds::new(&board, &Rules::default())
            .unwrap()
            .distribution()
            .unwrap()
            .race(players)
            .unwrap();
        let games = 12_000;
        let mut wins = vec![0usize; players];
        for _ in 0..games {
            // Extend the list (never cut a game short) until the game is decided.
            let mut throws: Vec<u8> = Vec::new();
            let outcome = loop {
                throws.extend((0..500).map(|_| rng.random_range(1..=6u8)));
                match tabletop_boards::chutes::play(&board, players, &throws) {
                    Ok(outcome) => break outcome,
                    Err(tabletop_boards::chutes::ChutesError::OutOfThrows { .. }) => continue,
                    Err(error) => panic!("{error}"),
                }
            };
            wins[outcome.winner - 1] += 1;
        }
        for (seat, &won) in wins.iter().enumerate() {
            let p = race.win_probability[seat];
            let seen = won as f64 / games as f64;
            let error = (p * (1.0 - p) / games as f64).sqrt();
            assert!((seen - p).abs() < 5.0 * error, "seat {}: {seen} vs {p}", seat + 1);
        }
    }
}

/// A judge-style board (goal 100) with every kind of square.
fn every_kind_of_square_on_100() -> Board {
    Board::new(
        100,
        &[
            Jump::new(4, 40),
            Jump::new(40, 60),
            Jump::new(33, 2),
            Jump::new(77, 20),
            Jump::new(94, 50),
        ],
        &[
            (10, Special::MissTurn),
            (25, Special::ExtraTurn),
            (52, Special::ExtraTurn),
            (97, Special::ExtraTurn),
            (98, Special::MissTurn),
        ],
    )
    .unwrap()
}

#[test]
fn monte_carlo_agrees_on_milton_bradley() {
    let board = milton_bradley();
    let rules = Rules::default();
    let odds = Odds::new(&board, &rules).unwrap();
    let mut rng = StdRng::seed_from_u64(1993);
    let games = 20_000;
    let turns: Vec<u64> = (0..games)
        .map(|_| simulate_turns(&board, &rules, &mut rng, 1_000_000).unwrap())
        .collect();
    let n = games as f64;
    let mean = turns.iter().sum::<u64>() as f64 / n;
    let variance = turns.iter().map(|&t| (t as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0);
    assert!((mean - odds.expected_turns()).abs() < 5.0 * (variance / n).sqrt());
}

// ---------------------------------------------------------------- random small boards

/// A goal, jumps, special squares (`true`: miss a turn) and rules.
type SmallBoard = (Square, Vec<(Square, Square)>, Vec<(Square, bool)>, Rules);

/// A random small board and rules (possibly invalid: loops, traps).
fn small_board() -> impl Strategy<Value = SmallBoard> {
    (2u64..=16, 1u64..=6, 0usize..3)
        .prop_flat_map(|(goal, die, rule)| {
            let overshoot = [Overshoot::Stay, Overshoot::Bounce, Overshoot::Win][rule];
            (
                Just(goal),
                proptest::collection::vec((1..goal, 0..=goal), 0..5),
                proptest::collection::vec((1..goal, any::<bool>()), 0..4),
                prop_oneof![3 => Just(0u64), 1 => 0..goal],
                Just(overshoot),
                Just(die),
            )
        })
        .prop_map(|(goal, jumps, specials, start, overshoot, die)| {
            (
                goal,
                jumps,
                specials,
                Rules {
                    start,
                    overshoot,
                    die,
                },
            )
        })
}

fn build(goal: Square, jumps: &[(Square, Square)], specials: &[(Square, bool)]) -> Option<Board> {
    let jumps: Vec<Jump> = jumps
        .iter()
        .filter(|(a, b)| a != b)
        .map(|&(a, b)| Jump::new(a, b))
        .collect();
    let specials: Vec<(Square, Special)> = specials
        .iter()
        .map(|&(s, miss)| {
            (
                s,
                if miss {
                    Special::MissTurn
                } else {
                    Special::ExtraTurn
                },
            )
        })
        .collect();
    Board::new(goal, &jumps, &specials).ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn random_boards_agree_with_the_oracle((goal, jumps, specials, rules) in small_board()) {
        let Some(board) = build(goal, &jumps, &specials) else { return Ok(()) };
        let odds = Odds::new(&board, &rules);
        let oracle = oracle_expected(&board, &rules);
        match (odds, oracle) {
            (Err(error), Err(())) => {
                let expected = matches!(error, OddsError::GoalUnreachable { .. } | OddsError::GoalMissable { .. } | OddsError::BouncePastStart { .. });
                prop_assert!(expected, "{:?}", error);
            }
            (Ok(odds), Ok(oracle)) => {
                let exact = odds.expected_turns_exact().unwrap();
                prop_assert_eq!(&exact, &oracle);
                // Lowest terms, positive denominator.
                prop_assert!(exact.numer().gcd(exact.denom()).is_one());
                prop_assert!(exact.denom().is_positive());
                // The float agrees with the fraction.
                let float = exact.to_f64().unwrap();
                prop_assert!(close(odds.expected_turns(), float, 1e-9), "{} vs {}", odds.expected_turns(), float);
                // The distribution: sums to 1, its mean is the expected value.
                let distribution = odds.distribution().unwrap();
                let total: f64 = (0..=distribution.horizon()).map(|t| distribution.probability(t)).sum();
                prop_assert!((total + distribution.survival(distribution.horizon()) - 1.0).abs() < 1e-12);
                let mean: f64 = (0..distribution.horizon()).map(|t| distribution.survival(t)).sum();
                prop_assert!(close(mean, float, 1e-9), "{} vs {}", mean, float);
                prop_assert_eq!(
                    odds.min_turns(),
                    (1..).find(|&t| distribution.probability(t) > 0.0).unwrap()
                );
                for players in 1..=4 {
                    let race = distribution.race(players).unwrap();
                    let total: f64 = race.win_probability.iter().sum();
                    prop_assert!((total - 1.0).abs() < 1e-12, "{} players: {}", players, total);
                    prop_assert!(race.win_probability.iter().all(|&p| (0.0..=1.0).contains(&p)));
                    prop_assert!(race.truncation_bound < 1e-15);
                }
            }
            (odds, oracle) => prop_assert!(false, "engine {:?} vs oracle {:?}", odds.map(|o| o.expected_turns()), oracle),
        }
    }

    #[test]
    fn random_boards_two_players_agree_with_the_product_chain((goal, jumps, specials, rules) in small_board()) {
        prop_assume!(goal <= 8);
        let Some(board) = build(goal, &jumps, &specials) else { return Ok(()) };
        let Ok(odds) = Odds::new(&board, &rules) else { return Ok(()) };
        let race = odds.distribution().unwrap().race(2).unwrap();
        let oracle = oracle_two_players(&board, &rules);
        for (got, want) in race.win_probability.iter().zip(oracle) {
            prop_assert!((got - want).abs() < 1e-10, "{} vs {}", got, want);
        }
    }
}

// ---------------------------------------------------------------- large boards

/// A random board of `goal` squares: ladders and chutes with ends anywhere, miss-a-turn and
/// extra-turn squares.
fn large_board(rng: &mut StdRng, goal: Square, jumps: usize, specials: usize) -> Board {
    let mut starts = std::collections::BTreeSet::new();
    while starts.len() < jumps {
        starts.insert(rng.random_range(2..goal - 1));
    }
    let mut used = starts.clone();
    let list: Vec<Jump> = starts
        .iter()
        .enumerate()
        .map(|(i, &from)| loop {
            let to = if i % 2 == 0 {
                rng.random_range(from + 1..goal)
            } else {
                rng.random_range(1..from)
            };
            if !starts.contains(&to) {
                used.insert(to);
                break Jump::new(from, to);
            }
        })
        .collect();
    let mut marks = Vec::new();
    while marks.len() < specials {
        let square = rng.random_range(1..goal - 1);
        if used.insert(square) {
            let kind = if marks.len() % 2 == 0 {
                Special::MissTurn
            } else {
                Special::ExtraTurn
            };
            marks.push((square, kind));
        }
    }
    Board::new(goal, &list, &marks).unwrap()
}

/// The expected turns by another method: the folded per-turn chain of throw-level nodes
/// (hash-map exploration, within-turn absorption solved), eliminated sparsely in `f64`.
fn turn_chain_expected(board: &Board, rules: &Rules) -> f64 {
    let chain = chain::Structure::new(board, rules)
        .unwrap()
        .fold::<f64>()
        .unwrap();
    chain.expected_turns().unwrap()[chain.start]
}

#[test]
fn expected_turns_agree_with_the_turn_chain_on_boards_of_thousands_of_squares() {
    let mut rng = StdRng::seed_from_u64(0x12);
    for (goal, jumps, specials, overshoot, die) in [
        (1_000, 30, 10, Overshoot::Stay, 6),
        (2_000, 60, 0, Overshoot::Stay, 6),
        (1_500, 40, 20, Overshoot::Win, 6),
        (1_200, 30, 10, Overshoot::Bounce, 6),
        (1_000, 20, 6, Overshoot::Stay, 40),
    ] {
        let board = large_board(&mut rng, goal, jumps, specials);
        let rules = rules(0, overshoot, die);
        let odds = Odds::new(&board, &rules).unwrap();
        let other = turn_chain_expected(&board, &rules);
        assert!(
            close(odds.expected_turns(), other, 1e-9),
            "{goal} {overshoot:?}: {} vs {other}",
            odds.expected_turns()
        );
    }
}

/// The expected turns by dense Gauss-Jordan elimination over the oracle's throw-level nodes.
fn dense_expected(board: &Board, rules: &Rules) -> f64 {
    let start = OracleNode::Start(rules.start);
    let mut index = HashMap::from([(start, 0usize)]);
    let mut nodes = vec![start];
    let mut at = 0;
    while at < nodes.len() {
        for (next, _) in oracle_next(board, rules, nodes[at]) {
            if let Some(node) = next {
                if let Entry::Vacant(slot) = index.entry(node) {
                    slot.insert(nodes.len());
                    nodes.push(node);
                }
            }
        }
        at += 1;
    }
    let n = nodes.len();
    let f = rules.die as f64;
    let mut m = vec![vec![0.0; n + 1]; n];
    for (i, &node) in nodes.iter().enumerate() {
        m[i][i] += 1.0;
        for (next, spent) in oracle_next(board, rules, node) {
            if let Some(next) = next {
                m[i][index[&next]] -= 1.0 / f;
            }
            if spent {
                m[i][n] += 1.0 / f;
            }
        }
    }
    gauss_jordan(m)[0]
}

#[test]
fn expected_turns_agree_with_dense_elimination_on_random_boards() {
    let mut rng = StdRng::seed_from_u64(0x1212);
    for overshoot in [Overshoot::Stay, Overshoot::Bounce, Overshoot::Win] {
        let board = large_board(&mut rng, 150, 12, 8);
        let rules = rules(0, overshoot, 6);
        let odds = Odds::new(&board, &rules).unwrap();
        let dense = dense_expected(&board, &rules);
        assert!(close(odds.expected_turns(), dense, 1e-10), "{overshoot:?}");
    }
}

#[test]
fn the_variance_matches_the_distribution() {
    let boards = [
        (milton_bradley(), Rules::default()),
        (every_kind_of_square(), rules(0, Overshoot::Bounce, 6)),
        (every_kind_of_square(), rules(3, Overshoot::Win, 4)),
        (every_kind_of_square_on_100(), Rules::default()),
    ];
    for (board, rules) in boards {
        let odds = Odds::new(&board, &rules).unwrap();
        let d = odds.distribution().unwrap();
        let (mut mean, mut square) = (0.0, 0.0);
        for t in 1..=d.horizon() {
            mean += t as f64 * d.probability(t);
            square += (t as f64).powi(2) * d.probability(t);
        }
        let variance = odds.variance().unwrap();
        assert!(close(mean, odds.expected_turns(), 1e-12));
        assert!(
            close(square - mean * mean, variance, 1e-9),
            "{square} {mean} {variance}"
        );
    }
    // A geometric wait for a 1: variance (1 - p) / p^2 = 30.
    let odds = Odds::new(&Board::new(1, &[], &[]).unwrap(), &Rules::default()).unwrap();
    assert_eq!(odds.variance().unwrap(), 30.0);
}

#[test]
fn percentiles_never_go_below_the_fewest_turns() {
    // One square: the fewest turns is 1; a tiny percentile is 1, not 0, and a percentile
    // whose hundredth underflows is still the fewest turns.
    let odds = Odds::new(&Board::new(1, &[], &[]).unwrap(), &Rules::default()).unwrap();
    let d = odds.distribution().unwrap();
    assert_eq!(d.percentile(1e-15), Some(1));
    assert_eq!(d.percentile(5e-324), Some(1));
    assert_eq!(d.quantile(1e-300), Some(1));
    assert_eq!(d.percentile(50.0), Some(4));
    // Milton Bradley: nothing below 7 turns.
    let d = Odds::new(&milton_bradley(), &Rules::default())
        .unwrap()
        .distribution()
        .unwrap();
    assert_eq!(d.percentile(1e-10), Some(7));
    assert_eq!(d.percentile(99.0), Some(128));
}

#[test]
fn a_bounce_is_an_error_only_from_a_square_the_counter_can_reach() {
    // The reported board: squares 1 and 2 are never stood on (both chute to 0), so only 0
    // throws, and from 0 a 6 bounces back to exactly 0. A 3 wins: E = 6.
    let board = Board::new(3, &[Jump::new(1, 0), Jump::new(2, 1)], &[]).unwrap();
    let odds = Odds::new(&board, &rules(0, Overshoot::Bounce, 6)).unwrap();
    assert_eq!(odds.expected_turns_exact().unwrap(), q(6, 1));
    assert_eq!(odds.states(), 1);
    // Without the chutes, 2 can be stood on and a 6 from it would count back past 0.
    let board = Board::new(3, &[], &[]).unwrap();
    let error = Odds::new(&board, &rules(0, Overshoot::Bounce, 6)).unwrap_err();
    assert_eq!(
        error,
        OddsError::BouncePastStart {
            faces: 6,
            goal: 3,
            square: 1
        }
    );
    assert!(
        error.to_string().contains("the counter can reach square 1"),
        "{error}"
    );
}

/// `E(s)` on an empty board by the plain recursion over the faces, exactly.
fn empty_board_exact(goal: u64, overshoot: Overshoot, die: u64) -> BigRational {
    let mut e: Vec<BigRational> = vec![<BigRational as Zero>::zero(); goal as usize + 1];
    for s in (0..goal).rev() {
        let mut sum = q(die as i64, 1);
        let mut useful = die;
        for d in 1..=die {
            let to = s + d;
            if to <= goal {
                sum += &e[to as usize];
            } else if overshoot == Overshoot::Stay {
                useful -= 1;
            }
        }
        e[s as usize] = sum / q(useful as i64, 1);
    }
    e[0].clone()
}

#[test]
fn exact_expected_turns_of_empty_boards_match_the_plain_recursion() {
    for goal in 1..=40 {
        for die in [1, 2, 5, 6] {
            for overshoot in [Overshoot::Stay, Overshoot::Win] {
                let odds =
                    Odds::new(&Board::new(goal, &[], &[]).unwrap(), &rules(0, overshoot, die)).unwrap();
                assert_eq!(
                    odds.expected_turns_exact().unwrap(),
                    empty_board_exact(goal, overshoot, die),
                    "{goal} {die} {overshoot:?}"
                );
            }
        }
    }
    let odds = Odds::new(&Board::new(400, &[], &[]).unwrap(), &Rules::default()).unwrap();
    let exact = odds.expected_turns_exact().unwrap();
    assert_eq!(exact, empty_board_exact(400, Overshoot::Stay, 6));
    assert_eq!(odds.expected_turns(), exact.to_f64().unwrap());
}

#[test]
fn a_die_as_large_as_the_board_is_answered() {
    // The reported 22-byte board, smaller: 300 squares, die 300, stay. From s only the face
    // G - s wins and the faces past it are lost: E(s) = 1 + sum_{s<t<G} E(t) / f ... checked
    // against the recursion, and the distribution is tabulated.
    let board = Board::new(300, &[], &[]).unwrap();
    let odds = Odds::new(&board, &rules(0, Overshoot::Stay, 300)).unwrap();
    let exact = empty_board_exact(300, Overshoot::Stay, 300).to_f64().unwrap();
    assert!(close(odds.expected_turns(), exact, 1e-13));
    let d = odds.distribution().unwrap();
    assert_eq!(d.stop(), None);
    let mean: f64 = (0..d.horizon()).map(|t| d.survival(t)).sum();
    assert!(close(mean, exact, 1e-9));
}

// ---------------------------------------------------------------- bounds

/// Squares 40, bounce, die 5, chutes 10 -> 6 and 5 -> 2, ladder 26 -> 36, miss 4 and 15,
/// extra 18 and 12: one seat's race was once left out as if the work budget had run out.
fn bounce_with_extras() -> (Board, Rules) {
    let board = Board::new(
        40,
        &[Jump::new(10, 6), Jump::new(5, 2), Jump::new(26, 36)],
        &[
            (4, Special::MissTurn),
            (15, Special::MissTurn),
            (18, Special::ExtraTurn),
            (12, Special::ExtraTurn),
        ],
    )
    .unwrap();
    (board, rules(0, Overshoot::Bounce, 5))
}

#[test]
fn one_seats_race_is_the_distribution_whatever_the_table_left() {
    let (board, rules) = bounce_with_extras();
    let odds = Odds::new(&board, &rules).unwrap();
    // Cut where the 99th percentile is known, as the command line does.
    let short = odds
        .tabulate(&mut Tabulate {
            tail: 1e-2,
            ..Tabulate::default()
        })
        .unwrap();
    assert!(short.rest() > 1e-3 && short.stop().is_none());
    let race = short.race(1).unwrap();
    assert_eq!(race.win_probability, [1.0]);
    assert_eq!(race.truncation_bound, 0.0);
    assert_eq!(race.expected_rounds, odds.expected_turns());
    assert_eq!(odds.race(1).unwrap(), race);
}

#[test]
fn every_race_of_odds_race_leaves_out_at_most_the_tail() {
    let long = Board::new(100, &[Jump::new(6, 95), Jump::new(99, 1)], &[]).unwrap();
    let (bounce, bounce_rules) = bounce_with_extras();
    for (board, rules) in [
        (milton_bradley(), Rules::default()),
        (long, Rules::default()),
        (bounce, bounce_rules),
        (every_kind_of_square(), rules(0, Overshoot::Win, 3)),
    ] {
        let odds = Odds::new(&board, &rules).unwrap();
        let deep = odds
            .tabulate(&mut Tabulate {
                tail: 1e-30,
                ..Tabulate::default()
            })
            .unwrap();
        for players in 1..=6 {
            let race = odds.race(players).unwrap();
            assert!(
                race.truncation_bound <= TAIL,
                "{players}: {}",
                race.truncation_bound
            );
            let reference = deep.race(players).unwrap();
            for (got, want) in race.win_probability.iter().zip(&reference.win_probability) {
                assert!((got - want).abs() <= 1e-16, "{players}: {got} vs {want}");
            }
            assert!(close(race.expected_rounds, reference.expected_rounds, 1e-15));
        }
    }
}

/// Boards where a bounce brings the counter back onto extra-turn squares, some more than
/// once in a turn.
fn rebound_boards() -> Vec<(Board, Rules)> {
    let mut boards = vec![
        bounce_with_extras(),
        (
            Board::new(3, &[], &[(2, Special::ExtraTurn)]).unwrap(),
            rules(0, Overshoot::Bounce, 4),
        ),
        (every_kind_of_square(), rules(0, Overshoot::Bounce, 6)),
        (every_kind_of_square(), rules(4, Overshoot::Bounce, 2)),
        // Every extra square of the bounce region, next to a miss and a chute.
        (
            Board::new(
                60,
                &[Jump::new(58, 20), Jump::new(10, 50)],
                &[
                    (53, Special::ExtraTurn),
                    (54, Special::MissTurn),
                    (55, Special::ExtraTurn),
                    (57, Special::ExtraTurn),
                    (59, Special::ExtraTurn),
                ],
            )
            .unwrap(),
            rules(0, Overshoot::Bounce, 8),
        ),
        // A die as large as the board: every square bounces.
        (
            Board::new(
                10,
                &[Jump::new(5, 1)],
                &[
                    (3, Special::ExtraTurn),
                    (7, Special::ExtraTurn),
                    (9, Special::ExtraTurn),
                ],
            )
            .unwrap(),
            rules(0, Overshoot::Bounce, 10),
        ),
        // The start on an extra-turn square of the bounce region (nothing happens there).
        (
            Board::new(12, &[], &[(9, Special::ExtraTurn), (11, Special::ExtraTurn)]).unwrap(),
            rules(9, Overshoot::Bounce, 4),
        ),
    ];
    let mut rng = StdRng::seed_from_u64(0xb0);
    for _ in 0..3 {
        // More than a thousand squares: the table runs in f64.
        let mut board = large_board(&mut rng, 1_200, 20, 0);
        let jumps = board.jumps().to_vec();
        let ends: Vec<Square> = jumps.iter().flat_map(|j| [j.from, j.to]).collect();
        let extras: Vec<(Square, Special)> = (1_185..1_200)
            .filter(|s| s % 3 != 0 && !ends.contains(s))
            .map(|s| (s, Special::ExtraTurn))
            .collect();
        board = Board::new(1_200, &jumps, &extras).unwrap();
        boards.push((board, rules(0, Overshoot::Bounce, 20)));
    }
    boards
}

#[test]
fn a_bounce_back_onto_extra_squares_tabulates_like_the_folded_chain() {
    for (board, rules) in rebound_boards() {
        let odds = Odds::new(&board, &rules).unwrap();
        // Double-double all the way where the board allows it (up to 1,000 squares), as the
        // chain is: the two must then agree far below f64's rounding.
        let positional = odds
            .tabulate(&mut Tabulate {
                precise_until: 0.0,
                ..Tabulate::default()
            })
            .unwrap();
        let chain = chain::tabulate(&board, &rules, &mut Tabulate::default()).unwrap();
        assert_eq!(positional.stop(), None);
        // In f64 (larger boards) every figure is within f64's rounding of the total, as on
        // boards without a rebound.
        let (relative, absolute) = if board.goal() <= 1_000 {
            (1e-25, 1e-40)
        } else {
            (1e-12, 1e-16)
        };
        let horizon = positional.horizon().max(chain.probability.len() as u64 - 1);
        for t in 0..=horizon {
            let want = chain.probability.get(t as usize).copied().unwrap_or_default();
            let got = positional
                .probability
                .get(t as usize)
                .copied()
                .unwrap_or_default();
            assert!(
                got.minus(&want).to_f64().abs() <= relative * want.to_f64() + absolute,
                "{board:?} {rules:?} turn {t}: {got:?} vs {want:?}"
            );
        }
        // The mean of the table is the solved expectation.
        let mean: f64 = (0..positional.horizon()).map(|t| positional.survival(t)).sum();
        assert!(
            close(mean, odds.expected_turns(), 1e-12),
            "{mean} vs {}",
            odds.expected_turns()
        );
    }
    // The oracle's two-player race on the small one.
    let (board, rules) = (
        Board::new(
            7,
            &[Jump::new(2, 5)],
            &[(4, Special::ExtraTurn), (6, Special::ExtraTurn)],
        )
        .unwrap(),
        rules(0, Overshoot::Bounce, 4),
    );
    let race = Odds::new(&board, &rules).unwrap().race(2).unwrap();
    for (got, want) in race
        .win_probability
        .iter()
        .zip(oracle_two_players(&board, &rules))
    {
        assert!((got - want).abs() < 1e-12, "{got} vs {want}");
    }
}

#[test]
fn many_extra_squares_to_bounce_back_to_are_tabulated_like_the_folded_chain() {
    // 60 squares and a die of 61: every square bounces, and 40 extra-turn squares can be
    // bounced back to, one after another within a turn.
    let extras: Vec<(Square, Special)> = (1..60)
        .filter(|s| s % 3 != 0)
        .map(|s| (s, Special::ExtraTurn))
        .collect();
    let board = Board::new(60, &[Jump::new(30, 3)], &extras).unwrap();
    let rules = rules(0, Overshoot::Bounce, 61);
    let odds = Odds::new(&board, &rules).unwrap();
    let positional = odds
        .tabulate(&mut Tabulate {
            precise_until: 0.0,
            ..Tabulate::default()
        })
        .unwrap();
    let chain = chain::tabulate(&board, &rules, &mut Tabulate::default()).unwrap();
    for (t, want) in chain.probability.iter().enumerate() {
        let got = positional.probability.get(t).copied().unwrap_or_default();
        assert!(
            got.minus(want).to_f64().abs() <= 1e-25 * want.to_f64() + 1e-40,
            "turn {t}: {got:?} vs {want:?}"
        );
    }
    let mean: f64 = (0..positional.horizon()).map(|t| positional.survival(t)).sum();
    assert!(
        close(mean, odds.expected_turns(), 1e-13),
        "{mean} vs {}",
        odds.expected_turns()
    );
}

#[test]
fn an_exact_fraction_too_costly_is_refused_up_front_with_its_estimate() {
    let board = Board::new(100_000, &[], &[]).unwrap();
    let odds = Odds::new(&board, &Rules::default()).unwrap();
    let mut started = false;
    let error = odds
        .expected_turns_exact_with(&mut |_, _| started = true)
        .unwrap_err();
    assert!(!started, "no prime may be tried");
    // The same refusal before any solve.
    assert_eq!(Odds::exact_work(&board, &Rules::default()), Err(error.clone()));
    let OddsError::ExactTooCostly {
        primes,
        work,
        limit,
        digits,
    } = error
    else {
        panic!("{error:?}");
    };
    // Hadamard: 100,000 rows of norm sqrt(3) * 6, in 61-bit primes.
    assert!((5_500..5_600).contains(&primes), "{primes}");
    assert_eq!(work, primes * 100_000);
    assert_eq!(limit, MAX_EXACT_WORK);
    assert!((101_000..102_000).contains(&digits), "{digits}");
    let message = error.to_string();
    assert!(message.contains(&format!("about {primes} sweeps")), "{message}");
    assert!(
        message.contains(&format!("limit of {MAX_EXACT_WORK} steps")),
        "{message}"
    );
    // With chutes the estimate counts the dense part too.
    let chutes: Vec<Jump> = (1..100).map(|i| Jump::new(i * 50, i * 50 - 30)).collect();
    let odds = Odds::new(&Board::new(5_000, &chutes, &[]).unwrap(), &Rules::default()).unwrap();
    match odds.expected_turns_exact() {
        Err(OddsError::ExactTooCostly { primes, work, .. }) => {
            assert_eq!(work, primes * (5_000 * 101 + 99 * 99 * 99));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_exact_fraction_within_the_limit_is_answered() {
    // 3,000 squares: about 170 primes of 3,000 steps, far below the limit.
    let odds = Odds::new(&Board::new(3_000, &[], &[]).unwrap(), &Rules::default()).unwrap();
    let mut primes = 0;
    let exact = odds
        .expected_turns_exact_with(&mut |done, _| primes = done)
        .unwrap();
    assert!(primes > 150 && primes * 3_000 <= MAX_EXACT_WORK);
    let work = Odds::exact_work(&Board::new(3_000, &[], &[]).unwrap(), &Rules::default()).unwrap();
    assert!(work >= primes * 3_000, "{work} for {primes} primes");
    assert_eq!(exact.to_f64().unwrap(), odds.expected_turns());
}

#[test]
fn a_cancelled_control_stops_the_table_and_the_exact_sweeps() {
    let board = milton_bradley();
    let odds = Odds::new(&board, &Rules::default()).unwrap();
    // Not cancelled, the control changes nothing.
    let control = Control::new();
    let mut limits = Tabulate {
        control: Some(&control),
        ..Tabulate::default()
    };
    assert_eq!(odds.tabulate(&mut limits).unwrap(), odds.distribution().unwrap());
    let exact = odds.expected_turns_exact_until(&mut |_, _| {}, &control).unwrap();
    assert_eq!(exact, odds.expected_turns_exact().unwrap());
    // Cancelled, both stop at their next tick.
    control.cancel();
    let mut limits = Tabulate {
        control: Some(&control),
        ..Tabulate::default()
    };
    let cancelled = OddsError::Stopped(Stopped::Cancelled);
    assert_eq!(odds.tabulate(&mut limits), Err(cancelled.clone()));
    assert_eq!(
        odds.expected_turns_exact_until(&mut |_, _| {}, &control),
        Err(cancelled)
    );
}

#[test]
fn a_control_cancelled_by_its_progress_sink_stops_after_that_many_ticks() {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    let board = milton_bradley();
    let odds = Odds::new(&board, &Rules::default()).unwrap();
    for (stage, after) in [("tabulate", 5), ("exact", 3)] {
        let ticks = Arc::new(AtomicU64::new(0));
        let control = Control::new();
        let (count, stop) = (Arc::clone(&ticks), control.clone());
        let control = control.with_progress(move |tick: Tick| {
            assert_eq!(tick.stage, stage);
            if count.fetch_add(1, Ordering::Relaxed) + 1 == after {
                stop.cancel();
            }
        });
        let result = match stage {
            "tabulate" => odds
                .tabulate(&mut Tabulate {
                    control: Some(&control),
                    ..Tabulate::default()
                })
                .map(|_| ()),
            _ => odds
                .expected_turns_exact_until(&mut |_, _| {}, &control)
                .map(|_| ()),
        };
        assert_eq!(result, Err(OddsError::Stopped(Stopped::Cancelled)), "{stage}");
        assert_eq!(ticks.load(Ordering::Relaxed), after, "{stage}");
    }
}

#[test]
fn seat_curves_rise_to_each_seats_chance() {
    let board = milton_bradley();
    let odds = Odds::new(&board, &Rules::default()).unwrap();
    let distribution = odds.distribution().unwrap();
    let race = distribution.race(3).unwrap();
    let curves = distribution.seat_curves(3, distribution.horizon());
    assert_eq!(curves.len(), 3);
    for (curve, &chance) in curves.iter().zip(&race.win_probability) {
        assert_eq!(curve.len() as u64, distribution.horizon() + 1);
        assert_eq!(curve[0], 0.0);
        assert!(curve.windows(2).all(|w| w[0] <= w[1]));
        assert!(close(*curve.last().unwrap(), chance, 1e-12), "{curve:?} {chance}");
    }
    // Before the fewest turns nobody can have won; then seat 1, throwing first, leads.
    let first = odds.min_turns() as usize;
    assert!(curves.iter().all(|c| c[first - 1] == 0.0 && c[first] > 0.0));
    assert!(curves[0][first] > curves[1][first] && curves[1][first] > curves[2][first]);
    assert!(distribution.seat_curves(0, 10).is_empty());
}

// ---------------------------------------------------------------- the fewest-turns line

/// The fewest turns by brute force: turns completed before throwing from each square,
/// relaxed over every face with [`step`] until nothing changes (a landing on a plain square
/// costs one turn, on a miss-a-turn square two, on an extra-throw square none).
fn brute_fewest_turns(board: &Board, rules: &Rules) -> Option<u64> {
    let goal = board.goal();
    let mut before: Vec<Option<u64>> = vec![None; goal as usize];
    before[rules.start as usize] = Some(0);
    let mut best: Option<u64> = None;
    let mut changed = true;
    while changed {
        changed = false;
        for s in 0..goal {
            let Some(d) = before[s as usize] else { continue };
            for face in 1..=rules.die {
                let Some(q) = step(board, rules, s, face) else {
                    continue;
                };
                if q == goal {
                    best = Some(best.map_or(d + 1, |b| b.min(d + 1)));
                    continue;
                }
                let cost = match board.special(q) {
                    None => 1,
                    Some(Special::MissTurn) => 2,
                    Some(Special::ExtraTurn) => 0,
                };
                if before[q as usize].is_none_or(|old| d + cost < old) {
                    before[q as usize] = Some(d + cost);
                    changed = true;
                }
            }
        }
    }
    best
}

/// Replays `line` throw by throw under the rules, written here again: each face is on the
/// die, lands where it says, jumps where it says, belongs to the turn it says; the line
/// ends on the goal.
fn check_line(board: &Board, rules: &Rules, line: &TurnLine) -> Result<(), String> {
    let goal = board.goal();
    let (mut square, mut turn) = (rules.start, 1u64);
    for (i, s) in line.steps.iter().enumerate() {
        if square == goal {
            return Err(format!("step {i}: a throw after the goal"));
        }
        if !(1..=rules.die).contains(&s.throw) {
            return Err(format!("step {i}: face {} on a die of {}", s.throw, rules.die));
        }
        let ahead = square + s.throw;
        let land = if ahead <= goal {
            ahead
        } else {
            match rules.overshoot {
                Overshoot::Stay => return Err(format!("step {i}: past the goal under stay")),
                Overshoot::Win => goal,
                Overshoot::Bounce => 2 * goal - ahead,
            }
        };
        if (s.land, s.to, s.turn) != (land, board.land(land), turn) {
            return Err(format!("step {i}: {s:?}, expected land {land}, turn {turn}"));
        }
        square = s.to;
        turn += match board.special(square) {
            _ if square == goal => 0,
            None => 1,
            Some(Special::MissTurn) => 2,
            Some(Special::ExtraTurn) => 0,
        };
    }
    if square != goal {
        return Err(format!("the line ends on {square}, not the goal {goal}"));
    }
    if line.steps.last().map(|s| s.turn) != Some(line.turns) {
        return Err(format!("{} turns, the last step says otherwise", line.turns));
    }
    Ok(())
}

/// The line of a board the engine accepts, checked against the brute force.
fn line_agrees(board: &Board, rules: &Rules) -> Result<bool, TestCaseError> {
    let Ok(odds) = Odds::new(board, rules) else {
        return Ok(false);
    };
    let line = odds.fewest_turns_line().unwrap();
    prop_assert_eq!(&line, &fewest_turns_line(board, rules).unwrap());
    if let Err(why) = check_line(board, rules, &line) {
        prop_assert!(false, "{}: {:?}", why, line);
    }
    prop_assert_eq!(line.turns, odds.min_turns());
    prop_assert_eq!(Some(line.turns), brute_fewest_turns(board, rules));
    Ok(true)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn the_fewest_turns_line_is_legal_and_as_short_as_the_brute_force((goal, jumps, specials, rules) in small_board()) {
        let Some(board) = build(goal, &jumps, &specials) else { return Ok(()) };
        line_agrees(&board, &rules)?;
    }

    #[test]
    fn under_snakes_rules_the_line_has_the_fewest_throws((goal, jumps, _specials, rules) in small_board()) {
        let Some(board) = build(goal, &jumps, &[]) else { return Ok(()) };
        let rules = Rules { die: 6, overshoot: Overshoot::Stay, ..rules };
        prop_assume!(board.land(rules.start) == rules.start);
        if line_agrees(&board, &rules)? {
            let line = fewest_turns_line(&board, &rules).unwrap();
            prop_assert_eq!(Some(line.throws()), tabletop_boards::snakes::fewest_throws(&board, rules.start));
        }
    }
}

#[test]
fn lines_on_larger_random_boards_agree_with_the_brute_force() {
    let mut rng = StdRng::seed_from_u64(0x11e);
    let mut checked = 0;
    for round in 0..300 {
        let goal = rng.random_range(12..=60u64);
        let count = rng.random_range(0..=5);
        let jumps = tabletop_testkit::boards::random_jumps(&mut rng, goal, count);
        let jumps: Vec<Jump> = jumps.iter().map(|&(a, b)| Jump::new(a, b)).collect();
        let mut specials = Vec::new();
        for s in 1..goal {
            if jumps.iter().all(|j| j.from != s) && rng.random_bool(0.15) {
                let kind = if rng.random_bool(0.5) {
                    Special::MissTurn
                } else {
                    Special::ExtraTurn
                };
                specials.push((s, kind));
            }
        }
        let Ok(board) = Board::new(goal, &jumps, &specials) else {
            continue;
        };
        let overshoot = [Overshoot::Stay, Overshoot::Bounce, Overshoot::Win][round % 3];
        let rules = Rules {
            die: rng.random_range(1..=8),
            overshoot,
            start: if rng.random_bool(0.7) {
                0
            } else {
                rng.random_range(0..goal)
            },
        };
        if line_agrees(&board, &rules).unwrap() {
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} boards were accepted");
}

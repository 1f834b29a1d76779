//! Deterministic generators: one valid input per game, size and seed.
//!
//! Every generated input is checked the way every input is (its text parsed by
//! `tabletop-parse` and answered by the engine, see [`crate::answer`]). Every size draws
//! within the format's limits and mends what the rules could refuse, so the first draw is
//! valid (a test checks it over many seeds of every game and size): a Chutes input on which
//! no drawn game ends within the throws gets more throws (up to the format's limit) until
//! one does; a 猪国杀 game that can never end gets an F as its last card, which makes it end;
//! a judge Snakes board whose goal cannot be reached is drawn again within the draw. Should
//! a draw still be refused, the next stream of the seed is drawn.
//!
//! What the generators cover, on purpose:
//! - Chutes: chained jumps (a jump starting where another ends), miss-a-turn and extra-turn
//!   squares, throws past 100 near the goal, several games sharing the throw list, 2 to 5
//!   players (counters share squares all the time).
//! - Snakes: `judge` follows the judge's promises (no two jump squares adjacent, goal
//!   reachable, N <= 20, at most 100 snakes and 100 ladders); `tiny` and `big` also chain
//!   jumps and may make the goal unreachable (answer -1), as the rules allow; N = 1 comes up.
//! - Grundy: acyclic graphs (the judge's) or, with `cycles`, any graph with self-loops and
//!   cycles (DRAW answers); repeated moves in `tiny` and `big`; pieces sharing a position.
//! - Pigs: every card type, 0 to n-1 FPs, decks that run out (the last card repeats) and
//!   decks longer than the game; never a game that cannot end.

use tabletop_boards::{chutes, Board, Jump, Special};
use tabletop_pigs::{Card, Role, Setup};

use tabletop_app::chutes::MAX_THROWS;

use crate::answer::answer_input;
use crate::input::{
    ChutesGame, ChutesInput, GrundyCase, GrundyInput, Input, PigsInput, SnakesBoard, SnakesInput,
};
use crate::rng::Rng;
use crate::{Game, Size};

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    /// The game.
    pub game: Game,
    /// How large.
    pub size: Size,
    /// Grundy only: graphs may have cycles (beyond the judge).
    pub cycles: bool,
}

/// One valid input for `spec`, the same for the same seed forever.
///
/// ```
/// use tabletop_stress::{gen::{generate, Spec}, Game, Size};
/// let spec = Spec { game: Game::Pigs, size: Size::Tiny, cycles: false };
/// let input = generate(spec, 42);
/// assert_eq!(input, generate(spec, 42));
/// assert!(tabletop_stress::answer::answer_input(&input).is_ok());
/// ```
pub fn generate(spec: Spec, seed: u64) -> Input {
    draw(spec, seed).0
}

/// [`generate`]'s input and the number of draws it took (1: a test checks it over many seeds
/// of every game and size; a size drawing beyond its format would be drawn again forever).
fn draw(spec: Spec, seed: u64) -> (Input, u64) {
    let mut stream = 0;
    loop {
        let mut rng = Rng::stream(seed, stream);
        stream += 1;
        let input = match spec.game {
            Game::Chutes => Input::Chutes(chutes_input(&mut rng, spec.size)),
            Game::Snakes => Input::Snakes(snakes_input(&mut rng, spec.size)),
            Game::Grundy => Input::Grundy(grundy_input(&mut rng, spec.size, spec.cycles)),
            Game::Pigs => Input::Pigs(pigs_input(&mut rng, spec.size)),
        };
        if input.cases() > 0 && answer_input(&input).is_ok() {
            return (input, stream);
        }
        // A 猪国杀 game that never ends becomes one that ends when the card that repeats
        // once the deck is used up is an F: every FP's turn then uses it on the MP, so no
        // round is idle (see the proof in `tabletop_pigs::game`), and this is the same draw.
        if let Input::Pigs(mut pigs) = input {
            if let Some(last) = pigs.deck.last_mut() {
                *last = Card::Duel;
            }
            let input = Input::Pigs(pigs);
            if answer_input(&input).is_ok() {
                return (input, stream);
            }
        }
    }
}

/// Chutes: the throws first, then boards drawn until the game ends within them.
fn chutes_input(rng: &mut Rng, size: Size) -> ChutesInput {
    let (throws, games, jumps, specials) = match size {
        Size::Tiny => ((20, 100), (1, 2), 4, 3),
        Size::Judge => ((100, 999), (1, 10), 16, 8),
        // The format holds fewer than 1000 throws: `big` goes beyond the judge in games,
        // jumps and special squares, and up to the format's limit in throws.
        Size::Big => ((900, MAX_THROWS), (50, 200), 40, 20),
    };
    let count = rng.size(throws.0, throws.1);
    let throws: Vec<u8> = (0..count).map(|_| rng.range(1, 6) as u8).collect();
    let mut list = Vec::new();
    for _ in 0..rng.size(games.0, games.1) {
        for _attempt in 0..50 {
            let game = chutes_game(rng, jumps, specials);
            if chutes_game_ends(&game, &throws) {
                list.push(game);
                break;
            }
        }
    }
    if list.is_empty() {
        // No game ended within the throws drawn: lengthen the throws (within the format)
        // until one does, rather than drawing the whole input again.
        let game = chutes_game(rng, jumps, specials);
        let mut throws = throws;
        while !chutes_game_ends(&game, &throws) && throws.len() < MAX_THROWS {
            let more = (MAX_THROWS - throws.len()).min(10);
            throws.extend((0..more).map(|_| rng.range(1, 6) as u8));
        }
        if chutes_game_ends(&game, &throws) {
            list.push(game);
        }
        return ChutesInput { throws, games: list };
    }
    ChutesInput { throws, games: list }
}

fn chutes_game_ends(game: &ChutesGame, throws: &[u8]) -> bool {
    let jumps: Vec<Jump> = game
        .jumps
        .iter()
        .map(|&(a, b)| Jump::new(a.into(), b.into()))
        .collect();
    let specials: Vec<(u64, Special)> = game
        .specials
        .iter()
        .map(|&s| {
            (
                u64::from(s.unsigned_abs()),
                if s < 0 {
                    Special::MissTurn
                } else {
                    Special::ExtraTurn
                },
            )
        })
        .collect();
    Board::new(100, &jumps, &specials)
        .ok()
        .and_then(|board| chutes::play(&board, game.players as usize, throws).ok())
        .is_some()
}

/// A board of squares 1..99 with up to `jumps` jumps (a quarter of them chained) and up to
/// `specials` special squares, kept valid one item at a time.
fn chutes_game(rng: &mut Rng, jumps: usize, specials: usize) -> ChutesGame {
    let mut game = ChutesGame {
        players: rng.range(2, 5) as u32,
        jumps: Vec::new(),
        specials: Vec::new(),
    };
    let mut board_jumps: Vec<Jump> = Vec::new();
    for _ in 0..rng.size(0, jumps) {
        let chained = rng
            .chance(25)
            .then(|| rng.pick(&game.jumps).map(|&(_, to)| to))
            .flatten();
        let from = chained.unwrap_or_else(|| rng.range(1, 99) as u32);
        let to = rng.range(1, 99) as u32;
        board_jumps.push(Jump::new(from.into(), to.into()));
        if Board::new(100, &board_jumps, &[]).is_ok() {
            game.jumps.push((from, to));
        } else {
            board_jumps.pop();
        }
    }
    let mut board_specials = Vec::new();
    for _ in 0..rng.size(0, specials) {
        let square = rng.range(1, 99);
        let miss = rng.chance(50);
        board_specials.push((
            square,
            if miss {
                Special::MissTurn
            } else {
                Special::ExtraTurn
            },
        ));
        if Board::new(100, &board_jumps, &board_specials).is_ok() {
            let square = square as i32;
            game.specials.push(if miss { -square } else { square });
        } else {
            board_specials.pop();
        }
    }
    game
}

/// Snakes: `judge` keeps every jump square apart from the others (the judge's promise);
/// the other sizes chain jumps now and then.
fn snakes_input(rng: &mut Rng, size: Size) -> SnakesInput {
    let (boards, sides, pairs) = match size {
        Size::Tiny => ((1, 3), (1, 5), 4),
        Size::Judge => ((1, 10), (1, 20), 100),
        Size::Big => ((1, 5), (20, 300), 2_000),
    };
    let count = rng.size(boards.0, boards.1);
    let boards = (0..count)
        .map(|_| loop {
            let n = rng.skewed(sides.0, sides.1).max(rng.size(sides.0, sides.1) / 2) as u32;
            let board = snakes_board(rng, n, pairs, size != Size::Judge);
            if size != Size::Judge || snakes_goal_reachable(&board) {
                break board;
            }
        })
        .collect();
    SnakesInput { boards }
}

fn snakes_goal_reachable(board: &SnakesBoard) -> bool {
    let input = Input::Snakes(SnakesInput {
        boards: vec![board.clone()],
    });
    answer_input(&input).is_ok_and(|answer| answer.trim() != "-1")
}

fn snakes_board(rng: &mut Rng, n: u32, pairs: usize, chains: bool) -> SnakesBoard {
    let goal = u64::from(n) * u64::from(n);
    let mut board = SnakesBoard {
        n,
        snakes: Vec::new(),
        ladders: Vec::new(),
    };
    if goal < 4 {
        return board;
    }
    let wanted = rng.skewed(0, pairs.min(goal as usize / 3));
    let mut used: Vec<u64> = Vec::new();
    let mut jumps: Vec<Jump> = Vec::new();
    if chains && goal >= 10 && rng.chance(10) {
        // A wall of six snakes in a row: no throw gets past it (the answer is -1, unless a
        // ladder jumps over it).
        let wall = rng.range(3, goal - 7);
        for mouth in wall..wall + 6 {
            let tail = rng.range(2, mouth - 1);
            jumps.push(Jump::new(mouth, tail));
            board.snakes.push((mouth as u32, tail as u32));
        }
    }
    for _ in 0..wanted * 2 {
        if board.snakes.len() + board.ladders.len() >= wanted {
            break;
        }
        let chained = chains && rng.chance(25);
        let from = match chained.then(|| rng.pick(&jumps).map(|jump| jump.to)).flatten() {
            Some(to) => to,
            None => rng.range(2, goal - 1),
        };
        let to = rng.range(2, goal - 1);
        let apart = |square: u64| used.iter().all(|&u| u.abs_diff(square) >= 2);
        let judge_apart = apart(from) && apart(to) && from.abs_diff(to) >= 2;
        if from == to || !(chains || judge_apart) {
            continue;
        }
        jumps.push(Jump::new(from, to));
        if Board::new(goal, &jumps, &[]).is_err() {
            jumps.pop();
            continue;
        }
        used.extend([from, to]);
        let pair = (from as u32, to as u32);
        if from > to {
            board.snakes.push(pair);
        } else {
            board.ladders.push(pair);
        }
    }
    board
}

/// Grundy: graphs in a random topological order (or with cycles), queries with shared pieces.
fn grundy_input(rng: &mut Rng, size: Size, cycles: bool) -> GrundyInput {
    let (cases, positions, degree, queries, pieces) = match size {
        Size::Tiny => ((1, 2), (1, 6), 3, (1, 4), 3),
        Size::Judge => ((1, 3), (1, 1_000), 8, (1, 50), 10),
        Size::Big => ((1, 2), (5_000, 50_000), 10, (100, 2_000), 10),
    };
    let count = rng.size(cases.0, cases.1);
    let cases = (0..count)
        .map(|_| {
            let n = rng.skewed(positions.0, positions.1);
            let moves = grundy_moves(rng, n, degree, cycles, size != Size::Judge);
            let queries = (0..rng.size(queries.0, queries.1))
                .map(|_| {
                    let mut query: Vec<u32> = (0..rng.size(1, pieces))
                        .map(|_| rng.below(n as u64) as u32)
                        .collect();
                    if query.len() > 1 && rng.chance(30) {
                        query[1] = query[0];
                    }
                    query
                })
                .collect();
            GrundyCase { moves, queries }
        })
        .collect();
    GrundyInput { cases }
}

fn grundy_moves(rng: &mut Rng, n: usize, degree: usize, cycles: bool, repeats: bool) -> Vec<Vec<u32>> {
    // order[rank] = position; without cycles a position moves only to higher ranks.
    let mut order: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.size(0, i));
    }
    let mut moves = vec![Vec::new(); n];
    for (rank, &position) in order.iter().enumerate() {
        let targets = if cycles { n } else { n - rank - 1 };
        let mut list = Vec::new();
        for _ in 0..rng.skewed(0, degree.min(targets)) {
            let target = if cycles {
                rng.below(n as u64) as u32
            } else {
                order[rng.size(rank + 1, n - 1)]
            };
            if repeats || !list.contains(&target) {
                list.push(target);
            }
        }
        moves[position as usize] = list;
    }
    moves
}

/// Card weights: Ks and Ds most, every type present.
const CARD_WEIGHTS: [(Card, u64); 8] = [
    (Card::Peach, 14),
    (Card::Kill, 24),
    (Card::Dodge, 18),
    (Card::Duel, 10),
    (Card::Invasion, 8),
    (Card::Arrows, 8),
    (Card::Nullify, 10),
    (Card::Crossbow, 8),
];

fn random_card(rng: &mut Rng) -> Card {
    let mut roll = rng.below(CARD_WEIGHTS.iter().map(|(_, w)| w).sum());
    for (card, weight) in CARD_WEIGHTS {
        if roll < weight {
            return card;
        }
        roll -= weight;
    }
    Card::Kill
}

/// Pigs: pig 1 the MP, the others ZP or FP (almost always at least one FP).
fn pigs_input(rng: &mut Rng, size: Size) -> PigsInput {
    let (pigs, deck) = match size {
        Size::Tiny => ((2, 4), (1, 24)),
        Size::Judge => ((2, 10), (1, 2_000)),
        Size::Big => ((10, 10), (2_000, 20_000)),
    };
    let n = rng.size(pigs.0, pigs.1);
    let mut roles: Vec<Role> = (0..n)
        .map(|i| match (i, rng.chance(50)) {
            (0, _) => Role::Mp,
            (_, true) => Role::Zp,
            (_, false) => Role::Fp,
        })
        .collect();
    if !roles.contains(&Role::Fp) && rng.chance(95) {
        roles[rng.size(1, n - 1)] = Role::Fp;
    }
    let m = rng.skewed(deck.0, deck.1);
    let mut hand = || {
        [
            random_card(rng),
            random_card(rng),
            random_card(rng),
            random_card(rng),
        ]
    };
    let pigs = roles.into_iter().map(|role| (role, hand())).collect();
    let deck = (0..m).map(|_| random_card(rng)).collect();
    PigsInput { pigs, deck }
}

/// The engine's starting position for a typed 猪国杀 input.
pub fn pigs_setup(input: &PigsInput) -> Setup {
    Setup {
        pigs: input
            .pigs
            .iter()
            .map(|(role, hand)| (*role, hand.to_vec()))
            .collect(),
        deck: input.deck.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(game: Game, size: Size) -> Spec {
        Spec {
            game,
            size,
            cycles: false,
        }
    }

    /// Judge-size inputs stay within the judge's limits.
    #[test]
    fn judge_limits() {
        for seed in 0..40 {
            let Input::Chutes(c) = generate(spec(Game::Chutes, Size::Judge), seed) else {
                panic!()
            };
            assert!(c.throws.len() < 1000 && c.games.iter().all(|g| (2..=5).contains(&g.players)));
            let Input::Snakes(s) = generate(spec(Game::Snakes, Size::Judge), seed) else {
                panic!()
            };
            for b in &s.boards {
                assert!(b.n <= 20 && b.snakes.len() <= 100 && b.ladders.len() <= 100);
                let mut squares: Vec<u32> = b
                    .snakes
                    .iter()
                    .chain(&b.ladders)
                    .flat_map(|&(x, y)| [x, y])
                    .collect();
                squares.sort_unstable();
                assert!(squares.windows(2).all(|w| w[1] - w[0] >= 2), "{b:?}");
            }
            let Input::Grundy(g) = generate(spec(Game::Grundy, Size::Judge), seed) else {
                panic!()
            };
            for case in &g.cases {
                assert!(case.moves.len() <= 1000);
                assert!(case.queries.iter().all(|q| (1..=10).contains(&q.len())));
            }
            let Input::Pigs(p) = generate(spec(Game::Pigs, Size::Judge), seed) else {
                panic!()
            };
            assert!((2..=10).contains(&p.pigs.len()) && (1..=2000).contains(&p.deck.len()));
        }
    }

    /// The rules that matter come up: chained jumps, both special squares, DRAW with cycles
    /// (never without), every card type, unreachable snakes goals in `tiny`.
    #[test]
    fn coverage() {
        let (mut chained, mut miss, mut extra, mut draw, mut minus_one) = (false, false, false, false, false);
        let mut cards = std::collections::HashSet::new();
        for seed in 0..300 {
            if let Input::Chutes(c) = generate(spec(Game::Chutes, Size::Tiny), seed) {
                for g in &c.games {
                    chained |= g
                        .jumps
                        .iter()
                        .any(|&(_, to)| g.jumps.iter().any(|&(from, _)| from == to));
                    miss |= g.specials.iter().any(|&s| s < 0);
                    extra |= g.specials.iter().any(|&s| s > 0);
                }
            }
            let cyclic = generate(
                Spec {
                    game: Game::Grundy,
                    size: Size::Tiny,
                    cycles: true,
                },
                seed,
            );
            draw |= answer_input(&cyclic).unwrap().contains("DRAW");
            let acyclic = generate(spec(Game::Grundy, Size::Tiny), seed);
            assert!(!answer_input(&acyclic).unwrap().contains("DRAW"));
            minus_one |= answer_input(&generate(spec(Game::Snakes, Size::Tiny), seed))
                .unwrap()
                .contains("-1");
            if let Input::Pigs(p) = generate(spec(Game::Pigs, Size::Tiny), seed) {
                cards.extend(p.deck.iter().copied());
            }
        }
        assert_eq!([chained, miss, extra, draw, minus_one], [true; 5]);
        assert_eq!(cards.len(), 8);
    }

    /// Every game and size draws a valid input directly: over many seeds, the first draw is
    /// valid (a Chutes input lengthens its throws until a game ends, a never-ending 猪国杀
    /// game gets an F as its last card). Big sizes take fewer seeds: a test build is slow on
    /// them.
    #[test]
    fn every_size_draws_valid_inputs_directly() {
        let mut specs = Vec::new();
        for size in [Size::Tiny, Size::Judge, Size::Big] {
            for game in Game::ALL {
                specs.push(spec(game, size));
            }
            specs.push(Spec {
                game: Game::Grundy,
                size,
                cycles: true,
            });
        }
        for spec in specs {
            let seeds = if spec.size == Size::Big { 12 } else { 150 };
            let mut redraws = 0;
            for seed in 0..seeds {
                let (input, draws) = draw(spec, seed);
                redraws += draws - 1;
                assert!(
                    input.cases() > 0 && answer_input(&input).is_ok(),
                    "{spec:?} seed {seed}"
                );
            }
            assert!(
                redraws * 10 <= seeds,
                "{spec:?}: {redraws} redraws in {seeds} seeds"
            );
        }
    }

    #[test]
    fn deterministic_per_seed() {
        for game in [Game::Chutes, Game::Snakes, Game::Grundy, Game::Pigs] {
            let a = generate(spec(game, Size::Tiny), 5);
            assert_eq!(a, generate(spec(game, Size::Tiny), 5));
            assert_ne!(a, generate(spec(game, Size::Tiny), 6));
        }
    }
}

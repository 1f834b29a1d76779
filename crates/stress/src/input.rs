//! Typed inputs of the four judge formats, as written (jumps before chains are followed,
//! graphs as adjacency lists), and their judge text. Judge text is read only by
//! `tabletop-parse`: tests get typed inputs from the generators and the stress loop.
//!
//! These types keep every unit the shrinker may remove. They are not validated: an input is
//! valid when its text is accepted by `tabletop-parse` and answered by the engine (see
//! [`crate::answer`]).

use std::fmt::Write;

use tabletop_pigs::{Card, Role};

use crate::Game;

/// A Chutes and Ladders input (UVa 647).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ChutesInput {
    /// The die throws shared by every game.
    pub throws: Vec<u8>,
    /// The games.
    pub games: Vec<ChutesGame>,
}

/// One game of a Chutes and Ladders input.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ChutesGame {
    /// The number of players.
    pub players: u32,
    /// Chutes and ladders `(start, end)`, as given.
    pub jumps: Vec<(u32, u32)>,
    /// Special squares: `-k` miss a turn, `k` extra turn.
    pub specials: Vec<i32>,
}

/// A Snakes and Ladders input: boards until the end of the input.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SnakesInput {
    /// The boards.
    pub boards: Vec<SnakesBoard>,
}

/// One board of a Snakes and Ladders input.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SnakesBoard {
    /// The side: N x N squares.
    pub n: u32,
    /// Snakes `(mouth, tail)`.
    pub snakes: Vec<(u32, u32)>,
    /// Ladders `(foot, top)`.
    pub ladders: Vec<(u32, u32)>,
}

/// A POJ 2425 input: test cases until the end of the input.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GrundyInput {
    /// The test cases.
    pub cases: Vec<GrundyCase>,
}

/// One test case: a graph as adjacency lists and the queries on it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GrundyCase {
    /// `moves[i]` are the out-positions of position `i`.
    pub moves: Vec<Vec<u32>>,
    /// Each query's pieces (positions).
    pub queries: Vec<Vec<u32>>,
}

/// A 猪国杀 input.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PigsInput {
    /// Each pig's role and four starting cards, pig 1 first.
    pub pigs: Vec<(Role, [Card; 4])>,
    /// The deck, top card first.
    pub deck: Vec<Card>,
}

/// A typed input of any of the four games.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Input {
    /// Chutes and Ladders.
    Chutes(ChutesInput),
    /// Snakes and Ladders.
    Snakes(SnakesInput),
    /// Sums of graph games.
    Grundy(GrundyInput),
    /// 猪国杀.
    Pigs(PigsInput),
}

impl Input {
    /// Which game this is an input of.
    pub fn game(&self) -> Game {
        match self {
            Input::Chutes(_) => Game::Chutes,
            Input::Snakes(_) => Game::Snakes,
            Input::Grundy(_) => Game::Grundy,
            Input::Pigs(_) => Game::Pigs,
        }
    }

    /// The number of test cases (games, boards, graphs; a 猪国杀 input is one game). Judges
    /// give at least one, so the shrinker never goes below one.
    pub fn cases(&self) -> usize {
        match self {
            Input::Chutes(input) => input.games.len(),
            Input::Snakes(input) => input.boards.len(),
            Input::Grundy(input) => input.cases.len(),
            Input::Pigs(_) => 1,
        }
    }

    /// The judge text of this input.
    ///
    /// ```
    /// use tabletop_stress::input::{Input, SnakesBoard, SnakesInput};
    /// let input = Input::Snakes(SnakesInput {
    ///     boards: vec![SnakesBoard { n: 6, snakes: vec![(35, 25)], ladders: vec![(3, 23), (5, 16)] }],
    /// });
    /// assert_eq!(input.render(), "6 1 2\n35 25\n3 23 5 16\n");
    /// ```
    pub fn render(&self) -> String {
        match self {
            Input::Chutes(input) => render_chutes(input),
            Input::Snakes(input) => render_snakes(input),
            Input::Grundy(input) => render_grundy(input),
            Input::Pigs(input) => render_pigs(input),
        }
    }
}

/// Appends `items` separated by single spaces.
fn join<T: std::fmt::Display>(out: &mut String, items: impl IntoIterator<Item = T>) {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{item}");
    }
}

fn render_chutes(input: &ChutesInput) -> String {
    let mut out = String::new();
    // The throws and their terminating 0, at most 80 characters a line.
    let mut line = String::new();
    for token in input.throws.iter().copied().chain([0]) {
        if !line.is_empty() && line.len() + 2 > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        let _ = write!(line, "{token}");
    }
    out.push_str(&line);
    out.push('\n');
    for game in &input.games {
        let _ = writeln!(out, "{}", game.players);
        for (from, to) in &game.jumps {
            let _ = writeln!(out, "{from} {to}");
        }
        out.push_str("0 0\n");
        for special in &game.specials {
            let _ = writeln!(out, "{special}");
        }
        out.push_str("0\n");
    }
    out.push_str("0\n");
    out
}

fn render_snakes(input: &SnakesInput) -> String {
    let mut out = String::new();
    for board in &input.boards {
        let _ = writeln!(out, "{} {} {}", board.n, board.snakes.len(), board.ladders.len());
        for (mouth, tail) in &board.snakes {
            let _ = writeln!(out, "{mouth} {tail}");
        }
        if !board.ladders.is_empty() {
            join(&mut out, board.ladders.iter().map(|(a, b)| format!("{a} {b}")));
            out.push('\n');
        }
    }
    out
}

fn render_grundy(input: &GrundyInput) -> String {
    let mut out = String::new();
    for (number, case) in input.cases.iter().enumerate() {
        if number > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "{}", case.moves.len());
        for list in case.moves.iter().chain(&case.queries) {
            let _ = write!(out, "{}", list.len());
            for position in list {
                let _ = write!(out, " {position}");
            }
            out.push('\n');
        }
        out.push_str("0\n");
    }
    out
}

fn render_pigs(input: &PigsInput) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} {}", input.pigs.len(), input.deck.len());
    for (role, hand) in &input.pigs {
        out.push_str(role.name());
        for card in hand {
            out.push(' ');
            out.push(card.letter());
        }
        out.push('\n');
    }
    join(&mut out, input.deck.iter().map(|card| card.letter()));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chutes_renders_the_judge_format() {
        let input = ChutesInput {
            throws: vec![6; 50],
            games: vec![ChutesGame {
                players: 2,
                jumps: vec![(6, 95), (99, 1)],
                specials: vec![-3, 98],
            }],
        };
        let text = render_chutes(&input);
        assert!(text.lines().all(|line| line.len() <= 80), "{text}");
        assert!(text.ends_with("2\n6 95\n99 1\n0 0\n-3\n98\n0\n0\n"), "{text}");
        // It reads as a game; the 50 sixes are not enough to end it, so it has no answer.
        let failure = crate::answer::answer(Game::Chutes, text.as_bytes()).unwrap_err();
        assert!(failure.report().contains("runs out of throws"), "{failure}");
    }

    #[test]
    fn grundy_and_pigs_render_the_judge_format() {
        let grundy = Input::Grundy(GrundyInput {
            cases: vec![
                GrundyCase {
                    moves: vec![vec![1, 1], vec![]],
                    queries: vec![vec![0, 0]],
                },
                GrundyCase {
                    moves: vec![vec![0]],
                    queries: vec![],
                },
            ],
        });
        assert_eq!(grundy.render(), "2\n2 1 1\n0\n2 0 0\n0\n\n1\n1 0\n0\n");
        assert_eq!(crate::answer::answer_input(&grundy).unwrap(), "LOSE\n");
        let pigs = Input::Pigs(PigsInput {
            pigs: vec![(Role::Mp, [Card::Peach; 4]), (Role::Fp, [Card::Kill; 4])],
            deck: vec![Card::Arrows],
        });
        assert_eq!(pigs.render(), "2 1\nMP P P P P\nFP K K K K\nW\n");
        assert!(crate::answer::answer_input(&pigs).is_ok());
    }
}

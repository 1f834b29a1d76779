//! tabletop's answer to an input, byte for byte what `tabletop <game>` prints: the text is
//! parsed by `tabletop-parse`, answered by the engines and written by `tabletop-render` (the
//! CLI's own writers). An input that the parser rejects or
//! that the engine cannot answer (a Chutes game that runs out of throws, a 猪国杀 game that
//! can never end) is [`Invalid`]: this is how generators and the shrinker know that an input
//! is valid, never by guessing.

use tabletop_boards::{chutes, snakes};
use tabletop_render as render;

use crate::input::Input;
use crate::Game;

/// Why an input has no answer: the parser's or the engine's message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Invalid(pub String);

/// The square a Snakes and Ladders counter starts on.
const SNAKES_START: u64 = 1;

/// tabletop's answer to the judge text `text` of `game`.
///
/// # Errors
/// [`Invalid`] when the text is not a valid input of the game.
///
/// ```
/// use tabletop_stress::{answer::answer, Game};
/// assert_eq!(answer(Game::Snakes, b"6 1 3\n35 25\n3 23 5 16 20 33\n").unwrap(), "3\n");
/// assert!(answer(Game::Snakes, b"6 1 0\n25 35\n").is_err());
/// ```
pub fn answer(game: Game, text: &[u8]) -> Result<String, Invalid> {
    match game {
        Game::Chutes => chutes_answer(text),
        Game::Snakes => snakes_answer(text),
        Game::Grundy => grundy_answer(text),
        Game::Pigs => pigs_answer(text),
    }
}

/// tabletop's answer to a typed input (its rendered text).
///
/// # Errors
/// [`Invalid`] when the input is not valid.
pub fn answer_input(input: &Input) -> Result<String, Invalid> {
    answer(input.game(), input.render().as_bytes())
}

fn invalid(error: impl std::fmt::Display) -> Invalid {
    Invalid(error.to_string())
}

fn chutes_answer(text: &[u8]) -> Result<String, Invalid> {
    let parsed = tabletop_parse::chutes::parse(text).map_err(invalid)?;
    let mut out = String::new();
    for (number, game) in parsed.games.iter().enumerate() {
        let outcome = chutes::play(&game.value.board, game.value.players, &parsed.throws)
            .map_err(|e| Invalid(format!("game {}: {e}", number + 1)))?;
        render::chutes::write_winner(&mut out, &outcome).map_err(invalid)?;
    }
    Ok(out)
}

fn snakes_answer(text: &[u8]) -> Result<String, Invalid> {
    let parsed = tabletop_parse::snakes::parse(text).map_err(invalid)?;
    let mut out = String::new();
    for board in &parsed.boards {
        let throws = snakes::fewest_throws(&board.value.board, SNAKES_START);
        render::snakes::write_fewest_throws(&mut out, throws).map_err(invalid)?;
    }
    Ok(out)
}

fn grundy_answer(text: &[u8]) -> Result<String, Invalid> {
    let parsed = tabletop_parse::grundy::parse(text).map_err(invalid)?;
    let mut out = String::new();
    for case in &parsed.cases {
        let values = case.value.graph.values();
        for pieces in case.value.queries.iter() {
            render::grundy::write_answer(&mut out, values.outcome(pieces).map_err(invalid)?)
                .map_err(invalid)?;
        }
    }
    Ok(out)
}

fn pigs_answer(text: &[u8]) -> Result<String, Invalid> {
    let parsed = tabletop_parse::pigs::parse(text).map_err(invalid)?;
    let outcome = tabletop_pigs::play(&parsed.setup).map_err(invalid)?;
    let mut out = String::new();
    render::pigs::write_ending(&mut out, &outcome).map_err(invalid)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The samples of the four statements.
    #[test]
    fn samples() {
        let chutes = b"3 6 3 2 5 1 3 4 2 3 1 2 0\n2\n6 95\n99 1\n0 0\n-3\n98\n0\n2\n3 99\n6 90\n0 0\n0\n0\n";
        assert_eq!(answer(Game::Chutes, chutes).unwrap(), "2\n2\n");
        let grundy = b"4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";
        assert_eq!(
            answer(Game::Grundy, grundy).unwrap(),
            "WIN\nWIN\nWIN\nLOSE\nWIN\n"
        );
        let pigs = b"3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n";
        assert_eq!(
            answer(Game::Pigs, pigs).unwrap(),
            "FP\nDEAD\nDEAD\nJ J J J J J D\n"
        );
    }

    /// Inputs the engines cannot answer are invalid, with the engine's reason.
    #[test]
    fn unanswerable_inputs_are_invalid() {
        let error = answer(Game::Chutes, b"1 0\n2\n0 0\n0\n0\n").unwrap_err();
        assert!(error.0.contains("runs out of throws"), "{error}");
        let never = b"2 1\nMP D D D D\nFP D D D D\nD\n";
        assert!(answer(Game::Pigs, never).unwrap_err().0.contains("never end"));
    }
}

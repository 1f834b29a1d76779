//! tabletop's answer to an input, byte for byte what `tabletop <game>` prints: the
//! application layer's [`answer`]. An input that it rejects, or that the engine cannot
//! answer (a Chutes game that runs out of throws, a 猪国杀 game that can never end), is a
//! [`Failure`]: this is how generators and the shrinker know that an input is valid, never
//! by guessing.

pub use tabletop_app::{answer, Failure};

use crate::input::Input;

/// tabletop's answer to a typed input (its rendered text).
///
/// # Errors
/// [`Failure`] when the input is not valid.
///
/// ```
/// use tabletop_stress::{answer::answer_input, gen, Game, Size};
/// let input = gen::generate(gen::Spec { game: Game::Snakes, size: Size::Tiny, cycles: false }, 3);
/// assert!(answer_input(&input).is_ok());
/// ```
pub fn answer_input(input: &Input) -> Result<String, Failure> {
    answer(input.game(), input.render().as_bytes())
}

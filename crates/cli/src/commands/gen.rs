//! `tabletop gen`: one random valid input of a game, the same for the same seed forever.

use tabletop_stress::gen::{generate, Spec};
use tabletop_stress::{Game, Size};

use tabletop_app::Failure;

/// Prints one valid input of GAME in the judge format (deterministic per seed).
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Sizes: tiny (a handful of units), judge (anything within the judge's \
limits, the default), big (beyond them). Inputs cover chained jumps, miss-a-turn and extra-turn \
squares, pieces sharing a position, every card type; 猪国杀 games always end.\n\n\
Example:\n  tabletop gen pigs --seed 7 --size tiny | tabletop pigs"
)]
pub struct Args {
    /// The game: chutes, snakes, grundy or pigs.
    pub game: Game,
    /// The seed: the same seed always gives the same input.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The inputs' shape.
    #[command(flatten)]
    pub shape: Shape,
}

/// How a game's inputs are generated: for `tabletop gen` and `tabletop stress GAME`.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct Shape {
    /// How large: tiny, judge or big [default: judge].
    #[arg(long)]
    pub size: Option<Size>,
    /// Grundy only: graphs with cycles (DRAW answers; beyond the judge).
    #[arg(long)]
    pub cycles: bool,
}

impl Shape {
    /// Whether `--size` or `--cycles` was given.
    pub fn given(&self) -> bool {
        self.size.is_some() || self.cycles
    }

    /// The generator spec, refusing `--cycles` for a game without graphs.
    pub fn spec(&self, game: Game) -> Result<Spec, Failure> {
        if self.cycles && game != Game::Grundy {
            return Err(Failure::usage(format!("--cycles is for grundy only, not {game}")));
        }
        Ok(Spec {
            game,
            size: self.size.unwrap_or_default(),
            cycles: self.cycles,
        })
    }
}

/// The generated input, or a usage error for `--cycles` with another game.
pub fn run(args: &Args) -> Result<String, Failure> {
    let spec = args.shape.spec(args.game)?;
    Ok(generate(spec, args.seed).render())
}

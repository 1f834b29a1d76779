//! The 猪国杀 replay of the application layer on generated games: every step's state follows
//! the engine (never a drift note), the replay reaches the end, and it ends with the judge's
//! output.

#![allow(clippy::unwrap_used)] // a test crate: a failed unwrap is a failed test

use tabletop_app::pigs::replay::{replay, Budget, End};
use tabletop_app::Source;
use tabletop_stress::gen::{generate, Spec};
use tabletop_stress::{Game, Size};

#[test]
fn generated_games_replay_as_the_engine_plays_them() {
    for (size, seeds) in [(Size::Tiny, 300), (Size::Judge, 60)] {
        let spec = Spec {
            game: Game::Pigs,
            size,
            cycles: false,
        };
        for seed in 0..seeds {
            let text = generate(spec, seed).render();
            let source = Source::new("input", text.clone().into_bytes());
            let replayed = replay(&source, Budget::default()).unwrap();
            assert!(
                replayed.notes.is_empty(),
                "{size} {seed}: {:?}\n{text}",
                replayed.notes
            );
            assert!(replayed.complete, "{size} {seed}");
            let expected = tabletop_app::answer(tabletop_app::Game::Pigs, text.as_bytes()).unwrap();
            assert_eq!(replayed.end, End::Output(expected), "{size} {seed}");
        }
    }
}

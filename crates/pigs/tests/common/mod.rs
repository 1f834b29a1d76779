//! Test helpers: small constructors of setups from card letters, and the workspace root. Judge
//! text is read only by `tabletop-parse` (which depends on this crate, so it is not used here).

#![allow(dead_code)]

use std::path::PathBuf;

use tabletop_pigs::{Card, Game, Role, Setup};

/// Cards from letters separated by spaces: `cards("K K D")`.
pub fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|t| {
            t.chars()
                .next()
                .and_then(Card::from_letter)
                .expect("a card letter")
        })
        .collect()
}

/// A setup from `(role, hand)` pairs and a deck, all as text.
pub fn setup(pigs: &[(&str, &str)], deck: &str) -> Setup {
    Setup {
        pigs: pigs
            .iter()
            .map(|(role, hand)| {
                let role = match *role {
                    "MP" => Role::Mp,
                    "ZP" => Role::Zp,
                    "FP" => Role::Fp,
                    other => panic!("role {other}"),
                };
                (role, cards(hand))
            })
            .collect(),
        deck: cards(deck),
    }
}

/// The workspace root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Plays `setup` turn by turn (up to where [`Game::run`] stops) and folds the events into
/// pigs with [`Event::apply`](tabletop_pigs::Event::apply) alone: after every turn they must be
/// the engine's pigs, and the deck cards the events took must say whether the deck is used up.
/// `Err` describes the first difference.
pub fn check_fold(setup: &Setup) -> Result<(), String> {
    let mut game = Game::new(setup).map_err(|e| e.to_string())?;
    let mut through = game.clone();
    let _ = through.run();
    game.record_events();
    let mut folded = game.pigs().to_vec();
    let (mut drawn, mut seen) = (0, 0);
    let ends = through.winner().is_some();
    while game.winner().is_none() && (ends || game.turns() < through.turns()) {
        game.play_turn();
        for event in &game.events()[seen..] {
            if event.apply(&mut folded).is_some_and(|pig| pig >= folded.len()) {
                return Err(format!("{event:?} names no seat"));
            }
            drawn += event.deck_cards();
        }
        seen = game.events().len();
        if folded.as_slice() != game.pigs() || (drawn >= setup.deck.len()) != game.deck_exhausted() {
            return Err(format!(
                "{setup:?}\nafter turn {}: folded {folded:?}\nengine {:?}",
                game.turns(),
                game.pigs()
            ));
        }
    }
    if game.winner() != through.winner() {
        return Err(format!(
            "{setup:?}: winner {:?}, not {:?}",
            game.winner(),
            through.winner()
        ));
    }
    Ok(())
}

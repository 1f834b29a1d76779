//! Test helpers: small constructors of setups from card letters, and the workspace root. Judge
//! text is read only by `tabletop-parse` (which depends on this crate, so it is not used here).

#![allow(dead_code)]

use std::path::PathBuf;

use tabletop_pigs::{Card, Role, Setup};

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

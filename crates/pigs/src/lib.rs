//! 猪国杀 (Pig Kingdom Kill, BZOJ 1972 / SDOI 2010 / Luogu P2482): a complete, pure simulator.
//!
//! The rules are those of `docs/rules/pigs.md`; section numbers (§) refer to it. A
//! [`Setup`] (roles, starting hands, deck) becomes a [`Game`], whose methods are the rules;
//! [`play`] runs a whole game to its [`Ending`], whose `Display` is the judge's output. A
//! game that can never end is reported as [`NeverEnds`] instead of running forever, with no
//! step limit (the criterion is on [`NeverEnds`]; its proof heads `src/game.rs`). The engine can
//! record a typed [`Event`] log (draws with the hand after them, cards used and their targets,
//! every J of a chain, damage, peaches, deaths, penalties, rewards and why the game ended),
//! complete enough to tell the game from the log alone: each event carries what it changes
//! (the HP and equipment a card leaves its user, the HP after damage or a peach), so
//! [`Event::apply`] folds a log into the pigs after every event without playing a rule. It
//! never prints (the trace is written by `tabletop-render`).
//!
//! The types, each built only on the ones before it: [`Card`], [`Hand`], the model ([`Role`],
//! [`Side`], [`Pig`], [`Setup`]), [`Event`], and [`Game`] with the rules.
//!
//! Numbering: a pig is `pig 1`, `pig 2`, … in messages (pig 1 is the MP), but a 0-based seat
//! index in [`Game`] and [`Event`] (0 is pig 1). The whole rule is the section "Numbering" of
//! the repository's `ARCHITECTURE.md`.
//!
//! ```
//! use tabletop_pigs::{Card, Event, Game, Role, Setup, Winner};
//! // The spec's sample game (§13).
//! let cards = |text: &str| -> Vec<Card> {
//!     text.split_whitespace().filter_map(|t| t.chars().next().and_then(Card::from_letter)).collect()
//! };
//! let setup = Setup {
//!     pigs: vec![
//!         (Role::Mp, cards("D D F F")),
//!         (Role::Zp, cards("N N N D")),
//!         (Role::Fp, cards("J J J J")),
//!     ],
//!     deck: cards("F F D D J J F F K D"),
//! };
//! let mut game = Game::new(&setup)?;
//! game.record_events();
//! assert_eq!(game.run(), Ok(Winner::Fp));
//! let ending = game.ending().ok_or("no winner")?;
//! assert_eq!(ending.to_string(), "FP\nDEAD\nDEAD\nJ J J J J J D\n");
//! assert!(game.events().iter().any(|e| matches!(e, Event::Mark { pig: 1 })));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod card;
mod event;
mod game;
mod hand;
mod model;

pub use card::Card;
pub use event::{DrawReason, EndReason, Event, Target, EVENT_HAND_LIMIT};
pub use game::{play, Ending, Game, NeverEnds, PigsError};
pub use hand::Hand;
pub use model::{Pig, Role, Setup, SetupError, Side, Winner, MAX_HP};

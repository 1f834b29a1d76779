//! The typed pieces of a game: roles, sides, pigs and the starting position.

use std::fmt;

use crate::card::Card;
use crate::hand::Hand;

/// A pig's true identity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// 主猪, the master pig (pig 1, always revealed).
    Mp,
    /// 忠猪, a loyal pig.
    Zp,
    /// 反猪, a rebel pig.
    Fp,
}

impl Role {
    /// The side this role plays for.
    pub const fn side(self) -> Side {
        match self {
            Role::Mp | Role::Zp => Side::Loyal,
            Role::Fp => Side::Rebel,
        }
    }

    /// The role's name in the judge format (`MP`, `ZP`, `FP`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Mp => "MP",
            Role::Zp => "ZP",
            Role::Fp => "FP",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The two sides. Every pig acts for the side of its true role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The MP and the ZPs.
    Loyal,
    /// The FPs.
    Rebel,
}

impl Side {
    /// The other side.
    pub const fn opposite(self) -> Side {
        match self {
            Side::Loyal => Side::Rebel,
            Side::Rebel => Side::Loyal,
        }
    }
}

/// The winner of a game, also the first line of the judge's output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Winner {
    /// The MP is alive and no FP is: printed `MP`.
    Mp,
    /// The MP is dead: printed `FP`.
    Fp,
}

impl Winner {
    /// The judge's spelling: `MP` or `FP`.
    pub const fn name(self) -> &'static str {
        match self {
            Winner::Mp => "MP",
            Winner::Fp => "FP",
        }
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The most HP a pig can have, and what every pig starts with.
pub const MAX_HP: u8 = 4;

/// One pig: its role and everything that can change during the game.
///
/// The fields are public so that tests can set up a position directly (see
/// [`Game::pig_mut`](crate::Game::pig_mut)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pig {
    /// The true role.
    pub role: Role,
    /// The hand, left to right.
    pub hand: Hand,
    /// Hit points, 0..=4 (0 only for a dead pig).
    pub hp: u8,
    /// A Z is equipped.
    pub equipped: bool,
    /// The pig has revealed its side (always true for the MP).
    pub jumped: bool,
    /// The MP suspects this unrevealed pig of being a rebel (类反猪).
    pub similar: bool,
    /// The pig is dead: its cards are never looked at again.
    pub dead: bool,
}

impl Pig {
    /// A pig at the start of a game: 4 HP, nothing equipped, only the MP revealed.
    pub fn new(role: Role, hand: impl Into<Hand>) -> Pig {
        Pig {
            role,
            hand: hand.into(),
            hp: MAX_HP,
            equipped: false,
            jumped: role == Role::Mp,
            similar: false,
            dead: false,
        }
    }

    /// The side of the pig's true role.
    pub const fn side(&self) -> Side {
        self.role.side()
    }

    /// Whether the hand holds a card of this type.
    pub fn holds(&self, card: Card) -> bool {
        self.hand.holds(card)
    }

    /// Removes the leftmost card of this type; `false` if there is none.
    pub(crate) fn take(&mut self, card: Card) -> bool {
        self.hand.take(card)
    }
}

/// The starting position: the pigs in seat order (pig 1 first) and the deck, top card first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Each pig's role and starting hand (4 cards in the judge format; any number here).
    pub pigs: Vec<(Role, Vec<Card>)>,
    /// The deck, top card first. Only these cards count (the judge's first m).
    pub deck: Vec<Card>,
}

/// Why a [`Setup`] is not a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A game needs at least two pigs.
    #[error("a game needs at least 2 pigs, not {0}")]
    TooFewPigs(usize),
    /// Pig 1 must be the MP.
    #[error("pig 1 must be the MP, not {0}")]
    FirstNotMp(Role),
    /// Only pig 1 is the MP.
    #[error("pig {0} is a second MP (only pig 1 is the MP)")]
    SecondMp(usize),
    /// With an empty deck there is nothing to draw.
    #[error("the deck is empty (m = 0): there is nothing to draw")]
    EmptyDeck,
}

impl Setup {
    /// Checks the rules a starting position must follow (§1 of the spec).
    ///
    /// # Errors
    /// The first problem found, as a [`SetupError`]; pig numbers are 1-based.
    pub fn validate(&self) -> Result<(), SetupError> {
        if self.pigs.len() < 2 {
            return Err(SetupError::TooFewPigs(self.pigs.len()));
        }
        if let Some(&(role, _)) = self.pigs.first() {
            if role != Role::Mp {
                return Err(SetupError::FirstNotMp(role));
            }
        }
        if let Some(second) = self.pigs.iter().skip(1).position(|(role, _)| *role == Role::Mp) {
            return Err(SetupError::SecondMp(second + 2));
        }
        if self.deck.is_empty() {
            return Err(SetupError::EmptyDeck);
        }
        Ok(())
    }
}

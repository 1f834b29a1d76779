//! The eight cards.

use std::fmt;

/// A card. Each is a single letter in the judge format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    /// 桃 peach (`P`): +1 HP below 4 HP; eaten at 0 HP to survive.
    Peach,
    /// 杀 kill (`K`): 1 damage to the next pig, unless it discards a D.
    Kill,
    /// 闪 dodge (`D`): discarded against a K or a W; never played.
    Dodge,
    /// 决斗 duel (`F`): both pigs discard Ks in turn; the first that cannot loses 1 HP.
    Duel,
    /// 南猪入侵 invasion (`N`): every other pig discards a K or loses 1 HP.
    Invasion,
    /// 万箭齐发 arrows (`W`): every other pig discards a D or loses 1 HP.
    Arrows,
    /// 无懈可击 nullification (`J`): cancels a trick (F, N/W on one target) or another J.
    Nullify,
    /// 猪哥连弩 crossbow (`Z`): equipment; any number of Ks per turn.
    Crossbow,
}

impl Card {
    /// Every card, in the order of the letters `PKDFNWJZ`.
    pub const ALL: [Card; 8] = [
        Card::Peach,
        Card::Kill,
        Card::Dodge,
        Card::Duel,
        Card::Invasion,
        Card::Arrows,
        Card::Nullify,
        Card::Crossbow,
    ];

    /// The card's letter in the judge format.
    ///
    /// ```
    /// use tabletop_pigs::Card;
    /// assert_eq!(Card::Kill.letter(), 'K');
    /// assert_eq!(Card::from_letter('W'), Some(Card::Arrows));
    /// assert_eq!(Card::from_letter('X'), None);
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Card::Peach => 'P',
            Card::Kill => 'K',
            Card::Dodge => 'D',
            Card::Duel => 'F',
            Card::Invasion => 'N',
            Card::Arrows => 'W',
            Card::Nullify => 'J',
            Card::Crossbow => 'Z',
        }
    }

    /// The card's position in [`Card::ALL`] (0..8).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The card with this letter, if any (upper case only).
    pub fn from_letter(letter: char) -> Option<Card> {
        Card::ALL.into_iter().find(|card| card.letter() == letter)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

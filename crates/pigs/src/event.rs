//! The structured log of a game: what happened, in order, as typed events.
//!
//! Pig numbers in events are 0-based indices into the seats (0 is pig 1, the MP). The engine
//! records events only when asked to ([`Game::record_events`](crate::Game::record_events)); it
//! never prints them.

use crate::card::Card;
use crate::hand::Hand;
use crate::model::{Pig, Winner};

/// The longest hand an [`Event::Draw`] lists card by card.
pub const EVENT_HAND_LIMIT: usize = 60;

/// Who or what a used card is aimed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// The user itself (P heals it, Z equips it).
    User,
    /// One pig (K, F), by index.
    Pig(usize),
    /// Every other living pig, in turn order from the user (N, W).
    Others,
}

/// Why cards were drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The 2 cards at the start of a turn.
    Turn,
    /// The 3 cards for killing an FP that is not the last one.
    Reward,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// No FP was alive when a turn was due: in a game from a [`Setup`](crate::Setup), only
    /// when there is no FP at the start (nobody draws, nobody plays).
    NoFpAlive,
    /// The MP was dead when a turn was due (only in a position made by hand).
    MpDead,
    /// The MP died; `killer` dealt the last damage.
    MpDied {
        /// The pig that dealt the damage.
        killer: usize,
    },
    /// The last FP died; `killer` dealt the last damage.
    LastFpDied {
        /// The FP that died.
        pig: usize,
        /// The pig that dealt the damage.
        killer: usize,
    },
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A turn starts.
    Turn {
        /// 1 for the first turn of the game.
        number: u64,
        /// Whose turn it is.
        pig: usize,
    },
    /// A pig drew cards onto the right end of its hand.
    Draw {
        /// Who drew.
        pig: usize,
        /// The cards, in the order drawn.
        cards: Vec<Card>,
        /// How many of them were the deck's last card repeated (the deck was used up).
        repeated: usize,
        /// Turn draw or reward.
        reason: DrawReason,
        /// The number of cards in the hand afterwards.
        hand_size: usize,
        /// The hand afterwards, left to right, when it holds at most [`EVENT_HAND_LIMIT`]
        /// cards; `None` for a longer hand (copying hands of thousands of cards at every draw
        /// would make a long game's log quadratic in size).
        hand: Option<Vec<Card>>,
    },
    /// A pig used a card from its hand in its play phase.
    Use {
        /// The user.
        pig: usize,
        /// The card (already out of the hand).
        card: Card,
        /// Its target.
        target: Target,
        /// The user's HP once the card's effect on the user is done (a P heals it, capped at
        /// [`MAX_HP`](crate::MAX_HP)); any damage the card brings comes as later events.
        hp: u8,
        /// Whether the user has a Z equipped once the card's effect on the user is done.
        equipped: bool,
    },
    /// A pig revealed its side (jumped); any similar mark is cleared.
    Jump {
        /// The pig.
        pig: usize,
        /// It carried the MP's similar-to-rebel mark until now.
        was_similar: bool,
    },
    /// The MP now suspects this unrevealed pig (its N/W cost the MP HP).
    Mark {
        /// The pig marked similar-to-rebel.
        pig: usize,
    },
    /// A J offered in a chain was played.
    Nullify {
        /// Who played it.
        pig: usize,
        /// The pig the trick is aimed at (the F target or the current N/W target).
        target: usize,
        /// The pig whose J this one cancels; `None` for the first J, which protects `target`.
        countering: Option<usize>,
    },
    /// The chain ended and the trick on `target` is cancelled (an odd number of Js stood).
    Protected {
        /// The pig the trick no longer affects.
        target: usize,
    },
    /// A pig gave up a card in response (a D to a K or W, a K to an N or in a duel).
    Discard {
        /// Who discarded.
        pig: usize,
        /// The card given up (its leftmost of that type).
        card: Card,
        /// The card it answers.
        against: Card,
    },
    /// A pig lost 1 HP.
    Damage {
        /// The pig hurt.
        pig: usize,
        /// Who dealt it.
        source: usize,
        /// HP left (0 means it is dying).
        hp: u8,
        /// The card being resolved (K, F, N or W).
        cause: Card,
    },
    /// A dying pig ate its leftmost P and is back at 1 HP.
    Peach {
        /// The pig.
        pig: usize,
        /// HP afterwards (1).
        hp: u8,
    },
    /// A pig died.
    Death {
        /// The pig.
        pig: usize,
        /// Who dealt the last damage.
        killer: usize,
    },
    /// The MP killed a ZP and loses its whole hand and its Z.
    Penalty {
        /// The MP.
        pig: usize,
        /// The ZP it killed.
        victim: usize,
        /// The cards thrown away.
        lost: Vec<Card>,
        /// It had a Z equipped.
        lost_crossbow: bool,
    },
    /// The game is over.
    End {
        /// The winner.
        winner: Winner,
        /// Why.
        reason: EndReason,
    },
}

impl Event {
    /// How many cards of the deck this event takes (the draw pointer moves by this much):
    /// the cards of a draw that were not the used-up deck's last card repeated.
    pub fn deck_cards(&self) -> usize {
        match self {
            Event::Draw { cards, repeated, .. } => cards.len().saturating_sub(*repeated),
            _ => 0,
        }
    }

    /// Applies this event to `pigs`, the pigs just before it, and returns the seat it changed.
    /// No rule is played here: every event carries what it changes (the cards drawn, the
    /// card that leaves a hand, the HP and equipment afterwards, a death, a lost hand), so
    /// folding a game's events from its starting pigs gives the engine's pigs after each of
    /// them. `None` for an event that changes no pig, or a seat that is not in `pigs`.
    pub fn apply(&self, pigs: &mut [Pig]) -> Option<usize> {
        let subject = match self {
            Event::Turn { .. } | Event::Protected { .. } | Event::End { .. } => return None,
            Event::Draw { pig, .. }
            | Event::Use { pig, .. }
            | Event::Jump { pig, .. }
            | Event::Mark { pig }
            | Event::Nullify { pig, .. }
            | Event::Discard { pig, .. }
            | Event::Damage { pig, .. }
            | Event::Peach { pig, .. }
            | Event::Death { pig, .. }
            | Event::Penalty { pig, .. } => *pig,
        };
        let pig = pigs.get_mut(subject)?;
        match self {
            Event::Draw { cards, .. } => cards.iter().for_each(|&card| pig.hand.push(card)),
            Event::Use {
                card, hp, equipped, ..
            } => {
                pig.take(*card);
                pig.hp = *hp;
                pig.equipped = *equipped;
            }
            Event::Jump { .. } => {
                pig.jumped = true;
                pig.similar = false;
            }
            Event::Mark { .. } => pig.similar = true,
            Event::Nullify { .. } => {
                pig.take(crate::card::Card::Nullify);
            }
            Event::Discard { card, .. } => {
                pig.take(*card);
            }
            Event::Damage { hp, .. } => pig.hp = *hp,
            Event::Peach { hp, .. } => {
                pig.take(crate::card::Card::Peach);
                pig.hp = *hp;
            }
            Event::Death { .. } => pig.dead = true,
            Event::Penalty { .. } => {
                pig.hand = Hand::new();
                pig.equipped = false;
            }
            Event::Turn { .. } | Event::Protected { .. } | Event::End { .. } => {}
        }
        Some(subject)
    }
}

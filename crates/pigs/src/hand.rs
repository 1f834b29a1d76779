//! A hand: cards in order, with the operations the rules need in O(1).
//!
//! Cards only ever join a hand at its right end, and every card that leaves it is the leftmost
//! of its type (§2 "taking a card"; in the play phase the leftmost usable card is the leftmost
//! of its type too, because usability depends on the type, never on the position). So a hand
//! is, per card type, a queue of arrival numbers: the order of the whole hand is the order of
//! the arrival numbers. Taking the leftmost card of a type is a `pop_front`, finding the
//! leftmost usable card compares at most 8 queue fronts, and a long game with hands of
//! thousands of cards costs no more per card used than a short one.

use std::collections::VecDeque;
use std::fmt;

use crate::card::Card;

/// A pig's hand, left to right.
///
/// ```
/// use tabletop_pigs::{Card::*, Hand};
/// let mut hand: Hand = vec![Kill, Dodge, Kill].into();
/// hand.push(Peach);
/// assert_eq!(hand.to_vec(), vec![Kill, Dodge, Kill, Peach]);
/// assert!(hand.holds(Dodge));
/// assert_eq!(hand.count(Kill), 2);
/// assert_eq!(hand.to_string(), "K D K P");
/// ```
#[derive(Debug, Clone, Default)]
pub struct Hand {
    /// Arrival numbers of the cards of each type (indexed by `Card::index`), ascending.
    queues: [VecDeque<u64>; 8],
    /// The next arrival number.
    arrivals: u64,
    /// Cards in the hand.
    len: usize,
}

impl Hand {
    /// An empty hand.
    pub fn new() -> Hand {
        Hand::default()
    }

    /// Adds a card at the right end.
    pub fn push(&mut self, card: Card) {
        self.queues[card.index()].push_back(self.arrivals);
        self.arrivals += 1;
        self.len += 1;
    }

    /// Removes the leftmost card of this type; `false` if there is none.
    pub fn take(&mut self, card: Card) -> bool {
        let taken = self.queues[card.index()].pop_front().is_some();
        if taken {
            self.len -= 1;
        }
        taken
    }

    /// Whether the hand holds a card of this type.
    pub fn holds(&self, card: Card) -> bool {
        !self.queues[card.index()].is_empty()
    }

    /// How many cards of this type the hand holds.
    pub fn count(&self, card: Card) -> usize {
        self.queues[card.index()].len()
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the hand is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The type of the leftmost card for which `wanted` holds.
    pub fn leftmost(&self, mut wanted: impl FnMut(Card) -> bool) -> Option<Card> {
        Card::ALL
            .into_iter()
            .filter_map(|card| self.queues[card.index()].front().map(|&arrival| (arrival, card)))
            .filter(|&(_, card)| wanted(card))
            .min()
            .map(|(_, card)| card)
    }

    /// The cards, left to right.
    pub fn to_vec(&self) -> Vec<Card> {
        let mut cards: Vec<(u64, Card)> = Card::ALL
            .into_iter()
            .flat_map(|card| {
                self.queues[card.index()]
                    .iter()
                    .map(move |&arrival| (arrival, card))
            })
            .collect();
        cards.sort_unstable();
        cards.into_iter().map(|(_, card)| card).collect()
    }

    /// Empties the hand, returning its cards left to right.
    pub fn take_all(&mut self) -> Vec<Card> {
        let cards = self.to_vec();
        *self = Hand::new();
        cards
    }
}

impl PartialEq for Hand {
    fn eq(&self, other: &Hand) -> bool {
        self.to_vec() == other.to_vec()
    }
}

impl Eq for Hand {}

impl From<Vec<Card>> for Hand {
    fn from(cards: Vec<Card>) -> Hand {
        cards.into_iter().collect()
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> Hand {
        let mut hand = Hand::new();
        for card in cards {
            hand.push(card);
        }
        hand
    }
}

impl fmt::Display for Hand {
    /// The judge's format: letters separated by single spaces (empty for an empty hand).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.to_vec().into_iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The queues behave exactly like a plain list with "remove the leftmost of a type".
        #[test]
        fn hand_matches_a_plain_list(ops in proptest::collection::vec((0u8..4, 0usize..8), 0..200)) {
            let mut hand = Hand::new();
            let mut list: Vec<Card> = Vec::new();
            for (op, index) in ops {
                let card = Card::ALL[index];
                match op {
                    0 | 1 => {
                        hand.push(card);
                        list.push(card);
                    }
                    2 => {
                        let position = list.iter().position(|&c| c == card);
                        if let Some(position) = position {
                            list.remove(position);
                        }
                        prop_assert_eq!(hand.take(card), position.is_some());
                    }
                    _ => {
                        let wanted = |c: Card| c.index() % 2 == index % 2;
                        prop_assert_eq!(hand.leftmost(wanted), list.iter().copied().find(|&c| wanted(c)));
                    }
                }
                prop_assert_eq!(hand.to_vec(), list.clone());
                prop_assert_eq!(hand.len(), list.len());
                prop_assert_eq!(hand.holds(card), list.contains(&card));
            }
            prop_assert_eq!(hand.take_all(), list);
            prop_assert!(hand.is_empty());
        }
    }
}

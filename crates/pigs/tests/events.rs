//! The event log tells the whole story of the hands: following the events from the starting
//! hands with a plain list (cards join at the right; every card that leaves is the leftmost of
//! its type) gives the hand every draw event reports, and the engine's final hands.

mod common;

use proptest::prelude::*;
use tabletop_pigs::{Card, Event, Game, Role, Setup, EVENT_HAND_LIMIT};

/// Removes the leftmost card of this type from a plain list.
fn take(hand: &mut Vec<Card>, card: Card) {
    if let Some(position) = hand.iter().position(|&c| c == card) {
        hand.remove(position);
    }
}

/// Applies one event to plain-list hands; checks what a draw event says against them.
fn follow(hands: &mut [Vec<Card>], event: &Event) -> Result<(), TestCaseError> {
    match event {
        Event::Draw {
            pig,
            cards,
            hand_size,
            hand,
            ..
        } => {
            let mine = &mut hands[*pig];
            mine.extend_from_slice(cards);
            prop_assert_eq!(*hand_size, mine.len());
            let expected = (mine.len() <= EVENT_HAND_LIMIT).then(|| mine.clone());
            prop_assert_eq!(hand, &expected);
        }
        Event::Use { pig, card, .. } | Event::Discard { pig, card, .. } => take(&mut hands[*pig], *card),
        Event::Nullify { pig, .. } => take(&mut hands[*pig], Card::Nullify),
        Event::Peach { pig, .. } => take(&mut hands[*pig], Card::Peach),
        Event::Penalty { pig, lost, .. } => {
            prop_assert_eq!(&std::mem::take(&mut hands[*pig]), lost);
        }
        _ => {}
    }
    Ok(())
}

/// Plays `setup` with events and checks the hands along the way and at the end.
fn check(setup: &Setup) -> Result<(), TestCaseError> {
    let mut game = Game::new(setup).expect("the test's setup is valid");
    game.record_events();
    let _ = game.run();
    let mut hands: Vec<Vec<Card>> = setup.pigs.iter().map(|(_, hand)| hand.clone()).collect();
    for event in game.events() {
        follow(&mut hands, event)?;
    }
    for (pig, hand) in game.pigs().iter().zip(&hands) {
        if !pig.dead {
            prop_assert_eq!(&pig.hand.to_vec(), hand);
        }
    }
    Ok(())
}

fn card() -> impl Strategy<Value = Card> {
    (0..8usize).prop_map(|i| Card::ALL[i])
}

/// A valid game: the MP, then 1..=5 pigs of either side, four cards each, 1..40 deck cards.
fn setup() -> impl Strategy<Value = Setup> {
    let pig = (prop::bool::ANY, prop::collection::vec(card(), 4));
    (
        prop::collection::vec(card(), 4),
        prop::collection::vec(pig, 1..=5),
        prop::collection::vec(card(), 1..40),
    )
        .prop_map(|(mp, others, deck)| {
            let mut pigs = vec![(Role::Mp, mp)];
            pigs.extend(
                others
                    .into_iter()
                    .map(|(loyal, hand)| (if loyal { Role::Zp } else { Role::Fp }, hand)),
            );
            Setup { pigs, deck }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    #[test]
    fn events_account_for_every_change_of_a_hand(setup in setup()) {
        check(&setup)?;
    }

    #[test]
    fn folding_the_events_gives_the_engines_pigs_after_every_turn(setup in setup()) {
        common::check_fold(&setup).map_err(TestCaseError::fail)?;
    }
}

/// A P carries the HP it heals to, capped; a Z the equipment; a peach at 0 HP the 1 HP.
#[test]
fn a_card_used_on_its_user_carries_the_state_it_leaves() {
    // Turn 1: the MP equips its Z (its P is not usable at full HP). Turn 2: the FP's K takes
    // it to 3 HP. Turn 3: its P heals it back to 4, no further.
    let setup = common::setup(&[("MP", "P Z"), ("FP", "K K K K")], "K");
    let mut game = Game::new(&setup).unwrap();
    game.record_events();
    let _ = game.run();
    let uses: Vec<(Card, u8, bool)> = game
        .events()
        .iter()
        .filter_map(|event| match *event {
            Event::Use {
                pig: 0,
                card,
                hp,
                equipped,
                ..
            } => Some((card, hp, equipped)),
            _ => None,
        })
        .collect();
    assert_eq!(
        uses.get(..2),
        Some(&[(Card::Crossbow, 4, true), (Card::Peach, 4, true)][..]),
        "{uses:?}"
    );
    let peach = common::setup(&[("MP", "P D D D"), ("FP", "F F F F")], "D");
    let mut game = Game::new(&peach).unwrap();
    game.record_events();
    let _ = game.run();
    assert!(game
        .events()
        .iter()
        .any(|event| matches!(event, Event::Peach { pig: 0, hp: 1 })));
}

/// Folding the events of the long game below, with hands past the listing limit, still
/// gives the engine's pigs.
#[test]
fn the_fold_follows_long_hands() {
    let deck = vec!["D"; 200].join(" ");
    common::check_fold(&common::setup(&[("MP", "D D D D"), ("FP", "D D D D")], &deck)).unwrap();
}

/// Hands past the limit are reported by size only, and the log still adds up.
#[test]
fn long_hands_are_counted_not_listed() {
    // Nobody can use a D: the hands only grow until the game is found never-ending.
    let deck = vec!["D"; 200].join(" ");
    let setup = common::setup(&[("MP", "D D D D"), ("FP", "D D D D")], &deck);
    let mut game = Game::new(&setup).unwrap();
    game.record_events();
    assert!(game.run().is_err());
    let sizes: Vec<(usize, bool)> = game
        .events()
        .iter()
        .filter_map(|event| match event {
            Event::Draw { hand_size, hand, .. } => Some((*hand_size, hand.is_some())),
            _ => None,
        })
        .collect();
    assert!(sizes.iter().any(|&(size, _)| size > EVENT_HAND_LIMIT));
    assert!(sizes
        .iter()
        .all(|&(size, listed)| listed == (size <= EVENT_HAND_LIMIT)));
    check(&setup).unwrap();
}

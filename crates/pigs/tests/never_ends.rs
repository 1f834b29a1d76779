//! The never-ending check (spec §12.17; proof in `src/game.rs`): constructed games that can
//! never end are reported, each for a different reason the play stalls, and games that stall
//! for a while but do end are played to the end.

mod common;

use common::setup;
use tabletop_pigs::{play, Card, Game, NeverEnds, PigsError, Setup};

fn never(setup: &Setup) -> NeverEnds {
    match play(setup) {
        Err(PigsError::NeverEnds(never)) => never,
        other => panic!("expected a never-ending game, got {other:?}"),
    }
}

/// Plays `setup` with `play_turn` alone (no never-ending check) for `turns` turns after the
/// reported idle round, and checks that nothing but hands changes and nobody wins.
fn stays_idle(setup: &Setup, report: &NeverEnds, turns: u64) {
    let mut game = Game::new(setup).expect("the test's setup is valid");
    for _ in 0..report.round_end {
        assert_eq!(game.play_turn(), None);
    }
    let state = |g: &Game| -> Vec<_> {
        g.pigs()
            .iter()
            .map(|p| (p.hp, p.equipped, p.jumped, p.similar, p.dead))
            .collect()
    };
    let before = state(&game);
    for _ in 0..turns {
        assert_eq!(
            game.play_turn(),
            None,
            "the game ended after being reported never-ending"
        );
        assert_eq!(state(&game), before);
    }
}

/// The deck ends in D and nobody can ever act: reported after the first round that starts with
/// the deck used up (turns 3..=4), not before.
#[test]
fn nobody_can_act() {
    let s = setup(&[("MP", "D D D D"), ("FP", "D D D D")], "D");
    let report = never(&s);
    assert_eq!(report.card, Card::Dodge);
    assert_eq!((report.round_start, report.round_end), (3, 4));
    stays_idle(&s, &report, 1_000);
}

/// The deck ends in Z: a Z is always usable, so every pig uses a Z every turn, forever. A check
/// looking for "no card used" would never fire; the first Zs (equipping) are progress, the
/// later ones are idle.
#[test]
fn zs_are_used_forever() {
    let s = setup(&[("MP", "D D D D"), ("ZP", "D D D D"), ("FP", "D D D D")], "Z");
    let report = never(&s);
    assert_eq!(report.card, Card::Crossbow);
    // Round 1 (turns 1..=3) draws the Z and equips everyone: not idle. Round 2 is idle.
    assert_eq!((report.round_start, report.round_end), (4, 6));
    stays_idle(&s, &report, 1_000);
}

/// Ks nobody may use: the FP's next pig is an unrevealed ZP, the ZP's next pig is the MP, and
/// the MP's next pig is the unrevealed FP. Deck ends in K: the hands fill with Ks.
#[test]
fn ks_without_a_target() {
    let s = setup(&[("MP", "K K K K"), ("FP", "K K K K"), ("ZP", "K K K K")], "K");
    let report = never(&s);
    stays_idle(&s, &report, 1_000);
}

/// The deck ends in P: after the pigs heal to 4 HP (progress), the peaches pile up.
#[test]
fn peaches_pile_up_after_healing() {
    // The FP's N costs the MP 1 HP (the FP becomes similar); the MP's Fs then... the MP holds
    // no F; it only heals with the P it draws. Then nothing happens.
    let s = setup(&[("MP", "D D D D"), ("FP", "N D D D")], "P");
    let report = never(&s);
    assert_eq!(report.card, Card::Peach);
    let mut game = Game::new(&s).unwrap();
    while game.turns() < report.round_end {
        game.play_turn();
    }
    assert_eq!(game.pigs()[0].hp, 4, "the MP healed before the idle round");
    stays_idle(&s, &report, 1_000);
}

/// A J chain, Js in every hand: the deck ends in J, which is never played actively.
#[test]
fn js_are_never_played_actively() {
    let s = setup(&[("MP", "J J J J"), ("ZP", "J J J J"), ("FP", "J J J J")], "J");
    stays_idle(&s, &never(&s), 1_000);
}

/// Nothing happens for many rounds while the deck lasts (2000 Ds), then the last card F
/// starts duels and the game ends: no step limit cuts it off.
#[test]
fn a_long_quiet_game_still_ends() {
    let deck = format!("{}F", "D ".repeat(1_999));
    let s = setup(&[("MP", "D D D D"), ("FP", "D D D D")], &deck);
    let outcome = play(&s).unwrap();
    // T1000 (FP) draws the last D and the F: its duel costs the MP 1 HP. Then each turn both
    // Fs drawn are duels: T1001 FP 3, 2; T1002 MP 2, 1; T1003 FP 1, 0.
    assert_eq!(outcome.turns, 1_003);
    assert_eq!(outcome.winner, tabletop_pigs::Winner::Mp);
}

/// After the deck is used up, whole rounds go by in which nobody loses HP (every K is
/// answered by a D), yet the game ends: those rounds use cards other than idle Zs.
#[test]
fn rounds_without_damage_are_not_idle() {
    // Every draw is K. The FP hits the MP each turn and the MP answers with its Ds; the MP
    // hits the revealed FP, which answers with its Ds. The Ds run out; then HP falls.
    let s = setup(&[("MP", "D D D D"), ("FP", "K D D D")], "K");
    let outcome = play(&s).unwrap();
    assert!(outcome.turns > 4);
}

/// The check starts only at the MP's turn, with the deck used up; a game whose deck runs out
/// in the middle of a round is not judged on that partial round.
#[test]
fn a_round_must_start_with_the_deck_used_up() {
    // m = 3: turn 1 draws cards 1-2, turn 2 draws card 3 and a repeat. Round 1 (turns 1-2)
    // did not start exhausted; round 2 (turns 3-4) did, and is idle.
    let s = setup(&[("MP", "D D D D"), ("FP", "D D D D")], "D D D");
    let report = never(&s);
    assert_eq!((report.round_start, report.round_end), (3, 4));
    // m = 4: the deck runs out exactly at the end of round 1; round 2 is idle.
    let s = setup(&[("MP", "D D D D"), ("FP", "D D D D")], "D D D D");
    assert_eq!(never(&s).round_start, 3);
    // m = 5: round 2 draws card 5; round 3 (turns 5-6) is the idle one.
    let s = setup(&[("MP", "D D D D"), ("FP", "D D D D")], "D D D D D");
    assert_eq!((never(&s).round_start, never(&s).round_end), (5, 6));
}

//! One test per rule of §5–§10 of the spec (section numbers in the test names). Each sets up a
//! position that isolates the rule and says, in its comment, what breaking the rule would
//! change. The matching end-to-end fixtures are `fixtures/pigs/<rule>.in`.

mod common;

use common::{cards, setup};
use tabletop_pigs::{Card, EndReason, Event, Game, Target, Winner};

/// A game from `(role, hand)` and a deck; event recording on.
fn game(pigs: &[(&str, &str)], deck: &str) -> Game {
    let mut game = Game::new(&setup(pigs, deck)).expect("the test's setup is valid");
    game.record_events();
    game
}

fn hand(game: &Game, pig: usize) -> Vec<Card> {
    game.pigs()[pig].hand.to_vec()
}

fn hps(game: &Game) -> Vec<u8> {
    game.pigs().iter().map(|p| p.hp).collect()
}

// ---------------------------------------------------------------- §3, §4 deck and turns

/// §3: draws take the deck in order onto the right end of the hand; once it is used up, every
/// draw is its last card again.
#[test]
fn s3_draws_repeat_the_last_card_forever() {
    let mut g = game(&[("MP", "D"), ("FP", "D")], "J P");
    g.play_turn();
    assert_eq!(hand(&g, 0), cards("D J P"));
    assert!(g.deck_exhausted());
    g.play_turn();
    assert_eq!(hand(&g, 1), cards("D P P"));
    let repeated: Vec<usize> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Draw { repeated, .. } => Some(*repeated),
            _ => None,
        })
        .collect();
    assert_eq!(repeated, vec![0, 2]);
}

/// §4 and §12.3: with no FP the game is over before the first turn: nobody draws.
#[test]
fn s4_no_fp_means_no_turn() {
    let mut g = game(&[("MP", "K"), ("ZP", "D")], "N");
    assert_eq!(g.run(), Ok(Winner::Mp));
    assert_eq!(g.turns(), 0);
    assert_eq!(hand(&g, 0), cards("K"));
}

/// §4 and §12.14: after a pig dies in its own turn, the turn passes to the next living pig
/// after it.
#[test]
fn s4_turn_order_skips_the_dead() {
    let mut g = game(&[("MP", "K"), ("FP", "D"), ("FP", "D"), ("ZP", "D")], "D");
    g.pig_mut(1).hand = cards("F").into();
    g.pig_mut(1).hp = 1;
    g.play_turn(); // the MP: nothing to do
    assert_eq!(g.current(), 1);
    g.play_turn(); // pig 2 loses its own duel and dies
    assert!(g.pigs()[1].dead);
    assert_eq!(g.current(), 2);
    g.pig_mut(2).dead = true; // by hand: pig 4 follows pig 3, then the MP
    assert_eq!(g.next(1), 3);
    assert_eq!(g.next(3), 0);
}

// ---------------------------------------------------------------- §5 the play phase

/// §5: after every card used, the scan restarts at the leftmost card. The MP's P is skipped at
/// 4 HP; the duel then costs it 1 HP; the restart makes the P usable. Without the restart the
/// P would stay in hand at 3 HP.
#[test]
fn s5_scan_restarts_from_the_leftmost_card() {
    let mut g = game(&[("MP", "P F"), ("FP", "K")], "D");
    g.pig_mut(1).jumped = true;
    g.play_phase(0);
    assert_eq!(hand(&g, 1), vec![], "the FP discarded its K first");
    assert_eq!(
        hps(&g),
        vec![4, 4],
        "the MP lost 1 HP in the duel and healed with the P"
    );
    assert_eq!(hand(&g, 0), vec![]);
}

/// §5: a pig that dies during its own turn plays nothing more (E8). Playing on, the N would
/// cost the MP 1 HP.
#[test]
fn s5_a_pig_that_dies_in_its_turn_stops_playing() {
    let mut g = game(&[("MP", "K"), ("FP", "F N"), ("FP", "D")], "D");
    g.pig_mut(1).hp = 1;
    g.play_phase(1);
    assert!(g.pigs()[1].dead);
    assert_eq!(g.pigs()[0].hp, 4);
    assert_eq!(g.pigs()[2].hp, 4);
}

/// §5/§6: without a Z only one K per turn; the second K stays in hand.
#[test]
fn s5_one_k_per_turn_without_a_z() {
    let mut g = game(&[("MP", "K K"), ("FP", "")], "D");
    g.pig_mut(1).jumped = true;
    g.play_phase(0);
    assert_eq!(g.pigs()[1].hp, 3);
    assert_eq!(hand(&g, 0), cards("K"));
}

/// §5/§6: a K skipped for the one-K limit is played once a Z later in the hand is equipped
/// (E2). Without the restart, or if the limit ignored the Z, the FP would end at 3 HP.
#[test]
fn s5_a_later_z_enables_a_skipped_k() {
    let mut g = game(&[("MP", "K K D Z"), ("FP", "")], "D");
    g.pig_mut(1).jumped = true;
    g.play_phase(0);
    assert_eq!(g.pigs()[1].hp, 2);
    assert_eq!(hand(&g, 0), cards("D"));
    assert!(g.pigs()[0].equipped);
}

/// §5: the used card leaves the hand before it is resolved: when the MP's F kills a ZP, the F
/// is not among the cards the penalty throws away.
#[test]
fn s5_the_used_card_leaves_the_hand_first() {
    let mut g = game(&[("MP", "F D"), ("ZP", ""), ("FP", "")], "D");
    g.pig_mut(1).similar = true;
    g.pig_mut(1).hp = 1;
    g.play_phase(0);
    let lost = g.events().iter().find_map(|e| match e {
        Event::Penalty { lost, .. } => Some(lost.clone()),
        _ => None,
    });
    assert_eq!(lost, Some(cards("D")));
}

// ---------------------------------------------------------------- §6 usable

/// §6: P only below 4 HP, on the user.
#[test]
fn s6_peach_only_below_full_hp() {
    let mut g = game(&[("MP", ""), ("FP", "")], "D");
    assert_eq!(g.usable(0, Card::Peach, 0), None);
    g.pig_mut(0).hp = 3;
    assert_eq!(g.usable(0, Card::Peach, 0), Some(Target::User));
}

/// §6: N, W and Z are always usable (Z even when equipped); D and J never.
#[test]
fn s6_always_and_never_usable_cards() {
    let mut g = game(&[("MP", ""), ("FP", "")], "D");
    g.pig_mut(0).equipped = true;
    for x in 0..2 {
        assert_eq!(g.usable(x, Card::Invasion, 0), Some(Target::Others));
        assert_eq!(g.usable(x, Card::Arrows, 0), Some(Target::Others));
        assert_eq!(g.usable(x, Card::Crossbow, 0), Some(Target::User));
        assert_eq!(g.usable(x, Card::Dodge, 0), None);
        assert_eq!(g.usable(x, Card::Nullify, 0), None);
    }
}

/// §6: K reaches only the next living pig (range 1): a jumped FP two seats away is out of
/// reach; once the pig between dies, it is next.
#[test]
fn s6_kill_reaches_only_the_next_living_pig() {
    let mut g = game(&[("MP", ""), ("ZP", ""), ("FP", "")], "D");
    g.pig_mut(2).jumped = true;
    assert_eq!(g.usable(0, Card::Kill, 0), None);
    g.pig_mut(1).dead = true;
    assert_eq!(g.usable(0, Card::Kill, 0), Some(Target::Pig(2)));
}

/// §6: the K role rules, one pair of roles at a time.
#[test]
fn s6_kill_role_rules() {
    // (attacker role, target role, target jumped, target similar) -> usable?
    let table = [
        ("MP", "FP", false, false, false),
        ("MP", "FP", true, false, true),
        ("MP", "FP", false, true, true),
        ("MP", "ZP", false, true, true),
        ("MP", "ZP", true, false, false),
        ("ZP", "FP", false, false, false),
        ("ZP", "FP", true, false, true),
        ("ZP", "FP", false, true, false), // only the MP reads the mark
        ("FP", "ZP", false, false, false),
        ("FP", "ZP", true, false, true),
        ("FP", "MP", true, false, true),
        ("FP", "FP", true, false, false),
        ("ZP", "MP", true, false, false),
    ];
    for (attacker, target, jumped, similar, expected) in table {
        // Seats: the attacker right before the target; the MP is pig 1.
        let pigs: Vec<(&str, &str)> = match (attacker, target) {
            ("MP", t) => vec![("MP", ""), (t, ""), ("FP", "")],
            (a, "MP") => vec![("MP", ""), ("FP", ""), (a, "")],
            (a, t) => vec![("MP", ""), (a, ""), (t, "")],
        };
        let mut g = game(&pigs, "D");
        let (x, t) = match (attacker, target) {
            ("MP", _) => (0, 1),
            (_, "MP") => (2, 0),
            _ => (1, 2),
        };
        if t != 0 {
            g.pig_mut(t).jumped = jumped;
            g.pig_mut(t).similar = similar;
        }
        let got = g.usable(x, Card::Kill, 0);
        assert_eq!(
            got,
            expected.then_some(Target::Pig(t)),
            "{attacker} on {target} jumped={jumped} similar={similar}"
        );
        // The one-K limit, and the Z that lifts it.
        assert_eq!(g.usable(x, Card::Kill, 1), None);
        g.pig_mut(x).equipped = true;
        assert_eq!(g.usable(x, Card::Kill, 3), got);
    }
}

/// §6: the MP's F goes to the first similar pig or jumped FP in order from the next pig; the
/// ZP's to the first jumped FP; the FP's always to the MP, even past a jumped ZP.
#[test]
fn s6_duel_targets() {
    let mut g = game(&[("MP", ""), ("ZP", ""), ("FP", ""), ("ZP", ""), ("FP", "")], "D");
    assert_eq!(g.usable(0, Card::Duel, 0), None, "nobody revealed or marked");
    g.pig_mut(4).jumped = true;
    assert_eq!(g.usable(0, Card::Duel, 0), Some(Target::Pig(4)));
    assert_eq!(g.usable(1, Card::Duel, 0), Some(Target::Pig(4)));
    assert_eq!(g.usable(3, Card::Duel, 0), Some(Target::Pig(4)));
    g.pig_mut(3).similar = true;
    assert_eq!(
        g.usable(0, Card::Duel, 0),
        Some(Target::Pig(3)),
        "the marked ZP comes first"
    );
    assert_eq!(
        g.usable(1, Card::Duel, 0),
        Some(Target::Pig(4)),
        "a ZP ignores the mark"
    );
    g.pig_mut(2).jumped = true;
    assert_eq!(
        g.usable(3, Card::Duel, 0),
        Some(Target::Pig(4)),
        "from the ZP, pig 5 is first"
    );
    assert_eq!(g.usable(1, Card::Duel, 0), Some(Target::Pig(2)));
    // The FP at seat 3: pig 4 (a jumped ZP) comes before the MP in order, yet the MP is the target.
    g.pig_mut(3).jumped = true;
    assert_eq!(g.usable(2, Card::Duel, 0), Some(Target::Pig(0)));
    assert_eq!(
        g.usable(2, Card::Kill, 0),
        Some(Target::Pig(3)),
        "its K takes the next pig"
    );
}

// ---------------------------------------------------------------- §7 resolve

/// §7 K: the target discards its leftmost D instead of losing HP; the user jumps because the
/// target had jumped.
#[test]
fn s7_kill_is_dodged_by_a_d_and_reveals_the_user() {
    let mut g = game(&[("MP", "P D K D"), ("FP", "K")], "D");
    g.play_phase(1);
    assert_eq!(hand(&g, 0), cards("P K D"), "the leftmost D went");
    assert_eq!(g.pigs()[0].hp, 4);
    assert!(g.pigs()[1].jumped);
}

/// §7 K: no J is ever offered against a K.
#[test]
fn s7_kill_has_no_j_chain() {
    let mut g = game(&[("MP", "J J"), ("ZP", "J"), ("FP", "K")], "D");
    g.play_phase(2);
    assert_eq!(g.pigs()[0].hp, 3);
    assert_eq!(hand(&g, 0), cards("J J"));
    assert_eq!(hand(&g, 1), cards("J"));
}

/// §7 F: the target discards first, then the user, alternately; the first without a K loses
/// 1 HP. Here the FP (target) has 2 Ks and the ZP (user) 1: the ZP runs out first.
#[test]
fn s7_duel_target_discards_first_then_alternates() {
    let mut g = game(&[("MP", ""), ("ZP", "F K D"), ("FP", "K K D")], "D");
    g.pig_mut(2).jumped = true;
    g.play_phase(1);
    assert_eq!(hps(&g), vec![4, 3, 4]);
    assert_eq!(hand(&g, 1), cards("D"));
    assert_eq!(hand(&g, 2), cards("D"));
    let order: Vec<usize> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Discard { pig, .. } => Some(*pig),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec![2, 1, 2]);
}

/// §7 F, MP against a (similar) ZP: the ZP loses 1 HP at once, keeping its K and J.
#[test]
fn s7_mp_duel_on_a_zp_is_direct_damage() {
    let mut g = game(&[("MP", "F"), ("ZP", "K J"), ("FP", "")], "D");
    g.pig_mut(1).similar = true;
    g.play_phase(0);
    assert_eq!(g.pigs()[1].hp, 3);
    assert_eq!(hand(&g, 1), cards("K J"));
}

/// §7 F and §12.8: the user jumps even when the duel is cancelled by a J.
#[test]
fn s7_duel_reveals_the_user_even_when_cancelled() {
    // The similar ZP duels the jumped FP, which protects itself with its J.
    let mut g = game(&[("MP", ""), ("ZP", "F"), ("FP", "J")], "D");
    g.pig_mut(2).jumped = true;
    g.pig_mut(1).similar = true;
    g.play_phase(1);
    assert!(g.pigs()[1].jumped);
    assert!(!g.pigs()[1].similar, "jumping clears the mark");
    assert_eq!(hps(&g), vec![4, 4, 4], "the FP's J cancelled the duel");
    assert_eq!(hand(&g, 2), vec![]);
}

/// §7 N: targets in order from the next pig; each discards a K or loses 1 HP; W asks for D.
#[test]
fn s7_invasion_and_arrows_hit_every_other_pig() {
    let mut g = game(&[("MP", "K D"), ("FP", "N W"), ("ZP", "D"), ("FP", "K")], "D");
    g.play_phase(1);
    // N: pig 3 (no K) -1, pig 4 discards K, MP discards K. W: pig 3 discards D, pig 4 -1, MP discards D.
    assert_eq!(hps(&g), vec![4, 4, 3, 3]);
    assert_eq!(hand(&g, 0), vec![]);
    let hit: Vec<usize> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Discard { pig, .. } | Event::Damage { pig, .. } => Some(*pig),
            _ => None,
        })
        .collect();
    assert_eq!(
        hit,
        vec![2, 3, 0, 2, 3, 0],
        "order from the user's next pig, around"
    );
}

/// §7 N/W and §12.10: an unjumped user that costs the MP HP becomes similar; a jumped user
/// does not; the MP surviving by a P still marks.
#[test]
fn s7_volley_marks_an_unjumped_user_that_hurts_the_mp() {
    let mut g = game(&[("MP", ""), ("ZP", "W")], "D");
    g.pig_mut(0).hp = 1;
    g.pig_mut(0).hand = cards("P").into();
    g.play_phase(1);
    assert_eq!(g.pigs()[0].hp, 1, "ate the P");
    assert!(g.pigs()[1].similar);

    let mut g = game(&[("MP", ""), ("ZP", "W"), ("FP", "")], "D");
    g.pig_mut(1).jumped = true;
    g.play_phase(1);
    assert_eq!(g.pigs()[0].hp, 3);
    assert!(!g.pigs()[1].similar);

    // No HP lost (the MP discards a D): no mark.
    let mut g = game(&[("MP", "D"), ("FP", "W")], "D");
    g.play_phase(1);
    assert!(!g.pigs()[1].similar);
}

/// §7 N/W: the mark reads the user's `jumped` at that moment: a J it played for an earlier
/// target of the same N already revealed it.
#[test]
fn s7_volley_mark_reads_jumped_at_that_moment() {
    // Pig 2 (FP, unjumped) uses N: pig 3 (a jumped ZP) is protected by the loyal side; the
    // FP's own J counters it from pig 3 onward... the loyal side is asked from pig 2 (the user):
    // nobody loyal has a J except pig 3, which protects itself; the FP side is then asked from
    // pig 3: pig 2 plays J and jumps. Then the MP takes damage: pig 2 is jumped, no mark.
    let mut g = game(&[("MP", ""), ("FP", "N J"), ("ZP", "J")], "D");
    g.pig_mut(2).jumped = true;
    g.play_phase(1);
    assert!(g.pigs()[1].jumped);
    assert!(!g.pigs()[1].similar);
    assert_eq!(hps(&g), vec![3, 4, 3], "pig 3's J was countered");
}

/// §7 N/W and §12.12: the J chance comes before the K response: a protected pig keeps its K
/// (E13).
#[test]
fn s7_a_j_is_spent_before_a_k() {
    let mut g = game(&[("MP", "J K"), ("FP", "N")], "D");
    g.play_phase(1);
    assert_eq!(hand(&g, 0), cards("K"));
    assert_eq!(g.pigs()[0].hp, 4);
}

// ---------------------------------------------------------------- §8 damage and death

/// §8: at 0 HP a pig eats exactly one P (its leftmost) and is back at 1 HP, even during its own
/// duel; with none it dies.
#[test]
fn s8_a_dying_pig_eats_one_peach() {
    // The MP, at 1 HP with no K, loses the FP's duel and eats one of its two Ps.
    let mut g = game(&[("MP", "D P P"), ("FP", "F")], "D");
    g.pig_mut(0).hp = 1;
    g.play_phase(1);
    assert_eq!(g.pigs()[0].hp, 1);
    assert_eq!(hand(&g, 0), cards("D P"));
    // The FP, at 1 HP, loses its own duel and eats its P (the MP discards its K).
    let mut g = game(&[("MP", "K"), ("FP", "F D P")], "D");
    g.pig_mut(1).hp = 1;
    g.play_phase(1);
    assert_eq!(g.pigs()[1].hp, 1);
    assert_eq!(hand(&g, 1), cards("D"));
    assert!(!g.pigs()[1].dead);
    // Without a P it dies.
    let mut g = game(&[("MP", "K"), ("FP", "F D"), ("FP", "")], "D");
    g.pig_mut(1).hp = 1;
    g.play_phase(1);
    assert!(g.pigs()[1].dead);
}

/// §8: the MP's death ends the game at once: the N that killed it reaches nobody else.
#[test]
fn s8_the_mp_dying_ends_the_game_at_once() {
    // From pig 3 the N reaches the MP first, then the ZP.
    let mut g = game(&[("MP", ""), ("ZP", ""), ("FP", "N N")], "D");
    g.pig_mut(0).hp = 1;
    g.play_phase(2);
    assert_eq!(g.winner(), Some(Winner::Fp));
    assert_eq!(g.pigs()[1].hp, 4, "the ZP after the MP is never reached");
    assert_eq!(hand(&g, 2), cards("N"), "and no further card is played");
    assert!(g.events().iter().any(|e| matches!(
        e,
        Event::End {
            reason: EndReason::MpDied { killer: 2 },
            ..
        }
    )));
}

/// §8: the MP killing a ZP loses its hand and its Z, and its turn goes on (§12.9): a later
/// reward in the same N is played, with the one-K limit back.
#[test]
fn s8_mp_killing_a_zp_loses_hand_and_z_but_plays_on() {
    // MP: N K K, equipped. Pig 2 ZP at 1 HP, pig 3 FP at 1 HP (not the last FP), pig 4 jumped FP.
    // The N kills the ZP (penalty: hand K K and the Z go), kills pig 3 (reward: K K K), pig 4
    // discards nothing (no K) and loses 1 HP. The MP then plays one K on pig 4 (next living
    // pig, jumped FP): one K only, as the Z is gone.
    let mut g = game(&[("MP", "N K K"), ("ZP", ""), ("FP", ""), ("FP", "")], "K K K");
    g.pig_mut(0).equipped = true;
    g.pig_mut(1).hp = 1;
    g.pig_mut(2).hp = 1;
    g.pig_mut(3).jumped = true;
    g.play_phase(0);
    assert!(g.pigs()[1].dead && g.pigs()[2].dead);
    assert!(!g.pigs()[0].equipped);
    assert_eq!(g.pigs()[3].hp, 2, "N then exactly one K");
    assert_eq!(hand(&g, 0), cards("K K"));
}

/// §8: an FP that is not the last one gives its killer 3 cards, also when the killer is an FP.
#[test]
fn s8_killing_an_fp_rewards_three_cards() {
    let mut g = game(&[("MP", "D"), ("FP", "W"), ("FP", "")], "P D J");
    g.pig_mut(2).hp = 1;
    g.play_phase(1);
    assert!(g.pigs()[2].dead);
    assert_eq!(hand(&g, 1), cards("P D J"));
    assert_eq!(g.winner(), None);
}

/// §8: killing the last FP ends the game with no reward.
#[test]
fn s8_the_last_fp_gives_no_reward() {
    let mut g = game(&[("MP", "K"), ("FP", "")], "P Z J");
    g.pig_mut(1).jumped = true;
    g.pig_mut(1).hp = 1;
    g.play_phase(0);
    assert_eq!(g.winner(), Some(Winner::Mp));
    assert_eq!(hand(&g, 0), vec![]);
}

/// §8: an FP that loses its own duel gives the reward to the MP (§12.16); a ZP killed by an
/// FP costs nobody anything.
#[test]
fn s8_rewards_go_to_the_source_of_the_damage() {
    let mut g = game(&[("MP", "K"), ("FP", "F"), ("FP", "")], "P Z J");
    g.pig_mut(1).hp = 1;
    g.play_phase(1);
    assert!(g.pigs()[1].dead);
    assert_eq!(hand(&g, 0), cards("P Z J"));

    let mut g = game(&[("MP", "K"), ("ZP", ""), ("FP", "W")], "D");
    g.pig_mut(1).jumped = true;
    g.pig_mut(1).hp = 1;
    g.play_phase(2);
    assert!(g.pigs()[1].dead);
    assert_eq!(hand(&g, 0), cards("K"), "the MP keeps its hand");
    assert_eq!(hand(&g, 2), vec![], "no reward for a ZP");
}

// ---------------------------------------------------------------- §9 jumping

/// §9: N and W never make a pig jump; K on a jumped target, F, and J do.
#[test]
fn s9_what_makes_a_pig_jump() {
    let mut g = game(&[("MP", ""), ("ZP", "N W"), ("FP", "")], "D");
    g.play_phase(1);
    assert!(!g.pigs()[1].jumped, "N and W do not reveal");

    let mut g = game(&[("MP", ""), ("FP", "F")], "D");
    g.play_phase(1);
    assert!(g.pigs()[1].jumped, "F reveals");

    let mut g = game(&[("MP", ""), ("ZP", "J"), ("FP", "N")], "D");
    g.play_phase(2);
    assert!(g.pigs()[1].jumped, "J reveals (it protected the MP)");
    assert_eq!(g.pigs()[0].hp, 4);
}

/// §9 and §12.6: a similar ZP that jumps through K loses the mark and stops being the MP's
/// target (E9).
#[test]
fn s9_jumping_clears_the_similar_mark() {
    let mut g = game(&[("MP", "K F"), ("ZP", "K"), ("FP", "")], "D");
    g.pig_mut(1).similar = true;
    g.pig_mut(2).jumped = true;
    assert_eq!(g.usable(0, Card::Kill, 0), Some(Target::Pig(1)));
    g.play_phase(1);
    assert!(g.pigs()[1].jumped && !g.pigs()[1].similar);
    assert_eq!(g.usable(0, Card::Kill, 0), None);
    assert_eq!(g.usable(0, Card::Duel, 0), Some(Target::Pig(2)));
}

// ---------------------------------------------------------------- §10 J chains

/// §10: nobody protects an unjumped pig, not even the pig itself.
#[test]
fn s10_no_j_for_an_unjumped_target() {
    let mut g = game(&[("MP", ""), ("FP", "J"), ("ZP", "N")], "D");
    g.play_phase(2);
    assert_eq!(
        hand(&g, 1),
        cards("J"),
        "the unjumped FP keeps its J and loses HP"
    );
    assert_eq!(g.pigs()[1].hp, 3);
    // Once it has jumped, it protects itself.
    let mut g = game(&[("MP", ""), ("FP", "J"), ("ZP", "N")], "D");
    g.pig_mut(1).jumped = true;
    g.play_phase(2);
    assert_eq!(hand(&g, 1), vec![]);
    assert_eq!(g.pigs()[1].hp, 4);
}

/// §10: the first chance goes to the trick's user: an unjumped ZP whose own N reaches the MP
/// protects the MP with its J and jumps, before the MP's own J is asked.
#[test]
fn s10_the_user_is_asked_first() {
    let mut g = game(&[("MP", "J"), ("ZP", "N J"), ("FP", "")], "D");
    g.play_phase(1);
    assert_eq!(hand(&g, 1), vec![], "the ZP played its J");
    assert_eq!(hand(&g, 0), cards("J"), "the MP kept its J");
    assert!(g.pigs()[1].jumped);
    assert_eq!(g.pigs()[0].hp, 4);
}

/// §10: levels alternate sides; each level asks from the previous player onward; an odd
/// chain cancels the trick (E1, three deep).
#[test]
fn s10_chain_parity_and_order() {
    // FP (pig 2) duels the MP. Loyal side from pig 2: pig 3 (ZP) J. FP side from pig 3: pig 2 J.
    // Loyal side from pig 2: pig 3 has none left, the MP plays J. FP side: none. 3 Js: cancelled.
    let mut g = game(&[("MP", "J"), ("FP", "F J"), ("ZP", "J")], "D");
    g.play_phase(1);
    let chain: Vec<(usize, Option<usize>)> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Nullify { pig, countering, .. } => Some((*pig, *countering)),
            _ => None,
        })
        .collect();
    assert_eq!(chain, vec![(2, None), (1, Some(2)), (0, Some(1))]);
    assert_eq!(hps(&g), vec![4, 4, 4]);

    // An even chain: the FP's counter stands and the duel goes on.
    let mut g = game(&[("MP", "J"), ("FP", "F J J"), ("ZP", "")], "D");
    g.play_phase(1);
    assert_eq!(
        g.pigs()[0].hp,
        3,
        "MP J, FP J, MP has none left: the duel happens"
    );
    assert_eq!(hand(&g, 1), cards("J"));
}

/// §10: helpers are chosen by true side, jumped or not: an unjumped FP protects a jumped FP,
/// and a counter comes from the other side, asked from the previous player onward.
#[test]
fn s10_helpers_by_true_side() {
    // ZP (pig 2, jumped) duels the jumped FP pig 3. Rebel side from pig 2: pig 3 has no J, pig 4
    // (FP, unjumped) plays J and jumps. Loyal side from pig 4: the MP plays J. Rebel side from
    // the MP: nobody. 2 Js: the duel goes on; FP pig 3 has no K and loses 1 HP.
    let mut g = game(&[("MP", "J"), ("ZP", "F"), ("FP", ""), ("FP", "J")], "D");
    g.pig_mut(1).jumped = true;
    g.pig_mut(2).jumped = true;
    g.play_phase(1);
    assert!(g.pigs()[3].jumped);
    assert_eq!(hps(&g), vec![4, 4, 3, 4]);
    assert_eq!(hand(&g, 0), vec![]);
}

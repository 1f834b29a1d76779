//! The rule fixtures of `fixtures/pigs/` (those not taken from the spec), with the hand
//! derivation of each expected output. Each test checks that the `.out` file holds the derived
//! output; that the engine produces it is checked with every fixture, through the binary, by
//! `crates/cli/tests/fixtures.rs`. `Tn X` is turn n, pig X; hands are left to right.

mod common;

fn check(name: &str, derived: &str) {
    let dir = common::root().join("fixtures/pigs");
    assert!(dir.join(format!("{name}.in")).is_file(), "{name}.in is missing");
    let expected = std::fs::read_to_string(dir.join(format!("{name}.out"))).expect("the .out fixture");
    assert_eq!(expected, derived, "{name}.out differs from the derivation");
}

/// §5: the scan restarts at the leftmost card, so a P skipped at full HP is eaten after a duel
/// in the same turn costs the MP 1 HP.
/// - T1 MP: draws D D: P F F F D D. Nobody jumped: no target.
/// - T2 FP: draws D D: K K D D D D. K on the MP (FP jumps); the MP discards a D: P F F F D.
///   The second K is held back (one per turn).
/// - T3 MP: draws F F: P F F F D F F. P skipped (4 HP). F on the jumped FP: no J anywhere; the
///   FP discards its K, the MP has none: MP 3 HP. Restart: P (4 HP). Then F, F, F, F: the FP
///   has no K and drops 4, 3, 2, 1 .. 0: dead, the last FP. MP holds D.
#[test]
fn play_restarts_at_the_leftmost_card() {
    check("play-restarts-at-the-leftmost-card", "MP\nD\nDEAD\n");
}

/// §6: without a Z, one K per turn. Every draw is J (m = 1), which is never played actively.
/// - T1 MP: K K K K J J; the FP has not jumped: no K.
/// - T2 FP: K J J J J J. K on the MP (FP jumps), no D: MP 3 HP.
/// - T3, T5, T7, T9 MP: one K each on the FP (no D): 3, 2, 1, 0 HP: dead at T9. The MP drew
///   2 Js each turn: 2 + 2·4 = 10 Js left, its 4 Ks used. (Unlimited Ks would end it at T3.)
#[test]
fn one_kill_per_turn_without_a_crossbow() {
    check(
        "one-kill-per-turn-without-a-crossbow",
        "MP\nJ J J J J J J J J J\nDEAD\n",
    );
}

/// §6: K reaches only the next living pig. Seats MP, ZP, FP; every draw is K. The MP's next
/// pig is the unrevealed ZP, so the MP never uses a K, even once the FP has jumped.
/// - T1 MP: K×6, no target. T2 ZP: J J J J K K; its next pig (the FP) has not jumped.
/// - T3 FP: J J J J K K: K on the MP (FP jumps): MP 3 HP. One K per turn.
/// - T5/T8/T11 ZP: K on the jumped FP: 3, 2, 1 HP. T6/T9/T12 FP: K on the MP: 2, 1, 0 HP.
///   The MP dies at T12: FP wins. The ZP drew 2 Ks at T2, T5, T8, T11 and used 3: 4 J, 5 K.
///   The FP drew 2 Ks at T3, T6, T9, T12 and used one each time: 4 J, 4 K.
#[test]
fn kill_reaches_only_the_next_pig() {
    check(
        "kill-reaches-only-the-next-pig",
        "FP\nDEAD\nJ J J J K K K K K\nJ J J J K K K K\n",
    );
}

/// §6 and §12.5: the FP's F always targets the MP, even when a revealed ZP comes first.
/// Seats MP, FP, ZP.
/// - T1 MP: D×6, nothing usable.
/// - T2 FP: draws F F: N F F F F F. N: the ZP (unjumped, no J for it, no K) drops to 3 HP; the
///   MP is jumped, so the loyal side is asked from the FP: the ZP plays its J (and jumps), the
///   FP side has no J: the MP is spared. Then F F F F on the MP, not on the revealed ZP: no J
///   left, no K: 3, 2, 1, 0 HP. FP wins with F left; the ZP holds D D D.
#[test]
fn fp_duel_always_targets_the_mp() {
    check("fp-duel-always-targets-the-mp", "FP\nDEAD\nF\nD D D\n");
}

/// §6: a Z is usable even when a Z is equipped (it is just used up).
/// - T1 MP: draws J J: Z Z K K J J. Z equips, Z is used up; K: the FP has not jumped.
/// - T2 FP: draws J J: K on the MP (FP jumps), no D: MP 3 HP.
/// - T3 MP: draws K K: K K J J K K. Equipped: K, K, K, K on the FP (no D): dead at the 4th.
///   Last FP: no reward. MP holds J J (a kept second Z would show as `Z J J`).
#[test]
fn a_second_crossbow_is_used_up() {
    check("a-second-crossbow-is-used-up", "MP\nJ J\nDEAD\n");
}

/// §10: the J chance goes to the trick's user first: the unrevealed ZP spends its J on the MP.
/// - T1 MP: draws F F: J F F F F F. Nobody to duel.
/// - T2 ZP: draws D D: N J D D D D. N: the FP (unjumped: no J chance) discards a K. The MP:
///   the loyal side is asked from the ZP (the user): the ZP plays J and jumps; the FP side has
///   none. The MP keeps its J.
/// - T3 FP: draws D D: K D D D D. K on the MP (FP jumps), no D: MP 3 HP.
/// - T4 MP: draws D D. F on the first jumped FP, four times: no J, no K: dead. MP wins with
///   J F D D; the ZP holds D D D D.
#[test]
fn j_chance_goes_to_the_user_first() {
    check("j-chance-goes-to-the-user-first", "MP\nJ F D D\nD D D D\nDEAD\n");
}

/// §10: an even chain cancels nothing.
/// - T1 MP: draws D D.
/// - T2 FP: draws F D: F J F F F D. F on the MP: the loyal side (from the FP) has the MP's
///   J; the FP side (from the MP) has the FP's J; the loyal side has no more: two Js, the duel
///   stands. No K: MP 3 HP. F, F, F: 2, 1, 0: the MP dies. FP wins holding D.
#[test]
fn two_js_cancel_each_other() {
    check("two-js-cancel-each-other", "FP\nDEAD\nD\n");
}

/// §10: counters come from the other side by true role, jumped or not. Seats MP, FP, FP.
/// - T1 MP: draws D D.
/// - T2 pig 2: draws D D: F F F F D D. F on the MP: the MP plays J (asked from pig 2: pig 2,
///   pig 3, MP); the FP side is asked from the MP: pig 2 has no J, pig 3 (unjumped) plays J
///   and jumps; the MP has no J left: the duel stands. F×4: the MP dies. Pig 2 holds D D,
///   pig 3 D D D.
#[test]
fn an_unjumped_pig_counters_for_its_side() {
    check("an-unjumped-pig-counters-for-its-side", "FP\nDEAD\nD D\nD D D\n");
}

/// §12.18: only the first m cards are the deck. m = 1 with `W K K K`: every draw is W, as in
/// E5 (a deck `W K K K` would end differently).
#[test]
fn deck_extra_cards_are_ignored() {
    check("deck-extra-cards-are-ignored", "MP\nP\nDEAD\n");
}

/// §5, §12.4, §12.8: a duel cancelled by J is still a card used, so the scan restarts at the
/// leftmost card; a K skipped earlier is played once the J made its target jump. (One
/// published accepted solution resumes after the F instead; the others and the spec restart.)
/// Seats MP, FP, ZP; m = 1, every draw is F.
/// - T1 MP: draws F F: D J D D F F. Nobody is marked or jumped: no target.
/// - T2 FP: draws F F: D K D D F F. K skipped (the ZP has not jumped). F on the MP: the FP
///   jumps; the loyal side is asked from the FP: the ZP plays J and jumps; the FP has no J to
///   counter: the duel is cancelled. Restart: K on the now-jumped ZP, which discards a D. F on
///   the MP: the ZP has no J left, the MP plays its J, no counter: cancelled. FP holds D D D.
/// - T3 ZP: draws F F: D D F F. Two duels on the jumped FP, which has no K or J: 3, 2 HP.
/// - T4 MP: draws F F: D D D F F F F. Two duels: the FP drops to 1, then 0 and dies, the last
///   FP (no reward). The MP holds D D D F F, the ZP D D.
#[test]
fn a_cancelled_duel_restarts_the_scan() {
    check("a-cancelled-duel-restarts-the-scan", "MP\nD D D F F\nDEAD\nD D\n");
}

/// §8, §12.9: a K used while equipped still counts after the MP loses its Z for killing a
/// ZP, so a K drawn later in the same turn is held back. (One published accepted solution
/// counts only Ks used without a Z; the others and the spec count every K.)
/// Seats MP, FP, ZP, FP.
/// - T1 MP: draws D D: Z D D D D D. Equips Z.
/// - T2 pig 2: draws D D: N N N D D D. Three N's: the ZP, pig 4 and the MP (no K anywhere, no
///   J) drop to 1 HP each; pig 2 hurt the MP unjumped: similar. Pig 2 holds D D D.
/// - T3, T4: draw D D, nothing to play.
/// - T5 MP: draws K N: D D D D D K N. K on the similar pig 2 (k_used = 1), which discards a D.
///   N: pig 2 has no K: 3 HP. The ZP has no K: dies, killed by the MP, which throws away D×5 and
///   its Z. Pig 4 has no K: dies, not the last FP: the MP draws K D D. The turn goes on: the K
///   is held back (one K already used, no Z).
/// - T6 pig 2: draws F F: D D F F. F on the MP: pig 2 jumps; no J anywhere; the MP discards its
///   K, pig 2 has none: 2 HP. F: the MP has no K: 0 HP, no P: dies. FP wins, pig 2 holds D D.
///   (Had the MP played the K at T5, pig 2 would have discarded a D and hold D F.)
#[test]
fn a_kill_used_with_the_crossbow_counts_after_losing_it() {
    check(
        "a-kill-used-with-the-crossbow-counts-after-losing-it",
        "FP\nDEAD\nD D\nDEAD\nDEAD\n",
    );
}

//! An independent oracle: a second simulator written as a literal transcription of the spec's
//! pseudocode (characters for cards and roles, the recursive `offer` of §10, a plain turn
//! cap instead of the never-ending check), cross-checked against the engine on many random
//! games. It shares no code with the engine.
//!
//! - When the engine finishes a game, the oracle must finish it with the same output.
//! - When the engine reports a never-ending game, the oracle, run for many more rounds, must
//!   neither finish nor change anything but hands (the soundness half of the proof in
//!   `src/game.rs`, checked empirically).
//!
//! The engine meets the spec's worked examples in `fixtures/pigs/` (run by
//! `crates/cli/tests/fixtures.rs`), so the oracle is held to them through the engine.

mod common;

use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestRng};
use tabletop_pigs::{play, Card, PigsError, Role, Setup};

#[derive(Clone, Debug, PartialEq, Eq)]
struct OPig {
    role: char, // 'M', 'Z', 'F'
    hand: Vec<char>,
    hp: i32,
    equipped: bool,
    jumped: bool,
    similar: bool,
    dead: bool,
}

#[derive(Clone, Debug)]
struct Oracle {
    pigs: Vec<OPig>,
    deck: Vec<char>,
    ptr: usize,
    fp_total: usize,
    fp_dead: usize,
    over: bool,
}

fn side(role: char) -> char {
    if role == 'F' {
        'F'
    } else {
        'L'
    }
}

impl Oracle {
    fn new(setup: &Setup) -> Oracle {
        let pigs: Vec<OPig> = setup
            .pigs
            .iter()
            .map(|(role, hand)| {
                let r = match role {
                    Role::Mp => 'M',
                    Role::Zp => 'Z',
                    Role::Fp => 'F',
                };
                OPig {
                    role: r,
                    hand: hand.iter().map(|c| c.letter()).collect(),
                    hp: 4,
                    equipped: false,
                    jumped: r == 'M',
                    similar: false,
                    dead: false,
                }
            })
            .collect();
        let fp_total = pigs.iter().filter(|p| p.role == 'F').count();
        Oracle {
            pigs,
            deck: setup.deck.iter().map(|c| c.letter()).collect(),
            ptr: 0,
            fp_total,
            fp_dead: 0,
            over: false,
        }
    }

    fn next(&self, i: usize) -> usize {
        let n = self.pigs.len();
        let mut j = (i + 1) % n;
        while self.pigs[j].dead {
            j = (j + 1) % n;
        }
        j
    }

    fn draw(&mut self, x: usize, k: usize) {
        for _ in 0..k {
            let c = if self.ptr < self.deck.len() {
                self.ptr += 1;
                self.deck[self.ptr - 1]
            } else {
                *self.deck.last().expect("the deck is never empty")
            };
            self.pigs[x].hand.push(c);
        }
    }

    fn has(&self, x: usize, c: char) -> bool {
        self.pigs[x].hand.contains(&c)
    }

    fn remove(&mut self, x: usize, c: char) {
        let i = self.pigs[x]
            .hand
            .iter()
            .position(|&d| d == c)
            .expect("the oracle uses a card from the hand");
        self.pigs[x].hand.remove(i);
    }

    fn k_target_ok(&self, x: usize, t: usize) -> bool {
        let tp = &self.pigs[t];
        match self.pigs[x].role {
            'M' => tp.similar || (tp.role == 'F' && tp.jumped),
            'Z' => tp.role == 'F' && tp.jumped,
            _ => tp.role != 'F' && tp.jumped,
        }
    }

    fn usable(&self, x: usize, c: char, k_used: i32) -> Option<Option<usize>> {
        let me = &self.pigs[x];
        match c {
            'P' => (me.hp < 4).then_some(None),
            'Z' | 'N' | 'W' => Some(None),
            'K' => {
                if !(k_used == 0 || me.equipped) {
                    return None;
                }
                let t = self.next(x);
                self.k_target_ok(x, t).then_some(Some(t))
            }
            'F' => {
                if me.role == 'F' {
                    return Some(Some(0));
                }
                let mut t = self.next(x);
                while t != x {
                    let tp = &self.pigs[t];
                    let ok = if me.role == 'M' {
                        tp.similar || (tp.role == 'F' && tp.jumped)
                    } else {
                        tp.role == 'F' && tp.jumped
                    };
                    if ok {
                        return Some(Some(t));
                    }
                    t = self.next(t);
                }
                None
            }
            _ => None,
        }
    }

    fn do_jump(&mut self, x: usize) {
        self.pigs[x].jumped = true;
        self.pigs[x].similar = false;
    }

    fn damage(&mut self, v: usize, src: usize) {
        self.pigs[v].hp -= 1;
        if self.pigs[v].hp == 0 {
            if self.has(v, 'P') {
                self.remove(v, 'P');
                self.pigs[v].hp = 1;
            } else {
                self.die(v, src);
            }
        }
    }

    fn die(&mut self, v: usize, src: usize) {
        self.pigs[v].dead = true;
        if self.pigs[v].role == 'M' {
            self.over = true;
            return;
        }
        if self.pigs[v].role == 'Z' && self.pigs[src].role == 'M' {
            self.pigs[src].hand.clear();
            self.pigs[src].equipped = false;
        }
        if self.pigs[v].role == 'F' {
            self.fp_dead += 1;
            if self.fp_dead == self.fp_total {
                self.over = true;
            } else {
                self.draw(src, 3);
            }
        }
    }

    fn protect(&mut self, user: usize, t: usize) -> bool {
        if !self.pigs[t].jumped {
            return false;
        }
        let s = side(self.pigs[t].role);
        self.offer(user, s)
    }

    /// Literally the recursive pseudocode of §10.
    fn offer(&mut self, start: usize, s: char) -> bool {
        let mut p = start;
        loop {
            if !self.pigs[p].dead && side(self.pigs[p].role) == s && self.has(p, 'J') {
                self.remove(p, 'J');
                self.do_jump(p);
                let other = if s == 'F' { 'L' } else { 'F' };
                return !self.offer(p, other);
            }
            p = self.next(p);
            if p == start {
                return false;
            }
        }
    }

    fn resolve(&mut self, x: usize, c: char, t: Option<usize>) {
        match c {
            'P' => self.pigs[x].hp += 1,
            'Z' => self.pigs[x].equipped = true,
            'K' => {
                let t = t.expect("a target was chosen");
                if self.pigs[t].jumped {
                    self.do_jump(x);
                }
                if self.has(t, 'D') {
                    self.remove(t, 'D');
                } else {
                    self.damage(t, x);
                }
            }
            'F' => {
                let t = t.expect("a target was chosen");
                self.do_jump(x);
                if self.pigs[x].role == 'M' && self.pigs[t].role == 'Z' {
                    self.damage(t, x);
                    return;
                }
                if self.protect(x, t) {
                    return;
                }
                loop {
                    if self.has(t, 'K') {
                        self.remove(t, 'K');
                    } else {
                        self.damage(t, x);
                        return;
                    }
                    if self.has(x, 'K') {
                        self.remove(x, 'K');
                    } else {
                        self.damage(x, t);
                        return;
                    }
                }
            }
            'N' | 'W' => {
                let need = if c == 'N' { 'K' } else { 'D' };
                let mut p = self.next(x);
                while p != x {
                    if !self.protect(x, p) {
                        if self.has(p, need) {
                            self.remove(p, need);
                        } else {
                            self.damage(p, x);
                            if self.over {
                                return;
                            }
                            if self.pigs[p].role == 'M' && !self.pigs[x].jumped {
                                self.pigs[x].similar = true;
                            }
                        }
                    }
                    p = self.next(p);
                }
            }
            _ => unreachable!(),
        }
    }

    fn play(&mut self, x: usize) {
        let mut k_used = 0;
        let mut i = 0;
        while i < self.pigs[x].hand.len() {
            let c = self.pigs[x].hand[i];
            if let Some(t) = self.usable(x, c, k_used) {
                self.pigs[x].hand.remove(i);
                self.resolve(x, c, t);
                if self.over {
                    return;
                }
                if c == 'K' {
                    k_used += 1;
                }
                if self.pigs[x].dead {
                    return;
                }
                i = 0;
            } else {
                i += 1;
            }
        }
    }

    /// Plays at most `max_turns` turns; `Some(output)` if the game ended.
    fn run(&mut self, max_turns: u64) -> Option<String> {
        let mut cur = 0;
        for _ in 0..=max_turns {
            if self.pigs[0].dead {
                return Some(self.output("FP"));
            }
            if self.fp_dead == self.fp_total {
                return Some(self.output("MP"));
            }
            self.draw(cur, 2);
            self.play(cur);
            cur = self.next(cur);
        }
        None
    }

    fn output(&self, winner: &str) -> String {
        let mut s = format!("{winner}\n");
        for p in &self.pigs {
            if p.dead {
                s.push_str("DEAD\n");
            } else {
                let h: Vec<String> = p.hand.iter().map(|c| c.to_string()).collect();
                s.push_str(&h.join(" "));
                s.push('\n');
            }
        }
        s
    }

    /// Everything but the hands.
    fn fingerprint(&self) -> Vec<(i32, bool, bool, bool, bool)> {
        self.pigs
            .iter()
            .map(|p| (p.hp, p.equipped, p.jumped, p.similar, p.dead))
            .collect()
    }
}

/// The bulk checks' random source: proptest's seeded ChaCha generator, so that they need no
/// generator of their own.
struct Mix(TestRng);

impl Mix {
    fn seeded(seed: u64) -> Mix {
        let mut bytes = [0; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        Mix(TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n
    }
}

/// A random valid game: 2..=max_n pigs, 1..=max_m deck cards, card frequencies drawn per game
/// so that some games are full of J or K and others have none.
fn random_setup(rng: &mut Mix, max_n: u64, max_m: u64) -> Setup {
    let n = 2 + rng.below(max_n - 1) as usize;
    let weights: Vec<u64> = (0..8).map(|_| rng.below(6)).collect();
    let total: u64 = weights.iter().sum::<u64>().max(1);
    let card = |rng: &mut Mix| {
        let mut r = rng.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if r < w {
                return Card::ALL[i];
            }
            r -= w;
        }
        Card::ALL[rng.below(8) as usize]
    };
    let mut pigs = vec![(Role::Mp, (0..4).map(|_| card(rng)).collect())];
    for _ in 1..n {
        let role = if rng.below(2) == 0 { Role::Zp } else { Role::Fp };
        pigs.push((role, (0..4).map(|_| card(rng)).collect()));
    }
    let m = 1 + rng.below(max_m) as usize;
    let deck = (0..m).map(|_| card(rng)).collect();
    Setup { pigs, deck }
}

/// The cross-check of one game; `Err` describes a disagreement.
fn check(setup: &Setup) -> Result<(), String> {
    let n = setup.pigs.len() as u64;
    match play(setup) {
        Ok(outcome) => {
            let mut oracle = Oracle::new(setup);
            let expected = oracle.run(outcome.turns + 10 * n);
            let got = outcome.to_string();
            if expected.as_deref() != Some(got.as_str()) {
                return Err(format!("{setup:?}\nengine:\n{got}\noracle:\n{expected:?}"));
            }
        }
        Err(PigsError::NeverEnds(never)) => {
            // Play the oracle up to the end of the idle round, then many more rounds: nothing
            // but hands may change, and the game must not end.
            let mut oracle = Oracle::new(setup);
            if let Some(out) = oracle.run(never.round_end - 1) {
                return Err(format!(
                    "{setup:?}: reported never-ending, but the oracle ends:\n{out}"
                ));
            }
            let before = oracle.fingerprint();
            let mut probe = oracle.clone();
            // `run` restarts at pig 1: round_end ends a round, so the next turn is the MP's.
            if let Some(out) = probe.run(200 * n) {
                return Err(format!("{setup:?}: reported never-ending, but it ends:\n{out}"));
            }
            if probe.fingerprint() != before {
                return Err(format!(
                    "{setup:?}: reported never-ending, but the state still changes"
                ));
            }
        }
        Err(other) => return Err(format!("{setup:?}: {other}")),
    }
    Ok(())
}

#[test]
fn engine_matches_the_oracle_on_many_random_games() {
    let mut rng = Mix::seeded(20_261_130);
    let mut ended = 0;
    let mut never = 0;
    // 4,000 games take a few seconds in a debug build; the proptest below and the big games
    // add variety.
    for _ in 0..4_000 {
        let setup = random_setup(&mut rng, 6, 30);
        if let Err(problem) = check(&setup) {
            panic!("{problem}");
        }
        match play(&setup) {
            Ok(_) => ended += 1,
            Err(_) => never += 1,
        }
    }
    // Both kinds must be well represented, or the check proves little.
    assert!(ended > 1_000, "{ended} games ended");
    assert!(never > 100, "{never} games never end");
}

#[test]
fn engine_matches_the_oracle_on_big_games() {
    let mut rng = Mix::seeded(7);
    for _ in 0..1_000 {
        let setup = random_setup(&mut rng, 10, 2_000);
        if let Err(problem) = check(&setup) {
            panic!("{problem}");
        }
    }
}

/// Over random games of the oracle's generator, big ones included, folding the events gives
/// the engine's pigs after every turn.
#[test]
fn folded_events_are_the_engines_state_after_every_turn() {
    let mut rng = Mix::seeded(29);
    for k in 0..600 {
        let setup = match k % 3 {
            0 => random_setup(&mut rng, 10, 2_000),
            _ => random_setup(&mut rng, 6, 30),
        };
        if let Err(problem) = common::check_fold(&setup) {
            panic!("{problem}");
        }
    }
}

fn arb_card() -> impl Strategy<Value = Card> {
    prop::sample::select(Card::ALL.to_vec())
}

fn arb_setup() -> impl Strategy<Value = Setup> {
    (
        prop::collection::vec((any::<bool>(), prop::collection::vec(arb_card(), 0..7)), 1..7),
        prop::collection::vec(arb_card(), 0..4),
        prop::collection::vec(arb_card(), 1..25),
    )
        .prop_map(|(others, mp_hand, deck)| {
            let mut pigs = vec![(Role::Mp, mp_hand)];
            pigs.extend(
                others
                    .into_iter()
                    .map(|(fp, hand)| (if fp { Role::Fp } else { Role::Zp }, hand)),
            );
            Setup { pigs, deck }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Random valid games (any hand sizes) never panic, and either end as the oracle says or
    /// are reported never-ending and really are.
    #[test]
    fn random_games_end_or_are_reported(setup in arb_setup()) {
        prop_assert!(check(&setup).is_ok(), "{}", check(&setup).unwrap_err());
    }
}

//! The engine: a [`Game`] is the whole state, and its methods are the rules of the spec.
//!
//! Where each rule lives (one place each):
//! - [`Game::usable`]: may this pig use this card now, and on whom (§6);
//! - `Game::resolve_on_user`, `Game::resolve` and its helpers `kill`, `duel`, `volley`: what a
//!   used card does (§7);
//! - `Game::damage` and `Game::die`: damage, dying, rewards and the MP's penalty (§8);
//! - `Game::jump`: revealing, which also clears the similar mark (§9);
//! - `Game::protect`/`Game::offer`: J chains, iteratively (§10);
//! - [`Game::play_phase`], [`Game::play_turn`], [`Game::run`]: the play loop and the main loop
//!   (§4, §5), with the never-ending check described below.
//!
//! # Games that never end (spec §12.17)
//!
//! Once the deck is used up every draw is its last card, `c`. [`Game::run`] looks at whole
//! *rounds*: the turns from one turn of the MP up to its next turn (the MP is alive while the
//! game lasts). A card use is *idle* when it is a Z used by a pig that already has a Z
//! equipped: it removes that Z from the hand and changes nothing else. A round is *idle* when
//! the deck was already used up when it began and every card used during it was idle. The
//! game is reported as never-ending exactly when a round is idle. The check costs one counter
//! comparison per round, and no game is ever cut off by a step limit.
//!
//! **Soundness: after an idle round the game can never end.** Let S be the state without the
//! hands: every pig's hp, equipped, jumped, similar and dead, fp_dead, and the draw pointer
//! (which stays at m from now on). Let R be an idle round.
//! 1. Nothing in S changes during R. An idle Z changes only its user's hand; damage, discards,
//!    J plays, deaths, penalties and rewards happen only while a non-Z card is resolved, and
//!    drawing from a used-up deck changes only the hand. So every turn of R is played in the
//!    same S, nobody dies, and every living pig has exactly one turn.
//! 2. `usable(x, card, k_used)` reads S, x, the card and k_used, never a hand. No K is used in
//!    R, so k_used is 0 throughout.
//! 3. Let H_x be x's hand when its play phase in R ends. The play loop stops only after a scan
//!    of the whole hand finds no usable card (it restarts at the left after every use), so no
//!    card of H_x is usable in S with k_used = 0. In R, x drew c twice; each of those cards was
//!    either used (idly, so c = Z and x is equipped in S) or is still in H_x (so c is not
//!    usable by x in S).
//! 4. Round R+1 begins in S with the hands H. By induction over its turns: x's turn begins in S
//!    (the earlier turns changed nothing else) with the hand H_x (an idle turn touches only
//!    its own pig's hand). x draws c twice. No card of H_x is usable (3), and each new c is
//!    either not usable or a Z on an equipped pig (3), so x uses at most the new Zs, idly, and
//!    its turn is idle. So R+1 is idle, and so is every round after it: nobody loses HP ever
//!    again, nobody dies, and the game cannot end.
//!
//! **Completeness: a game that never ends is reported.** It suffices that such a game has only
//! finitely many non-idle card uses: the pointer reaches m after finitely many turns (every
//! turn draws), so the first round that begins after both is idle and is reported when the MP's
//! next turn comes. Every card type other than c enters the hands only finitely often (the
//! starting hands and the deck), so only finitely many of them are ever used, discarded or
//! played. Then, with c one card type:
//! - deaths are at most n, and `equipped` turns false only when the MP kills a ZP, so non-idle
//!   Z uses are finite;
//! - damage comes only from resolving K, F, N or W (at most n - 1 per card). If c is not P,
//!   healing is bounded by the finitely many Ps and hp by 4 per life, so damage is finite; if
//!   c is P, none of K, F, N, W is c, so they are used finitely often: damage is finite;
//! - a P is used only below 4 HP, so P uses never exceed the damage taken;
//! - a K either deals damage or makes its target discard a D; c is not both K and D;
//! - an F deals damage (MP against ZP, and every duel that is not cancelled ends in damage) or
//!   is cancelled by a chain that uses at least one J; c is not both F and J;
//! - an N (W) meets at least one other living pig, who plays or receives a J, discards a K (D)
//!   or takes damage; c is at most one of these card types.
//!
//! So a never-ending game is reported at most two rounds after its last non-idle card use or
//! after the deck runs out, whichever is later. Tests in `tests/never_ends.rs` check both
//! directions on constructed games and on random ones (a reported game, played on without the
//! check for many more rounds, never changes anything but hands).

use crate::card::Card;
use crate::event::{DrawReason, EndReason, Event, Target, EVENT_HAND_LIMIT};
use crate::model::{Pig, Role, Setup, SetupError, Side, Winner, MAX_HP};

/// A finished game: the winner and every pig as the game left it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// Who won.
    pub winner: Winner,
    /// Every pig at the end, in seat order (hands as they were at that moment).
    pub pigs: Vec<Pig>,
    /// Turns played.
    pub turns: u64,
}

impl std::fmt::Display for Ending {
    /// The judge's output: the winner, then one line per pig (`DEAD`, or its hand), each line
    /// ending with a newline.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{}", self.winner)?;
        for pig in &self.pigs {
            if pig.dead {
                writeln!(f, "DEAD")?;
            } else {
                writeln!(f, "{}", pig.hand)?;
            }
        }
        Ok(())
    }
}

/// A game that can never end.
///
/// The criterion: a whole round (the turns from one MP turn to the next) that began with the
/// deck used up and in which no card was used except Zs by pigs that already had a Z
/// equipped. Such a round repeats forever: nothing but the hands changed, `usable` never
/// reads a hand, and every card left in a hand was found unusable in that very state. And
/// every game that never ends has such a round, at most two rounds after its last other card
/// use. The full proof heads `src/game.rs`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the game can never end: the deck is used up and every draw repeats its last card, {card}; in \
     turns {round_start}..={round_end}, a whole round, no card was used except Zs by pigs already \
     equipped, so every later round goes the same way and nobody is ever hurt again"
)]
pub struct NeverEnds {
    /// The deck's last card, which every draw repeats.
    pub card: Card,
    /// The first turn of the idle round.
    pub round_start: u64,
    /// The last turn of the idle round.
    pub round_end: u64,
}

/// Why a game could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PigsError {
    /// The starting position is not a game.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The game can never end.
    #[error(transparent)]
    NeverEnds(#[from] NeverEnds),
}

/// Plays a whole game.
///
/// # Errors
/// [`PigsError::Setup`] for an invalid starting position, [`PigsError::NeverEnds`] for a game
/// that can never end.
///
/// ```
/// use tabletop_pigs::{play, Card::*, Role, Setup, Winner};
/// let setup = Setup {
///     pigs: vec![(Role::Mp, vec![Peach; 4]), (Role::Fp, vec![Kill; 4])],
///     deck: vec![Arrows],
/// };
/// let ending = play(&setup)?;
/// assert_eq!(ending.winner, Winner::Mp);
/// assert_eq!(ending.to_string(), "MP\nP\nDEAD\n");
/// # Ok::<(), tabletop_pigs::PigsError>(())
/// ```
pub fn play(setup: &Setup) -> Result<Ending, PigsError> {
    let mut game = Game::new(setup)?;
    let winner = game.run()?;
    Ok(Ending {
        winner,
        pigs: game.pigs,
        turns: game.turns,
    })
}

/// Where the current round began, for the never-ending check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RoundMark {
    /// `Game::progress` when the round began.
    progress: u64,
    /// Its first turn.
    turn: u64,
}

/// The whole state of a game, and the rules as methods.
///
/// Pig indices are 0-based seats: 0 is pig 1, the MP. Methods taking a pig index panic if it
/// is not a seat (indices come from the game itself, never from input text).
#[derive(Debug, Clone)]
pub struct Game {
    pigs: Vec<Pig>,
    deck: Vec<Card>,
    /// Cards of the deck drawn so far (the draw pointer).
    drawn: usize,
    fp_total: usize,
    fp_dead: usize,
    /// Whose turn is next.
    current: usize,
    /// Turns begun so far.
    turns: u64,
    winner: Option<Winner>,
    /// Card uses that were not idle Zs (see the module documentation).
    progress: u64,
    round: Option<RoundMark>,
    events: Option<Vec<Event>>,
}

impl Game {
    /// The starting position of `setup`: every pig at 4 HP, the MP to move.
    ///
    /// # Errors
    /// A [`SetupError`] if `setup` breaks a rule of the input (see [`Setup::validate`]).
    pub fn new(setup: &Setup) -> Result<Game, SetupError> {
        setup.validate()?;
        let pigs: Vec<Pig> = setup
            .pigs
            .iter()
            .map(|(role, hand)| Pig::new(*role, hand.clone()))
            .collect();
        let fp_total = pigs.iter().filter(|pig| pig.role == Role::Fp).count();
        Ok(Game {
            pigs,
            deck: setup.deck.clone(),
            drawn: 0,
            fp_total,
            fp_dead: 0,
            current: 0,
            turns: 0,
            winner: None,
            progress: 0,
            round: None,
            events: None,
        })
    }

    /// Starts recording [`Event`]s (off by default).
    pub fn record_events(&mut self) {
        self.events.get_or_insert_with(Vec::new);
    }

    /// The events recorded so far (empty unless [`Game::record_events`] was called).
    pub fn events(&self) -> &[Event] {
        self.events.as_deref().unwrap_or_default()
    }

    /// Every pig, in seat order.
    pub fn pigs(&self) -> &[Pig] {
        &self.pigs
    }

    /// Pig `index` (0-based), to change a position by hand in tests and experiments. Keep it a
    /// position the rules can reach (pig 0 is the MP and stays jumped; roles do not change).
    ///
    /// # Panics
    /// If `index` is not a seat.
    pub fn pig_mut(&mut self, index: usize) -> &mut Pig {
        &mut self.pigs[index]
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Winner> {
        self.winner
    }

    /// Whose turn is next (0-based).
    pub fn current(&self) -> usize {
        self.current
    }

    /// Turns begun so far.
    pub fn turns(&self) -> u64 {
        self.turns
    }

    /// Whether every card of the deck has been drawn (every draw now repeats the last one).
    pub fn deck_exhausted(&self) -> bool {
        self.drawn >= self.deck.len()
    }

    /// The finished game, once there is a winner.
    pub fn ending(&self) -> Option<Ending> {
        self.winner.map(|winner| Ending {
            winner,
            pigs: self.pigs.clone(),
            turns: self.turns,
        })
    }

    fn log(&mut self, event: impl FnOnce() -> Event) {
        if let Some(events) = self.events.as_mut() {
            events.push(event());
        }
    }

    fn over(&self) -> bool {
        self.winner.is_some()
    }

    fn end(&mut self, winner: Winner, reason: EndReason) {
        self.winner = Some(winner);
        self.log(|| Event::End { winner, reason });
    }

    /// The first living pig after `pig` in seat order, wrapping around (`pig` itself may be
    /// dead). `pig` itself if nobody else lives.
    pub fn next(&self, pig: usize) -> usize {
        let n = self.pigs.len();
        (1..=n)
            .map(|k| (pig + k) % n)
            .find(|&p| !self.pigs[p].dead)
            .unwrap_or(pig)
    }

    /// The first living pig in the order starting at `start` (itself first) that satisfies
    /// `wanted`.
    fn first_from(&self, start: usize, wanted: impl Fn(&Pig) -> bool) -> Option<usize> {
        let n = self.pigs.len();
        (0..n)
            .map(|k| (start + k) % n)
            .find(|&p| !self.pigs[p].dead && wanted(&self.pigs[p]))
    }

    /// Whether `x` would attack `t` (the role rules for K, and for the F of an MP or ZP).
    fn hostile(&self, x: usize, t: usize) -> bool {
        let target = &self.pigs[t];
        match self.pigs[x].role {
            Role::Mp => target.similar || (target.role == Role::Fp && target.jumped),
            Role::Zp => target.role == Role::Fp && target.jumped,
            Role::Fp => target.role != Role::Fp && target.jumped,
        }
    }

    /// §6: whether pig `x` may use `card` in its play phase after using `k_used` Ks this turn,
    /// and on whom. This is the only place that decides it.
    pub fn usable(&self, x: usize, card: Card, k_used: u32) -> Option<Target> {
        let me = &self.pigs[x];
        match card {
            Card::Peach => (me.hp < MAX_HP).then_some(Target::User),
            Card::Crossbow => Some(Target::User),
            Card::Invasion | Card::Arrows => Some(Target::Others),
            Card::Dodge | Card::Nullify => None,
            Card::Kill => {
                if k_used > 0 && !me.equipped {
                    return None;
                }
                let t = self.next(x);
                (t != x && self.hostile(x, t)).then_some(Target::Pig(t))
            }
            Card::Duel => {
                let n = self.pigs.len();
                let target = match me.role {
                    // Always the MP, who is alive while the game lasts.
                    Role::Fp => (!self.pigs[0].dead).then_some(0),
                    Role::Mp | Role::Zp => (1..n)
                        .map(|k| (x + k) % n)
                        .find(|&t| !self.pigs[t].dead && self.hostile(x, t)),
                };
                target.map(Target::Pig)
            }
        }
    }

    /// Draws `count` cards onto the right end of `pig`'s hand (§3).
    fn draw(&mut self, pig: usize, count: usize, reason: DrawReason) {
        let Some(&last) = self.deck.last() else {
            return; // `new` rejects an empty deck.
        };
        let mut cards = Vec::with_capacity(count);
        let mut repeated = 0;
        for _ in 0..count {
            let card = match self.deck.get(self.drawn) {
                Some(&card) => {
                    self.drawn += 1;
                    card
                }
                None => {
                    repeated += 1;
                    last
                }
            };
            cards.push(card);
        }
        for &card in &cards {
            self.pigs[pig].hand.push(card);
        }
        let hand = &self.pigs[pig].hand;
        let hand_size = hand.len();
        let hand = (hand_size <= EVENT_HAND_LIMIT && self.events.is_some()).then(|| hand.to_vec());
        self.log(|| Event::Draw {
            pig,
            cards,
            repeated,
            reason,
            hand_size,
            hand,
        });
    }

    /// The end-of-game check of the main loop (§4): also catches a position with no living FP.
    fn check_over(&mut self) -> Option<Winner> {
        if self.winner.is_none() {
            if self.pigs[0].dead {
                self.end(Winner::Fp, EndReason::MpDead);
            } else if self.pigs.iter().all(|pig| pig.dead || pig.role != Role::Fp) {
                self.end(Winner::Mp, EndReason::NoFpAlive);
            }
        }
        self.winner
    }

    /// Plays the next turn (§4): the current pig draws 2 cards and plays; then the turn passes
    /// to the next living pig. Does nothing once the game is over. Returns the winner, if any.
    pub fn play_turn(&mut self) -> Option<Winner> {
        if let Some(winner) = self.check_over() {
            return Some(winner);
        }
        let pig = self.current;
        self.turns += 1;
        let number = self.turns;
        self.log(|| Event::Turn { number, pig });
        self.draw(pig, 2, DrawReason::Turn);
        self.play_phase(pig);
        self.current = self.next(pig);
        self.winner
    }

    /// Plays whole turns until the game ends.
    ///
    /// # Errors
    /// [`NeverEnds`] as soon as a round shows that the game can never end (see the module
    /// documentation); the game is left at the start of the round after the idle one.
    pub fn run(&mut self) -> Result<Winner, NeverEnds> {
        self.run_observed(|_| {})
    }

    /// [`Game::run`], handing the events recorded so far to `observe` after every turn and
    /// at the end, then forgetting them: a long game's events never pile up (a trace is
    /// written as the game is played). Without [`Game::record_events`] `observe` sees none.
    ///
    /// # Errors
    /// [`NeverEnds`], as [`Game::run`].
    pub fn run_streamed(&mut self, mut observe: impl FnMut(&[Event])) -> Result<Winner, NeverEnds> {
        let result = self.run_observed(|events| {
            observe(events);
            events.clear();
        });
        if let Some(events) = self.events.as_mut() {
            observe(events);
            events.clear();
        }
        result
    }

    /// The loop of [`Game::run`]; `observe` gets the recorded events after every turn.
    fn run_observed(&mut self, mut observe: impl FnMut(&mut Vec<Event>)) -> Result<Winner, NeverEnds> {
        loop {
            if let Some(events) = self.events.as_mut() {
                observe(events);
            }
            if let Some(winner) = self.check_over() {
                return Ok(winner);
            }
            if self.current == 0 {
                if let Some(round) = self.round {
                    if round.progress == self.progress {
                        return Err(NeverEnds {
                            card: self.deck.last().copied().unwrap_or(Card::Dodge),
                            round_start: round.turn,
                            round_end: self.turns,
                        });
                    }
                }
                self.round = self.deck_exhausted().then_some(RoundMark {
                    progress: self.progress,
                    turn: self.turns + 1,
                });
            }
            self.play_turn();
        }
    }

    /// §5: pig `x` plays its hand (no draw). After every card used the scan restarts at the
    /// leftmost card, so each step uses the leftmost usable card; it stops when no card is
    /// usable, when `x` dies, or when the game ends. (Usability depends on the card's type, so
    /// the leftmost usable card is found among the leftmost card of each type: see [`Hand`].)
    ///
    /// [`Hand`]: crate::Hand
    pub fn play_phase(&mut self, x: usize) {
        let mut k_used = 0;
        loop {
            if self.over() || self.pigs[x].dead {
                return;
            }
            let Some(card) = self.pigs[x]
                .hand
                .leftmost(|card| self.usable(x, card, k_used).is_some())
            else {
                return;
            };
            let Some(target) = self.usable(x, card, k_used) else {
                return;
            };
            self.pigs[x].take(card);
            if !(card == Card::Crossbow && self.pigs[x].equipped) {
                self.progress += 1;
            }
            self.resolve_on_user(x, card);
            let (hp, equipped) = (self.pigs[x].hp, self.pigs[x].equipped);
            self.log(|| Event::Use {
                pig: x,
                card,
                target,
                hp,
                equipped,
            });
            self.resolve(x, card, target);
            if self.over() {
                return;
            }
            if card == Card::Kill {
                k_used += 1;
            }
            if self.pigs[x].dead {
                return;
            }
        }
    }

    /// §7: what a used P or Z does to its user (before the [`Event::Use`] is logged, which
    /// carries the user's HP and equipment afterwards).
    fn resolve_on_user(&mut self, x: usize, card: Card) {
        let pig = &mut self.pigs[x];
        match card {
            Card::Peach => pig.hp = (pig.hp + 1).min(MAX_HP),
            Card::Crossbow => pig.equipped = true,
            _ => {}
        }
    }

    /// §7: what a used card does to the others (P and Z act on the user alone:
    /// `resolve_on_user`).
    fn resolve(&mut self, x: usize, card: Card, target: Target) {
        match (card, target) {
            (Card::Kill, Target::Pig(t)) => self.kill(x, t),
            (Card::Duel, Target::Pig(t)) => self.duel(x, t),
            (Card::Invasion, _) => self.volley(x, Card::Kill),
            (Card::Arrows, _) => self.volley(x, Card::Dodge),
            _ => {}
        }
    }

    /// `t` gives up its leftmost `card` in answer to `against`; `false` if it has none.
    fn discard(&mut self, t: usize, card: Card, against: Card) -> bool {
        let given = self.pigs[t].take(card);
        if given {
            self.log(|| Event::Discard {
                pig: t,
                card,
                against,
            });
        }
        given
    }

    /// K from `x` on `t`.
    fn kill(&mut self, x: usize, t: usize) {
        if self.pigs[t].jumped {
            self.jump(x);
        }
        if !self.discard(t, Card::Dodge, Card::Kill) {
            self.damage(t, x, Card::Kill);
        }
    }

    /// F from `x` on `t`.
    fn duel(&mut self, x: usize, t: usize) {
        self.jump(x);
        if self.pigs[x].role == Role::Mp && self.pigs[t].role == Role::Zp {
            // Only a similar (unjumped) ZP: it never discards a K against the MP, and nobody
            // helps an unjumped pig.
            self.damage(t, x, Card::Duel);
            return;
        }
        if self.protect(x, t) {
            return;
        }
        // Every discard removes a K, so this ends.
        loop {
            if !self.discard(t, Card::Kill, Card::Duel) {
                self.damage(t, x, Card::Duel);
                return;
            }
            if !self.discard(x, Card::Kill, Card::Duel) {
                self.damage(x, t, Card::Duel);
                return;
            }
        }
    }

    /// N (`need` = K) or W (`need` = D) from `x`: every other living pig in turn.
    fn volley(&mut self, x: usize, need: Card) {
        let against = if need == Card::Kill {
            Card::Invasion
        } else {
            Card::Arrows
        };
        let mut p = self.next(x);
        while p != x {
            if !self.protect(x, p) && !self.discard(p, need, against) {
                self.damage(p, x, against);
                if self.over() {
                    return;
                }
                if self.pigs[p].role == Role::Mp && !self.pigs[x].jumped && !self.pigs[x].similar {
                    self.pigs[x].similar = true;
                    self.log(|| Event::Mark { pig: x });
                }
            }
            p = self.next(p);
        }
    }

    /// §9: `pig` reveals its side, which clears the similar mark.
    fn jump(&mut self, pig: usize) {
        let me = &mut self.pigs[pig];
        if !me.jumped {
            let was_similar = me.similar;
            me.jumped = true;
            me.similar = false;
            self.log(|| Event::Jump { pig, was_similar });
        }
    }

    /// §10: whether the trick `user` aims at `t` is cancelled by a J chain.
    fn protect(&mut self, user: usize, t: usize) -> bool {
        self.pigs[t].jumped && self.offer(user, t)
    }

    /// §10: the J chain for the trick on `target`, offered first to `user`. The only place
    /// that resolves J chains. Each level asks one side, in order from the previous level's
    /// player; the trick is cancelled when an odd number of Js is played. Iterative (the spec
    /// writes it recursively: `offer` returns `not offer(p, opposite)`, i.e. the parity of
    /// the chain's length).
    fn offer(&mut self, user: usize, target: usize) -> bool {
        let mut side: Side = self.pigs[target].side();
        let mut start = user;
        let mut countering = None;
        let mut stands = false;
        while let Some(p) = self.first_from(start, |pig| pig.side() == side && pig.holds(Card::Nullify)) {
            self.pigs[p].take(Card::Nullify);
            self.log(|| Event::Nullify {
                pig: p,
                target,
                countering,
            });
            self.jump(p);
            stands = !stands;
            countering = Some(p);
            start = p;
            side = side.opposite();
        }
        if stands {
            self.log(|| Event::Protected { target });
        }
        stands
    }

    /// §8: `v` loses 1 HP from `source`; at 0 it eats a P or dies. The only place that deals
    /// damage.
    fn damage(&mut self, v: usize, source: usize, cause: Card) {
        let pig = &mut self.pigs[v];
        pig.hp = pig.hp.saturating_sub(1);
        let hp = pig.hp;
        self.log(|| Event::Damage {
            pig: v,
            source,
            hp,
            cause,
        });
        if hp == 0 {
            if self.pigs[v].take(Card::Peach) {
                self.pigs[v].hp = 1;
                self.log(|| Event::Peach { pig: v, hp: 1 });
            } else {
                self.die(v, source);
            }
        }
    }

    /// §8: `v` dies from `source`'s damage: game end, the MP's penalty, or the reward.
    fn die(&mut self, v: usize, source: usize) {
        self.pigs[v].dead = true;
        self.log(|| Event::Death {
            pig: v,
            killer: source,
        });
        match self.pigs[v].role {
            Role::Mp => self.end(Winner::Fp, EndReason::MpDied { killer: source }),
            Role::Zp => {
                if self.pigs[source].role == Role::Mp {
                    let mp = &mut self.pigs[source];
                    let lost = mp.hand.take_all();
                    let lost_crossbow = std::mem::replace(&mut mp.equipped, false);
                    self.log(|| Event::Penalty {
                        pig: source,
                        victim: v,
                        lost,
                        lost_crossbow,
                    });
                }
            }
            Role::Fp => {
                self.fp_dead += 1;
                if self.fp_dead >= self.fp_total {
                    self.end(
                        Winner::Mp,
                        EndReason::LastFpDied {
                            pig: v,
                            killer: source,
                        },
                    );
                } else {
                    self.draw(source, 3, DrawReason::Reward);
                }
            }
        }
    }
}

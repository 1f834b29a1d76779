//! 猪国杀: the judge's output, and the turn-by-turn trace written from the engine's events.
//!
//! The trace reads the [`Event`] log alone (every draw carries the hand after it, every card
//! used and every damage the HP it leaves), so it never replays a rule: one header line per turn, the cards used indented by two spaces, their
//! effects by four, pigs numbered from 1 as in the input.

use std::fmt::{self, Display, Write};

use itertools::Itertools;
use tabletop_pigs::{Card, DrawReason, EndReason, Ending, Event, Pig, Role, Target, Winner};

/// The judge's output: the winner, then one line per pig, `DEAD` or its hand (the engine's
/// `Display` of [`Ending`]).
pub fn write_ending<W: Write + ?Sized>(out: &mut W, ending: &Ending) -> fmt::Result {
    write!(out, "{ending}")
}

/// The trace of a game whose pigs have these `roles` (seat order), from its `events`.
///
/// ```
/// use tabletop_pigs::{Card::*, Game, Role, Setup};
/// // The sample game of the rules (§13).
/// let setup = Setup {
///     pigs: vec![
///         (Role::Mp, vec![Dodge, Dodge, Duel, Duel]),
///         (Role::Zp, vec![Invasion, Invasion, Invasion, Dodge]),
///         (Role::Fp, vec![Nullify; 4]),
///     ],
///     deck: vec![Duel, Duel, Dodge, Dodge, Nullify, Nullify, Duel, Duel, Kill, Dodge],
/// };
/// let mut game = Game::new(&setup)?;
/// game.record_events();
/// game.run()?;
/// let roles: Vec<Role> = game.pigs().iter().map(|pig| pig.role).collect();
/// let trace = tabletop_render::to_string(|out| tabletop_render::pigs::write_trace(out, &roles, game.events()));
/// assert!(trace.starts_with("turn 1: pig 1 (MP) draws F F; hand: D D F F F F\n"));
/// assert!(trace.ends_with("game over: FP wins, because the MP was killed by pig 3 (FP)\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_trace<W: Write + ?Sized>(out: &mut W, roles: &[Role], events: &[Event]) -> fmt::Result {
    Trace::new(roles).write(out, events)
}

/// A pig by its 1-based number and role: `pig 2 (ZP)`, or `pig 2 (?)` when its role is not
/// to be shown.
struct Name<'a> {
    roles: &'a [Role],
    shown: Option<&'a [bool]>,
    pig: usize,
}

impl Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = self.shown.is_none_or(|shown| shown.get(self.pig) == Some(&true));
        let role = match self.roles.get(self.pig) {
            Some(role) if shown => role.name(),
            _ => "?",
        };
        write!(f, "pig {} ({role})", self.pig + 1)
    }
}

/// Card letters separated by spaces, `(nothing)` for none.
struct Letters<'a>(&'a [Card]);

impl Display for Letters<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            f.write_str("(nothing)")
        } else {
            write!(f, "{}", self.0.iter().map(|card| card.letter()).format(" "))
        }
    }
}

/// The trace written a piece at a time, as a game is played (the events of each turn as
/// they come): the same text as [`write_trace`] on all the events at once.
///
/// It remembers what the text needs between events: the indentation of effects, and the
/// number of a turn whose header is still to be written (on its draw line).
#[derive(Debug, Clone, Copy)]
pub struct Trace<'a> {
    roles: &'a [Role],
    /// Whose roles the text shows (all when `None`).
    shown: Option<&'a [bool]>,
    indent: &'static str,
    turn: Option<u64>,
}

impl<'a> Trace<'a> {
    /// A trace of a game whose pigs have `roles`, in seat order.
    pub fn new(roles: &'a [Role]) -> Trace<'a> {
        Trace {
            roles,
            shown: None,
            indent: "  ",
            turn: None,
        }
    }

    /// Writes the line of `event`, the next event of the game, as a player at the table reads
    /// it: the role of every pig whose `shown` entry is not `true` is written `?` (`pig 2 (?)`).
    /// The trace goes on exactly as after [`Trace::write`] of the same event, whose text this is
    /// but for the hidden roles.
    ///
    /// # Errors
    /// When `out` fails.
    pub fn write_masked<W: Write + ?Sized>(
        &mut self,
        out: &mut W,
        event: &Event,
        shown: &[bool],
    ) -> fmt::Result {
        let mut masked = Trace {
            shown: Some(shown),
            roles: self.roles,
            indent: self.indent,
            turn: self.turn,
        };
        masked.event(out, event)?;
        (self.indent, self.turn) = (masked.indent, masked.turn);
        Ok(())
    }

    /// Writes the lines of `events`, the next events of the game.
    ///
    /// # Errors
    /// When `out` fails.
    pub fn write<W: Write + ?Sized>(&mut self, out: &mut W, events: &[Event]) -> fmt::Result {
        events.iter().try_for_each(|event| self.event(out, event))
    }

    fn name(&self, pig: usize) -> Name<'_> {
        Name {
            roles: self.roles,
            shown: self.shown,
            pig,
        }
    }

    fn role(&self, pig: usize) -> Option<Role> {
        self.roles.get(pig).copied()
    }

    /// The line of one event (none for the start of a turn).
    fn event<W: Write + ?Sized>(&mut self, out: &mut W, event: &Event) -> fmt::Result {
        let indent = self.indent;
        match event {
            Event::Turn { number, .. } => {
                self.indent = "  ";
                self.turn = Some(*number);
                return Ok(());
            }
            Event::Draw { .. } => self.draw(out, event)?,
            Event::Use {
                pig,
                card,
                target,
                hp,
                ..
            } => {
                self.indent = "    ";
                write!(out, "  {} uses ", self.name(*pig))?;
                self.used(out, *card, *target, *hp)?;
            }
            Event::Jump { pig, was_similar } => {
                let cleared = if *was_similar {
                    "; the MP no longer suspects it"
                } else {
                    ""
                };
                write!(
                    out,
                    "{indent}{} jumps (reveals its side){cleared}",
                    self.name(*pig)
                )?;
            }
            Event::Mark { pig } => write!(
                out,
                "{indent}{} is now similar-to-rebel: its trick hurt the MP while it had not jumped",
                self.name(*pig)
            )?,
            Event::Nullify {
                pig,
                target,
                countering,
            } => match countering {
                None => write!(
                    out,
                    "{indent}{} plays J to protect {}",
                    self.name(*pig),
                    self.name(*target)
                )?,
                Some(other) => write!(
                    out,
                    "{indent}{} plays J against the J of {}",
                    self.name(*pig),
                    self.name(*other)
                )?,
            },
            Event::Protected { target } => write!(
                out,
                "{indent}the J stands: the trick does not affect {}",
                self.name(*target)
            )?,
            Event::Discard { pig, card, against } => {
                write!(
                    out,
                    "{indent}{} discards {card} against {against}",
                    self.name(*pig)
                )?;
            }
            Event::Damage { .. } | Event::Peach { .. } | Event::Death { .. } | Event::Penalty { .. } => {
                self.harm(out, event)?;
            }
            Event::End { winner, reason } => self.end(out, *winner, *reason)?,
        }
        out.write_char('\n')
    }

    /// `turn N: pig 1 (MP) draws F F; hand: D D F F F F`, or a reward draw within a turn.
    fn draw<W: Write + ?Sized>(&mut self, out: &mut W, event: &Event) -> fmt::Result {
        let Event::Draw {
            pig,
            cards,
            repeated,
            reason,
            hand_size,
            hand,
        } = event
        else {
            return Ok(());
        };
        match self.turn.take() {
            Some(number) => write!(out, "turn {number}: ")?,
            None => out.write_str(self.indent)?,
        }
        let why = match reason {
            DrawReason::Turn => "draws",
            DrawReason::Reward => "draws 3 as a reward for killing an FP:",
        };
        write!(out, "{} {why} {}", self.name(*pig), Letters(cards))?;
        if *repeated > 0 {
            write!(out, " (the deck is used up: {repeated} repeated)")?;
        }
        match hand {
            Some(hand) => write!(out, "; hand: {}", Letters(hand)),
            None => write!(out, "; hand: {hand_size} cards"),
        }
    }

    /// What a used card does, after `uses `; `hp` is the user's HP afterwards.
    fn used<W: Write + ?Sized>(&self, out: &mut W, card: Card, target: Target, hp: u8) -> fmt::Result {
        match (card, target) {
            (Card::Peach, _) => write!(out, "P: heals 1 HP (now {hp} HP)"),
            (Card::Crossbow, _) => out.write_str("Z: equips the crossbow"),
            (Card::Kill, Target::Pig(t)) => write!(out, "K on {}", self.name(t)),
            (Card::Duel, Target::Pig(t)) => write!(out, "F: duels {}", self.name(t)),
            (Card::Invasion, _) => out.write_str("N: every other pig must discard a K"),
            (Card::Arrows, _) => out.write_str("W: every other pig must discard a D"),
            (card, _) => out.write_char(card.letter()),
        }
    }

    /// Damage and what follows it: a peach, a death, the MP's penalty.
    fn harm<W: Write + ?Sized>(&self, out: &mut W, event: &Event) -> fmt::Result {
        let indent = self.indent;
        match event {
            Event::Damage {
                pig,
                source,
                hp,
                cause,
            } => {
                let why = match cause {
                    Card::Duel
                        if self.role(*pig) == Some(Role::Zp) && self.role(*source) == Some(Role::Mp) =>
                    {
                        "never duels back against the MP"
                    }
                    Card::Kill | Card::Arrows => "has no D",
                    _ => "has no K",
                };
                let (pig, source) = (self.name(*pig), self.name(*source));
                write!(out, "{indent}{pig} {why}: loses 1 HP to {source} -> {hp} HP")
            }
            Event::Peach { pig, hp } => {
                write!(out, "{indent}{} eats a P at 0 HP -> {hp} HP", self.name(*pig))
            }
            Event::Death { pig, killer } => {
                write!(
                    out,
                    "{indent}{} dies (killed by {})",
                    self.name(*pig),
                    self.name(*killer)
                )
            }
            Event::Penalty {
                pig,
                victim,
                lost,
                lost_crossbow,
            } => {
                let z = if *lost_crossbow { " and its crossbow" } else { "" };
                write!(
                    out,
                    "{indent}{} killed its own ZP, pig {}: it throws away its hand ({}){z}",
                    self.name(*pig),
                    victim + 1,
                    Letters(lost)
                )
            }
            _ => Ok(()),
        }
    }

    /// `game over: FP wins, because ...`.
    fn end<W: Write + ?Sized>(&self, out: &mut W, winner: Winner, reason: EndReason) -> fmt::Result {
        write!(out, "game over: {winner} wins, because ")?;
        match reason {
            EndReason::NoFpAlive => out.write_str("there is no FP"),
            EndReason::MpDead => out.write_str("the MP is dead"),
            EndReason::MpDied { killer } => write!(out, "the MP was killed by {}", self.name(killer)),
            EndReason::LastFpDied { pig, killer } => write!(
                out,
                "the last FP, {}, was killed by {}",
                self.name(pig),
                self.name(killer)
            ),
        }
    }
}

/// A pig's state as the playground shows it: `{"role", "hp", "hand", "cards", "equipped",
/// "jumped", "revealed", "similar", "dead"}` (the page hides the role until `revealed`).
#[derive(Debug, Clone, serde::Serialize)]
pub struct PigView {
    role: &'static str,
    hp: u8,
    hand: String,
    cards: usize,
    equipped: bool,
    jumped: bool,
    revealed: bool,
    similar: bool,
    dead: bool,
}

impl PigView {
    /// The view of `pig`, whose role is `revealed` at the table or not.
    pub fn new(pig: &Pig, revealed: bool) -> PigView {
        PigView {
            role: pig.role.name(),
            hp: pig.hp,
            hand: pig.hand.to_string(),
            cards: pig.hand.len(),
            equipped: pig.equipped,
            jumped: pig.jumped,
            revealed,
            similar: pig.similar,
            dead: pig.dead,
        }
    }
}

/// One step of a replay as the playground shows it: `{"turn", "current", "text", "masked",
/// "changed", "drawn"}`, `changed` a list of `{"pig", "state"}` (the pig's index from 0,
/// as the page's arrays are).
#[derive(Debug, Clone, serde::Serialize)]
pub struct StepView<'a> {
    /// The turn, from 1.
    pub turn: u64,
    /// Whose turn it is (from 0).
    pub current: usize,
    /// The trace's line.
    pub text: &'a str,
    /// The line as a player at the table reads it.
    pub masked: &'a str,
    /// The pigs this step changed, with their states afterwards.
    pub changed: Vec<ChangedView>,
    /// Cards of the deck drawn so far.
    pub drawn: usize,
}

/// `{"pig", "state"}`: a pig a step changed.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ChangedView {
    /// The pig's index, from 0.
    pub pig: usize,
    /// Its state afterwards.
    pub state: PigView,
}

/// The playground's JSON object of a replayed game, on one line: `{"pigs", "deck", "steps",
/// "complete", "limits": {"steps", "cards"}, "output", "never_ends", "notes"}`; `output` the
/// judge's output, or `null` with `never_ends` the report of a game that never ends.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ReplayView<'a> {
    /// The pigs at the start.
    pub pigs: Vec<PigView>,
    /// The deck, top first.
    pub deck: Vec<String>,
    /// Every step.
    pub steps: Vec<StepView<'a>>,
    /// Whether the replay holds the whole game.
    pub complete: bool,
    /// The most steps and cards a replay holds.
    pub limits: ReplayLimits,
    /// The judge's output, when the game ends.
    pub output: Option<&'a str>,
    /// Why the game never ends, when it does not.
    pub never_ends: Option<&'a str>,
    /// Notes about the input.
    pub notes: &'a [String],
}

/// The playground's JSON object of another program's output compared with tabletop's:
/// `{"difference", "expected", "same", "story"}`, `difference` and `story` `null` when the
/// outputs are the same for a judge.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ComparisonView<'a> {
    /// Where the outputs first differ.
    pub difference: Option<DifferenceView<'a>>,
    /// tabletop's output.
    pub expected: &'a str,
    /// Whether a judge takes the other output.
    pub same: bool,
    /// Where to look first in tabletop's game.
    pub story: Option<&'a str>,
}

/// `{"actual", "expected", "line"}`: the first line where two outputs differ (1-based), each
/// side's line or `null` where that output has ended.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DifferenceView<'a> {
    /// The other program's line.
    pub actual: Option<&'a str>,
    /// tabletop's line.
    pub expected: Option<&'a str>,
    /// The line number, from 1.
    pub line: usize,
}

/// `{"steps", "cards"}`: the most a replay holds.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct ReplayLimits {
    /// Steps.
    pub steps: usize,
    /// Cards in the states held.
    pub cards: usize,
}

#[cfg(test)]
mod tests {
    use tabletop_pigs::{Game, Setup};

    use super::*;

    #[test]
    fn a_peach_used_in_a_turn_says_the_hp_it_leads_to() {
        let roles = [Role::Mp, Role::Fp];
        let events = [
            Event::Damage {
                pig: 0,
                source: 1,
                hp: 2,
                cause: Card::Kill,
            },
            Event::Use {
                pig: 0,
                card: Card::Peach,
                target: Target::User,
                hp: 3,
                equipped: false,
            },
        ];
        let mut text = String::new();
        let mut trace = Trace::new(&roles);
        // Written in two pieces, as a game streams them.
        trace.write(&mut text, &events[..1]).unwrap();
        trace.write(&mut text, &events[1..]).unwrap();
        assert!(
            text.contains("pig 1 (MP) uses P: heals 1 HP (now 3 HP)"),
            "{text}"
        );
    }

    /// A masked line hides exactly the roles not shown, and the trace goes on as unmasked.
    #[test]
    fn a_masked_line_hides_the_roles_not_shown() {
        let roles = [Role::Mp, Role::Zp, Role::Fp];
        let events = [
            Event::Turn { number: 1, pig: 0 },
            Event::Use {
                pig: 0,
                card: Card::Duel,
                target: Target::Pig(1),
                hp: 4,
                equipped: false,
            },
            Event::Damage {
                pig: 1,
                source: 0,
                hp: 3,
                cause: Card::Duel,
            },
        ];
        let mut masked = Trace::new(&roles);
        let mut plain = Trace::new(&roles);
        let (mut hidden, mut whole) = (String::new(), String::new());
        for event in &events {
            masked
                .write_masked(&mut hidden, event, &[true, false, false])
                .unwrap();
            plain.write(&mut whole, std::slice::from_ref(event)).unwrap();
        }
        assert_eq!(hidden, whole.replace("pig 2 (ZP)", "pig 2 (?)"));
        assert!(
            hidden.contains("  pig 1 (MP) uses F: duels pig 2 (?)\n    pig 2 (?) never duels back"),
            "{hidden}"
        );
    }

    /// Cards from letters separated by spaces.
    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .filter_map(|t| t.chars().next().and_then(Card::from_letter))
            .collect()
    }

    /// Plays `pigs` (role, hand) with `deck` and returns the game and its trace.
    fn traced(pigs: &[(Role, &str)], deck: &str) -> (Game, String) {
        let setup = Setup {
            pigs: pigs.iter().map(|&(role, hand)| (role, cards(hand))).collect(),
            deck: cards(deck),
        };
        let mut game = Game::new(&setup).unwrap();
        game.record_events();
        let _ = game.run();
        let roles: Vec<Role> = setup.pigs.iter().map(|(role, _)| *role).collect();
        let trace = crate::to_string(|out| write_trace(out, &roles, game.events()));
        (game, trace)
    }

    /// The trace of the sample game of the rules (§13), exactly as the README shows it: the
    /// marks, the MP's duels on its own ZP, the penalty, and the FP's final K.
    #[test]
    fn trace_of_the_sample_game() {
        let (game, trace) = traced(
            &[
                (Role::Mp, "D D F F"),
                (Role::Zp, "N N N D"),
                (Role::Fp, "J J J J"),
            ],
            "F F D D J J F F K D",
        );
        assert_eq!(game.winner(), Some(Winner::Fp));
        let expected = "\
turn 1: pig 1 (MP) draws F F; hand: D D F F F F
turn 2: pig 2 (ZP) draws D D; hand: N N N D D D
  pig 2 (ZP) uses N: every other pig must discard a K
    pig 3 (FP) has no K: loses 1 HP to pig 2 (ZP) -> 3 HP
    pig 1 (MP) has no K: loses 1 HP to pig 2 (ZP) -> 3 HP
    pig 2 (ZP) is now similar-to-rebel: its trick hurt the MP while it had not jumped
  pig 2 (ZP) uses N: every other pig must discard a K
    pig 3 (FP) has no K: loses 1 HP to pig 2 (ZP) -> 2 HP
    pig 1 (MP) has no K: loses 1 HP to pig 2 (ZP) -> 2 HP
  pig 2 (ZP) uses N: every other pig must discard a K
    pig 3 (FP) has no K: loses 1 HP to pig 2 (ZP) -> 1 HP
    pig 1 (MP) has no K: loses 1 HP to pig 2 (ZP) -> 1 HP
turn 3: pig 3 (FP) draws J J; hand: J J J J J J
turn 4: pig 1 (MP) draws F F; hand: D D F F F F F F
  pig 1 (MP) uses F: duels pig 2 (ZP)
    pig 2 (ZP) never duels back against the MP: loses 1 HP to pig 1 (MP) -> 3 HP
  pig 1 (MP) uses F: duels pig 2 (ZP)
    pig 2 (ZP) never duels back against the MP: loses 1 HP to pig 1 (MP) -> 2 HP
  pig 1 (MP) uses F: duels pig 2 (ZP)
    pig 2 (ZP) never duels back against the MP: loses 1 HP to pig 1 (MP) -> 1 HP
  pig 1 (MP) uses F: duels pig 2 (ZP)
    pig 2 (ZP) never duels back against the MP: loses 1 HP to pig 1 (MP) -> 0 HP
    pig 2 (ZP) dies (killed by pig 1 (MP))
    pig 1 (MP) killed its own ZP, pig 2: it throws away its hand (D D F F)
turn 5: pig 3 (FP) draws K D; hand: J J J J J J K D
  pig 3 (FP) uses K on pig 1 (MP)
    pig 3 (FP) jumps (reveals its side)
    pig 1 (MP) has no D: loses 1 HP to pig 3 (FP) -> 0 HP
    pig 1 (MP) dies (killed by pig 3 (FP))
game over: FP wins, because the MP was killed by pig 3 (FP)
";
        assert_eq!(trace, expected);
    }

    /// Every J of a chain is in the trace, with whom it protects or counters (E1).
    #[test]
    fn trace_shows_j_chains() {
        let (_, trace) = traced(
            &[
                (Role::Mp, "J F F F"),
                (Role::Fp, "F J D D"),
                (Role::Zp, "J D D D"),
            ],
            "D D D D D D F F",
        );
        let chain = "    pig 3 (ZP) plays J to protect pig 1 (MP)
    pig 3 (ZP) jumps (reveals its side)
    pig 2 (FP) plays J against the J of pig 3 (ZP)
    pig 1 (MP) plays J against the J of pig 2 (FP)
    the J stands: the trick does not affect pig 1 (MP)
";
        assert!(trace.contains(chain), "{trace}");
    }

    /// A reward draw (E4), a peach eaten at 0 HP (E6), a K discarded in a duel.
    #[test]
    fn trace_shows_rewards_discards_and_peaches() {
        let (_, reward) = traced(
            &[
                (Role::Mp, "D D D D"),
                (Role::Fp, "N N N N"),
                (Role::Fp, "D D D D"),
            ],
            "D D D D P J Z",
        );
        let (_, peach) = traced(&[(Role::Mp, "P P F F"), (Role::Fp, "F F F F")], "F F D D D D");
        let (_, duel) = traced(&[(Role::Mp, "K K K K"), (Role::Fp, "F D D D")], "D");
        for (trace, line) in [
            (&reward, "    pig 2 (FP) draws 3 as a reward for killing an FP: "),
            (&duel, "  pig 2 (FP) uses F: duels pig 1 (MP)\n    pig 2 (FP) jumps (reveals its side)\n    pig 1 (MP) discards K against F\n    pig 2 (FP) has no K: loses 1 HP to pig 1 (MP) -> 3 HP\n"),
            (&peach, " eats a P at 0 HP -> 1 HP\n"),
        ] {
            assert!(trace.contains(line), "{line:?} in\n{trace}");
        }
    }

    /// Past the event hand limit a hand is shown by its size; the deck running out is said.
    #[test]
    fn long_hands_are_counted_and_repeats_are_said() {
        let deck = vec!["D"; 200].join(" ");
        let (game, trace) = traced(&[(Role::Mp, "D D D D"), (Role::Fp, "D D D D")], &deck);
        assert_eq!(game.winner(), None);
        assert!(
            trace.contains("turn 1: pig 1 (MP) draws D D; hand: D D D D D D\n"),
            "{trace}"
        );
        assert!(trace.contains("; hand: 62 cards\n"), "{trace}");
        assert!(
            trace.contains("(the deck is used up: 2 repeated); hand: "),
            "{trace}"
        );
        assert!(!trace.contains("game over"));
    }

    #[test]
    fn unknown_pigs_and_empty_lists_still_read() {
        let name = |pig| Name {
            roles: &[Role::Mp],
            shown: None,
            pig,
        };
        assert_eq!(name(4).to_string(), "pig 5 (?)");
        assert_eq!(name(0).to_string(), "pig 1 (MP)");
        assert_eq!(Letters(&[]).to_string(), "(nothing)");
        assert_eq!(Letters(&[Card::Kill, Card::Crossbow]).to_string(), "K Z");
    }
}

//! A 猪国杀 game as a replay: every event of the engine's log with every pig's state after it
//! (identity, HP, hand, equipment, marks) and the deck's draw pointer, for front ends that
//! step through a game.
//!
//! The game is played twice by the engine: once through ([`Game::run`], which decides whether
//! it ends), then turn by turn with its events recorded. The state after each event is the
//! state before it folded with that event ([`Event::apply`]: the events carry every change,
//! so no rule of the game is played here). At the end of every turn the folded state must be
//! the engine's own; a difference is tabletop's internal error, reported as such, never
//! papered over.
//!
//! A replay is bounded ([`Budget`]): by default at most [`MAX_STEPS`] steps and [`MAX_CARDS`]
//! cards in the states it holds; a longer game is cut there ([`Replay::complete`] is false) and still ends with the
//! judge's output. A game that never ends is replayed up to the round that proves it.

use tabletop_pigs::{Game, Hand};
use tabletop_render::pigs::{write_ending, ChangedView, PigView, ReplayLimits, ReplayView, StepView, Trace};

pub use tabletop_pigs::{Pig, Role};

use super::{never_ends, start, Card, Event};
use crate::{written, Failure, Source};

/// The most steps (events other than the start of a turn) a replay holds by default.
pub const MAX_STEPS: usize = 20_000;
/// The most cards a replay's states hold in all by default (the changed hands after every
/// step).
pub const MAX_CARDS: usize = 500_000;

/// How much a replay may hold; the game is cut where either runs out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most steps.
    pub steps: usize,
    /// The most cards in the states of all steps.
    pub cards: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            steps: MAX_STEPS,
            cards: MAX_CARDS,
        }
    }
}

/// A game, event by event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// Every pig at the start, in seat order (pig 1, the MP, first).
    pub start: Vec<Pig>,
    /// The deck, top card first (only the cards that count).
    pub deck: Vec<Card>,
    /// The events in order, each with the state it leaves.
    pub steps: Vec<Step>,
    /// The steps reach the end of the game (or, for a game that never ends, the round that
    /// proves it); `false` when the replay was cut at [`MAX_STEPS`] or [`MAX_CARDS`].
    pub complete: bool,
    /// How the game ends.
    pub end: End,
    /// Notes about the input (a skipped byte-order mark).
    pub notes: Vec<String>,
}

/// How a replayed game ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// The judge's output, exactly what `tabletop pigs` prints.
    Output(String),
    /// The game can never end: the same report as `tabletop pigs` (located at the repeated
    /// card).
    NeverEnds(Failure),
}

/// One event and the state after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The turn it happens in (from 1).
    pub turn: u64,
    /// Whose turn it is (0-based).
    pub current: usize,
    /// The event (pig numbers 0-based).
    pub event: Event,
    /// The trace's line for it (what `tabletop pigs --trace` writes, the turn's header on its
    /// draw), with its newline.
    pub text: String,
    /// [`Step::text`] with the role of every pig not yet revealed after this step (neither
    /// jumped nor dead) written `?`: what a player at the table knows.
    pub masked: String,
    /// The pigs this event changed, each with its whole state afterwards (a dead pig's hand
    /// is empty: its cards no longer count, and the judge prints `DEAD`).
    pub changed: Vec<(usize, Pig)>,
    /// Cards of the deck drawn so far, after this step (the deck's top is `deck[drawn]`;
    /// once it reaches the deck's length every draw repeats the last card).
    pub drawn: usize,
}

impl Replay {
    /// Every pig's state after step `step` (0-based), or at the start for `None`.
    pub fn pigs_after(&self, step: Option<usize>) -> Vec<Pig> {
        let mut pigs = self.start.clone();
        let shown = step.map_or(0, |k| k.saturating_add(1)).min(self.steps.len());
        for step in &self.steps[..shown] {
            for (pig, state) in &step.changed {
                if let Some(slot) = pigs.get_mut(*pig) {
                    *slot = state.clone();
                }
            }
        }
        pigs
    }
}

impl Replay {
    /// The playground's JSON object of this replay
    /// ([`tabletop_render::pigs::ReplayView`]), on one line.
    pub fn playground_json(&self) -> String {
        let view = |pig: &Pig| PigView::new(pig, revealed(pig));
        let steps = self
            .steps
            .iter()
            .map(|step| StepView {
                turn: step.turn,
                current: step.current,
                text: step.text.trim_end(),
                masked: step.masked.trim_end(),
                changed: step
                    .changed
                    .iter()
                    .map(|(pig, state)| ChangedView {
                        pig: *pig,
                        state: view(state),
                    })
                    .collect(),
                drawn: step.drawn,
            })
            .collect();
        let never = match &self.end {
            End::NeverEnds(failure) => Some(failure.report()),
            End::Output(_) => None,
        };
        let replay = ReplayView {
            pigs: self.start.iter().map(view).collect(),
            deck: self.deck.iter().map(ToString::to_string).collect(),
            steps,
            complete: self.complete,
            limits: ReplayLimits {
                steps: MAX_STEPS,
                cards: MAX_CARDS,
            },
            output: match &self.end {
                End::Output(output) => Some(output),
                End::NeverEnds(_) => None,
            },
            never_ends: never.as_deref().map(str::trim_end),
            notes: &self.notes,
        };
        tabletop_render::to_string(|out| tabletop_render::json::write_line(out, &replay))
    }
}

/// Whether a pig's role is known at the table: it has jumped (the MP always has) or died.
pub fn revealed(pig: &Pig) -> bool {
    pig.jumped || pig.dead
}

/// The replay of the game of `source`.
///
/// # Errors
/// [`Failure::Invalid`] for a bad input (a game that never ends is a replay, with
/// [`End::NeverEnds`]).
pub fn replay(source: &Source, budget: Budget) -> Result<Replay, Failure> {
    let (parsed, game) = start(source)?;
    let mut through = game.clone();
    let (end, last_turn) = match through.run() {
        Ok(_) => {
            let mut output = String::new();
            if let Some(ending) = through.ending() {
                written(write_ending(&mut output, &ending))?;
            }
            (End::Output(output), through.turns())
        }
        Err(never) => (
            End::NeverEnds(never_ends(source, &parsed, &through, &never)),
            through.turns(),
        ),
    };
    let roles: Vec<Role> = game.pigs().iter().map(|pig| pig.role).collect();
    let mut recorder = Recorder::new(&game, &roles, &parsed.setup.deck, budget);
    let mut game = game;
    game.record_events();
    let mut seen = 0;
    // A game that ends is played to its winner (which may come before any turn: no FP); one
    // that never ends, up to the turn that proves it.
    let ends = matches!(end, End::Output(_));
    let more = |game: &Game| match ends {
        true => game.winner().is_none(),
        false => game.turns() < last_turn,
    };
    while more(&game) && !recorder.full() {
        let current = game.current();
        game.play_turn();
        for event in &game.events()[seen..] {
            recorder.record(event, current)?;
        }
        seen = game.events().len();
        recorder.check_turn(&game)?;
    }
    let complete = recorder.steps.len() == recorder.events_seen && !more(&game);
    let notes = source.notes();
    Ok(Replay {
        start: recorder.start,
        deck: parsed.setup.deck,
        complete,
        steps: recorder.steps,
        end,
        notes,
    })
}

/// Follows the events: the state after each, the steps, the budget.
struct Recorder<'a> {
    trace: Trace<'a>,
    budget: Budget,
    start: Vec<Pig>,
    pigs: Vec<Pig>,
    deck_len: usize,
    drawn: usize,
    turn: u64,
    steps: Vec<Step>,
    /// Events looked at since the budget ran out stay unrecorded: counted here.
    events_seen: usize,
    cards: usize,
}

impl<'a> Recorder<'a> {
    fn new(game: &Game, roles: &'a [Role], deck: &[Card], budget: Budget) -> Recorder<'a> {
        let pigs = game.pigs().to_vec();
        Recorder {
            trace: Trace::new(roles),
            budget,
            start: pigs.clone(),
            pigs,
            deck_len: deck.len(),
            drawn: 0,
            turn: 0,
            steps: Vec::new(),
            events_seen: 0,
            cards: 0,
        }
    }

    fn full(&self) -> bool {
        self.steps.len() >= self.budget.steps || self.cards >= self.budget.cards
    }

    /// Follows `event`, and records it as a step while the budget lasts.
    fn record(&mut self, event: &Event, current: usize) -> Result<(), Failure> {
        if let Event::Turn { number, .. } = event {
            self.turn = *number;
        }
        let subject = event.apply(&mut self.pigs);
        self.drawn += event.deck_cards();
        // One trace over the whole game: it keeps the indentation and the turn's header
        // (written on the turn's draw line, so a turn's start has no text). The masked line
        // is written from the same point of the trace, with the roles known after the event.
        let mut at_the_table = self.trace;
        let mut text = String::new();
        written(self.trace.write(&mut text, std::slice::from_ref(event)))?;
        if matches!(event, Event::Turn { .. }) {
            return Ok(());
        }
        self.events_seen += 1;
        if self.full() {
            return Ok(());
        }
        let shown: Vec<bool> = self.pigs.iter().map(revealed).collect();
        let mut masked = String::new();
        written(at_the_table.write_masked(&mut masked, event, &shown))?;
        let changed: Vec<(usize, Pig)> = subject
            .and_then(|pig| self.pigs.get(pig).map(|state| (pig, shown_state(state))))
            .into_iter()
            .collect();
        self.cards += changed.iter().map(|(_, pig)| pig.hand.len() + 1).sum::<usize>();
        self.steps.push(Step {
            turn: self.turn,
            current,
            event: event.clone(),
            text,
            masked,
            changed,
            drawn: self.drawn,
        });
        Ok(())
    }

    /// At the end of a turn: the folded state must be the engine's.
    ///
    /// # Errors
    /// An internal error naming the turn if it is not (a bug of tabletop: an event that does
    /// not carry all it changes).
    fn check_turn(&self, game: &Game) -> Result<(), Failure> {
        let exhausted = self.drawn >= self.deck_len;
        if self.pigs.as_slice() == game.pigs() && exhausted == game.deck_exhausted() {
            return Ok(());
        }
        Err(Failure::resource(format!(
            "internal error: the replay's state differs from the engine's after turn {}; \
             please report it with the input",
            self.turn
        )))
    }
}

/// A pig's state as a replay shows it: a dead pig without its hand.
fn shown_state(pig: &Pig) -> Pig {
    let mut state = pig.clone();
    if state.dead {
        state.hand = Hand::new();
    }
    state
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pigs::{answer, Request};
    use tabletop_pigs::MAX_HP;

    const SAMPLE: &[u8] = b"3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n";

    fn fixtures() -> Vec<(String, Vec<u8>)> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/pigs");
        let mut cases: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "in"))
            .map(|path| (path.display().to_string(), std::fs::read(&path).unwrap()))
            .collect();
        cases.sort();
        cases
    }

    /// The replay of every valid fixture: its output is the judge's, its texts the trace, its
    /// last state the engine's ending, and no role shows before the pig is revealed.
    #[test]
    fn every_fixture_replays_as_the_cli_plays_it() {
        let mut replayed = 0;
        for (name, text) in fixtures() {
            let source = Source::new("input", text);
            let Ok(replay) = replay(&source, Budget::default()) else {
                assert!(answer(&source, &Request::default(), None).is_err(), "{name}");
                continue;
            };
            replayed += 1;
            assert!(replay.complete, "{name}");
            let mut trace = Vec::new();
            let answered = answer(&source, &Request::default(), Some(&mut trace));
            let texts: String = replay.steps.iter().map(|s| s.text.as_str()).collect();
            assert_eq!(texts, String::from_utf8(trace).unwrap(), "{name}");
            match (&replay.end, answered) {
                (End::Output(output), Ok(answer)) => {
                    assert_eq!(output, &answer.text, "{name}");
                    let last = replay.pigs_after(replay.steps.len().checked_sub(1));
                    let lines: Vec<String> = last
                        .iter()
                        .map(|p| if p.dead { "DEAD".into() } else { p.hand.to_string() })
                        .collect();
                    assert_eq!(output.lines().skip(1).collect::<Vec<_>>(), lines, "{name}");
                }
                (End::NeverEnds(failure), Err(expected)) => {
                    assert_eq!(failure.report(), expected.report(), "{name}");
                }
                (end, answered) => panic!("{name}: {end:?} vs {answered:?}"),
            }
            for (k, step) in replay.steps.iter().enumerate() {
                for (seat, pig) in replay.pigs_after(Some(k)).iter().enumerate() {
                    let role = format!("pig {} ({})", seat + 1, pig.role.name());
                    assert_eq!(
                        step.masked.contains(&role),
                        revealed(pig) && step.text.contains(&role),
                        "{name} step {k}"
                    );
                }
            }
        }
        assert!(replayed >= 30, "{replayed} fixtures replayed");
    }

    #[test]
    fn the_sample_step_by_step() {
        let replay = replay(&Source::new("input", SAMPLE.to_vec()), Budget::default()).unwrap();
        assert_eq!(replay.end, End::Output("FP\nDEAD\nDEAD\nJ J J J J J D\n".into()));
        let first = &replay.steps[0];
        assert_eq!(first.turn, 1);
        assert_eq!(first.text, "turn 1: pig 1 (MP) draws F F; hand: D D F F F F\n");
        assert_eq!(first.drawn, 2);
        assert_eq!(first.changed.len(), 1);
        assert_eq!(first.changed[0].1.hand.to_string(), "D D F F F F");
        // Pig 2 (ZP) has not jumped yet: at the table it is `pig 2 (?)`.
        let duel = replay
            .steps
            .iter()
            .find(|s| s.text.contains("duels pig 2"))
            .unwrap();
        assert!(duel.masked.contains("duels pig 2 (?)"), "{}", duel.masked);
        assert_eq!(replay.start.len(), 3);
        assert!(replay.start.iter().all(|p| p.hp == MAX_HP));
        assert!(matches!(replay.steps.last().unwrap().event, Event::End { .. }));
        assert_eq!(replay.pigs_after(None), replay.start);
    }

    #[test]
    fn a_game_that_never_ends_is_replayed_up_to_the_proof() {
        let source = Source::new("input", b"2 1\nMP D D D D\nFP D D D D\nD\n".to_vec());
        let replay = replay(&source, Budget::default()).unwrap();
        let End::NeverEnds(failure) = &replay.end else {
            panic!("{:?}", replay.end)
        };
        assert!(failure.report().contains("never end"), "{failure}");
        assert!(replay.complete);
        assert!(!replay.steps.is_empty());
        let last = replay.pigs_after(Some(replay.steps.len() - 1));
        assert!(last.iter().all(|p| p.hp == MAX_HP && !p.dead));
    }

    #[test]
    fn a_replay_is_cut_at_its_budget_and_still_ends_with_the_output() {
        let source = Source::new("input", SAMPLE.to_vec());
        let whole = replay(&source, Budget::default()).unwrap();
        for budget in [
            Budget {
                steps: 3,
                cards: MAX_CARDS,
            },
            Budget {
                steps: MAX_STEPS,
                cards: 10,
            },
        ] {
            let cut = replay(&source, budget).unwrap();
            assert!(!cut.complete, "{budget:?}");
            assert!(cut.steps.len() <= budget.steps);
            assert!(cut.steps.len() < whole.steps.len());
            assert_eq!(cut.steps[..], whole.steps[..cut.steps.len()]);
            assert_eq!(cut.end, whole.end);
        }
        let exact = replay(
            &source,
            Budget {
                steps: whole.steps.len(),
                cards: MAX_CARDS,
            },
        )
        .unwrap();
        assert!(exact.complete);
    }

    #[test]
    fn a_state_that_differs_from_the_engine_is_an_internal_error() {
        let (parsed, game) = start(&Source::new("input", SAMPLE.to_vec())).unwrap();
        let roles: Vec<Role> = game.pigs().iter().map(|p| p.role).collect();
        let mut recorder = Recorder::new(&game, &roles, &parsed.setup.deck, Budget::default());
        assert!(recorder.check_turn(&game).is_ok());
        recorder.pigs[1].hp = 1;
        let failure = recorder.check_turn(&game).unwrap_err();
        assert!(failure.report().contains("internal error"), "{failure}");
    }

    /// A dead pig's state holds no hand (the judge prints `DEAD`), in every step and at the
    /// end, while the engine's dead pig still holds its cards.
    #[test]
    fn a_dead_pig_shows_no_hand() {
        let replay = replay(&Source::new("input", SAMPLE.to_vec()), Budget::default()).unwrap();
        let death = replay
            .steps
            .iter()
            .position(|s| matches!(s.event, Event::Death { pig: 1, .. }))
            .unwrap();
        let (_, state) = &replay.steps[death].changed[0];
        assert!(state.dead && state.hand.is_empty(), "{state:?}");
        let last = replay.pigs_after(Some(replay.steps.len() - 1));
        assert!(last.iter().filter(|p| p.dead).all(|p| p.hand.is_empty()));
        assert_eq!(last.iter().filter(|p| p.dead).count(), 2);
    }

    #[test]
    fn a_bad_input_is_the_located_problem() {
        let failure = replay(
            &Source::new("input", b"2 1\nMP D D D\n".to_vec()),
            Budget::default(),
        )
        .unwrap_err();
        assert!(failure.report().starts_with("error: input:"), "{failure}");
        assert!(replay(&Source::new("input", Vec::new()), Budget::default()).is_err());
    }
}

//! `tabletop pigs`: 猪国杀 (BZOJ 1972 / SDOI 2010 / Luogu P2482).

use std::fmt::Write as _;
use std::io::Write as _;

use tabletop_parse::ParseError;
use tabletop_pigs::{Card, DrawReason, EndReason, Event, Game, Hand, Role, Setup, Target, Winner};

use crate::input::{Failure, InputArgs};

/// 猪国杀: simulates the game and prints the winner and every pig's final hand.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Input: the judge format (see shared/spec/pigs.md): `n m`, n lines \
`ROLE c1 c2 c3 c4`, then the deck.\n\
A game that can never end is reported as an error (exit 2).\n\
Example:\n  printf '2 1\\nMP P P P P\\nFP K K K K\\nW\\n' | tabletop pigs --trace"
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Also write a turn-by-turn account of the game to stderr (stdout is unchanged).
    #[arg(long)]
    trace: bool,
}

/// Plays the game, or fails without output.
pub fn run(args: &Args) -> Result<String, Failure> {
    let source = args.input.read()?;
    let parsed = tabletop_parse::pigs::parse(&source.bytes).map_err(|e| source.error(&e))?;
    let mut game = Game::new(&parsed.setup)
        .map_err(|e| source.error(&ParseError::new(parsed.header.clone(), e.to_string())))?;
    if args.trace {
        game.record_events();
    }
    let result = game.run();
    if args.trace {
        let text = render_trace(game.events(), &parsed.setup);
        // A closed stderr is no reason to lose the answer.
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
    }
    match result {
        Ok(_) => Ok(game
            .outcome()
            .map(|outcome| outcome.to_string())
            .unwrap_or_default()),
        Err(never) => {
            let message = format!(
                "{never} (the repeated card is here; stopped after {} turns)",
                game.turns()
            );
            Err(source.error(&ParseError::new(parsed.last_card.clone(), message)))
        }
    }
}

/// Applies the change `event` makes to the hands, if any. Every change of a hand is an event,
/// and every card that leaves a hand is the leftmost of its type.
fn follow(hands: &mut [Hand], event: &Event) {
    match event {
        Event::Draw { pig, cards, .. } => {
            if let Some(hand) = hands.get_mut(*pig) {
                for &card in cards {
                    hand.push(card);
                }
            }
        }
        Event::Use { pig, card, .. } | Event::Discard { pig, card, .. } => {
            if let Some(hand) = hands.get_mut(*pig) {
                hand.take(*card);
            }
        }
        Event::Nullify { pig, .. } => {
            if let Some(hand) = hands.get_mut(*pig) {
                hand.take(Card::Nullify);
            }
        }
        Event::Peach { pig } => {
            if let Some(hand) = hands.get_mut(*pig) {
                hand.take(Card::Peach);
            }
        }
        Event::Penalty { pig, .. } => {
            if let Some(hand) = hands.get_mut(*pig) {
                hand.take_all();
            }
        }
        Event::Turn { .. }
        | Event::Jump { .. }
        | Event::Mark { .. }
        | Event::Protected { .. }
        | Event::Damage { .. }
        | Event::Death { .. }
        | Event::End { .. } => {}
    }
}

/// Hands longer than this are shown by their size only in the trace.
const SHOWN_HAND: usize = 60;

/// A readable account of the events of a game played from `setup`: one header line per turn,
/// the cards used indented by two spaces, their effects by four. Pigs are numbered from 1, as
/// in the input. The hands are followed from the starting ones through the events (every change
/// of a hand is an event), each change in O(1), so a trace costs time in proportion to its
/// length even when hands grow to thousands of cards.
pub fn render_trace(events: &[Event], setup: &Setup) -> String {
    let roles: Vec<Role> = setup.pigs.iter().map(|(role, _)| *role).collect();
    let mut hands: Vec<Hand> = setup
        .pigs
        .iter()
        .map(|(_, hand)| Hand::from(hand.clone()))
        .collect();
    let name = |pig: usize| -> String {
        let role = roles.get(pig).copied().map_or("?", Role::name);
        format!("pig {} ({role})", pig + 1)
    };
    let letters = |cards: &[Card]| -> String {
        if cards.is_empty() {
            "(nothing)".to_string()
        } else {
            let words: Vec<String> = cards.iter().map(|c| c.letter().to_string()).collect();
            words.join(" ")
        }
    };
    let mut out = String::new();
    let mut indent = "  ";
    let mut turn = None;
    for event in events {
        follow(&mut hands, event);
        let line = match event {
            Event::Turn { number, .. } => {
                indent = "  ";
                turn = Some(*number);
                continue;
            }
            Event::Draw {
                pig,
                cards,
                repeated,
                reason,
                ..
            } => {
                let hand = hands.get(*pig).map_or_else(String::new, |hand| {
                    if hand.len() <= SHOWN_HAND {
                        letters(&hand.to_vec())
                    } else {
                        format!("{} cards", hand.len())
                    }
                });
                let why = match reason {
                    DrawReason::Turn => "draws",
                    DrawReason::Reward => "draws 3 as a reward for killing an FP:",
                };
                let repeat = match repeated {
                    0 => String::new(),
                    k => format!(" (the deck is used up: {k} repeated)"),
                };
                let head = match turn.take() {
                    Some(number) => format!("turn {number}: "),
                    None => indent.to_string(),
                };
                format!(
                    "{head}{} {why} {}{repeat}; hand: {hand}",
                    name(*pig),
                    letters(cards)
                )
            }
            Event::Use { pig, card, target } => {
                indent = "    ";
                let what = match (card, target) {
                    (Card::Peach, _) => "P: heals 1 HP".to_string(),
                    (Card::Crossbow, _) => "Z: equips the crossbow".to_string(),
                    (Card::Kill, Target::Pig(t)) => format!("K on {}", name(*t)),
                    (Card::Duel, Target::Pig(t)) => format!("F: duels {}", name(*t)),
                    (Card::Invasion, _) => "N: every other pig must discard a K".to_string(),
                    (Card::Arrows, _) => "W: every other pig must discard a D".to_string(),
                    (card, _) => card.letter().to_string(),
                };
                format!("  {} uses {what}", name(*pig))
            }
            Event::Jump { pig, was_similar } => {
                let cleared = if *was_similar {
                    "; the MP no longer suspects it"
                } else {
                    ""
                };
                format!("{indent}{} jumps (reveals its side){cleared}", name(*pig))
            }
            Event::Mark { pig } => format!(
                "{indent}{} is now similar-to-rebel: its trick hurt the MP while it had not jumped",
                name(*pig)
            ),
            Event::Nullify {
                pig,
                target,
                countering,
            } => match countering {
                None => format!("{indent}{} plays J to protect {}", name(*pig), name(*target)),
                Some(other) => format!("{indent}{} plays J against the J of {}", name(*pig), name(*other)),
            },
            Event::Protected { target } => {
                format!(
                    "{indent}the J stands: the trick does not affect {}",
                    name(*target)
                )
            }
            Event::Discard { pig, card, against } => {
                format!("{indent}{} discards {card} against {against}", name(*pig))
            }
            Event::Damage {
                pig,
                source,
                hp,
                cause,
            } => {
                let why = match cause {
                    Card::Duel
                        if roles.get(*pig) == Some(&Role::Zp) && roles.get(*source) == Some(&Role::Mp) =>
                    {
                        "never duels back against the MP"
                    }
                    Card::Kill | Card::Arrows => "has no D",
                    _ => "has no K",
                };
                format!(
                    "{indent}{} {why}: loses 1 HP to {} -> {hp} HP",
                    name(*pig),
                    name(*source)
                )
            }
            Event::Peach { pig } => format!("{indent}{} eats a P at 0 HP -> 1 HP", name(*pig)),
            Event::Death { pig, killer } => {
                format!("{indent}{} dies (killed by {})", name(*pig), name(*killer))
            }
            Event::Penalty {
                pig,
                victim,
                lost,
                lost_crossbow,
            } => {
                let z = if *lost_crossbow { " and its crossbow" } else { "" };
                format!(
                    "{indent}{} killed its own ZP, pig {}: it throws away its hand ({}){z}",
                    name(*pig),
                    victim + 1,
                    letters(lost)
                )
            }
            Event::End { winner, reason } => {
                let why = match reason {
                    EndReason::NoFpAlive => "there is no FP".to_string(),
                    EndReason::MpDead => "the MP is dead".to_string(),
                    EndReason::MpDied { killer } => format!("the MP was killed by {}", name(*killer)),
                    EndReason::LastFpDied { pig, killer } => {
                        format!("the last FP, {}, was killed by {}", name(*pig), name(*killer))
                    }
                };
                let side = match winner {
                    Winner::Mp => "MP",
                    Winner::Fp => "FP",
                };
                format!("game over: {side} wins, because {why}")
            }
        };
        let _ = writeln!(out, "{line}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The trace of the spec's sample game tells its story (§13): the marks, the MP's duels
    /// on its own ZP, the penalty, and the FP's final K.
    #[test]
    fn trace_of_the_sample_game() {
        let text = b"3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n";
        let parsed = tabletop_parse::pigs::parse(text).unwrap();
        let mut game = Game::new(&parsed.setup).unwrap();
        game.record_events();
        assert_eq!(game.run(), Ok(Winner::Fp));
        let trace = render_trace(game.events(), &parsed.setup);
        let lines: Vec<&str> = trace.lines().collect();
        assert_eq!(lines[0], "turn 1: pig 1 (MP) draws F F; hand: D D F F F F");
        assert_eq!(lines[1], "turn 2: pig 2 (ZP) draws D D; hand: N N N D D D");
        assert_eq!(lines[2], "  pig 2 (ZP) uses N: every other pig must discard a K");
        assert_eq!(
            lines[3],
            "    pig 3 (FP) has no K: loses 1 HP to pig 2 (ZP) -> 3 HP"
        );
        assert_eq!(
            lines[5],
            "    pig 2 (ZP) is now similar-to-rebel: its trick hurt the MP while it had not jumped"
        );
        assert!(trace.contains("  pig 1 (MP) uses F: duels pig 2 (ZP)\n"));
        assert!(
            trace.contains("    pig 1 (MP) killed its own ZP, pig 2: it throws away its hand (D D F F)\n")
        );
        assert!(trace.contains("turn 5: pig 3 (FP) draws K D; hand: J J J J J J K D\n"));
        assert_eq!(
            lines.last().copied(),
            Some("game over: FP wins, because the MP was killed by pig 3 (FP)")
        );
    }

    /// Following the events from the starting hands gives the engine's hands, on many random
    /// games (so the trace shows true hands).
    #[test]
    fn events_account_for_every_change_of_a_hand() {
        let mut seed: u64 = 99;
        let mut next = |below: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % below
        };
        for _ in 0..2_000 {
            let n = 2 + next(5) as usize;
            let mut pigs = Vec::new();
            for i in 0..n {
                let role = match (i, next(2)) {
                    (0, _) => Role::Mp,
                    (_, 0) => Role::Zp,
                    _ => Role::Fp,
                };
                pigs.push((role, (0..4).map(|_| Card::ALL[next(8) as usize]).collect()));
            }
            let deck = (0..1 + next(30)).map(|_| Card::ALL[next(8) as usize]).collect();
            let setup = Setup { pigs, deck };
            let mut game = Game::new(&setup).unwrap();
            game.record_events();
            let _ = game.run();
            let mut hands: Vec<Hand> = setup.pigs.iter().map(|(_, h)| Hand::from(h.clone())).collect();
            for event in game.events() {
                follow(&mut hands, event);
            }
            for (pig, hand) in game.pigs().iter().zip(&hands) {
                if !pig.dead {
                    assert_eq!(&pig.hand, hand, "{setup:?}");
                }
            }
        }
    }

    /// Every J of a chain is in the trace, with whom it protects or counters (E1).
    #[test]
    fn trace_shows_j_chains() {
        let text = b"3 8\nMP J F F F\nFP F J D D\nZP J D D D\nD D D D D D F F\n";
        let parsed = tabletop_parse::pigs::parse(text).unwrap();
        let mut game = Game::new(&parsed.setup).unwrap();
        game.record_events();
        assert_eq!(game.run(), Ok(Winner::Mp));
        let trace = render_trace(game.events(), &parsed.setup);
        let chain =
            "    pig 3 (ZP) plays J to protect pig 1 (MP)\n    pig 3 (ZP) jumps (reveals its side)\n    \
                     pig 2 (FP) plays J against the J of pig 3 (ZP)\n    \
                     pig 1 (MP) plays J against the J of pig 2 (FP)\n    \
                     the J stands: the trick does not affect pig 1 (MP)\n";
        assert!(trace.contains(chain), "{trace}");
    }
}

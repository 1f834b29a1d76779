//! 猪国杀 (BZOJ 1972 / SDOI 2010): the judge's output, the outcome in JSON, the game turn by
//! turn, and the game as a replay, event by event ([`replay`]).

use std::fmt::Write as _;
use tabletop_parse::ParseError;

use tabletop_parse::pigs::PigsInput;
use tabletop_pigs::{Game, NeverEnds, Role};

pub use tabletop_pigs::{Card, DrawReason, EndReason, Event, Target, Winner};
use tabletop_render::json::write_pigs;
use tabletop_render::pigs::{write_ending, ComparisonView, DifferenceView, Trace};

use crate::judge::{first_difference, Difference};
use crate::{written, Answer, Failure, Source, TraceSink};

pub mod replay;

/// A pigs request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Request {
    /// One JSON object (winner, turns, every pig's state) instead of the judge's output.
    pub json: bool,
}

/// Plays the game of `source`; with `trace`, the game turn by turn is written there as it is
/// played (a game that never ends is traced up to where that is proven).
///
/// # Errors
/// [`Failure::Invalid`] for a bad input or a game that can never end.
pub fn answer(source: &Source, request: &Request, trace: TraceSink<'_>) -> Result<Answer, Failure> {
    let (parsed, mut game) = start(source)?;
    let result = match trace {
        Some(sink) => {
            game.record_events();
            let roles: Vec<Role> = game.pigs().iter().map(|pig| pig.role).collect();
            let mut trace = Trace::new(&roles);
            let mut sink = std::io::BufWriter::new(sink);
            let mut failed = false;
            let result = game.run_streamed(|events| {
                // A failing trace writer stops the trace, not the game.
                if !failed {
                    failed = tabletop_render::write_io(&mut sink, |out| trace.write(out, events)).is_err();
                }
            });
            let _ = std::io::Write::flush(&mut sink);
            result
        }
        None => game.run(),
    };
    match result {
        Ok(_) => {
            let mut text = String::new();
            if let Some(outcome) = game.ending() {
                match request.json {
                    true => written(write_pigs(&mut text, &outcome))?,
                    false => written(write_ending(&mut text, &outcome))?,
                }
            }
            let mut answer = Answer::text(text);
            answer.notes = source.notes();
            Ok(answer)
        }
        Err(never) => Err(never_ends(source, &parsed, &game, &never)),
    }
}

/// How many events the report lists for a pig.
const SHOWN_EVENTS: usize = 12;

/// An event that changes `pig`'s hand other than by its own turn draw and its own plays, or
/// kills it, with a few words about it.
fn notable(event: &Event) -> Option<(usize, String)> {
    Some(match event {
        Event::Discard { pig, card, against } => (*pig, format!("discards {card} against {against}")),
        Event::Nullify { pig, .. } => (*pig, "plays J".to_string()),
        Event::Peach { pig, .. } => (*pig, "eats a P at 0 HP".to_string()),
        Event::Penalty { pig, .. } => (*pig, "throws away its hand for killing its own ZP".to_string()),
        Event::Draw {
            pig,
            reason: DrawReason::Reward,
            ..
        } => (*pig, "draws 3 as a reward".to_string()),
        Event::Death { pig, .. } => (*pig, "dies".to_string()),
        _ => return None,
    })
}

/// Where to look in tabletop's story of the game `source`, for a program whose output differs
/// from tabletop's first at output line `line` (from 1); empty for a game without an answer. For a differing pig (output line `line` >= 2): the
/// events of tabletop's game that change its hand other than by its own draws and plays (a
/// discard, a J, a peach at 0 HP, a lost hand, a reward) or kill it, with their turns; for
/// differing winners, how tabletop's game ends. The command's own story cannot be seen, so
/// this says where to look first, not where the two stories part.
pub fn story(source: &Source, line: usize) -> String {
    played_game(source).map_or_else(|_| String::new(), |game| story_of(&game, line))
}

/// [`story`], of `game` played through with its events recorded.
fn story_of(game: &Game, line: usize) -> String {
    let mut out = format!("--- the story: tabletop's game lasts {} turns", game.turns());
    let mut turn = 0;
    if line >= 2 {
        let pig = line - 2;
        let role = game.pigs().get(pig).map_or("?", |p| p.role.name());
        let mut events = Vec::new();
        for event in game.events() {
            match (event, notable(event)) {
                (Event::Turn { number, .. }, _) => turn = *number,
                (_, Some((who, what))) if who == pig => events.push(format!("in turn {turn} it {what}")),
                _ => {}
            }
        }
        let _ = write!(out, "; pig {} ({role}): ", pig + 1);
        if events.is_empty() {
            out.push_str("it changes only by its own draws and plays: compare the cards it uses");
        } else {
            let more = events.len().saturating_sub(SHOWN_EVENTS);
            events.truncate(SHOWN_EVENTS);
            let _ = write!(out, "{}", events.join("; "));
            if more > 0 {
                let _ = write!(out, "; and {more} more");
            }
        }
    } else {
        let end = game.events().iter().rev().find_map(|event| match event {
            Event::End { reason, .. } => Some(*reason),
            _ => None,
        });
        let _ = match end {
            Some(EndReason::MpDied { killer }) => write!(out, "; the MP is killed by pig {}", killer + 1),
            Some(EndReason::LastFpDied { pig, killer }) => {
                write!(
                    out,
                    "; the last FP, pig {}, is killed by pig {}",
                    pig + 1,
                    killer + 1
                )
            }
            Some(EndReason::NoFpAlive) => write!(out, "; there is no FP, nobody plays"),
            Some(EndReason::MpDead) | None => Ok(()),
        };
    }
    out.push_str(" (`tabletop pigs --trace` tells it turn by turn)\n");
    out
}

/// Another program's output for a game against tabletop's, compared as a judge compares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// tabletop's output (the judge's).
    pub expected: String,
    /// Where the other output first differs; `None` when a judge takes it.
    pub difference: Option<Difference>,
    /// Where to look first in tabletop's game ([`story`]), when the outputs differ.
    pub story: Option<String>,
}

impl Comparison {
    /// The playground's JSON object, on one line with no newline: `{"difference",
    /// "expected", "same", "story"}`.
    pub fn playground_json(&self) -> String {
        let difference = self.difference.as_ref().map(|d| DifferenceView {
            actual: d.actual.as_deref(),
            expected: d.expected.as_deref(),
            line: d.line,
        });
        let view = ComparisonView {
            difference,
            expected: &self.expected,
            same: self.difference.is_none(),
            story: self.story.as_deref(),
        };
        let mut line = tabletop_render::to_string(|out| tabletop_render::json::write_line(out, &view));
        line.truncate(line.trim_end().len());
        line
    }
}

/// Plays the game of `source` once, and compares another program's `output` for it with
/// tabletop's, telling where to look when they differ.
///
/// # Errors
/// [`Failure::Invalid`] for a bad input or a game that can never end.
pub fn compare(source: &Source, output: &str) -> Result<Comparison, Failure> {
    let game = played_game(source)?;
    let mut expected = String::new();
    if let Some(outcome) = game.ending() {
        written(write_ending(&mut expected, &outcome))?;
    }
    let difference = first_difference(&expected, output);
    let story = difference
        .as_ref()
        .map(|d| story_of(&game, d.line).trim_end().to_owned());
    Ok(Comparison {
        expected,
        difference,
        story,
    })
}

/// A game played through, typed: what the judge prints, the `--json` object, every event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The judge's output (what `tabletop pigs` prints).
    pub output: String,
    /// The `--json` object (winner, turns, every pig's state), one line.
    pub json: String,
    /// Every event of the game, in order (pig numbers 0-based: 0 is pig 1, the MP).
    pub events: Vec<Event>,
    /// Notes about the input (a skipped byte-order mark).
    pub notes: Vec<String>,
}

/// The parsed input of `source` and its game at the start.
fn start(source: &Source) -> Result<(PigsInput, Game), Failure> {
    let invalid = |error: &ParseError| Failure::invalid(source.problem(error));
    if source.is_blank() {
        return Err(Failure::invalid(source.empty_problem("the number of pigs n")));
    }
    let parsed = tabletop_parse::pigs::parse(source.bytes()).map_err(|e| invalid(&e))?;
    let game = Game::new(&parsed.setup)
        .map_err(|e| invalid(&ParseError::new(parsed.header.clone(), e.to_string())))?;
    Ok((parsed, game))
}

/// A game that can never end, located at the repeated card.
fn never_ends(source: &Source, parsed: &PigsInput, game: &Game, never: &NeverEnds) -> Failure {
    let message = format!(
        "{never} (the repeated card is here; stopped after {} turns)",
        game.turns()
    );
    Failure::invalid(source.problem(&ParseError::new(parsed.last_card.clone(), message)))
}

/// The game of `source` played through with its events recorded.
///
/// # Errors
/// [`Failure::Invalid`] for a bad input or a game that can never end.
fn played_game(source: &Source) -> Result<Game, Failure> {
    let (parsed, mut game) = start(source)?;
    game.record_events();
    match game.run() {
        Ok(_) => Ok(game),
        Err(never) => Err(never_ends(source, &parsed, &game, &never)),
    }
}

/// Plays the game of `source` with its events recorded, for front ends that hand the
/// events on.
///
/// # Errors
/// [`Failure::Invalid`] for a bad input or a game that can never end.
pub fn play(source: &Source) -> Result<Played, Failure> {
    let game = played_game(source)?;
    let (mut output, mut json) = (String::new(), String::new());
    if let Some(outcome) = game.ending() {
        written(write_ending(&mut output, &outcome))?;
        written(write_pigs(&mut json, &outcome))?;
    }
    Ok(Played {
        output,
        json,
        events: game.events().to_vec(),
        notes: source.notes(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &[u8] = b"3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n";

    #[test]
    fn a_comparison_is_one_game_played_and_one_line_of_json() {
        let source = Source::new("p", SAMPLE.to_vec());
        let same = compare(&source, "FP  \nDEAD\nDEAD\nJ J J J J J D\n\n").unwrap();
        assert_eq!(
            same.playground_json(),
            r#"{"difference":null,"expected":"FP\nDEAD\nDEAD\nJ J J J J J D\n","same":true,"story":null}"#
        );
        let differs = compare(&source, "FP\nDEAD\n").unwrap();
        assert_eq!(differs.story.as_deref(), Some(story(&source, 3).trim_end()));
        assert!(differs
            .playground_json()
            .starts_with(r#"{"difference":{"actual":null,"expected":"DEAD","line":3},"expected":"FP\n"#));
    }

    #[test]
    fn the_story_names_the_turn_a_pig_dies() {
        // The spec's sample: pig 2 (ZP) dies in turn 4, the MP in turn 5.
        let source = Source::new("p", SAMPLE.to_vec());
        let text = story(&source, 3);
        assert!(
            text.contains("lasts 5 turns; pig 2 (ZP): in turn 4 it dies ("),
            "{text}"
        );
        let pig3 = story(&source, 4);
        assert!(
            pig3.contains("pig 3 (FP): it changes only by its own draws and plays"),
            "{pig3}"
        );
        let winner = story(&source, 1);
        assert!(
            winner.contains("lasts 5 turns; the MP is killed by pig 3 ("),
            "{winner}"
        );
    }

    #[test]
    fn the_streamed_trace_is_the_trace_of_all_events() {
        let source = Source::new("p", SAMPLE.to_vec());
        let mut streamed = Vec::new();
        answer(&source, &Request::default(), Some(&mut streamed)).unwrap();
        let parsed = tabletop_parse::pigs::parse(SAMPLE).unwrap();
        let mut game = Game::new(&parsed.setup).unwrap();
        game.record_events();
        game.run().unwrap();
        let roles: Vec<Role> = game.pigs().iter().map(|pig| pig.role).collect();
        let whole =
            tabletop_render::to_string(|out| tabletop_render::pigs::write_trace(out, &roles, game.events()));
        assert_eq!(String::from_utf8(streamed).unwrap(), whole);
    }

    #[test]
    fn a_played_game_is_the_answer_with_its_events() {
        let source = Source::new("p", SAMPLE.to_vec());
        let played = play(&source).unwrap();
        assert_eq!(
            played.output,
            answer(&source, &Request::default(), None).unwrap().text
        );
        let json = answer(&source, &Request { json: true }, None).unwrap().text;
        assert_eq!(played.json, json);
        assert!(matches!(played.events.last(), Some(Event::End { .. })));
        assert!(play(&Source::new("p", b"2 1\nMP D D D D\nFP D D D D\nD\n".to_vec())).is_err());
    }

    #[test]
    fn a_never_ending_game_is_traced_and_refused() {
        let source = Source::new("p", b"2 1\nMP D D D D\nFP D D D D\nD\n".to_vec());
        let mut trace = Vec::new();
        let failure = answer(&source, &Request::default(), Some(&mut trace)).unwrap_err();
        assert!(failure.report().contains("never end"), "{failure}");
        assert!(!trace.is_empty());
    }
}

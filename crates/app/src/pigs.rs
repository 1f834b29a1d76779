//! 猪国杀 (BZOJ 1972 / SDOI 2010): the judge's output, the outcome in JSON, the game turn by
//! turn.

use tabletop_parse::ParseError;
use tabletop_pigs::{Game, Role};
use tabletop_render::json::write_pigs;
use tabletop_render::pigs::{write_ending, Trace};

use crate::{written, Answer, Failure, Source, TraceSink};

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
    let invalid = |error: &ParseError| Failure::invalid(source.problem(error));
    if source.is_blank() {
        return Err(Failure::invalid(source.empty_problem("the number of pigs n")));
    }
    let parsed = tabletop_parse::pigs::parse(source.bytes()).map_err(|e| invalid(&e))?;
    let mut game = Game::new(&parsed.setup)
        .map_err(|e| invalid(&ParseError::new(parsed.header.clone(), e.to_string())))?;
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
        Err(never) => {
            let message = format!(
                "{never} (the repeated card is here; stopped after {} turns)",
                game.turns()
            );
            Err(invalid(&ParseError::new(parsed.last_card.clone(), message)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &[u8] = b"3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n";

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
    fn a_never_ending_game_is_traced_and_refused() {
        let source = Source::new("p", b"2 1\nMP D D D D\nFP D D D D\nD\n".to_vec());
        let mut trace = Vec::new();
        let failure = answer(&source, &Request::default(), Some(&mut trace)).unwrap_err();
        assert!(failure.report().contains("never end"), "{failure}");
        assert!(!trace.is_empty());
    }
}

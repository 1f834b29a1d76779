//! Chutes and Ladders with a fixed throw list (UVa 647): each game's winner, its JSON
//! object, a turn-by-turn trace, or each seat's exact chance with a fair die.

use tabletop_boards::chutes;

pub use tabletop_boards::chutes::{Ending, Event};
pub use tabletop_boards::Board;
use tabletop_odds::{Odds, Rules};
use tabletop_parse::chutes::ChutesGame;
use tabletop_parse::{ParseError, Spanned};
use tabletop_render::chutes::{write_win_probabilities, write_winner};
use tabletop_render::chutes_trace::write_trace;
use tabletop_render::json::write_chutes;

/// Most throws a throw list may hold (the format's limit).
pub use tabletop_parse::chutes::MAX_THROWS;

use crate::keep_going::Problems;
use crate::{written, Answer, Failure, Source, TraceSink};

/// What to answer for each game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Form {
    /// The winner's number, one line per game (the judge's output).
    #[default]
    Winners,
    /// One JSON object per game: winner, turns, throws used, squares.
    Json,
    /// Each seat's chance to win with a fair die (the throw list is not used).
    Odds,
}

/// A chutes request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Request {
    /// What to answer.
    pub form: Form,
    /// Answer the valid games and report each bad one, instead of stopping at the first.
    pub keep_going: bool,
}

/// How many distinct boards the odds remember: judge files repeat one board many times.
const REMEMBERED_BOARDS: usize = 16;

/// Answers every game of `source`; with `trace`, each game turn by turn is written there as
/// it is played (not with [`Form::Odds`]).
///
/// # Errors
/// [`Failure::Invalid`] for a bad input or a game that runs out of throws (with keep-going,
/// the answers of the other games are in it).
pub fn answer(source: &Source, request: &Request, trace: TraceSink<'_>) -> Result<Answer, Failure> {
    if source.is_blank() {
        return Err(Failure::invalid(
            source.empty_problem("a die throw 1..6, or 0 to end the throws"),
        ));
    }
    // Without keep-going the whole input is checked before any game is played, so a syntax
    // error anywhere wins over a game that cannot be finished.
    let (throws, games): (Vec<u8>, Vec<_>) = if request.keep_going {
        let cases = tabletop_parse::chutes::cases(source.bytes()).map_err(|e| problem(source, &e))?;
        let cases = cases.keep_going();
        (cases.throws().to_vec(), cases.collect())
    } else {
        let parsed = tabletop_parse::chutes::parse(source.bytes()).map_err(|e| problem(source, &e))?;
        (parsed.throws, parsed.games.into_iter().map(Ok).collect())
    };
    // One write per game would be a system call per line on an unbuffered stderr.
    let mut trace = trace.map(std::io::BufWriter::new);
    let mut problems = Problems::new(request.keep_going);
    let mut game_answer = GameAnswer {
        request,
        source,
        throws: &throws,
        text: String::new(),
        events: Vec::new(),
        odds: Vec::new(),
    };
    for (number, game) in (1..).zip(games) {
        let answered = match game {
            Ok(game) => game_answer.game(
                number,
                &game,
                trace.as_mut().map(|t| t as &mut dyn std::io::Write),
            ),
            Err(error) => Err(problem(source, &error)),
        };
        problems.case(answered.map_err(|failure| in_case(failure, number)))?;
    }
    if let Some(mut trace) = trace {
        let _ = std::io::Write::flush(&mut trace);
    }
    let mut answer = Answer::text(game_answer.text);
    answer.notes = source.notes();
    problems.finish(answer)
}

fn problem(source: &Source, error: &ParseError) -> Failure {
    Failure::invalid(source.problem(error))
}

fn in_case(failure: Failure, number: usize) -> Failure {
    match failure {
        Failure::Invalid { answers, problems } => Failure::Invalid {
            answers,
            problems: problems.into_iter().map(|p| p.in_case(number)).collect(),
        },
        io => io,
    }
}

/// The state of one request across its games.
struct GameAnswer<'a> {
    request: &'a Request,
    source: &'a Source,
    throws: &'a [u8],
    text: String,
    /// One game's events (the memory reused).
    events: Vec<Event>,
    /// The seats' chances of recent boards, most recent first.
    odds: Vec<(Board, usize, Vec<f64>)>,
}

impl GameAnswer<'_> {
    /// Answers game `number` (from 1), or says why it cannot be answered.
    fn game(
        &mut self,
        number: usize,
        game: &Spanned<ChutesGame>,
        trace: Option<&mut (dyn std::io::Write + '_)>,
    ) -> Result<(), Failure> {
        let located = |e: &dyn std::fmt::Display| {
            let message = format!("game {number} (it starts here): {e}");
            problem(self.source, &ParseError::new(game.span.clone(), message))
        };
        let (board, players) = (&game.value.board, game.value.players);
        match self.request.form {
            Form::Odds => {
                let seats = self.seat_odds(board, players).map_err(|e| located(&e))?;
                written(write_win_probabilities(&mut self.text, &seats))
            }
            Form::Json | Form::Winners if trace.is_some() || self.request.form == Form::Json => {
                self.events.clear();
                let outcome = chutes::play_logged(board, players, self.throws, &mut self.events);
                if let Some(sink) = trace {
                    // A failing trace writer is no reason to lose the answer.
                    let _ = tabletop_render::write_io(sink, |out| {
                        write_trace(out, number, players, &self.events)
                    });
                }
                let outcome = outcome.map_err(|e| located(&e))?;
                match self.request.form {
                    Form::Json => written(write_chutes(&mut self.text, &outcome, players, &self.events)),
                    _ => written(write_winner(&mut self.text, &outcome)),
                }
            }
            Form::Json | Form::Winners => {
                let outcome = chutes::play(board, players, self.throws).map_err(|e| located(&e))?;
                written(write_winner(&mut self.text, &outcome))
            }
        }
    }

    /// Each seat's chance to win on `board`, computed once per distinct board.
    fn seat_odds(&mut self, board: &Board, players: usize) -> Result<Vec<f64>, tabletop_odds::OddsError> {
        if let Some(at) = self.odds.iter().position(|(b, p, _)| b == board && *p == players) {
            let entry = self.odds.remove(at);
            let seats = entry.2.clone();
            self.odds.insert(0, entry);
            return Ok(seats);
        }
        let race = Odds::new(board, &Rules::default()).and_then(|odds| odds.race(players))?;
        self.odds.truncate(REMEMBERED_BOARDS - 1);
        self.odds
            .insert(0, (board.clone(), players, race.win_probability.clone()));
        Ok(race.win_probability)
    }
}

/// The most players [`play`] seats: far more than any table, few enough that the counters
/// stay small.
pub const MAX_PLAYERS: usize = 1 << 20;

/// One game played through, typed: how it ended, its `--json` object, every event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The winner (1-based) and the throws used.
    pub ending: Ending,
    /// The `--json` object (winner, turns, throws used, every counter's square), one line.
    pub json: String,
    /// What happened, in order (players 1-based).
    pub events: Vec<Event>,
}

/// Plays one game on `board` with `players` players and the throw list `throws`, for front
/// ends that hand the game on (the board comes from a board file, see [`crate::odds::read_board`]).
///
/// # Errors
/// [`Failure::Usage`] for no players or more than [`MAX_PLAYERS`], more than [`MAX_THROWS`]
/// throws, a throw that is not a die value, or a game that runs out of throws.
pub fn play(board: &Board, players: usize, throws: &[u8]) -> Result<Played, Failure> {
    if players > MAX_PLAYERS {
        return Err(Failure::usage(format!(
            "{players} players are more than the {MAX_PLAYERS} a game seats"
        )));
    }
    if throws.len() > MAX_THROWS {
        return Err(Failure::usage(format!(
            "{} throws are more than the {MAX_THROWS} a throw list holds",
            throws.len()
        )));
    }
    let mut events = Vec::new();
    let ending = chutes::play_logged(board, players, throws, &mut events)
        .map_err(|e| Failure::usage(e.to_string()))?;
    let mut json = String::new();
    written(write_chutes(&mut json, &ending, players, &events))?;
    Ok(Played { ending, json, events })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &[u8] =
        b"3 6 3 2 5 1 3 4 2 3 1 2 0\n2\n6 95\n99 1\n0 0\n-3\n98\n0\n2\n3 99\n6 90\n0 0\n0\n0\n";

    #[test]
    fn the_trace_is_written_game_by_game_and_the_answer_is_unchanged() {
        let source = Source::new("s", SAMPLE.to_vec());
        let mut trace = Vec::new();
        let answer = answer(&source, &Request::default(), Some(&mut trace)).unwrap();
        assert_eq!(answer.text, "2\n2\n");
        let trace = String::from_utf8(trace).unwrap();
        assert!(trace.starts_with("game 1: 2 players\n"), "{trace}");
        assert!(trace.contains("game 2: 2 players\n"), "{trace}");
    }

    #[test]
    fn a_played_game_is_the_judge_s_game() {
        let parsed = tabletop_parse::chutes::parse(SAMPLE).unwrap();
        let game = &parsed.games[0].value;
        let played = play(&game.board, game.players, &parsed.throws).unwrap();
        assert_eq!(played.ending.winner, 2);
        assert!(played.json.starts_with("{\"winner\":2,"), "{}", played.json);
        assert!(matches!(
            played.events.first(),
            Some(Event::Turn { number: 1, player: 1 })
        ));
        assert!(matches!(play(&game.board, 2, &[1]), Err(Failure::Usage(_))));
        assert!(matches!(play(&game.board, 0, &[1]), Err(Failure::Usage(_))));
    }

    #[test]
    fn keep_going_answers_the_good_games_and_numbers_the_bad_ones() {
        let text = b"3 6 3 2 5 1 3 4 2 3 1 2 0\n2\n6 95\n99 1\n0 0\n-3\n98\n0\n2\n5 5\n0 0\n0\n2\n3 99\n6 90\n0 0\n0\n0\n";
        let source = Source::new("s", text.to_vec());
        let request = Request {
            keep_going: true,
            ..Request::default()
        };
        let Err(Failure::Invalid { answers, problems }) = answer(&source, &request, None) else {
            panic!("the second game is bad");
        };
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].case, Some(2));
        assert_eq!(answers.map(|a| a.lines().count()), Some(2));
    }

    #[test]
    fn odds_of_a_repeated_board_are_the_same_every_time() {
        let game = "2\n6 95\n99 1\n0 0\n0\n";
        let text = format!("1 0\n{}0\n", game.repeat(30));
        let source = Source::new("s", text.into_bytes());
        let request = Request {
            form: Form::Odds,
            keep_going: false,
        };
        let answer = answer(&source, &request, None).unwrap();
        let lines: Vec<&str> = answer.text.lines().collect();
        assert_eq!(lines.len(), 30);
        assert!(lines.iter().all(|line| *line == lines[0]));
    }
}

//! Snakes and Ladders: the fewest throws of each board, one optimal line in JSON, a board
//! drawn in SVG.

use tabletop_boards::{line, snakes};
use tabletop_parse::snakes::SnakesBoard;
use tabletop_parse::Spanned;
use tabletop_render::board_svg::{write_board_svg, MAX_SIDE};
use tabletop_render::json::write_snakes;
use tabletop_render::snakes::write_fewest_throws;

pub use tabletop_boards::line::{Line, Step};

use crate::keep_going::Problems;
use crate::{written, Answer, Failure, Source};

/// The square the counter starts on.
pub const START: u64 = 1;

/// A snakes request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Request {
    /// One JSON object per board (the count and one optimal line) instead of the count.
    pub json: bool,
    /// Answer the valid boards and report each bad one, instead of stopping at the first.
    pub keep_going: bool,
    /// Only board K (1-based) is answered (and drawn); the whole input is still checked.
    pub case: Option<usize>,
    /// Also draw the board ([`Request::case`], else the first) and one optimal line of
    /// play, as [`Answer::picture`].
    pub draw: bool,
    /// Threads answering test cases at once: `None` for one per core, `Some(1)` for this
    /// thread only. The answers are the same, in input order, whatever the number.
    pub jobs: Option<usize>,
}

/// Answers every board of `source` (and draws the one asked for).
///
/// # Errors
/// [`Failure::Invalid`] for a bad input, or a board to draw that the input does not have
/// (with keep-going, the answers of the other boards are in it).
pub fn answer(source: &Source, request: &Request) -> Result<Answer, Failure> {
    if source.is_blank() {
        return Err(Failure::invalid(source.empty_problem("the board size N")));
    }
    let mut problems = Problems::new(request.keep_going);
    let mut answer = Answer::text(String::new());
    answer.notes = source.notes();
    let (mut boards, mut from) = (0, 0);
    if !request.json && !request.draw && request.case.is_none() {
        // The judge's output: plain boards the fast way (on every core), the rest precisely.
        (boards, from) = plain_answers(source.bytes(), request.jobs, &mut answer.text);
    }
    let mut cases = tabletop_parse::snakes::cases_from(source.bytes(), from);
    if request.keep_going {
        cases = cases.keep_going();
    }
    for board in cases {
        boards += 1;
        let answered = match board {
            Ok(_) if request.case.is_some_and(|k| k != boards) => Ok(()),
            Ok(board) => {
                if request.draw && answer.picture.is_none() {
                    answer.picture = Some(draw(&board.value, boards, &mut answer.notes));
                }
                line(request, &board, &mut answer.text)
            }
            Err(error) => Err(Failure::invalid(source.problem(&error).in_case(boards))),
        };
        problems.case(answered)?;
    }
    if let Some(k) = request.case.filter(|&k| k > boards) {
        let noun = if boards == 1 { "board" } else { "boards" };
        let message = format!("--case {k} is out of range: the input has {boards} {noun}");
        problems.problem(source.whole(message))?;
    }
    problems.finish(answer)
}

/// Every board of a snakes input answered once, as typed data: what the playground shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// One optimal line per board, in input order (`None`: its goal cannot be reached);
    /// its `throws` is the board's fewest throws.
    pub lines: Vec<Option<Line>>,
    /// The board asked for, drawn with its optimal line (SVG).
    pub picture: String,
    /// Notes for the user (a byte-order mark skipped, a board too large to draw).
    pub notes: Vec<String>,
}

impl Report {
    /// The playground's JSON object: `{"answers", "boards", "svg", "notes"}`, `answers` the
    /// judge's text, `boards` one object a board as `tabletop snakes --json` writes it.
    pub fn playground_json(&self) -> String {
        tabletop_render::to_string(|out| {
            tabletop_render::snakes::write_playground_json(out, &self.lines, &self.picture, &self.notes)
        })
    }
}

/// Reads every board of `source` once, finds one optimal line of each and draws board
/// `case` (1-based).
///
/// # Errors
/// [`Failure::Invalid`] for a bad input (the first bad board), or a board to draw that the
/// input does not have.
pub fn report(source: &Source, case: usize) -> Result<Report, Failure> {
    if source.is_blank() {
        return Err(Failure::invalid(source.empty_problem("the board size N")));
    }
    let mut report = Report {
        lines: Vec::new(),
        picture: String::new(),
        notes: source.notes(),
    };
    for (k, board) in (1..).zip(tabletop_parse::snakes::cases_from(source.bytes(), 0)) {
        let board = board.map_err(|error| Failure::invalid(source.problem(&error).in_case(k)))?;
        let line = line::optimal_line(&board.value.board, START);
        if k == case {
            report.picture = draw_line(&board.value, line.as_ref(), k, &mut report.notes);
        }
        report.lines.push(line);
    }
    let boards = report.lines.len();
    if case == 0 || case > boards {
        let noun = if boards == 1 { "board" } else { "boards" };
        let message = format!("--case {case} is out of range: the input has {boards} {noun}");
        return Err(Failure::invalid(source.whole(message)));
    }
    Ok(report)
}

/// Inputs shorter than this are answered on one thread.
const PARALLEL_INPUT: usize = 1 << 20;

/// The fewest throws of the plain boards at the start of `text` (see
/// [`tabletop_parse::snakes::PlainBoards`]), one line each into `out`, on `jobs` threads
/// (`None`: one per core) over pieces of the text cut at boards: the number of boards
/// answered and where the first board that is not plain starts (the end of `text` when
/// all are).
fn plain_answers(text: &[u8], jobs: Option<usize>, out: &mut String) -> (usize, usize) {
    let jobs = jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let parts = if text.len() >= PARALLEL_INPUT { jobs } else { 1 };
    let cuts = tabletop_parse::snakes::board_cuts(text, parts);
    let pieces: Vec<(usize, usize)> = cuts.windows(2).map(|pair| (pair[0], pair[1])).collect();
    let answered: Vec<Piece> = match pieces.as_slice() {
        [] => Vec::new(),
        [(start, end)] => vec![plain_piece(text, *start, *end)],
        [(start, end), rest @ ..] => std::thread::scope(|scope| {
            let helpers: Vec<_> = rest
                .iter()
                .map(|&(start, end)| scope.spawn(move || plain_piece(text, start, end)))
                .collect();
            let mut answered = vec![plain_piece(text, *start, *end)];
            for helper in helpers {
                // A helper that panicked answers nothing: its boards are read precisely.
                answered.push(helper.join().unwrap_or(Piece {
                    text: String::new(),
                    boards: 0,
                    end: usize::MAX,
                    complete: false,
                }));
            }
            answered
        }),
    };
    let (mut boards, mut from) = (0, 0);
    out.reserve(answered.iter().map(|piece| piece.text.len()).sum());
    for piece in answered {
        if piece.end == usize::MAX {
            break;
        }
        out.push_str(&piece.text);
        boards += piece.boards;
        from = piece.end;
        if !piece.complete {
            break;
        }
    }
    (boards, from)
}

/// The plain boards of one piece of the text.
struct Piece {
    text: String,
    boards: usize,
    /// Where reading stopped (absolute).
    end: usize,
    /// Whether the whole piece was plain.
    complete: bool,
}

/// The plain boards of `text[start..end]`, answered.
fn plain_piece(text: &[u8], start: usize, end: usize) -> Piece {
    let mut reader = tabletop_parse::snakes::PlainBoards::new(&text[start..end]);
    let mut board = snakes::FlatBoard::default();
    let mut out = String::new();
    let mut boards = 0;
    let complete = loop {
        match reader.next_board(&mut board) {
            Ok(true) => {
                boards += 1;
                // Writing into a String cannot fail.
                let _ = write_fewest_throws(&mut out, board.fewest_throws());
            }
            Ok(false) => break true,
            Err(_) => break false,
        }
    };
    Piece {
        text: out,
        boards,
        end: start + reader.offset(),
        complete,
    }
}

/// The answer line of `board`.
fn line(request: &Request, board: &Spanned<SnakesBoard>, text: &mut String) -> Result<(), Failure> {
    if request.json {
        let line = line::optimal_line(&board.value.board, START);
        written(write_snakes(text, line.as_ref()))
    } else {
        let throws = snakes::fewest_throws(&board.value.board, START);
        written(write_fewest_throws(text, throws))
    }
}

/// Board `k` drawn with one optimal line; a board too large to draw gets a picture that
/// says so, and a note.
fn draw(board: &SnakesBoard, k: usize, notes: &mut Vec<String>) -> String {
    let line = match board.n <= MAX_SIDE {
        true => line::optimal_line(&board.board, START),
        false => None,
    };
    draw_line(board, line.as_ref(), k, notes)
}

/// Board `k` drawn with `line`; a board too large to draw gets a picture that says so, and
/// a note.
fn draw_line(board: &SnakesBoard, line: Option<&Line>, k: usize, notes: &mut Vec<String>) -> String {
    let side = board.n;
    let line = match side <= MAX_SIDE {
        true => line,
        false => {
            notes.push(format!(
                "note: board {k} is {side} x {side}, too large to draw (at most {MAX_SIDE} x {MAX_SIDE}); the picture says so"
            ));
            None
        }
    };
    tabletop_render::to_string(|out| write_board_svg(out, side, &board.board, line))
}

/// The fewest throws and one optimal line of a race board (a board file), from its start
/// square, under the Snakes and Ladders rules (docs/rules/snakes.md): a die 1..6, a throw
/// past the goal not allowed, no miss-a-turn or extra-turn squares. `None` when the goal
/// cannot be reached.
///
/// # Errors
/// [`Failure::Usage`] for a board those rules do not cover (another die, another overshoot
/// rule, miss or extra squares).
pub fn race_line(file: &crate::odds::BoardFile) -> Result<Option<Line>, Failure> {
    let rules = &file.rules;
    if rules.die != 6
        || rules.overshoot != tabletop_odds::Overshoot::Stay
        || !file.board.specials().is_empty()
    {
        return Err(Failure::usage(
            "the fewest throws follow the Snakes and Ladders rules: `die 6`, `overshoot stay` and no miss or extra squares",
        ));
    }
    Ok(line::optimal_line(&file.board, rules.start))
}

/// [`race_line`] as `tabletop snakes --json` writes a board's line:
/// `{"throws":T,"path":[{"throw":d,"land":s,"to":s},...]}` (`null`s when the goal cannot be
/// reached).
///
/// # Errors
/// As [`race_line`].
pub fn race_line_json(file: &crate::odds::BoardFile) -> Result<String, Failure> {
    let line = race_line(file)?;
    Ok(tabletop_render::to_string(|out| write_snakes(out, line.as_ref())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::odds::{race_turns_line, race_turns_line_json};

    const TWO: &[u8] = b"6 1 3\n35 25\n3 23 5 16 20 33\n3 0 0\n";

    #[test]
    fn draws_the_board_asked_for_and_answers_every_board() {
        let source = Source::new("s", TWO.to_vec());
        let request = Request {
            case: Some(2),
            draw: true,
            ..Request::default()
        };
        let answer = answer(&source, &request).unwrap();
        assert_eq!(answer.text, "2\n");
        assert!(answer.picture.is_some_and(|svg| svg.starts_with("<svg")));
    }

    /// Judge boards enough for several pieces (about 2 MB), from a seeded generator.
    fn judge_boards(seed: u64) -> String {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut next = move |below: u64| rng.random_range(0..below);
        let mut text = String::new();
        while text.len() < 2 * PARALLEL_INPUT {
            let n = 5 + next(16);
            let goal = n * n;
            let mut used = vec![false; goal as usize + 2];
            let (mut snakes, mut ladders) = (Vec::new(), Vec::new());
            for _ in 0..40 {
                let (a, b) = (2 + next(goal - 2), 2 + next(goal - 2));
                if a == b || used[a as usize] || used[b as usize] {
                    continue;
                }
                used[a as usize] = true;
                used[b as usize] = true;
                if a > b {
                    snakes.push((a, b))
                } else {
                    ladders.push((a, b))
                }
            }
            text += &format!("{n} {} {}\n", snakes.len(), ladders.len());
            for (a, b) in snakes.iter().chain(&ladders) {
                text += &format!("{a} {b}\n");
            }
        }
        text
    }

    fn with_jobs(text: &str, jobs: Option<usize>, keep_going: bool) -> Result<Answer, Failure> {
        let source = Source::new("boards.txt", text.as_bytes().to_vec());
        let request = Request {
            jobs,
            keep_going,
            ..Request::default()
        };
        answer(&source, &request)
    }

    #[test]
    fn every_number_of_jobs_answers_alike_and_in_order() {
        let text = judge_boards(5);
        let boards = text.lines().filter(|line| line.matches(' ').count() == 2).count();
        let mut out = String::new();
        assert_eq!(
            plain_answers(text.as_bytes(), Some(3), &mut out),
            (boards, text.len())
        );
        let one = with_jobs(&text, Some(1), false).unwrap().text;
        assert_eq!(one, out);
        for jobs in [Some(2), Some(3), None] {
            assert_eq!(with_jobs(&text, jobs, false).unwrap().text, one, "{jobs:?}");
        }
        // Not plain from the middle on (pairs on one line): read precisely, same answers.
        let middle = text.len() / 2;
        let unusual = format!("{}{}", &text[..middle], text[middle..].replace("\n", " \n"));
        for jobs in [Some(1), Some(2)] {
            assert_eq!(with_jobs(&unusual, jobs, false).unwrap().text, one, "{jobs:?}");
        }
        // The precise reader alone (as `--json` reads): the same counts.
        let source = Source::new("boards.txt", text.as_bytes().to_vec());
        let json = answer(
            &source,
            &Request {
                json: true,
                ..Request::default()
            },
        )
        .unwrap()
        .text;
        assert_eq!(json.lines().count(), boards);
    }

    #[test]
    fn errors_are_located_alike_whatever_the_jobs() {
        let text = judge_boards(9);
        // A board start three quarters in.
        let line = tabletop_parse::snakes::board_cuts(text.as_bytes(), 4)[3];
        let bad = format!("{}9 0 1\n1 5\n{}0 0 0\n", &text[..line], &text[line..]);
        let precise = {
            let source = Source::new("boards.txt", bad.as_bytes().to_vec());
            let request = Request {
                case: Some(1),
                keep_going: true,
                ..Request::default()
            };
            answer(&source, &request).unwrap_err().report()
        };
        assert!(precise.contains("square 1 is the start"), "{precise}");
        for jobs in [Some(1), Some(2), Some(3)] {
            let first = with_jobs(&bad, jobs, false).unwrap_err().report();
            assert!(
                precise.starts_with(first.trim_end()),
                "{jobs:?}: {first}\nnot in\n{precise}"
            );
            assert_eq!(
                with_jobs(&bad, jobs, true).unwrap_err().report(),
                precise,
                "{jobs:?}"
            );
        }
    }

    #[test]
    fn a_board_to_draw_past_the_last_is_an_error() {
        let source = Source::new("s", TWO.to_vec());
        let request = Request {
            case: Some(3),
            ..Request::default()
        };
        let failure = answer(&source, &request).unwrap_err();
        assert!(
            failure
                .report()
                .contains("--case 3 is out of range: the input has 2 boards"),
            "{failure}"
        );
    }

    #[test]
    fn a_race_board_s_line_is_the_snakes_line() {
        let source = Source::new(
            "b",
            b"squares 36\nstart 1\nladder 3 23\nladder 5 16\nladder 20 33\nchute 35 25\n".to_vec(),
        );
        let file = crate::odds::read_board(&source).unwrap();
        let line = race_line(&file).unwrap().unwrap();
        assert_eq!(line.throws, 3);
        // What `tabletop snakes --json` writes for the same board (the README's example).
        let json = race_line_json(&file).unwrap();
        assert_eq!(
            json,
            "{\"throws\":3,\"path\":[{\"throw\":4,\"land\":5,\"to\":16},{\"throw\":4,\"land\":20,\"to\":33},{\"throw\":3,\"land\":36,\"to\":36}]}\n"
        );
        let misses = Source::new("b", b"squares 36\nmiss 4\n".to_vec());
        let file = crate::odds::read_board(&misses).unwrap();
        assert!(matches!(race_line(&file), Err(Failure::Usage(_))));
    }

    #[test]
    fn every_race_board_has_a_fewest_turns_line() {
        // Snakes and Ladders rules: as many turns as `tabletop snakes` has throws.
        let text = b"squares 36\nstart 1\nladder 3 23\nladder 5 16\nladder 20 33\nchute 35 25\n";
        let source = Source::new("b", text.to_vec());
        let file = crate::odds::read_board(&source).unwrap();
        let line = race_turns_line(&file, &source).unwrap();
        assert_eq!((line.turns, line.throws()), (3, 3));
        // A die of 4, bounce, a miss and an extra square: a line all the same.
        let text = b"squares 12\ndie 4\novershoot bounce\nmiss 4\nextra 3\nladder 7 11\n";
        let source = Source::new("b", text.to_vec());
        let file = crate::odds::read_board(&source).unwrap();
        let json = race_turns_line_json(&file, &source).unwrap();
        let odds = tabletop_odds::Odds::new(&file.board, &file.rules).unwrap();
        let turns = odds.min_turns();
        assert!(json.contains(&format!(",\"turns\":{turns},")), "{json}");
        assert!(
            json.ends_with(&format!(",\"to\":12,\"turn\":{turns}}}]}}\n")),
            "{json}"
        );
        // A board the engine refuses is a located error.
        let source = Source::new(
            "b",
            b"squares 10\nchute 9 1\nchute 8 1\nchute 7 1\nchute 6 1\nchute 5 1\nchute 4 1\ndie 3\nstart 3\n"
                .to_vec(),
        );
        let file = crate::odds::read_board(&source).unwrap();
        assert!(matches!(
            race_turns_line(&file, &source),
            Err(Failure::Invalid { .. })
        ));
    }

    #[test]
    fn a_line_too_long_to_write_is_refused_not_written() {
        // A die of 1 and an extra throw on every odd square: no two throws fold into one step.
        let mut text = String::from("squares 200002\ndie 1\n");
        for square in (1..200_002).step_by(2) {
            text.push_str(&format!("extra {square}\n"));
        }
        let source = Source::new("b", text.into_bytes());
        let file = crate::odds::read_board(&source).unwrap();
        assert_eq!(race_turns_line(&file, &source).unwrap().throws(), 200_002);
        let failure = race_turns_line_json(&file, &source).unwrap_err();
        assert!(
            failure.report().contains("more than the 100000 written"),
            "{failure}"
        );
    }
}

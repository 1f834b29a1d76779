//! A POJ 2425 input seen as graphs to draw and games to play: every test case's positions
//! with their values and outcomes, its queries with the move to play, and one turn of a game
//! against the engine's strategy (the browser playground's graph page).
//!
//! The whole input is read with the judge's parser and checked first, as [`crate::grundy`]
//! does; problems are located the same way.

use tabletop_grundy::strategy::Strategy;
pub use tabletop_grundy::strategy::{Answer, Move};
pub use tabletop_grundy::Values;
use tabletop_grundy::{Graph, Outcome, Position};
pub use tabletop_parse::grundy::GrundyCase;
use tabletop_render::graph_svg::{write_graph_svg, GraphPicture, GraphQuery, MAX_POSITIONS};
use tabletop_render::grundy::CaseView;

use crate::{Failure, Problem, Source};

/// A POJ 2425 input answered once for the playground: the judge's answers, each test case's
/// graph, values and query answers, and one test case drawn.
#[derive(Debug, Clone)]
pub struct Report {
    /// The test cases, in input order.
    pub cases: Vec<CaseReport>,
    /// The test case asked for, drawn ([`draw`]'s picture).
    pub svg: String,
}

/// One test case: the graph and its queries, the values and the queries' answers.
#[derive(Debug, Clone)]
pub struct CaseReport {
    /// The graph and the queries, as read.
    pub case: GrundyCase,
    /// The generalized Sprague-Grundy value of each position.
    pub values: Values,
    /// Each query's outcome and move to play, in input order.
    pub answers: Vec<Answer>,
}

impl Report {
    /// The judge's answer: one outcome a query, one a line.
    pub fn answers_text(&self) -> String {
        let outcomes: Vec<Outcome> = self
            .cases
            .iter()
            .flat_map(|case| case.answers.iter().map(|answer| answer.outcome))
            .collect();
        tabletop_render::grundy::answers_text(&outcomes)
    }

    /// The playground's JSON object: `{"answers", "cases", "svg"}`
    /// ([`tabletop_render::grundy::write_playground_json`]).
    pub fn playground_json(&self) -> String {
        let cases: Vec<CaseView> = self
            .cases
            .iter()
            .map(|report| {
                let answers: Vec<(&[Position], Answer)> = report
                    .case
                    .queries
                    .iter()
                    .zip(report.answers.iter().copied())
                    .collect();
                CaseView::new(&report.case.graph, &report.values, &answers)
            })
            .collect();
        tabletop_render::to_string(|out| {
            tabletop_render::grundy::write_playground_json(out, &self.answers_text(), &cases, &self.svg)
        })
    }
}

/// Reads `source` once and answers every test case: values, the queries' outcomes and moves,
/// and test case `case` (1-based) drawn with query `shown` (1-based) ringed, as [`draw`]
/// draws it.
///
/// # Errors
/// [`Failure::Invalid`] for a bad input (the first problem, located as `tabletop grundy`
/// locates it), or an input with no test case; [`Failure::Usage`] for a case or a query the
/// input does not have.
pub fn report(source: &Source, case: usize, shown: Option<usize>) -> Result<Report, Failure> {
    let cases = parse(source)?;
    let shown = shown_query(source, &cases, case, shown)?;
    let mut reports = Vec::with_capacity(cases.len());
    let mut svg = String::new();
    for (number, game) in (1..).zip(cases) {
        let values = game.graph.values();
        let answers = answers(source, &game, &values)?;
        if number == case {
            svg = picture(&game, case, &values, &answers, shown);
        }
        reports.push(CaseReport {
            case: game,
            values,
            answers,
        });
    }
    Ok(Report { cases: reports, svg })
}

/// Test case `case` (1-based) of `source` drawn in SVG ([`tabletop_render::graph_svg`]): its
/// positions with values and outcomes, its queries and their answers, query `shown`
/// (1-based) ringed with its winning move in red, or every winning move without one. A
/// graph of more than [`MAX_DRAWN`] positions gets a picture that says so.
///
/// # Errors
/// [`Failure::Invalid`] for a bad input; [`Failure::Usage`] for a case or a query the input
/// does not have.
pub fn draw(source: &Source, case: usize, shown: Option<usize>) -> Result<String, Failure> {
    let cases = parse(source)?;
    let shown = shown_query(source, &cases, case, shown)?;
    // `shown_query` found the case.
    let Some(game) = cases.get(case - 1) else {
        return Err(illegal(source, format!("test case {case} is out of range")));
    };
    let values = game.graph.values();
    let answers = answers(source, game, &values)?;
    Ok(picture(game, case, &values, &answers, shown))
}

/// Checks that test case `case` and its query `shown` (both 1-based) exist; the query's
/// index from 0.
fn shown_query(
    source: &Source,
    cases: &[GrundyCase],
    case: usize,
    shown: Option<usize>,
) -> Result<Option<usize>, Failure> {
    let Some(game) = case.checked_sub(1).and_then(|k| cases.get(k)) else {
        return Err(illegal(
            source,
            format!("test case {case} is out of range: the input has {}", cases.len()),
        ));
    };
    let queries = game.queries.len();
    match shown {
        Some(k) if k == 0 || k > queries => Err(illegal(
            source,
            format!("query {k} is out of range: test case {case} has {queries}"),
        )),
        other => Ok(other.map(|k| k - 1)),
    }
}

/// The answers of `game`'s queries by the engine's strategy.
fn answers(source: &Source, game: &GrundyCase, values: &Values) -> Result<Vec<Answer>, Failure> {
    let strategy = Strategy::new(&game.graph, values);
    game.queries
        .iter()
        .map(|pieces| {
            strategy
                .answer(pieces)
                .map_err(|e| illegal(source, e.to_string()))
        })
        .collect()
}

/// Test case number `case`, drawn.
fn picture(
    game: &GrundyCase,
    case: usize,
    values: &Values,
    answers: &[Answer],
    shown: Option<usize>,
) -> String {
    let queries: Vec<GraphQuery<'_>> = game
        .queries
        .iter()
        .zip(answers.iter().copied())
        .map(|(pieces, answer)| GraphQuery { pieces, answer })
        .collect();
    let picture = GraphPicture {
        case,
        graph: &game.graph,
        values,
        queries: &queries,
        shown,
    };
    tabletop_render::to_string(|out| write_graph_svg(out, &picture))
}

/// The most positions [`draw`] draws.
pub const MAX_DRAWN: usize = MAX_POSITIONS;

/// Whose turn it is and how the game stands, after [`turn`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// The pieces after the moves of this turn.
    pub pieces: Vec<Position>,
    /// The engine's reply, if it had a move.
    pub reply: Option<Move>,
    /// `Some(true)` when the user has won (the engine has no move), `Some(false)` when the
    /// engine has won (the user has no move left), `None` while the game goes on.
    pub user_won: Option<bool>,
    /// The outcome for the user, who moves next (when the game goes on).
    pub outcome: Outcome,
}

impl Turn {
    /// The playground's JSON object of this turn ([`tabletop_render::grundy::write_turn_json`]).
    pub fn playground_json(&self) -> String {
        tabletop_render::to_string(|out| {
            tabletop_render::grundy::write_turn_json(
                out,
                &self.pieces,
                self.reply,
                self.user_won,
                self.outcome,
            )
        })
    }
}

/// A move the user asked for that the game does not allow.
fn illegal(source: &Source, message: String) -> Failure {
    Failure::usage_of(source.name(), message)
}

/// One turn of a game on test case `case` (1-based) with pieces on `pieces`: the user's move
/// `user` (the piece's number, from 1, and the position it moves to), if any, then the engine's
/// reply by its strategy (the winning move from a WIN position, a drawing move from a DRAW,
/// else its first legal move). With `user` absent the engine moves first.
///
/// # Errors
/// [`Failure::Invalid`] for a bad input; [`Failure::Usage`] for a case the input does not
/// have, a piece outside the graph, or a move along no edge.
pub fn turn(
    source: &Source,
    case: usize,
    pieces: &[Position],
    user: Option<(usize, Position)>,
) -> Result<Turn, Failure> {
    let cases = parse(source)?;
    let Some(game) = case.checked_sub(1).and_then(|k| cases.get(k)) else {
        return Err(illegal(
            source,
            format!("test case {case} is out of range: the input has {}", cases.len()),
        ));
    };
    let graph = &game.graph;
    if let Some((index, &position)) = pieces
        .iter()
        .enumerate()
        .find(|(_, &p)| p as usize >= graph.len())
    {
        let message = format!(
            "piece #{} stands on position {position}, outside 0..{}",
            index + 1,
            graph.len() - 1
        );
        return Err(illegal(source, message));
    }
    let mut pieces = pieces.to_vec();
    if let Some((number, to)) = user {
        let Some(piece) = number.checked_sub(1) else {
            return Err(Failure::usage("pieces are numbered from 1"));
        };
        let Some(&from) = pieces.get(piece) else {
            return Err(illegal(source, format!("there is no piece #{number}")));
        };
        if !graph.successors(from).contains(&to) {
            return Err(illegal(
                source,
                format!("piece #{number} cannot move from {from} to {to}"),
            ));
        }
        pieces[piece] = to;
    }
    let values = graph.values();
    let strategy = Strategy::new(graph, &values);
    let engine = strategy
        .answer(&pieces)
        .map_err(|e| illegal(source, e.to_string()))?
        .play
        .or_else(|| first_move(graph, &pieces));
    let Some(reply) = engine else {
        return Ok(Turn {
            outcome: Outcome::Lose,
            pieces,
            reply: None,
            user_won: Some(true),
        });
    };
    pieces[reply.piece] = reply.to;
    let outcome = values
        .outcome(&pieces)
        .map_err(|e| illegal(source, e.to_string()))?;
    let user_won = first_move(graph, &pieces).is_none().then_some(false);
    Ok(Turn {
        pieces,
        reply: Some(reply),
        user_won,
        outcome,
    })
}

/// The first legal move (lowest piece, first successor), if any piece can move.
fn first_move(graph: &Graph, pieces: &[Position]) -> Option<Move> {
    pieces
        .iter()
        .enumerate()
        .find_map(|(piece, &from)| graph.successors(from).first().map(|&to| Move { piece, from, to }))
}

/// The test cases of a whole input, all checked.
fn parse(source: &Source) -> Result<Vec<GrundyCase>, Failure> {
    if source.is_blank() {
        return Err(Failure::invalid(
            source.empty_problem("the number of positions N"),
        ));
    }
    let input =
        tabletop_parse::grundy::parse(source.bytes()).map_err(|e| Failure::invalid(source.problem(&e)))?;
    if input.cases.is_empty() {
        return Err(Failure::invalid(Problem::unlocated(
            source.name(),
            "the input has no test case",
        )));
    }
    Ok(input.cases.into_iter().map(|case| case.value).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &[u8] =
        b"4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";

    fn sample() -> Source {
        Source::new("g", SAMPLE.to_vec())
    }

    /// The report read once agrees with the judge's answer, the drawing and the views.
    #[test]
    fn the_report_agrees_with_the_judge_answers() {
        let source = sample();
        let report = report(&source, 2, Some(1)).unwrap();
        assert_eq!(report.cases.len(), 2);
        assert_eq!(
            report.answers_text(),
            crate::answer(crate::Game::Grundy, SAMPLE).unwrap()
        );
        assert_eq!(report.svg, draw(&source, 2, Some(1)).unwrap());
        let json = report.playground_json();
        assert!(json.starts_with("{\"answers\":\"WIN\\nWIN\\nWIN\\nLOSE\\nWIN\\n\",\"cases\":[{\"successors\":[[1,2],[],[3],[]],"), "{json}");
        assert!(json.contains("{\"value\":\"0\",\"outcome\":\"LOSE\"}"), "{json}");
        assert!(json.contains("\"cyclic\":false"), "{json}");
    }

    #[test]
    fn a_cycle_is_seen_and_drawn_positions_spelled() {
        let report = report(&Source::new("g", b"2\n1 1\n1 0\n1 0\n0\n".to_vec()), 1, None).unwrap();
        let json = report.playground_json();
        assert!(json.contains("\"cyclic\":true"), "{json}");
        assert!(
            json.contains("{\"value\":\"∞()\",\"outcome\":\"DRAW\"}"),
            "{json}"
        );
        assert_eq!(report.cases[0].answers[0].outcome, Outcome::Draw);
    }

    /// The engine, moving first from every WIN query, wins against every user reply.
    #[test]
    fn the_engine_wins_from_win_against_any_reply() {
        let source = sample();
        for (number, case) in report(&source, 1, None).unwrap().cases.iter().enumerate() {
            let wins = case
                .case
                .queries
                .iter()
                .zip(&case.answers)
                .filter(|(_, a)| a.outcome == Outcome::Win);
            for (pieces, _) in wins {
                let mut games = vec![turn(&source, number + 1, pieces, None).unwrap()];
                while let Some(game) = games.pop() {
                    assert_ne!(game.user_won, Some(true), "{pieces:?}");
                    if game.user_won.is_some() {
                        continue;
                    }
                    for (piece, &from) in game.pieces.iter().enumerate() {
                        for &to in case.case.graph.successors(from) {
                            games.push(
                                turn(&source, number + 1, &game.pieces, Some((piece + 1, to))).unwrap(),
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn illegal_moves_and_cases_are_refused() {
        let source = sample();
        let error = turn(&source, 1, &[0], Some((1, 3))).unwrap_err();
        assert_eq!(error.report(), "error: g: piece #1 cannot move from 0 to 3\n");
        assert!(turn(&source, 3, &[0], None)
            .unwrap_err()
            .report()
            .contains("out of range"));
        assert!(turn(&source, 1, &[9], None)
            .unwrap_err()
            .report()
            .contains("outside 0..3"));
        assert!(turn(&source, 1, &[0], Some((2, 1)))
            .unwrap_err()
            .report()
            .contains("no piece #2"));
        assert!(turn(&source, 1, &[0], Some((0, 1)))
            .unwrap_err()
            .report()
            .contains("numbered from 1"));
        let bad = turn(&Source::new("g", b"2\n1 5\n".to_vec()), 1, &[0], None).unwrap_err();
        assert!(matches!(bad, Failure::Invalid { .. }));
    }

    #[test]
    fn a_case_is_drawn_with_its_queries() {
        let source = sample();
        let svg = draw(&source, 2, Some(1)).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("Test case 2: 4 positions"));
        assert_eq!(svg.matches("class=\"query").count(), 3);
        assert!(svg.contains("class=\"query shown\" data-query=\"1\""));
        assert!(draw(&source, 1, None).unwrap().contains("Test case 1"));
        for (case, query, message) in [
            (3, None, "test case 3 is out of range"),
            (1, Some(4), "query 4 is out of range"),
            (1, Some(0), "query 0"),
        ] {
            let error = draw(&source, case, query).unwrap_err().report();
            assert!(error.contains(message), "{error}");
        }
    }

    #[test]
    fn the_user_wins_when_the_engine_cannot_move() {
        // One piece on the sink: the engine, to move, has no move.
        let turn = turn(&sample(), 1, &[3], None).unwrap();
        assert_eq!(turn.user_won, Some(true));
        assert_eq!(turn.reply, None);
    }
}

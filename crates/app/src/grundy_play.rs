//! A POJ 2425 input seen as graphs to draw and games to play: every test case's positions
//! with their values and outcomes, its queries with the move to play, and one turn of a game
//! against the engine's strategy (the browser playground's graph page).
//!
//! The whole input is read with the judge's parser and checked first, as [`crate::grundy`]
//! does; problems are located the same way.

pub use tabletop_grundy::strategy::Move;
use tabletop_grundy::strategy::Strategy;
use tabletop_grundy::{Graph, Outcome, Position, Value};
use tabletop_parse::grundy::GrundyCase;
use tabletop_render::graph_svg::{write_graph_svg, GraphPicture, GraphQuery, MAX_POSITIONS};

use crate::{Failure, Problem, Source};

/// One position of a test case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionView {
    /// Its generalized Sprague-Grundy value, spelled as the values output does (`3`, `∞(0,2)`).
    pub value: String,
    /// The outcome of one piece standing on it, the player to move first.
    pub outcome: Outcome,
}

/// One query of a test case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryView {
    /// The pieces' positions.
    pub pieces: Vec<Position>,
    /// The judge's answer.
    pub outcome: Outcome,
    /// The move to play (the winning move, or a drawing move), as `tabletop grundy --json`.
    pub play: Option<Move>,
}

/// One test case: the graph, its values and its queries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseView {
    /// The successors of each position, in input order.
    pub successors: Vec<Vec<Position>>,
    /// Each position's value and outcome.
    pub positions: Vec<PositionView>,
    /// Whether the graph has a cycle (some position can be reached from itself).
    pub cyclic: bool,
    /// The queries, in input order.
    pub queries: Vec<QueryView>,
}

/// Every test case of `source`, with its values and answers.
///
/// # Errors
/// [`Failure::Invalid`] for a bad input (the first problem, located as `tabletop grundy`
/// locates it), or an input with no test case.
pub fn cases(source: &Source) -> Result<Vec<CaseView>, Failure> {
    parse(source)?.iter().map(case_view).collect()
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
    let Some(game) = case.checked_sub(1).and_then(|k| cases.get(k)) else {
        return Err(illegal(
            source,
            format!("test case {case} is out of range: the input has {}", cases.len()),
        ));
    };
    let queries = game.queries.len();
    let shown = match shown {
        Some(k) if k == 0 || k > queries => {
            return Err(illegal(
                source,
                format!("query {k} is out of range: test case {case} has {queries}"),
            ));
        }
        other => other.map(|k| k - 1),
    };
    let graph = &game.graph;
    let values = graph.values();
    let strategy = Strategy::new(graph, &values);
    let mut answers = Vec::with_capacity(queries);
    for pieces in game.queries.iter() {
        let answer = strategy
            .answer(pieces)
            .map_err(|e| illegal(source, e.to_string()))?;
        answers.push(GraphQuery { pieces, answer });
    }
    let picture = GraphPicture {
        case,
        graph,
        values: &values,
        queries: &answers,
        shown,
    };
    Ok(tabletop_render::to_string(|out| write_graph_svg(out, &picture)))
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

/// A move the user asked for that the game does not allow.
fn illegal(source: &Source, message: String) -> Failure {
    Failure::Usage(format!("error: {}: {message}", source.name()))
}

/// One turn of a game on test case `case` (1-based) with pieces on `pieces`: the user's move
/// `user` (piece index, 0-based, and the position it moves to), if any, then the engine's
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
    if let Some((piece, to)) = user {
        let Some(&from) = pieces.get(piece) else {
            return Err(illegal(source, format!("there is no piece #{}", piece + 1)));
        };
        if !graph.successors(from).contains(&to) {
            return Err(illegal(
                source,
                format!("piece #{} cannot move from {from} to {to}", piece + 1),
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

fn case_view(case: &GrundyCase) -> Result<CaseView, Failure> {
    let graph = &case.graph;
    let values = graph.values();
    let strategy = Strategy::new(graph, &values);
    let positions = (0..graph.len())
        .map(|p| {
            let position = p as Position;
            let value = values.get(position).unwrap_or(Value::Finite(0));
            let outcome = values.outcome(&[position]).unwrap_or(Outcome::Lose);
            PositionView {
                value: value.to_string(),
                outcome,
            }
        })
        .collect();
    let mut queries = Vec::with_capacity(case.queries.len());
    for pieces in case.queries.iter() {
        // The parser checks every piece, so an answer always exists.
        let answer = strategy
            .answer(pieces)
            .map_err(|e| Failure::Usage(format!("error: {e}")))?;
        queries.push(QueryView {
            pieces: pieces.to_vec(),
            outcome: answer.outcome,
            play: answer.play,
        });
    }
    Ok(CaseView {
        successors: (0..graph.len())
            .map(|p| graph.successors(p as Position).to_vec())
            .collect(),
        positions,
        cyclic: graph.acyclic_values().is_err(),
        queries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &[u8] =
        b"4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";

    fn sample() -> Source {
        Source::new("g", SAMPLE.to_vec())
    }

    #[test]
    fn the_views_agree_with_the_judge_answers() {
        let cases = cases(&sample()).unwrap();
        assert_eq!(cases.len(), 2);
        let outcomes: Vec<&str> = cases
            .iter()
            .flat_map(|c| c.queries.iter().map(|q| q.outcome.as_str()))
            .collect();
        assert_eq!(outcomes, ["WIN", "WIN", "WIN", "LOSE", "WIN"]);
        assert_eq!(cases[0].successors[0], [1, 2]);
        assert_eq!(cases[0].positions[3].value, "0");
        assert_eq!(cases[0].positions[3].outcome, Outcome::Lose);
        assert!(!cases[0].cyclic);
    }

    #[test]
    fn a_cycle_is_seen_and_drawn_positions_spelled() {
        let cases = cases(&Source::new("g", b"2\n1 1\n1 0\n1 0\n0\n".to_vec())).unwrap();
        assert!(cases[0].cyclic);
        assert_eq!(cases[0].positions[0].value, "∞()");
        assert_eq!(cases[0].queries[0].outcome, Outcome::Draw);
    }

    /// The engine, moving first from every WIN query, wins against every user reply.
    #[test]
    fn the_engine_wins_from_win_against_any_reply() {
        let source = sample();
        for (number, case) in cases(&source).unwrap().iter().enumerate() {
            for query in case.queries.iter().filter(|q| q.outcome == Outcome::Win) {
                let mut games = vec![turn(&source, number + 1, &query.pieces, None).unwrap()];
                while let Some(game) = games.pop() {
                    assert_ne!(game.user_won, Some(true), "{query:?}");
                    if game.user_won.is_some() {
                        continue;
                    }
                    for (piece, &from) in game.pieces.iter().enumerate() {
                        for &to in &case.successors[from as usize] {
                            games.push(turn(&source, number + 1, &game.pieces, Some((piece, to))).unwrap());
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn illegal_moves_and_cases_are_refused() {
        let source = sample();
        let error = turn(&source, 1, &[0], Some((0, 3))).unwrap_err();
        assert_eq!(error.report(), "error: g: piece #1 cannot move from 0 to 3\n");
        assert!(turn(&source, 3, &[0], None)
            .unwrap_err()
            .report()
            .contains("out of range"));
        assert!(turn(&source, 1, &[9], None)
            .unwrap_err()
            .report()
            .contains("outside 0..3"));
        assert!(turn(&source, 1, &[0], Some((1, 1)))
            .unwrap_err()
            .report()
            .contains("no piece #2"));
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

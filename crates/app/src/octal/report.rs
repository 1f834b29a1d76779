//! The typed report of an octal request: what a front end that draws its own view (the
//! playground's pages, Python) needs, computed once, as numbers rather than rendered text to
//! be read back.

use tabletop_octal::{Computation, HeapMove, OctalCode, Options, Period, Tally};
use tabletop_render::json::write_line;
use tabletop_render::misere::{MisereReply, MisereView};
use tabletop_render::octal::{write_tally, Query, SumView, TallyView, ValuesView};

use super::heaps::sum_answer;
pub use super::misere::MisereReport;
use super::session::Session;
use super::{check_memory, read_game, read_heaps, Game, Play, Request};
use crate::{Control, Failure};

/// An octal request's answer as typed data: normal play's values with the published tables'
/// numbers, or misère play's quotient; and a sum's outcome under that play.
#[derive(Debug, Clone)]
pub struct Report {
    /// The code read.
    pub code: OctalCode,
    /// The largest heap N computed (grown to the query's largest heap when no period proven
    /// within the heaps asked for answers it, as the command line does).
    pub heaps: u64,
    /// What the play computed.
    pub play: PlayReport,
    /// The query's heaps, its outcome and a winning move, when a query was given.
    pub query: Option<QueryReport>,
}

/// What normal or misère play computed.
#[derive(Debug, Clone)]
pub enum PlayReport {
    /// Normal play's values.
    Normal(ValuesReport),
    /// Misère play's quotient.
    Misere(MisereReport),
}

/// Normal play: the values `G(0..=N)` and what is known of them.
#[derive(Debug, Clone)]
pub struct ValuesReport {
    /// `G(0..=N)`.
    pub values: Vec<u32>,
    /// The period found within `G(0..=N)`, if any.
    pub period: Option<Period>,
    /// The tables' numbers of `G(0..=N)` (`tabletop octal --stats`).
    pub tally: Tally,
    /// How the values were computed, in words.
    pub method: String,
    /// The `--stats` lines of the tally, as the command line writes them (without the
    /// timing line, which differs from run to run).
    pub tally_lines: Vec<String>,
}

/// A sum of heaps: its outcome and a winning move, if there is one.
#[derive(Debug, Clone)]
pub struct QueryReport {
    /// The heap sizes.
    pub heaps: Vec<u64>,
    /// Who wins with best play, and how.
    pub answer: Query,
    /// The move the engine plays in this sum: the winning move when there is one, else the
    /// first legal move (`None` when no move is left: the game is over).
    pub reply: Option<HeapMove>,
    /// Every legal move of the sum, heap by heap in order and each heap's in the engine's
    /// order (the first is the first legal move); `None` when there are more than 10,000.
    pub moves: Option<Vec<HeapMove>>,
}

/// The most legal moves a query lists (a heap of `n` tokens has about `n / 2` a split).
const MAX_LISTED_MOVES: usize = 10_000;

/// The first legal move in the sum of `heaps`, heap by heap in order.
fn first_move(code: &OctalCode, heaps: &[u64]) -> Option<HeapMove> {
    heaps.iter().enumerate().find_map(|(heap, &size)| {
        code.find_move(size, |_, _| true).map(|(take, leave)| HeapMove {
            heap,
            size,
            take,
            leave,
        })
    })
}

/// Every legal move in the sum of `heaps`, heap by heap in order; `None` past `most`.
fn legal_moves(code: &OctalCode, heaps: &[u64], most: usize) -> Option<Vec<HeapMove>> {
    let mut moves = Vec::new();
    for (heap, &size) in heaps.iter().enumerate() {
        let too_many = code.find_move(size, |take, leave| {
            moves.push(HeapMove {
                heap,
                size,
                take,
                leave,
            });
            moves.len() > most
        });
        if too_many.is_some() {
            return None;
        }
    }
    Some(moves)
}

impl Report {
    /// The playground's JSON object of this report (`POST /api/octal`, the static site):
    /// under normal play [`ValuesView`]'s `{"code", "heaps", "values", "period", "stats",
    /// "stats_lines", "query"}`; under misère play `{"code", "heaps", "misere", "query"}`,
    /// `misere` the object of `tabletop octal CODE --misere --period --json`.
    pub fn playground_json(&self) -> String {
        let query = self
            .query
            .as_ref()
            .map(|q| SumView::new(&q.heaps, &q.answer, q.reply, q.moves.as_deref()));
        let code = self.code.to_string();
        tabletop_render::to_string(|out| match &self.play {
            PlayReport::Misere(misere) => write_line(
                out,
                &MisereReply {
                    code,
                    heaps: self.heaps,
                    misere: MisereView::new(&misere.quotient, misere.period),
                    query,
                },
            ),
            PlayReport::Normal(normal) => write_line(
                out,
                &ValuesView {
                    code,
                    heaps: self.heaps,
                    values: &normal.values,
                    period: normal.period.map(Into::into),
                    stats: TallyView::of(&normal.tally, &normal.method),
                    stats_lines: &normal.tally_lines,
                    query,
                },
            ),
        })
    }
}

/// The work an octal request for heaps `0..=n` costs, in moves looked at: each digit
/// that allows a move without a split is one move per heap; each split of a heap of `h` tokens is about `h / 2` moves (a sum over
/// the heaps of about `n² / 4`). An upper bound: the sparse-space engine looks at far
/// fewer splits for most codes.
pub fn octal_work(code: &OctalCode, n: u64) -> u128 {
    let n = u128::from(n);
    code.digits()
        .iter()
        .map(|&digit| match digit {
            0 => 0,
            split if split & 4 != 0 => n * n / 4 + n,
            _ => n,
        })
        .sum()
}

/// What `request` asks of `game` as a typed [`Report`], after [`Request::check`]: the
/// values (on one thread: pages and Python run one request a thread), the period, the tally
/// and the query's answer, or under misère play the quotient, its period and the query's
/// misère answer. The work ticks `control` between rounds and stops there once it says so.
///
/// # Errors
/// [`Failure::Invalid`] for a bad code, game text or query, or work beyond the request's
/// limits; [`Failure::Stopped`] once `control` says stop.
pub fn report(game: Game<'_>, request: &Request, control: &Control) -> Result<Report, Failure> {
    let (code, file_heaps, _) = read_game(game)?;
    let asked = match &request.query {
        Some(source) => Some(read_heaps(source)?),
        None => None,
    };
    let n = request.heaps_for(&code, file_heaps, asked.as_deref(), control)?;
    let answer = |heaps: Vec<u64>, answer: Query| QueryReport {
        reply: answer.best.or_else(|| first_move(&code, &heaps)),
        moves: legal_moves(&code, &heaps, MAX_LISTED_MOVES),
        heaps,
        answer,
    };
    if request.play == Play::Misere {
        let (misere, query) = super::misere::report(&code, n, request, asked.as_deref(), control)?;
        let query = asked.zip(query).map(|(heaps, query)| answer(heaps, query));
        return Ok(Report {
            code,
            heaps: n,
            play: PlayReport::Misere(misere),
            query,
        });
    }
    // What needs too much memory is refused before any work, counting the values kept here.
    check_memory(
        &code,
        n,
        std::mem::size_of::<u32>() as u64,
        &request.heaps_label(n),
    )?;
    // Within the cap, n is far below usize::MAX.
    let mut run = Computation::new(&code, n as usize, Options::default());
    run.set_threads(request.jobs.unwrap_or(1).clamp(1, 2));
    let mut session = Session::new(run);
    session.finish(control)?;
    let run = session.into_run();
    let mut values = Vec::with_capacity(run.known());
    run.copy_values(0, run.known(), &mut values);
    let period = run.period();
    let query = match (asked, &request.query) {
        (Some(heaps), Some(source)) => {
            let query = sum_answer(&code, &values, period, &heaps)
                .map_err(|e| Failure::invalid(source.whole(e.to_string())))?;
            Some(answer(heaps, query))
        }
        _ => None,
    };
    let tally = run.tally();
    let method = tabletop_render::octal::method_used(&run.method_used());
    let tally_lines = tabletop_render::to_string(|out| write_tally(out, &tally, &method))
        .lines()
        .map(str::to_owned)
        .collect();
    Ok(Report {
        code,
        heaps: n,
        play: PlayReport::Normal(ValuesReport {
            period,
            values,
            tally,
            method,
            tally_lines,
        }),
        query,
    })
}

#[cfg(test)]
mod tests {
    use super::{
        legal_moves, octal_work, report, Control, Failure, Game, OctalCode, Play, PlayReport, Request,
    };
    use crate::Source;

    /// The moves of a heap of `size` under `code`, as `(take, leave)`.
    fn moves(code: &OctalCode, size: u64) -> Vec<(u64, Vec<u64>)> {
        let moves = legal_moves(code, &[size], usize::MAX).expect("listed");
        moves.into_iter().map(|m| (m.take, m.leave.heaps())).collect()
    }

    /// The moves as docs/octal.md reads the digits, and a sum's moves heap by heap.
    #[test]
    fn a_sum_lists_its_legal_moves_as_the_digits_allow() {
        let code = |digits: &[u8]| OctalCode::new(digits).expect("a code");
        // 4.07: split without taking, or take 2 leaving one or two heaps.
        let split_or_take_two = vec![(0, vec![1, 3]), (0, vec![2, 2]), (2, vec![2]), (2, vec![1, 1])];
        assert_eq!(moves(&code(&[4, 0, 7]), 4), split_or_take_two);
        // Grundy's game: unequal splits only.
        let grundy = OctalCode::grundy();
        assert_eq!(
            moves(&grundy, 7),
            [(0, vec![1, 6]), (0, vec![2, 5]), (0, vec![3, 4])]
        );
        assert_eq!(moves(&grundy, 2), []);
        // Officers 0.6: take one, leaving one or two heaps, never the whole heap.
        assert_eq!(moves(&code(&[0, 6]), 3), [(1, vec![2]), (1, vec![1, 1])]);
        assert_eq!(moves(&code(&[0, 6]), 1), []);
        assert_eq!(moves(&code(&[0, 7, 7]), 2), [(1, vec![1]), (2, vec![])]);
        // A sum: heap by heap, each numbered; past the most, none listed.
        let kayles = code(&[0, 7, 7]);
        let listed = legal_moves(&kayles, &[1, 0, 2], 10).expect("listed");
        let heaps: Vec<usize> = listed.iter().map(|m| m.heap).collect();
        assert_eq!(heaps, [0, 2, 2]);
        assert_eq!(legal_moves(&kayles, &[1, 0, 2], 2), None);
        assert_eq!(legal_moves(&kayles, &[1, 0, 2], 3).map(|m| m.len()), Some(3));
    }

    #[test]
    fn the_work_counts_splits_quadratically_and_takes_linearly() {
        let code = |digits: &[u8]| OctalCode::new(digits).expect("a code");
        // 0.07: one digit that may split.
        assert_eq!(octal_work(&code(&[0, 0, 7]), 100), 100 * 100 / 4 + 100);
        // 0.3: one that never splits.
        assert_eq!(octal_work(&code(&[0, 3]), 100), 100);
    }

    #[test]
    fn a_report_stops_when_told_and_answers_otherwise() {
        let kayles = Source::new("<code>", b"0.77".to_vec());
        let cancelled = Control::new();
        cancelled.cancel();
        let asked = |heaps: u64| Request {
            heaps: Some(heaps),
            ..Request::default()
        };
        let stopped = report(Game::Code(&kayles), &asked(1000), &cancelled);
        assert!(matches!(stopped, Err(Failure::Stopped(_))), "{stopped:?}");
        let report = report(Game::Code(&kayles), &asked(200), &Control::new()).expect("the values");
        let PlayReport::Normal(values) = report.play else {
            panic!("not normal play");
        };
        assert_eq!(values.values.len(), 201);
        assert_eq!(values.period.map(|p| p.period), Some(12));
    }

    #[test]
    fn a_misere_report_holds_the_quotient_and_the_query_answer() {
        let dawson = Source::new("<code>", b"0.07".to_vec());
        let request = Request {
            play: Play::Misere,
            heaps: Some(12),
            period: true,
            query: Some(Source::new("<query>", b"3 5 7".to_vec())),
            ..Request::default()
        };
        let report = report(Game::Code(&dawson), &request, &Control::new()).expect("the quotient");
        let PlayReport::Misere(misere) = report.play else {
            panic!("not misère play");
        };
        assert_eq!(misere.quotient.order(), 12);
        assert_eq!(misere.period, Some(None));
        let query = report.query.expect("the query's answer");
        assert_eq!(
            (query.heaps, query.answer.outcome.as_str()),
            (vec![3, 5, 7], "WIN")
        );
    }
}

//! Structure-aware greedy shrinking.
//!
//! An input is made of *units*: a test case (game, board, graph), a throw, a jump, a special
//! square, a snake or ladder, a position of a graph (removed with its moves and pieces, the
//! others renumbered), a successor in a graph, a query, a piece of a query, a non-MP pig, a
//! deck card. The shrinker removes units and lowers numbers (players, N, throw values) as long
//! as the input still fails the same way, checking every candidate with the caller's probe
//! (which renders it, validates it with the parser and the engine, and runs the command).
//!
//! Rounds of three sweeps repeat until a round changes nothing:
//! 1. chunks: halves, quarters, eighths... of every list (quick on a 2,000-card deck);
//! 2. every single unit;
//! 3. every number that can be lowered by one.
//!
//! A sweep keeps its place after a success instead of starting over, so a sweep costs about
//! one check per candidate. The candidates are probed by [`crate::driver`] (`jobs` at a
//! time; the first in order that fails wins, so the result does not depend on timing).
//! When the last round ends, no single unit can be removed: the result is 1-minimal.

use std::ops::Range;

use crate::driver::{Candidates, Driver};
use crate::input::{ChutesInput, GrundyCase, GrundyInput, Input, SnakesInput};

pub use crate::driver::{InternalError, Limits, Probe, Shrunk, Stats};

/// A list of units inside an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum List {
    Cases,
    Throws,
    Jumps(usize),
    Specials(usize),
    Snakes(usize),
    Ladders(usize),
    Positions(usize),
    Queries(usize),
    Successors(usize, usize),
    Pieces(usize, usize),
    /// The pigs after pig 1 (the MP stays).
    Pigs,
    Deck,
}

/// Every unit list of `input` with its length, outermost first.
fn lists(input: &Input) -> Vec<(List, usize)> {
    let mut out = Vec::new();
    match input {
        Input::Chutes(c) => {
            out.push((List::Cases, c.games.len()));
            out.push((List::Throws, c.throws.len()));
            for (g, game) in c.games.iter().enumerate() {
                out.push((List::Jumps(g), game.jumps.len()));
                out.push((List::Specials(g), game.specials.len()));
            }
        }
        Input::Snakes(s) => {
            out.push((List::Cases, s.boards.len()));
            for (b, board) in s.boards.iter().enumerate() {
                out.push((List::Snakes(b), board.snakes.len()));
                out.push((List::Ladders(b), board.ladders.len()));
            }
        }
        Input::Grundy(g) => {
            out.push((List::Cases, g.cases.len()));
            for (c, case) in g.cases.iter().enumerate() {
                out.push((List::Queries(c), case.queries.len()));
                out.push((List::Positions(c), case.moves.len()));
                for (q, query) in case.queries.iter().enumerate() {
                    out.push((List::Pieces(c, q), query.len()));
                }
                for (p, moves) in case.moves.iter().enumerate() {
                    out.push((List::Successors(c, p), moves.len()));
                }
            }
        }
        Input::Pigs(p) => {
            out.push((List::Pigs, p.pigs.len().saturating_sub(1)));
            out.push((List::Deck, p.deck.len()));
        }
    }
    out.retain(|&(_, len)| len > 0);
    out
}

/// `items` without `range` (`None` if the range is empty or out of bounds).
fn without<T: Clone>(items: &[T], range: Range<usize>) -> Option<Vec<T>> {
    if range.is_empty() || range.end > items.len() {
        return None;
    }
    let mut kept = items[..range.start].to_vec();
    kept.extend_from_slice(&items[range.end..]);
    Some(kept)
}

/// `input` with the units `range` of `list` removed.
fn remove(input: &Input, list: List, range: Range<usize>) -> Option<Input> {
    let mut out = input.clone();
    match (&mut out, list) {
        (Input::Chutes(c), _) => remove_chutes(c, list, range)?,
        (Input::Snakes(s), _) => remove_snakes(s, list, range)?,
        (Input::Grundy(g), _) => remove_grundy(g, list, range)?,
        (Input::Pigs(p), List::Pigs) => p.pigs = without(&p.pigs, range.start + 1..range.end + 1)?,
        (Input::Pigs(p), List::Deck) => p.deck = without(&p.deck, range)?,
        (Input::Pigs(_), _) => return None,
    }
    Some(out)
}

fn remove_chutes(c: &mut ChutesInput, list: List, range: Range<usize>) -> Option<()> {
    match list {
        List::Cases => c.games = without(&c.games, range)?,
        List::Throws => c.throws = without(&c.throws, range)?,
        List::Jumps(g) => {
            let game = c.games.get_mut(g)?;
            game.jumps = without(&game.jumps, range)?;
        }
        List::Specials(g) => {
            let game = c.games.get_mut(g)?;
            game.specials = without(&game.specials, range)?;
        }
        _ => return None,
    }
    Some(())
}

fn remove_snakes(s: &mut SnakesInput, list: List, range: Range<usize>) -> Option<()> {
    match list {
        List::Cases => s.boards = without(&s.boards, range)?,
        List::Snakes(b) => {
            let board = s.boards.get_mut(b)?;
            board.snakes = without(&board.snakes, range)?;
        }
        List::Ladders(b) => {
            let board = s.boards.get_mut(b)?;
            board.ladders = without(&board.ladders, range)?;
        }
        _ => return None,
    }
    Some(())
}

fn remove_grundy(g: &mut GrundyInput, list: List, range: Range<usize>) -> Option<()> {
    match list {
        List::Cases => g.cases = without(&g.cases, range)?,
        List::Queries(c) => {
            let case = g.cases.get_mut(c)?;
            case.queries = without(&case.queries, range)?;
        }
        List::Pieces(c, q) => {
            let query = g.cases.get_mut(c)?.queries.get_mut(q)?;
            *query = without(query, range)?;
        }
        List::Successors(c, p) => {
            let moves = g.cases.get_mut(c)?.moves.get_mut(p)?;
            *moves = without(moves, range)?;
        }
        List::Positions(c) => remove_positions(g.cases.get_mut(c)?, range)?,
        _ => return None,
    }
    Some(())
}

/// Removes positions `range` with every move to them and every piece on them (a query left
/// without pieces goes too); the positions after them are renumbered.
fn remove_positions(case: &mut GrundyCase, range: Range<usize>) -> Option<()> {
    let moves = without(&case.moves, range.clone())?;
    let (start, end) = (range.start as u32, range.end as u32);
    let renumber = |list: &[u32]| -> Vec<u32> {
        list.iter()
            .filter(|&&p| p < start || p >= end)
            .map(|&p| if p >= end { p - (end - start) } else { p })
            .collect()
    };
    case.moves = moves.iter().map(|list| renumber(list)).collect();
    case.queries = case
        .queries
        .iter()
        .map(|query| renumber(query))
        .filter(|query| !query.is_empty())
        .collect();
    Some(())
}

/// A number that can be lowered by one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Number {
    /// A Chutes game's players (never below two: a game needs two, and 0 ends the input).
    Players(usize),
    /// A Chutes throw (never below 1).
    Throw(usize),
    /// A Snakes board's N (never below 1).
    Side(usize),
}

/// One change to an input: what a candidate is, before it is built.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Edit {
    /// Remove the units `range` of a list.
    Remove(List, Range<usize>),
    /// Lower a number by one.
    Lower(Number),
}

/// The candidates of one sweep, as edits of the current input, numbered `0..len()` and
/// built one at a time by [`Plan::candidate`]: a sweep over a 50,000-position graph holds
/// the list lengths, never a million copies of the graph.
enum Plan {
    /// Removals of chunks of consecutive units: `(list, its length, the chunk size)` (the
    /// last chunk of a list may be shorter); `ends[i]` is the number of candidates in
    /// `lists[..=i]`.
    Units {
        lists: Vec<(List, usize, usize)>,
        ends: Vec<usize>,
    },
    /// Lowerings.
    Numbers(Vec<Number>),
}

impl Plan {
    /// Removals of chunks from every list, the chunk size of a list given by `chunk` (the
    /// list's length); lists whose chunk size is `None` are left alone.
    fn chunked(input: &Input, chunk: impl Fn(usize) -> Option<usize>) -> Plan {
        let lists: Vec<(List, usize, usize)> = lists(input)
            .into_iter()
            .filter_map(|(list, len)| Some((list, len, chunk(len)?.max(1))))
            .collect();
        let ends = lists
            .iter()
            .scan(0, |total, &(_, len, chunk)| {
                *total += len.div_ceil(chunk);
                Some(*total)
            })
            .collect();
        Plan::Units { lists, ends }
    }

    /// Every single unit.
    fn singles(input: &Input) -> Plan {
        Plan::chunked(input, |_| Some(1))
    }

    /// Removals of contiguous chunks of `len / parts` units (at least 2) from every list.
    fn chunks(input: &Input, parts: usize) -> Plan {
        Plan::chunked(input, |len| Some(len.div_ceil(parts)).filter(|&size| size >= 2))
    }

    /// Every number of `input` that can be lowered by one: a game's players, a board's N, a
    /// throw.
    fn lowerings(input: &Input) -> Plan {
        let mut numbers = Vec::new();
        match input {
            Input::Chutes(c) => {
                let games = c.games.iter().enumerate();
                numbers.extend(
                    games
                        .filter(|(_, g)| g.players > 2)
                        .map(|(i, _)| Number::Players(i)),
                );
                let throws = c.throws.iter().enumerate();
                numbers.extend(throws.filter(|(_, &t)| t > 1).map(|(i, _)| Number::Throw(i)));
            }
            Input::Snakes(s) => {
                let boards = s.boards.iter().enumerate();
                numbers.extend(boards.filter(|(_, b)| b.n > 1).map(|(i, _)| Number::Side(i)));
            }
            Input::Grundy(_) | Input::Pigs(_) => {}
        }
        Plan::Numbers(numbers)
    }

    fn len(&self) -> usize {
        match self {
            Plan::Units { ends, .. } => ends.last().copied().unwrap_or(0),
            Plan::Numbers(numbers) => numbers.len(),
        }
    }

    /// Edit number `index`.
    fn edit(&self, index: usize) -> Option<Edit> {
        match self {
            Plan::Units { lists, ends } => {
                let list = ends.partition_point(|&end| end <= index);
                let &(which, len, chunk) = lists.get(list)?;
                let first = index - list.checked_sub(1).map_or(0, |before| ends[before]);
                let start = first * chunk;
                Some(Edit::Remove(which, start..(start + chunk).min(len)))
            }
            Plan::Numbers(numbers) => numbers.get(index).copied().map(Edit::Lower),
        }
    }

    /// Candidate number `index`, built from `input` (`None`: the edit does not apply).
    fn candidate(&self, input: &Input, index: usize) -> Option<Input> {
        match self.edit(index)? {
            Edit::Remove(list, range) => remove(input, list, range),
            Edit::Lower(number) => lower(input, number),
        }
    }
}

/// `input` with `number` lowered by one (`None` if it cannot go lower).
fn lower(input: &Input, number: Number) -> Option<Input> {
    let mut out = input.clone();
    match (&mut out, number) {
        (Input::Chutes(c), Number::Players(g)) => {
            let game = c.games.get_mut(g)?;
            game.players = game.players.checked_sub(1).filter(|&p| p >= 2)?;
        }
        (Input::Chutes(c), Number::Throw(t)) => {
            let throw = c.throws.get_mut(t)?;
            *throw = throw.checked_sub(1).filter(|&v| v >= 1)?;
        }
        (Input::Snakes(s), Number::Side(b)) => {
            let board = s.boards.get_mut(b)?;
            board.n = board.n.checked_sub(1).filter(|&n| n >= 1)?;
        }
        _ => return None,
    }
    Some(out)
}

/// Every input with exactly one unit removed, built one at a time. An input is 1-minimal for
/// a failure when none of these is a valid input failing the same way.
pub fn removals(input: &Input) -> impl Iterator<Item = Input> + '_ {
    let plan = Plan::singles(input);
    (0..plan.len()).filter_map(move |index| plan.candidate(input, index))
}

/// Every input with one number lowered by one (a game's players, a board's N, a throw), built
/// one at a time.
pub fn lowerings(input: &Input) -> impl Iterator<Item = Input> + '_ {
    let plan = Plan::lowerings(input);
    (0..plan.len()).filter_map(move |index| plan.candidate(input, index))
}

/// Shrinks `input`, keeping only candidates for which `probe` says [`Probe::Same`];
/// `progress` is told the state after every batch.
///
/// `probe` is called from up to `limits.jobs` threads at once. The input given is assumed to
/// fail; when the deadline does not stop it, the result is 1-minimal for a deterministic
/// probe. Memory: the input, `jobs` candidates and 16 bytes per candidate that did not fail
/// the same way.
///
/// # Errors
/// [`InternalError`] with the candidate if `probe` panics: that is a bug in tabletop, which
/// must not pass for a candidate that merely does not fail the same way.
///
/// ```
/// use tabletop_stress::input::{Input, PigsInput};
/// use tabletop_stress::shrink::{shrink, Limits, Probe};
/// use tabletop_pigs::{Card::*, Role};
/// // "Fails" while the deck holds a W: shrinks to the one W.
/// let input = Input::Pigs(PigsInput {
///     pigs: vec![(Role::Mp, [Kill; 4]), (Role::Zp, [Dodge; 4]), (Role::Fp, [Dodge; 4])],
///     deck: vec![Kill, Arrows, Dodge, Peach],
/// });
/// let probe = |candidate: &Input| match candidate {
///     Input::Pigs(p) if p.deck.contains(&Arrows) => Probe::Same,
///     _ => Probe::Other,
/// };
/// let shrunk = shrink(input, &Limits::new(2), &probe, &|_, _| {}).unwrap();
/// let Input::Pigs(p) = shrunk.input else { unreachable!() };
/// assert_eq!((p.pigs.len(), p.deck), (1, vec![Arrows]));
/// ```
pub fn shrink(
    input: Input,
    limits: &Limits,
    probe: &(dyn Fn(&Input) -> Probe + Sync),
    progress: &dyn Fn(&Input, &Stats),
) -> Result<Shrunk<Input>, InternalError> {
    let mut driver = Driver::new(limits, probe, Input::render, progress);
    let mut current = input;
    loop {
        let mut changed = false;
        let mut parts = 2;
        while lists(&current).iter().any(|&(_, len)| len.div_ceil(parts) >= 2) {
            let chunks = move |input: &Input| Plan::chunks(input, parts);
            changed |= driver.sweep(&mut current, &mut Sweep::new(&chunks))?;
            parts *= 2;
        }
        changed |= driver.sweep(&mut current, &mut Sweep::new(&Plan::singles))?;
        changed |= driver.sweep(&mut current, &mut Sweep::new(&Plan::lowerings))?;
        if !changed || driver.out_of_time() {
            break;
        }
    }
    Ok(driver.finish(current))
}

/// One sweep: the plan of the current input, made again after every success (the sweep
/// goes on from the same place, which now holds what came after).
struct Sweep<'a> {
    make: &'a dyn Fn(&Input) -> Plan,
    plan: Plan,
}

impl<'a> Sweep<'a> {
    fn new(make: &'a dyn Fn(&Input) -> Plan) -> Sweep<'a> {
        Sweep {
            make,
            plan: Plan::Numbers(Vec::new()),
        }
    }
}

impl Candidates<Input> for Sweep<'_> {
    type Cursor = usize;

    fn start(&mut self, current: &Input) -> usize {
        self.plan = (self.make)(current);
        0
    }

    fn at(&self, current: &Input, index: usize) -> Option<(Option<Input>, usize)> {
        (index < self.plan.len()).then(|| (self.plan.candidate(current, index), index + 1))
    }

    fn kept(&mut self, current: &Input, kept: usize) -> usize {
        self.plan = (self.make)(current);
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{ChutesGame, SnakesBoard};

    #[test]
    fn removing_a_position_renumbers_moves_and_pieces() {
        let mut case = GrundyCase {
            moves: vec![vec![1, 2], vec![2], vec![0]],
            queries: vec![vec![1], vec![2, 0]],
        };
        remove_positions(&mut case, 1..2).unwrap();
        assert_eq!(case.moves, vec![vec![1], vec![0]]);
        assert_eq!(case.queries, vec![vec![1, 0]]);
    }

    #[test]
    fn removals_cover_every_unit_once() {
        let input = Input::Chutes(ChutesInput {
            throws: vec![1, 2, 3],
            games: vec![ChutesGame {
                players: 2,
                jumps: vec![(6, 95)],
                specials: vec![-3, 98],
            }],
        });
        // 1 game + 3 throws + 1 jump + 2 specials; throws 2 and 3 can be lowered, not the
        // two players.
        assert_eq!(removals(&input).count(), 7);
        assert_eq!(lowerings(&input).count(), 2);
        let snakes = Input::Snakes(SnakesInput {
            boards: vec![SnakesBoard {
                n: 1,
                snakes: vec![],
                ladders: vec![],
            }],
        });
        assert_eq!(removals(&snakes).count(), 1);
        assert_eq!(lowerings(&snakes).count(), 0);
    }

    /// A plan numbers its edits list by list, chunk by chunk (the last chunk shorter), and
    /// leaves out lists too short for the chunk size.
    #[test]
    fn plans_number_every_chunk_once() {
        let input = Input::Chutes(ChutesInput {
            throws: vec![1, 2, 3, 4, 5],
            games: vec![ChutesGame {
                players: 3,
                jumps: vec![],
                specials: vec![-3, 98],
            }],
        });
        let plan = Plan::chunks(&input, 2);
        let edits: Vec<Edit> = (0..plan.len()).filter_map(|i| plan.edit(i)).collect();
        assert_eq!(
            edits,
            [Edit::Remove(List::Throws, 0..3), Edit::Remove(List::Throws, 3..5)]
        );
        let singles = Plan::singles(&input);
        let edits: Vec<Edit> = (0..singles.len()).filter_map(|i| singles.edit(i)).collect();
        assert_eq!(edits.len(), 1 + 5 + 2);
        assert_eq!(edits[1], Edit::Remove(List::Throws, 0..1));
        assert_eq!(edits[7], Edit::Remove(List::Specials(0), 1..2));
        assert_eq!(singles.edit(8), None);
        let lowered: Vec<Input> = lowerings(&input).collect();
        assert_eq!(lowered.len(), 1 + 4);
        let Input::Chutes(fewer) = &lowered[0] else {
            panic!()
        };
        assert_eq!(fewer.games[0].players, 2);
    }

    /// The result is 1-minimal for the probe, and the sweep keeps the earliest candidate.
    #[test]
    fn shrinks_to_a_one_minimal_input() {
        let input = Input::Chutes(ChutesInput {
            throws: (1..=60).map(|t| (t % 6 + 1) as u8).collect(),
            games: vec![],
        });
        // "Fails" while at least three throws of 5 or more remain.
        let probe = |candidate: &Input| match candidate {
            Input::Chutes(c) if c.throws.iter().filter(|&&t| t >= 5).count() >= 3 => Probe::Same,
            _ => Probe::Other,
        };
        let shrunk = shrink(input, &Limits::new(3), &probe, &|_, _| {}).unwrap();
        let (small, stats) = (shrunk.input, shrunk.stats);
        let Input::Chutes(c) = &small else { panic!() };
        assert_eq!(c.throws, vec![5, 5, 5]);
        assert!(removals(&small).all(|r| probe(&r) != Probe::Same));
        assert!(stats.probes < 200, "{stats:?}");
    }

    /// A deadline already past stops the shrinking before its first probe, keeping the input.
    #[test]
    fn a_deadline_stops_shrinking_with_the_input_so_far() {
        let input = Input::Chutes(ChutesInput {
            throws: vec![1, 2, 3],
            games: vec![],
        });
        let limits = Limits {
            jobs: 2,
            deadline: Some(std::time::Instant::now()),
        };
        let shrunk = shrink(input.clone(), &limits, &|_: &Input| Probe::Same, &|_, _| {}).unwrap();
        assert!(shrunk.stopped);
        assert_eq!((shrunk.input, shrunk.stats.probes), (input, 0));
    }

    /// A probe that panics is tabletop's own bug: it is reported with the candidate that
    /// caused it, whether candidates are probed one at a time or several at once.
    #[test]
    fn a_panicking_probe_is_an_internal_error_with_its_input() {
        let input = Input::Chutes(ChutesInput {
            throws: vec![1, 2, 3, 4, 5, 6],
            games: vec![],
        });
        // Candidates that keep the 6 "fail the same way"; the first that loses the 1 panics.
        let probe = |candidate: &Input| match candidate {
            Input::Chutes(c) if !c.throws.contains(&1) => panic!("no throw of 1 in {:?}", c.throws),
            Input::Chutes(c) if c.throws.contains(&6) => Probe::Same,
            _ => Probe::Other,
        };
        for jobs in [1, 4] {
            let error = shrink(input.clone(), &Limits::new(jobs), &probe, &|_, _| {}).unwrap_err();
            // The candidate's rendered throws, up to their terminating 0.
            let throws: Vec<u8> = error
                .input
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .take_while(|&t| t != 0)
                .collect();
            assert!(!throws.contains(&1), "{throws:?}");
            assert_eq!(error.message, format!("no throw of 1 in {throws:?}"));
            assert!(
                error
                    .to_string()
                    .starts_with("internal error in tabletop while checking a candidate: no throw of 1"),
                "{error}"
            );
        }
    }
}

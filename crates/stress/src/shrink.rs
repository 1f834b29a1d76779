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
//! one check per candidate. Candidates are checked `jobs` at a time; the first (in order)
//! that fails wins, so the result does not depend on timing. When the last round ends, no
//! single unit can be removed: the result is 1-minimal.

use std::collections::HashSet;
use std::ops::Range;
use std::time::{Duration, Instant};

use crate::input::{ChutesInput, GrundyCase, GrundyInput, Input, SnakesInput};

/// What the probe says about a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Probe {
    /// Not a valid input (the parser or the engine rejects it).
    Invalid,
    /// Valid, but it does not fail the same way (it passes, or fails differently).
    Other,
    /// Valid and fails the same way: the shrinker keeps it.
    Same,
}

/// What shrinking did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Candidates probed (each valid one ran the command once).
    pub probes: usize,
    /// Probed candidates that were invalid.
    pub invalid: usize,
    /// Candidates kept.
    pub kept: usize,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// A probe panicked: a bug in tabletop itself (its renderer, parser or engine), not in the
/// command under test, which runs in its own process. The input is kept so it can be reported.
#[derive(Debug, Clone, thiserror::Error)]
#[error("internal error in tabletop while checking a candidate: {message}")]
pub struct InternalError {
    /// The panic's message.
    pub message: String,
    /// The candidate whose probe panicked.
    pub input: Input,
}

/// The text of a panic's payload (`panic!` gives a `&str` or a `String`).
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| (*text).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

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

/// Shrinks `input`, keeping only candidates for which `probe` says [`Probe::Same`].
///
/// `probe` is called from up to `jobs` threads at once. The input given is assumed to fail;
/// the result is 1-minimal for a deterministic probe.
///
/// # Errors
/// [`InternalError`] with the candidate if `probe` panics: that is a bug in tabletop, which
/// must not pass for a candidate that merely does not fail the same way. Memory: the input, `jobs` candidates
/// and 16 bytes per candidate that did not fail the same way.
///
/// ```
/// use tabletop_stress::input::{Input, PigsInput};
/// use tabletop_stress::shrink::{shrink, Probe};
/// use tabletop_pigs::{Card::*, Role};
/// // "Fails" while the deck holds a W: shrinks to the one W.
/// let input = Input::Pigs(PigsInput {
///     pigs: vec![(Role::Mp, [Kill; 4]), (Role::Zp, [Dodge; 4]), (Role::Fp, [Dodge; 4])],
///     deck: vec![Kill, Arrows, Dodge, Peach],
/// });
/// let (small, _) = shrink(input, 2, &|candidate: &Input| match candidate {
///     Input::Pigs(p) if p.deck.contains(&Arrows) => Probe::Same,
///     _ => Probe::Other,
/// })
/// .unwrap();
/// let Input::Pigs(p) = small else { unreachable!() };
/// assert_eq!((p.pigs.len(), p.deck), (1, vec![Arrows]));
/// ```
pub fn shrink(
    input: Input,
    jobs: usize,
    probe: &(dyn Fn(&Input) -> Probe + Sync),
) -> Result<(Input, Stats), InternalError> {
    let started = Instant::now();
    let mut shrinker = Shrinker {
        probe,
        jobs: jobs.max(1),
        seen: HashSet::new(),
        stats: Stats::default(),
    };
    let mut current = input;
    loop {
        let mut changed = false;
        let mut parts = 2;
        while lists(&current).iter().any(|&(_, len)| len.div_ceil(parts) >= 2) {
            changed |= shrinker.sweep(&mut current, &|input| Plan::chunks(input, parts))?;
            parts *= 2;
        }
        changed |= shrinker.sweep(&mut current, &Plan::singles)?;
        changed |= shrinker.sweep(&mut current, &Plan::lowerings)?;
        if !changed {
            break;
        }
    }
    shrinker.stats.elapsed = started.elapsed();
    Ok((current, shrinker.stats))
}

/// A 128-bit fingerprint of a candidate (two SipHash keys): what the shrinker remembers of a
/// candidate that did not fail the same way, instead of the candidate.
fn fingerprint(input: &Input) -> (u64, u64) {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let half = |key: u8| {
        let mut hasher = DefaultHasher::new();
        key.hash(&mut hasher);
        input.hash(&mut hasher);
        hasher.finish()
    };
    (half(0), half(1))
}

struct Shrinker<'a> {
    probe: &'a (dyn Fn(&Input) -> Probe + Sync),
    jobs: usize,
    /// Fingerprints of the candidates already probed without success.
    seen: HashSet<(u64, u64)>,
    stats: Stats,
}

impl Shrinker<'_> {
    /// Goes once through the candidates of `plan`, keeping every one that fails the same way
    /// (the plan is made again from the new input, and the sweep goes on from the same
    /// place). Returns whether anything was kept.
    fn sweep(&mut self, current: &mut Input, plan: &dyn Fn(&Input) -> Plan) -> Result<bool, InternalError> {
        let mut changed = false;
        let mut at = 0;
        let mut edits = plan(current);
        while at < edits.len() {
            // The next `jobs` candidates not seen before, built one at a time.
            let mut batch: Vec<(usize, Input, (u64, u64))> = Vec::with_capacity(self.jobs);
            let mut next = at;
            while batch.len() < self.jobs && next < edits.len() {
                if let Some(candidate) = edits.candidate(current, next) {
                    let print = fingerprint(&candidate);
                    if !self.seen.contains(&print) {
                        batch.push((next, candidate, print));
                    }
                }
                next += 1;
            }
            if batch.is_empty() {
                break;
            }
            let results = self.probe_all(&batch)?;
            let mut kept = None;
            for ((index, candidate, print), probe) in batch.into_iter().zip(results) {
                if probe != Probe::Same {
                    self.seen.insert(print);
                } else if kept.is_none() {
                    kept = Some((index, candidate));
                }
            }
            match kept {
                Some((index, candidate)) => {
                    *current = candidate;
                    self.stats.kept += 1;
                    changed = true;
                    edits = plan(current);
                    at = index;
                }
                None => at = next,
            }
        }
        Ok(changed)
    }

    /// Probes the batch in parallel (one thread per candidate). The first candidate (in
    /// order) whose probe panicked is an [`InternalError`].
    fn probe_all(&mut self, batch: &[(usize, Input, (u64, u64))]) -> Result<Vec<Probe>, InternalError> {
        let probe = self.probe;
        let outcomes: Vec<std::thread::Result<Probe>> = if batch.len() == 1 {
            batch
                .iter()
                .map(|(_, candidate, _)| {
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| probe(candidate)))
                })
                .collect()
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .iter()
                    .map(|(_, candidate, _)| scope.spawn(move || probe(candidate)))
                    .collect();
                handles.into_iter().map(|h| h.join()).collect()
            })
        };
        let mut results = Vec::with_capacity(outcomes.len());
        for ((_, candidate, _), outcome) in batch.iter().zip(outcomes) {
            match outcome {
                Ok(result) => results.push(result),
                Err(payload) => {
                    return Err(InternalError {
                        message: panic_message(payload.as_ref()),
                        input: candidate.clone(),
                    })
                }
            }
        }
        self.stats.probes += results.len();
        self.stats.invalid += results.iter().filter(|&&p| p == Probe::Invalid).count();
        Ok(results)
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
        let (small, stats) = shrink(input, 3, &probe).unwrap();
        let Input::Chutes(c) = &small else { panic!() };
        assert_eq!(c.throws, vec![5, 5, 5]);
        assert!(removals(&small).all(|r| probe(&r) != Probe::Same));
        assert!(stats.probes < 200, "{stats:?}");
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
            let error = shrink(input.clone(), jobs, &probe).unwrap_err();
            let Input::Chutes(c) = &error.input else { panic!() };
            assert!(!c.throws.contains(&1), "{:?}", c.throws);
            assert_eq!(error.message, format!("no throw of 1 in {:?}", c.throws));
            assert!(
                error
                    .to_string()
                    .starts_with("internal error in tabletop while checking a candidate: no throw of 1"),
                "{error}"
            );
        }
    }
}

//! The board as arrays over squares, and everything decided by reachability alone: which
//! squares the counter can stand on, whether the goal is always reached, whether a bounce can
//! pass square 0, and the fewest turns.
//!
//! A *position* is where a throw puts the counter before jumps (`0..=G`); the square it ends
//! on is `land[p]`. From square `s` a throw reaches the forward positions
//! `s+1 ..= min(s+f, G)`, and with `overshoot bounce` the positions `2G-s-f ..= G-1`; both are
//! intervals, so every search below marks positions with a "next unmarked" union-find and
//! costs `O((G + jumps) α)`, whatever the die.

use tabletop_boards::{Board, Special};

use super::{OddsError, Overshoot, Rules};

/// Most squares a board may have: the analysis keeps about 100 bytes per square.
pub const MAX_SQUARES: u64 = 20_000_000;

/// What landing on a square does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Nothing: the turn ends there.
    Plain,
    /// The next turn is skipped.
    Miss,
    /// The counter throws again in the same turn.
    Extra,
}

impl Kind {
    /// What a landing adds to the turns still to come: a skipped turn `+1`; an extra throw
    /// `-1` (the turn it starts is the current one).
    pub fn offset(self) -> i64 {
        match self {
            Kind::Plain => 0,
            Kind::Miss => 1,
            Kind::Extra => -1,
        }
    }

    /// Turns a landing here adds before the next throw: a plain square ends the turn (1),
    /// a miss-a-turn square also skips the next (2), an extra-throw square keeps it (0).
    pub fn cost(self) -> u64 {
        match self {
            Kind::Plain => 1,
            Kind::Miss => 2,
            Kind::Extra => 0,
        }
    }
}

/// The board as arrays, with the squares the counter can stand on.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// The goal `G`.
    pub goal: usize,
    /// Faces of the die.
    pub faces: u64,
    /// The overshoot rule.
    pub overshoot: Overshoot,
    /// The start square.
    pub start: usize,
    /// `land[p]`: the square a throw to position `p` ends on (`0..=G`).
    pub land: Vec<u32>,
    /// What each square does when landed on (`0..G`).
    pub kind: Vec<Kind>,
    /// Squares the counter can stand on (the start, and every square a throw can end on).
    pub stood: Vec<bool>,
    /// The fewest turns to the goal.
    pub min_turns: u64,
}

/// Smallest unmarked index `>= i` (indices `0..n`, `n` is the sentinel), path-halving.
struct Unmarked {
    next: Vec<u32>,
}

impl Unmarked {
    fn new(n: usize) -> Result<Self, OddsError> {
        let mut next = alloc::<u32>(n + 1)?;
        next.extend(0..=n as u32);
        Ok(Self { next })
    }

    fn find(&mut self, mut i: usize) -> usize {
        while self.next[i] as usize != i {
            let up = self.next[self.next[i] as usize];
            self.next[i] = up;
            i = up as usize;
        }
        i
    }

    /// Marks and returns every unmarked index in `lo..=hi`.
    fn take(&mut self, lo: usize, hi: usize, out: &mut Vec<usize>) {
        out.clear();
        let mut i = self.find(lo);
        while i <= hi && i + 1 < self.next.len() {
            out.push(i);
            self.next[i] = (i + 1) as u32;
            i = self.find(i + 1);
        }
    }
}

/// An empty vector with room for `n` items, or [`OddsError::TooLarge`] instead of an abort.
pub(crate) fn alloc<T>(n: usize) -> Result<Vec<T>, OddsError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| OddsError::TooLarge { limit: MAX_SQUARES })?;
    Ok(v)
}

/// `n` copies of `value`, or [`OddsError::TooLarge`].
pub(crate) fn filled<T: Clone>(n: usize, value: T) -> Result<Vec<T>, OddsError> {
    let mut v = alloc(n)?;
    v.resize(n, value);
    Ok(v)
}

impl Layout {
    /// The arrays of `board`, checked under `rules`.
    pub fn new(board: &Board, rules: &Rules) -> Result<Self, OddsError> {
        rules.check(board)?;
        if board.goal() > MAX_SQUARES {
            return Err(OddsError::TooLarge { limit: MAX_SQUARES });
        }
        let goal = board.goal() as usize;
        let mut land: Vec<u32> = alloc(goal + 1)?;
        land.extend(0..=goal as u32);
        for jump in board.jumps() {
            land[jump.from as usize] = jump.to as u32;
        }
        let mut kind = filled(goal, Kind::Plain)?;
        for &(square, special) in board.specials() {
            kind[square as usize] = match special {
                Special::MissTurn => Kind::Miss,
                Special::ExtraTurn => Kind::Extra,
            };
        }
        let mut layout = Self {
            goal,
            faces: rules.die,
            overshoot: rules.overshoot,
            start: rules.start as usize,
            land,
            kind,
            stood: Vec::new(),
            min_turns: 0,
        };
        layout.stood = layout.reachable()?;
        layout.check_bounce()?;
        layout.check_goal(board)?;
        layout.min_turns = layout.fewest_turns()?;
        Ok(layout)
    }

    /// The last forward position from `s`.
    pub fn forward_end(&self, s: usize) -> usize {
        (s as u64).saturating_add(self.faces).min(self.goal as u64) as usize
    }

    /// Throws from `s` past the goal.
    pub fn over(&self, s: usize) -> u64 {
        (s as u64)
            .saturating_add(self.faces)
            .saturating_sub(self.goal as u64)
    }

    /// The bounce positions from `s` (`lo..=G-1`), clamped at 0, if `s` overshoots.
    pub fn bounce_from(&self, s: usize) -> Option<usize> {
        if self.overshoot != Overshoot::Bounce || self.over(s) == 0 {
            return None;
        }
        let lo = (2 * self.goal as u64).saturating_sub((s as u64).saturating_add(self.faces));
        Some(lo as usize)
    }

    /// Every square the counter can stand on, from the start.
    fn reachable(&self) -> Result<Vec<bool>, OddsError> {
        let goal = self.goal;
        let mut stood = filled(goal, false)?;
        let mut positions = Unmarked::new(goal)?;
        let mut queue = vec![self.start];
        stood[self.start] = true;
        let mut found = Vec::new();
        while let Some(s) = queue.pop() {
            let bounce = self.bounce_from(s).map(|lo| (lo, goal - 1));
            for (lo, hi) in std::iter::once((s + 1, self.forward_end(s).min(goal - 1))).chain(bounce) {
                if lo > hi {
                    continue;
                }
                positions.take(lo, hi, &mut found);
                for &p in &found {
                    let q = self.land[p] as usize;
                    if q < goal && !stood[q] {
                        stood[q] = true;
                        queue.push(q);
                    }
                }
            }
        }
        Ok(stood)
    }

    /// With `overshoot bounce`, no square the counter can stand on may bounce past 0.
    fn check_bounce(&self) -> Result<(), OddsError> {
        if self.overshoot != Overshoot::Bounce {
            return Ok(());
        }
        let goal = self.goal as u64;
        let past =
            (0..self.goal).find(|&s| self.stood[s] && (s as u64).saturating_add(self.faces) > 2 * goal);
        match past {
            Some(square) => Err(OddsError::BouncePastStart {
                faces: self.faces,
                goal,
                square: square as u64,
            }),
            None => Ok(()),
        }
    }

    /// Every square the counter can stand on must have a way to the goal.
    fn check_goal(&self, board: &Board) -> Result<(), OddsError> {
        let goal = self.goal;
        let good = self.reaches_goal(board)?;
        if !good[self.start] {
            return Err(OddsError::GoalUnreachable {
                start: self.start as u64,
                goal: goal as u64,
            });
        }
        match (0..goal).find(|&s| self.stood[s] && !good[s]) {
            Some(square) => Err(OddsError::GoalMissable {
                square: square as u64,
                goal: goal as u64,
            }),
            None => Ok(()),
        }
    }

    /// The squares with a way to the goal: a backward search from it over throw intervals.
    fn reaches_goal(&self, board: &Board) -> Result<Vec<bool>, OddsError> {
        let goal = self.goal;
        let faces = self.faces;
        // Jump starts by destination, to find the positions that land on a square.
        let mut into: Vec<(u32, u32)> = board
            .jumps()
            .iter()
            .map(|j| (j.to as u32, j.from as u32))
            .collect();
        into.sort_unstable();
        let mut good = filled(goal, false)?;
        let mut squares = Unmarked::new(goal)?;
        let mut queue: Vec<usize> = vec![goal];
        let mut found = Vec::new();
        if self.overshoot == Overshoot::Win {
            let lo = (goal as u64 + 1).saturating_sub(faces) as usize;
            squares.take(lo, goal - 1, &mut found);
            for &s in &found {
                good[s] = true;
                queue.push(s);
            }
        }
        while let Some(q) = queue.pop() {
            let at = into.partition_point(|&(to, _)| (to as usize) < q);
            let heads = into[at..]
                .iter()
                .take_while(|&&(to, _)| to as usize == q)
                .map(|&(_, from)| from as usize);
            let own = (self.land[q] as usize == q).then_some(q);
            for p in own.into_iter().chain(heads) {
                let forward = (p > 0).then(|| ((p as u64).saturating_sub(faces) as usize, p - 1));
                let bounce = (self.overshoot == Overshoot::Bounce && p < goal).then(|| {
                    let lo = (2 * goal as u64).saturating_sub(faces.saturating_add(p as u64));
                    (lo as usize, goal - 1)
                });
                for (lo, hi) in forward.into_iter().chain(bounce) {
                    if lo > hi {
                        continue;
                    }
                    squares.take(lo, hi, &mut found);
                    for &s in &found {
                        good[s] = true;
                        queue.push(s);
                    }
                }
            }
        }
        Ok(good)
    }

    /// The fewest turns: a search with buckets over "turns completed before this throw"
    /// (a landing on a plain square costs 1, on a miss-a-turn square 2, on an extra-turn
    /// square 0). The cost depends on the landing only, so the first visit is the best.
    fn fewest_turns(&self) -> Result<u64, OddsError> {
        self.turn_search(None)
    }

    /// [`Layout::fewest_turns`], recording in `parents` (when given) the throw that first
    /// reached each square and the goal: one parent per square, so a line can be rebuilt.
    pub fn turn_search(&self, mut parents: Option<&mut Parents>) -> Result<u64, OddsError> {
        let goal = self.goal;
        let mut done = filled(goal, false)?;
        let mut positions = Unmarked::new(goal + 1)?;
        let mut buckets: [Vec<usize>; 3] = [vec![self.start], Vec::new(), Vec::new()];
        done[self.start] = true;
        let mut best = u64::MAX;
        let mut found = Vec::new();
        let mut value = 0u64;
        while buckets.iter().any(|b| !b.is_empty()) && value.saturating_add(1) < best {
            let slot = (value % 3) as usize;
            while let Some(s) = buckets[slot].pop() {
                if self.overshoot == Overshoot::Win && self.over(s) > 0 && best == u64::MAX {
                    // A throw of exactly `G - s` (a face, as `s + faces > G`) wins too.
                    best = value + 1;
                    if let Some(parents) = parents.as_deref_mut() {
                        parents.goal = Some((s as u32, goal as u32));
                    }
                }
                let bounce = self.bounce_from(s).map(|lo| (lo, goal - 1));
                for (lo, hi) in std::iter::once((s + 1, self.forward_end(s))).chain(bounce) {
                    if lo > hi {
                        continue;
                    }
                    positions.take(lo, hi, &mut found);
                    for &p in &found {
                        let q = self.land[p] as usize;
                        if q == goal {
                            if best == u64::MAX {
                                if let Some(parents) = parents.as_deref_mut() {
                                    parents.goal = Some((s as u32, p as u32));
                                }
                            }
                            best = best.min(value + 1);
                        } else if !done[q] {
                            done[q] = true;
                            if let Some(parents) = parents.as_deref_mut() {
                                parents.from[q] = s as u32;
                                parents.position[q] = p as u32;
                            }
                            buckets[((value + self.kind[q].cost()) % 3) as usize].push(q);
                        }
                    }
                }
            }
            value += 1;
        }
        if best == u64::MAX {
            return Err(OddsError::Internal("the goal was checked reachable"));
        }
        Ok(best)
    }
}

/// Where [`Layout::turn_search`] first reached each square: `from[q]` the square thrown
/// from, `position[q]` the position thrown to (`land[position[q]] == q`); `goal` the same for
/// the goal.
pub(crate) struct Parents {
    pub from: Vec<u32>,
    pub position: Vec<u32>,
    pub goal: Option<(u32, u32)>,
}

impl Parents {
    /// Room for the squares `0..goal`.
    pub fn new(goal: usize) -> Result<Self, OddsError> {
        Ok(Self {
            from: filled(goal, 0)?,
            position: filled(goal, 0)?,
            goal: None,
        })
    }
}

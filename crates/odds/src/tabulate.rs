//! The distribution of the number of turns, turn by turn, over positions.
//!
//! One turn moves the mass on every square `s` to the positions `s+1 ..= s+f` (each face
//! alike), so the mass arriving at position `p` is a sliding sum of the squares `p-f .. p-1`:
//! a turn costs `O(G + misses)` whatever the die. Masses are kept *unnormalised*: a face
//! carries the mass of its square, and the common factor `f^-t` (times a power of two that
//! keeps the numbers in range) is kept aside, so the inner loop only adds. An extra-turn
//! square throws again within the sweep (its arrivals join the throwers ahead of it, divided
//! by `f`); the one case this cannot follow, a bounce back onto an extra-turn square behind
//! the sweep, uses the folded per-turn chain instead ([`super::chain`]).
//!
//! Precision: double-double on boards of up to [`DD_SQUARES`] squares while more than
//! [`Tabulate::precise_until`] of the probability is left (later turns carry so little mass that `f64`'s
//! rounding stays below 1e-18 of the total), `f64` otherwise.

use super::dd::Dd;
use super::layout::{filled, Kind, Layout};
use super::solve::Field;
use super::{OddsError, Overshoot, Stop, Tabulate};

/// Boards up to this many squares are tabulated in double-double.
pub const DD_SQUARES: usize = 1_000;

/// Most turns a distribution keeps (bounds its memory).
pub const MAX_TURNS: u64 = 4_000_000;

/// The numbers a tabulation runs in.
pub(crate) trait Mass: Field + Copy {
    fn from_dd(x: Dd) -> Self;
    fn to_dd(self) -> Dd;
    fn scale2(self, k: i32) -> Self;
}

impl Mass for f64 {
    fn from_dd(x: Dd) -> Self {
        x.to_f64()
    }
    fn to_dd(self) -> Dd {
        Dd::from_f64(self)
    }
    fn scale2(self, k: i32) -> Self {
        self * 2f64.powi(k)
    }
}

impl Mass for Dd {
    fn from_dd(x: Dd) -> Self {
        x
    }
    fn to_dd(self) -> Dd {
        self
    }
    fn scale2(self, k: i32) -> Self {
        Dd::scale2(self, k)
    }
}

/// `P(T = t)` and `P(T > t)` for `t = 0, 1, ...`, and why the table stopped.
#[derive(Debug, Clone, Default)]
pub(crate) struct Table {
    pub probability: Vec<Dd>,
    pub survival: Vec<Dd>,
    pub stop: Option<Stop>,
}

/// Buffers of the positional tabulation, kept between boards.
#[derive(Debug, Clone, Default)]
pub(crate) struct Buffers<T> {
    now: Vec<T>,
    next: Vec<T>,
    skip: Vec<T>,
    skip_next: Vec<T>,
    suffix: Vec<T>,
}

/// The state between turns: masses (unnormalised), their scale, turns done.
struct Walk<'a> {
    layout: &'a Layout,
    misses: Vec<usize>,
    /// `f^-t` times a power of two.
    scale: Dd,
    /// The unnormalised mass on the board.
    total: Dd,
    inverse_faces: Dd,
}

/// Whether the positional tabulation can follow this board (see the module docs).
pub(crate) fn positional_fits(layout: &Layout) -> bool {
    !(layout.overshoot == Overshoot::Bounce && layout.extra_stood)
}

/// Tabulates until `P(T > t) <= limits.tail`, the work budget or [`MAX_TURNS`].
pub(crate) fn tabulate(layout: &Layout, limits: &mut Tabulate<'_>) -> Result<Table, OddsError> {
    let mut table = Table {
        probability: vec![Dd::zero()],
        survival: vec![Dd::one()],
        stop: None,
    };
    let misses: Vec<usize> = (0..layout.goal)
        .filter(|&s| layout.kind[s] == Kind::Miss)
        .collect();
    let mut walk = Walk {
        layout,
        misses,
        scale: Dd::one(),
        total: Dd::one(),
        inverse_faces: Dd::one().over(&Dd::from_u64(layout.faces)),
    };
    if layout.goal <= DD_SQUARES {
        let mut dd: Buffers<Dd> = Buffers::default();
        walk.start(&mut dd)?;
        if walk.run(&mut dd, &mut table, limits, limits.precise_until.max(limits.tail))? {
            return Ok(table);
        }
        let mut plain: Buffers<f64> = Buffers::default();
        walk.convert(&dd, &mut plain)?;
        walk.run(&mut plain, &mut table, limits, limits.tail)?;
    } else {
        let mut plain: Buffers<f64> = Buffers::default();
        walk.start(&mut plain)?;
        walk.run(&mut plain, &mut table, limits, limits.tail)?;
    }
    Ok(table)
}

impl Walk<'_> {
    fn start<T: Mass>(&self, buffers: &mut Buffers<T>) -> Result<(), OddsError> {
        let goal = self.layout.goal;
        buffers.now = filled(goal, T::zero())?;
        buffers.next = filled(goal, T::zero())?;
        buffers.skip = vec![T::zero(); self.misses.len()];
        buffers.skip_next = vec![T::zero(); self.misses.len()];
        buffers.now[self.layout.start] = T::one();
        Ok(())
    }

    fn convert<A: Mass, B: Mass>(&self, from: &Buffers<A>, to: &mut Buffers<B>) -> Result<(), OddsError> {
        self.start(to)?;
        to.now = from.now.iter().map(|m| B::from_dd(m.to_dd())).collect();
        to.skip = from.skip.iter().map(|m| B::from_dd(m.to_dd())).collect();
        Ok(())
    }

    /// Turns until the probability left is at most `rest`; `true` if the table is finished
    /// (tail reached or a limit hit).
    fn run<T: Mass>(
        &mut self,
        buffers: &mut Buffers<T>,
        table: &mut Table,
        limits: &mut Tabulate<'_>,
        rest: f64,
    ) -> Result<bool, OddsError> {
        // A position in double-double costs about four in f64.
        let weight = if std::mem::size_of::<T>() > 8 { 4 } else { 1 };
        let per_turn = (self.layout.goal as u64 + 1 + self.misses.len() as u64) * weight;
        loop {
            let left = table.survival.last().copied().unwrap_or_else(Dd::zero);
            if left.to_f64() <= limits.tail {
                return Ok(true);
            }
            if left.to_f64() <= rest {
                return Ok(false);
            }
            let turns = table.probability.len() as u64 - 1;
            if limits.work < per_turn || turns >= MAX_TURNS {
                table.stop = Some(if turns >= MAX_TURNS {
                    Stop::Turns
                } else {
                    Stop::Budget
                });
                return Ok(true);
            }
            limits.work -= per_turn;
            let (won, left) = self.turn(buffers);
            table.probability.push(won);
            table.survival.push(left);
            if turns.is_multiple_of(256) {
                if let Some(progress) = limits.progress.as_mut() {
                    progress(turns + 1, left.to_f64());
                }
            }
        }
    }

    /// One turn: returns `P(T = t)` and `P(T > t)`.
    fn turn<T: Mass>(&mut self, b: &mut Buffers<T>) -> (Dd, Dd) {
        let won = self.throw(b);
        self.settle(b, won)
    }

    /// The throws of one turn: arrivals routed to the next turn's squares (extra throws
    /// followed). Returns the unnormalised mass that reached the goal.
    fn throw<T: Mass>(&mut self, b: &mut Buffers<T>) -> T {
        let layout = self.layout;
        let goal = layout.goal;
        let faces = layout.faces;
        let inverse_faces = T::from_dd(self.inverse_faces);
        let bounce = layout.overshoot == Overshoot::Bounce;
        let region = if bounce {
            (goal as u64 + 1).saturating_sub(faces) as usize
        } else {
            goal
        };
        if bounce {
            // suffix[i - region] = sum of now[i..G].
            b.suffix.clear();
            b.suffix.resize(goal - region + 1, T::zero());
            for s in (region..goal).rev() {
                b.suffix[s - region] = b.suffix[s + 1 - region].plus(&b.now[s]);
            }
        }
        let window_len = faces.min(goal as u64 + 1) as usize;
        let mut window = T::zero();
        // Nonzero masses in the window.
        let mut live = 0usize;
        let mut won = T::zero();
        for p in 0..=goal {
            if p >= 1 {
                let entering = b.now[p - 1];
                if !entering.is_zero() {
                    window = window.plus(&entering);
                    live += 1;
                }
                if p > window_len {
                    let leaving = b.now[p - 1 - window_len];
                    if !leaving.is_zero() {
                        window = window.minus(&leaving);
                        live -= 1;
                    }
                }
                if live == 0 {
                    // Exactly zero, not the rounding left by the subtractions.
                    window = T::zero();
                }
                if p % 1024 == 0 && window_len <= 256 {
                    // Start the sliding sum afresh: no drift from the subtractions.
                    window = b.now[p - window_len.min(p)..p]
                        .iter()
                        .fold(T::zero(), |sum, m| sum.plus(m));
                }
            }
            let mut arrival = window;
            if bounce && p >= region && p < goal {
                let lo = (2 * goal as u64).saturating_sub(faces + p as u64) as usize;
                arrival = arrival.plus(&b.suffix[lo.max(region) - region]);
            }
            if !arrival.is_zero() {
                let q = layout.land[p] as usize;
                if q == goal {
                    won = won.plus(&arrival);
                } else {
                    match layout.kind[q] {
                        Kind::Plain if b.next[q].is_zero() => b.next[q] = arrival,
                        Kind::Plain => b.next[q] = b.next[q].plus(&arrival),
                        Kind::Miss => {
                            let at = self.misses.partition_point(|&m| m < q);
                            b.skip_next[at] = b.skip_next[at].plus(&arrival);
                        }
                        Kind::Extra => b.now[q] = b.now[q].plus(&arrival.times(&inverse_faces)),
                    }
                }
            }
            if p < goal && layout.overshoot != Overshoot::Bounce {
                let over = layout.over(p);
                if over > 0 && !b.now[p].is_zero() {
                    let stays = b.now[p].times(&T::from_dd(Dd::from_u64(over)));
                    if layout.overshoot == Overshoot::Stay {
                        b.next[p] = b.next[p].plus(&stays);
                    } else {
                        won = won.plus(&stays);
                    }
                }
            }
        }
        won
    }

    /// Skipped turns, the swap to the next turn, the scale; returns `P(T = t)`, `P(T > t)`.
    fn settle<T: Mass>(&mut self, b: &mut Buffers<T>, won: T) -> (Dd, Dd) {
        let faces = self.layout.faces;
        let f = T::from_dd(Dd::from_u64(faces));
        for (at, &m) in self.misses.iter().enumerate() {
            b.next[m] = b.next[m].plus(&b.skip[at].times(&f));
        }
        std::mem::swap(&mut b.now, &mut b.next);
        std::mem::swap(&mut b.skip, &mut b.skip_next);
        b.next.iter_mut().for_each(|m| *m = T::zero());
        b.skip_next.iter_mut().for_each(|m| *m = T::zero());
        self.scale = self.scale.times(&self.inverse_faces);
        // Every thrower's mass goes out on f faces and every skipped mass is multiplied by f:
        // what did not win is f times what was there. In double-double (at least 1e-3 left)
        // that subtraction is exact to about 1e-28; in f64 the masses are summed.
        let total = if std::mem::size_of::<T>() > 8 {
            self.total.times(&Dd::from_u64(faces)).minus(&won.to_dd())
        } else {
            b.now
                .iter()
                .chain(&b.skip)
                .fold(T::zero(), |sum, m| sum.plus(m))
                .to_dd()
        };
        self.total = total;
        let won = won.to_dd().times(&self.scale);
        let left = total.times(&self.scale);
        // Keep the unnormalised masses between 2^-400 and 2^400.
        let size = total.to_f64();
        if size > 2f64.powi(400) || (size > 0.0 && size < 2f64.powi(-400)) {
            let k = -(size.log2().round() as i32);
            b.now
                .iter_mut()
                .chain(b.skip.iter_mut())
                .for_each(|m| *m = m.scale2(k));
            self.total = self.total.scale2(k);
            self.scale = self.scale.scale2(-k);
        }
        (won, left)
    }
}

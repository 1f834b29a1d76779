//! The distribution of the number of turns, turn by turn, over positions.
//!
//! One turn moves the mass on every square `s` to the positions `s+1 ..= s+f` (each face
//! alike), so the mass arriving at position `p` is a sliding sum of the squares `p-f .. p-1`:
//! a turn costs `O(G + misses)` whatever the die. Masses are kept *unnormalised*: a face
//! carries the mass of its square, and the common factor `f^-t` (times a power of two that
//! keeps the numbers in range) is kept aside, so the inner loop only adds. An extra-turn
//! square throws again within the sweep (its arrivals join the throwers ahead of it, divided
//! by `f`).
//!
//! With `overshoot bounce`, a throw from the last `f - 1` squares (the *bounce region*) can
//! come back onto an extra-turn square behind the sweep, any number of times in one turn.
//! Only squares of the region throw into the region, and what lands on an extra-turn square
//! of it throws again, so the masses `T` thrown from those squares (`X` of them, a *rebound*)
//! solve `T = T0 + (a + M^T T) / f`: `T0` is the mass that starts its turn there, `a` what
//! the other squares throw onto them, `M[e'][e]` the faces from `e'` landing on `e`. The
//! inverse of `I - M^T / f` is computed once per board (`X^3`), each turn applies it (`X^2`)
//! when the sweep enters the region, and the sweep goes on with those throwers in place.
//!
//! Precision: double-double on boards of up to [`DD_SQUARES`] squares while more than
//! [`Tabulate::precise_until`] of the probability is left (later turns carry so little mass that `f64`'s
//! rounding stays below 1e-18 of the total), `f64` otherwise.

use super::dd::Dd;
use super::field::Field;
use super::layout::{filled, Kind, Layout};
use super::{OddsError, Overshoot, Stop, Tabulate};

/// Boards up to this many squares are tabulated in double-double.
pub const DD_SQUARES: usize = 1_000;

/// Most turns a distribution keeps (bounds its memory).
pub const MAX_TURNS: u64 = 4_000_000;

/// Most extra-turn squares a bounce can bring the counter back to (their dense inverse costs
/// `X^3` once and `X^2` a turn).
pub const MAX_REBOUND: usize = 500;

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
    /// The rebound's inverse (row-major), the masses thrown from its squares this turn, and
    /// the prefix sums of the other squares' masses before and in the bounce region.
    inverse: Vec<T>,
    thrown: Vec<T>,
    prefix: Vec<T>,
}

/// Extra-turn squares in the bounce region that can be stood on, and the inverse of
/// `I - M^T / f` over them (see the module docs).
#[derive(Debug, Clone, Default)]
struct Rebound {
    squares: Vec<usize>,
    inverse: Vec<Dd>,
}

/// Where a throw to a position ends the throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Route {
    /// On the goal.
    Goal,
    /// On a plain square, where the next turn starts.
    Plain(u32),
    /// On the miss-a-turn square of this index in `Walk::misses`.
    Miss(u32),
    /// On an extra-turn square ahead of the sweep: it throws again in this turn.
    Extra(u32),
    /// On an extra-turn square of the rebound, whose throws are counted already.
    Rebound,
}

/// The state between turns: masses (unnormalised), their scale, turns done.
struct Walk<'a> {
    layout: &'a Layout,
    misses: Vec<usize>,
    /// What a throw to each position does (`0..=G`).
    routes: Vec<Route>,
    /// The first square a throw can overshoot from (without `overshoot bounce`), and the
    /// throws past the goal from each square after it.
    over_from: usize,
    over: Vec<Dd>,
    /// `f^-t` times a power of two.
    scale: Dd,
    /// The unnormalised mass on the board.
    total: Dd,
    inverse_faces: Dd,
    rebound: Rebound,
    /// The first square of the bounce region (`G` without `overshoot bounce`).
    region: usize,
}

/// What a throw to each position does.
fn routes(layout: &Layout, misses: &[usize], region: usize) -> Result<Vec<Route>, OddsError> {
    let mut routes = filled(layout.goal + 1, Route::Goal)?;
    for (p, route) in routes.iter_mut().enumerate() {
        let q = layout.land[p] as usize;
        if q == layout.goal {
            continue;
        }
        *route = match layout.kind[q] {
            Kind::Plain => Route::Plain(q as u32),
            Kind::Miss => Route::Miss(misses.partition_point(|&m| m < q) as u32),
            Kind::Extra if q >= region => Route::Rebound,
            Kind::Extra => Route::Extra(q as u32),
        };
    }
    Ok(routes)
}

/// The first square a throw can bounce from (`G` without `overshoot bounce`).
fn bounce_region(layout: &Layout) -> usize {
    if layout.overshoot == Overshoot::Bounce {
        (layout.goal as u64 + 1).saturating_sub(layout.faces) as usize
    } else {
        layout.goal
    }
}

impl Rebound {
    /// The rebound of `layout` (empty without `overshoot bounce` or extra-turn squares in
    /// the bounce region).
    fn new(layout: &Layout, region: usize) -> Result<Self, OddsError> {
        let squares: Vec<usize> = (region..layout.goal)
            .filter(|&s| layout.stood[s] && layout.kind[s] == Kind::Extra)
            .collect();
        let x = squares.len();
        if x == 0 {
            return Ok(Self::default());
        }
        if x > MAX_REBOUND {
            return Err(OddsError::TooManyTargets {
                targets: x as u64,
                limit: (MAX_REBOUND * MAX_REBOUND) as u64,
            });
        }
        let (goal, faces) = (layout.goal as u64, layout.faces);
        let inverse_faces = Dd::one().over(&Dd::from_u64(faces));
        // c = I - M^T / f, where M[e'][e] counts the faces from e' that land on e: forward
        // (e' < e <= e' + f) and bounced (e >= 2G - e' - f).
        let mut c = vec![Dd::zero(); x * x];
        for (i, &e) in squares.iter().enumerate() {
            for (j, &from) in squares.iter().enumerate() {
                let (e, from) = (e as u64, from as u64);
                let forward = u64::from(from < e && e <= from.saturating_add(faces));
                let bounced = u64::from(e.saturating_add(from).saturating_add(faces) >= 2 * goal);
                let identity = if i == j { Dd::one() } else { Dd::zero() };
                c[i * x + j] = identity.minus(&Dd::from_u64(forward + bounced).times(&inverse_faces));
            }
        }
        let inverse = invert(x, c).ok_or(OddsError::Internal("the rebound system is singular"))?;
        Ok(Self { squares, inverse })
    }
}

/// The inverse of the `n x n` matrix `c` (row-major) by Gauss-Jordan elimination on the
/// diagonal: `c` is a nonsingular M-matrix, dominant by columns, so every pivot is positive.
fn invert(n: usize, mut c: Vec<Dd>) -> Option<Vec<Dd>> {
    let mut inverse = vec![Dd::zero(); n * n];
    for i in 0..n {
        inverse[i * n + i] = Dd::one();
    }
    for col in 0..n {
        let pivot = c[col * n + col];
        if pivot.to_f64() <= 0.0 {
            return None;
        }
        for j in 0..n {
            c[col * n + j] = c[col * n + j].over(&pivot);
            inverse[col * n + j] = inverse[col * n + j].over(&pivot);
        }
        for row in (0..n).filter(|&r| r != col) {
            let factor = c[row * n + col];
            if factor.is_zero() {
                continue;
            }
            for j in 0..n {
                c[row * n + j] = c[row * n + j].minus(&factor.times(&c[col * n + j]));
                inverse[row * n + j] = inverse[row * n + j].minus(&factor.times(&inverse[col * n + j]));
            }
        }
    }
    Some(inverse)
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
    let region = bounce_region(layout);
    let routes = routes(layout, &misses, region)?;
    let over_from = if layout.overshoot == Overshoot::Bounce {
        layout.goal
    } else {
        (layout.goal as u64).saturating_sub(layout.faces) as usize
    };
    let over = (over_from..layout.goal)
        .map(|s| Dd::from_u64(layout.over(s)))
        .collect();
    let mut walk = Walk {
        layout,
        misses,
        routes,
        over_from,
        over,
        scale: Dd::one(),
        total: Dd::one(),
        inverse_faces: Dd::one().over(&Dd::from_u64(layout.faces)),
        rebound: Rebound::new(layout, region)?,
        region,
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
        buffers.inverse = self.rebound.inverse.iter().map(|&v| T::from_dd(v)).collect();
        buffers.thrown = vec![T::zero(); self.rebound.squares.len()];
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
        let rebound = self.rebound.squares.len() as u64;
        let region = (self.layout.goal - self.region) as u64;
        let per_turn =
            (self.layout.goal as u64 + 1 + self.misses.len() as u64 + rebound * rebound + 2 * region)
                * weight;
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
        let region = self.region;
        let window_len = faces.min(goal as u64 + 1) as usize;
        let mut window = T::zero();
        // Nonzero masses in the window. Adding or taking away a zero changes nothing, so the
        // sums run without branches; the count restores an exact zero.
        let mut live = 0usize;
        let mut won = T::zero();
        for p in 0..=goal {
            if bounce && p == region {
                self.enter_region(b);
            }
            if p >= 1 {
                let entering = b.now[p - 1];
                window = window.plus(&entering);
                live += usize::from(!entering.is_zero());
                if p > window_len {
                    let leaving = b.now[p - 1 - window_len];
                    window = window.minus(&leaving);
                    live -= usize::from(!leaving.is_zero());
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
            match self.routes[p] {
                Route::Goal => won = won.plus(&arrival),
                Route::Plain(q) => b.next[q as usize] = b.next[q as usize].plus(&arrival),
                Route::Miss(at) => b.skip_next[at as usize] = b.skip_next[at as usize].plus(&arrival),
                Route::Extra(q) if !arrival.is_zero() => {
                    b.now[q as usize] = b.now[q as usize].plus(&arrival.times(&inverse_faces));
                }
                // Thrown already, with the rebound's mass (see `enter_region`).
                Route::Extra(_) | Route::Rebound => {}
            }
            if p >= self.over_from && p < goal && !b.now[p].is_zero() {
                let stays = b.now[p].times(&T::from_dd(self.over[p - self.over_from]));
                if layout.overshoot == Overshoot::Stay {
                    b.next[p] = b.next[p].plus(&stays);
                } else {
                    won = won.plus(&stays);
                }
            }
        }
        won
    }

    /// At the bounce region, where every thrower before it is final: the rebound's throwers
    /// (see the module docs), then the suffix sums of the region's masses for the bounces.
    fn enter_region<T: Mass>(&self, b: &mut Buffers<T>) {
        let layout = self.layout;
        let (goal, region, faces) = (layout.goal, self.region, layout.faces);
        let squares = &self.rebound.squares;
        if !squares.is_empty() {
            // prefix[s - from] = sum of now[from..s] off the rebound's squares.
            let from = (region as u64).saturating_sub(faces) as usize;
            b.prefix.clear();
            b.prefix.push(T::zero());
            let mut sum = T::zero();
            for s in from..goal {
                if !(s >= region && layout.kind[s] == Kind::Extra) {
                    sum = sum.plus(&b.now[s]);
                }
                b.prefix.push(sum);
            }
            let inverse_faces = T::from_dd(self.inverse_faces);
            for (v, &e) in b.thrown.iter_mut().zip(squares) {
                let forward_lo = (e as u64).saturating_sub(faces) as usize;
                let forward = b.prefix[e - from].minus(&b.prefix[forward_lo.max(from) - from]);
                let bounce_lo = (2 * goal as u64).saturating_sub(faces.saturating_add(e as u64)) as usize;
                let bounced = sum.minus(&b.prefix[bounce_lo.max(region) - from]);
                *v = b.now[e].plus(&forward.plus(&bounced).times(&inverse_faces));
            }
            let x = squares.len();
            for (i, &e) in squares.iter().enumerate() {
                let row = &b.inverse[i * x..(i + 1) * x];
                b.now[e] = row
                    .iter()
                    .zip(&b.thrown)
                    .fold(T::zero(), |total, (c, v)| total.plus(&c.times(v)));
            }
        }
        // suffix[i - region] = sum of now[i..G].
        b.suffix.clear();
        b.suffix.resize(goal - region + 1, T::zero());
        for s in (region..goal).rev() {
            b.suffix[s - region] = b.suffix[s + 1 - region].plus(&b.now[s]);
        }
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

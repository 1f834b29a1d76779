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
//! the other squares throw onto them, `M[e'][e]` the faces from `e'` landing on `e`. In the
//! region every square after `e'` is a forward face of it, and `e` is a bounce of `e'`
//! exactly when `e + e' >= 2G - f`, so with the squares in order and `P_i` the sum of the
//! first `i` masses, row `i` reads `f P_i - (f + 1) P_(i-1) + P_(n_i) - P_X = f v_i`
//! (`n_i`: the squares below `2G - f - e_i`, `v = T0 + a / f`). Since `j <= n_i` exactly
//! when `i <= n_j`, the rows can be taken from both ends, each giving one more `P` from known
//! ones as an affine function of `P_X`, and the last row gives `P_X`: `O(X)` a turn, when
//! the sweep enters the region, which then goes on with those throwers in place.
//!
//! Precision: double-double on boards of up to [`DD_SQUARES`] squares while more than
//! [`Tabulate::precise_until`] of the probability is left (later turns carry so little mass that `f64`'s
//! rounding stays below 1e-18 of the total), `f64` otherwise.

use tabletop_control::Tick;

use super::dd::Dd;
use super::field::Field;
use super::layout::{filled, Kind, Layout};
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
    /// The rebound's right-hand sides `v` (then its masses `T`), its sums `P` as `a + b P_X`,
    /// and the prefix sums of the other squares' masses before and in the bounce region.
    thrown: Vec<T>,
    sum_a: Vec<T>,
    sum_b: Vec<T>,
    prefix: Vec<T>,
}

/// Extra-turn squares in the bounce region that can be stood on, in order, and for each
/// the number `n_i` of them below `2G - f - e_i` (see the module docs).
#[derive(Debug, Clone, Default)]
struct Rebound {
    squares: Vec<usize>,
    below: Vec<usize>,
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
    fn new(layout: &Layout, region: usize) -> Self {
        let squares: Vec<usize> = (region..layout.goal)
            .filter(|&s| layout.stood[s] && layout.kind[s] == Kind::Extra)
            .collect();
        let mirror = (2 * layout.goal as u64).saturating_sub(layout.faces);
        let below = squares
            .iter()
            .map(|&e| {
                let bound = mirror.saturating_sub(e as u64);
                squares.partition_point(|&s| (s as u64) < bound)
            })
            .collect();
        Self { squares, below }
    }

    /// Replaces the right-hand sides `v` by the masses `T` with `(I - M^T / f) T = v`.
    fn solve<T: Mass>(&self, faces: u64, thrown: &mut [T], sum_a: &mut Vec<T>, sum_b: &mut Vec<T>) {
        let x = self.squares.len();
        if x == 0 {
            return;
        }
        let f = T::from_dd(Dd::from_u64(faces));
        let f1 = T::from_dd(Dd::from_u64(faces).plus(&Dd::one()));
        let (over_f, over_f1) = (T::one().over(&f), T::one().over(&f1));
        // P_i = sum_a[i] + sum_b[i] P_X; P_0 = 0 and P_X = P_X.
        sum_a.clear();
        sum_a.resize(x + 1, T::zero());
        sum_b.clear();
        sum_b.resize(x + 1, T::zero());
        sum_b[x] = T::one();
        let (mut lo, mut hi) = (0, x);
        while lo + 1 < hi {
            let i = lo + 1;
            if self.below[i - 1] >= hi {
                // Row i: P_i = ((f + 1) P_(i-1) - P_(n_i) + P_X + f v_i) / f.
                let n = self.below[i - 1];
                let v = f.times(&thrown[i - 1]);
                sum_a[i] = f1.times(&sum_a[i - 1]).minus(&sum_a[n]).plus(&v).times(&over_f);
                sum_b[i] = f1
                    .times(&sum_b[i - 1])
                    .minus(&sum_b[n])
                    .plus(&T::one())
                    .times(&over_f);
                lo = i;
            } else {
                // Row hi (n_hi <= lo): P_(hi-1) = (f P_hi + P_(n_hi) - P_X - f v_hi) / (f + 1).
                let n = self.below[hi - 1];
                let v = f.times(&thrown[hi - 1]);
                sum_a[hi - 1] = f.times(&sum_a[hi]).plus(&sum_a[n]).minus(&v).times(&over_f1);
                sum_b[hi - 1] = f
                    .times(&sum_b[hi])
                    .plus(&sum_b[n])
                    .minus(&T::one())
                    .times(&over_f1);
                hi -= 1;
            }
        }
        // The row left, hi = lo + 1, gives P_X.
        let n = self.below[hi - 1];
        let a = f
            .times(&sum_a[hi])
            .minus(&f1.times(&sum_a[hi - 1]))
            .plus(&sum_a[n]);
        let b = f
            .times(&sum_b[hi])
            .minus(&f1.times(&sum_b[hi - 1]))
            .plus(&sum_b[n])
            .minus(&T::one());
        let total = f.times(&thrown[hi - 1]).minus(&a).over(&b);
        for (j, t) in thrown.iter_mut().enumerate() {
            let now = sum_a[j + 1].plus(&sum_b[j + 1].times(&total));
            let before = sum_a[j].plus(&sum_b[j].times(&total));
            *t = now.minus(&before);
        }
    }
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
        rebound: Rebound::new(layout, region),
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
            (self.layout.goal as u64 + 1 + self.misses.len() as u64 + 8 * rebound + 2 * region) * weight;
        let mut since = 0u64;
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
            if let Some(control) = limits.control {
                control
                    .tick(Tick::new("tabulate", turns, None))
                    .map_err(OddsError::Stopped)?;
            }
            limits.work -= per_turn;
            let (won, left) = self.turn(buffers);
            table.probability.push(won);
            table.survival.push(left);
            // Every 256 turns, or about every million steps on a large board.
            since += per_turn;
            if turns.is_multiple_of(256) || since >= 1 << 20 {
                since = 0;
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
            self.rebound
                .solve(faces, &mut b.thrown, &mut b.sum_a, &mut b.sum_b);
            for (&e, &thrown) in squares.iter().zip(&b.thrown) {
                b.now[e] = thrown;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Overshoot, Rules};
    use tabletop_boards::{Board, Special};

    /// `(I - M^T / f) T = v` by dense Gaussian elimination, `M` counted face by face.
    #[allow(clippy::needless_range_loop)]
    fn dense(rebound: &Rebound, goal: usize, faces: u64, v: &[Dd]) -> Vec<Dd> {
        let squares = &rebound.squares;
        let x = squares.len();
        let f = Dd::from_u64(faces);
        let mut m = vec![vec![Dd::zero(); x + 1]; x];
        for (i, &e) in squares.iter().enumerate() {
            m[i][i] = Dd::one();
            for (j, &from) in squares.iter().enumerate() {
                // Faces from `from` ending on position `e`: forward, or bounced from past G.
                let hits = (1..=faces)
                    .filter(|&d| {
                        let to = from as u64 + d;
                        let to = if to > goal as u64 {
                            2 * goal as u64 - to
                        } else {
                            to
                        };
                        to == e as u64
                    })
                    .count() as u64;
                m[i][j] = m[i][j].minus(&Dd::from_u64(hits).over(&f));
            }
            m[i][x] = v[i];
        }
        for col in 0..x {
            for row in col + 1..x {
                let factor = m[row][col].over(&m[col][col]);
                for k in col..=x {
                    let delta = factor.times(&m[col][k]);
                    m[row][k] = m[row][k].minus(&delta);
                }
            }
        }
        let mut t = vec![Dd::zero(); x];
        for row in (0..x).rev() {
            let mut sum = m[row][x];
            for k in row + 1..x {
                sum = sum.minus(&m[row][k].times(&t[k]));
            }
            t[row] = sum.over(&m[row][row]);
        }
        t
    }

    #[test]
    fn the_rebound_solves_like_dense_elimination() {
        // (goal, die, extra squares): a bounce region of die - 1 squares, mirrored around
        // 2G - f, with squares on both sides of the mirror, on it, or only on one side.
        let cases: [(u64, u64, Vec<u64>); 5] = [
            (40, 5, vec![36, 37, 39]),
            (30, 12, (19..30).collect()),
            (30, 12, vec![19, 20, 21]),
            (30, 12, vec![27, 28, 29]),
            (50, 51, (1..50).filter(|s| s % 4 != 1).collect()),
        ];
        for (goal, faces, extras) in cases {
            let specials: Vec<_> = extras.iter().map(|&s| (s, Special::ExtraTurn)).collect();
            let board = Board::new(goal, &[], &specials).unwrap();
            let rules = Rules {
                start: 0,
                overshoot: Overshoot::Bounce,
                die: faces,
            };
            let layout = Layout::new(&board, &rules).unwrap();
            let rebound = Rebound::new(&layout, bounce_region(&layout));
            assert_eq!(rebound.squares.len(), extras.len(), "{extras:?}");
            let v: Vec<Dd> = (0..extras.len())
                .map(|i| Dd::from_u64(i as u64 % 7 + 1))
                .collect();
            let want = dense(&rebound, goal as usize, faces, &v);
            let mut got = v.clone();
            let (mut sum_a, mut sum_b) = (Vec::new(), Vec::new());
            rebound.solve(faces, &mut got, &mut sum_a, &mut sum_b);
            for (g, w) in got.iter().zip(&want) {
                assert!(
                    g.minus(w).to_f64().abs() <= 1e-26 * w.to_f64(),
                    "{goal} {faces}: {g:?} vs {w:?}"
                );
            }
        }
    }
}

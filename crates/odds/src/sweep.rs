//! The linear system of a race board over squares, solved by one sweep from the goal down.
//!
//! With `x_s` the expected turns from a turn that starts on square `s`, a throw to position
//! `p` ending on square `q = land[p]` is worth `x_q + o_q` (`o` = +1 on a miss-a-turn square,
//! -1 on an extra-turn square: an extra throw from `q` is a turn from `q` minus the turn
//! itself; 0 at the goal), so
//!
//! ```text
//! d_s x_s = e_s + sum over positions p a throw from s reaches (c_p + x_land[p])
//! ```
//!
//! with `d_s = f` (minus the throws past the goal under `overshoot stay`, which leave the
//! counter on `s`). Forward positions form a window `s+1 ..= s+f`, so a sliding sum makes a
//! row cost O(1). Every square a throw can reach *below* where it is thrown from (a chute's
//! end, a bounce) is a *target*: its value enters as an unknown `u_i`. Sweeping from `G-1`
//! down to 0 expresses every `x_s` through the targets; at the targets this gives `k`
//! equations `u = a + B u`, a dense `k x k` system (`k` = distinct chute ends and bounce
//! squares, not squares). Cost `O(G k + k^3)`, memory `O(G + (f + jumps) k)`.
//!
//! Floating point: `B` is built and factored in `f64`; the right-hand sides run in
//! double-double and the target values are refined (`u += (I - B)^-1 (F(u) - u)` with the
//! residual in double-double) until the residual is at the double-double rounding level.
//! Exact: the same sweeps modulo a prime, with exact division.

use super::dd::Dd;
use super::field::Field;
use super::layout::{alloc, filled, Layout};
use super::{OddsError, Overshoot};

/// Code of a position: the goal.
const GOAL: u32 = u32::MAX;
/// Code of a position: a target (low bits: its index).
const TARGET: u32 = 1 << 31;

/// Most `f64`s the dense target system may hold (bounds its memory to about 1 GB).
pub const MAX_TARGET_CELLS: u64 = 120_000_000;

/// The system of one board: targets and what every position stands for.
#[derive(Debug, Clone)]
pub(crate) struct System<'a> {
    pub layout: &'a Layout,
    /// Target squares, increasing.
    pub targets: Vec<usize>,
    /// Per position `0..=G`: [`GOAL`], [`TARGET`] `| i`, or the square it ends on.
    code: Vec<u32>,
    /// Squares that are a ladder's end (a jump up, not to the goal), increasing.
    ladder_ends: Vec<usize>,
    /// The first bounce position any square can reach (`G` without bounce).
    region: usize,
    /// Squares whose vectors the coefficient sweep keeps in its window.
    ring: usize,
}

impl<'a> System<'a> {
    /// Finds the targets of a checked layout.
    pub fn new(layout: &'a Layout) -> Result<Self, OddsError> {
        let goal = layout.goal;
        let region = if layout.overshoot == Overshoot::Bounce {
            (goal as u64 + 1).saturating_sub(layout.faces) as usize
        } else {
            goal
        };
        let mut is_target = filled(goal, false)?;
        let mut ladder_ends = Vec::new();
        for p in 1..goal {
            let q = layout.land[p] as usize;
            if q < p && layout.stood[q] {
                is_target[q] = true;
            } else if q > p && q < goal {
                ladder_ends.push(q);
            }
        }
        for p in region..goal {
            let q = layout.land[p] as usize;
            if q < goal && layout.stood[q] {
                is_target[q] = true;
            }
        }
        ladder_ends.sort_unstable();
        ladder_ends.dedup();
        let targets: Vec<usize> = (0..goal).filter(|&s| is_target[s]).collect();
        let mut code = alloc(goal + 1)?;
        for p in 0..=goal {
            let q = layout.land[p] as usize;
            code.push(if q == goal {
                GOAL
            } else if is_target[q] {
                TARGET | targets.partition_point(|&t| t < q) as u32
            } else {
                q as u32
            });
        }
        let ring = (layout.faces.min(goal as u64) as usize) + 1;
        let k = targets.len() as u64;
        let cells = (ring as u64 + ladder_ends.len() as u64 + 2 * k + 4).saturating_mul(k);
        if cells > MAX_TARGET_CELLS {
            return Err(OddsError::TooManyTargets {
                targets: k,
                limit: MAX_TARGET_CELLS,
            });
        }
        Ok(Self {
            layout,
            targets,
            code,
            ladder_ends,
            region,
            ring,
        })
    }

    /// The number of targets.
    pub fn k(&self) -> usize {
        self.targets.len()
    }

    /// The square a position ends on, if not the goal (targets included).
    fn landed(&self, p: usize) -> Option<usize> {
        let q = self.layout.land[p] as usize;
        (q < self.layout.goal).then_some(q)
    }

    /// `x_q` or `u_i` for position `p`.
    fn value<T: Field + Copy>(&self, p: usize, y: &[T], u: &[T]) -> T {
        let code = self.code[p];
        if code == GOAL {
            T::zero()
        } else if code & TARGET != 0 {
            u[(code & !TARGET) as usize]
        } else {
            y[code as usize]
        }
    }

    /// The end of the window of `s` (the position that leaves it when moving to `s`).
    fn leaving(&self, s: usize) -> Option<usize> {
        let p = (s as u64 + 1).saturating_add(self.layout.faces);
        (p <= self.layout.goal as u64).then_some(p as usize)
    }

    /// The first bounce position of `s` (`>= G`: none).
    fn bounce_lo(&self, s: usize) -> usize {
        let goal = self.layout.goal as u64;
        match self.layout.bounce_from(s) {
            Some(lo) => lo,
            None => goal as usize,
        }
    }

    /// One sweep with the target values `u`: `y_s = (e_s + sum (c_p + y_land[p])) / d_s`
    /// for every square, from `G-1` down. `inverse(s)` is `1 / d_s`.
    pub fn scalar<T: Field + Copy>(
        &self,
        c: impl Fn(usize) -> T,
        e: impl Fn(usize) -> T,
        inverse: impl Fn(usize) -> T,
        u: &[T],
    ) -> Result<Vec<T>, OddsError> {
        let goal = self.layout.goal;
        let mut y = filled(goal, T::zero())?;
        // Prefix sums over the bounce region (every position there ends on a target).
        let mut prefix = Vec::with_capacity(goal - self.region + 1);
        prefix.push(T::zero());
        for p in self.region..goal {
            let last = prefix.last().copied().unwrap_or_else(T::zero);
            prefix.push(last.plus(&c(p).plus(&self.value(p, &y, u))));
        }
        let total = prefix.last().copied().unwrap_or_else(T::zero);
        let mut window = T::zero();
        // The terms `c_p + y_land[p]` of the positions in the window, by `p % ring`.
        let mut terms = filled(self.ring, T::zero())?;
        for s in (0..goal).rev() {
            let entering = c(s + 1).plus(&self.value(s + 1, &y, u));
            if let Some(p) = self.leaving(s) {
                window = window.minus(&terms[p % self.ring]);
            }
            window = window.plus(&entering);
            terms[(s + 1) % self.ring] = entering;
            let lo = self.bounce_lo(s);
            let bounce = if lo < goal {
                total.minus(&prefix[lo - self.region])
            } else {
                T::zero()
            };
            y[s] = e(s).plus(&window).plus(&bounce).times(&inverse(s));
        }
        Ok(y)
    }

    /// The coefficients of the targets in `x` at every target (`B`, row `i` for target `i`),
    /// from the same sweep with vectors (no constants).
    pub fn coefficients<T: Field + Copy>(&self, inverse: impl Fn(usize) -> T) -> Result<Vec<T>, OddsError> {
        let goal = self.layout.goal;
        let k = self.k();
        let mut rows = filled(k * k, T::zero())?;
        let mut ring = filled(self.ring * k, T::zero())?;
        let mut ladders = filled(self.ladder_ends.len() * k, T::zero())?;
        let mut window = vec![T::zero(); k];
        let mut bounce = vec![T::zero(); k];
        let mut row = vec![T::zero(); k];
        let one = T::one();
        // The bounce sum starts with every position of the region.
        for p in self.region..goal {
            if let Some(i) = self.target_of(p) {
                bounce[i] = bounce[i].plus(&one);
            }
        }
        let mut lo = self.region;
        for s in (0..goal).rev() {
            self.add_position(s + 1, &mut window, &ring, &ladders, true);
            if let Some(p) = self.leaving(s) {
                self.add_position(p, &mut window, &ring, &ladders, false);
            }
            let new_lo = self.bounce_lo(s).max(self.region);
            for p in lo..new_lo.min(goal) {
                if let Some(i) = self.target_of(p) {
                    bounce[i] = bounce[i].minus(&one);
                }
            }
            lo = lo.max(new_lo);
            let scale = inverse(s);
            for ((r, w), b) in row.iter_mut().zip(&window).zip(&bounce) {
                *r = w.plus(b).times(&scale);
            }
            let slot = (s % self.ring) * k;
            ring[slot..slot + k].copy_from_slice(&row);
            if let Ok(at) = self.ladder_ends.binary_search(&s) {
                ladders[at * k..(at + 1) * k].copy_from_slice(&row);
            }
            if let Ok(i) = self.targets.binary_search(&s) {
                rows[i * k..(i + 1) * k].copy_from_slice(&row);
            }
        }
        Ok(rows)
    }

    fn target_of(&self, p: usize) -> Option<usize> {
        let code = self.code[p];
        (code != GOAL && code & TARGET != 0).then_some((code & !TARGET) as usize)
    }

    /// `window += (or -=)` the vector of position `p`.
    fn add_position<T: Field + Copy>(
        &self,
        p: usize,
        window: &mut [T],
        ring: &[T],
        ladders: &[T],
        add: bool,
    ) {
        let k = window.len();
        let apply = |w: &mut T, v: &T| *w = if add { w.plus(v) } else { w.minus(v) };
        if let Some(i) = self.target_of(p) {
            apply(&mut window[i], &T::one());
            return;
        }
        let Some(q) = self.landed(p) else {
            return;
        };
        let vector = if q == p {
            let slot = (q % self.ring) * k;
            &ring[slot..slot + k]
        } else {
            match self.ladder_ends.binary_search(&q) {
                Ok(at) => &ladders[at * k..(at + 1) * k],
                Err(_) => return,
            }
        };
        for (w, v) in window.iter_mut().zip(vector) {
            apply(w, v);
        }
    }

    /// The denominator `d_s` of row `s`.
    pub fn divisor(&self, s: usize) -> u64 {
        match self.layout.overshoot {
            Overshoot::Stay => self.layout.faces - self.layout.over(s),
            _ => self.layout.faces,
        }
    }

    /// Throws from `s` past the goal that add a constant (stay: the counter stays; win).
    pub fn over_constant(&self, s: usize) -> u64 {
        match self.layout.overshoot {
            Overshoot::Bounce => 0,
            _ => self.layout.over(s),
        }
    }

    /// The offset of landing on position `p` (0 at the goal).
    pub fn offset(&self, p: usize) -> i64 {
        self.landed(p).map_or(0, |q| self.layout.kind[q].offset())
    }
}

/// Dense LU factorisation with partial pivoting of `I - B` (`k x k`, row-major), in `f64`.
struct Lu {
    k: usize,
    a: Vec<f64>,
    pivot: Vec<usize>,
}

impl Lu {
    fn new(k: usize, b: &[f64]) -> Result<Self, OddsError> {
        let mut a: Vec<f64> = b.iter().map(|v| -v).collect();
        for i in 0..k {
            a[i * k + i] += 1.0;
        }
        let mut pivot = vec![0; k];
        for col in 0..k {
            let best = (col..k)
                .max_by(|&x, &y| a[x * k + col].abs().total_cmp(&a[y * k + col].abs()))
                .unwrap_or(col);
            if a[best * k + col] == 0.0 {
                return Err(OddsError::Internal("the target system is singular"));
            }
            pivot[col] = best;
            if best != col {
                for j in 0..k {
                    a.swap(col * k + j, best * k + j);
                }
            }
            let p = a[col * k + col];
            for r in col + 1..k {
                let factor = a[r * k + col] / p;
                if factor == 0.0 {
                    continue;
                }
                a[r * k + col] = factor;
                for j in col + 1..k {
                    a[r * k + j] -= factor * a[col * k + j];
                }
            }
        }
        Ok(Self { k, a, pivot })
    }

    fn solve(&self, b: &mut [f64]) {
        let k = self.k;
        for col in 0..k {
            b.swap(col, self.pivot[col]);
            for r in col + 1..k {
                b[r] -= self.a[r * k + col] * b[col];
            }
        }
        for col in (0..k).rev() {
            b[col] /= self.a[col * k + col];
            for r in 0..col {
                b[r] -= self.a[r * k + col] * b[col];
            }
        }
    }
}

/// The solution of a system in double-double, with its refinement state.
pub(crate) struct Solver<'a> {
    system: System<'a>,
    lu: Option<Lu>,
    inverse_faces: Dd,
}

impl<'a> Solver<'a> {
    /// Builds and factors the target system of a checked layout.
    pub fn new(layout: &'a Layout) -> Result<Self, OddsError> {
        let system = System::new(layout)?;
        let lu = if system.k() == 0 {
            None
        } else {
            let b = system.coefficients(|s| 1.0 / system.divisor(s) as f64)?;
            Some(Lu::new(system.k(), &b)?)
        };
        let inverse_faces = Dd::one().over(&Dd::from_u64(layout.faces));
        Ok(Self {
            system,
            lu,
            inverse_faces,
        })
    }

    fn inverse(&self, s: usize) -> Dd {
        let d = self.system.divisor(s);
        if d == self.system.layout.faces {
            self.inverse_faces
        } else {
            Dd::one().over(&Dd::from_u64(d))
        }
    }

    /// Solves with per-position constants `c` and per-square constants `e`, refining the
    /// target values until the residual stops shrinking.
    fn solve(&self, c: impl Fn(usize) -> Dd, e: impl Fn(usize) -> Dd) -> Result<Vec<Dd>, OddsError> {
        let k = self.system.k();
        let Some(lu) = &self.lu else {
            return self.system.scalar(&c, &e, |s| self.inverse(s), &[]);
        };
        // Targets to about f64 precision with sweeps in f64 (four times cheaper), then
        // double-double sweeps for the last digits.
        let plain_inverse = |s: usize| 1.0 / self.system.divisor(s) as f64;
        let mut u = vec![Dd::zero(); k];
        for _ in 0..3 {
            let guess: Vec<f64> = u.iter().map(|v| v.to_f64()).collect();
            let y = self
                .system
                .scalar(|p| c(p).to_f64(), |s| e(s).to_f64(), plain_inverse, &guess)?;
            let mut delta: Vec<f64> = self
                .system
                .targets
                .iter()
                .zip(&guess)
                .map(|(&t, v)| y[t] - v)
                .collect();
            let size = delta.iter().map(|r| r.abs()).fold(0.0, f64::max);
            let scale = guess.iter().map(|v| v.abs()).fold(1.0, f64::max);
            lu.solve(&mut delta);
            for (v, d) in u.iter_mut().zip(delta) {
                *v = v.plus(&Dd::from_f64(d));
            }
            if size <= 1e-12 * scale {
                break;
            }
        }
        let mut y = self.system.scalar(&c, &e, |s| self.inverse(s), &u)?;
        let mut last = f64::INFINITY;
        for _ in 0..8 {
            let residual: Vec<Dd> = self
                .system
                .targets
                .iter()
                .zip(&u)
                .map(|(&t, v)| y[t].minus(v))
                .collect();
            let size = residual.iter().map(|r| r.to_f64().abs()).fold(0.0, f64::max);
            let scale = u.iter().map(|v| v.to_f64().abs()).fold(1.0, f64::max);
            // 1e-25 relative: far below what rounding to f64 can see, short of a near tie.
            if size <= 1e-25 * scale || size >= last {
                break;
            }
            last = size;
            let mut delta: Vec<f64> = residual.iter().map(|r| r.to_f64()).collect();
            lu.solve(&mut delta);
            for (v, d) in u.iter_mut().zip(delta) {
                *v = v.plus(&Dd::from_f64(d));
            }
            y = self.system.scalar(&c, &e, |s| self.inverse(s), &u)?;
        }
        Ok(y)
    }

    /// Expected turns from every square (meaningful on the squares that can be stood on).
    pub fn expected(&self) -> Result<Vec<Dd>, OddsError> {
        let system = &self.system;
        let small = [Dd::zero(), Dd::one(), Dd::from_u64(2)];
        self.solve(
            |p| small[(1 + system.offset(p)) as usize],
            |s| match system.over_constant(s) {
                0 => Dd::zero(),
                over => Dd::from_u64(over),
            },
        )
    }

    /// The second moment of the turns from every square, given the expected turns `x`.
    pub fn second_moment(&self, x: &[Dd]) -> Result<Vec<Dd>, OddsError> {
        let system = &self.system;
        let layout = system.layout;
        let at = |p: usize| system.landed(p).map_or_else(Dd::zero, |q| x[q]);
        let two = Dd::from_u64(2);
        self.solve(
            |p| {
                let first = Dd::from_i64(1 + system.offset(p));
                first.times(&first).plus(&two.times(&first).times(&at(p)))
            },
            |s| {
                let over = Dd::from_u64(system.over_constant(s));
                match layout.overshoot {
                    Overshoot::Stay => over.times(&Dd::one().plus(&two.times(&x[s]))),
                    _ => over,
                }
            },
        )
    }
}

/// `x` restricted to a check: the start's value must be finite and positive.
pub(crate) fn at_start(layout: &Layout, values: &[Dd]) -> Result<Dd, OddsError> {
    let v = values
        .get(layout.start)
        .copied()
        .ok_or(OddsError::Internal("no start square"))?;
    if v.to_f64().is_finite() {
        Ok(v)
    } else {
        Err(OddsError::Internal("the expected turns overflowed"))
    }
}

//! The expected number of turns as an exact fraction, by modular arithmetic.
//!
//! The square system of [`sweep`](super::sweep) has integer entries once every row is
//! multiplied by its divisor: `A x = b` with rows `d_s x_s - sum (faces landing on q) x_q =
//! b_s` over the squares that can be stood on. It is solved modulo many 62-bit primes with
//! the same sweeps (exact division by `d_s`, a dense `k x k` solve for the targets), and so
//! is `det(A)`: the sweep makes every square but the targets triangular, so
//! `det(A) = prod d_s * det(I - B)` with `I - B` the dense target system. Cramer's rule and
//! Hadamard's bound make this exact, not probabilistic: `det(A) x_start = det(A_s)` is an
//! integer, and both determinants are at most `2^bits` in absolute value ([`bound_bits`]),
//! so once the product `M` of the primes exceeds `2^(bits + 1)`, the Chinese remainder
//! theorem gives both as the residues nearest 0, and their quotient in lowest terms is the
//! answer. Primes that divide `det(A)` show up as a zero pivot and are skipped. Each prime
//! costs one sweep per right-hand side, `O(G k + k^3)`: an empty board of 10,000 squares
//! needs about 560 primes of `O(G)` each.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};
use tabletop_control::{Control, Tick};

use super::field::Field;
use super::layout::{Kind, Layout};
use super::sweep::System;
use super::{OddsError, Overshoot};

/// A residue modulo a prime `p < 2^62`, carrying its modulus (0 for the constants 0 and 1,
/// which are the same in every field; operations take the modulus of either operand).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Mod {
    value: u64,
    modulus: u64,
}

impl Mod {
    fn new(value: i64, modulus: u64) -> Self {
        let m = i128::from(modulus);
        Self {
            value: (i128::from(value).rem_euclid(m)) as u64,
            modulus,
        }
    }

    fn modulus_with(&self, other: &Self) -> u64 {
        self.modulus.max(other.modulus)
    }

    fn inverse(&self) -> Self {
        // Fermat: a^(p-2) (p prime, a != 0).
        let p = self.modulus;
        let mut result = 1u64;
        let mut base = self.value % p;
        let mut exponent = p - 2;
        while exponent > 0 {
            if exponent & 1 == 1 {
                result = mul_mod(result, base, p);
            }
            base = mul_mod(base, base, p);
            exponent >>= 1;
        }
        Self {
            value: result,
            modulus: p,
        }
    }
}

fn mul_mod(a: u64, b: u64, p: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(p)) as u64
}

impl Field for Mod {
    fn zero() -> Self {
        Self { value: 0, modulus: 0 }
    }
    fn one() -> Self {
        Self { value: 1, modulus: 0 }
    }
    fn is_zero(&self) -> bool {
        self.value == 0
    }
    fn plus(&self, other: &Self) -> Self {
        let p = self.modulus_with(other);
        // Both are below p < 2^62 (or are the constants 0 and 1): no overflow.
        let sum = self.value + other.value;
        Self {
            value: if p != 0 && sum >= p { sum - p } else { sum },
            modulus: p,
        }
    }
    fn minus(&self, other: &Self) -> Self {
        let p = self.modulus_with(other);
        let value = if p == 0 || self.value >= other.value {
            self.value.wrapping_sub(other.value)
        } else {
            self.value + p - other.value
        };
        Self { value, modulus: p }
    }
    fn times(&self, other: &Self) -> Self {
        let p = self.modulus_with(other);
        let value = if p == 0 {
            self.value * other.value
        } else {
            mul_mod(self.value, other.value, p)
        };
        Self { value, modulus: p }
    }
    fn over(&self, other: &Self) -> Self {
        let p = self.modulus_with(other);
        let divisor = Self {
            value: other.value,
            modulus: p,
        };
        if p == 0 {
            // Only the constants 0 and 1 have no modulus: 1 / 1 or 0 / 1.
            return *self;
        }
        Self {
            value: self.value % p,
            modulus: p,
        }
        .times(&divisor.inverse())
    }
}

/// Whether `n` is prime (deterministic Miller-Rabin for 64-bit numbers).
fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    let pow = |mut base: u64, mut e: u64| {
        let mut result = 1u64;
        base %= n;
        while e > 0 {
            if e & 1 == 1 {
                result = mul_mod(result, base, n);
            }
            base = mul_mod(base, base, n);
            e >>= 1;
        }
        result
    };
    'witness: for a in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'witness;
            }
        }
        return false;
    }
    true
}

/// A dense `k x k` solve of `(I - B) u = a` modulo `p`, with `det(I - B)`; `None` if
/// singular modulo `p`.
fn solve_dense(k: usize, b: &[Mod], a: &[Mod], p: u64) -> Option<(Vec<Mod>, Mod)> {
    let mut m: Vec<Mod> = b.iter().map(|v| Mod::new(0, p).minus(v)).collect();
    for i in 0..k {
        m[i * k + i] = m[i * k + i].plus(&Mod::new(1, p));
    }
    let mut x: Vec<Mod> = a.iter().map(|v| Mod::new(0, p).plus(v)).collect();
    // The product of the pivots, and the sign of the row exchanges.
    let mut det = Mod::new(1, p);
    for col in 0..k {
        let row = (col..k).find(|&r| !m[r * k + col].is_zero())?;
        if row != col {
            for j in 0..k {
                m.swap(col * k + j, row * k + j);
            }
            x.swap(col, row);
            det = Mod::new(0, p).minus(&det);
        }
        det = det.times(&m[col * k + col]);
        let inverse = m[col * k + col].inverse();
        for r in 0..k {
            let factor = m[r * k + col].times(&inverse);
            if r == col || factor.is_zero() {
                continue;
            }
            for j in col..k {
                let delta = factor.times(&m[col * k + j]);
                m[r * k + j] = m[r * k + j].minus(&delta);
            }
            let delta = factor.times(&x[col]);
            x[r] = x[r].minus(&delta);
        }
    }
    Some(((0..k).map(|i| x[i].times(&m[i * k + i].inverse())).collect(), det))
}

/// `1 / d` modulo `p` for every divisor `d` a row can have (`1..=min(f, G)` and `f`), or
/// `None` if `p` divides one of them.
fn inverses(system: &System<'_>, p: u64) -> Option<(Vec<u64>, u64)> {
    let layout = system.layout;
    let small = if layout.overshoot == Overshoot::Stay {
        layout.faces.min(layout.goal as u64) as usize
    } else {
        0
    };
    let mut table = vec![0u64, 1];
    for i in 2..=small as u64 {
        let previous = table[(p % i) as usize];
        table.push((p - mul_mod(p / i, previous, p)) % p);
    }
    let faces = Mod::new(0, p).plus(&Mod {
        value: layout.faces % p,
        modulus: p,
    });
    (!faces.is_zero()).then(|| (table, faces.inverse().value))
}

/// The divisors `d_s` of the squares that can be stood on: how many are `f`, and the others.
#[derive(Debug, Clone)]
struct Divisors {
    faces: u64,
    others: Vec<u64>,
}

impl Divisors {
    fn new(system: &System<'_>) -> Self {
        let layout = system.layout;
        let mut faces = 0;
        let mut others = Vec::new();
        for s in (0..layout.goal).filter(|&s| layout.stood[s]) {
            match system.divisor(s) {
                d if d == layout.faces => faces += 1,
                d => others.push(d),
            }
        }
        Self { faces, others }
    }

    /// `prod d_s` modulo `p`.
    fn product(&self, f: u64, p: u64) -> Mod {
        let mut power = Mod::new(1, p);
        let mut base = Mod {
            value: f % p,
            modulus: p,
        };
        let mut exponent = self.faces;
        while exponent > 0 {
            if exponent & 1 == 1 {
                power = power.times(&base);
            }
            base = base.times(&base);
            exponent >>= 1;
        }
        self.others.iter().fold(power, |product, &d| {
            product.times(&Mod {
                value: d % p,
                modulus: p,
            })
        })
    }
}

/// `det(A) x_start` and `det(A)` modulo `p` (`None` if `p` divides the determinant or a
/// divisor).
fn solve_modulo(system: &System<'_>, divisors: &Divisors, p: u64) -> Option<(u64, u64)> {
    let (table, inverse_faces) = inverses(system, p)?;
    let inverse = |s: usize| {
        let d = system.divisor(s);
        let value = if d == system.layout.faces {
            inverse_faces
        } else {
            table.get(d as usize).copied().unwrap_or(0)
        };
        Mod { value, modulus: p }
    };
    // Landing offsets are -1, 0 or 1: c is 0, 1 or 2.
    let small = [Mod::new(0, p), Mod::new(1, p), Mod::new(2, p)];
    let c = |q: usize| small[(1 + system.offset(q)) as usize];
    let e = |s: usize| Mod {
        value: system.over_constant(s) % p,
        modulus: p,
    };
    let k = system.k();
    let zero = vec![Mod::new(0, p); k];
    let first = system.scalar(c, e, inverse, &zero).ok()?;
    let (y, dense) = if k == 0 {
        (first, Mod::new(1, p))
    } else {
        let b = system.coefficients(inverse).ok()?;
        let a: Vec<Mod> = system.targets.iter().map(|&t| first[t]).collect();
        let (u, dense) = solve_dense(k, &b, &a, p)?;
        (system.scalar(c, e, inverse, &u).ok()?, dense)
    };
    let det = divisors.product(system.layout.faces, p).times(&dense);
    if det.is_zero() {
        return None;
    }
    let x = y.get(system.layout.start)?;
    Some((x.times(&det).value % p, det.value % p))
}

/// Bits of Hadamard's bound on `|det(A)|` of the stood-square system and on `|det(A_s)|`,
/// the same with a column replaced by the right-hand side: every row has a diagonal `d <= f`, off-diagonal
/// counts summing to at most `f`, and a right-hand side at most `f` (`2f` with miss-a-turn
/// squares), so its 2-norm is at most `sqrt(3) f` (`sqrt(6) f`).
fn bound_bits(layout: &Layout) -> f64 {
    let rows = layout.stood.iter().filter(|&&s| s).count() as f64;
    let misses = (0..layout.goal).any(|s| layout.stood[s] && layout.kind[s] == Kind::Miss);
    let norm = (if misses { 6.0f64 } else { 3.0 }).sqrt() * layout.faces as f64;
    // Rounding margin: 1e-9 relative per row is far above f64's error in log2.
    rows * norm.log2() * (1.0 + 1e-9) + 1.0
}

/// The most steps [`Odds::expected_turns_exact`](crate::Odds::expected_turns_exact) may take
/// by default ([`ExactBudget::default`]): primes times the steps of one prime's solve (a
/// step is about 50 ns: a few seconds).
pub const MAX_EXACT_WORK: u64 = 60_000_000;

/// How many steps the exact fraction may take, checked against its estimate before any
/// work is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExactBudget {
    /// At most this many steps; more is refused with [`OddsError::ExactTooCostly`].
    Steps(u64),
    /// Any number of steps: only the caller's [`Control`] stops the work.
    Unlimited,
}

impl Default for ExactBudget {
    /// [`MAX_EXACT_WORK`] steps.
    fn default() -> Self {
        Self::Steps(MAX_EXACT_WORK)
    }
}

/// The steps of one prime's solve: one sweep of the squares without targets; with `k`
/// targets two sweeps, the coefficient sweep (`k` per square) and the dense solve (`k^3`).
fn steps_per_prime(system: &System<'_>) -> u64 {
    let goal = system.layout.goal as u64;
    match system.k() as u64 {
        0 => goal.max(1),
        k => goal
            .saturating_mul(k + 2)
            .saturating_add(k.saturating_mul(k).saturating_mul(k)),
    }
}

/// Bits the product of the primes needs: both determinants are at most `2^bits` in absolute
/// value, so a modulus above `2^(bits + 1)` tells each from its residue.
fn needed_bits(bits: f64) -> u64 {
    bits.ceil() as u64 + 2
}

/// What the exact fraction of a board costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Estimate {
    /// Primes to solve modulo.
    pub primes: u64,
    /// Steps in all.
    pub work: u64,
}

/// The primes and steps of the exact fraction of `layout`, or
/// [`OddsError::ExactTooCostly`] above `budget`.
pub(crate) fn estimate(
    layout: &Layout,
    system: &System<'_>,
    budget: ExactBudget,
) -> Result<Estimate, OddsError> {
    let bits = bound_bits(layout);
    let primes = needed_bits(bits) / 61 + 1;
    let work = primes.saturating_mul(steps_per_prime(system));
    match budget {
        ExactBudget::Steps(limit) if work > limit => Err(OddsError::ExactTooCostly {
            primes,
            work,
            limit,
            digits: (bits * std::f64::consts::LOG10_2).ceil() as u64,
        }),
        _ => Ok(Estimate { primes, work }),
    }
}

/// The steps [`expected_turns`] would take on `board` under `rules`, from the checks of the
/// layout alone (no solve), or [`OddsError::ExactTooCostly`] above `budget`.
pub(crate) fn work(
    board: &tabletop_boards::Board,
    rules: &crate::Rules,
    budget: ExactBudget,
) -> Result<u64, OddsError> {
    let layout = Layout::new(board, rules)?;
    let system = System::new(&layout)?;
    Ok(estimate(&layout, &system, budget)?.work)
}

/// The expected number of turns from the start, exactly. `progress(done, total)` is called
/// after every prime; `control` is ticked before every prime and stops the work with
/// [`OddsError::Stopped`]. Refused before any work above `budget`.
pub(crate) fn expected_turns(
    layout: &Layout,
    budget: ExactBudget,
    progress: &mut dyn FnMut(u64, u64),
    control: Option<&Control>,
) -> Result<BigRational, OddsError> {
    let system = System::new(layout)?;
    let total = estimate(layout, &system, budget)?.primes;
    let needed = needed_bits(bound_bits(layout));
    let divisors = Divisors::new(&system);
    let mut modulus = BigInt::one();
    // det(A) x_start and det(A), modulo the primes so far.
    let mut numerator = BigInt::zero();
    let mut denominator = BigInt::zero();
    let mut candidate = (1u64 << 62) - 1;
    let mut done = 0u64;
    while modulus.bits() < needed {
        if let Some(control) = control {
            control
                .tick(Tick::new("exact", done, Some(total)))
                .map_err(OddsError::Stopped)?;
        }
        candidate = candidate
            .checked_sub(2)
            .ok_or(OddsError::Internal("ran out of primes"))?;
        if !is_prime(candidate) {
            continue;
        }
        let p = candidate;
        let Some((n, d)) = solve_modulo(&system, &divisors, p) else {
            continue; // p divides the determinant
        };
        let big_p = BigInt::from(p);
        let m_mod_p = residue(&modulus, &big_p);
        combine(&mut numerator, &modulus, m_mod_p, n, p);
        combine(&mut denominator, &modulus, m_mod_p, d, p);
        modulus *= big_p;
        done += 1;
        progress(done, total.max(done));
    }
    let numerator = nearest_zero(numerator, &modulus);
    let denominator = nearest_zero(denominator, &modulus);
    if denominator.is_zero() {
        return Err(OddsError::Internal("the determinant vanished"));
    }
    Ok(BigRational::new(numerator, denominator))
}

/// `value mod p` for `p < 2^62`.
fn residue(value: &BigInt, p: &BigInt) -> u64 {
    value.mod_floor(p).to_u64_digits().1.first().copied().unwrap_or(0)
}

/// The Chinese remainder step: `r` modulo `modulus` becomes the residue modulo
/// `modulus * p` that is `x` modulo `p` (`m_mod_p` is `modulus mod p`, invertible).
fn combine(r: &mut BigInt, modulus: &BigInt, m_mod_p: u64, x: u64, p: u64) {
    let difference = Mod { value: x, modulus: p }.minus(&Mod {
        value: residue(r, &BigInt::from(p)),
        modulus: p,
    });
    let step = difference.over(&Mod {
        value: m_mod_p,
        modulus: p,
    });
    *r += modulus * BigInt::from(step.value);
}

/// The representative of `r` modulo `modulus` nearest 0.
fn nearest_zero(r: BigInt, modulus: &BigInt) -> BigInt {
    if &r + &r > *modulus {
        r - modulus
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes_are_recognised() {
        assert!(is_prime(2) && is_prime(3) && is_prime(1_000_000_007));
        assert!(!is_prime(1) && !is_prime(561) && !is_prime(1_000_000_007 * 3));
        assert!(is_prime((1 << 61) - 1));
        assert!(!is_prime((1 << 62) - 1));
    }

    #[test]
    fn residues_invert_and_subtract() {
        let p = 1_000_000_007;
        let three = Mod::new(3, p);
        assert_eq!(three.times(&three.inverse()).value, 1);
        assert_eq!(Mod::new(-1, p).value, p - 1);
        assert_eq!(Mod::new(2, p).minus(&Mod::new(5, p)).value, p - 3);
        assert_eq!(Mod::one().over(&three).times(&three).value, 1);
    }

    #[test]
    fn residues_combine_to_the_value_nearest_zero() {
        // -22 and 7 modulo 1,000,000,007 and 998,244,353.
        let primes = [1_000_000_007u64, 998_244_353];
        let (mut minus, mut seven, mut modulus) = (BigInt::zero(), BigInt::zero(), BigInt::one());
        for p in primes {
            let big = BigInt::from(p);
            let m_mod_p = residue(&modulus, &big);
            combine(&mut minus, &modulus, m_mod_p, p - 22, p);
            combine(&mut seven, &modulus, m_mod_p, 7, p);
            modulus *= big;
        }
        assert_eq!(nearest_zero(minus, &modulus), BigInt::from(-22));
        assert_eq!(nearest_zero(seven, &modulus), BigInt::from(7));
    }
}

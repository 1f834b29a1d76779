//! The expected number of turns as an exact fraction, by modular arithmetic.
//!
//! Solving the chain directly in big rationals costs a gcd per operation on numbers of
//! thousands of digits. Instead, the throw-level system `B x = b` (integer entries, see
//! [`integer_system`]) is solved modulo many 62-bit primes with the same sparse solver, the
//! residues of `x_start` are combined by the Chinese remainder theorem, and the fraction is
//! recovered by rational reconstruction. Cramer's rule and Hadamard's bound make this
//! exact, not probabilistic: `x_start = det(B_k) / det(B)` with both determinants at most
//! `(3f)^n` in absolute value (every row of `B` has 1-norm at most `2f`, and at most `3f`
//! once a column is replaced by `b`), so once the product `M` of the primes exceeds
//! `2 (3f)^(2n)`, the fraction in lowest terms with numerator and denominator at most
//! `(3f)^n` congruent to the residue is unique, and it is the answer. Primes that divide
//! `det(B)` show up as a zero pivot and are skipped.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use super::chain::{Node, Structure, Target};
use super::solve::{solve, Field, Sparse};
use super::OddsError;

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
        let sum = u128::from(self.value) + u128::from(other.value);
        Self {
            value: if p == 0 {
                sum as u64
            } else {
                (sum % u128::from(p)) as u64
            },
            modulus: p,
        }
    }
    fn minus(&self, other: &Self) -> Self {
        let p = self.modulus_with(other);
        let value = if p == 0 {
            self.value.wrapping_sub(other.value)
        } else {
            ((u128::from(self.value) + u128::from(p) - u128::from(other.value % p)) % u128::from(p)) as u64
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

/// The throw-level system over every node (turn starts, skipped turns, extra throws), as
/// integers: `f x_i - sum_j c_ij x_j = f` for a turn (`c_ij` faces leading to `j`; the turn
/// counts once, extra throws add nothing), `f x_e - sum_j c_ej x_j = 0` for an extra throw.
/// Unknowns are numbered in square order so that the solver's fill-in stays small. Returns
/// the rows, the right-hand side and the index of the start.
fn integer_system(structure: &Structure) -> (Vec<Sparse<i64>>, Vec<i64>, usize) {
    let faces = structure.faces as i64;
    let mut order: Vec<(u64, u8, usize)> = Vec::new();
    for (i, node) in structure.turn_nodes.iter().enumerate() {
        let (square, rank) = match node {
            Node::Turn(s) => (*s, 0),
            Node::Skip(s) => (*s, 1),
            Node::Extra(s) => (*s, 2),
        };
        order.push((square, rank, i));
    }
    let turns = structure.turn_nodes.len();
    for (e, &square) in structure.extra_nodes.iter().enumerate() {
        order.push((square, 2, turns + e));
    }
    order.sort_unstable();
    let mut position = vec![0usize; order.len()];
    for (at, &(_, _, node)) in order.iter().enumerate() {
        position[node] = at;
    }
    let column = |target: Target| match target {
        Target::Goal => None,
        Target::End(i) => Some(position[i]),
        Target::Continue(e) => Some(position[turns + e]),
    };
    let mut rows = vec![Vec::new(); order.len()];
    let mut rhs = vec![0i64; order.len()];
    let moves = structure.turn_moves.iter().chain(&structure.extra_moves);
    for (node, moves) in moves.enumerate() {
        let row = position[node];
        let mut entries: Sparse<i64> = vec![(row, faces)];
        for &(target, count) in moves {
            if let Some(j) = column(target) {
                entries.push((j, -(count as i64)));
            }
        }
        entries.sort_unstable_by_key(|&(j, _)| j);
        let mut merged: Sparse<i64> = Vec::with_capacity(entries.len());
        for (j, v) in entries {
            match merged.last_mut() {
                Some((last, total)) if *last == j => *total += v,
                _ => merged.push((j, v)),
            }
        }
        rows[row] = merged;
        rhs[row] = if node < turns { faces } else { 0 };
    }
    (rows, rhs, position[structure.start])
}

/// The expected number of turns from the start, exactly.
pub(crate) fn expected_turns(structure: &Structure) -> Result<BigRational, OddsError> {
    let (rows, rhs, start) = integer_system(structure);
    let n = rows.len() as f64;
    // Numerator and denominator are at most (3f)^n; the modulus must exceed 2 (3f)^(2n).
    let bound_bits = n * (3.0 * structure.faces as f64).log2();
    let needed_bits = (2.0 * bound_bits).ceil() as u64 + 8;
    let bound = BigInt::one() << (bound_bits.ceil() as u64 + 1);
    let mut modulus = BigInt::one();
    let mut residue = BigInt::zero();
    let mut candidate = (1u64 << 62) - 1;
    while modulus.bits() < needed_bits {
        candidate = candidate
            .checked_sub(2)
            .ok_or(OddsError::Internal("ran out of primes"))?;
        if !is_prime(candidate) {
            continue;
        }
        let p = candidate;
        let rows_mod: Vec<Sparse<Mod>> = rows
            .iter()
            .map(|row| row.iter().map(|&(j, v)| (j, Mod::new(v, p))).collect())
            .collect();
        let rhs_mod: Vec<Mod> = rhs.iter().map(|&v| Mod::new(v, p)).collect();
        let Ok(solution) = solve(rows_mod, rhs_mod) else {
            continue; // p divides the determinant
        };
        let x = solution.get(start).map_or(0, |m| m.value);
        // Chinese remainder: residue' = residue + modulus * ((x - residue) / modulus mod p).
        let big_p = BigInt::from(p);
        let r_mod_p = (&residue % &big_p)
            .to_u64_digits()
            .1
            .first()
            .copied()
            .unwrap_or(0);
        let m_mod_p = (&modulus % &big_p)
            .to_u64_digits()
            .1
            .first()
            .copied()
            .unwrap_or(0);
        let difference = Mod::new(0, p).plus(&Mod { value: x, modulus: p }).minus(&Mod {
            value: r_mod_p,
            modulus: p,
        });
        let step = difference.over(&Mod {
            value: m_mod_p,
            modulus: p,
        });
        residue += &modulus * BigInt::from(step.value);
        modulus *= big_p;
    }
    reconstruct(&residue, &modulus, &bound).ok_or(OddsError::Internal("rational reconstruction failed"))
}

/// The fraction `a / b` in lowest terms with `|a| <= bound`, `0 < b <= bound` and
/// `a = b * residue (mod modulus)`, if any (requires `modulus > 2 bound^2` for uniqueness).
fn reconstruct(residue: &BigInt, modulus: &BigInt, bound: &BigInt) -> Option<BigRational> {
    // Extended Euclid on (modulus, residue), stopping at the first remainder <= bound.
    let (mut r0, mut r1) = (modulus.clone(), residue.mod_floor(modulus));
    let (mut t0, mut t1) = (BigInt::zero(), BigInt::one());
    while &r1 > bound {
        let (quotient, remainder) = r0.div_rem(&r1);
        let t2 = &t0 - &quotient * &t1;
        (r0, r1) = (r1, remainder);
        (t0, t1) = (t1, t2);
    }
    if t1.is_zero() || &t1.abs() > bound {
        return None;
    }
    let fraction = BigRational::new(r1, t1);
    (fraction.numer().gcd(fraction.denom()).is_one()).then_some(fraction)
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
    fn fractions_are_reconstructed() {
        // -22/7 modulo a prime far above 2 * 100^2.
        let p = BigInt::from(1_000_000_007u64);
        let inverse = BigInt::from(7).modpow(&(&p - 2u32), &p);
        let residue = (BigInt::from(-22) * inverse).mod_floor(&p);
        let bound = BigInt::from(100);
        assert_eq!(
            reconstruct(&residue, &p, &bound),
            Some(BigRational::new(BigInt::from(-22), BigInt::from(7)))
        );
    }
}

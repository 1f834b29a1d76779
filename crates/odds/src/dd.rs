//! Double-double numbers: an unevaluated sum `hi + lo` of two `f64`, about 106 bits of
//! precision (Dekker 1971; Hida, Li and Bailey's QD library). The per-turn chain and the
//! distribution are computed in them, so that the `f64` figures reported are accurate to
//! the last bit or so even after a thousand turns of accumulated rounding.

use super::field::Field;

/// `hi + lo` with `|lo| <= ulp(hi) / 2`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct Dd {
    hi: f64,
    lo: f64,
}

/// `a + b` exactly, as `s + e` (Knuth).
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// `a + b` exactly when `|a| >= |b|`.
fn quick_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// Splits `a` into two halves of 26 bits (Dekker), for an exact product without FMA.
fn split(a: f64) -> (f64, f64) {
    const SPLITTER: f64 = 134_217_729.0; // 2^27 + 1
    let t = SPLITTER * a;
    let hi = t - (t - a);
    (hi, a - hi)
}

/// `a * b` exactly, as `p + e`.
fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

impl Dd {
    /// The nearest `f64`.
    pub fn to_f64(self) -> f64 {
        self.hi + self.lo
    }

    fn from_parts((hi, lo): (f64, f64)) -> Self {
        Self { hi, lo }
    }

    /// An `f64`, exactly.
    pub fn from_f64(x: f64) -> Self {
        Self { hi: x, lo: 0.0 }
    }

    /// An `i64`, exactly.
    pub fn from_i64(n: i64) -> Self {
        if n >= 0 {
            Self::from_u64(n as u64)
        } else {
            Self::from_u64(n.unsigned_abs()).neg()
        }
    }

    /// `self * 2^k`, exactly (barring overflow and underflow).
    pub fn scale2(self, k: i32) -> Self {
        let factor = 2f64.powi(k);
        Self {
            hi: self.hi * factor,
            lo: self.lo * factor,
        }
    }

    /// A `u64`, exactly.
    pub fn from_u64(n: u64) -> Self {
        let hi = n as f64;
        // The rounding error of the conversion, exactly (it fits in 11 bits).
        let lo = (i128::from(n) - hi as i128) as f64;
        Self::from_parts(quick_two_sum(hi, lo))
    }

    fn neg(self) -> Self {
        Self {
            hi: -self.hi,
            lo: -self.lo,
        }
    }

    fn add(self, other: Self) -> Self {
        let (s, e) = two_sum(self.hi, other.hi);
        let (t, f) = two_sum(self.lo, other.lo);
        let (s, e) = quick_two_sum(s, e + t);
        Self::from_parts(quick_two_sum(s, e + f))
    }

    fn mul(self, other: Self) -> Self {
        let (p, e) = two_prod(self.hi, other.hi);
        let e = e + (self.hi * other.lo + self.lo * other.hi);
        Self::from_parts(quick_two_sum(p, e))
    }

    fn mul_f64(self, b: f64) -> Self {
        let (p, e) = two_prod(self.hi, b);
        Self::from_parts(quick_two_sum(p, e + self.lo * b))
    }

    fn div(self, other: Self) -> Self {
        let q1 = self.hi / other.hi;
        let r = self.add(other.mul_f64(q1).neg());
        let q2 = r.hi / other.hi;
        let r = r.add(other.mul_f64(q2).neg());
        let q3 = r.hi / other.hi;
        Self::from_parts(quick_two_sum(q1, q2)).add(Self { hi: q3, lo: 0.0 })
    }

    /// `self^n` by repeated squaring.
    pub fn powi(self, mut n: u32) -> Self {
        let mut result = Self { hi: 1.0, lo: 0.0 };
        let mut base = self;
        while n > 0 {
            if n & 1 == 1 {
                result = result.mul(base);
            }
            base = base.mul(base);
            n >>= 1;
        }
        result
    }
}

impl Field for Dd {
    fn zero() -> Self {
        Self::default()
    }
    fn one() -> Self {
        Self { hi: 1.0, lo: 0.0 }
    }
    fn is_zero(&self) -> bool {
        self.hi == 0.0 && self.lo == 0.0
    }
    fn plus(&self, other: &Self) -> Self {
        self.add(*other)
    }
    fn minus(&self, other: &Self) -> Self {
        self.add(other.neg())
    }
    fn times(&self, other: &Self) -> Self {
        self.mul(*other)
    }
    fn over(&self, other: &Self) -> Self {
        self.div(*other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use num_traits::{Signed, ToPrimitive};

    use crate::chain::FromRatio;

    fn exact(x: Dd) -> BigRational {
        BigRational::from_float(x.hi).unwrap() + BigRational::from_float(x.lo).unwrap()
    }

    #[test]
    fn a_sixth_is_accurate_to_about_106_bits() {
        let sixth = Dd::ratio(1, 6);
        let error = exact(sixth) - BigRational::new(BigInt::from(1), BigInt::from(6));
        assert!(error.abs().to_f64().unwrap() < 1e-32);
        assert_eq!(sixth.to_f64(), 1.0 / 6.0);
    }

    #[test]
    fn arithmetic_keeps_about_106_bits() {
        let third = Dd::ratio(1, 3);
        let seventh = Dd::ratio(1, 7);
        let r = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
        let cases = [
            (third.plus(&seventh), r(10, 21)),
            (third.minus(&seventh), r(4, 21)),
            (third.times(&seventh), r(1, 21)),
            (third.over(&seventh), r(7, 3)),
            (third.powi(5), r(1, 243)),
            (
                Dd::from_u64(u64::MAX).over(&Dd::from_u64(3)),
                r(i64::MAX, 3) * r(2, 1) + r(1, 3),
            ),
        ];
        for (got, want) in cases {
            let relative = ((exact(got) - &want) / &want).abs().to_f64().unwrap();
            assert!(relative < 1e-30, "{got:?} vs {want}: {relative}");
        }
    }
}

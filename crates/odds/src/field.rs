//! The arithmetic the sweeps and tables run in: `f64`, double-double and residues modulo a
//! prime all implement [`Field`].

/// The arithmetic a sweep or a table is computed in.
pub(crate) trait Field: Clone + std::fmt::Debug {
    /// 0.
    fn zero() -> Self;
    /// 1.
    fn one() -> Self;
    /// Whether this is exactly 0.
    fn is_zero(&self) -> bool;
    /// `self + other`.
    fn plus(&self, other: &Self) -> Self;
    /// `self - other`.
    fn minus(&self, other: &Self) -> Self;
    /// `self * other`.
    fn times(&self, other: &Self) -> Self;
    /// `self / other` (`other` non-zero).
    fn over(&self, other: &Self) -> Self;
}

impl Field for f64 {
    fn zero() -> Self {
        0.0
    }
    fn one() -> Self {
        1.0
    }
    fn is_zero(&self) -> bool {
        *self == 0.0
    }
    fn plus(&self, other: &Self) -> Self {
        self + other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn over(&self, other: &Self) -> Self {
        self / other
    }
}

//! Fractions of die faces in any field (`f64`, double-double, exact rationals), and a sparse
//! linear solver for the systems `(I - Q) x = b` of absorbing Markov chains.
//!
//! The solver eliminates columns from the highest index down, always pivoting on the
//! diagonal. States are numbered in square order, so throws (which move forward) only ever
//! refer to columns that are eliminated before their own row, and fill-in is limited to the
//! few squares that something jumps or bounces back to. For `I - Q` with `Q` substochastic
//! and every state transient, the matrix is a nonsingular M-matrix: every pivot is positive
//! and no row exchange is needed.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::dd::Dd;
use crate::field::Field;

/// A field that holds the fractions `num / den` (a chain's probabilities are counts of die
/// faces over the number of faces).
pub(crate) trait FromRatio: Field {
    /// `num / den` (`den > 0`).
    fn ratio(num: u64, den: u64) -> Self;
}

impl Field for BigRational {
    fn zero() -> Self {
        Zero::zero()
    }
    fn one() -> Self {
        One::one()
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
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

impl FromRatio for f64 {
    fn ratio(num: u64, den: u64) -> Self {
        // Both are at most 2^53 in practice (counts of die faces); the division rounds once.
        num as f64 / den as f64
    }
}

impl FromRatio for BigRational {
    fn ratio(num: u64, den: u64) -> Self {
        BigRational::new(BigInt::from(num), BigInt::from(den))
    }
}

impl FromRatio for Dd {
    fn ratio(num: u64, den: u64) -> Self {
        Self::from_u64(num).over(&Self::from_u64(den))
    }
}

/// A sparse row or vector: `(index, value)` pairs sorted by index, indices unique.
pub(crate) type Sparse<T> = Vec<(usize, T)>;

/// `a - factor * b` for sparse vectors, leaving out index `skip` and exact zeros.
fn sub_scaled<T: Field>(a: &[(usize, T)], factor: &T, b: &[(usize, T)], skip: Option<usize>) -> Sparse<T> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    let mut push = |index: usize, value: T| {
        if Some(index) != skip && !value.is_zero() {
            out.push((index, value));
        }
    };
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some((ia, va)), Some((ib, vb))) if ia == ib => {
                push(*ia, va.minus(&factor.times(vb)));
                i += 1;
                j += 1;
            }
            (Some((ia, va)), Some((ib, _))) if ia < ib => {
                push(*ia, va.clone());
                i += 1;
            }
            (Some((ia, va)), None) => {
                push(*ia, va.clone());
                i += 1;
            }
            (_, Some((ib, vb))) => {
                push(*ib, T::zero().minus(&factor.times(vb)));
                j += 1;
            }
            (None, None) => break,
        }
    }
    out
}

/// The right-hand side of a system: a number, or a sparse vector (several right-hand sides
/// at once, e.g. a distribution over outcomes).
pub(crate) trait Rhs<T: Field>: Clone {
    /// `self -= factor * other`.
    fn sub_scaled(&mut self, factor: &T, other: &Self);
    /// `self /= pivot`.
    fn divide(&mut self, pivot: &T);
}

impl<T: Field> Rhs<T> for T {
    fn sub_scaled(&mut self, factor: &T, other: &Self) {
        *self = self.minus(&factor.times(other));
    }
    fn divide(&mut self, pivot: &T) {
        *self = self.over(pivot);
    }
}

/// A sparse right-hand side (a newtype so that it cannot be confused with a number).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SparseRhs<T>(pub Sparse<T>);

impl<T: Field> Rhs<T> for SparseRhs<T> {
    fn sub_scaled(&mut self, factor: &T, other: &Self) {
        self.0 = sub_scaled(&self.0, factor, &other.0, None);
    }
    fn divide(&mut self, pivot: &T) {
        for (_, value) in &mut self.0 {
            *value = value.over(pivot);
        }
    }
}

/// The pivot of a column was zero: the system is singular (a state that is never absorbed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Singular {
    /// The column.
    pub column: usize,
}

/// Solves `A x = b` where row `k` of `A` is `rows[k]` (sorted, unique columns `< rows.len()`).
///
/// Columns are eliminated from the last to the first, pivoting on the diagonal, so `A` must
/// admit that order (true of nonsingular M-matrices such as `I - Q` for a transient chain).
pub(crate) fn solve<T: Field, R: Rhs<T>>(
    mut rows: Vec<Sparse<T>>,
    mut rhs: Vec<R>,
) -> Result<Vec<R>, Singular> {
    let n = rows.len();
    // For every column, the rows (other than its own) that may hold an entry in it.
    let mut users: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (row, entries) in rows.iter().enumerate() {
        for &(column, _) in entries {
            if column != row && column < n {
                users[column].push(row);
            }
        }
    }
    for k in (0..n).rev() {
        let pivot_row = std::mem::take(&mut rows[k]);
        let pivot = match pivot_row.binary_search_by_key(&k, |&(c, _)| c) {
            Ok(at) if !pivot_row[at].1.is_zero() => pivot_row[at].1.clone(),
            _ => return Err(Singular { column: k }),
        };
        let mut column_users = std::mem::take(&mut users[k]);
        column_users.sort_unstable();
        column_users.dedup();
        for &i in column_users.iter().filter(|&&i| i < k) {
            let Ok(at) = rows[i].binary_search_by_key(&k, |&(c, _)| c) else {
                continue;
            };
            let factor = rows[i][at].1.over(&pivot);
            let updated = sub_scaled(&rows[i], &factor, &pivot_row, Some(k));
            for &(column, _) in &updated {
                if column > i && column < k {
                    users[column].push(i);
                }
            }
            rows[i] = updated;
            let pivot_rhs = rhs[k].clone();
            rhs[i].sub_scaled(&factor, &pivot_rhs);
        }
        rows[k] = pivot_row;
    }
    // Row k now only holds columns <= k: substitute forward.
    for k in 0..n {
        let mut value = rhs[k].clone();
        let mut pivot = T::one();
        for (column, a) in &rows[k] {
            if *column == k {
                pivot = a.clone();
            } else {
                let known = rhs[*column].clone();
                value.sub_scaled(a, &known);
            }
        }
        value.divide(&pivot);
        rhs[k] = value;
    }
    Ok(rhs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dense elimination on `[a | b]`, for comparison.
    fn dense_solve(a: &[Vec<f64>], b: &[f64]) -> Vec<f64> {
        let augmented = a
            .iter()
            .zip(b)
            .map(|(row, &v)| row.iter().copied().chain([v]).collect())
            .collect();
        crate::tests::gauss_jordan(augmented)
    }

    #[test]
    fn solves_a_small_m_matrix_like_dense_elimination() {
        // I - Q for a chain with back edges.
        let q = [
            [0.0, 0.5, 0.25, 0.0],
            [0.1, 0.0, 0.5, 0.3],
            [0.4, 0.0, 0.1, 0.2],
            [0.0, 0.6, 0.0, 0.0],
        ];
        let a: Vec<Vec<f64>> = (0..4)
            .map(|i| {
                (0..4)
                    .map(|j| if i == j { 1.0 - q[i][j] } else { -q[i][j] })
                    .collect()
            })
            .collect();
        let rows: Vec<Sparse<f64>> = a
            .iter()
            .map(|row| {
                row.iter()
                    .copied()
                    .enumerate()
                    .filter(|(_, v)| *v != 0.0)
                    .collect()
            })
            .collect();
        let b = vec![1.0, 2.0, 3.0, 4.0];
        let x = solve(rows, b.clone()).unwrap();
        let expected = dense_solve(&a, &b);
        for (x, e) in x.iter().zip(expected) {
            assert!((x - e).abs() < 1e-12, "{x} vs {e}");
        }
    }

    #[test]
    fn exact_and_sparse_right_hand_sides() {
        // x0 = 1/2 x1 + [outcome 7: 1/2];  x1 = 1/3 x0 + [outcome 8: 2/3].
        let r = |n, d| BigRational::ratio(n, d);
        let rows = vec![
            vec![(0, r(1, 1)), (1, <BigRational as Zero>::zero() - r(1, 2))],
            vec![(0, <BigRational as Zero>::zero() - r(1, 3)), (1, r(1, 1))],
        ];
        let rhs = vec![SparseRhs(vec![(7, r(1, 2))]), SparseRhs(vec![(8, r(2, 3))])];
        let x = solve(rows, rhs).unwrap();
        // x0 = 1/2 (1/3 x0 + 2/3 e8) + 1/2 e7  =>  5/6 x0 = 1/2 e7 + 1/3 e8.
        assert_eq!(x[0], SparseRhs(vec![(7, r(3, 5)), (8, r(2, 5))]));
        assert_eq!(x[1], SparseRhs(vec![(7, r(1, 5)), (8, r(4, 5))]));
    }

    #[test]
    fn a_zero_pivot_is_reported() {
        let rows: Vec<Sparse<f64>> = vec![vec![(0, 1.0), (1, -1.0)], vec![(0, -1.0), (1, 1.0)]];
        assert_eq!(solve(rows, vec![1.0, 1.0]), Err(Singular { column: 0 }));
    }
}

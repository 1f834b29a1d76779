//! The public result of a computation: the values `G(0..=N)`, how they were computed
//! ([`Method`]) and what the sparse-space method met ([`SparseStats`]).

use crate::code::OctalCode;

/// How [`NimSequence::compute_with`] computes the values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Every split of every heap (`O(N²)` for a game with splits).
    Plain,
    /// The sparse-space method with the mask chosen from the values (the default).
    Sparse,
    /// The sparse-space method with this fixed mask from the start (any mask gives exact
    /// values; for tests and experiments).
    Mask(u32),
    /// Every split of every heap like [`Method::Plain`], 64 splits at a time on bit planes
    /// of the values while every value is below 32 (then value by value).
    Bitset,
}

/// What the sparse-space method met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SparseStats {
    /// The mask in use at the end (`None`: plain steps only, or no move splits a heap).
    pub mask: Option<u32>,
    /// Heaps `1..=N` whose value is rare under the final mask.
    pub rare: u64,
    /// Heaps `1..=N` whose value is common under the final mask.
    pub common: u64,
    /// Splits (pairs of heaps) looked at, over the whole computation.
    pub pairs: u64,
    /// The largest value.
    pub max_value: u32,
}

/// The nim-values `G(0..=N)` of an octal game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NimSequence {
    values: Vec<u32>,
    last_nonzero: usize,
    /// Grundy's game (no period test).
    unequal: bool,
    stats: SparseStats,
}

impl NimSequence {
    /// The sequence made of its parts.
    pub(crate) fn from_parts(values: Vec<u32>, code: &OctalCode, stats: SparseStats) -> Self {
        Self {
            values,
            last_nonzero: code.last_nonzero(),
            unequal: code.unequal_splits(),
            stats,
        }
    }

    /// `G(0), G(1), …, G(N)`.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The values, by value.
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    /// What the computation met (mask, rare and common counts).
    pub fn stats(&self) -> &SparseStats {
        &self.stats
    }

    /// `t`, the most tokens a move removes (the last non-zero digit's position).
    pub fn last_nonzero(&self) -> usize {
        self.last_nonzero
    }

    /// Whether these are the values of Grundy's game (splits into unequal heaps).
    pub(crate) fn unequal_splits(&self) -> bool {
        self.unequal
    }
}

/// How a computation's values were computed: the heaps each kind of step computed, the
/// mask of the sparse steps, the heaps of paired runs, and where a period took over. The
/// words for it are `tabletop-render`'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MethodUsed {
    /// Heaps computed by plain steps (every split, value by value).
    pub plain: u64,
    /// Heaps computed on bit planes (every split, 64 at a time).
    pub bitset: u64,
    /// Heaps computed by the sparse-space method.
    pub sparse: u64,
    /// The mask of the sparse steps at the end (0 without one).
    pub mask: u32,
    /// Of the sparse heaps, those computed by paired runs on two threads (a paired run
    /// goes on one thread when two are measured slower).
    pub paired: u64,
    /// Speculative values of paired runs (on two threads or one) that were computed again.
    pub retries: u64,
    /// The first heap whose value came from a proven period, when one filled the rest.
    pub period_from: Option<usize>,
}

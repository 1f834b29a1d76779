//! A finite commutative monoid with a marked subset (the P-portion): a bipartite monoid.
//!
//! A small monoid keeps its whole multiplication table. A large one keeps only the action
//! of its generators (`order × generators` entries, after MisereSolver's explicit monoids)
//! and, per element, the element and generator it is reached from: `a · b` follows `b`'s
//! path back to the identity, multiplying `a` by each generator met (the monoid is
//! commutative, so the order does not matter). The elements a proof multiplies by most (the
//! heaps' elements and their options) get a whole column each. A table of order `n` would
//! take `4n²` bytes: 1 GB at 16,000 elements, where the candidates of the hard codes go.

/// Elements are `0..order`; element 0 is the identity.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    order: usize,
    p: Vec<bool>,
    /// The whole table, row by row, when the order is at most [`FULL_ORDER`].
    full: Option<Vec<u32>>,
    /// The generators' count, for the action table.
    generators: usize,
    /// `actions[a * generators + j]`: element `a` times generator `j`.
    actions: Vec<u32>,
    /// Per element but the identity: the smaller element and the generator it is that one
    /// times.
    path: Vec<(u32, u32)>,
    /// Per element: its whole column (`a` times it for every `a`), for the elements often
    /// multiplied by.
    columns: Vec<Option<Box<[u32]>>>,
}

/// The largest order kept as a whole table (64 MiB).
const FULL_ORDER: usize = 4096;

/// The largest order kept whole (and whose proofs keep option sets as bit sets):
/// [`FULL_ORDER`], or less in a test of the large representations.
#[cfg(not(test))]
pub(crate) fn full_order() -> usize {
    FULL_ORDER
}

#[cfg(test)]
thread_local! {
    /// Tests set it to 0 to run the solver on action tables alone.
    pub(crate) static FULL_ORDER_IN_TESTS: std::cell::Cell<usize> = const { std::cell::Cell::new(FULL_ORDER) };
}

#[cfg(test)]
pub(crate) fn full_order() -> usize {
    FULL_ORDER_IN_TESTS.with(std::cell::Cell::get)
}

impl Table {
    /// The trivial monoid `{1}`, with the identity an N-position (the empty game).
    pub(crate) fn trivial() -> Self {
        Table::new(1, vec![0], vec![false])
    }

    /// A table from its rows; `product.len()` must be `order * order`.
    pub(crate) fn new(order: usize, product: Vec<u32>, p: Vec<bool>) -> Self {
        debug_assert_eq!(product.len(), order * order);
        debug_assert_eq!(p.len(), order);
        Table {
            order,
            p,
            full: Some(product),
            generators: 0,
            actions: Vec::new(),
            path: Vec::new(),
            columns: Vec::new(),
        }
    }

    /// A table from its generators' action: `actions[a * generators + j]` is `a` times
    /// generator `j`, and element `b > 0` is `path[b].0` times generator `path[b].1`, with
    /// `path[b].0 < b` (`path[0]` is not read).
    pub(crate) fn from_actions(
        order: usize,
        generators: usize,
        actions: Vec<u32>,
        path: Vec<(u32, u32)>,
        p: Vec<bool>,
    ) -> Self {
        debug_assert_eq!(actions.len(), order * generators);
        debug_assert_eq!(path.len(), order);
        let mut table = Table {
            order,
            p,
            full: None,
            generators,
            actions,
            path,
            columns: Vec::new(),
        };
        if order <= full_order() {
            // Column by column: a·b = (a·parent)·generator, the parent's column done first.
            let mut full = vec![0u32; order * order];
            for a in 0..order {
                full[a * order] = a as u32;
            }
            for b in 1..order {
                let (parent, j) = table.path[b];
                for a in 0..order {
                    let left = full[a * order + parent as usize];
                    full[a * order + b] = table.act(left, j);
                }
            }
            table.full = Some(full);
        } else {
            table.columns = vec![None; order];
        }
        table
    }

    pub(crate) fn order(&self) -> usize {
        self.order
    }

    /// `a` times generator `j` of the action table.
    fn act(&self, a: u32, j: u32) -> u32 {
        self.actions[a as usize * self.generators + j as usize]
    }

    pub(crate) fn times(&self, a: u32, b: u32) -> u32 {
        if let Some(full) = &self.full {
            return full[a as usize * self.order + b as usize];
        }
        if let Some(column) = &self.columns[b as usize] {
            return column[a as usize];
        }
        let mut x = a;
        let mut at = b;
        while at != 0 {
            let (parent, j) = self.path[at as usize];
            x = self.act(x, j);
            at = parent;
        }
        x
    }

    /// Keeps a whole column for each of `elements` (a table kept whole has them all).
    pub(crate) fn keep_columns(&mut self, elements: impl IntoIterator<Item = u32>) {
        if self.full.is_some() {
            return;
        }
        for b in elements {
            if self.columns[b as usize].is_none() {
                let column = (0..self.order as u32).map(|a| self.times(a, b)).collect();
                self.columns[b as usize] = Some(column);
            }
        }
    }

    pub(crate) fn is_p(&self, a: u32) -> bool {
        self.p[a as usize]
    }

    pub(crate) fn p(&self) -> &[bool] {
        &self.p
    }

    /// The rows of the multiplication table, one `Vec` per element.
    pub(crate) fn rows(&self) -> Vec<Vec<u32>> {
        let order = self.order as u32;
        (0..order)
            .map(|a| (0..order).map(|b| self.times(a, b)).collect())
            .collect()
    }
}

impl PartialEq for Table {
    /// The same products and P-portion, however they are kept.
    fn eq(&self, other: &Self) -> bool {
        let order = self.order as u32;
        self.order == other.order
            && self.p == other.p
            && (0..order).all(|a| (0..order).all(|b| self.times(a, b) == other.times(a, b)))
    }
}

impl Eq for Table {}

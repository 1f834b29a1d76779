//! A finite commutative monoid given by its multiplication table, with a marked subset
//! (the P-portion): a bipartite monoid.

/// Elements are `0..order`; element 0 is the identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Table {
    order: usize,
    product: Vec<u32>,
    p: Vec<bool>,
}

impl Table {
    /// The trivial monoid `{1}`, with the identity an N-position (the empty game).
    pub(crate) fn trivial() -> Self {
        Table {
            order: 1,
            product: vec![0],
            p: vec![false],
        }
    }

    /// A table from its rows; `product.len()` must be `order * order`.
    pub(crate) fn new(order: usize, product: Vec<u32>, p: Vec<bool>) -> Self {
        debug_assert_eq!(product.len(), order * order);
        debug_assert_eq!(p.len(), order);
        Table { order, product, p }
    }

    pub(crate) fn order(&self) -> usize {
        self.order
    }

    pub(crate) fn times(&self, a: u32, b: u32) -> u32 {
        self.product[a as usize * self.order + b as usize]
    }

    pub(crate) fn is_p(&self, a: u32) -> bool {
        self.p[a as usize]
    }

    pub(crate) fn p(&self) -> &[bool] {
        &self.p
    }

    /// The rows of the multiplication table, one `Vec` per element.
    pub(crate) fn rows(&self) -> Vec<Vec<u32>> {
        self.product
            .chunks(self.order.max(1))
            .map(<[u32]>::to_vec)
            .collect()
    }
}

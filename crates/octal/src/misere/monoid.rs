//! What the checks and candidates share: a bipartite monoid seen through its product, and a
//! heap as those see it.

/// A commutative monoid with a P-portion, elements `0..order` (0 the identity).
pub(crate) trait Monoid {
    fn order(&self) -> usize;
    fn times(&self, a: u32, b: u32) -> u32;
    fn is_p(&self, a: u32) -> bool;
}

impl Monoid for super::table::Table {
    fn order(&self) -> usize {
        super::table::Table::order(self)
    }
    fn times(&self, a: u32, b: u32) -> u32 {
        super::table::Table::times(self, a, b)
    }
    fn is_p(&self, a: u32) -> bool {
        super::table::Table::is_p(self, a)
    }
}

/// A heap as the checks see it: its element, its options' elements, its tokens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Generator {
    pub image: u32,
    pub options: Vec<u32>,
    pub tokens: u64,
}

//! The queries of a test case, stored flat.

use tabletop_grundy::Position;

/// The queries of a test case, stored flat: the pieces of every query in one array.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Queries {
    /// `pieces[ends[q - 1]..ends[q]]` are the positions of query `q`'s pieces.
    pub(super) ends: Vec<usize>,
    pub(super) pieces: Vec<Position>,
}

impl Queries {
    /// Number of queries.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no query.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The pieces of query `index` (0-based).
    pub fn get(&self, index: usize) -> Option<&[Position]> {
        let end = *self.ends.get(index)?;
        let start = match index.checked_sub(1) {
            Some(previous) => *self.ends.get(previous)?,
            None => 0,
        };
        self.pieces.get(start..end)
    }

    /// Every query's pieces, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[Position]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.pieces[start..end])
    }

    /// The total number of pieces over all queries.
    pub fn piece_count(&self) -> usize {
        self.pieces.len()
    }

    /// Empties the queries, keeping the memory.
    pub(super) fn clear(&mut self) {
        self.ends.clear();
        self.pieces.clear();
    }
}

//! Tameness: whether a quotient is one of misère Nim's.
//!
//! Misère Nim on heaps below `2^k` has the quotient `T_k`: `{1, a}` with `a² = 1` (sums of
//! single tokens, by parity) and, for `k ≥ 2`, the `2^k` classes of sums with a larger heap
//! (by nim-sum), which form a group `K ≅ (Z/2)^k` whose identity `z = b²` is an idempotent;
//! the P-portion is `{a, z}` and `a·z ≠ z` (`a·z` is the class of nim-sum 1). Any bipartite
//! monoid of this shape is `T_k`: a group isomorphism `K → K'` sending `a·z` to `a'·z'`
//! (both non-identity elements of elementary abelian 2-groups of the same order) extends to
//! an isomorphism fixing `1` and `a`, and keeps the P-portion. So the test below, the shape
//! checked element by element, decides isomorphism to some `T_k` exactly.

use super::table::Table;

/// Whether `table` (a reduced quotient) is `T_k` for some `k`, or trivial.
pub(crate) fn is_tame(table: &Table) -> bool {
    let order = table.order() as u32;
    let p: Vec<u32> = (0..order).filter(|&x| table.is_p(x)).collect();
    match order {
        1 => return true,
        // T_1: {1, a}, a² = 1, P = {a}.
        2 => return p == [1] && table.times(1, 1) == 0,
        _ => {}
    }
    // The units other than 1: exactly one, a, with a² = 1 and a in P.
    let units: Vec<u32> = (1..order)
        .filter(|&x| (0..order).any(|y| table.times(x, y) == 0))
        .collect();
    let [a] = units[..] else {
        return false;
    };
    if table.times(a, a) != 0 || !table.is_p(a) {
        return false;
    }
    // The rest is a group K of exponent 2 with identity z: every x has x·x = z, z·x = x.
    let Some(z) = (1..order).find(|&x| x != a && table.times(x, x) == x) else {
        return false;
    };
    let group = (1..order).filter(|&x| x != a);
    let elementary = group
        .clone()
        .all(|x| table.times(x, x) == z && table.times(z, x) == x);
    let size = order as usize - 2;
    elementary && size.is_power_of_two() && p.len() == 2 && p.contains(&z) && table.times(a, z) != z
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::{MisereBudget, MisereQuotient};
    use crate::{Control, OctalCode};

    fn quotient(digits: &[u8], heaps: usize) -> MisereQuotient {
        let code = OctalCode::new(digits).expect("a code");
        MisereQuotient::compute(&code, heaps, MisereBudget::default(), &Control::new()).expect("computed")
    }

    #[test]
    fn misere_nim_is_tame_at_every_size() {
        // Nim on heaps up to 1, 3 and 7: T_1, T_2, T_3 of orders 2, 6, 10.
        for (heaps, order) in [(1, 2), (3, 6), (7, 10)] {
            let mut digits = vec![0];
            digits.extend(std::iter::repeat_n(3, heaps));
            let q = quotient(&digits, heaps);
            assert_eq!(q.order(), order);
            assert!(q.is_tame(), "nim to {heaps}");
        }
    }

    #[test]
    fn kayles_and_dawsons_kayles_are_wild() {
        // Kayles is tame up to heap 3 and wild from its order-12 quotient on.
        assert!(quotient(&[0, 7, 7], 3).is_tame());
        assert!(!quotient(&[0, 7, 7], 20).is_tame());
        assert!(!quotient(&[0, 0, 7], 12).is_tame());
    }

    #[test]
    fn a_wrong_p_portion_is_not_tame() {
        let q = quotient(&[0, 3, 3, 3], 3);
        let order = q.order();
        let product: Vec<u32> = q.product_table().into_iter().flatten().collect();
        let p: Vec<bool> = (0..order as u32).map(|x| !q.is_p(x)).collect();
        assert!(!is_tame(&Table::new(order, product, p)));
    }
}

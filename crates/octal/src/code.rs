//! An octal game's code: its digits, validated, and what they allow.

use std::fmt;

/// Why digits do not make an octal code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OctalError {
    /// A code needs at least one digit after the point.
    #[error("an octal code needs at least one digit after the point")]
    NoDigits,
    /// A digit is not one of `0..=7`.
    #[error("digit d{index} = {digit} is not an octal digit 0..7")]
    NotOctal {
        /// Which digit (`0` is the one before the point).
        index: usize,
        /// Its value.
        digit: u8,
    },
    /// The digit before the point is neither `0` nor `4`.
    #[error("the digit before the point must be 0 or 4, found {digit} (removing no token may only split a heap in two)")]
    Leading {
        /// Its value.
        digit: u8,
    },
}

/// An octal game: the digits `d0, d1, d2, …` of its code `d0.d1d2…`, validated.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `digits[k]` is `dk`; at least two entries (`d0` and `d1`).
    digits: Vec<u8>,
    /// Grundy's game: a split must leave two heaps of different sizes.
    unequal: bool,
}

impl OctalCode {
    /// The game whose code is `digits[0].digits[1]digits[2]…`.
    ///
    /// # Errors
    /// [`OctalError::NoDigits`] with fewer than two digits, [`OctalError::NotOctal`] for a
    /// digit above 7, [`OctalError::Leading`] for a leading digit other than 0 or 4.
    pub fn new(digits: &[u8]) -> Result<Self, OctalError> {
        if digits.len() < 2 {
            return Err(OctalError::NoDigits);
        }
        if let Some((index, &digit)) = digits.iter().enumerate().find(|(_, &d)| d > 7) {
            return Err(OctalError::NotOctal { index, digit });
        }
        if digits[0] != 0 && digits[0] != 4 {
            return Err(OctalError::Leading { digit: digits[0] });
        }
        Ok(Self {
            digits: digits.to_vec(),
            unequal: false,
        })
    }

    /// Grundy's game, written `grundy`: a move splits one heap into two non-empty heaps of
    /// different sizes (`4.0` with unequal parts). It is not an octal game: the Guy–Smith
    /// test does not hold for it, so no period is looked for or reported.
    pub fn grundy() -> Self {
        Self {
            digits: vec![4, 0],
            unequal: true,
        }
    }

    /// Whether the two heaps a split leaves must differ in size (Grundy's game).
    pub fn unequal_splits(&self) -> bool {
        self.unequal
    }

    /// The largest smaller part `a` of a split of `m` tokens into `a + (m - a)`.
    pub(crate) fn largest_part(&self, m: usize) -> usize {
        if self.unequal {
            m.saturating_sub(1) / 2
        } else {
            m / 2
        }
    }

    /// The digits `d0, d1, …` as given (trailing zeros kept).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Digit `dk` (0 beyond the code).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// `t`: the position of the last non-zero digit (0 when every digit after the point is
    /// zero). No move removes more than `t` tokens.
    pub fn last_nonzero(&self) -> usize {
        self.digits.iter().rposition(|&d| d != 0).unwrap_or(0)
    }

    /// Whether some move splits a heap into two (some digit has bit 4).
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|&d| d & 4 != 0)
    }

    /// The token counts `k` whose digit has `bit` (1, 2 or 4), ascending.
    pub(crate) fn takes_with(&self, bit: u8) -> Vec<usize> {
        (0..self.digits.len())
            .filter(|&k| self.digits[k] & bit != 0)
            .collect()
    }

    /// A conservative estimate of the bytes [`NimSequence::compute`](crate::NimSequence::compute) needs for heaps
    /// `0..=n`: per heap, up to 6 bytes for its value (`u8` or `u16`, and `u32` beside it while the
    /// values are widened), up to 16 in the lists of rare heaps and their values (vectors
    /// grow by doubling), up to 8 for the marks of the values met (a value can be as large
    /// as a heap's number of moves) and about 2 for the bit planes; so `32 (n + 1)` bytes
    /// plus the code; `None` if that overflows `u64`. Most games need far less (Officers:
    /// 2.4 bytes a heap at 10^7), but none is known before it is computed.
    pub fn memory_estimate(&self, n: u64) -> Option<u64> {
        n.checked_add(1)?
            .checked_mul(32)?
            .checked_add(self.digits.len() as u64 * 24 + 4096)
    }
}

impl fmt::Display for OctalCode {
    /// The code as written: `0.77`, `4.07`; `grundy` for Grundy's game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.unequal {
            return f.write_str("grundy");
        }
        for (k, digit) in self.digits.iter().enumerate() {
            if k == 1 {
                f.write_str(".")?;
            }
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_validated_and_written_back() {
        assert_eq!(OctalCode::new(&[0]), Err(OctalError::NoDigits));
        assert_eq!(
            OctalCode::new(&[0, 8]),
            Err(OctalError::NotOctal { index: 1, digit: 8 })
        );
        for digit in [1, 2, 3, 5, 6, 7] {
            assert_eq!(OctalCode::new(&[digit, 7]), Err(OctalError::Leading { digit }));
        }
        let code = OctalCode::new(&[4, 0, 7, 0]).unwrap();
        assert_eq!(code.to_string(), "4.070");
        assert_eq!(code.last_nonzero(), 2);
        assert_eq!(code.digit(9), 0);
        assert!(code.splits());
        assert_eq!(OctalCode::new(&[0, 0]).unwrap().last_nonzero(), 0);
        assert!(!OctalCode::new(&[0, 3, 3]).unwrap().splits());
        assert_eq!(code.takes_with(4), vec![0, 2]);
        assert_eq!(code.takes_with(1), vec![2]);
    }

    #[test]
    fn memory_estimate_is_linear_and_never_overflows() {
        let code = OctalCode::new(&[0, 6]).unwrap();
        let small = code.memory_estimate(1000).unwrap();
        let large = code.memory_estimate(2000).unwrap();
        assert_eq!(large - small, 32 * 1000);
        assert_eq!(code.memory_estimate(u64::MAX), None);
    }
}

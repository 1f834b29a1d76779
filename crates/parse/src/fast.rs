//! The fast readers: numbers and whole lines in their plainest spelling, read eight bytes at
//! a time (SWAR) or sixty-four (SIMD), with no error reporting. Each gives `None` for
//! anything else, and the caller reads that text again with the lexer ([`crate::lex`]),
//! whose careful reading these always agree with.

/// The value of at most 19 decimal digits.
pub(crate) fn fold(digits: &[u8]) -> u64 {
    digits
        .iter()
        .fold(0u64, |value, &b| value * 10 + u64::from(b - b'0'))
}

/// The hot path of a counted line: `count` numbers below `limit`, each after one space,
/// appended to `out`; the rest of the input after the last one. `None` for anything else
/// (the caller then undoes the appends and takes the careful path with
/// [`number`](crate::lex::number), which finds and reports any problem).
#[inline(always)]
pub(crate) fn fast_list<'a>(
    mut input: &'a [u8],
    count: u64,
    limit: u64,
    out: &mut Vec<u32>,
) -> Option<&'a [u8]> {
    for _ in 0..count {
        let (&space, rest) = input.split_first()?;
        if space != b' ' {
            return None;
        }
        let (value, len) = fast_number(rest)?;
        if value >= limit {
            return None;
        }
        out.push(value as u32);
        input = &rest[len..];
    }
    Some(input)
}

/// A plain decimal number of 1 to 7 digits followed by a space, tab, `\r`, `\n` or the end
/// of the input, and its length; `None` for anything else (signs, longer numbers, other
/// tokens), which the careful path of [`number`](crate::lex::number) handles. Eight bytes
/// at a time (SWAR) when eight are there.
#[inline(always)]
pub(crate) fn fast_number(input: &[u8]) -> Option<(u64, usize)> {
    let Some(chunk) = input.first_chunk::<8>() else {
        // Near the end of the input: digit by digit.
        let len = input
            .iter()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(input.len());
        if len == 0 || len > 7 || input.get(len).is_some_and(|b| !is_separator(*b)) {
            return None;
        }
        return Some((fold(&input[..len]), len));
    };
    // Digits become 0..9 in their byte; any other byte gets a bit in its high nibble (a carry
    // out of a non-digit byte only disturbs later bytes, after the first non-digit).
    let digits = u64::from_le_bytes(*chunk) ^ 0x3030_3030_3030_3030;
    let non_digit = (digits | digits.wrapping_add(0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0;
    // (The top bit keeps the operand non-zero, so no zero check; eight digits still fail
    // below, the byte after seven digits being a digit.)
    let len = ((non_digit | 1 << 63).trailing_zeros() / 8) as usize;
    if len == 0 || !is_separator(chunk[len]) {
        return None;
    }
    // The digits moved to the top bytes (leading zeros below), the first digit the most
    // significant; then pairs, quads and the whole combined by multiply-and-shift.
    let mut v = digits << (64 - 8 * len);
    v = (v.wrapping_mul(10).wrapping_add(v >> 8)) & 0x00FF_00FF_00FF_00FF;
    v = (v.wrapping_mul(100).wrapping_add(v >> 16)) & 0x0000_FFFF_0000_FFFF;
    v = (v.wrapping_mul(10_000).wrapping_add(v >> 32)) & 0xFFFF_FFFF;
    Some((v, len))
}

/// The plainest spelling of a line of numbers, the judges' (see `grundy::plain`): at `at`
/// in `text`, a count `C` of one to seven digits, then `C` numbers each after one space,
/// then a newline or the end of the text, after any spaces, tabs or carriage returns
/// ([`plain_line_end`]). `each` gets the count first (it returns the bound
/// the numbers must stay below), then each number below it; the result is where the next
/// line starts. `None` for anything else (the caller reads the line again the careful way).
///
/// Where each number ends is read off `block`'s mask of non-digits, kept from line to line,
/// so that finding the next number never waits for this one's value; each number's digits
/// are then combined by two or three multiply-and-shift steps. Near the end of the text,
/// where a block does not fit, one eight-byte load per number ([`numbers_by_words`]).
#[inline(always)]
pub(crate) fn plain_line(
    text: &[u8],
    at: usize,
    block: &mut Block,
    count_bound: impl FnOnce(u64) -> Option<u64>,
    mut each: impl FnMut(u64),
) -> Option<(usize, u64)> {
    let Some((mut before, mut stops)) = block.line_start(text, at) else {
        let (count, length) = fast_number(text.get(at..)?)?;
        let limit = count_bound(count)?;
        let at = numbers_by_words(text, at + length, count, limit, each)?;
        return plain_line_end(text, at).map(|next| (next, count));
    };
    // `block.base + before` is the byte before the next number: the space that must be there
    // (checked), or for the count, the byte before the line (whatever it is). `stops` holds
    // the non-digits after it, the first of which ends the number.
    let end = stops.trailing_zeros() as usize;
    stops &= stops - 1;
    let count = block.number(text, before, end)?;
    let limit = count_bound(count)?;
    before = end;
    let mut left = count;
    while left > 0 {
        if block.byte(text, before) != Some(b' ') {
            return None;
        }
        let end = stops.trailing_zeros() as usize;
        if end == BLOCK {
            // The number runs past the block: the next block starts at its space (or, near
            // the end of the text, the rest is read a word at a time).
            let space = block.base + before;
            if before == 0 || !block.load(text, space) {
                let at = numbers_by_words(text, space, left, limit, each)?;
                return plain_line_end(text, at).map(|next| (next, count));
            }
            before = 0;
            stops = block.non_digits & !1;
            continue;
        }
        stops &= stops - 1;
        let value = block.number(text, before, end)?;
        if value >= limit {
            return None;
        }
        each(value);
        left -= 1;
        before = end;
    }
    plain_line_end(text, block.base + before).map(|next| (next, count))
}

/// `left` numbers below `limit` at `at` in `text`, each after one space, handed to `each`: one
/// eight-byte load per number. Where the last one ends.
#[inline(always)]
fn numbers_by_words(
    text: &[u8],
    mut at: usize,
    left: u64,
    limit: u64,
    mut each: impl FnMut(u64),
) -> Option<usize> {
    for _ in 0..left {
        // `at` is at the space before the number.
        let (value, length) = match text.get(at..at + 8) {
            Some(bytes) => {
                let word = u64::from_le_bytes(bytes.try_into().ok()?);
                if word as u8 != b' ' {
                    return None;
                }
                match swar_digits(word >> 8) {
                    // Seven bytes were looked at: at most six digits and what ends them.
                    (value, length @ 1..=6) => (value, length),
                    _ => fast_spaced(&text[at..])?,
                }
            }
            None => fast_spaced(&text[at..])?,
        };
        if value >= limit {
            return None;
        }
        each(value);
        at += 1 + length;
    }
    Some(at)
}

/// Bytes whose non-digits [`plain_line`] finds at once.
const BLOCK: usize = 64;

/// [`BLOCK`] bytes of a text from `base` (with eight more after them, so that a number that
/// ends in the block is read in one load), and which of them are not digits: kept from one
/// plain line to the next, for the lines that start in it. It only ever describes its text
/// (a block that does not fit leaves the last one as it was; none at first has no
/// non-digits, so no line is read in it).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Block {
    base: usize,
    /// Bit `i` set when byte `base + i` is not a digit.
    non_digits: u64,
}

impl Block {
    /// Loads the block at `base` of `text`: false when the text ends before it does.
    #[inline(always)]
    fn load(&mut self, text: &[u8], base: usize) -> bool {
        let Some(chunk) = text.get(base..).and_then(<[u8]>::first_chunk::<{ BLOCK + 8 }>) else {
            return false;
        };
        self.base = base;
        self.non_digits = non_digits(chunk);
        true
    }

    /// For a line starting at `at`: the place in the block of the byte before it, and the
    /// non-digits from `at` on, the first of which ends the line's first number. The block
    /// is loaded at the byte before the line unless that number ends in this one. `None`
    /// when no block fits there, or the number does not end in it.
    #[inline(always)]
    fn line_start(&mut self, text: &[u8], at: usize) -> Option<(usize, u64)> {
        if let Some(place @ 1..BLOCK) = at.checked_sub(self.base) {
            let stops = self.non_digits & (u64::MAX << place);
            if stops != 0 {
                return Some((place - 1, stops));
            }
        }
        if !self.load(text, at.checked_sub(1)?) {
            return None;
        }
        let stops = self.non_digits & !1;
        (stops != 0).then_some((0, stops))
    }

    /// The byte at `place` in the block.
    #[inline(always)]
    fn byte(&self, text: &[u8], place: usize) -> Option<u8> {
        text.get(self.base + place).copied()
    }

    /// The number between the non-digits at `before` and `end` in the block: `None` unless it
    /// has one to seven digits.
    #[inline(always)]
    fn number(&self, text: &[u8], before: usize, end: usize) -> Option<u64> {
        let start = self.base + before + 1;
        let word = text.get(start..start + 8)?;
        digits_value(
            u64::from_le_bytes(word.try_into().ok()?),
            end.wrapping_sub(before + 1),
        )
    }
}

/// The non-digit bytes of the first [`BLOCK`] of `block`, as bits (the first byte the
/// lowest), sixteen bytes a vector.
#[inline(always)]
fn non_digits(block: &[u8; BLOCK + 8]) -> u64 {
    use wide::u8x16;
    let zero = u8x16::splat(b'0');
    let nine = u8x16::splat(9);
    let mut digits = 0;
    for (k, chunk) in block.chunks_exact(16).take(BLOCK / 16).enumerate() {
        let Ok(chunk) = <[u8; 16]>::try_from(chunk) else {
            continue;
        };
        let offsets = (u8x16::new(chunk) - zero).saturating_sub(nine);
        digits |= u64::from(offsets.simd_eq(u8x16::ZERO).to_bitmask()) << (16 * k);
    }
    !digits
}

/// The value of the `length` digits at the start of `word` (its low bytes first): `None`
/// unless there are one to seven.
#[inline(always)]
fn digits_value(word: u64, length: usize) -> Option<u64> {
    let digits = word ^ 0x3030_3030_3030_3030;
    Some(match length {
        1..=4 => {
            let mut v = (digits << (32 - 8 * length)) & 0xFFFF_FFFF;
            v = (v * 10 + (v >> 8)) & 0x00FF_00FF;
            (v * 100 + (v >> 16)) & 0xFFFF
        }
        5..=7 => {
            let mut v = digits << (64 - 8 * length);
            v = (v.wrapping_mul(10).wrapping_add(v >> 8)) & 0x00FF_00FF_00FF_00FF;
            v = (v.wrapping_mul(100).wrapping_add(v >> 16)) & 0x0000_FFFF_0000_FFFF;
            (v.wrapping_mul(10_000).wrapping_add(v >> 32)) & 0xFFFF_FFFF
        }
        _ => return None,
    })
}

/// The end of a plain line at `at` in `text`: a newline (or the end of the text) after any
/// spaces, tabs and carriage returns, as [`line_end`](crate::lex::line_end) reads it (so a
/// `\r\n` line end or a trailing space stays on the fast path); where the next line starts,
/// or `None` for anything else.
#[inline(always)]
pub(crate) fn plain_line_end(text: &[u8], at: usize) -> Option<usize> {
    match text.get(at) {
        Some(b'\n') => Some(at + 1),
        None => Some(at),
        Some(_) => spaced_line_end(text, at),
    }
}

/// [`plain_line_end`] past white space before the newline: out of the hot loop.
#[cold]
#[inline(never)]
fn spaced_line_end(text: &[u8], at: usize) -> Option<usize> {
    let rest = text.get(at..)?;
    let after = rest.len() - skip_inline(rest).len();
    match rest.get(after) {
        Some(b'\n') => Some(at + after + 1),
        None => Some(at + after),
        Some(_) => None,
    }
}

/// The commonest line of a board file, `a b\n` with two numbers of one to four digits, read
/// from the eight bytes at the start of `text` in one load: the numbers and the line's
/// length (its newline included). `None` for anything else, which the caller reads number
/// by number with [`fast_number`] (so this only ever agrees with it).
#[inline(always)]
pub(crate) fn short_pair_line(text: &[u8]) -> Option<(u64, u64, usize)> {
    let chunk = text.first_chunk::<8>()?;
    let digits = u64::from_le_bytes(*chunk) ^ 0x3030_3030_3030_3030;
    // As in `fast_number`; a carry out of a non-digit byte can only make a later byte look
    // like a non-digit, which the exact checks of the space and the newline then refuse.
    let non_digit = (digits | digits.wrapping_add(0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0;
    let first = (non_digit.trailing_zeros() / 8) as usize;
    if first == 0 || first > 4 || chunk[first] != b' ' {
        return None;
    }
    let after_space = non_digit & (u64::MAX << (8 * (first + 1)));
    let end = (after_space.trailing_zeros() / 8) as usize;
    let second = end.wrapping_sub(first + 1);
    if second == 0 || second > 4 || end >= 8 || chunk[end] != b'\n' {
        return None;
    }
    // Each number at the top of its own four-byte lane, the first digit the most
    // significant; then pairs and quads in both lanes at once (no carry crosses a lane).
    let low = (digits << (32 - 8 * first)) & 0xFFFF_FFFF;
    let high = ((digits >> (8 * (first + 1))) << (32 - 8 * second)) & 0xFFFF_FFFF;
    let mut v = low | high << 32;
    v = (v.wrapping_mul(10).wrapping_add(v >> 8)) & 0x00FF_00FF_00FF_00FF;
    v = (v.wrapping_mul(100).wrapping_add(v >> 16)) & 0x0000_FFFF_0000_FFFF;
    Some((v & 0xFFFF, v >> 32, end + 1))
}

/// A space, then a number by [`fast_number`].
#[inline(never)]
fn fast_spaced(text: &[u8]) -> Option<(u64, usize)> {
    match text.split_first() {
        Some((b' ', rest)) => fast_number(rest),
        _ => None,
    }
}

/// The decimal digits at the start of `word` (its low bytes first) and how many there are,
/// when there are one to six (else a length of 0; the byte after them is then not a digit,
/// and which one it may be is the caller's to check: a space before the next number, or
/// the line end).
/// The top byte of `word` must not be a digit if the bytes before it are.
#[inline(always)]
fn swar_digits(word: u64) -> (u64, usize) {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let digits = word ^ 0x3030_3030_3030_3030;
    // A byte is a digit when, as `digits`, it is below 10: adding 0x76 to its low seven bits
    // sets its high bit otherwise (no carry leaves a byte).
    let non_digit = (((digits & LOW7) + 0x7676_7676_7676_7676) | digits) & HIGHS;
    let length = (non_digit.trailing_zeros() / 8) as usize;
    match digits_value(word, length) {
        Some(value) if length <= 6 => (value, length),
        _ => (0, 0),
    }
}

/// The white space a fast-path number may end at (a form feed or vertical tab goes the
/// careful way, which accepts every ASCII white space).
#[inline(always)]
pub(crate) fn is_separator(byte: u8) -> bool {
    matches!(byte, b' ' | b'\n' | b'\r' | b'\t')
}

/// Skips spaces, tabs and carriage returns (not newlines).
#[inline(always)]
pub(crate) fn skip_inline(input: &[u8]) -> &[u8] {
    let skip = input
        .iter()
        .position(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
        .unwrap_or(input.len());
    &input[skip..]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::assert_each_text;
    use proptest::prelude::*;

    /// What a plain line must give: the careful reading of a line of numbers in the
    /// plainest spelling, or `None`.
    fn careful_line(text: &[u8], limit: u64) -> Option<(usize, Vec<u64>)> {
        let end = text.iter().position(|&b| b == b'\n');
        let line = &text[..end.unwrap_or(text.len())];
        // Spaces, tabs and carriage returns may end a line.
        let kept = line.len()
            - line
                .iter()
                .rev()
                .take_while(|b| matches!(b, b' ' | b'\t' | b'\r'))
                .count();
        let line = &line[..kept];
        let words: Vec<&[u8]> = line.split(|&b| b == b' ').collect();
        let plain = |w: &[u8]| !w.is_empty() && w.len() <= 7 && w.iter().all(u8::is_ascii_digit);
        if !words.iter().all(|w| plain(w)) {
            return None;
        }
        let numbers: Vec<u64> = words.iter().map(|w| fold(w)).collect();
        if numbers[0] != numbers.len() as u64 - 1 || numbers[1..].iter().any(|&n| n >= limit) {
            return None;
        }
        Some((end.map_or(text.len(), |e| e + 1), numbers))
    }

    /// A line as the judges write it, or nearly: a count (sometimes wrong), numbers of one to
    /// eight digits (sometimes after two spaces), and a line end of `\n`, `\r\n` or ` \n`.
    fn plain_ish_line() -> impl Strategy<Value = Vec<u8>> {
        let number = prop_oneof![
            8 => 0u64..1000,
            2 => 0u64..10_000_000,
            1 => 10_000_000u64..100_000_000,
        ];
        (
            proptest::collection::vec((number, prop_oneof![20 => Just(" "), 1 => Just("  ")]), 0..30),
            prop_oneof![8 => Just(0i64), 1 => Just(1), 1 => Just(-1)],
            prop_oneof![8 => Just("\n"), 1 => Just("\r\n"), 1 => Just(" \n")],
        )
            .prop_map(|(numbers, count_off, end)| {
                let count = (numbers.len() as i64 + count_off).max(0);
                let mut line = count.to_string();
                for (n, space) in numbers {
                    line.push_str(space);
                    line.push_str(&n.to_string());
                }
                line.push_str(end);
                line.into_bytes()
            })
    }

    fn read_line(text: &[u8], limit: u64) -> Option<(usize, Vec<u64>)> {
        let mut numbers = Vec::new();
        let mut count = 0;
        let (at, _) = plain_line(
            text,
            0,
            &mut Block::default(),
            |c| {
                count = c;
                Some(limit)
            },
            |n| numbers.push(n),
        )?;
        numbers.insert(0, count);
        Some((at, numbers))
    }

    #[test]
    fn short_pair_lines_agree_with_the_number_reader() {
        let mut texts: Vec<Vec<u8>> = Vec::new();
        for a in ["0", "7", "12", "400", "9999", "00", "0042", "12345"] {
            for b in ["0", "3", "99", "123", "8000", "007", "54321"] {
                for end in ["\n", "\nrest", " \n", "\r\n", "", "\n\n"] {
                    texts.push(format!("{a} {b}{end}").into_bytes());
                }
            }
        }
        texts.extend([
            b"1  2\n".to_vec(),
            b" 1 2\n".to_vec(),
            b"1\t2\n".to_vec(),
            b"-1 2\n".to_vec(),
        ]);
        texts.extend([
            b"1 2\n\xff\xff\xff".to_vec(),
            b"\xca1 2\n".to_vec(),
            b"1 \xca2\n".to_vec(),
        ]);
        for text in &texts {
            let by_numbers = (|| {
                let (a, length_a) = fast_number(text)?;
                (text.get(length_a) == Some(&b' ')).then_some(())?;
                let (b, length_b) = fast_number(&text[length_a + 1..])?;
                let end = length_a + 1 + length_b;
                (text.get(end) == Some(&b'\n')).then_some((a, b, end + 1))
            })();
            if let Some(pair) = short_pair_line(text) {
                assert_eq!(Some(pair), by_numbers, "{:?}", String::from_utf8_lossy(text));
            }
        }
        assert_eq!(short_pair_line(b"400 399\n"), Some((400, 399, 8)));
        assert_eq!(short_pair_line(b"1 2\nnext"), Some((1, 2, 4)));
        assert_eq!(short_pair_line(b"9999 1\n"), None, "nine bytes");
    }

    #[test]
    fn plain_lines_read_every_length_in_every_lane() {
        let lines: &[&[u8]] = &[
            &b"3 1 22 333\nnext"[..],
            b"2 4444 55555\n",
            b"2 666666 7777777\n1",
            b"1 0",
            b"0\n",
            b"4 1 2 3 4",
            b"1 0000001\n",
            b"2 1 2 \n",
            b"1 1\r\n",
            b"1 123456\r\n",
            b"0 \t\r\n",
            b"1 7 ",
        ];
        assert_each_text(
            lines,
            |text| read_line(text, 10_000_000),
            |text| careful_line(text, 10_000_000),
        );
        // And each of them is plain.
        assert_each_text(lines, |text| read_line(text, 10_000_000).is_some(), |_| true);
        assert_each_text(
            &[
                &b"2 1  2\n"[..],
                b"2 1 2 x\n",
                b"1 1\r2\n",
                b"2 1\n",
                b"1 12345678\n",
                b"1 -1\n",
                b" 1 1\n",
            ],
            |text| read_line(text, 10_000_000),
            |_| None,
        );
        assert_eq!(read_line(b"2 1 5\n", 5), None);
    }

    proptest! {
        #[test]
        fn plain_lines_agree_with_the_careful_reading(bytes in proptest::collection::vec(
            prop_oneof![Just(b'0'), Just(b'1'), Just(b'2'), Just(b'9'), Just(b' '), Just(b'\n'), Just(b'\r'), Just(b'\t'), Just(b'/'), Just(b':'), any::<u8>()],
            0..24,
        ), limit in 1u64..40) {
            prop_assert_eq!(read_line(&bytes, limit), careful_line(&bytes, limit));
        }

        #[test]
        fn lines_read_one_after_another_agree_with_the_careful_reading(
            lines in proptest::collection::vec(plain_ish_line(), 1..40),
            start in prop_oneof![Just(b"\n".to_vec()), Just(Vec::new()), Just(b" \n\n".to_vec())],
            changes in proptest::collection::vec((any::<proptest::sample::Index>(), prop_oneof![
                Just(b'x'), Just(b' '), Just(b'\n'), Just(b'\t'), Just(b'\r'), Just(b'0'), Just(b'7'), Just(b'/'), Just(b':'), any::<u8>(),
            ]), 0..3),
            limit in 1u64..2_000_000,
        ) {
            // Lines of every length, so that numbers and line starts fall on every place of a
            // block, its first and last bytes included.
            let mut text = start.clone();
            for line in &lines {
                text.extend_from_slice(line);
            }
            for (index, byte) in changes {
                let at = index.index(text.len());
                text[at] = byte;
            }
            let mut block = Block::default();
            let mut at = start.len();
            while at < text.len() {
                let mut numbers = Vec::new();
                let mut count = 0;
                let fast = plain_line(&text, at, &mut block, |c| { count = c; Some(limit) }, |n| numbers.push(n));
                let careful = careful_line(&text[at..], limit);
                match (fast, careful) {
                    (Some((next, c)), Some((length, expected))) => {
                        numbers.insert(0, c);
                        prop_assert_eq!(c, count);
                        prop_assert_eq!(&numbers, &expected);
                        prop_assert_eq!(next, at + length);
                        at = next;
                    }
                    (None, None) => break,
                    (fast, careful) => prop_assert!(false, "at {}: fast {:?}, careful {:?}", at, fast, careful),
                }
            }
        }

    }
}

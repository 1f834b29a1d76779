//! The fast path of the format: boards in their plainest spelling, straight into a
//! [`FlatBoard`], with no error reporting at all.
//!
//! Plain text is what the judge's files hold: a line `N S L`, then one line `from to` per
//! snake and ladder, numbers of one to seven digits separated by one space, each line ended
//! by a newline (blank lines allowed between lines); the board small enough for a
//! [`FlatBoard`], every pair valid, and no jump ending where another starts (no chains).
//! Such text means exactly what [`super::cases`] reads from it; anything else, valid or not,
//! makes [`PlainBoards`] give up with [`NotPlain`] at the board it is on, and the caller
//! reads from there with [`super::cases_from`], which reports every problem where it is.

use tabletop_boards::snakes::{FlatBoard, FLAT_LIMIT};

use crate::fast::{fast_number, short_pair_line};

/// The text is not in its plainest spelling (or not valid): read it with [`super::cases`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotPlain;

/// A reader of plain boards (see the module documentation).
///
/// ```
/// use tabletop_boards::snakes::FlatBoard;
/// use tabletop_parse::snakes::PlainBoards;
/// let text = b"6 1 3\n35 25\n3 23\n5 16\n20 33\n2 0 0\n";
/// let (mut boards, mut board) = (PlainBoards::new(text), FlatBoard::default());
/// assert_eq!(boards.next_board(&mut board), Ok(true));
/// assert_eq!(board.fewest_throws(), Some(3));
/// assert_eq!(boards.next_board(&mut board), Ok(true));
/// assert_eq!(boards.next_board(&mut board), Ok(false));
/// assert_eq!(boards.offset(), text.len());
/// ```
#[derive(Debug, Clone)]
pub struct PlainBoards<'a> {
    text: &'a [u8],
    at: usize,
    /// Where the jumps of the board being read end.
    ends: Vec<u32>,
}

impl<'a> PlainBoards<'a> {
    /// A reader at the start of `text` (which starts at a board, or blank lines before one).
    pub fn new(text: &'a [u8]) -> PlainBoards<'a> {
        PlainBoards {
            text,
            at: 0,
            ends: Vec::new(),
        }
    }

    /// Where the reader is: the end of the last board read (the start of the board that was
    /// not plain, after an error).
    pub fn offset(&self) -> usize {
        self.at
    }

    /// The next board, into `board`; `false` when only blank lines are left.
    ///
    /// # Errors
    /// [`NotPlain`] for a board that is not plain; [`PlainBoards::offset`] is then where it
    /// starts.
    pub fn next_board(&mut self, board: &mut FlatBoard) -> Result<bool, NotPlain> {
        while self.text.get(self.at) == Some(&b'\n') {
            self.at += 1;
        }
        if self.at == self.text.len() {
            return Ok(false);
        }
        let mut at = self.at;
        let [n, snakes, ladders] = self.line(&mut at)?;
        // `n` has at most seven digits: the product cannot overflow.
        let goal = n * n;
        if n == 0 || goal > u64::from(FLAT_LIMIT) || !board.reset(goal as u32) {
            return Err(NotPlain);
        }
        self.ends.clear();
        for index in 0..snakes + ladders {
            let [from, to] = self.pair_line(&mut at)?;
            let inside = |square: u64| (2..goal).contains(&square);
            let forward = if index < snakes { from > to } else { from < to };
            if !inside(from) || !inside(to) || !forward || !board.add_jump(from as u32, to as u32) {
                return Err(NotPlain);
            }
            self.ends.push(to as u32);
        }
        // No chains: no jump may end where one starts (the jumps, not every square).
        if self.ends.iter().any(|&to| board.is_start(to)) {
            return Err(NotPlain);
        }
        self.at = at;
        Ok(true)
    }

    /// A line of two numbers (after any blank lines) at `*at`, which moves past it: in one
    /// load when it is short, else as [`PlainBoards::line`] reads it.
    #[inline(always)]
    fn pair_line(&self, at: &mut usize) -> Result<[u64; 2], NotPlain> {
        while self.text.get(*at) == Some(&b'\n') {
            *at += 1;
        }
        match short_pair_line(self.text.get(*at..).ok_or(NotPlain)?) {
            Some((from, to, length)) => {
                *at += length;
                Ok([from, to])
            }
            None => self.line(at),
        }
    }

    /// One line of `K` numbers (after any blank lines) at `*at`, which moves past it.
    #[inline(always)]
    fn line<const K: usize>(&self, at: &mut usize) -> Result<[u64; K], NotPlain> {
        while self.text.get(*at) == Some(&b'\n') {
            *at += 1;
        }
        let mut numbers = [0; K];
        for (index, slot) in numbers.iter_mut().enumerate() {
            let (value, length) = fast_number(self.text.get(*at..).ok_or(NotPlain)?).ok_or(NotPlain)?;
            *slot = value;
            *at += length;
            let wanted = if index + 1 == K { b'\n' } else { b' ' };
            match self.text.get(*at) {
                Some(&byte) if byte == wanted => *at += 1,
                None if index + 1 == K => {}
                _ => return Err(NotPlain),
            }
        }
        Ok(numbers)
    }
}

/// Where to cut plain `text` into at most `parts` pieces of about equal length, each
/// starting at a board: the start of the first line of three numbers after each cut (in
/// plain text only a board's first line has three), as offsets rising from 0 and ending
/// with `text.len()`. Text that is not plain may be cut anywhere: reading a piece from a
/// cut that is not a board's start is then not plain either, and the caller reads on with
/// [`super::cases_from`] from the last board read.
///
/// ```
/// use tabletop_parse::snakes::board_cuts;
/// let text = b"2 0 1\n2 3\n2 1 0\n3 2\n2 0 0\n";
/// assert_eq!(board_cuts(text, 2), vec![0, 20, text.len()]);
/// assert_eq!(board_cuts(text, 1), vec![0, text.len()]);
/// ```
pub fn board_cuts(text: &[u8], parts: usize) -> Vec<usize> {
    let mut cuts = vec![0];
    for part in 1..parts.max(1) {
        let mut at = text.len() / parts * part;
        // The next line start, then the first line with two spaces.
        loop {
            let Some(newline) = text
                .get(at..)
                .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
            else {
                at = text.len();
                break;
            };
            at += newline + 1;
            let line = &text[at..];
            let line = &line[..line.iter().position(|&b| b == b'\n').unwrap_or(line.len())];
            if line.iter().filter(|&&b| b == b' ').count() == 2 {
                break;
            }
        }
        if at > *cuts.last().unwrap_or(&0) && at < text.len() {
            cuts.push(at);
        }
    }
    cuts.push(text.len());
    cuts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::assert_each_text;

    /// The fewest throws of every board, plainly, or `None`.
    fn plain(text: &[u8]) -> Option<Vec<Option<u64>>> {
        let (mut boards, mut board) = (PlainBoards::new(text), FlatBoard::default());
        let mut answers = Vec::new();
        while boards.next_board(&mut board).ok()? {
            answers.push(board.fewest_throws());
        }
        Some(answers)
    }

    /// The same by the precise reader and the board's own solver.
    fn precise(text: &[u8]) -> Option<Vec<Option<u64>>> {
        let input = super::super::parse(text).ok()?;
        Some(
            input
                .boards
                .iter()
                .map(|board| tabletop_boards::snakes::fewest_throws(&board.value.board, 1))
                .collect(),
        )
    }

    #[test]
    fn plain_boards_read_as_the_precise_reader_reads_them() {
        let text = b"\n6 1 3\n35 25\n3 23\n5 16\n20 33\n\n3 0 1\n2 8\n1 0 0";
        assert_eq!(plain(text), precise(text));
        assert_eq!(plain(text).map(|a| a.len()), Some(3));
    }

    #[test]
    fn anything_unusual_is_not_plain() {
        assert_each_text(
            &[
                &b"6 1 1\n35 25 3 23\n"[..],
                b"6 1 0\n35 25 \n",
                b"6 1 0\r\n35 25\n",
                b"6 1 0\n25 35\n",
                b"6 0 1\n23 3\n",
                b"6 0 1\n1 3\n",
                b"6 0 1\n3 36\n",
                b"6 0 2\n3 5\n5 9\n",
                b"6 0 2\n5 9\n3 5\n",
                b"6 0 2\n3 5\n3 9\n",
                b"65 0 0\n",
                b"0 0 0\n",
                b"6 0 1\n",
                b"6 -0 0\n",
                b"6  0 0\n",
            ],
            |text| PlainBoards::new(text).next_board(&mut FlatBoard::default()),
            |_| Err(NotPlain),
        );
    }

    proptest::proptest! {
        /// Whatever the lines, what is plain is read as the precise reader reads it.
        #[test]
        fn what_is_plain_is_read_the_same(lines in proptest::collection::vec("([1-9]|1[0-9]) [0-2] [0-2]|[0-9]{1,3} [0-9]{1,3}[ \r]?|-0 0", 0..12)) {
            let text = lines.join("\n");
            if let Some(answers) = plain(text.as_bytes()) {
                proptest::prop_assert_eq!(Some(answers), precise(text.as_bytes()));
            }
        }

        /// The cuts of plain text fall at board starts: the pieces read one after the
        /// other give the boards of the whole.
        #[test]
        fn cuts_fall_between_boards(sides in proptest::collection::vec(1u64..12, 1..30), parts in 1usize..5) {
            let mut text = String::new();
            for n in sides {
                let goal = n * n;
                if goal > 4 {
                    text += &format!("{n} 1 1\n{} 2\n3 {}\n", goal - 1, goal - 2);
                } else {
                    text += &format!("{n} 0 0\n");
                }
            }
            let cuts = board_cuts(text.as_bytes(), parts);
            let mut pieces = Vec::new();
            for pair in cuts.windows(2) {
                pieces.extend(plain(&text.as_bytes()[pair[0]..pair[1]]).unwrap_or_default());
            }
            proptest::prop_assert_eq!(Some(pieces), plain(text.as_bytes()));
        }
    }
}

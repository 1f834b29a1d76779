use tabletop_boards::{line, Board, Jump};

use super::*;

fn judge_sample() -> Board {
    let jumps = [
        Jump::new(35, 25),
        Jump::new(3, 23),
        Jump::new(5, 16),
        Jump::new(20, 33),
    ];
    Board::new(36, &jumps, &[]).expect("a valid board")
}

fn svg(side: u64, board: &Board) -> String {
    let line = line::optimal_line(board, 1);
    crate::to_string(|out| write_board_svg(out, side, board, line.as_ref()))
}

#[test]
fn squares_are_numbered_boustrophedon_from_the_bottom_left() {
    let grid = Grid {
        side: 6,
        cell: 10.0,
        left: 0.0,
    };
    let bottom = TITLE + 55.0;
    assert_eq!(grid.centre(1), (5.0, bottom));
    assert_eq!(grid.centre(6), (55.0, bottom));
    assert_eq!(grid.centre(7), (55.0, bottom - 10.0)); // the second row runs right to left
    assert_eq!(grid.centre(12), (5.0, bottom - 10.0));
    assert_eq!(grid.centre(13), (5.0, bottom - 20.0));
    assert_eq!(grid.centre(36), (5.0, TITLE + 5.0)); // the top row runs right to left
}

#[test]
fn the_sample_board_shows_every_jump_and_every_throw() {
    let text = svg(6, &judge_sample());
    assert!(text.contains("fewest throws 3"));
    // Three ladders (lines with the ladder arrow), one snake (a curve), three throws.
    assert_eq!(text.matches("marker-end=\"url(#ladder)\"").count(), 3);
    assert_eq!(text.matches("marker-end=\"url(#snake)\"").count(), 1);
    assert_eq!(text.matches("<circle").count(), 3);
    // Two ladders taken: two bands along the path.
    assert_eq!(text.matches("class=\"path taken\"").count(), 2);
    for square in 1..=36 {
        assert!(text.contains(&format!(">{square}</text>")), "square {square}");
    }
    assert_eq!(text.matches("<svg").count(), 1);
    assert!(text.ends_with("</svg>\n"));
}

#[test]
fn repeats_are_drawn_throw_by_throw() {
    let board = Board::new(400, &[], &[]).expect("a valid board");
    let text = svg(20, &board);
    // 399 squares to go: 66 sixes and a 3.
    assert!(text.contains("fewest throws 67"));
    assert_eq!(text.matches("<circle").count(), 67);
}

#[test]
fn unreachable_and_oversized_boards_say_so() {
    let jumps: Vec<Jump> = (3..=8).map(|s| Jump::new(s, 1)).collect();
    let board = Board::new(16, &jumps, &[]).expect("a valid board");
    let text = svg(4, &board);
    assert!(text.contains("cannot be reached"));
    assert!(!text.contains("<circle"));
    let big = Board::new(101 * 101, &[], &[]).expect("a valid board");
    let text = svg(101, &big);
    assert!(text.contains("too large to draw"));
    // Scaled, without numbers, up to MAX_SIDE.
    let board = Board::new(50 * 50, &[Jump::new(5, 2000)], &[]).expect("a valid board");
    let text = svg(50, &board);
    assert!(!text.contains(">2500</text>"));
    assert!(text.contains("marker-end=\"url(#ladder)\""));
}

#[test]
fn the_line_of_play_lies_under_the_jumps_and_the_numbers() {
    let text = svg(6, &judge_sample());
    let texts = crate::well_formed(&text);
    assert!(
        texts.iter().any(|t| t.ends_with("6 × 6: fewest throws 3")),
        "{texts:?}"
    );
    let first = |needle: &str| text.find(needle).unwrap_or_else(|| panic!("{needle} in {text}"));
    let last = |needle: &str| text.rfind(needle).unwrap_or_else(|| panic!("{needle} in {text}"));
    // Squares, then the line and its labels, then the jumps, then the numbers.
    assert!(last("class=\"square\"") < first("class=\"path"));
    assert!(last("class=\"path") < first("class=\"throw-label\""));
    assert!(last("class=\"throw-label\"") < first("class=\"jump"));
    assert!(last("class=\"jump") < first("class=\"number\""));
    assert_eq!(text.matches("class=\"number\"").count(), 36);
    assert!(text.contains("paint-order=\"stroke\""));
}

#[test]
fn the_squares_are_checkered() {
    let text = svg(6, &judge_sample());
    let fill = |square: u64| {
        text.lines()
            .filter(|l| l.starts_with("<rect class=\"square\""))
            .nth(square as usize - 1)
            .and_then(|l| l.split("fill=\"").nth(1))
            .and_then(|f| f.split('"').next())
            .map(str::to_owned)
    };
    // Neighbours along a row and up a column differ, diagonal ones agree (the ends are tinted).
    assert_ne!(fill(2), fill(3));
    assert_eq!(fill(2), fill(4));
    assert_ne!(fill(2), fill(11)); // 11 is above 2
    assert_eq!(fill(3), fill(11));
    assert_ne!(fill(1), fill(2));
    assert_ne!(fill(36), fill(35));
}

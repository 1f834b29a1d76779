//! A Snakes and Ladders board as people draw it, in SVG: `N × N` squares numbered
//! boustrophedon from the bottom left (left to right on the bottom row, right to left on the
//! next, …), checkered, ladders as straight green arrows, snakes as curved red ones, and one
//! optimal line of play in blue, each throw labelled with its value.
//!
//! The layers, bottom to top: the squares, the line of play (the jumps it takes
//! highlighted), the throws' labels, the jumps (on a white casing), the square numbers (on a
//! white halo). So the line never hides a ladder, a snake or a square's number. Every element
//! has a class (`square`, `path throw`, `path taken`, `throw-label`, `jump ladder`,
//! `jump snake`, `number`) for pages that style or script the drawing.
//!
//! Boards of up to [`LABELLED_SIDE`] squares a side get their square numbers; up to
//! [`MAX_SIDE`] the drawing is scaled down without numbers; a larger board gets a small
//! picture that says it is too large to draw. Jumps are drawn from their start to where the
//! counter ends (chains followed).
//!
//! ```
//! use tabletop_boards::{line, Board, Jump};
//! let board = Board::new(9, &[Jump::new(2, 7), Jump::new(8, 3)], &[])?;
//! let line = line::optimal_line(&board, 1);
//! let svg = tabletop_render::to_string(|out| {
//!     tabletop_render::board_svg::write_board_svg(out, 3, &board, line.as_ref())
//! });
//! assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert!(svg.contains("fewest throws 2"));
//! assert!(svg.trim_end().ends_with("</svg>"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::{self, Write};

use tabletop_boards::line::Line;
use tabletop_boards::{Board, Square};

/// The largest side drawn; larger boards get a picture that says so.
pub const MAX_SIDE: u64 = 100;

/// The largest side whose squares are numbered (above it the numbers would not fit).
pub const LABELLED_SIDE: u64 = 30;

const LADDER: &str = "#2ca02c";
const SNAKE: &str = "#d62728";
const PATH: &str = "#1f62c4";
const PAD: f64 = 16.0;
const TITLE: f64 = 40.0;
const LEGEND: f64 = 36.0;
/// Room for the title and the legend.
const MIN_WIDTH: f64 = 620.0;

/// The geometry of one drawing.
struct Grid {
    side: u64,
    cell: f64,
    /// The board's left edge.
    left: f64,
}

impl Grid {
    /// The column (from the left) and row (from the bottom) of square `square`, from 1.
    fn place(&self, square: Square) -> (u64, u64) {
        let index = square.saturating_sub(1);
        let row = index / self.side;
        let along = index % self.side;
        let col = if row.is_multiple_of(2) {
            along
        } else {
            self.side - 1 - along
        };
        (col, row)
    }

    /// The centre of square `square` (square 0, off the board, sits left of square 1).
    fn centre(&self, square: Square) -> (f64, f64) {
        let (col, row) = match square {
            0 => (-1.0, 0.0),
            _ => {
                let (col, row) = self.place(square);
                (col as f64, row as f64)
            }
        };
        let x = self.left + (col + 0.5) * self.cell;
        let y = TITLE + (self.side as f64 - row - 0.5) * self.cell;
        (x, y)
    }

    fn board_size(&self) -> f64 {
        self.side as f64 * self.cell
    }
}

/// Writes the board of side `side` (its goal must be `side²`) with `path` (from square 1)
/// drawn over it; `None` for a board whose last square cannot be reached.
pub fn write_board_svg<W: Write + ?Sized>(
    out: &mut W,
    side: u64,
    board: &Board,
    path: Option<&Line>,
) -> fmt::Result {
    if side == 0 || side > MAX_SIDE {
        return write_too_large(out, side);
    }
    let cell = (720 / side).clamp(8, 96) as f64;
    let board_size = side as f64 * cell;
    let width = (2.0 * PAD + board_size).max(MIN_WIDTH);
    let grid = Grid {
        side,
        cell,
        left: (width - board_size) / 2.0,
    };
    let height = TITLE + grid.board_size() + LEGEND;
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">"
    )?;
    write_defs(out, cell)?;
    writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>"
    )?;
    let title = match path {
        Some(path) => format!("fewest throws {}", path.throws),
        None => "the last square cannot be reached".to_string(),
    };
    writeln!(
        out,
        "<text x=\"{PAD}\" y=\"26\" font-size=\"16\" font-weight=\"bold\">Snakes and Ladders, {side} × {side}: {title}</text>"
    )?;
    write_squares(out, &grid, board)?;
    if let Some(path) = path {
        write_path(out, &grid, path)?;
    }
    write_jumps(out, &grid, board)?;
    write_numbers(out, &grid, board)?;
    write_legend(out, &grid)?;
    out.write_str("</svg>\n")
}

/// The arrowheads, one per colour.
fn write_defs<W: Write + ?Sized>(out: &mut W, cell: f64) -> fmt::Result {
    // In units of the line's width.
    let size = if cell > 40.0 { 3.0 } else { 3.6 };
    out.write_str("<defs>\n")?;
    for (name, colour) in [("ladder", LADDER), ("snake", SNAKE), ("path", PATH)] {
        writeln!(
            out,
            "<marker id=\"{name}\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"{size}\" \
             markerHeight=\"{size}\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{colour}\"/></marker>"
        )?;
    }
    out.write_str("</defs>\n")
}

/// The squares, checkered (two tones that differ clearly), the first and last tinted.
fn write_squares<W: Write + ?Sized>(out: &mut W, grid: &Grid, board: &Board) -> fmt::Result {
    let goal = board.goal();
    for square in 1..=goal {
        let (x, y) = grid.centre(square);
        let (left, top) = (x - grid.cell / 2.0, y - grid.cell / 2.0);
        let (col, row) = grid.place(square);
        let fill = if square == 1 {
            "#cfe3ff"
        } else if square == goal {
            "#ffd966"
        } else if (col + row).is_multiple_of(2) {
            "#fbf7ee"
        } else {
            "#e3d8bd"
        };
        writeln!(
            out,
            "<rect class=\"square\" x=\"{left}\" y=\"{top}\" width=\"{0}\" height=\"{0}\" fill=\"{fill}\" stroke=\"#b8ae94\" stroke-width=\"0.5\"/>",
            grid.cell
        )?;
    }
    Ok(())
}

/// The square numbers, when they fit, on a white halo, above everything else.
fn write_numbers<W: Write + ?Sized>(out: &mut W, grid: &Grid, board: &Board) -> fmt::Result {
    if grid.side > LABELLED_SIDE {
        return Ok(());
    }
    let font = (grid.cell * 0.28).clamp(7.0, 14.0);
    let halo = (font * 0.25).clamp(1.5, 3.0);
    for square in 1..=board.goal() {
        let (x, y) = grid.centre(square);
        let (left, top) = (x - grid.cell / 2.0, y - grid.cell / 2.0);
        writeln!(
            out,
            "<text class=\"number\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"{font:.1}\" fill=\"#4f4636\" stroke=\"white\" \
             stroke-width=\"{halo:.1}\" stroke-linejoin=\"round\" paint-order=\"stroke\">{square}</text>",
            left + 2.0,
            top + font
        )?;
    }
    Ok(())
}

/// Ladders as straight green arrows, snakes as curved red ones, each on a white casing so
/// that it stands out from the line of play beneath.
fn write_jumps<W: Write + ?Sized>(out: &mut W, grid: &Grid, board: &Board) -> fmt::Result {
    let width = (grid.cell * 0.05).clamp(1.5, 4.0);
    let casing = width + 2.0;
    for jump in board.jumps() {
        let (x1, y1) = grid.centre(jump.from);
        let (x2, y2) = grid.centre(jump.to);
        let (kind, colour, d) = if jump.to > jump.from {
            ("ladder", LADDER, format!("M{x1:.1},{y1:.1} L{x2:.1},{y2:.1}"))
        } else {
            // A bend to one side, so that snakes read differently from ladders.
            let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
            let (cx, cy) = (mx + (y2 - y1) * 0.2, my - (x2 - x1) * 0.2);
            (
                "snake",
                SNAKE,
                format!("M{x1:.1},{y1:.1} Q{cx:.1},{cy:.1} {x2:.1},{y2:.1}"),
            )
        };
        writeln!(
            out,
            "<path d=\"{d}\" fill=\"none\" stroke=\"white\" stroke-width=\"{casing:.1}\" stroke-opacity=\"0.9\"/>\n\
             <path class=\"jump {kind}\" d=\"{d}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{width:.1}\" marker-end=\"url(#{kind})\"/>"
        )?;
    }
    Ok(())
}

/// The line of play: one blue arrow per throw, a little translucent, with its value in a
/// circle half-way; a jump taken is a wide blue band under the jump's own arrow.
fn write_path<W: Write + ?Sized>(out: &mut W, grid: &Grid, path: &Line) -> fmt::Result {
    let width = (grid.cell * 0.045).clamp(1.2, 3.5);
    let radius = (grid.cell * 0.17).clamp(5.0, 10.0);
    let mut square: Square = 1;
    let mut labels = String::new();
    for step in &path.steps {
        for i in 0..step.repeat {
            let land = square + u64::from(step.throw);
            let (x1, y1) = grid.centre(square);
            let (x2, y2) = grid.centre(land);
            writeln!(
                out,
                "<line class=\"path throw\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{PATH}\" \
                 stroke-width=\"{width:.1}\" stroke-opacity=\"0.8\" marker-end=\"url(#path)\"/>"
            )?;
            let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
            // Labels after the lines, so that no line of play crosses them.
            let _ = writeln!(
                labels,
                "<g class=\"throw-label\"><circle cx=\"{mx:.1}\" cy=\"{my:.1}\" r=\"{radius:.1}\" fill=\"white\" stroke=\"{PATH}\" stroke-width=\"1\"/>\
                 <text x=\"{mx:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" text-anchor=\"middle\" fill=\"{PATH}\" font-weight=\"bold\">{}</text></g>",
                my + radius * 0.45,
                radius * 1.3,
                step.throw
            );
            square = land;
            if i + 1 == step.repeat && step.to != step.land {
                let (x3, y3) = grid.centre(step.to);
                writeln!(
                    out,
                    "<line class=\"path taken\" x1=\"{x2:.1}\" y1=\"{y2:.1}\" x2=\"{x3:.1}\" y2=\"{y3:.1}\" stroke=\"{PATH}\" \
                     stroke-width=\"{:.1}\" stroke-opacity=\"0.35\" stroke-linecap=\"round\"/>",
                    width * 4.0
                )?;
                square = step.to;
            }
        }
    }
    out.write_str(&labels)
}

/// What the colours mean.
fn write_legend<W: Write + ?Sized>(out: &mut W, grid: &Grid) -> fmt::Result {
    let y = TITLE + grid.board_size() + 22.0;
    let items = [
        (LADDER, "ladder"),
        (SNAKE, "snake"),
        (PATH, "one optimal line (throws in circles, jumps taken banded)"),
    ];
    let mut x = PAD;
    for (colour, text) in items {
        writeln!(
            out,
            "<line x1=\"{x}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" stroke=\"{colour}\" stroke-width=\"3\"/>\
             <text x=\"{2}\" y=\"{3}\" font-size=\"12\">{text}</text>",
            y - 4.0,
            x + 22.0,
            x + 27.0,
            y
        )?;
        x += 27.0 + 7.0 * text.len() as f64 + 16.0;
    }
    Ok(())
}

/// A small picture that says the board is too large to draw.
fn write_too_large<W: Write + ?Sized>(out: &mut W, side: u64) -> fmt::Result {
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"520\" height=\"60\" font-family=\"sans-serif\">\n\
         <rect width=\"520\" height=\"60\" fill=\"white\"/>\n\
         <text x=\"16\" y=\"36\" font-size=\"14\">A {side} × {side} board is too large to draw (at most {MAX_SIDE} × {MAX_SIDE}).</text>\n\
         </svg>"
    )
}

#[cfg(test)]
mod tests;

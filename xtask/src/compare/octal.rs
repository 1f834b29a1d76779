//! `tabletop octal` (sparse-space method) against the plain O(N²) C++ program (a bit-set mex
//! over every move of every heap) on Officers (0.6) and Kayles (0.77), and Officers to
//! 10^7 on its own (the plain way would take hours).

use super::{Case, Goal, Reference};

/// This game's comparison cases.
pub fn cases() -> Vec<Case> {
    let reference = || {
        Some(Reference {
            name: "octal_naive",
            source: include_str!("../../reference/octal_naive.cpp"),
        })
    };
    let case = |name: &str, code: &str, heaps: u64, with_reference: bool, goal: Goal| Case {
        game: "octal",
        name: name.into(),
        description: format!("`{code}`, G(0..={heaps})"),
        // The game text (code and largest heap) is the input file, as the C++ reads it.
        args: vec!["--file".into()],
        input: format!("{code} {heaps}\n").into_bytes(),
        reference: if with_reference { reference() } else { None },
        goal,
    };
    vec![
        case("octal-officers-1e5", "0.6", 100_000, true, Goal::AtMostRatio(0.1)),
        case("octal-kayles-1e5", "0.77", 100_000, true, Goal::AtMostRatio(0.1)),
        case(
            "octal-officers-1e7",
            "0.6",
            10_000_000,
            false,
            Goal::UnderMillis(60_000.0),
        ),
    ]
}

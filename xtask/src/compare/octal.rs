//! `tabletop octal` (sparse-space method) against the plain O(N²) C++ program (a bit-set mex
//! over every move of every heap) on Officers (0.6) and Kayles (0.77), and on their own the
//! rows of the octal goals: Dawson's chess (0.137) to 10^7 (filled by its period),
//! 0.777777777777 to 10^5, the sparse games 0.014, 0.161 and 0.167 to 10^7, and Officers to
//! 10^7 (the plain way would take hours).

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
            "octal-dawsons-chess-1e7",
            "0.137",
            10_000_000,
            false,
            Goal::UnderMillis(2_000.0),
        ),
        case(
            "octal-twelve-sevens-1e5",
            "0.777777777777",
            100_000,
            false,
            Goal::UnderMillis(1_000.0),
        ),
        // At least twice as fast as before (45.8 s, 11.2 s, 2.8 s measured then).
        case(
            "octal-0.014-1e7",
            "0.014",
            10_000_000,
            false,
            Goal::UnderMillis(22_900.0),
        ),
        case(
            "octal-0.161-1e7",
            "0.161",
            10_000_000,
            false,
            Goal::UnderMillis(5_600.0),
        ),
        case(
            "octal-0.167-1e7",
            "0.167",
            10_000_000,
            false,
            Goal::UnderMillis(1_400.0),
        ),
        case(
            "octal-officers-1e7",
            "0.6",
            10_000_000,
            false,
            Goal::UnderMillis(40_000.0),
        ),
    ]
}

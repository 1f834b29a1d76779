//! The games agree across layers: the folders of `fixtures/`, the CLI's subcommands, the
//! server's endpoint families and the application layer's modules and `Game` enum name the
//! same games, but for the absences [`ABSENT`] lists with their reasons. A new game is added
//! to [`GAMES`] and then shows up wherever a layer still lacks it (`docs/adding-a-game.md`).

use crate::scan::{self, Kind, Token};

/// Every game of tabletop, by the name each layer uses for it.
pub const GAMES: &[&str] = &["chutes", "snakes", "grundy", "pigs", "odds", "octal"];

/// A place in the tree that lists games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// The folders of `fixtures/`.
    Fixtures,
    /// The variants of the clap `Command` enum in `crates/cli/src/main.rs`.
    Subcommands,
    /// The modules of `crates/serve/src/endpoints/`.
    Endpoints,
    /// The modules declared in `crates/app/src/lib.rs`. Not strict: the app also holds
    /// modules that are no game (the problem reports, the pages' views, ...).
    AppModules,
    /// The variants of `tabletop_app::Game`: the judge games, answered as a judge would.
    JudgeGames,
}

impl Layer {
    /// Whether a name the layer lists must be a game (or one of its [`NOT_GAMES`]).
    fn strict(self) -> bool {
        self != Layer::AppModules
    }
}

/// The games a layer legitimately lacks, and why.
pub const ABSENT: &[(&str, Layer, &str)] = &[
    (
        "chutes",
        Layer::Endpoints,
        "the playground has no Chutes page: a fixed throw list is no game to play; the race \
         page shows a board's odds",
    ),
    (
        "odds",
        Layer::JudgeGames,
        "no judge problem: a board's odds are a report, not one judge's expected output",
    ),
    (
        "octal",
        Layer::JudgeGames,
        "no judge problem: values of a code, not the answers to a judge's test cases",
    ),
];

/// Names a strict layer lists that are no game, and why.
pub const NOT_GAMES: &[(&str, Layer, &str)] = &[
    ("gen", Layer::Subcommands, "random inputs of the judge games"),
    ("stress", Layer::Subcommands, "stress testing a program"),
    ("serve", Layer::Subcommands, "the playground's web server"),
];

/// Absent games missing from a layer, names a strict layer lists that are no known game, and
/// absences listed in [`ABSENT`] that are not absent any more.
pub fn violations(layers: &[(Layer, Vec<String>)]) -> Vec<String> {
    let mut found = Vec::new();
    for (layer, names) in layers {
        for game in GAMES {
            let excused = ABSENT.iter().any(|(g, l, _)| g == game && l == layer);
            let present = names.iter().any(|n| n == game);
            if !present && !excused {
                found.push(format!(
                    "{layer:?} lacks the game `{game}` (or list why in ABSENT)"
                ));
            }
            if present && excused {
                found.push(format!("{layer:?} has `{game}`: remove it from ABSENT"));
            }
        }
        if !layer.strict() {
            continue;
        }
        for name in names {
            let known =
                GAMES.contains(&name.as_str()) || NOT_GAMES.iter().any(|(n, l, _)| n == name && l == layer);
            if !known {
                found.push(format!(
                    "{layer:?} lists `{name}`, which is no game of GAMES (nor of NOT_GAMES)"
                ));
            }
        }
    }
    found
}

/// The variants of `enum name` in `source`, as clap names a subcommand (kebab case).
pub fn enum_variants(source: &str, name: &str) -> Vec<String> {
    let tokens = scan::tokens(source);
    let Some(open) = tokens.windows(3).position(|w| {
        ident(&w[0]) == Some("enum") && ident(&w[1]) == Some(name) && w[2].kind == Kind::Punct('{')
    }) else {
        return Vec::new();
    };
    let open = open + 2;
    let close = scan::matching(&tokens, open).unwrap_or(tokens.len());
    let mut variants = Vec::new();
    let mut depth = 0usize;
    for (i, token) in tokens.iter().enumerate().take(close).skip(open + 1) {
        match &token.kind {
            Kind::Punct('{' | '(' | '[') => depth += 1,
            Kind::Punct('}' | ')' | ']') => depth = depth.saturating_sub(1),
            Kind::Ident(word) if depth == 0 => {
                let previous = tokens.get(i - 1).map(|t| &t.kind);
                let after_separator = matches!(previous, Some(Kind::Punct('{' | ',' | ']')));
                if after_separator {
                    variants.push(kebab_case(word));
                }
            }
            _ => {}
        }
    }
    variants
}

/// The modules `source` declares (`mod name;` or `pub mod name;`, tests included).
pub fn declared_modules(source: &str) -> Vec<String> {
    let tokens = scan::tokens(source);
    tokens
        .windows(3)
        .filter(|w| ident(&w[0]) == Some("mod") && w[2].kind == Kind::Punct(';'))
        .filter_map(|w| ident(&w[1]).map(str::to_owned))
        .collect()
}

fn ident(token: &Token) -> Option<&str> {
    match &token.kind {
        Kind::Ident(word) => Some(word),
        _ => None,
    }
}

/// `OctalGames` → `octal-games`, as clap names a variant.
fn kebab_case(word: &str) -> String {
    let mut out = String::new();
    for (i, c) in word.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('-');
        }
        out.extend(c.to_lowercase());
    }
    out
}

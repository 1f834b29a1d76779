//! The pages and their scripts and style, compiled into the binary (no network at run time).

/// A file the server sends as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asset {
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its text.
    pub body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";

/// An entry of [`ASSETS`]: a path, a content type and a file of `assets/`.
macro_rules! asset {
    ($path:literal, $content_type:expr, $file:literal) => {
        (
            $path,
            Asset {
                content_type: $content_type,
                body: include_str!(concat!("../assets/", $file)),
            },
        )
    };
}

/// Every page and asset, by path.
pub const ASSETS: &[(&str, Asset)] = &[
    asset!("/", HTML, "index.html"),
    asset!("/race", HTML, "race.html"),
    asset!("/graph", HTML, "graph.html"),
    asset!("/style.css", CSS, "style.css"),
    asset!("/common.js", JS, "common.js"),
    asset!("/race.js", JS, "race.js"),
    asset!("/graph.js", JS, "graph.js"),
    // The samples are the fixtures of the same name (a test checks them byte for byte).
    asset!("/samples/race.board", TEXT, "samples/race.board"),
    asset!("/samples/graph.txt", TEXT, "samples/graph.txt"),
    asset!("/samples/graph-cycles.txt", TEXT, "samples/graph-cycles.txt"),
    // The 猪国杀, snakes and octal pages.
    asset!("/pigs", HTML, "pigs.html"),
    asset!("/pigs.js", JS, "pigs.js"),
    asset!("/snakes", HTML, "snakes.html"),
    asset!("/snakes.js", JS, "snakes.js"),
    asset!("/octal", HTML, "octal.html"),
    asset!("/octal.js", JS, "octal.js"),
    asset!("/samples/pigs.txt", TEXT, "samples/pigs.txt"),
    asset!("/samples/pigs-more.txt", TEXT, "samples/pigs-more.txt"),
    asset!("/samples/snakes.txt", TEXT, "samples/snakes.txt"),
    asset!("/samples/snakes-more.txt", TEXT, "samples/snakes-more.txt"),
];

/// The asset served at `path`, if any.
pub fn asset(path: &str) -> Option<Asset> {
    ASSETS.iter().find(|(at, _)| *at == path).map(|(_, asset)| *asset)
}

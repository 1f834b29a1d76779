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

/// Every page and asset, by path.
pub const ASSETS: &[(&str, Asset)] = &[
    (
        "/",
        Asset {
            content_type: HTML,
            body: include_str!("../assets/index.html"),
        },
    ),
    (
        "/race",
        Asset {
            content_type: HTML,
            body: include_str!("../assets/race.html"),
        },
    ),
    (
        "/graph",
        Asset {
            content_type: HTML,
            body: include_str!("../assets/graph.html"),
        },
    ),
    (
        "/style.css",
        Asset {
            content_type: CSS,
            body: include_str!("../assets/style.css"),
        },
    ),
    (
        "/common.js",
        Asset {
            content_type: JS,
            body: include_str!("../assets/common.js"),
        },
    ),
    (
        "/race.js",
        Asset {
            content_type: JS,
            body: include_str!("../assets/race.js"),
        },
    ),
    (
        "/graph.js",
        Asset {
            content_type: JS,
            body: include_str!("../assets/graph.js"),
        },
    ),
    // The samples are the fixtures of the same name (a test checks them byte for byte).
    (
        "/samples/race.board",
        Asset {
            content_type: TEXT,
            body: include_str!("../assets/samples/race.board"),
        },
    ),
    (
        "/samples/graph.txt",
        Asset {
            content_type: TEXT,
            body: include_str!("../assets/samples/graph.txt"),
        },
    ),
    (
        "/samples/graph-cycles.txt",
        Asset {
            content_type: TEXT,
            body: include_str!("../assets/samples/graph-cycles.txt"),
        },
    ),
];

/// The asset served at `path`, if any.
pub fn asset(path: &str) -> Option<Asset> {
    ASSETS.iter().find(|(at, _)| *at == path).map(|(_, asset)| *asset)
}

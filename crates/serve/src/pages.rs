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
    // How the pages reach the API (here `fetch`; on the static site a Web Worker).
    asset!("/transport.js", JS, "transport.js"),
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

/// The asset served at `path`, if any. A page is also at its static site name
/// (`/race.html` for `/race`, `/index.html` for `/`), so the same relative links work here
/// and on the static site.
pub fn asset(path: &str) -> Option<Asset> {
    let page = match path {
        "/index.html" => "/",
        _ => path.strip_suffix(".html").unwrap_or(path),
    };
    ASSETS
        .iter()
        .find(|(at, asset)| *at == path || (*at == page && asset.content_type == HTML))
        .map(|(_, asset)| *asset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_also_at_its_static_site_name_and_nothing_else_is() {
        for (page, file) in [
            ("/", "/index.html"),
            ("/race", "/race.html"),
            ("/octal", "/octal.html"),
        ] {
            assert_eq!(asset(page), asset(file), "{file}");
            assert_eq!(asset(file).map(|a| a.content_type), Some(HTML), "{file}");
        }
        assert!(asset("/transport.js").is_some());
        assert_eq!(asset("/common.js.html"), None);
        assert_eq!(asset("/nothing.html"), None);
    }
}

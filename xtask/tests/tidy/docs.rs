//! Checks on the maps a newcomer reads first (ARCHITECTURE.md and the docs it points to):
//! each a function from the page's text to violations, so that a broken sample can show it
//! fails.

/// The inline code spans of a Markdown text, fenced blocks left out (what a fence holds is
/// shown as written, not named as code). A span may cross a line end and may be opened by
/// several backticks, closed by as many.
pub fn code_spans(text: &str) -> Vec<String> {
    let mut prose = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    let mut spans = Vec::new();
    let mut rest = prose.as_str();
    while let Some(start) = rest.find('`') {
        let ticks = rest[start..].len() - rest[start..].trim_start_matches('`').len();
        let fence = &rest[start..start + ticks];
        let after = &rest[start + ticks..];
        let Some(end) = after.find(fence) else { break };
        spans.push(after[..end].trim().replace('\n', " "));
        rest = &after[end + ticks..];
    }
    spans
}

/// Whether a code span names a path of the repository: it starts with one of the
/// repository's top-level folders (`roots`) and a slash, and is a plain path (no spaces, no
/// wildcards or placeholders, no elision).
fn repository_path<'a>(span: &'a str, roots: &[&str]) -> Option<&'a str> {
    let plain = !span.contains(|c: char| c.is_whitespace() || "*{}<>$…,".contains(c)) && !span.contains("..");
    let (root, _) = span.split_once('/')?;
    (plain && roots.contains(&root)).then(|| span.trim_end_matches('/'))
}

/// Paths written in backticks in the page `name` that do not exist (`exists` answers for a
/// path relative to the repository root).
pub fn missing_paths(name: &str, text: &str, roots: &[&str], exists: impl Fn(&str) -> bool) -> Vec<String> {
    code_spans(text)
        .iter()
        .filter_map(|span| repository_path(span, roots))
        .filter(|path| !exists(path))
        .map(|path| format!("{name} names `{path}`, which does not exist"))
        .collect()
}

/// Crates (their folders relative to the root, such as `crates/app` or `xtask`) that the
/// page never names as a code span of their own folder.
pub fn unnamed_crates(name: &str, text: &str, folders: &[&str]) -> Vec<String> {
    let spans = code_spans(text);
    folders
        .iter()
        .filter(|folder| !spans.iter().any(|s| s.trim_end_matches('/') == **folder))
        .map(|folder| format!("{name} never names the crate `{folder}`"))
        .collect()
}

/// The page, when it is longer than `most` lines.
pub fn too_long(name: &str, text: &str, most: usize) -> Vec<String> {
    let lines = text.lines().count();
    if lines > most {
        vec![format!(
            "{name} is {lines} lines long (at most {most}): keep it a map, move details out"
        )]
    } else {
        Vec::new()
    }
}

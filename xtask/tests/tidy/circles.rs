//! Import circles between the source files of one crate.
//!
//! Each file under `src/` is a module (`a/b.rs` and `a/b/mod.rs` are `crate::a::b`). A file
//! that names `crate::a::b::..` or `super::..` uses the file of the longest module prefix that
//! exists; `mod` declarations are not uses. Test code is left out: a test module using its
//! parent is no circle.

use std::collections::BTreeMap;

/// The module path of a file, from its path relative to `src/` (`None`: not a module file).
fn module_of(relative: &str) -> Option<Vec<String>> {
    let stem = relative.strip_suffix(".rs")?;
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    Some(parts)
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The paths after `crate::` and `super::` in `code`, made absolute from `module`. A
/// `{a::X, b}` group gives one path per item.
fn paths_used(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("::") {
        let head_start = code[..at].rfind(|c: char| !is_ident(c)).map_or(0, |i| i + 1);
        // `a::crate::` is no path from the crate root (and `xcrate` no `crate`).
        let before = code[..head_start].chars().next_back();
        if code[..head_start].ends_with("::") || before.is_some_and(is_ident) {
            continue;
        }
        let mut base: Vec<String> = match &code[head_start..at] {
            "crate" => Vec::new(),
            "super" => module
                .iter()
                .take(module.len().saturating_sub(1))
                .cloned()
                .collect(),
            _ => continue,
        };
        let mut rest = &code[at + 2..];
        while let Some(after) = rest.strip_prefix("super::") {
            base.pop();
            rest = after;
        }
        collect_tree(rest, &base, &mut found);
    }
    found
}

/// The paths of a use tree `a::b::{c, d::e}` (or a plain path) below `base`.
fn collect_tree(text: &str, base: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = base.to_vec();
    let mut rest = text.trim_start();
    if let Some(group) = rest.strip_prefix('{') {
        for item in top_level_items(group) {
            collect_tree(item, base, out);
        }
        return;
    }
    loop {
        let end = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
        if end > 0 {
            path.push(rest[..end].to_string());
            rest = &rest[end..];
        }
        if let Some(after) = rest.strip_prefix("::") {
            rest = after.trim_start();
            if let Some(group) = rest.strip_prefix('{') {
                for item in top_level_items(group) {
                    collect_tree(item, &path, out);
                }
                return;
            }
            continue;
        }
        out.push(path);
        return;
    }
}

/// The comma-separated items of a `{...}` group, up to its closing brace.
fn top_level_items(group: &str) -> Vec<&str> {
    let (mut depth, mut start, mut items) = (0usize, 0, Vec::new());
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..i]);
                return items;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items
}

/// The code of a file without comments and test code, as text again (tokens joined, a
/// space only between two words).
fn product_code(text: &str) -> String {
    let mut code = String::new();
    let mut after_word = false;
    for token in crate::scan::non_test(&crate::scan::tokens(text)) {
        match token.kind {
            crate::scan::Kind::Ident(word) => {
                if after_word {
                    code.push(' ');
                }
                code.push_str(&word);
                after_word = true;
            }
            crate::scan::Kind::Punct(c) => {
                code.push(c);
                after_word = false;
            }
            crate::scan::Kind::Other => {
                code.push(' ');
                after_word = false;
            }
        }
    }
    code
}

/// Every circle among `files` (paths relative to `src/`, with their text): each a sorted list
/// of two or more files that reach one another through their uses.
pub fn circles(files: &[(String, String)]) -> Vec<Vec<String>> {
    let modules: BTreeMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .filter_map(|(i, (path, _))| module_of(path).map(|m| (m, i)))
        .collect();
    let mut edges = vec![Vec::new(); files.len()];
    for (from, (path, text)) in files.iter().enumerate() {
        let Some(module) = module_of(path) else { continue };
        for used in paths_used(&product_code(text), &module) {
            let target = (0..=used.len())
                .rev()
                .find_map(|len| modules.get(&used[..len]).copied());
            if let Some(to) = target.filter(|&to| to != from) {
                edges[from].push(to);
            }
        }
    }
    let reach = |start: usize| {
        let mut seen = vec![false; files.len()];
        let mut stack = vec![start];
        while let Some(at) = stack.pop() {
            for &next in &edges[at] {
                if !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        seen
    };
    let reaches: Vec<Vec<bool>> = (0..files.len()).map(reach).collect();
    let mut found: Vec<Vec<String>> = Vec::new();
    for (a, from_a) in reaches.iter().enumerate() {
        let mut circle: Vec<String> = (0..files.len())
            .filter(|&b| from_a[b] && reaches[b][a])
            .map(|b| files[b].0.clone())
            .collect();
        circle.sort();
        if circle.len() >= 2 && !found.contains(&circle) {
            found.push(circle);
        }
    }
    found
}

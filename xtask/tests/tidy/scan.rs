//! Rust source as a flat list of tokens for the tidy checks, from `proc-macro2` (the
//! tokenizer of `syn`; comments dropped, doc comments as `#[doc = "..."]`, every literal one
//! token), with the lines they start on. On those tokens: brace counting, functions, and
//! test code. It never needs to understand types or expressions, so no syntax tree.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// One token of Rust source, with the 1-based line it starts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub line: usize,
}

/// What a token is; literals and everything else the checks ignore collapse into `Other`.
/// A group is its opening bracket, its tokens and its closing bracket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    Ident(String),
    Punct(char),
    Other,
}

/// The tokens of `source`. A file that does not tokenize (unbalanced brackets, a stray
/// quote) gives none: it does not compile either, which the build reports better.
pub fn tokens(source: &str) -> Vec<Token> {
    let mut out = Vec::new();
    if let Ok(stream) = source.parse::<TokenStream>() {
        flatten(stream, &mut out);
    }
    out
}

fn flatten(stream: TokenStream, out: &mut Vec<Token>) {
    for tree in stream {
        let line = tree.span().start().line;
        match tree {
            TokenTree::Group(group) => {
                let brackets = match group.delimiter() {
                    Delimiter::Brace => Some(('{', '}')),
                    Delimiter::Bracket => Some(('[', ']')),
                    Delimiter::Parenthesis => Some(('(', ')')),
                    Delimiter::None => None,
                };
                if let Some((open, _)) = brackets {
                    out.push(Token {
                        kind: Kind::Punct(open),
                        line,
                    });
                }
                flatten(group.stream(), out);
                if let Some((_, close)) = brackets {
                    out.push(Token {
                        kind: Kind::Punct(close),
                        line: group.span_close().start().line,
                    });
                }
            }
            TokenTree::Ident(ident) => out.push(Token {
                kind: Kind::Ident(ident.to_string()),
                line,
            }),
            // A lifetime `'a` is a joint `'` and an identifier: one token, as a lexer sees it.
            TokenTree::Punct(punct) if punct.as_char() == '\'' && punct.spacing() == Spacing::Joint => {
                out.push(Token {
                    kind: Kind::Other,
                    line,
                });
            }
            TokenTree::Punct(punct) => out.push(Token {
                kind: Kind::Punct(punct.as_char()),
                line,
            }),
            TokenTree::Literal(_) => out.push(Token {
                kind: Kind::Other,
                line,
            }),
        }
    }
}

/// A function found in non-test code: its name, first line and length in lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    pub name: String,
    pub line: usize,
    pub lines: usize,
}

/// Every function with a body outside test code (`#[cfg(test)]` items and `#[test]` functions
/// are skipped with everything inside them).
pub fn functions(tokens: &[Token]) -> Vec<Function> {
    let mut found = Vec::new();
    let mut i = 0;
    let mut test_attribute = false;
    while i < tokens.len() {
        if let Some((end, is_test)) = attribute(tokens, i) {
            test_attribute |= is_test;
            i = end;
            continue;
        }
        let item_is_test = std::mem::take(&mut test_attribute);
        if item_is_test && starts_item(tokens, i) {
            i = skip_item(tokens, i);
            continue;
        }
        if is_ident(tokens.get(i), "fn") {
            if let (Some(Kind::Ident(name)), Some(open)) =
                (tokens.get(i + 1).map(|t| &t.kind), body_start(tokens, i))
            {
                if let Some(close) = matching(tokens, open) {
                    found.push(Function {
                        name: name.clone(),
                        line: tokens[i].line,
                        lines: tokens[close].line - tokens[i].line + 1,
                    });
                }
            }
        }
        i += 1;
    }
    found
}

fn is_ident(token: Option<&Token>, word: &str) -> bool {
    matches!(token, Some(Token { kind: Kind::Ident(w), .. }) if w == word)
}

fn is_punct(token: Option<&Token>, c: char) -> bool {
    matches!(token, Some(Token { kind: Kind::Punct(p), .. }) if *p == c)
}

/// An attribute `#[...]` or `#![...]` at `i`: the index after it, and whether it marks test
/// code (`#[test]`, `#[cfg(test)]`, `#[cfg(all(test, ...))]`).
fn attribute(tokens: &[Token], i: usize) -> Option<(usize, bool)> {
    if !is_punct(tokens.get(i), '#') {
        return None;
    }
    let open = if is_punct(tokens.get(i + 1), '!') {
        i + 2
    } else {
        i + 1
    };
    if !is_punct(tokens.get(open), '[') {
        return None;
    }
    let close = matching(tokens, open)?;
    let inner = &tokens[open + 1..close];
    let words: Vec<&str> = inner
        .iter()
        .filter_map(|t| match &t.kind {
            Kind::Ident(w) => Some(w.as_str()),
            _ => None,
        })
        .collect();
    let is_test = words == ["test"]
        || (words.first() == Some(&"cfg") && words.contains(&"test") && !words.contains(&"not"));
    let inner_attribute = open == i + 2;
    Some((close + 1, is_test && !inner_attribute))
}

/// Whether an item (something an attribute applies to) starts at `i`.
fn starts_item(tokens: &[Token], i: usize) -> bool {
    tokens.get(i).is_some()
}

/// The index after the item starting at `i`: through its `{ ... }` block or its `;`.
fn skip_item(tokens: &[Token], mut i: usize) -> usize {
    while i < tokens.len() {
        if is_punct(tokens.get(i), ';') {
            return i + 1;
        }
        if is_punct(tokens.get(i), '{') {
            return matching(tokens, i).map_or(tokens.len(), |close| close + 1);
        }
        i += 1;
    }
    i
}

/// The `{` that opens the body of the function whose `fn` is at `i` (None for a declaration
/// without a body).
fn body_start(tokens: &[Token], i: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (j, token) in tokens.iter().enumerate().skip(i + 2) {
        match token.kind {
            Kind::Punct('(' | '[' | '<') => depth += 1,
            Kind::Punct(')' | ']') => depth -= 1,
            // `->` is not a closing angle bracket.
            Kind::Punct('>') if !is_punct(tokens.get(j.wrapping_sub(1)), '-') => depth -= 1,
            Kind::Punct(';') if depth <= 0 => return None,
            Kind::Punct('{') if depth <= 0 => return Some(j),
            _ => {}
        }
    }
    None
}

/// The index of the bracket closing the one at `open` (`{`, `[` or `(`).
pub fn matching(tokens: &[Token], open: usize) -> Option<usize> {
    let (opening, closing) = match tokens.get(open)?.kind {
        Kind::Punct('{') => ('{', '}'),
        Kind::Punct('[') => ('[', ']'),
        Kind::Punct('(') => ('(', ')'),
        _ => return None,
    };
    let mut depth = 0usize;
    for (j, token) in tokens.iter().enumerate().skip(open) {
        if token.kind == Kind::Punct(opening) {
            depth += 1;
        } else if token.kind == Kind::Punct(closing) {
            depth -= 1;
            if depth == 0 {
                return Some(j);
            }
        }
    }
    None
}

/// The tokens of `tokens` outside test code (used by the "engines never print" check).
pub fn non_test(tokens: &[Token]) -> Vec<Token> {
    let mut kept = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if let Some((end, true)) = attribute(tokens, i) {
            i = skip_item(tokens, end);
            continue;
        }
        kept.push(tokens[i].clone());
        i += 1;
    }
    kept
}

/// Modules declared in another file behind a test attribute (`#[cfg(test)] mod tests;`):
/// their files are test code too.
pub fn test_module_files(tokens: &[Token]) -> Vec<String> {
    let mut names = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if let Some((end, true)) = attribute(tokens, i) {
            let mut j = end;
            if is_ident(tokens.get(j), "pub") {
                j += 1;
            }
            if let (true, Some(Kind::Ident(name)), true) = (
                is_ident(tokens.get(j), "mod"),
                tokens.get(j + 1).map(|t| &t.kind),
                is_punct(tokens.get(j + 2), ';'),
            ) {
                names.push(name.clone());
            }
            i = end;
            continue;
        }
        i += 1;
    }
    names
}

//! A small Rust scanner for the tidy checks: enough of the lexical grammar (comments, strings,
//! raw strings, chars versus lifetimes) to count braces, find functions and skip test code.
//! It never needs to understand types or expressions.

/// One token of Rust source, with the 1-based line it starts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub line: usize,
}

/// What a token is; literals and everything else the checks ignore collapse into `Other`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    Ident(String),
    Punct(char),
    Other,
}

/// Splits `source` into tokens, dropping comments and white space.
pub fn tokens(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < chars.len() {
        let c = chars[i];
        let start_line = line;
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i = skip_block_comment(&chars, i, &mut line);
        } else if let Some(end) = raw_string_end(&chars, i, &mut line) {
            i = end;
            out.push(Token {
                kind: Kind::Other,
                line: start_line,
            });
        } else if c == '"' {
            i = skip_quoted(&chars, i, '"', &mut line);
            out.push(Token {
                kind: Kind::Other,
                line: start_line,
            });
        } else if c == '\'' {
            i = skip_char_or_lifetime(&chars, i);
            out.push(Token {
                kind: Kind::Other,
                line: start_line,
            });
        } else if c.is_alphanumeric() || c == '_' {
            let begin = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[begin..i].iter().collect();
            // `b"..."` and `b'x'` are literals, not an identifier `b` and a string.
            if (word == "b" || word == "c") && matches!(chars.get(i), Some('"' | '\'')) {
                let quote = chars[i];
                i = skip_quoted(&chars, i, quote, &mut line);
                out.push(Token {
                    kind: Kind::Other,
                    line: start_line,
                });
            } else {
                out.push(Token {
                    kind: Kind::Ident(word),
                    line: start_line,
                });
            }
        } else {
            out.push(Token {
                kind: Kind::Punct(c),
                line: start_line,
            });
            i += 1;
        }
    }
    out
}

fn skip_block_comment(chars: &[char], mut i: usize, line: &mut usize) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        match (chars[i], chars.get(i + 1)) {
            ('/', Some('*')) => {
                depth += 1;
                i += 2;
            }
            ('*', Some('/')) => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            ('\n', _) => {
                *line += 1;
                i += 1;
            }
            _ => i += 1,
        }
    }
    i
}

/// If a raw string (`r"..."`, `r#"..."#`, `br#"..."#`) starts at `i`, the index after it.
fn raw_string_end(chars: &[char], i: usize, line: &mut usize) -> Option<usize> {
    let mut j = i;
    if chars.get(j) == Some(&'b') {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    // `r` must start a token: not the end of an identifier such as `for`.
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while chars.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    if chars.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '\n' {
            *line += 1;
        }
        if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(j)
}

fn skip_quoted(chars: &[char], mut i: usize, quote: char, line: &mut usize) -> usize {
    i += 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '\n' => {
                *line += 1;
                i += 1;
            }
            c if c == quote => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// `'a'`, `'\n'`, `'\u{7f}'` are chars; `'a` (no closing quote) is a lifetime or label.
fn skip_char_or_lifetime(chars: &[char], i: usize) -> usize {
    if chars.get(i + 1) == Some(&'\\') {
        let mut j = i + 2;
        while j < chars.len() && chars[j] != '\'' {
            j += 1;
        }
        return j + 1;
    }
    if chars.get(i + 2) == Some(&'\'') {
        return i + 3;
    }
    let mut j = i + 1;
    while j < chars.len() && (chars[j].is_alphanumeric() || chars[j] == '_') {
        j += 1;
    }
    j
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

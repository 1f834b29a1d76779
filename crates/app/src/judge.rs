//! THE judge comparison: where another program's output first differs from the expected
//! one, as judges compare (trailing white space on a line and trailing blank lines ignored).

/// The first line where two outputs differ for a judge, ignoring trailing white space on
/// every line and trailing blank lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// 1-based line number.
    pub line: usize,
    /// The expected line (`None`: the expected output has ended).
    pub expected: Option<String>,
    /// The line the command printed (`None`: its output has ended).
    pub actual: Option<String>,
}

/// The lines a judge compares: trailing white space cut, trailing blank lines dropped.
fn judged_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Where `actual` first differs from `expected` for a judge; `None` if they agree.
///
/// ```
/// use tabletop_app::judge::first_difference;
/// assert_eq!(first_difference("1\n2\n", "1  \r\n2\n\n\n"), None);
/// let d = first_difference("1\n2\n", "1\n3\n").unwrap();
/// assert_eq!((d.line, d.expected.as_deref(), d.actual.as_deref()), (2, Some("2"), Some("3")));
/// ```
pub fn first_difference(expected: &str, actual: &str) -> Option<Difference> {
    let (want, got) = (judged_lines(expected), judged_lines(actual));
    let line = (0..want.len().max(got.len())).find(|&i| want.get(i) != got.get(i))?;
    Some(Difference {
        line: line + 1,
        expected: want.get(line).map(|s| s.to_string()),
        actual: got.get(line).map(|s| s.to_string()),
    })
}

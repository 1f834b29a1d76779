//! Replies: a status, a content type and a body; the API's errors as typed values.

use serde_json::{json, Value};
use tabletop_app::{Failure, Problem};

/// The JSON content type of every API reply.
pub const JSON: &str = "application/json; charset=utf-8";

/// A response: status, content type and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type` header.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    /// A JSON reply.
    pub fn json(status: u16, value: &Value) -> Reply {
        Reply::json_text(status, value.to_string())
    }

    /// A JSON reply of JSON text already written.
    pub fn json_text(status: u16, text: String) -> Reply {
        Reply {
            status,
            content_type: JSON,
            body: text.into_bytes(),
        }
    }

    /// A JSON error: `{"error": {"kind": kind, "message": message}}`.
    pub fn error(status: u16, kind: &str, message: impl Into<String>) -> Reply {
        ApiError::new(status, kind, message).reply()
    }
}

/// An API error: its status and the inside of its `{"error": ...}` object (`kind`,
/// `message`, and `problems` for an invalid input).
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    /// The HTTP status code.
    pub status: u16,
    /// `{"kind", "message", ...}`.
    pub detail: Value,
}

impl ApiError {
    /// An error of `kind` with `message`.
    pub fn new(status: u16, kind: &str, message: impl Into<String>) -> ApiError {
        let message: String = message.into();
        ApiError {
            status,
            detail: json!({ "kind": kind, "message": message }),
        }
    }

    /// The reply: `{"error": detail}`.
    pub fn reply(&self) -> Reply {
        Reply::json(self.status, &json!({ "error": self.detail }))
    }

    /// A body that is not the JSON an endpoint expects: 400.
    pub fn bad_body(error: &serde_json::Error) -> ApiError {
        ApiError::new(
            400,
            "bad-request",
            format!("the body is not the JSON expected: {error}"),
        )
    }

    /// A request beyond a limit of the server, refused before any work: 400 `usage`, as
    /// the command line's usage errors.
    pub fn usage(message: impl Into<String>) -> ApiError {
        ApiError::new(400, "usage", message)
    }
}

impl From<&Failure> for ApiError {
    /// 422 with the located problems for an invalid input, 400 for a usage error, 500 for
    /// an I/O failure, 503 for work stopped by its deadline.
    fn from(failure: &Failure) -> ApiError {
        match failure {
            Failure::Invalid { problems, .. } => {
                let message = problems.first().map_or_else(String::new, |p| p.message.clone());
                let problems: Vec<Value> = problems.iter().map(problem).collect();
                ApiError {
                    status: 422,
                    detail: json!({ "kind": "invalid", "message": message, "problems": problems }),
                }
            }
            Failure::Usage(_) => ApiError::usage(failure.report().trim_end()),
            Failure::Io(_) => ApiError::new(500, "io", failure.report().trim_end()),
            Failure::Stopped(_) => ApiError::new(503, "timeout", failure.report().trim_end()),
        }
    }
}

impl From<Failure> for ApiError {
    fn from(failure: Failure) -> ApiError {
        ApiError::from(&failure)
    }
}

/// A located problem: file, line, column (1-based, `null` when the whole input is meant),
/// message, the snippet with its caret, the test case.
fn problem(problem: &Problem) -> Value {
    json!({
        "file": problem.file,
        "line": problem.location.map(|l| l.line),
        "column": problem.location.map(|l| l.column),
        "message": problem.message,
        "snippet": problem.snippet,
        "case": problem.case,
        "report": problem.to_string(),
    })
}

/// The JSON value an application layer renderer wrote (one value on one line), passed on as
/// written so that every number keeps the digits the CLI prints. It is checked to be one JSON
/// value first.
///
/// # Errors
/// A 500 when the text is not exactly one JSON value.
pub fn rendered_json(text: &str) -> Result<String, ApiError> {
    match checked_lines(text)?.as_slice() {
        [one] => Ok((*one).to_owned()),
        lines => Err(ApiError::new(
            500,
            "internal",
            format!("one JSON value was expected, {} were written", lines.len()),
        )),
    }
}

/// The non-blank lines of `text`, each checked to be JSON.
fn checked_lines(text: &str) -> Result<Vec<&str>, ApiError> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    for line in &lines {
        serde_json::from_str::<serde::de::IgnoredAny>(line)
            .map_err(|e| ApiError::new(500, "internal", format!("the JSON written is not JSON: {e}")))?;
    }
    Ok(lines)
}

/// A JSON object of fields already written as JSON text.
pub fn object(fields: &[(&str, String)]) -> String {
    let members: Vec<String> = fields
        .iter()
        .map(|(name, value)| format!("{}:{value}", Value::from(*name)))
        .collect();
    format!("{{{}}}", members.join(","))
}

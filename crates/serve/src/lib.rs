//! The tabletop playground in the browser: a local web server, its pages, and a small JSON
//! API (`docs/api.md`) over the application layer `tabletop-app`.
//!
//! The server never parses or dispatches a game itself: each endpoint ([`endpoints`], one
//! module per family) builds an application layer request and returns its answer (the JSON
//! renderers' output, the SVG pictures, the located problems). Everything the pages need is
//! compiled in ([`pages`]).
//!
//! Requests are answered by [`respond`], a plain function from a method, a path and a body to
//! a [`Reply`] (the tests call it in-process); [`Server`] puts it behind HTTP with the
//! [`Limits`] (the module `http`). Every endpoint's work runs under one [`Deadline`] that
//! stops it; a board that takes long is for the [`jobs`]: started, polled for its progress,
//! cancelled.
//!
//! ```
//! let reply = tabletop_serve::respond("POST", "/api/snakes", br#"{"text":"6 1 3\n35 25\n3 23 5 16 20 33\n"}"#);
//! assert_eq!(reply.status, 200);
//! let body: serde_json::Value = serde_json::from_slice(&reply.body)?;
//! assert_eq!(body["answers"], "3\n");
//! # Ok::<(), serde_json::Error>(())
//! ```

use std::time::Duration;

pub mod api;
pub mod deadline;
pub mod endpoints;
#[cfg(feature = "server")]
mod http;
#[cfg(feature = "server")]
pub mod jobs;
pub mod pages;
pub mod reply;
mod router;

pub use deadline::Deadline;
#[cfg(feature = "server")]
pub use http::Server;
pub use reply::Reply;
pub use router::respond_within;

/// The most bytes a request body may have (1 MiB).
pub const MAX_BODY: usize = 1 << 20;

/// The most bytes an API reply may have (32 MiB); a larger answer is refused with 422.
pub const MAX_REPLY: usize = 32 << 20;

/// The time an API request may take by default ([`Limits::time_limit`]).
pub const TIME_LIMIT: Duration = Duration::from_secs(20);

/// Answers one request: a page or asset for `GET`, an API call for `POST /api/...`, within
/// the default [`TIME_LIMIT`].
pub fn respond(method: &str, path: &str, body: &[u8]) -> Reply {
    respond_within(method, path, body, TIME_LIMIT)
}

/// How much the server takes on at once, and how long it waits for a client.
#[cfg(feature = "server")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most request body bytes ([`MAX_BODY`] by default); a larger one is 413.
    pub max_body: usize,
    /// API requests computed at once (one thread each).
    pub workers: usize,
    /// API requests waiting for a worker; any more are refused with 503.
    pub queue: usize,
    /// The time an API request may take ([`respond_within`]).
    pub time_limit: Duration,
    /// Connections open at once; any more are answered 503 and closed.
    pub max_connections: usize,
    /// The time a request's head may take to arrive, and an idle keep-alive connection is
    /// kept.
    pub header_timeout: Duration,
    /// The time a request's body may take to arrive; then 408.
    pub body_timeout: Duration,
    /// The time a client may take nothing of its reply before the connection is closed.
    pub write_timeout: Duration,
    /// The most bytes of a request head (at least 8 KiB); a larger one is 431.
    pub max_header_bytes: usize,
}

#[cfg(feature = "server")]
impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_body: MAX_BODY,
            workers: std::thread::available_parallelism()
                .map_or(2, |n| n.get())
                .clamp(2, 8),
            queue: 64,
            time_limit: TIME_LIMIT,
            max_connections: 128,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
            max_header_bytes: 16 << 10,
        }
    }
}

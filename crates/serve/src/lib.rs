//! The tabletop playground in the browser: a local web server, its pages, and a small JSON
//! API (`docs/api.md`) over the application layer `tabletop-app`.
//!
//! The server never parses or dispatches a game itself: each endpoint builds an application
//! layer request and returns its answer (the JSON renderers' output, the SVG pictures, the
//! located problems). Everything the pages need is compiled in ([`pages`]).
//!
//! Requests are answered by [`respond`], a plain function from a method, a path and a body to
//! a [`Reply`] (the tests call it in-process); [`Server`] puts it behind HTTP with the
//! [`Limits`]: bodies over [`Limits::max_body`] are refused with 413, at most
//! [`Limits::workers`] API requests run at once with [`Limits::queue`] more waiting, and any
//! beyond are refused at once with 503, so a huge board cannot starve the rest; a request
//! whose odds work runs past [`Limits::time_limit`] is stopped and answered 503. Pages are
//! answered by the accepting thread itself and never wait behind the engines. A board that
//! takes long is for the [`jobs`]: started, polled for its progress, cancelled.
//!
//! ```
//! let reply = tabletop_serve::respond("POST", "/api/snakes", br#"{"text":"6 1 3\n35 25\n3 23 5 16 20 33\n"}"#);
//! assert_eq!(reply.status, 200);
//! let body: serde_json::Value = serde_json::from_slice(&reply.body)?;
//! assert_eq!(body["answers"], "3\n");
//! # Ok::<(), serde_json::Error>(())
//! ```

use std::io::Read;
use std::net::SocketAddr;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

mod api;
pub mod jobs;
pub mod pages;

pub use api::MAX_OCTAL_HEAPS;

/// The most bytes a request body may have (1 MiB).
pub const MAX_BODY: usize = 1 << 20;

/// The time an API request may take by default ([`Limits::time_limit`]).
pub const TIME_LIMIT: Duration = Duration::from_secs(20);

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
    pub fn json(status: u16, value: &serde_json::Value) -> Reply {
        Reply {
            status,
            content_type: "application/json; charset=utf-8",
            body: value.to_string().into_bytes(),
        }
    }

    /// A JSON error: `{"error": {"kind": kind, "message": message}}`.
    pub fn error(status: u16, kind: &str, message: impl Into<String>) -> Reply {
        let message: String = message.into();
        Reply::json(
            status,
            &serde_json::json!({ "error": { "kind": kind, "message": message } }),
        )
    }
}

/// Answers one request: a page or asset for `GET`, an API call for `POST /api/...`, within
/// the default [`TIME_LIMIT`].
pub fn respond(method: &str, path: &str, body: &[u8]) -> Reply {
    respond_within(method, path, body, TIME_LIMIT)
}

/// [`respond`] with a time limit: odds work that runs past it is stopped (the engine checks
/// every turn of its table) and answered 503 `timeout`. The other endpoints' work is linear
/// in their input, which is at most [`MAX_BODY`] bytes.
pub fn respond_within(method: &str, path: &str, body: &[u8], time_limit: Duration) -> Reply {
    let path = path.split(['?', '#']).next().unwrap_or(path);
    if path.starts_with("/api/") {
        if method != "POST" {
            return Reply::error(405, "method", format!("{path} takes POST with a JSON body"));
        }
        if body.len() > MAX_BODY {
            return too_large();
        }
        return api::call(path, body, &api::Budget::new(time_limit));
    }
    match (method, pages::asset(path)) {
        ("GET" | "HEAD", Some(asset)) => Reply {
            status: 200,
            content_type: asset.content_type,
            body: asset.body.as_bytes().to_vec(),
        },
        (_, Some(_)) => Reply::error(405, "method", format!("{path} takes GET")),
        (_, None) => Reply::error(404, "not-found", format!("nothing at {path}")),
    }
}

fn too_large() -> Reply {
    Reply::error(
        413,
        "too-large",
        format!("the request body is over {MAX_BODY} bytes"),
    )
}

/// How much the server takes on at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most request body bytes ([`MAX_BODY`] by default).
    pub max_body: usize,
    /// API requests answered at once (one thread each).
    pub workers: usize,
    /// API requests waiting for a worker; any more are refused with 503.
    pub queue: usize,
    /// The time an API request may take ([`respond_within`]).
    pub time_limit: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_body: MAX_BODY,
            workers: thread::available_parallelism().map_or(2, |n| n.get()).clamp(2, 8),
            queue: 64,
            time_limit: TIME_LIMIT,
        }
    }
}

/// A bound HTTP server, not yet serving.
pub struct Server {
    http: tiny_http::Server,
    limits: Limits,
}

impl Server {
    /// Binds to `address` (port 0 picks a free port).
    ///
    /// # Errors
    /// The reason the address cannot be bound.
    pub fn bind(address: SocketAddr, limits: Limits) -> Result<Server, String> {
        let http =
            tiny_http::Server::http(address).map_err(|e| format!("cannot listen on {address}: {e}"))?;
        Ok(Server { http, limits })
    }

    /// The address it listens on.
    pub fn address(&self) -> Option<SocketAddr> {
        self.http.server_addr().to_ip()
    }

    /// Serves until the process ends: pages on this thread, API calls on the workers.
    pub fn run(self) {
        let (work, waiting) = sync_channel::<tiny_http::Request>(self.limits.queue);
        let waiting = Arc::new(Mutex::new(waiting));
        for _ in 0..self.limits.workers.max(1) {
            let waiting = Arc::clone(&waiting);
            let limits = self.limits;
            thread::spawn(move || work_loop(&waiting, &limits));
        }
        for request in self.http.incoming_requests() {
            accept(request, &work);
        }
    }
}

/// Hands an API request to the workers (503 when they and the queue are full); answers
/// anything else here.
fn accept(request: tiny_http::Request, work: &SyncSender<tiny_http::Request>) {
    if !request.url().starts_with("/api/") {
        let reply = respond(request.method().as_str(), request.url(), b"");
        send(request, &reply);
        return;
    }
    match work.try_send(request) {
        Ok(()) => {}
        Err(TrySendError::Full(request) | TrySendError::Disconnected(request)) => {
            let reply = Reply::error(
                503,
                "busy",
                "the server is busy: too many requests at once; try again shortly",
            );
            send(request, &reply);
        }
    }
}

fn work_loop(waiting: &Mutex<Receiver<tiny_http::Request>>, limits: &Limits) {
    loop {
        // A poisoned lock only means another worker panicked while waiting: keep serving.
        let next = match waiting.lock() {
            Ok(receiver) => receiver.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        let Ok(mut request) = next else { return };
        let reply = match read_body(&mut request, limits.max_body) {
            Ok(body) => respond_within(request.method().as_str(), request.url(), &body, limits.time_limit),
            Err(reply) => reply,
        };
        send(request, &reply);
    }
}

/// The body, read up to one byte past the limit (the declared length is checked first).
fn read_body(request: &mut tiny_http::Request, max_body: usize) -> Result<Vec<u8>, Reply> {
    if request.body_length().is_some_and(|length| length > max_body) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    let limit = u64::try_from(max_body).unwrap_or(u64::MAX).saturating_add(1);
    request
        .as_reader()
        .take(limit)
        .read_to_end(&mut body)
        .map_err(|e| Reply::error(400, "bad-request", format!("reading the body failed: {e}")))?;
    if body.len() > max_body {
        return Err(too_large());
    }
    Ok(body)
}

fn send(request: tiny_http::Request, reply: &Reply) {
    // The length is known: sent with a Content-Length however large (no chunks to undo).
    let mut response = tiny_http::Response::from_data(reply.body.clone())
        .with_status_code(reply.status)
        .with_chunked_threshold(usize::MAX);
    for (name, value) in [
        ("Content-Type", reply.content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
    ] {
        if let Ok(header) = tiny_http::Header::from_bytes(name, value) {
            response.add_header(header);
        }
    }
    if reply.status == 503 {
        if let Ok(header) = tiny_http::Header::from_bytes("Retry-After", "1") {
            response.add_header(header);
        }
    }
    // The client may have gone away; the server keeps serving the others.
    let _ = request.respond(response);
}

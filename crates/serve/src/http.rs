//! The HTTP server: hyper's HTTP/1.1 on a small tokio runtime, with the [`Limits`] of every
//! connection (header, body and write timeouts, header size, connection count) and the
//! checks a page on another site cannot pass (`Host`, `Origin`, `Content-Type`).
//!
//! Pages are answered on the runtime's own threads; API calls are read in full (within the
//! body limit and timeout), then computed on a blocking thread, at most [`Limits::workers`]
//! at once with [`Limits::queue`] more waiting; any beyond are answered 503 at once.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{HeaderValue, CONTENT_LENGTH, CONTENT_TYPE, HOST, ORIGIN};
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio::time::{sleep, timeout, Sleep};

use crate::reply::{ApiError, Reply};
use crate::router::{respond_within, too_large};
use crate::Limits;

/// How long the accept loop waits after a failed accept (out of file descriptors, say)
/// before it tries again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);
/// The time a refused connection is given to take its 503.
const REFUSE_TIMEOUT: Duration = Duration::from_secs(1);

/// A bound HTTP server, not yet serving.
pub struct Server {
    listener: std::net::TcpListener,
    limits: Limits,
    hosts: Vec<String>,
}

impl Server {
    /// Binds to `address` (port 0 picks a free port).
    ///
    /// # Errors
    /// The reason the address cannot be bound.
    pub fn bind(address: SocketAddr, limits: Limits) -> Result<Server, String> {
        let listener = std::net::TcpListener::bind(address)
            .and_then(|listener| listener.set_nonblocking(true).map(|()| listener))
            .map_err(|e| format!("cannot listen on {address}: {e}"))?;
        let port = listener.local_addr().map_or(address.port(), |a| a.port());
        Ok(Server {
            listener,
            limits,
            hosts: allowed_hosts(address.ip(), port),
        })
    }

    /// The address it listens on.
    pub fn address(&self) -> Option<SocketAddr> {
        self.listener.local_addr().ok()
    }

    /// Serves until the process ends.
    ///
    /// # Errors
    /// Only when the runtime or the listener cannot be set up.
    pub fn run(self) -> Result<(), String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .max_blocking_threads(self.limits.workers.max(1) + 1)
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
        runtime.block_on(self.serve())
    }

    async fn serve(self) -> Result<(), String> {
        let listener =
            tokio::net::TcpListener::from_std(self.listener).map_err(|e| format!("cannot listen: {e}"))?;
        let limits = self.limits;
        let shared = Arc::new(Shared {
            limits,
            hosts: self.hosts,
            admitted: Arc::new(Semaphore::new(limits.workers.max(1) + limits.queue)),
            running: Arc::new(Semaphore::new(limits.workers.max(1))),
        });
        let connections = Arc::new(Semaphore::new(limits.max_connections.max(1)));
        loop {
            let stream = match listener.accept().await {
                Ok((stream, _)) => stream,
                // Out of file descriptors, a connection reset before it was taken: none of
                // these ends the server; the pending connections wait in the backlog.
                Err(_) => {
                    sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            };
            let Ok(permit) = Arc::clone(&connections).try_acquire_owned() else {
                tokio::spawn(refuse(stream));
                continue;
            };
            // Replies are written whole: sending at once keeps a keep-alive connection
            // from waiting on the client's delayed acknowledgement.
            let _ = stream.set_nodelay(true);
            let shared = Arc::clone(&shared);
            tokio::spawn(async move {
                connection(stream, shared).await;
                drop(permit);
            });
        }
    }
}

/// What every connection shares.
struct Shared {
    limits: Limits,
    /// The `Host` values accepted.
    hosts: Vec<String>,
    /// API calls taken on: running or waiting.
    admitted: Arc<Semaphore>,
    /// API calls running.
    running: Arc<Semaphore>,
}

/// The `Host` values a request may carry: the loopback names and the address asked for,
/// with the port (and without it on port 80, the default a browser leaves out).
fn allowed_hosts(ip: IpAddr, port: u16) -> Vec<String> {
    let mut names = vec!["127.0.0.1".to_owned(), "localhost".to_owned(), "[::1]".to_owned()];
    let asked = match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    };
    if !names.contains(&asked) {
        names.push(asked);
    }
    let mut hosts: Vec<String> = names.iter().map(|name| format!("{name}:{port}")).collect();
    if port == 80 {
        hosts.extend(names);
    }
    hosts
}

/// A connection beyond [`Limits::max_connections`]: a 503, then closed.
async fn refuse(mut stream: TcpStream) {
    let text = "the server has too many connections open; try again shortly\n";
    let response = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n{text}",
        text.len()
    );
    let _ = timeout(REFUSE_TIMEOUT, stream.write_all(response.as_bytes())).await;
}

async fn connection(stream: TcpStream, shared: Arc<Shared>) {
    let limits = shared.limits;
    let io = TokioIo::new(ClientStream::new(stream, limits.write_timeout));
    let service = hyper::service::service_fn(move |request| {
        let shared = Arc::clone(&shared);
        async move {
            // A page's body is never read: the connection is not reused after it.
            let unread = !request.uri().path().starts_with("/api/") && has_body(&request);
            Ok::<_, Infallible>(response(answer(request, &shared).await, unread))
        }
    });
    let served = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        // Also the time an idle keep-alive connection is kept: hyper starts it whenever
        // it waits for a request head.
        .header_read_timeout(limits.header_timeout)
        // Hyper's floor is 8 KiB; past the limit the request is answered 431.
        .max_buf_size(limits.max_header_bytes.max(8192))
        .serve_connection(io, service);
    // A client that went away or broke the protocol ends only its own connection.
    let _ = served.await;
}

/// The reply to one request.
async fn answer(request: Request<Incoming>, shared: &Shared) -> Reply {
    if let Err(error) = guard(&request, shared) {
        return error.reply();
    }
    let method = request.method().as_str().to_owned();
    let path = request.uri().path().to_owned();
    let limits = shared.limits;
    if !path.starts_with("/api/") {
        return respond_within(&method, &path, b"", limits.time_limit);
    }
    let body = match read_body(request, &limits).await {
        Ok(body) => body,
        Err(error) => return error.reply(),
    };
    let Ok(admitted) = Arc::clone(&shared.admitted).try_acquire_owned() else {
        return Reply::error(
            503,
            "busy",
            "the server is busy: too many requests at once; try again shortly",
        );
    };
    let Ok(running) = Arc::clone(&shared.running).acquire_owned().await else {
        return Reply::error(503, "busy", "the server is shutting down");
    };
    let work = tokio::task::spawn_blocking(move || {
        let reply = respond_within(&method, &path, &body, limits.time_limit);
        drop((admitted, running));
        reply
    });
    work.await
        .unwrap_or_else(|e| Reply::error(500, "internal", format!("the request's work failed: {e}")))
}

/// The checks that keep other sites out: `Host` must name this server (else a rebound DNS
/// name could read the answers), and an API call must be JSON (a page on another site
/// cannot send it without asking first) with no `Origin` but this server's.
fn guard(request: &Request<Incoming>, shared: &Shared) -> Result<(), ApiError> {
    let host = request.headers().get(HOST).and_then(|v| v.to_str().ok());
    let Some(host) = host.filter(|host| shared.hosts.iter().any(|h| h.eq_ignore_ascii_case(host))) else {
        return Err(ApiError::new(
            421,
            "misdirected",
            format!("this server answers only for {}", shared.hosts.join(", ")),
        ));
    };
    if !request.uri().path().starts_with("/api/") {
        return Ok(());
    }
    if let Some(origin) = request.headers().get(ORIGIN) {
        let same = origin
            .to_str()
            .ok()
            .and_then(|origin| origin.strip_prefix("http://"))
            .is_some_and(|origin| origin.eq_ignore_ascii_case(host));
        if !same {
            return Err(ApiError::new(
                403,
                "forbidden",
                "the API answers only the playground's own pages (Origin is another site)",
            ));
        }
    }
    if request.method() == hyper::Method::POST && !is_json(request.headers().get(CONTENT_TYPE)) {
        return Err(ApiError::new(
            415,
            "unsupported-media-type",
            "the API takes a body with Content-Type: application/json",
        ));
    }
    Ok(())
}

fn is_json(content_type: Option<&HeaderValue>) -> bool {
    content_type
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"))
}

/// The body, refused as soon as its declared length is over the limit (nothing of that
/// size is allocated), read within [`Limits::body_timeout`].
async fn read_body(request: Request<Incoming>, limits: &Limits) -> Result<Vec<u8>, ApiError> {
    let declared = request
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|length| length > limits.max_body as u64) {
        return Err(too_large());
    }
    let limited = Limited::new(request.into_body(), limits.max_body);
    match timeout(limits.body_timeout, limited.collect()).await {
        Ok(Ok(collected)) => Ok(collected.to_bytes().to_vec()),
        Ok(Err(error)) if error.downcast_ref::<LengthLimitError>().is_some() => Err(too_large()),
        Ok(Err(error)) => Err(ApiError::new(
            400,
            "bad-request",
            format!("reading the body failed: {error}"),
        )),
        Err(_) => Err(ApiError::new(
            408,
            "timeout",
            format!(
                "the body did not arrive within {:.1} s",
                limits.body_timeout.as_secs_f64()
            ),
        )),
    }
}

/// Whether the request says a body follows.
fn has_body(request: &Request<Incoming>) -> bool {
    let headers = request.headers();
    headers.contains_key(hyper::header::TRANSFER_ENCODING)
        || headers.get(CONTENT_LENGTH).is_some_and(|v| v.as_bytes() != b"0")
}

/// The HTTP response of `reply`; `close` ends the connection after it.
fn response(reply: Reply, close: bool) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(reply.body)));
    *response.status_mut() =
        hyper::StatusCode::from_u16(reply.status).unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(reply.content_type));
    headers.insert("cache-control", HeaderValue::from_static("no-store"));
    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    if reply.status == 503 {
        headers.insert("retry-after", HeaderValue::from_static("1"));
    }
    // A refused body may still be on its way: the connection is not reused after it.
    if close || matches!(reply.status, 408 | 413) {
        headers.insert("connection", HeaderValue::from_static("close"));
    }
    response
}

/// The reply to a request line of an HTTP version other than 1.0 and 1.1 (hyper would say
/// 400).
const VERSION_NOT_SUPPORTED: &[u8] = b"HTTP/1.1 505 HTTP Version Not Supported\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 36\r\nConnection: close\r\n\r\nthis server speaks HTTP/1.1 and 1.0\n";

/// A client's stream as hyper sees it: writes fail once the peer has taken nothing for
/// `limit` (a client that never reads its replies holds its connection no longer than
/// that), and a first request line of another HTTP version is answered 505 and closed.
struct ClientStream<S> {
    inner: S,
    limit: Duration,
    waiting: Option<Pin<Box<Sleep>>>,
    /// The first request line so far, while it is being looked at.
    first_line: Option<Vec<u8>>,
    /// The 505 being written, and how much of it is.
    rejecting: Option<usize>,
}

impl<S> ClientStream<S> {
    fn new(inner: S, limit: Duration) -> Self {
        ClientStream {
            inner,
            limit,
            waiting: None,
            first_line: Some(Vec::new()),
            rejecting: None,
        }
    }

    /// `result` of a write, or a time-out error once writes have been pending too long.
    fn timed<T>(&mut self, cx: &mut Context<'_>, result: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if result.is_ready() {
            self.waiting = None;
            return result;
        }
        let limit = self.limit;
        let waiting = self.waiting.get_or_insert_with(|| Box::pin(sleep(limit)));
        match waiting.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client took nothing for too long",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    /// Looks at the bytes just read while the first line is incomplete: `true` when that
    /// line names another HTTP version.
    fn other_version(&mut self, read: &[u8]) -> bool {
        let Some(line) = self.first_line.as_mut() else {
            return false;
        };
        line.extend_from_slice(read);
        let Some(end) = line.iter().position(|&b| b == b'\n') else {
            // Hyper's own limit on the head applies to a line that never ends.
            if line.len() > 8192 {
                self.first_line = None;
            }
            return false;
        };
        let text = String::from_utf8_lossy(&line[..end]).trim_end().to_owned();
        self.first_line = None;
        let version = text.rsplit(' ').next().unwrap_or("");
        version.starts_with("HTTP/") && !matches!(version, "HTTP/1.0" | "HTTP/1.1")
    }
}

impl<S: AsyncWrite + Unpin> ClientStream<S> {
    /// Writes the 505; ready (the connection at its end) once it is written or cannot be.
    fn poll_reject(&mut self, cx: &mut Context<'_>, written: usize) -> Poll<()> {
        let mut written = written;
        while let Some(rest) = VERSION_NOT_SUPPORTED
            .get(written..)
            .filter(|rest| !rest.is_empty())
        {
            let result = Pin::new(&mut self.inner).poll_write(cx, rest);
            match self.timed(cx, result) {
                Poll::Ready(Ok(n)) if n > 0 => written += n,
                Poll::Ready(_) => break,
                Poll::Pending => {
                    self.rejecting = Some(written);
                    return Poll::Pending;
                }
            }
        }
        self.rejecting = Some(VERSION_NOT_SUPPORTED.len());
        Poll::Ready(())
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for ClientStream<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if let Some(written) = self.rejecting {
            // Nothing more is read: the end of the stream, once the 505 is out.
            return self.poll_reject(cx, written).map(Ok);
        }
        let before = buf.filled().len();
        let result = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(result, Poll::Ready(Ok(()))) && self.first_line.is_some() {
            let read = buf.filled().get(before..).unwrap_or_default().to_vec();
            if self.other_version(&read) {
                buf.set_filled(before);
                return self.poll_reject(cx, 0).map(Ok);
            }
        }
        result
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for ClientStream<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let result = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.timed(cx, result)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let result = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.timed(cx, result)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let result = Pin::new(&mut self.inner).poll_flush(cx);
        self.timed(cx, result)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::{ClientStream, VERSION_NOT_SUPPORTED};

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("a runtime")
    }

    #[test]
    fn writes_to_a_peer_that_takes_nothing_fail_after_the_limit() {
        runtime().block_on(async {
            let (ours, _theirs) = tokio::io::duplex(64);
            let mut stream = ClientStream::new(ours, Duration::from_millis(50));
            let error = stream.write_all(&[b'x'; 4096]).await.expect_err("a time-out");
            assert_eq!(error.kind(), std::io::ErrorKind::TimedOut);
        });
    }

    #[test]
    fn another_http_version_is_answered_505_and_ends_the_stream() {
        runtime().block_on(async {
            let (ours, mut theirs) = tokio::io::duplex(4096);
            let mut stream = ClientStream::new(ours, Duration::from_secs(60));
            theirs
                .write_all(b"GET / HTTP/2.0\r\nHost: x\r\n\r\n")
                .await
                .expect("written");
            let mut read = Vec::new();
            stream.read_to_end(&mut read).await.expect("read");
            assert!(read.is_empty(), "the request is not handed on");
            let mut reply = vec![0; VERSION_NOT_SUPPORTED.len()];
            theirs.read_exact(&mut reply).await.expect("the reply");
            assert!(reply.starts_with(b"HTTP/1.1 505 "));
        });
    }

    #[test]
    fn http_1_requests_pass_as_they_are() {
        runtime().block_on(async {
            let (ours, mut theirs) = tokio::io::duplex(4096);
            let mut stream = ClientStream::new(ours, Duration::from_secs(60));
            let request = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n";
            theirs.write_all(request).await.expect("written");
            drop(theirs);
            let mut read = Vec::new();
            stream.read_to_end(&mut read).await.expect("read");
            assert_eq!(read, request);
        });
    }
}

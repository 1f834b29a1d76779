//! Test support over TCP: a server on a free loopback port, and raw HTTP/1.1 requests and
//! replies read with a far-away safety-net timeout.

#![allow(clippy::unwrap_used, dead_code)] // shared by test crates that each use a part

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::thread;
use std::time::Duration;

use tabletop_serve::{Limits, Server};

/// How long a test waits for any one reply before it fails: far above any expected time.
pub const SAFETY_NET: Duration = Duration::from_secs(60);

/// A server on a free loopback port, serving on a thread of its own.
pub fn start(limits: Limits) -> SocketAddr {
    let server = Server::bind("127.0.0.1:0".parse().unwrap(), limits).unwrap();
    let address = server.address().unwrap();
    thread::spawn(move || server.run());
    address
}

/// A connection with the safety-net read timeout.
pub fn connect(address: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(SAFETY_NET)).unwrap();
    stream
}

/// A reply: status, headers (names in lower case), body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Reads one reply (its body by `Content-Length`); `None` when the server closed the
/// connection first.
pub fn read_answer(reader: &mut BufReader<TcpStream>) -> Option<Answer> {
    let mut line = String::new();
    if reader.read_line(&mut line).ok()? == 0 {
        return None;
    }
    let status = line.split(' ').nth(1)?.parse().ok()?;
    let mut headers = Vec::new();
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).ok()? == 0 {
            return None;
        }
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':')?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
    }
    let length: usize = headers
        .iter()
        .find(|(name, _)| name == "content-length")
        .map_or(0, |(_, v)| v.parse().unwrap_or(0));
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(Answer {
        status,
        headers,
        body,
    })
}

/// The head of a request to `address` with `extra` header lines and a body of `length`.
pub fn head(address: SocketAddr, method: &str, path: &str, extra: &str, length: usize) -> String {
    format!("{method} {path} HTTP/1.1\r\nHost: {address}\r\n{extra}Content-Length: {length}\r\n\r\n")
}

/// One request on a fresh connection with `extra` header lines.
pub fn request(address: SocketAddr, method: &str, path: &str, extra: &str, body: &[u8]) -> Option<Answer> {
    let mut stream = connect(address);
    stream
        .write_all(head(address, method, path, extra, body.len()).as_bytes())
        .ok()?;
    // The server may refuse before reading all of a body.
    let _ = stream.write_all(body);
    read_answer(&mut BufReader::new(stream))
}

/// A JSON API call.
pub fn post(address: SocketAddr, path: &str, body: &str) -> Option<Answer> {
    request(
        address,
        "POST",
        path,
        "Content-Type: application/json\r\n",
        body.as_bytes(),
    )
}

/// A page.
pub fn get(address: SocketAddr, path: &str) -> Option<Answer> {
    request(address, "GET", path, "", b"")
}

/// The board of a snakes call answered in no time.
pub const SNAKES: &str = r#"{"text":"6 1 3\n35 25\n3 23 5 16 20 33\n"}"#;

/// Whether the server still answers a page and an API call.
pub fn serving(address: SocketAddr) -> bool {
    get(address, "/").is_some_and(|a| a.status == 200)
        && post(address, "/api/snakes", SNAKES).is_some_and(|a| a.status == 200)
}

//! A bounded soak: a few seconds of 50 clients at once on one server, one in five of them
//! hostile (a head that never ends, a body that never comes, a huge declared length,
//! garbage, replies never read), with every honest request answered correctly throughout.
//! Bounded in both requests and time; loopback only.

#![allow(clippy::unwrap_used)] // a test crate: a failed unwrap is a failed test

mod common;

use std::io::{BufReader, Write};
use std::net::SocketAddr;
use std::thread;
use std::time::{Duration, Instant};

use common::{connect, get, head, post, read_answer, serving, start, SNAKES};
use serde_json::Value;
use tabletop_serve::Limits;

/// How long the load lasts at most.
const LOAD_FOR: Duration = Duration::from_secs(3);
/// Requests (or bad connections) each client makes at most.
const ROUNDS: usize = 40;
/// Clients at once.
const CLIENTS: usize = 50;

/// An honest client: pages and API calls, one fresh connection and one keep-alive.
fn honest(address: SocketAddr, round: usize) -> Result<(), String> {
    match round % 3 {
        0 => {
            let answer = post(address, "/api/snakes", SNAKES).ok_or("no answer to a call")?;
            let body: Value = serde_json::from_slice(&answer.body).map_err(|e| e.to_string())?;
            match (answer.status, body["answers"].as_str()) {
                (200, Some("3\n")) => Ok(()),
                (status, _) => Err(format!("call answered {status}: {body}")),
            }
        }
        1 => match get(address, "/race") {
            Some(answer) if answer.status == 200 => Ok(()),
            other => Err(format!("page answered {:?}", other.map(|a| a.status))),
        },
        _ => {
            let stream = connect(address);
            let mut writer = stream.try_clone().map_err(|e| e.to_string())?;
            let mut reader = BufReader::new(stream);
            for _ in 0..3 {
                writer
                    .write_all(head(address, "GET", "/style.css", "", 0).as_bytes())
                    .map_err(|e| e.to_string())?;
                match read_answer(&mut reader) {
                    Some(answer) if answer.status == 200 => {}
                    other => return Err(format!("keep-alive answered {:?}", other.map(|a| a.status))),
                }
            }
            Ok(())
        }
    }
}

/// A hostile client: opens a connection, misbehaves, and leaves it to the server.
fn hostile(address: SocketAddr, round: usize) {
    let mut stream = connect(address);
    let bad = match round % 5 {
        0 => format!("GET / HTTP/1.1\r\nHost: {address}\r\nX-Slow: "),
        1 => head(
            address,
            "POST",
            "/api/snakes",
            "Content-Type: application/json\r\n",
            5000,
        ),
        2 => format!("GET / HTTP/1.1\r\nHost: {address}\r\nContent-Length: 99999999999999\r\n\r\n"),
        3 => "\u{0}\u{1}garbage \r\n\r\n\r\n".to_owned(),
        _ => (0..50).map(|_| head(address, "GET", "/race", "", 0)).collect(),
    };
    let _ = stream.write_all(bad.as_bytes());
    // Held a moment, unread, then dropped: the server must not wait for it.
    thread::sleep(Duration::from_millis(20));
}

#[test]
fn fifty_clients_with_hostile_ones_among_them_are_all_served() {
    let address = start(Limits {
        header_timeout: Duration::from_secs(1),
        body_timeout: Duration::from_secs(1),
        write_timeout: Duration::from_secs(1),
        ..Limits::default()
    });
    let started = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|client| {
            thread::spawn(move || {
                let mut answered = 0usize;
                for round in 0..ROUNDS {
                    if started.elapsed() > LOAD_FOR {
                        break;
                    }
                    match client % 5 {
                        0 => hostile(address, round),
                        _ => {
                            honest(address, round).map_err(|e| format!("client {client}: {e}"))?;
                            answered += 1;
                        }
                    }
                }
                Ok::<usize, String>(answered)
            })
        })
        .collect();
    let mut answered = 0;
    for client in clients {
        answered += client.join().unwrap().unwrap();
    }
    assert!(answered > 0);
    assert!(serving(address));
}

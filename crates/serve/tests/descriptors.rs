//! Out of file descriptors, the server waits and goes on: a copy of this test binary serves
//! under `ulimit -n 64` while far more connections than that are held open against it.

#![allow(clippy::unwrap_used)] // a test crate: a failed unwrap is a failed test

mod common;

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Instant;

use common::{connect, head, read_answer, serving, start, SAFETY_NET};
use tabletop_serve::Limits;

/// Set in the copy that serves.
const CHILD: &str = "TABLETOP_SERVE_TEST_CHILD";

/// The serving copy: prints its address and serves until killed (run by the test below;
/// on its own it returns at once). The harness may write its own words before the line.
#[test]
fn serve_when_asked() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let address = start(Limits::default());
    println!("serving on {address}");
    loop {
        std::thread::park();
    }
}

/// The serving copy, killed however the test ends.
struct Serving(Child);

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn running_out_of_descriptors_ends_nothing() {
    let test = std::env::current_exe().unwrap();
    let child = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -n 64 && exec "$0" --exact serve_when_asked --nocapture --test-threads 1"#)
        .arg(&test)
        .env(CHILD, "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut child = Serving(child);
    let mut lines = BufReader::new(child.0.stdout.take().unwrap()).lines();
    let address: SocketAddr = lines
        .find_map(|line| line.ok()?.split_once("serving on ")?.1.parse().ok())
        .unwrap();
    // Far more connections than descriptors, each with a request: those taken on are
    // answered, the rest wait in the backlog while accepting fails.
    let held: Vec<TcpStream> = (0..100)
        .map(|_| {
            let mut stream = connect(address);
            stream
                .write_all(head(address, "GET", "/", "", 0).as_bytes())
                .unwrap();
            stream
        })
        .collect();
    for stream in held.iter().take(20) {
        let answer = read_answer(&mut BufReader::new(stream.try_clone().unwrap()));
        assert_eq!(answer.map(|a| a.status), Some(200));
    }
    assert!(child.0.try_wait().unwrap().is_none(), "the server ended");
    drop(held);
    let started = Instant::now();
    while !serving(address) {
        assert!(started.elapsed() < SAFETY_NET, "the server no longer answers");
    }
    assert!(child.0.try_wait().unwrap().is_none(), "the server ended");
}

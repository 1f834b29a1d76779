//! `tabletop serve`: the playground in the browser, a local web server (`tabletop-serve`).

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use tabletop_app::{Answer, Failure};
use tabletop_serve::{Limits, Server};

/// Serve the playground pages and their JSON API until interrupted.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Prints the address to open (http://127.0.0.1:8080/ by default) and serves \
until Ctrl-C. Everything the pages need is inside the binary. The JSON API is described in \
docs/api.md; requests over 1 MiB are refused, API requests beyond what the server can take \
on at once are refused with 503, and only requests naming this server in their Host header \
(127.0.0.1, localhost, [::1] or --host, with the port) are answered."
)]
pub struct Args {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on; only this machine can connect to the default.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
}

/// Binds, prints the address, and serves; returns only when the server cannot be set up.
pub fn run(args: &Args) -> Result<Answer, Failure> {
    let server = Server::bind(SocketAddr::new(args.host, args.port), Limits::default())
        .map_err(|e| Failure::resource(e.to_string()))?;
    let address = server.address().unwrap_or(SocketAddr::new(args.host, args.port));
    let mut stdout = std::io::stdout();
    writeln!(stdout, "tabletop playground: http://{address}/ (Ctrl-C to stop)")
        .and_then(|()| stdout.flush())
        .map_err(|e| Failure::resource(format!("writing the address: {e}")))?;
    server.run().map_err(|e| Failure::resource(e.to_string()))?;
    Ok(Answer::default())
}

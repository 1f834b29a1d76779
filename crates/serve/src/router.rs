//! Requests to replies: a page or asset for `GET`, an endpoint for `POST /api/...`.

use std::time::Duration;

use tabletop_app::odds::Tick;

use crate::deadline::Deadline;
use crate::endpoints::{grundy, octal, odds, parsed, pigs, snakes};
use crate::reply::{ApiError, Reply};
use crate::{pages, MAX_BODY, MAX_REPLY};

/// Answers one request within `time_limit`: the endpoint's work is stopped once past it
/// and answered 503 `timeout`.
pub fn respond_within(method: &str, path: &str, body: &[u8], time_limit: Duration) -> Reply {
    let path = path.split(['?', '#']).next().unwrap_or(path);
    if path.starts_with("/api/") {
        if method != "POST" {
            return Reply::error(405, "method", format!("{path} takes POST with a JSON body"));
        }
        return call(path, body, &Deadline::new(time_limit), &mut |_| {});
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

/// Answers one API call, a `POST` of `body` to `path` (an `/api/` path), with no transport:
/// the JSON reply `tabletop serve` sends for it, byte for byte. The work stops with
/// `deadline`; `/api/odds` tells `ticks` how far it got and octal runs tick `deadline`'s
/// control. Without the `server` feature there are no odds jobs (`/api/odds/start` is 404):
/// a front end without threads runs `/api/odds` itself and shows its ticks.
///
/// ```
/// use tabletop_serve::{api, Deadline};
///
/// let deadline = Deadline::unlimited(tabletop_app::Control::new());
/// let reply = api::call("/api/snakes", br#"{"text":"6 1 3\n35 25\n3 23 5 16 20 33\n"}"#, &deadline, &mut |_| {});
/// assert_eq!(reply.status, 200);
/// ```
pub fn call(path: &str, body: &[u8], deadline: &Deadline, ticks: &mut dyn FnMut(&Tick<'_>)) -> Reply {
    if body.len() > MAX_BODY {
        return too_large().reply();
    }
    bounded(dispatch(path, body, deadline, ticks).unwrap_or_else(|error| error.reply()))
}

/// Dispatches `path` (an `/api/` path) with its JSON body.
fn dispatch(
    path: &str,
    body: &[u8],
    deadline: &Deadline,
    ticks: &mut dyn FnMut(&Tick<'_>),
) -> Result<Reply, ApiError> {
    match path {
        "/api/odds" => odds::odds(parsed(body)?, deadline, ticks),
        #[cfg(feature = "server")]
        "/api/odds/start" => crate::jobs::start(parsed(body)?),
        #[cfg(feature = "server")]
        "/api/odds/job" => crate::jobs::status(parsed(body)?),
        #[cfg(feature = "server")]
        "/api/odds/cancel" => crate::jobs::cancel(parsed(body)?),
        "/api/snakes" => snakes::snakes(parsed(body)?),
        "/api/grundy" => grundy::grundy(parsed(body)?),
        "/api/grundy/turn" => grundy::grundy_turn(parsed(body)?),
        "/api/pigs" => pigs::pigs(parsed(body)?),
        "/api/pigs/compare" => pigs::pigs_compare(parsed(body)?),
        "/api/octal" => octal::octal(parsed(body)?, deadline),
        _ => Err(ApiError::new(404, "not-found", format!("no endpoint {path}"))),
    }
}

/// The 413 of a body over [`MAX_BODY`].
pub fn too_large() -> ApiError {
    ApiError::new(
        413,
        "too-large",
        format!("the request body is over {MAX_BODY} bytes"),
    )
}

/// The reply, or a 422 saying it is too large to send when it is over [`MAX_REPLY`].
fn bounded(reply: Reply) -> Reply {
    if reply.body.len() <= MAX_REPLY {
        return reply;
    }
    Reply::error(
        422,
        "answer-too-large",
        format!(
            "the answer is {} bytes, more than the {MAX_REPLY} the playground sends; the command line writes it",
            reply.body.len()
        ),
    )
}

//! The JSON API without a transport: what the WebAssembly front end calls.

pub use crate::router::call;

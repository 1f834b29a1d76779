//! The JSON API's endpoints (`docs/api.md`), one module per family; each builds an
//! application layer request from its body and hands back the answer.

use serde::de::DeserializeOwned;

use crate::reply::ApiError;

pub mod grundy;
pub mod octal;
pub mod odds;
pub mod pigs;
pub mod snakes;

/// The name problems are reported against.
const INPUT: &str = "input";

/// The body read as the endpoint's JSON.
///
/// # Errors
/// 400 when it is not.
pub fn parsed<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::bad_body(&e))
}

//! `tabletop grundy` (placeholder: its issue replaces this module).

use crate::input::{Failure, InputArgs};

/// Arguments of `tabletop grundy`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
}

/// Not implemented yet.
pub fn run(args: &Args) -> Result<String, Failure> {
    let _ = &args.input;
    Err(Failure::Input(
        "error: tabletop grundy is not implemented yet".into(),
    ))
}

//! Project automation for tabletop, run as `cargo xtask <command>` (alias in
//! `.cargo/config.toml`). Its few dependencies are listed, each with its reason, in
//! `xtask/Cargo.toml`.
//!
//! - `cargo xtask verify [--release] [--dir PATH]... [GAME]...`: every fixture through the real
//!   `tabletop` binary; `--dir` adds outside judge data (compared as judges compare).
//! - `cargo xtask bench [--runs N] [--before BIN] [GAME]...`: `tabletop` side by side with reference C++
//!   solutions on generated inputs, as a Markdown table.
//! - `cargo xtask msrv`: the workspace `rust-version` against every locked dependency's.
//! - `cargo xtask wheel`: the Python package as a manylinux_2_17 wheel and an sdist.
//! - `cargo xtask site`: the playground as a static site (WebAssembly) in `target/site/`.

mod bench;
mod compare;
mod msrv;
mod site;
mod verify;
mod wheel;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  verify [--release] [--bin PATH] [--dir PATH]... [GAME]...
      Run every fixture in fixtures/<game>/ through `tabletop <game>`: `<case>.in` with
      `<case>.out` (exit 0, exact stdout) or `<case>.err` (a first line `exit N`, the exit
      code expected, then a text stderr must contain; empty stdout), or both (exit N, that
      stdout and that text in stderr: `--keep-going` answers); optional `<case>.args` holds
      extra arguments. `cargo test` runs the same checks (crates/cli/tests/fixtures.rs). `--dir PATH` also runs outside data
      (`PATH/<game>/*.in` or `PATH/*.in` named by the folder), compared as judges compare:
      trailing spaces and trailing empty lines ignored.
  bench [--runs N] [--before BIN] [GAME]...
      Build `tabletop` in release mode and time it against the reference C++ solutions in
      xtask/reference/ on generated inputs; prints Markdown tables. Grundy and snakes run
      side by side with a scanf and a fast-I/O C++ solution, taking turns, median of N
      (default 7); `--before BIN` adds a column for another tabletop binary.
  msrv
      Check that the workspace `rust-version` is at least the highest `rust-version` of the
      locked dependencies (read from `cargo metadata`).
  wheel
      Build the Python package as an abi3 manylinux_2_17 (manylinux2014) x86-64 wheel, linked
      through zig and checked by `auditwheel show`, and an sdist into target/wheels/.
  site
      Build the playground as a static site into target/site/: the pages, and the JSON API
      in WebAssembly (Debian's rustc-web, wasm-ld and wasm-bindgen-cli) run in a Web Worker.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("verify") => verify::main(&args[1..]),
        Some("bench") => bench::main(&args[1..]),
        Some("msrv") => msrv::main(&args[1..]),
        Some("wheel") => wheel::main(&args[1..]),
        Some("site") => site::main(&args[1..]),
        Some("help" | "--help" | "-h") => {
            print!("{USAGE}");
            Ok(true)
        }
        _ => Err(format!("unknown command\n\n{USAGE}")),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root (the parent of this crate's folder).
fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// Builds the `tabletop` binary and returns its path. Cargo's own progress (`Compiling ...`)
/// goes to stderr, after a line saying what is being built.
fn build_tabletop(release: bool) -> Result<PathBuf, String> {
    let root = workspace_root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(&root)
        .args(["build", "--package", "tabletop", "--bin", "tabletop"]);
    if release {
        command.arg("--release");
    }
    let profile = if release { "release" } else { "debug" };
    eprintln!("xtask: building tabletop ({profile}) with cargo...");
    let status = command.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("building tabletop failed".into());
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let target = if target.is_relative() {
        root.join(target)
    } else {
        target
    };
    let binary = target
        .join(if release { "release" } else { "debug" })
        .join("tabletop");
    Ok(binary.with_extension(std::env::consts::EXE_EXTENSION))
}

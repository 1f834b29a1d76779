//! `cargo xtask site`: the playground as a static site in `target/site/`: the pages, their
//! scripts, style and samples (`crates/serve/assets/`), and the JSON API compiled to
//! WebAssembly (`crates/wasm`) with wasm-bindgen's glue, run by the pages in a Web Worker.
//!
//! The route needs no rustup target: Debian's `rustc-web` (a rustc with the standard
//! library's source), `-Z build-std` (`RUSTC_BOOTSTRAP`), the `wasm-ld` of the LLVM that
//! rustc links (read from `rustc -vV`), and `wasm-bindgen-cli` of the version in
//! `Cargo.lock`, installed into `target/site-tools`. The module builds in a target folder of
//! its own (`target/wasm-build`), so the workspace's artifacts are not rebuilt.

use std::path::Path;
use std::process::Command;

/// The compiler with the standard library's source (Debian's `rustc-web`).
const RUSTC: &str = "/usr/bin/rustc";
/// The largest WebAssembly module the site may ship.
const WASM_BUDGET: u64 = 6 << 20;

/// Runs one command, failing with its name when it does not succeed.
fn run(command: &mut Command) -> Result<(), String> {
    let shown = format!("{:?}", command.get_program());
    let status = command.status().map_err(|e| format!("starting {shown}: {e}"))?;
    match status.success() {
        true => Ok(()),
        false => Err(format!("{shown} failed ({status})")),
    }
}

/// A command's standard output.
fn output(command: &mut Command) -> Result<String, String> {
    let shown = format!("{:?}", command.get_program());
    let out = command.output().map_err(|e| format!("starting {shown}: {e}"))?;
    match out.status.success() {
        true => Ok(String::from_utf8_lossy(&out.stdout).into_owned()),
        false => Err(format!("{shown} failed ({})", out.status)),
    }
}

/// The major version of the LLVM that `rustc -vV` says it links.
fn llvm_major(version: &str) -> Option<&str> {
    let line = version.lines().find_map(|l| l.strip_prefix("LLVM version: "))?;
    line.split('.').next().filter(|major| !major.is_empty())
}

/// The version of `package` locked in `Cargo.lock`.
fn locked_version<'a>(lock: &'a str, package: &str) -> Option<&'a str> {
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == format!("name = \"{package}\"") {
            let version = lines.next()?.strip_prefix("version = \"")?;
            return version.strip_suffix('"');
        }
    }
    None
}

/// A page's or script's text as the static site serves it: the transport told it is on the
/// static site. (The pages link relatively already, so the same files work under `tabletop
/// serve` and from any folder of a file server.)
fn for_site(name: &str, text: &str) -> Result<String, String> {
    let marker = "const STATIC_SITE = false;";
    if name != "transport.js" {
        return Ok(text.to_owned());
    }
    if !text.contains(marker) {
        return Err(format!("transport.js has no `{marker}`"));
    }
    Ok(text.replace(marker, "const STATIC_SITE = true;"))
}

/// Copies the pages' assets (and their `samples/`) from `from` into `to`, as [`for_site`].
fn copy_assets(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("creating {}: {e}", to.display()))?;
    let entries = std::fs::read_dir(from).map_err(|e| format!("reading {}: {e}", from.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        let target = to.join(&name);
        if path.is_dir() {
            copy_assets(&path, &target)?;
        } else if name.ends_with(".html") || name.ends_with(".js") {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
            std::fs::write(&target, for_site(&name, &text)?)
                .map_err(|e| format!("writing {}: {e}", target.display()))?;
        } else {
            std::fs::copy(&path, &target).map_err(|e| format!("copying {}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// Builds `target/site/`.
pub fn main(args: &[String]) -> Result<bool, String> {
    if let Some(extra) = args.first() {
        return Err(format!("site takes no arguments, got `{extra}`"));
    }
    let root = crate::workspace_root();
    let version = output(Command::new(RUSTC).arg("-vV"))?;
    let major = llvm_major(&version).ok_or("`rustc -vV` names no LLVM version")?;
    let build = root.join("target/wasm-build");
    eprintln!("xtask: building tabletop-wasm for wasm32-unknown-unknown (LLVM {major})...");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run(Command::new(cargo.as_str())
        .current_dir(&root)
        .env("RUSTC", RUSTC)
        .env("RUSTDOC", "/usr/bin/rustdoc")
        .env("RUSTC_BOOTSTRAP", "1")
        .env(
            "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER",
            format!("wasm-ld-{major}"),
        )
        .env("CARGO_TARGET_DIR", &build)
        .args([
            "build",
            "--release",
            "--locked",
            "--target",
            "wasm32-unknown-unknown",
        ])
        .args(["-Z", "build-std=std,panic_abort", "--package", "tabletop-wasm"]))?;
    let lock =
        std::fs::read_to_string(root.join("Cargo.lock")).map_err(|e| format!("reading Cargo.lock: {e}"))?;
    let bindgen_version = locked_version(&lock, "wasm-bindgen").ok_or("Cargo.lock has no wasm-bindgen")?;
    let tools = root.join("target/site-tools");
    let bindgen = tools.join("bin/wasm-bindgen");
    let installed = output(Command::new(&bindgen).arg("--version")).unwrap_or_default();
    if !installed.trim_end().ends_with(bindgen_version) {
        // Not --locked: one of its locked dependencies is newer than the registry mirror
        // here; --debug installs in a fraction of the time, and its output is the same.
        run(Command::new(cargo.as_str())
            .args([
                "install",
                "wasm-bindgen-cli",
                "--debug",
                "--version",
                bindgen_version,
                "--root",
            ])
            .arg(&tools))?;
    }
    let site = root.join("target/site");
    if site.exists() {
        std::fs::remove_dir_all(&site).map_err(|e| format!("removing {}: {e}", site.display()))?;
    }
    copy_assets(&root.join("crates/serve/assets"), &site)?;
    // no-modules: a classic worker loads the glue with importScripts.
    run(Command::new(&bindgen)
        .args([
            "--target",
            "no-modules",
            "--no-typescript",
            "--out-name",
            "tabletop_wasm",
            "--out-dir",
        ])
        .arg(&site)
        .arg(build.join("wasm32-unknown-unknown/release/tabletop_wasm.wasm")))?;
    let wasm = site.join("tabletop_wasm_bg.wasm");
    let size = std::fs::metadata(&wasm)
        .map_err(|e| format!("{}: {e}", wasm.display()))?
        .len();
    let gzipped = output(
        Command::new("sh")
            .arg("-c")
            .arg("gzip -9 -c \"$0\" | wc -c")
            .arg(&wasm),
    )?;
    println!(
        "{}: {size} bytes, {} gzipped (budget {WASM_BUDGET})",
        wasm.display(),
        gzipped.trim()
    );
    if size > WASM_BUDGET {
        return Err(format!(
            "the module is {size} bytes, over the budget of {WASM_BUDGET}"
        ));
    }
    write_disk_scripts(&site)?;
    println!("serve it with any static file server, e.g. python3 -m http.server -d target/site, or open its pages from disk");
    Ok(true)
}

/// A file's text, failing with its name.
fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))
}

/// Writes `text` to `path`, failing with its name.
fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("writing {}: {e}", path.display()))
}

/// The classic scripts a page opened from disk (`file://`) loads instead of what Chromium
/// refuses there: the samples (`samples.js`, instead of `fetch`), and the worker's whole
/// source with the module in base64 (`worker-bundle.js`, run from a Blob, instead of a
/// worker script and a module by URL). Both are JSON values, which are JavaScript too.
fn write_disk_scripts(site: &Path) -> Result<(), String> {
    let folder = site.join("samples");
    let entries = std::fs::read_dir(&folder).map_err(|e| format!("reading {}: {e}", folder.display()))?;
    let mut samples = serde_json::Map::new();
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        samples.insert(format!("samples/{name}"), read(&path)?.into());
    }
    let samples = serde_json::Value::Object(samples);
    write(
        &site.join("samples.js"),
        &format!("// The samples, for pages opened from disk (made by cargo xtask site).\nself.TABLETOP_SAMPLES = {samples};\n"),
    )?;
    let base64 = output(
        Command::new("base64")
            .arg("-w0")
            .arg(site.join("tabletop_wasm_bg.wasm")),
    )?;
    let mut source = format!("const TABLETOP_WASM_BASE64 = \"{}\";\n", base64.trim());
    for script in ["measure.js", "tabletop_wasm.js", "worker.js"] {
        source += &read(&site.join(script))?;
        source.push('\n');
    }
    let source = serde_json::Value::String(source);
    write(
        &site.join("worker-bundle.js"),
        &format!("// The worker with its module, for pages opened from disk (made by cargo xtask site).\nself.TABLETOP_WORKER_SOURCE = {source};\n"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_llvm_major_and_a_locked_version_are_read() {
        assert_eq!(llvm_major("rustc 1.96.0\nLLVM version: 22.1.8\n"), Some("22"));
        assert_eq!(llvm_major("rustc 1.96.0\n"), None);
        let lock = "[[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.130\"\n";
        assert_eq!(locked_version(lock, "wasm-bindgen"), Some("0.2.130"));
        assert_eq!(locked_version(lock, "js-sys"), None);
    }

    #[test]
    fn the_transport_knows_the_site_and_pages_are_copied_as_they_are() {
        let page = r#"<a href="index.html">t</a><link href="style.css">"#;
        assert_eq!(for_site("race.html", page).ok().as_deref(), Some(page));
        let transport = for_site("transport.js", "const STATIC_SITE = false;\n");
        assert_eq!(transport.ok().as_deref(), Some("const STATIC_SITE = true;\n"));
        assert!(for_site("transport.js", "nothing").is_err());
    }

    /// Every link of the pages is relative (the API's paths aside, which the transport
    /// makes relative): the site works from any folder of a file server, and `tabletop
    /// serve` serves each page at its file name too.
    #[test]
    fn the_pages_link_relatively() {
        let assets = crate::workspace_root().join("crates/serve/assets");
        let mut absolute = Vec::new();
        for entry in std::fs::read_dir(&assets).into_iter().flatten().flatten() {
            let path = entry.path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_owned();
            if !(name.ends_with(".html") || name.ends_with(".js")) {
                continue;
            }
            let text = read(&path).unwrap_or_default();
            for (number, line) in text.lines().enumerate() {
                let line = line.replace("\"/api/", "");
                if ["=\"/", "(\"/", "\"/samples/", "url(/"]
                    .iter()
                    .any(|link| line.contains(link))
                {
                    absolute.push(format!("{name}:{}: {}", number + 1, line.trim()));
                }
            }
        }
        assert!(absolute.is_empty(), "absolute links:\n{}", absolute.join("\n"));
        assert!(assets.join("octal.html").exists());
    }
}

//! `cargo xtask msrv`: the workspace's `rust-version` must be at least the highest
//! `rust-version` of any locked dependency, or a build with the declared toolchain fails.
//!
//! Reads `cargo metadata` (offline, host platform only) with `serde_json`.

use std::fmt;
use std::path::Path;
use std::time::Duration;

use tabletop_stress::run::Command;

/// A Rust release `major.minor.patch` (missing parts count as 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct RustVersion(pub u64, pub u64, pub u64);

impl RustVersion {
    /// Parses `1.88`, `1.85.0`, ...
    pub fn parse(text: &str) -> Option<RustVersion> {
        let mut parts = text.trim().split('.').map(str::parse::<u64>);
        let major = parts.next()?.ok()?;
        let minor = parts.next().unwrap_or(Ok(0)).ok()?;
        let patch = parts.next().unwrap_or(Ok(0)).ok()?;
        parts.next().is_none().then_some(RustVersion(major, minor, patch))
    }
}

impl fmt::Display for RustVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RustVersion(major, minor, 0) => write!(f, "{major}.{minor}"),
            RustVersion(major, minor, patch) => write!(f, "{major}.{minor}.{patch}"),
        }
    }
}

/// A package of the lock file and the Rust version it declares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirement {
    /// Package name.
    pub name: String,
    /// Package version.
    pub version: String,
    /// Its `rust-version`.
    pub rust_version: RustVersion,
    /// A workspace member (a path package) rather than a registry dependency.
    pub member: bool,
}

/// Every package with a `rust-version` in `cargo metadata --format-version 1` output.
pub fn requirements(metadata: &str) -> Result<Vec<Requirement>, String> {
    let json: serde_json::Value =
        serde_json::from_str(metadata).map_err(|e| format!("cargo metadata is not JSON: {e}"))?;
    let packages = json
        .get("packages")
        .and_then(serde_json::Value::as_array)
        .ok_or("cargo metadata has no `packages` array")?;
    let mut found = Vec::new();
    for package in packages {
        let text = |key: &str| package.get(key).and_then(serde_json::Value::as_str);
        let Some(declared) = text("rust_version") else {
            continue;
        };
        let rust_version =
            RustVersion::parse(declared).ok_or_else(|| format!("unreadable rust_version {declared:?}"))?;
        found.push(Requirement {
            name: text("name").unwrap_or("?").to_owned(),
            version: text("version").unwrap_or("?").to_owned(),
            rust_version,
            member: package.get("source").is_some_and(serde_json::Value::is_null),
        });
    }
    Ok(found)
}

/// Runs `cargo metadata` for the workspace at `root`: offline and for the host platform
/// first (no download needed once the project has been built), online as a fallback.
pub fn metadata(root: &Path) -> Result<String, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let host = Command::new(rustc, ["-vV"])
        .timeout(TOOL_TIME_LIMIT)
        .run(b"")
        .ok()
        .and_then(|out| {
            out.stdout_text()
                .lines()
                .find_map(|l| l.strip_prefix("host: ").map(str::to_owned))
        })
        .ok_or("cannot ask rustc for the host platform")?;
    let mut last_error = String::new();
    for offline in [true, false] {
        let mut args = vec!["metadata", "--format-version", "1", "--filter-platform", &host];
        if offline {
            args.push("--offline");
        }
        let command = Command::new(cargo.as_str(), args)
            .current_dir(root)
            .timeout(TOOL_TIME_LIMIT);
        match command.run(b"") {
            Ok(out) if out.status.success() => return Ok(out.stdout_text()),
            Ok(out) => last_error = out.stderr_text(),
            Err(e) => last_error = e.to_string(),
        }
    }
    Err(format!("cargo metadata failed: {last_error}"))
}

/// Longer than `cargo metadata` takes even when it has to download the index.
const TOOL_TIME_LIMIT: Duration = Duration::from_secs(600);

/// The workspace's declared `rust-version` (the lowest among its members) and the locked
/// dependency needing the newest Rust.
pub fn required_rust_version(root: &Path) -> Result<(RustVersion, Requirement), String> {
    let all = requirements(&metadata(root)?)?;
    let declared = all
        .iter()
        .filter(|r| r.member)
        .map(|r| r.rust_version)
        .min()
        .ok_or("no workspace member declares a rust-version")?;
    let needed = all
        .into_iter()
        .filter(|r| !r.member)
        .max_by_key(|r| r.rust_version)
        .ok_or("no locked dependency declares a rust-version")?;
    Ok((declared, needed))
}

/// `cargo xtask msrv`: prints both versions; fails when the declared one is too low.
pub fn main(args: &[String]) -> Result<bool, String> {
    if let Some(arg) = args.first() {
        return Err(format!("msrv takes no arguments, got {arg}"));
    }
    let (declared, needed) = required_rust_version(&crate::workspace_root())?;
    println!("workspace rust-version: {declared}");
    println!(
        "highest locked dependency: {} {} needs {}",
        needed.name, needed.version, needed.rust_version
    );
    if declared < needed.rust_version {
        println!(
            "too low: set rust-version = \"{}\" in Cargo.toml",
            needed.rust_version
        );
        return Ok(false);
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse_and_order() {
        assert_eq!(RustVersion::parse("1.88"), Some(RustVersion(1, 88, 0)));
        assert_eq!(RustVersion::parse("1.85.1"), Some(RustVersion(1, 85, 1)));
        assert_eq!(RustVersion::parse("1.x"), None);
        assert_eq!(RustVersion::parse("1.2.3.4"), None);
        assert!(RustVersion(1, 9, 0) < RustVersion(1, 88, 0));
        assert_eq!(RustVersion(1, 88, 0).to_string(), "1.88");
    }

    #[test]
    fn requirements_are_read_from_metadata() {
        let metadata = r#"{"packages":[
            {"name":"tabletop","version":"0.1.0","source":null,"rust_version":"1.80","x":[1,2,{"a":"\"}"}]},
            {"name":"clap","version":"4.5.0","source":"registry+https://example","rust_version":"1.85"},
            {"name":"old","version":"1.0.0","source":"registry+https://example","rust_version":null},
            {"name":"esc\u00e9","version":"1","source":"registry","rust_version":"1.88.0"}
        ],"version":1}"#;
        let found = requirements(metadata).unwrap();
        let names: Vec<_> = found
            .iter()
            .map(|r| (r.name.as_str(), r.rust_version, r.member))
            .collect();
        assert_eq!(
            names,
            vec![
                ("tabletop", RustVersion(1, 80, 0), true),
                ("clap", RustVersion(1, 85, 0), false),
                ("escé", RustVersion(1, 88, 0), false),
            ]
        );
        assert!(requirements("{\"packages\":[").is_err());
        assert!(requirements("[]").is_err());
    }

    /// The check itself: fails as soon as a locked dependency needs a newer Rust than the
    /// workspace's `rust-version` says.
    #[test]
    fn workspace_rust_version_covers_every_locked_dependency() {
        let (declared, needed) = required_rust_version(&crate::workspace_root()).unwrap();
        assert!(
            declared >= needed.rust_version,
            "workspace rust-version {declared} is lower than {} {} needs ({}): raise it in Cargo.toml",
            needed.name,
            needed.version,
            needed.rust_version
        );
    }
}

//! What the tidy checks read of each workspace package, from `cargo metadata --no-deps`
//! (cargo's own reading of the manifests, workspace inheritance resolved).

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;
use tabletop_stress::run::Command;

/// Which table a dependency is declared in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DepKind {
    Normal,
    Dev,
    Build,
}

/// One declared dependency: the package it names and the name code uses for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dependency {
    /// The package (`tabletop-parse`), whatever the key it is declared under.
    pub package: String,
    /// The crate name in code (`tabletop_parse`, or the renamed key's).
    pub ident: String,
    pub kind: DepKind,
}

/// A package, reduced to what the checks read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manifest {
    pub package: String,
    /// The folder of its Cargo.toml.
    pub dir: PathBuf,
    /// Its `rust-version` (inherited from the workspace or not).
    pub rust_version: Option<String>,
    pub dependencies: Vec<Dependency>,
}

impl Manifest {
    /// One package object of `cargo metadata`.
    pub fn from_metadata(package: &Value) -> Manifest {
        let text = |value: &Value, key: &str| value.get(key).and_then(Value::as_str).map(str::to_owned);
        let dependencies = package
            .get("dependencies")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(|dependency| {
                let name = text(dependency, "name").unwrap_or_default();
                let key = text(dependency, "rename").unwrap_or_else(|| name.clone());
                let kind = match dependency.get("kind").and_then(Value::as_str) {
                    Some("dev") => DepKind::Dev,
                    Some("build") => DepKind::Build,
                    _ => DepKind::Normal,
                };
                Dependency {
                    ident: key.replace('-', "_"),
                    package: name,
                    kind,
                }
            })
            .collect();
        let manifest_path = text(package, "manifest_path").unwrap_or_default();
        Manifest {
            package: text(package, "name").unwrap_or_default(),
            dir: Path::new(&manifest_path)
                .parent()
                .unwrap_or(Path::new(""))
                .to_path_buf(),
            rust_version: text(package, "rust_version"),
            dependencies,
        }
    }
}

/// Every workspace member of the workspace at `root`, from `cargo metadata --no-deps`.
pub fn workspace(root: &Path) -> Vec<Manifest> {
    metadata(root, &[])
}

/// The packages of the manifest at `path` (a crate outside the workspace, with its own
/// `[workspace]`, such as the Python binding), from `cargo metadata --no-deps`.
pub fn outside(root: &Path, path: &Path) -> Vec<Manifest> {
    let path = path.to_string_lossy().into_owned();
    metadata(root, &["--manifest-path", &path])
}

fn metadata(root: &Path, extra: &[&str]) -> Vec<Manifest> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut args = vec!["metadata", "--format-version", "1", "--no-deps", "--offline"];
    args.extend_from_slice(extra);
    let output = Command::new(cargo, args)
        .current_dir(root)
        .timeout(Duration::from_secs(300))
        .run(b"")
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "cargo metadata: {}",
        output.stderr_text()
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("cargo metadata is JSON");
    metadata
        .get("packages")
        .and_then(Value::as_array)
        .expect("cargo metadata lists packages")
        .iter()
        .map(Manifest::from_metadata)
        .collect()
}

//! Just enough of Cargo.toml for the tidy checks: the package name and the declared
//! dependencies of each kind (standard library only, like the rest of xtask).

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
    /// The package (`tabletop-parse`), after `package = "..."` renames.
    pub package: String,
    /// The crate name in code (`tabletop_parse`).
    pub ident: String,
    pub kind: DepKind,
}

/// A crate's manifest, reduced to what the checks read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manifest {
    pub package: String,
    pub rust_version: Option<String>,
    pub dependencies: Vec<Dependency>,
}

impl Manifest {
    /// Reads `text` (a Cargo.toml). Tables other than `[package]` and the dependency tables
    /// (including `[target.'cfg(..)'.dependencies]`) are ignored.
    pub fn parse(text: &str) -> Manifest {
        let mut manifest = Manifest {
            package: String::new(),
            rust_version: None,
            dependencies: Vec::new(),
        };
        let mut table = String::new();
        for raw in text.lines() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.starts_with('[') {
                table = line.trim_matches(|c| c == '[' || c == ']').to_string();
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                continue;
            };
            let key = key.trim();
            let value = value.trim();
            if table == "package" {
                match key {
                    "name" => manifest.package = unquote(value),
                    "rust-version" if !value.contains("workspace") => {
                        manifest.rust_version = Some(unquote(value))
                    }
                    _ => {}
                }
                continue;
            }
            let kind = match table.rsplit('.').next().unwrap_or("") {
                "dependencies" => DepKind::Normal,
                "dev-dependencies" => DepKind::Dev,
                "build-dependencies" => DepKind::Build,
                _ => continue,
            };
            // `name.workspace = true` or `name = ...`.
            let name = key.split('.').next().unwrap_or(key).trim().to_string();
            let package = renamed_package(value).unwrap_or_else(|| name.clone());
            manifest.dependencies.push(Dependency {
                ident: name.replace('-', "_"),
                package,
                kind,
            });
        }
        manifest
    }
}

fn unquote(value: &str) -> String {
    value.trim().trim_matches('"').to_string()
}

/// `{ package = "real-name", ... }` names another package than the key.
fn renamed_package(value: &str) -> Option<String> {
    let start = value.find("package")?;
    let rest = value[start + "package".len()..].trim_start().strip_prefix('=')?;
    let rest = rest.trim_start().strip_prefix('"')?;
    Some(rest.split('"').next()?.to_string())
}

/// The `rust-version` of `[workspace.package]` in the root manifest.
pub fn workspace_rust_version(text: &str) -> Option<String> {
    let mut in_table = false;
    for raw in text.lines() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.starts_with('[') {
            in_table = line == "[workspace.package]";
        } else if in_table {
            if let Some(("rust-version", value)) = line.split_once('=').map(|(k, v)| (k.trim(), v)) {
                return Some(unquote(value));
            }
        }
    }
    None
}

//! The workspace's invariants, checked as ordinary tests (after rust-analyzer's `tidy.rs`), so
//! that `cargo test --workspace` fails the moment one is broken:
//!
//! - the crate graph follows the layers (engines never depend on `parse`, `render`, `stress`
//!   or the CLI, normal or dev, and on no other engine but `odds` on `boards`' board model,
//!   `octal` on `grundy`'s `Outcome`, and any engine on the stop-and-progress `control`;
//!   `parse` and `render` never on the CLI; nom only in `parse`, clap only in the CLI; front
//!   ends only through the application layer; xtask keeps to the short list
//!   [`XTASK_DEPENDENCIES`]; the test-support crate only as a dev-dependency);
//! - no crate declares a dependency its code never names;
//! - no non-test function is longer than [`LONGEST_FUNCTION`] lines;
//! - engines never print, read files or spawn processes;
//! - every crate has the workspace's one `rust-version` (whose value covers every locked
//!   dependency: that check lives in `xtask/src/msrv.rs`, run by the same
//!   `cargo test --workspace`);
//! - no non-test source file is longer than [`LONGEST_FILE`] lines;
//! - the maps stay true and short: every path written in backticks in ARCHITECTURE.md and
//!   docs/adding-a-game.md exists, ARCHITECTURE.md names every crate and keeps to
//!   [`LONGEST_ARCHITECTURE`] lines, docs/benchmarks.md to [`LONGEST_BENCHMARKS`];
//! - the games agree across layers (fixtures, CLI subcommands, server endpoints, the app:
//!   `tidy/games.rs`).
//!
//! The packages, their folders and dependencies come from `cargo metadata` (cargo's own
//! reading of the manifests); sources are tokenized by `proc-macro2`.
//!
//! Each check is a function from data to a list of violations, tested on broken samples below
//! the real checks, so a check that cannot fail would itself fail.

#[path = "tidy/circles.rs"]
mod circles;
#[path = "tidy/docs.rs"]
mod docs;
#[path = "tidy/games.rs"]
mod games;
#[path = "tidy/manifest.rs"]
mod manifest;
#[path = "tidy/scan.rs"]
mod scan;

use std::fs;
use std::path::{Path, PathBuf};

use manifest::{DepKind, Manifest};

/// The longest a non-test function may be, in lines from `fn` to its closing brace.
const LONGEST_FUNCTION: usize = 100;

/// The longest a non-test source file may be, in lines: past it a file holds several
/// concerns, one a file is easier to read.
const LONGEST_FILE: usize = 900;

/// ARCHITECTURE.md is a map: at most this many lines.
const LONGEST_ARCHITECTURE: usize = 200;

/// docs/benchmarks.md holds the current figures only (history is in git).
const LONGEST_BENCHMARKS: usize = 400;

/// The pages whose backticked repository paths must exist.
const MAPS: &[&str] = &["ARCHITECTURE.md", "docs/adding-a-game.md"];

/// Each workspace package and the workspace packages it may depend on. A package missing here
/// is itself a violation: a new crate must take its place in the layers.
const LAYERS: &[(&str, &[&str])] = &[
    // How a long computation is stopped and reports progress: below every engine.
    ("tabletop-control", &[]),
    ("tabletop-boards", &[]),
    // The odds engine analyses the board model of `boards`; nothing else.
    ("tabletop-odds", &["tabletop-boards", "tabletop-control"]),
    ("tabletop-grundy", &["tabletop-control"]),
    // Octal games share `Outcome` (who wins) with the graph games.
    ("tabletop-octal", &["tabletop-grundy", "tabletop-control"]),
    ("tabletop-pigs", &[]),
    (
        "tabletop-parse",
        &[
            "tabletop-boards",
            "tabletop-odds",
            "tabletop-grundy",
            "tabletop-octal",
            "tabletop-pigs",
        ],
    ),
    (
        "tabletop-render",
        &[
            "tabletop-boards",
            "tabletop-odds",
            "tabletop-grundy",
            "tabletop-octal",
            "tabletop-pigs",
        ],
    ),
    (
        "tabletop-app",
        &[
            "tabletop-boards",
            "tabletop-odds",
            "tabletop-grundy",
            "tabletop-octal",
            "tabletop-pigs",
            "tabletop-parse",
            "tabletop-render",
            "tabletop-control",
        ],
    ),
    // Front ends reach parsing and rendering only through the application layer; stress's
    // generators build the engines' typed inputs.
    (
        "tabletop-stress",
        &[
            "tabletop-app",
            "tabletop-boards",
            "tabletop-odds",
            "tabletop-grundy",
            "tabletop-octal",
            "tabletop-pigs",
        ],
    ),
    // The web front end: the application layer only (the judge comparison is the app's).
    ("tabletop-serve", &["tabletop-app"]),
    // The WebAssembly front end: the web front end's transport-free API, nothing else.
    ("tabletop-wasm", &["tabletop-app", "tabletop-serve"]),
    ("tabletop", &["tabletop-app", "tabletop-stress", "tabletop-serve"]),
    // The Python package (python/, its own workspace, built by maturin): a front end like
    // the CLI, never on parse, render or an engine directly.
    ("tabletop-python", &["tabletop-app", "tabletop-stress"]),
    ("xtask", &["tabletop-stress"]),
    // Test support: on the engines only, and only ever a dev-dependency (see TEST_SUPPORT).
    (
        "tabletop-testkit",
        &["tabletop-boards", "tabletop-grundy", "tabletop-pigs"],
    ),
];

/// The test-support crate: any package's tests may use it, no package's code.
const TEST_SUPPORT: &str = "tabletop-testkit";

/// Everything xtask may depend on, each for a reason given in `xtask/Cargo.toml`: it builds
/// before every `cargo xtask`, so its list stays short.
const XTASK_DEPENDENCIES: &[&str] = &["tabletop-stress", "serde_json", "proc-macro2"];

/// Outside crates only one workspace package may use: the package that owns that concern.
const OWNED_DEPENDENCIES: &[(&str, &str)] = &[
    ("nom", "tabletop-parse"),
    ("clap", "tabletop"),
    ("codespan-reporting", "tabletop-app"),
];

/// The engines: pure libraries (typed input, typed output, no I/O).
const ENGINES: &[&str] = &[
    "tabletop-control",
    "tabletop-boards",
    "tabletop-odds",
    "tabletop-grundy",
    "tabletop-octal",
    "tabletop-pigs",
];

/// A workspace package: its folder, manifest and Rust sources.
struct Package {
    dir: PathBuf,
    manifest: Manifest,
    /// Every `.rs` file under the package, with its text.
    sources: Vec<(PathBuf, String)>,
}

impl Package {
    /// Sources whose code builds the library or binary (not tests, benches or examples).
    fn product_sources(&self) -> impl Iterator<Item = &(PathBuf, String)> {
        self.sources.iter().filter(|(path, _)| {
            let relative = path.strip_prefix(&self.dir).unwrap_or(path);
            matches!(
                relative.components().next().and_then(|c| c.as_os_str().to_str()),
                Some("src" | "build.rs")
            )
        })
    }
}

fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

fn packages() -> Vec<Package> {
    let mut manifests = manifest::workspace(&workspace_root());
    manifests.sort_by(|a, b| a.dir.cmp(&b.dir));
    manifests
        .into_iter()
        .map(|manifest| {
            let mut sources = Vec::new();
            collect_sources(&manifest.dir, &mut sources);
            Package {
                dir: manifest.dir.clone(),
                manifest,
                sources,
            }
        })
        .collect()
}

fn collect_sources(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() && name != "target" && !name.starts_with('.') {
            collect_sources(&path, out);
        } else if name.ends_with(".rs") {
            if let Ok(text) = fs::read_to_string(&path) {
                out.push((path, text));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The checks: data in, violations out.

/// Workspace dependencies that leave a package's layer, and packages with no layer.
fn layer_violations(manifest: &Manifest) -> Vec<String> {
    let Some((_, allowed)) = LAYERS.iter().find(|(name, _)| *name == manifest.package) else {
        return vec![format!(
            "{}: not in the LAYERS table of xtask/tests/tidy.rs; give it a layer",
            manifest.package
        )];
    };
    let mut violations = Vec::new();
    for dependency in &manifest.dependencies {
        let internal = LAYERS.iter().any(|(name, _)| *name == dependency.package);
        let test_support = dependency.package == TEST_SUPPORT;
        if test_support && dependency.kind != DepKind::Dev {
            violations.push(format!(
                "{} depends ({:?}) on {TEST_SUPPORT}, which may only be a dev-dependency",
                manifest.package, dependency.kind
            ));
        }
        if internal && !test_support && !allowed.contains(&dependency.package.as_str()) {
            violations.push(format!(
                "{} depends ({:?}) on {}, which its layer forbids",
                manifest.package, dependency.kind, dependency.package
            ));
        }
        if let Some((_, owner)) = OWNED_DEPENDENCIES
            .iter()
            .find(|(dep, _)| *dep == dependency.package)
        {
            if *owner != manifest.package {
                violations.push(format!(
                    "{} uses {}, which only {owner} may use",
                    manifest.package, dependency.package
                ));
            }
        }
        if manifest.package == "xtask" && !XTASK_DEPENDENCIES.contains(&dependency.package.as_str()) {
            violations.push(format!(
                "xtask depends on {}: xtask keeps to XTASK_DEPENDENCIES (add it there, and its \
                 reason in xtask/Cargo.toml)",
                dependency.package
            ));
        }
    }
    violations
}

/// Declared dependencies that no source names. Normal and build dependencies must be named
/// by the product sources; dev-dependencies by any source (tests, benches, `#[cfg(test)]`).
fn unused_dependencies(manifest: &Manifest, product: &[&str], all: &[&str]) -> Vec<String> {
    manifest
        .dependencies
        .iter()
        .filter(|dependency| {
            let sources = if dependency.kind == DepKind::Dev {
                all
            } else {
                product
            };
            !sources.iter().any(|text| names_crate(text, &dependency.ident))
        })
        .map(|dependency| {
            format!(
                "{} declares {} ({:?}) but no source uses it",
                manifest.package, dependency.package, dependency.kind
            )
        })
        .collect()
}

/// Whether `text` names the crate `ident` as a path root (`ident::`), in a `use` or in an
/// `extern crate`.
fn names_crate(text: &str, ident: &str) -> bool {
    let tokens = scan::tokens(text);
    tokens.iter().enumerate().any(|(i, token)| {
        if token.kind != scan::Kind::Ident(ident.to_string()) {
            return false;
        }
        let previous = i.checked_sub(1).and_then(|p| tokens.get(p)).map(|t| &t.kind);
        let path_root = tokens.get(i + 1).map(|t| &t.kind) == Some(&scan::Kind::Punct(':'))
            && previous != Some(&scan::Kind::Punct(':'));
        let used = matches!(previous, Some(scan::Kind::Ident(w)) if w == "use" || w == "crate");
        path_root || used
    })
}

/// Non-test functions longer than [`LONGEST_FUNCTION`] lines in `source`.
fn long_functions(path: &str, source: &str) -> Vec<String> {
    scan::functions(&scan::tokens(source))
        .into_iter()
        .filter(|function| function.lines > LONGEST_FUNCTION)
        .map(|function| {
            format!(
                "{path}:{}: fn {} is {} lines long (at most {LONGEST_FUNCTION}); split it into named steps",
                function.line, function.name, function.lines
            )
        })
        .collect()
}

/// Printing, file access, process control or environment reads in engine code.
fn impure_calls(path: &str, source: &str) -> Vec<String> {
    const MACROS: &[&str] = &["print", "println", "eprint", "eprintln", "dbg"];
    const MODULES: &[&str] = &["fs", "process", "env", "net"];
    const IO: &[&str] = &["stdin", "stdout", "stderr"];
    let tokens = scan::non_test(&scan::tokens(source));
    let word = |i: usize| match tokens.get(i).map(|t| &t.kind) {
        Some(scan::Kind::Ident(w)) => Some(w.as_str()),
        _ => None,
    };
    let punct = |i: usize, c: char| tokens.get(i).map(|t| &t.kind) == Some(&scan::Kind::Punct(c));
    let mut found = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let Some(w) = word(i) else { continue };
        let after_std = i >= 3 && word(i - 3) == Some("std") && punct(i - 2, ':') && punct(i - 1, ':');
        let bad = (MACROS.contains(&w) && punct(i + 1, '!'))
            || (after_std && MODULES.contains(&w))
            || (IO.contains(&w) && punct(i + 1, '('));
        if bad {
            found.push(format!(
                "{path}:{}: engine code uses `{w}`: engines never print or do I/O",
                token.line
            ));
        }
    }
    found
}

/// Files of `package` that are test code: under tests/, benches/, examples/, or declared
/// behind `#[cfg(test)] mod name;`.
fn test_files(package: &Package) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for (path, text) in &package.sources {
        let relative = path.strip_prefix(&package.dir).unwrap_or(path);
        let top = relative
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .unwrap_or("");
        if matches!(top, "tests" | "benches" | "examples") {
            files.push(path.clone());
            continue;
        }
        let dir = path.parent().unwrap_or(Path::new(""));
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let children = if matches!(stem, "lib" | "main" | "mod") {
            dir.to_path_buf()
        } else {
            dir.join(stem)
        };
        for name in scan::test_module_files(&scan::tokens(text)) {
            files.push(children.join(format!("{name}.rs")));
            files.push(children.join(&name).join("mod.rs"));
        }
    }
    files
}

/// Crates without a `rust-version`, or with another one than the others: the workspace has
/// one, which `xtask/src/msrv.rs` checks against the locked dependencies.
fn rust_version_violations(manifests: &[Manifest]) -> Vec<String> {
    let mut versions: Vec<&str> = manifests
        .iter()
        .filter_map(|m| m.rust_version.as_deref())
        .collect();
    versions.sort_unstable();
    versions.dedup();
    let mut violations: Vec<String> = manifests
        .iter()
        .filter(|m| m.rust_version.is_none())
        .map(|m| {
            format!(
                "{} has no rust-version: set `rust-version.workspace = true`",
                m.package
            )
        })
        .collect();
    if versions.len() > 1 {
        violations.push(format!(
            "crates declare different rust-versions {versions:?}: take it from the workspace"
        ));
    }
    violations
}

/// Reports `violations` as one failure listing them all.
fn assert_none(what: &str, violations: Vec<String>) {
    assert!(violations.is_empty(), "{what}:\n  {}", violations.join("\n  "));
}

// ---------------------------------------------------------------------------------------------
// The real workspace.

#[test]
fn crate_graph_follows_the_layers() {
    let violations = packages()
        .iter()
        .flat_map(|p| layer_violations(&p.manifest))
        .collect();
    assert_none("crate graph", violations);
}

#[test]
fn every_declared_dependency_is_used() {
    let mut violations = Vec::new();
    for package in packages() {
        let product: Vec<&str> = package.product_sources().map(|(_, text)| text.as_str()).collect();
        let all: Vec<&str> = package.sources.iter().map(|(_, text)| text.as_str()).collect();
        violations.extend(unused_dependencies(&package.manifest, &product, &all));
    }
    assert_none("unused dependencies", violations);
}

#[test]
fn no_function_is_longer_than_the_limit() {
    let root = workspace_root();
    let mut violations = Vec::new();
    for package in packages() {
        let tests = test_files(&package);
        for (path, text) in package.sources.iter().filter(|(path, _)| !tests.contains(path)) {
            let shown = path.strip_prefix(&root).unwrap_or(path).display().to_string();
            violations.extend(long_functions(&shown, text));
        }
    }
    assert_none("long functions", violations);
}

#[test]
fn engines_never_print_or_do_io() {
    let root = workspace_root();
    let mut violations = Vec::new();
    for package in packages()
        .iter()
        .filter(|p| ENGINES.contains(&p.manifest.package.as_str()))
    {
        let tests = test_files(package);
        for (path, text) in package
            .product_sources()
            .filter(|(path, _)| !tests.contains(path))
        {
            let shown = path.strip_prefix(&root).unwrap_or(path).display().to_string();
            violations.extend(impure_calls(&shown, text));
        }
    }
    assert_none("impure engine code", violations);
}

/// The Python binding's manifest: outside the workspace (so that `cargo test --workspace`
/// needs no Python), checked here like a member.
const PYTHON_BINDING: &str = "python/Cargo.toml";

#[test]
fn the_python_binding_goes_through_the_application_layer() {
    let root = workspace_root();
    let manifests = manifest::outside(&root, &root.join(PYTHON_BINDING));
    assert_eq!(manifests.len(), 1, "one package in {PYTHON_BINDING}");
    let binding = &manifests[0];
    assert_eq!(binding.package, "tabletop-python");
    let mut sources = Vec::new();
    collect_sources(&binding.dir.join("src"), &mut sources);
    let texts: Vec<&str> = sources.iter().map(|(_, text)| text.as_str()).collect();
    let mut violations = layer_violations(binding);
    violations.extend(unused_dependencies(binding, &texts, &texts));
    for (path, text) in &sources {
        let shown = path.strip_prefix(&root).unwrap_or(path).display().to_string();
        violations.extend(long_functions(&shown, text));
    }
    violations.extend(rust_version_violations(&[
        binding.clone(),
        packages().remove(0).manifest,
    ]));
    assert_none("python binding", violations);
}

#[test]
fn every_crate_has_the_workspace_rust_version() {
    let manifests: Vec<Manifest> = packages().into_iter().map(|p| p.manifest).collect();
    assert_none("rust-version", rust_version_violations(&manifests));
}

// ---------------------------------------------------------------------------------------------
// The checks on broken samples: each must report what it guards against.

/// A package as `cargo metadata` describes it: `name`, then `kind key=package` per dependency
/// (`kind` is `normal`, `dev` or `build`; `key=` only for a renamed dependency).
fn manifest(name: &str, dependencies: &[&str]) -> Manifest {
    let dependencies: Vec<serde_json::Value> = dependencies
        .iter()
        .map(|spec| {
            let (kind, dependency) = spec.split_once(' ').unwrap_or(("normal", spec));
            let (rename, package) = match dependency.split_once('=') {
                Some((key, package)) => (serde_json::json!(key), package),
                None => (serde_json::Value::Null, dependency),
            };
            let kind = if kind == "normal" {
                serde_json::Value::Null
            } else {
                serde_json::json!(kind)
            };
            serde_json::json!({ "name": package, "rename": rename, "kind": kind })
        })
        .collect();
    Manifest::from_metadata(&serde_json::json!({
        "name": name,
        "manifest_path": format!("/sample/{name}/Cargo.toml"),
        "rust_version": "1.88",
        "dependencies": dependencies,
    }))
}

#[test]
fn an_engine_that_dev_depends_on_the_parser_is_caught() {
    let engine = manifest("tabletop-grundy", &["normal thiserror", "dev tabletop-parse"]);
    let violations = layer_violations(&engine);
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(violations[0].contains("tabletop-grundy depends (Dev) on tabletop-parse"));
}

#[test]
fn a_python_binding_on_the_parser_or_an_engine_is_caught() {
    let binding = manifest(
        "tabletop-python",
        &[
            "normal pyo3",
            "normal tabletop-app",
            "normal tabletop-parse",
            "normal tabletop-odds",
        ],
    );
    let violations = layer_violations(&binding);
    assert_eq!(violations.len(), 2, "{violations:?}");
    assert!(violations[0].contains("tabletop-python depends (Normal) on tabletop-parse"));
    assert!(violations[1].contains("on tabletop-odds"));
    let thin = manifest(
        "tabletop-python",
        &["normal pyo3", "normal tabletop-app", "normal tabletop-stress"],
    );
    assert_eq!(layer_violations(&thin), Vec::<String>::new());
}

#[test]
fn the_test_support_crate_is_a_dev_dependency_only() {
    let engine = manifest("tabletop-grundy", &["dev tabletop-testkit"]);
    assert_eq!(layer_violations(&engine), Vec::<String>::new());
    let render = manifest("tabletop-render", &["normal tabletop-testkit"]);
    let violations = layer_violations(&render);
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(
        violations[0].contains("may only be a dev-dependency"),
        "{violations:?}"
    );
}

#[test]
fn the_parser_depending_on_the_cli_and_nom_outside_the_parser_are_caught() {
    let parse = manifest("tabletop-parse", &["normal tabletop"]);
    assert_eq!(layer_violations(&parse).len(), 1);
    let pigs = manifest("tabletop-pigs", &["normal nom"]);
    assert!(layer_violations(&pigs)[0].contains("only tabletop-parse may use"));
    let unknown = manifest("tabletop-new", &[]);
    assert!(layer_violations(&unknown)[0].contains("not in the LAYERS table"));
    let xtask = manifest(
        "xtask",
        &["normal tabletop-stress", "normal regex", "dev serde_json"],
    );
    let violations = layer_violations(&xtask);
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(violations[0].contains("xtask depends on regex"), "{violations:?}");
    let xtask_on_the_cli = manifest("xtask", &["normal tabletop"]);
    assert_eq!(layer_violations(&xtask_on_the_cli).len(), 2);
}

#[test]
fn an_unused_dependency_is_caught_and_renames_are_followed() {
    let crate_manifest = manifest(
        "tabletop-pigs",
        &[
            "normal itertools",
            "normal thiserror",
            "normal num-traits",
            "dev rand",
            "dev fast=fastrand",
        ],
    );
    let product = ["#[derive(thiserror::Error)] struct E; use num_traits::Zero;\n// itertools::Itertools in a comment\nconst S: &str = \"itertools::join\";"];
    let all = [
        "#[derive(thiserror::Error)] struct E;",
        "use fast::Rng; fn main() { let x = other::rand::f(); }",
    ];
    let violations = unused_dependencies(&crate_manifest, &product, &all);
    assert_eq!(violations.len(), 2, "{violations:?}");
    assert!(violations[0].contains("declares itertools"));
    assert!(violations[1].contains("declares rand"));
}

#[test]
fn a_long_function_is_caught_but_test_code_is_not() {
    let body = "    let x = 1;\n".repeat(LONGEST_FUNCTION);
    let source = format!(
        "fn long() {{\n{body}}}\nfn short() {{ let s = \"}}\"; let c = '{{'; }}\n\
         #[cfg(test)]\nmod tests {{\n    fn long_helper() {{\n{body}    }}\n}}\n\
         #[test]\nfn long_test() {{\n{body}}}\nimpl<'a> X<'a> {{ pub fn method(&self) -> Vec<u8> {{\n{body}}} }}\n"
    );
    let violations = long_functions("sample.rs", &source);
    assert_eq!(violations.len(), 2, "{violations:?}");
    assert!(violations[0].starts_with("sample.rs:1: fn long is 102 lines"));
    assert!(violations[1].contains("fn method"));
}

#[test]
fn printing_and_io_in_an_engine_are_caught() {
    let source = "fn f() { println!(\"x\"); let _ = std::fs::read(\"a\"); let o = std::io::stdout(); }\n\
                  fn fine(w: &mut impl std::fmt::Write) { let _ = write!(w, \"print!\"); }\n\
                  #[cfg(test)] mod tests { fn g() { eprintln!(\"ok in tests\"); } }\n";
    let violations = impure_calls("engine.rs", source);
    assert_eq!(violations.len(), 3, "{violations:?}");
}

#[test]
fn the_scanner_counts_lines_through_strings_comments_and_raw_strings() {
    let source = "fn a() {\n  let s = r#\"{ \"quoted\" }\"#;\n  /* { */ // {\n  let c = b'}';\n}\nfn b<'a>(x: &'a str) -> impl Fn() -> u8 + 'a { || 1 }\ntrait T { fn c(&self); }\n";
    let functions = scan::functions(&scan::tokens(source));
    let summary: Vec<(String, usize, usize)> =
        functions.into_iter().map(|f| (f.name, f.line, f.lines)).collect();
    assert_eq!(summary, [("a".to_string(), 1, 5), ("b".to_string(), 6, 1)]);
}

#[test]
fn a_crate_without_the_workspace_rust_version_is_caught() {
    let mut own = manifest("tabletop-pigs", &[]);
    own.rust_version = Some("1.80".into());
    let mut none = manifest("xtask", &[]);
    none.rust_version = None;
    let violations = rust_version_violations(&[manifest("tabletop-grundy", &[]), own, none]);
    assert_eq!(violations.len(), 2, "{violations:?}");
    assert!(violations[0].contains("xtask has no rust-version"));
    assert!(violations[1].contains("different rust-versions [\"1.80\", \"1.88\"]"));
    assert!(rust_version_violations(&[manifest("tabletop-grundy", &[])]).is_empty());
}

#[test]
fn modules_declared_behind_cfg_test_are_test_files() {
    let tokens = scan::tokens("mod real;\n#[cfg(test)]\nmod tests;\n#[cfg(test)] pub mod oracle;\n");
    assert_eq!(scan::test_module_files(&tokens), ["tests", "oracle"]);
}

/// A package's sources under `src/` that are not test files, relative to it, with their text.
fn sources_under_src(package: &Package) -> Vec<(String, String)> {
    let src = package.dir.join("src");
    let tests = test_files(package);
    let mut files: Vec<(String, String)> = package
        .sources
        .iter()
        .filter(|(path, _)| !tests.contains(path))
        .filter_map(|(path, text)| {
            let relative = path.strip_prefix(&src).ok()?.to_str()?.replace('\\', "/");
            Some((relative, text.clone()))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn no_two_source_files_import_each_other_in_a_circle() {
    let root = workspace_root();
    let mut violations = Vec::new();
    for package in packages() {
        let folder = package
            .dir
            .strip_prefix(&root)
            .unwrap_or(&package.dir)
            .display()
            .to_string();
        for circle in circles::circles(&sources_under_src(&package)) {
            violations.push(format!("{folder}/src: {}", circle.join(" <-> ")));
        }
    }
    assert_none("import circles", violations);
}

#[test]
fn a_circle_of_any_length_is_caught_but_a_parent_declaring_its_child_is_not() {
    let file = |path: &str, text: &str| (path.to_string(), text.to_string());
    let sample = [
        file("lib.rs", "mod a;\nmod b;\nmod c;\npub mod tree;\n"),
        file("a.rs", "use crate::b::Thing;\n"),
        file("b.rs", "use crate::{c::Other, tree::leaf};\n"),
        file("c.rs", "fn f() -> crate::a::First { todo() }\n"),
        file(
            "tree/mod.rs",
            "pub mod leaf;\npub struct Root;\n#[cfg(test)]\nmod tests { use crate::tree::leaf::Leaf; }\n",
        ),
        file("tree/leaf.rs", "// use super::Root;\npub struct Leaf;\n"),
    ];
    assert_eq!(
        circles::circles(&sample),
        [vec!["a.rs".to_string(), "b.rs".into(), "c.rs".into()]]
    );
    // A child using its parent's items, with the parent using the child: a circle.
    let mut child_and_parent = sample.to_vec();
    child_and_parent[4] = file(
        "tree/mod.rs",
        "pub mod leaf;\npub use leaf::Leaf;\nfn g(_: self::leaf::Leaf, _: crate::tree::leaf::Leaf) {}\n",
    );
    child_and_parent[5] = file("tree/leaf.rs", "use super::super::tree::Root;\n");
    let found = circles::circles(&child_and_parent);
    assert!(
        found.contains(&vec!["tree/leaf.rs".to_string(), "tree/mod.rs".into()]),
        "{found:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// File sizes, the maps and the games across layers.

/// Non-test source files (relative path, line count) longer than [`LONGEST_FILE`].
fn long_files(files: &[(String, usize)]) -> Vec<String> {
    files
        .iter()
        .filter(|(_, lines)| *lines > LONGEST_FILE)
        .map(|(path, lines)| {
            format!("{path} is {lines} lines long (at most {LONGEST_FILE}): one concern a file")
        })
        .collect()
}

/// Every non-test source file of the workspace and of the Python binding, relative to the
/// root, with its line count.
fn source_file_lengths() -> Vec<(String, usize)> {
    let root = workspace_root();
    let shown = |path: &Path| path.strip_prefix(&root).unwrap_or(path).display().to_string();
    let mut files = Vec::new();
    for package in packages() {
        let tests = test_files(&package);
        for (path, text) in package.sources.iter().filter(|(path, _)| !tests.contains(path)) {
            files.push((shown(path), text.lines().count()));
        }
    }
    let mut binding = Vec::new();
    collect_sources(&root.join("python/src"), &mut binding);
    for (path, text) in &binding {
        files.push((shown(path), text.lines().count()));
    }
    files
}

/// A file of the repository, or a failure that names it.
fn read_repository_file(path: &str) -> String {
    fs::read_to_string(workspace_root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The repository's top-level folders (`crates`, `docs`, ...): a backticked text starting
/// with one of them and a slash is a path.
fn top_level_folders() -> Vec<String> {
    let Ok(entries) = fs::read_dir(workspace_root()) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().to_str().map(str::to_owned))
        .filter(|name| !name.starts_with('.') && name != "target")
        .collect()
}

/// The names a source file or folder of the repository lists, for the games check.
fn listed_games() -> Vec<(games::Layer, Vec<String>)> {
    let root = workspace_root();
    let names_in = |folder: &str| -> Vec<String> {
        let Ok(entries) = fs::read_dir(root.join(folder)) else {
            return Vec::new();
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let path = e.path();
                let name = path.file_name()?.to_str()?;
                if path.is_dir() {
                    Some(name.to_owned())
                } else {
                    name.strip_suffix(".rs").map(str::to_owned)
                }
            })
            .collect();
        names.sort();
        names
    };
    let app = read_repository_file("crates/app/src/lib.rs");
    let cli = read_repository_file("crates/cli/src/main.rs");
    vec![
        (games::Layer::Fixtures, names_in("fixtures")),
        (games::Layer::Subcommands, games::enum_variants(&cli, "Command")),
        (games::Layer::Endpoints, names_in("crates/serve/src/endpoints")),
        (games::Layer::AppModules, games::declared_modules(&app)),
        (games::Layer::JudgeGames, games::enum_variants(&app, "Game")),
    ]
}

#[test]
fn no_source_file_is_longer_than_the_limit() {
    assert_none("long files", long_files(&source_file_lengths()));
}

#[test]
fn every_path_the_maps_name_exists() {
    let root = workspace_root();
    let folders = top_level_folders();
    let roots: Vec<&str> = folders.iter().map(String::as_str).collect();
    let mut violations = Vec::new();
    for page in MAPS {
        let text = read_repository_file(page);
        violations.extend(docs::missing_paths(page, &text, &roots, |path| {
            root.join(path).exists()
        }));
    }
    assert_none("paths in the maps", violations);
}

#[test]
fn the_architecture_names_every_crate_and_the_maps_stay_short() {
    let root = workspace_root();
    let mut folders: Vec<String> = packages()
        .iter()
        .map(|p| p.dir.strip_prefix(&root).unwrap_or(&p.dir).display().to_string())
        .collect();
    folders.push("python".into());
    let folders: Vec<&str> = folders.iter().map(String::as_str).collect();
    let architecture = read_repository_file("ARCHITECTURE.md");
    let mut violations = docs::unnamed_crates("ARCHITECTURE.md", &architecture, &folders);
    violations.extend(docs::too_long(
        "ARCHITECTURE.md",
        &architecture,
        LONGEST_ARCHITECTURE,
    ));
    let benchmarks = read_repository_file("docs/benchmarks.md");
    violations.extend(docs::too_long(
        "docs/benchmarks.md",
        &benchmarks,
        LONGEST_BENCHMARKS,
    ));
    assert_none("the maps", violations);
}

#[test]
fn the_games_agree_across_layers() {
    let layers = listed_games();
    for (layer, names) in &layers {
        assert!(!names.is_empty(), "{layer:?}: no names read (did a file move?)");
    }
    assert_none("games across layers", games::violations(&layers));
}

#[test]
fn a_long_file_is_caught() {
    let files = [
        ("crates/a/src/long.rs".to_string(), LONGEST_FILE + 1),
        ("crates/a/src/fine.rs".to_string(), LONGEST_FILE),
    ];
    let violations = long_files(&files);
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(violations[0].starts_with("crates/a/src/long.rs is 901 lines"));
}

#[test]
fn a_missing_path_in_a_map_is_caught_but_not_placeholders_or_fenced_text() {
    let page = "See `crates/app/src/lib.rs` and `crates/gone/src/lib.rs`, the folder\n\
                `fixtures/` and `docs/rules/*.md`, `fixtures/<game>/`, `tabletop_app::judge`,\n\
                ``crates/double/`` and a span that `crosses\ndocs/lines`.\n\
                ```text\n`crates/fenced/src/lib.rs`\n```\n";
    let existing = ["crates/app/src/lib.rs", "fixtures"];
    let violations = docs::missing_paths("MAP.md", page, &["crates", "docs", "fixtures"], |p| {
        existing.contains(&p)
    });
    assert_eq!(
        violations,
        [
            "MAP.md names `crates/gone/src/lib.rs`, which does not exist",
            "MAP.md names `crates/double`, which does not exist",
        ]
    );
}

#[test]
fn an_unnamed_crate_and_a_long_page_are_caught() {
    let page = "- **`crates/app` (tabletop-app)**\n- **`xtask/`**: tasks\n- tabletop-parse in prose\n";
    let violations = docs::unnamed_crates("MAP.md", page, &["crates/app", "xtask", "crates/parse"]);
    assert_eq!(violations, ["MAP.md never names the crate `crates/parse`"]);
    assert_eq!(docs::too_long("MAP.md", page, 3), Vec::<String>::new());
    assert_eq!(docs::too_long("MAP.md", page, 2).len(), 1);
}

#[test]
fn a_game_missing_from_a_layer_or_unknown_to_it_is_caught() {
    let cli = "#[derive(Subcommand)]\nenum Command {\n    /// A game.\n    Chutes(chutes::Args),\n    \
               Snakes(snakes::Args),\n    Grundy { x: u8 },\n    Pigs(pigs::Args),\n    Odds(a::B),\n    \
               #[cfg(feature = \"serve\")]\n    Serve(serve::Args),\n    NewGame(new::Args),\n}\n\
               enum Other { Octal }\n";
    let subcommands = games::enum_variants(cli, "Command");
    assert_eq!(
        subcommands,
        ["chutes", "snakes", "grundy", "pigs", "odds", "serve", "new-game"]
    );
    let app = "pub mod chutes;\nmod source;\n#[cfg(test)]\nmod tests;\npub mod snakes { }\n";
    assert_eq!(games::declared_modules(app), ["chutes", "source", "tests"]);
    let all = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    let violations = games::violations(&[
        (games::Layer::Subcommands, subcommands),
        (
            games::Layer::AppModules,
            all(&["chutes", "snakes", "grundy", "pigs", "odds", "octal", "views"]),
        ),
        (
            games::Layer::JudgeGames,
            all(&["chutes", "snakes", "grundy", "pigs", "octal"]),
        ),
    ]);
    assert_eq!(
        violations,
        [
            "Subcommands lacks the game `octal` (or list why in ABSENT)",
            "Subcommands lists `new-game`, which is no game of GAMES (nor of NOT_GAMES)",
            "JudgeGames has `octal`: remove it from ABSENT",
        ]
    );
}

//! An ICPC/Kattis problem package (problem-package-format 2025-09 and the legacy layout) as
//! a stress test's reference, validators and judge.
//!
//! - `problem.yaml`: `validator_flags` (legacy) with `float_tolerance E`,
//!   `float_absolute_tolerance E` or `float_relative_tolerance E` for the default
//!   validation; the same words in `output_validator_args` (2025-09) or
//!   `output_validator_flags` of `data/test_group.yaml` or `data/testdata.yaml`.
//! - `input_validators/`: every program in it (a file or a folder) must accept an input
//!   (exit 42, or 0).
//! - `output_validator/` (2025-09: the folder is the program) or `output_validators/`
//!   (legacy: the first program in it), run as `validator input answer feedback_dir < output`.
//! - `submissions/accepted/`: its first program (in name order) is the reference.
//! - `type: interactive` in `problem.yaml` (2023-07 and later; legacy: `validation: custom
//!   interactive`): the output validator is the interactor ([`crate::interact`]).
//!
//! A program is a `.py` file (run with `python3`), a `.cpp` file (compiled once with
//! `g++ -O2`, the binary cached by the source's content), an executable file, or a folder:
//! its `run` executable, else its `.cpp` files compiled together, else its `main.py` or its
//! first `.py` file.
//!
//! ```no_run
//! use tabletop_stress::package::Package;
//! let package = Package::open("problems/maxsub".as_ref())?;
//! println!("reference: {}", package.reference.display());
//! # Ok::<(), tabletop_stress::package::PackageError>(())
//! ```

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use yaml_rust2::{Yaml, YamlLoader};

use crate::compare::{is_executable, Compare};
use crate::interact::{Convention, Interactor};
use crate::run::Command;

/// A problem package, read.
#[derive(Debug, Clone)]
pub struct Package {
    /// Its folder.
    pub dir: PathBuf,
    /// The first accepted submission.
    pub reference: Command,
    /// The input validators.
    pub validators: Vec<Command>,
    /// The judge: the output validator, or the default validation (with a float tolerance).
    pub compare: Compare,
    /// Whether problem.yaml says `type: interactive` (or, legacy, `validation: custom
    /// interactive`): the output validator is then the interactor.
    pub interactive: bool,
}

/// What is wrong with a package.
#[derive(Debug, thiserror::Error)]
pub enum PackageError {
    /// A file or folder could not be read or written.
    #[error("{}: {error}", path.display())]
    Io {
        /// Which.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// Something the package needs is not there.
    #[error("{}: {what}", path.display())]
    Missing {
        /// Where it was looked for.
        path: PathBuf,
        /// What is missing.
        what: String,
    },
    /// A YAML file that is not valid YAML, or a flag that is not understood.
    #[error("{}: {message}", path.display())]
    Yaml {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A `.cpp` program did not compile.
    #[error("{}: g++ -O2 failed: {message}", path.display())]
    Build {
        /// The source.
        path: PathBuf,
        /// The start of the compiler's message.
        message: String,
    },
    /// A case of that name is already in the package.
    #[error("{}: already exists; choose another --add-case name", path.display())]
    CaseExists {
        /// The file.
        path: PathBuf,
    },
    /// A case name that is not a plain file name.
    #[error("`{name}` is not a case name: letters, digits, `-`, `_` and `.` only")]
    BadName {
        /// The name given.
        name: String,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> PackageError + '_ {
    move |error| PackageError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// The entries of `dir`, in name order (hidden ones left out).
fn entries(dir: &Path) -> Result<Vec<PathBuf>, PackageError> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io(dir))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            !path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    paths.sort();
    Ok(paths)
}

fn extension(path: &Path) -> Option<&str> {
    path.extension().and_then(|e| e.to_str())
}

/// Whether `path` is something [`program`] can run.
fn is_program(path: &Path) -> bool {
    path.is_dir() || matches!(extension(path), Some("py" | "cpp")) || is_executable(path)
}

/// Where compiled programs are kept: one binary per source content, reused across runs.
fn build_cache() -> PathBuf {
    std::env::temp_dir().join("tabletop-stress-build")
}

/// Compiles `sources` once with `g++ -O2` (a binary named by their content is reused).
fn compile(sources: &[PathBuf]) -> Result<PathBuf, PackageError> {
    let first = sources.first().cloned().unwrap_or_default();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for source in sources {
        std::fs::read(source).map_err(io(source))?.hash(&mut hasher);
    }
    let cache = build_cache();
    std::fs::create_dir_all(&cache).map_err(io(&cache))?;
    let binary = cache.join(format!("{:016x}", hasher.finish()));
    if is_executable(&binary) {
        return Ok(binary);
    }
    // Built under a name of its own, then renamed: two stress tests building the same
    // source at once never run a half-written binary.
    let partial = tempfile::Builder::new()
        .prefix("building")
        .tempfile_in(&cache)
        .map_err(io(&cache))?
        .into_temp_path();
    let mut args = vec!["-O2".to_string(), "-o".into(), partial.display().to_string()];
    args.extend(sources.iter().map(|s| s.display().to_string()));
    let built = Command::new("g++", args)
        .timeout(std::time::Duration::from_secs(300))
        .run(b"")
        .map_err(io(Path::new("g++")))?;
    if !built.status.success() {
        let message = built.stderr_text();
        return Err(PackageError::Build {
            path: first,
            message: message.lines().take(5).collect::<Vec<_>>().join("\n"),
        });
    }
    partial.persist(&binary).map_err(|e| PackageError::Io {
        path: binary.clone(),
        error: e.error,
    })?;
    Ok(binary)
}

/// The command that runs the program at `path` (see the module's documentation).
///
/// # Errors
/// A folder with nothing to run, a file that is not a program, or a failed compilation.
pub fn program(path: &Path) -> Result<Command, PackageError> {
    let shown = path.display().to_string();
    if path.is_dir() {
        let run = path.join("run");
        if is_executable(&run) {
            return Ok(Command::new(run.display().to_string(), Vec::<String>::new()).current_dir(path));
        }
        let inside = entries(path)?;
        let cpp: Vec<PathBuf> = inside
            .iter()
            .filter(|p| extension(p) == Some("cpp"))
            .cloned()
            .collect();
        if !cpp.is_empty() {
            return Ok(Command::new(
                compile(&cpp)?.display().to_string(),
                Vec::<String>::new(),
            ));
        }
        let main = path.join("main.py");
        let python = if main.is_file() {
            Some(main)
        } else {
            inside.into_iter().find(|p| extension(p) == Some("py"))
        };
        return python
            .map(|py| Command::new("python3", [py.display().to_string()]))
            .ok_or_else(|| PackageError::Missing {
                path: path.to_path_buf(),
                what: "no program in this folder (a `run` executable, .cpp files or a .py file)".into(),
            });
    }
    match extension(path) {
        Some("py") => Ok(Command::new("python3", [shown])),
        Some("cpp") => Ok(Command::new(
            compile(&[path.to_path_buf()])?.display().to_string(),
            Vec::<String>::new(),
        )),
        _ if is_executable(path) => Ok(Command::new(shown, Vec::<String>::new())),
        _ => Err(PackageError::Missing {
            path: path.to_path_buf(),
            what: "not a program (a .py or .cpp file, an executable or a folder)".into(),
        }),
    }
}

/// The programs in `dir`, each entry one program.
fn programs(dir: &Path) -> Result<Vec<Command>, PackageError> {
    entries(dir)?
        .iter()
        .filter(|p| is_program(p))
        .map(|p| program(p))
        .collect()
}

/// The words of a flags value: a string of words, or a list of strings or numbers.
fn words(value: &Yaml) -> Option<Vec<String>> {
    match value {
        Yaml::String(text) => Some(text.split_whitespace().map(str::to_string).collect()),
        Yaml::Array(items) => items
            .iter()
            .map(|item| match item {
                Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
                Yaml::Integer(i) => Some(i.to_string()),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// The output-validation words of one YAML file under any of `keys` (`None`: no such file).
fn flags_in(path: &Path, keys: &[&str]) -> Result<Option<Vec<String>>, PackageError> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Ok(None);
    };
    let bad = |message: String| PackageError::Yaml {
        path: path.to_path_buf(),
        message,
    };
    let documents = YamlLoader::load_from_str(&text).map_err(|e| bad(e.to_string()))?;
    let Some(document) = documents.first() else {
        return Ok(None);
    };
    for key in keys {
        let value = &document[*key];
        if value.is_badvalue() || value.is_null() {
            continue;
        }
        return words(value)
            .map(Some)
            .ok_or_else(|| bad(format!("`{key}` is not a string or a list of words")));
    }
    Ok(None)
}

/// The default validation of these flags: the judge comparison, or floats with tolerances.
/// Whether `problem.yaml` makes the problem interactive: `type` holds the word
/// `interactive` (a string or a list, 2023-07 and later), or `validation` does (legacy).
fn is_interactive(path: &Path) -> Result<bool, PackageError> {
    Ok(flags_in(path, &["type"])?
        .into_iter()
        .chain(flags_in(path, &["validation"])?)
        .flatten()
        .any(|word| word == "interactive"))
}

fn default_compare(flags: &[String], path: &Path) -> Result<Compare, PackageError> {
    let (mut absolute, mut relative) = (None, None);
    let mut words = flags.iter();
    while let Some(word) = words.next() {
        let mut value = || -> Result<f64, PackageError> {
            words
                .next()
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| PackageError::Yaml {
                    path: path.to_path_buf(),
                    message: format!("`{word}` needs a tolerance, a number at least 0"),
                })
        };
        match word.as_str() {
            "float_tolerance" => {
                let eps = value()?;
                (absolute, relative) = (Some(eps), Some(eps));
            }
            "float_absolute_tolerance" => absolute = Some(value()?),
            "float_relative_tolerance" => relative = Some(value()?),
            // Case and space sensitivity: the judge comparison is already strict.
            _ => {}
        }
    }
    Ok(match (absolute, relative) {
        (None, None) => Compare::Judge,
        (absolute, relative) => Compare::Float {
            absolute: absolute.unwrap_or(0.0),
            relative: relative.unwrap_or(0.0),
        },
    })
}

impl Package {
    /// Reads the package in `dir` (compiling its C++ programs once).
    ///
    /// # Errors
    /// No accepted submission, a YAML file that cannot be read, a program that cannot be
    /// built.
    pub fn open(dir: &Path) -> Result<Package, PackageError> {
        if !dir.is_dir() {
            return Err(PackageError::Missing {
                path: dir.to_path_buf(),
                what: "not a folder: a problem package is a folder with problem.yaml".into(),
            });
        }
        let accepted = dir.join("submissions/accepted");
        let first = entries(&accepted)?
            .into_iter()
            .find(|p| is_program(p))
            .ok_or_else(|| PackageError::Missing {
                path: accepted.clone(),
                what: "no accepted submission to be the reference".into(),
            })?;
        let reference = program(&first)?;
        let inputs = dir.join("input_validators");
        let validators = if inputs.is_dir() {
            programs(&inputs)?
        } else {
            Vec::new()
        };
        let compare = if dir.join("output_validator").is_dir() {
            Compare::OutputValidator(program(&dir.join("output_validator"))?)
        } else if dir.join("output_validators").is_dir() {
            let legacy = dir.join("output_validators");
            let validator = programs(&legacy)?
                .into_iter()
                .next()
                .ok_or_else(|| PackageError::Missing {
                    path: legacy,
                    what: "no program in it".into(),
                })?;
            Compare::OutputValidator(validator)
        } else {
            let yaml = dir.join("problem.yaml");
            let mut flags = flags_in(&yaml, &["validator_flags"])?.map(|f| (f, yaml));
            for name in ["data/test_group.yaml", "data/testdata.yaml"] {
                if flags.is_none() {
                    let path = dir.join(name);
                    flags = flags_in(&path, &["output_validator_args", "output_validator_flags"])?
                        .map(|f| (f, path));
                }
            }
            match flags {
                Some((flags, path)) => default_compare(&flags, &path)?,
                None => Compare::Judge,
            }
        };
        let interactive = is_interactive(&dir.join("problem.yaml"))?;
        if interactive && !matches!(compare, Compare::OutputValidator(_)) {
            return Err(PackageError::Missing {
                path: dir.join("output_validator"),
                what: "an interactive problem needs its output validator: it is the interactor".into(),
            });
        }
        Ok(Package {
            dir: dir.to_path_buf(),
            reference,
            validators,
            compare,
            interactive,
        })
    }

    /// For an interactive problem, its output validator as the interactor.
    pub fn interactor(&self) -> Option<Interactor> {
        match (&self.compare, self.interactive) {
            (Compare::OutputValidator(command), true) => Some(Interactor {
                command: command.clone(),
                convention: Convention::Kattis,
            }),
            _ => None,
        }
    }

    /// The paths `data/secret/NAME.in` and `NAME.ans` of a case [`Package::add_case`] may
    /// add: checked before a stress run, so that a name it would refuse is refused first.
    ///
    /// # Errors
    /// A name that is not a plain file name, or a case of that name already there.
    pub fn new_case(&self, name: &str) -> Result<(PathBuf, PathBuf), PackageError> {
        let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
        if name.is_empty() || name.starts_with('.') || !name.chars().all(plain) {
            return Err(PackageError::BadName {
                name: name.to_string(),
            });
        }
        let secret = self.dir.join("data/secret");
        let paths = (
            secret.join(format!("{name}.in")),
            secret.join(format!("{name}.ans")),
        );
        for path in [&paths.0, &paths.1] {
            if path.exists() {
                return Err(PackageError::CaseExists { path: path.clone() });
            }
        }
        Ok(paths)
    }

    /// Writes `input` as `data/secret/NAME.in` and `answer` as `NAME.ans`; both paths.
    ///
    /// # Errors
    /// A name that is not a plain file name, a case of that name already there, or a write
    /// that fails.
    pub fn add_case(
        &self,
        name: &str,
        input: &str,
        answer: &str,
    ) -> Result<(PathBuf, PathBuf), PackageError> {
        let (input_path, answer_path) = self.new_case(name)?;
        let secret = self.dir.join("data/secret");
        std::fs::create_dir_all(&secret).map_err(io(&secret))?;
        std::fs::write(&input_path, input).map_err(io(&input_path))?;
        std::fs::write(&answer_path, answer).map_err(io(&answer_path))?;
        Ok((input_path, answer_path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn legacy_and_2025_float_tolerances() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(&root.join("submissions/accepted/a.py"), "print(1)\n");
        write(
            &root.join("problem.yaml"),
            "name: x\nvalidator_flags: float_tolerance 1e-4\n",
        );
        let legacy = Package::open(root).unwrap();
        assert!(
            matches!(legacy.compare, Compare::Float { absolute, relative } if absolute == 1e-4 && relative == 1e-4)
        );
        assert_eq!(
            legacy.reference.args.last().map(|a| a.ends_with("a.py")),
            Some(true)
        );
        write(
            &root.join("problem.yaml"),
            "problem_format_version: 2025-09\nname: x\n",
        );
        write(
            &root.join("data/test_group.yaml"),
            "output_validator_args: [float_relative_tolerance, 1e-6]\n",
        );
        let modern = Package::open(root).unwrap();
        assert!(
            matches!(modern.compare, Compare::Float { absolute, relative } if absolute == 0.0 && relative == 1e-6)
        );
        write(
            &root.join("data/test_group.yaml"),
            "output_validator_args: [float_tolerance]\n",
        );
        assert!(Package::open(root).is_err());
        write(&root.join("problem.yaml"), "name: [unclosed\n");
        assert!(matches!(Package::open(root), Err(PackageError::Yaml { .. })));
    }

    /// `type: interactive` (2023-07 and later, also in a list) or the legacy `validation:
    /// custom interactive` makes the output validator the interactor; an interactive problem
    /// without one is refused.
    #[test]
    fn interactive_packages_old_and_new() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(&root.join("submissions/accepted/a.py"), "print(1)\n");
        write(&root.join("problem.yaml"), "name: x\ntype: interactive\n");
        assert!(matches!(Package::open(root), Err(PackageError::Missing { .. })));
        write(&root.join("output_validators/v/v.py"), "exit(42)\n");
        for yaml in [
            "name: x\ntype: interactive\n",
            "name: x\ntype: [pass-fail, interactive]\n",
            "name: x\nvalidation: custom interactive\n",
        ] {
            write(&root.join("problem.yaml"), yaml);
            let package = Package::open(root).unwrap();
            let interactor = package.interactor().expect(yaml);
            assert_eq!(interactor.convention, Convention::Kattis);
            assert!(
                interactor.command.args.last().unwrap().ends_with("v.py"),
                "{yaml}"
            );
        }
        write(&root.join("problem.yaml"), "name: x\nvalidation: custom\n");
        let package = Package::open(root).unwrap();
        assert!(!package.interactive && package.interactor().is_none());
    }

    #[test]
    fn missing_reference_and_case_names() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(Package::open(dir.path()), Err(PackageError::Io { .. })));
        write(&dir.path().join("submissions/accepted/notes.txt"), "");
        assert!(matches!(
            Package::open(dir.path()),
            Err(PackageError::Missing { .. })
        ));
        write(&dir.path().join("submissions/accepted/b.py"), "");
        let package = Package::open(dir.path()).unwrap();
        assert!(matches!(
            package.add_case("../x", "", ""),
            Err(PackageError::BadName { .. })
        ));
        let (input, answer) = package.add_case("small", "1\n", "2\n").unwrap();
        assert_eq!(std::fs::read_to_string(input).unwrap(), "1\n");
        assert_eq!(std::fs::read_to_string(answer).unwrap(), "2\n");
        assert!(matches!(
            package.add_case("small", "", ""),
            Err(PackageError::CaseExists { .. })
        ));
    }
}

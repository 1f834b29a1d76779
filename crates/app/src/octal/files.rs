//! The files of a long octal run: the values file that holds what memory does not, the
//! checkpoint a stopped run goes on from, and the checks that a run's file fits on its disk.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use tabletop_octal::{Computation, HistoryLayout, OctalCode, Options};
use tabletop_parse::ParseError;

#[cfg(not(target_arch = "wasm32"))]
use super::history::FileHistory;
use super::history::HistoryHealth;
use super::Request;
use crate::{Failure, Problem, Source};

/// Whether a run to `G(n)` keeps the values it no longer needs in a file (not in
/// WebAssembly, which has no files: there every value is held, under the memory cap).
fn keeps_a_file(n: u64, layout: &HistoryLayout) -> bool {
    cfg!(not(target_arch = "wasm32")) && n >= layout.from as u64
}

/// Refuses up front a run whose values file would not fit on its disk: at least a byte per
/// heap (values take 1 byte while they fit, then 2 or 4), in the checkpoint's folder or the
/// temporary folder.
pub(super) fn check_disk(n: u64, checkpoint: Option<&Path>, label: &str) -> Result<(), Failure> {
    let folder = match checkpoint.and_then(Path::parent) {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        Some(_) => PathBuf::from("."),
        None => std::env::temp_dir(),
    };
    let Some(free) = free_bytes(&folder) else {
        return Ok(());
    };
    let needed = n.saturating_add(1);
    if needed > free {
        let gib = |bytes: u64| bytes as f64 / (1u64 << 30) as f64;
        return Err(Failure::invalid(Problem::unlocated(
            label,
            format!(
                "computing G(0..={n}) keeps at least {:.1} GiB of values in a file in {}, which has {:.1} GiB free; ask for fewer heaps",
                gib(needed),
                folder.display(),
                gib(free)
            ),
        )));
    }
    Ok(())
}

/// The bytes free for this user on the disk of `folder` (`None` when not known).
#[cfg(unix)]
fn free_bytes(folder: &Path) -> Option<u64> {
    let stats = rustix::fs::statvfs(folder).ok()?;
    Some(stats.f_bavail.saturating_mul(stats.f_frsize))
}

#[cfg(not(unix))]
fn free_bytes(_: &Path) -> Option<u64> {
    None
}

/// The values file kept beside a checkpoint.
pub fn values_file(checkpoint: &Path) -> PathBuf {
    let mut name = checkpoint.as_os_str().to_owned();
    name.push(".values");
    PathBuf::from(name)
}

/// The computation `request` asks for, from its checkpoint if any, and the health of the
/// file it keeps values in (when `file`).
fn start(
    code: &OctalCode,
    n: u64,
    request: &Request,
    file: bool,
) -> Result<(Computation, Option<HistoryHealth>), Failure> {
    // The memory cap keeps n far below usize::MAX.
    let n = n as usize;
    let Some(path) = &request.resume else {
        let mut run = Computation::new(code, n, Options::default());
        let health = match file {
            true => Some(keep_values(&mut run, request)?),
            false => None,
        };
        return Ok((run, health));
    };
    let name = path.display().to_string();
    let bytes =
        std::fs::read(path).map_err(|e| Failure::io(name.clone(), Some("cannot read the checkpoint"), &e))?;
    let refused = |error: tabletop_octal::CheckpointError| {
        let source = Source::new(name.clone(), bytes.clone());
        Failure::invalid(source.problem(&ParseError {
            span: error.span.clone(),
            message: format!("not a checkpoint to go on from: {}", error.message),
        }))
    };
    let handed = Computation::history_length(code, &bytes).map_err(refused)?;
    if handed == 0 {
        let mut run = Computation::resume(code, n, true, &bytes).map_err(refused)?;
        run.set_largest_heap(n);
        let health = match file {
            true => Some(keep_values(&mut run, request)?),
            false => None,
        };
        return Ok((run, health));
    }
    let (history, health) = reopen_values(path, request.checkpoint.as_deref(), handed)?;
    let layout = request.layout();
    let mut run =
        Computation::resume_with_history(code, n, true, &bytes, history, layout).map_err(refused)?;
    run.set_largest_heap(n);
    Ok((run, Some(health)))
}

/// Gives `run` a file for the values it no longer needs: beside `checkpoint` when there is
/// one (so that a resume finds them), else an unnamed temporary file.
#[cfg(not(target_arch = "wasm32"))]
fn keep_values(run: &mut Computation, request: &Request) -> Result<HistoryHealth, Failure> {
    let (history, health) = match request.checkpoint.as_deref() {
        Some(path) => {
            let values = values_file(path);
            FileHistory::create(&values).map_err(|e| keep_failure(&values.display().to_string(), &e))?
        }
        None => FileHistory::temporary().map_err(|e| keep_failure("<temporary file>", &e))?,
    };
    run.set_history(Box::new(history), request.layout());
    Ok(health)
}

#[cfg(target_arch = "wasm32")]
fn keep_values(_: &mut Computation, _: &Request) -> Result<HistoryHealth, Failure> {
    Err(Failure::resource("WebAssembly has no files to keep values in"))
}

/// The values file of the checkpoint `resumed` cut to its first `handed` values; copied
/// first beside `checkpoint` when the run is saved elsewhere from now on.
#[cfg(not(target_arch = "wasm32"))]
fn reopen_values(
    resumed: &Path,
    checkpoint: Option<&Path>,
    handed: usize,
) -> Result<(Box<dyn tabletop_octal::History>, HistoryHealth), Failure> {
    let source = values_file(resumed);
    let target = checkpoint.map_or_else(|| source.clone(), values_file);
    let name = target.display().to_string();
    if target != source {
        std::fs::copy(&source, &target).map_err(|e| {
            Failure::io(
                source.display().to_string(),
                Some(&format!("cannot copy the values file to {name}")),
                &e,
            )
        })?;
    }
    let (history, health) = FileHistory::reopen(&target, handed).map_err(|e| keep_failure(&name, &e))?;
    Ok((Box::new(history), health))
}

#[cfg(target_arch = "wasm32")]
fn reopen_values(
    resumed: &Path,
    _: Option<&Path>,
    _: usize,
) -> Result<(Box<dyn tabletop_octal::History>, HistoryHealth), Failure> {
    Err(Failure::Io(crate::IoFailure {
        subject: Some(resumed.display().to_string()),
        message: "this checkpoint's values are in a file, which WebAssembly cannot read".into(),
        kind: None,
    }))
}

/// A values file that cannot be made or read.
#[cfg(not(target_arch = "wasm32"))]
fn keep_failure(name: &str, error: &std::io::Error) -> Failure {
    Failure::io(name, Some("cannot keep the values"), error)
}

/// Fails once the values file has failed (no value computed after it is trusted).
pub(super) fn check_health(health: Option<&HistoryHealth>) -> Result<(), Failure> {
    match health.and_then(HistoryHealth::failure) {
        Some(failure) => Err(failure),
        None => Ok(()),
    }
}

/// Saves `bytes` to `path` so that an interrupted save loses nothing: a temporary file
/// beside it is written and synced, then renamed over it.
///
/// # Errors
/// [`Failure::Io`] when the file cannot be written or renamed.
pub fn save_checkpoint(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let failed =
        |e: std::io::Error| Failure::io(path.display().to_string(), Some("cannot save the checkpoint"), &e);
    let mut file = std::fs::File::create(&temporary).map_err(failed)?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(failed)?;
    drop(file);
    std::fs::rename(&temporary, path).map_err(failed)
}

/// The run `request` asks for to `G(n)`, once what it needs is known to fit: memory for the
/// heaps it holds (with a file, the first heaps and the windows; the rare heaps, if a mask
/// leaves many, are watched as the run goes), and the disk for its values file.
pub(super) fn checked_start(
    code: &OctalCode,
    n: u64,
    request: &Request,
) -> Result<(Computation, Option<HistoryHealth>), Failure> {
    let layout = request.layout();
    let file = keeps_a_file(n, &layout);
    let held = if file { layout.from as u64 } else { n };
    super::check_memory(code, held, 0, &request.heaps_label(n))?;
    if file {
        check_disk(n, request.checkpoint.as_deref(), &request.heaps_label(n))?;
    }
    let (mut run, health) = start(code, n, request, file)?;
    run.set_threads(super::threads(request.jobs));
    Ok((run, health))
}

//! The octal application layer's tests: runs stopped, resumed, kept in a file.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::files::check_disk;
use super::*;
use crate::Tick;

#[test]
fn a_run_cancelled_by_its_progress_sink_stops_at_that_tick() {
    let code = Source::new("<code>", b"0.6".to_vec());
    // Far more heaps than three rounds compute (they grow from 64 by doubling at most).
    let request = Request {
        heaps: Some(1_000_000),
        jobs: Some(1),
        ..Request::default()
    };
    let ticks = Arc::new(AtomicU64::new(0));
    let control = Control::new();
    let (count, stop) = (Arc::clone(&ticks), control.clone());
    let control = control.with_progress(move |tick: Tick| {
        assert_eq!((tick.stage, tick.total), (TICK_STAGE, Some(1_000_001)));
        if count.fetch_add(1, Ordering::Relaxed) + 1 == 3 {
            stop.cancel();
        }
    });
    let mut out = Vec::new();
    let result = answer_to(Game::Code(&code), &request, &mut out, &control, None);
    let Err(failure @ Failure::Stopped(_)) = result else {
        panic!("not stopped: {result:?}");
    };
    let message = failure.report();
    assert!(message.starts_with("error: stopped after G(0.."), "{message}");
    assert!(message.ends_with(" of 1000001\n"), "{message}");
    assert_eq!(ticks.load(Ordering::Relaxed), 3);
    assert_eq!(failure.exit_code(), 1);
}

#[test]
fn typed_values_stop_at_the_tick_their_control_is_cancelled() {
    let officers = OctalCode::new(&[0, 6]).expect("a code");
    let ticks = Arc::new(AtomicU64::new(0));
    let control = Control::new();
    let (seen, stop) = (Arc::clone(&ticks), control.clone());
    let control = control.with_progress(move |_: Tick| {
        if seen.fetch_add(1, Ordering::Relaxed) + 1 == 2 {
            stop.cancel();
        }
    });
    let stopped = values_until(&officers, 1_000_000, Some(1), &control);
    let Err(failure @ Failure::Stopped(_)) = stopped else {
        panic!("not stopped: {stopped:?}");
    };
    let message = failure.report();
    assert_eq!(ticks.load(Ordering::Relaxed), 2);
    assert!(message.contains("of 1000001"), "{message}");
    // Left alone, the same values as the engine's own, on one thread or two.
    for jobs in [Some(1), Some(2)] {
        let values = values_until(&officers, 20_000, jobs, &Control::new()).expect("values");
        assert_eq!(values.values(), NimSequence::compute(&officers, 20_000).values());
    }
}

#[test]
fn a_run_that_is_never_cancelled_ticks_to_the_end() {
    let code = Source::new("<code>", b"0.77".to_vec());
    let request = Request {
        heaps: Some(500),
        ..Request::default()
    };
    let last = Arc::new(AtomicU64::new(0));
    let seen = Arc::clone(&last);
    let control = Control::new().with_progress(move |tick: Tick| seen.store(tick.done, Ordering::Relaxed));
    let mut out = Vec::new();
    answer_to(Game::Code(&code), &request, &mut out, &control, None).expect("not stopped");
    assert_eq!(last.load(Ordering::Relaxed), 501);
    let plain = text_of("0.77", &request, &Control::new()).expect("answered");
    assert_eq!(String::from_utf8_lossy(&out), plain);
}

#[test]
fn a_run_that_saves_checkpoints_holds_fewer_values_in_memory() {
    let plain = Request::default().layout();
    let saved = Request {
        checkpoint: Some(PathBuf::from("run.ckpt")),
        ..Request::default()
    };
    let resumed = Request {
        resume: Some(PathBuf::from("run.ckpt")),
        ..Request::default()
    };
    assert!(saved.layout().from < plain.from);
    assert_eq!(resumed.layout(), saved.layout());
    let chosen = Request {
        checkpoint: Some(PathBuf::from("run.ckpt")),
        layout: Some(tiny()),
        ..Request::default()
    };
    assert_eq!(chosen.layout(), tiny());
}

/// Windows so small that a run of a few thousand heaps keeps most values in its file.
fn tiny() -> HistoryLayout {
    HistoryLayout {
        from: 2000,
        tail: 64,
        front: 16,
        middle: 16,
        widest: 256,
    }
}

fn text_of(code: &str, request: &Request, control: &Control) -> Result<String, Failure> {
    let code = Source::new("<code>", code.as_bytes().to_vec());
    let mut out = Vec::new();
    answer_to(Game::Code(&code), request, &mut out, control, None)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

#[test]
fn a_run_that_keeps_its_values_in_a_file_answers_alike() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    for (code, heaps) in [("0.6", 12_000), ("0.167", 9_000), ("0.77", 5_000)] {
        let plain = Request {
            heaps: Some(heaps),
            period: true,
            jobs: Some(1),
            ..Request::default()
        };
        let expected = text_of(code, &plain, &Control::new()).expect("answered");
        for jobs in [1, 2] {
            let checkpoint = folder.path().join(format!("{code}-{jobs}.ckpt"));
            for saved in [None, Some(checkpoint.clone())] {
                let request = Request {
                    jobs: Some(jobs),
                    layout: Some(tiny()),
                    checkpoint: saved.clone(),
                    stats: true,
                    ..plain.clone()
                };
                let got = text_of(code, &request, &Control::new()).expect("answered");
                assert_eq!(got, expected, "{code} on {jobs}, checkpoint {saved:?}");
            }
            // Its values file is there; 0.167's rare heaps are few and early, so most of
            // its values went to the file (Officers' tail reaches back to its last rare
            // heap, and Kayles is periodic long before).
            let values = std::fs::metadata(values_file(&checkpoint)).expect("a values file");
            if code == "0.167" {
                assert!(values.len() > 4000, "{code}: {} bytes", values.len());
            }
        }
    }
}

#[test]
fn a_run_stopped_with_its_values_in_a_file_resumes_from_its_checkpoint() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let checkpoint = folder.path().join("run.ckpt");
    let heaps = 30_000;
    let plain = Request {
        heaps: Some(heaps),
        period: true,
        jobs: Some(1),
        ..Request::default()
    };
    let expected = text_of("0.167", &plain, &Control::new()).expect("answered");
    // Stopped after a few rounds: far past the heaps held before the file.
    let control = Control::new();
    let (count, stop) = (Arc::new(AtomicU64::new(0)), control.clone());
    let control = control.with_progress(move |tick: Tick| {
        if tick.done > 8000 && count.fetch_add(1, Ordering::Relaxed) == 0 {
            stop.cancel();
        }
    });
    let first = Request {
        layout: Some(tiny()),
        checkpoint: Some(checkpoint.clone()),
        ..plain.clone()
    };
    let stopped = text_of("0.167", &first, &control);
    assert!(matches!(stopped, Err(Failure::Stopped(_))), "{stopped:?}");
    let saved = std::fs::read(&checkpoint).expect("a checkpoint");
    let handed = Computation::history_length(&OctalCode::new(&[0, 1, 6, 7]).unwrap(), &saved).unwrap();
    assert!(handed > 2000, "{handed} values in the file");
    assert!(saved.len() < 5000, "a checkpoint of {} bytes", saved.len());
    // The values file grows past the checkpoint's length as a run goes on: resumes cut it.
    let resume = Request {
        resume: Some(checkpoint.clone()),
        ..first.clone()
    };
    let other = folder.path().join("other.ckpt");
    for request in [
        Request {
            checkpoint: Some(other.clone()),
            ..resume.clone()
        },
        resume.clone(),
        Request {
            jobs: Some(2),
            checkpoint: None,
            ..resume.clone()
        },
    ] {
        let got = text_of("0.167", &request, &Control::new()).expect("resumed");
        assert_eq!(got, expected, "{request:?}");
    }
    assert!(values_file(&other).exists());
    // A values file cut short is refused, naming it.
    let values = values_file(&checkpoint);
    let file = std::fs::OpenOptions::new().write(true).open(&values).unwrap();
    file.set_len(100).unwrap();
    let refused = text_of("0.167", &resume, &Control::new()).unwrap_err();
    assert!(
        refused.report().contains("run.ckpt.values"),
        "{}",
        refused.report()
    );
    assert_eq!(refused.exit_code(), 1);
    // A checkpoint whose values are in a file is refused by the typed resume alone.
    assert!(Computation::resume(
        &OctalCode::new(&[0, 1, 6, 7]).unwrap(),
        heaps as usize,
        true,
        &saved
    )
    .is_err());
}

#[test]
fn a_run_whose_values_file_cannot_fit_on_its_disk_is_refused_up_front() {
    let refused = check_disk(u64::MAX - 1, None, "--heaps 1").unwrap_err();
    let report = refused.report();
    assert!(report.contains("keeps at least"), "{report}");
    assert!(report.contains("GiB free"), "{report}");
    assert_eq!(refused.exit_code(), 2);
    assert!(check_disk(1000, None, "--heaps 1000").is_ok());
}

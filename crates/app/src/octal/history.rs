//! The file an octal run keeps the values in that it no longer holds in memory.
//!
//! The file is a 64-byte header, then the values: 1 byte each while every value so far fits
//! in a byte, then 2 bytes, then 4 (little-endian). The header names the heaps at which the
//! wider parts start, so the older part is never written again.

use std::sync::{Arc, Mutex};

use crate::Failure;

#[cfg(not(target_arch = "wasm32"))]
pub(crate) use file::FileHistory;

/// Whether a [`FileHistory`] has failed; shared by the history and its owner.
#[derive(Debug, Clone, Default)]
pub(crate) struct HistoryHealth(Arc<Mutex<Option<Failure>>>);

impl HistoryHealth {
    /// The first failure.
    pub(crate) fn failure(&self) -> Option<Failure> {
        self.0.lock().ok().and_then(|failure| failure.clone())
    }

    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    fn fail(&self, name: &str, error: &std::io::Error) {
        if let Ok(mut failure) = self.0.lock() {
            failure.get_or_insert_with(|| Failure::io(name, Some("cannot keep the values"), error));
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod file {
    use std::fs::File;
    use std::path::Path;

    use tabletop_octal::History;

    use super::HistoryHealth;

    /// The first bytes of every values file.
    const MAGIC: &[u8; 24] = b"tabletop octal values 1\n";
    /// The header's length: the magic, then the heaps where 2-byte and 4-byte values start.
    const HEADER: u64 = 64;
    /// No such part yet.
    const NOT_YET: u64 = u64::MAX;

    /// Values in a file (see the module's doc).
    #[derive(Debug)]
    pub(crate) struct FileHistory {
        file: File,
        name: String,
        len: usize,
        /// The heaps from which values take 2 and 4 bytes.
        starts: [u64; 2],
        health: HistoryHealth,
    }

    impl FileHistory {
        /// A fresh history in an unnamed temporary file (the system removes it).
        pub(crate) fn temporary() -> std::io::Result<(FileHistory, HistoryHealth)> {
            Self::fresh(tempfile::tempfile()?, "<temporary file>".into())
        }

        /// A fresh history at `path` (created or emptied), kept beside a checkpoint.
        pub(crate) fn create(path: &Path) -> std::io::Result<(FileHistory, HistoryHealth)> {
            let file = File::options()
                .read(true)
                .write(true)
                .create(true)
                .truncate(true)
                .open(path)?;
            Self::fresh(file, path.display().to_string())
        }

        fn fresh(file: File, name: String) -> std::io::Result<(FileHistory, HistoryHealth)> {
            let history = FileHistory {
                file,
                name,
                len: 0,
                starts: [NOT_YET; 2],
                health: HistoryHealth::default(),
            };
            history.write_header()?;
            let health = history.health.clone();
            Ok((history, health))
        }

        /// The history at `path` cut to its first `len` values (the file may have grown after
        /// the checkpoint that names `len`).
        pub(crate) fn reopen(path: &Path, len: usize) -> std::io::Result<(FileHistory, HistoryHealth)> {
            let invalid = |message: String| std::io::Error::new(std::io::ErrorKind::InvalidData, message);
            let file = File::options().read(true).write(true).open(path)?;
            let mut header = [0u8; HEADER as usize];
            read_exact_at(&file, &mut header, 0).map_err(|_| invalid("not a tabletop values file".into()))?;
            if &header[..MAGIC.len()] != MAGIC {
                return Err(invalid("not a tabletop values file".into()));
            }
            let word = |at: usize| {
                let mut bytes = [0u8; 8];
                bytes.copy_from_slice(&header[at..at + 8]);
                u64::from_le_bytes(bytes)
            };
            let mut history = FileHistory {
                file,
                name: path.display().to_string(),
                len,
                starts: [word(24), word(32)],
                health: HistoryHealth::default(),
            };
            // Parts that start after the values kept are forgotten.
            for start in &mut history.starts {
                if *start >= len as u64 {
                    *start = NOT_YET;
                }
            }
            let size = history.file.metadata()?.len();
            let needed = history.offset(len);
            if size < needed {
                return Err(invalid(format!(
                    "the values file holds fewer than the {len} values the checkpoint names"
                )));
            }
            history.file.set_len(needed)?;
            history.write_header()?;
            let health = history.health.clone();
            Ok((history, health))
        }

        fn write_header(&self) -> std::io::Result<()> {
            let mut header = [0u8; HEADER as usize];
            header[..MAGIC.len()].copy_from_slice(MAGIC);
            header[24..32].copy_from_slice(&self.starts[0].to_le_bytes());
            header[32..40].copy_from_slice(&self.starts[1].to_le_bytes());
            write_all_at(&self.file, &header, 0)
        }

        /// The bytes of each value from heap `n` on.
        fn width_at(&self, n: usize) -> usize {
            let n = n as u64;
            if n >= self.starts[1] {
                4
            } else if n >= self.starts[0] {
                2
            } else {
                1
            }
        }

        /// Where the value of heap `n` starts in the file.
        fn offset(&self, n: usize) -> u64 {
            let n = n as u64;
            let [two, four] = self.starts;
            let ones = n.min(two).min(four);
            let twos = n.min(four).saturating_sub(two.min(four));
            let fours = n.saturating_sub(four);
            HEADER + ones + 2 * twos + 4 * fours
        }

        fn try_append(&mut self, values: &[u32]) -> std::io::Result<()> {
            let mut bytes = Vec::with_capacity(values.len() * 4);
            let at = self.offset(self.len);
            // Most batches fit the width the file is at: one loop of that width.
            let width = self.width_at(self.len);
            let limit = match width {
                1 => u32::from(u8::MAX),
                2 => u32::from(u16::MAX),
                _ => u32::MAX,
            };
            if values.iter().all(|&value| value <= limit) {
                narrow(values, width, &mut bytes);
                write_all_at(&self.file, &bytes, at)?;
                self.len += values.len();
                return Ok(());
            }
            for (n, &value) in (self.len..).zip(values) {
                let mut width = self.width_at(n);
                if width < 4 && value > u32::from(u16::MAX) {
                    self.starts[1] = n as u64;
                    if self.starts[0] == NOT_YET {
                        self.starts[0] = n as u64;
                    }
                    width = 4;
                    self.write_header()?;
                } else if width < 2 && value > u32::from(u8::MAX) {
                    self.starts[0] = n as u64;
                    width = 2;
                    self.write_header()?;
                }
                bytes.extend_from_slice(&value.to_le_bytes()[..width]);
            }
            write_all_at(&self.file, &bytes, at)?;
            self.len += values.len();
            Ok(())
        }

        fn try_read(&self, start: usize, out: &mut [u32]) -> std::io::Result<()> {
            let mut bytes = Vec::new();
            let mut n = start;
            let end = start + out.len();
            while n < end {
                // One part (one width) at a time.
                let width = self.width_at(n);
                let part_end = match width {
                    1 => self.starts[0].min(self.starts[1]),
                    2 => self.starts[1],
                    _ => NOT_YET,
                };
                let stop = (end as u64).min(part_end) as usize;
                bytes.resize((stop - n) * width, 0);
                read_exact_at(&self.file, &mut bytes, self.offset(n))?;
                widen(&bytes, width, &mut out[n - start..stop - start]);
                n = stop;
            }
            Ok(())
        }
    }

    /// `values` (each below `2^(8 width)`) as `width`-byte little-endian integers after
    /// `bytes`. Each width has its own loop, so that it runs a vector at a time.
    fn narrow(values: &[u32], width: usize, bytes: &mut Vec<u8>) {
        match width {
            1 => bytes.extend(values.iter().map(|&value| value as u8)),
            2 => bytes.extend(values.iter().flat_map(|&value| (value as u16).to_le_bytes())),
            _ => bytes.extend(values.iter().flat_map(|&value| value.to_le_bytes())),
        }
    }

    /// `bytes`, `width`-byte little-endian integers, into `out` (as many).
    fn widen(bytes: &[u8], width: usize, out: &mut [u32]) {
        match width {
            1 => {
                for (slot, &byte) in out.iter_mut().zip(bytes) {
                    *slot = u32::from(byte);
                }
            }
            2 => {
                for (slot, pair) in out.iter_mut().zip(bytes.chunks_exact(2)) {
                    *slot = u32::from(u16::from_le_bytes([pair[0], pair[1]]));
                }
            }
            _ => {
                for (slot, word) in out.iter_mut().zip(bytes.chunks_exact(4)) {
                    *slot = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
                }
            }
        }
    }

    impl History for FileHistory {
        fn len(&self) -> usize {
            self.len
        }

        fn append(&mut self, values: &[u32]) {
            if self.health.failure().is_some() {
                return;
            }
            if let Err(error) = self.try_append(values) {
                self.health.fail(&self.name, &error);
            }
        }

        fn read(&self, start: usize, out: &mut [u32]) {
            if start + out.len() > self.len {
                out.fill(0);
                let error = std::io::Error::other("a read past the values kept");
                self.health.fail(&self.name, &error);
                return;
            }
            if let Err(error) = self.try_read(start, out) {
                out.fill(0);
                self.health.fail(&self.name, &error);
            }
        }
    }

    #[cfg(unix)]
    fn read_exact_at(file: &File, buf: &mut [u8], at: u64) -> std::io::Result<()> {
        std::os::unix::fs::FileExt::read_exact_at(file, buf, at)
    }

    #[cfg(unix)]
    fn write_all_at(file: &File, buf: &[u8], at: u64) -> std::io::Result<()> {
        std::os::unix::fs::FileExt::write_all_at(file, buf, at)
    }

    #[cfg(windows)]
    fn read_exact_at(file: &File, mut buf: &mut [u8], mut at: u64) -> std::io::Result<()> {
        while !buf.is_empty() {
            match std::os::windows::fs::FileExt::seek_read(file, buf, at)? {
                0 => return Err(std::io::ErrorKind::UnexpectedEof.into()),
                n => {
                    buf = &mut buf[n..];
                    at += n as u64;
                }
            }
        }
        Ok(())
    }

    #[cfg(windows)]
    fn write_all_at(file: &File, mut buf: &[u8], mut at: u64) -> std::io::Result<()> {
        while !buf.is_empty() {
            let n = std::os::windows::fs::FileExt::seek_write(file, buf, at)?;
            buf = &buf[n..];
            at += n as u64;
        }
        Ok(())
    }

    #[cfg(test)]
    mod tests {
        use rand::{Rng, SeedableRng};

        use super::*;

        fn read_all(history: &FileHistory) -> Vec<u32> {
            let mut out = vec![0; history.len()];
            history.read(0, &mut out);
            out
        }

        #[test]
        fn values_of_every_width_read_back_in_any_range() {
            let mut rng = rand::rngs::StdRng::seed_from_u64(7);
            let (mut history, health) = FileHistory::temporary().unwrap();
            let mut expected = Vec::new();
            for limit in [255u32, 255, 65_535, 300, 1 << 20, 3] {
                let chunk: Vec<u32> = (0..rng.random_range(1..500))
                    .map(|_| rng.random_range(0..=limit))
                    .collect();
                history.append(&chunk);
                expected.extend(chunk);
            }
            assert_eq!(read_all(&history), expected);
            for _ in 0..200 {
                let start = rng.random_range(0..expected.len());
                let end = rng.random_range(start..=expected.len());
                let mut out = vec![0; end - start];
                history.read(start, &mut out);
                assert_eq!(out, expected[start..end]);
            }
            // Two threads at once.
            std::thread::scope(|scope| {
                for _ in 0..2 {
                    scope.spawn(|| assert_eq!(read_all(&history), expected));
                }
            });
            assert_eq!(health.failure(), None);
        }

        #[test]
        fn a_reopened_file_is_cut_to_the_checkpoints_length_and_goes_on() {
            let folder = tempfile::tempdir().unwrap();
            let path = folder.path().join("run.values");
            let (mut history, _) = FileHistory::create(&path).unwrap();
            let values: Vec<u32> = (0..3000).map(|n| (n * 7919) % 70_000).collect();
            history.append(&values[..100]);
            history.append(&values[100..]);
            drop(history);
            for len in [0, 50, 255, 256, 2999, 3000] {
                let (mut history, health) = FileHistory::reopen(&path, len).unwrap();
                assert_eq!(read_all(&history), values[..len]);
                history.append(&values[len..]);
                assert_eq!(read_all(&history), values);
                assert_eq!(health.failure(), None);
            }
            let error = FileHistory::reopen(&path, 3001).unwrap_err();
            assert_eq!(error.kind(), std::io::ErrorKind::InvalidData);
            std::fs::write(&path, b"hello").unwrap();
            let error = FileHistory::reopen(&path, 0).unwrap_err();
            assert_eq!(error.kind(), std::io::ErrorKind::InvalidData);
        }

        #[test]
        fn a_failed_read_is_recorded_not_a_panic() {
            let folder = tempfile::tempdir().unwrap();
            let path = folder.path().join("cut.values");
            let (mut history, health) = FileHistory::create(&path).unwrap();
            history.append(&[1, 2, 3, 4]);
            // Cut behind its back.
            std::fs::OpenOptions::new()
                .write(true)
                .open(&path)
                .unwrap()
                .set_len(HEADER)
                .unwrap();
            let mut out = [9; 4];
            history.read(0, &mut out);
            assert_eq!(out, [0; 4]);
            let failure = health.failure().expect("a failure");
            assert!(
                failure
                    .report()
                    .starts_with(&format!("error: {}: cannot keep the values: ", path.display())),
                "{failure}"
            );
        }
    }
}

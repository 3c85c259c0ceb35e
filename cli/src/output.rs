//! Where the output goes: standard output, unbuffered (the sinks buffer), or an
//! atomically replaced file.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The output stream.
pub enum Output {
    /// Standard output.
    Stdout(Box<dyn Write>),
    /// `-o FILE`: a temporary file renamed over FILE by [`Output::commit`].
    File(TempFile),
}

impl Output {
    /// Standard output, written without std's line buffering (the sinks write large
    /// blocks).
    pub fn stdout() -> io::Result<Output> {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            let fd = io::stdout().as_fd().try_clone_to_owned()?;
            Ok(Output::Stdout(Box::new(File::from(fd))))
        }
        #[cfg(not(unix))]
        {
            Ok(Output::Stdout(Box::new(io::stdout())))
        }
    }

    /// Whether this is standard output (where a closed pipe is not an error).
    pub fn is_stdout(&self) -> bool {
        matches!(self, Output::Stdout(_))
    }

    /// Makes the output final: flushes standard output, or syncs the temporary file
    /// and renames it over the target.
    pub fn commit(self) -> io::Result<()> {
        match self {
            Output::Stdout(mut w) => w.flush(),
            Output::File(f) => f.commit(),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(w) => w.write(buf),
            Output::File(f) => f.file.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(w) => w.flush(),
            Output::File(f) => f.file.flush(),
        }
    }
}

/// A temporary file beside the target; removed when dropped uncommitted.
pub struct TempFile {
    file: File,
    temp: PathBuf,
    target: PathBuf,
    committed: bool,
}

impl TempFile {
    /// Creates `.NAME.textcodec-PID-N.tmp` in the target's directory, with the target's
    /// permissions when it exists.
    pub fn create(target: &Path) -> io::Result<TempFile> {
        if target.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "is a directory",
            ));
        }
        let name = target
            .file_name()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let pid = std::process::id();
        let mut attempt = 0u32;
        let (file, temp) = loop {
            let mut temp_name = std::ffi::OsString::from(".");
            temp_name.push(name);
            temp_name.push(format!(".textcodec-{pid}-{attempt}.tmp"));
            let temp = dir.join(temp_name);
            match OpenOptions::new().write(true).create_new(true).open(&temp) {
                Ok(file) => break (file, temp),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => {
                    attempt += 1;
                }
                Err(e) => return Err(e),
            }
        };
        let temp = TempFile {
            file,
            temp,
            target: target.to_path_buf(),
            committed: false,
        };
        if let Ok(meta) = fs::metadata(target) {
            // Keep the mode of the file being replaced (best effort).
            let _ = temp.file.set_permissions(meta.permissions());
        }
        Ok(temp)
    }

    fn commit(mut self) -> io::Result<()> {
        self.file.flush()?;
        self.file.sync_all()?;
        fs::rename(&self.temp, &self.target)?;
        self.committed = true;
        // Make the rename itself durable (best effort: not every system can sync a
        // directory).
        if let Some(dir) = self.temp.parent() {
            let dir = if dir.as_os_str().is_empty() {
                Path::new(".")
            } else {
                dir
            };
            if let Ok(d) = File::open(dir) {
                let _ = d.sync_all();
            }
        }
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

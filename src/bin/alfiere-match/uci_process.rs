//! A UCI engine running as a child process: started, written to line by line, and
//! read by a thread that forwards its lines, with a time limit on every wait. Shared
//! by `alfiere-match` (its players) and `alfiere-datagen` (its teacher).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Why an engine failed to answer as the protocol requires.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// No answer in time.
    Timeout(&'static str),
    /// The process ended or its pipes closed.
    Died,
    /// The program could not be started.
    Spawn(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Timeout(what) => write!(f, "no '{what}' in time"),
            EngineError::Died => f.write_str("the engine process ended"),
            EngineError::Spawn(e) => write!(f, "cannot start the engine: {e}"),
        }
    }
}

/// A UCI engine process, read by a thread that forwards its lines.
pub struct UciProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl UciProcess {
    /// Starts the program with its pipes; no UCI command is sent yet.
    pub fn spawn(command: &str, args: &[String]) -> Result<UciProcess, EngineError> {
        let mut child = Command::new(command)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Spawn(format!("{command}: {e}")))?;
        let stdin = child.stdin.take().ok_or(EngineError::Died)?;
        let stdout = child.stdout.take().ok_or(EngineError::Died)?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(UciProcess {
            child,
            stdin,
            lines,
        })
    }

    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| EngineError::Died)
    }

    /// Waits for a line starting with `word`, skipping others; returns it.
    pub fn wait_for(
        &mut self,
        word: &'static str,
        timeout: Duration,
    ) -> Result<String, EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            let line = self.next_line(word, deadline)?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(line);
            }
        }
    }

    /// The engine's next line, if it comes before `deadline`; a timeout names
    /// `awaited`, the line the caller is waiting for.
    pub fn next_line(
        &mut self,
        awaited: &'static str,
        deadline: Instant,
    ) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(awaited)),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Died),
        }
    }

    /// `isready` / `readyok`.
    pub fn sync(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        self.wait_for("readyok", Duration::from_secs(30))
            .map(|_| ())
    }
}

impl Drop for UciProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

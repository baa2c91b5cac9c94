//! The teacher: a stronger UCI engine (Debian's `stockfish`) that scores the kept
//! positions at a fixed node budget. Behind the [`Labeller`] trait, so the game
//! loop's tests use a fake and need no engine installed.

use crate::uci_process::{EngineError, UciProcess};
use std::time::{Duration, Instant};

/// How long one labelling search may take before the teacher counts as hung: a
/// fixed node budget takes well under a second; this allows for a loaded machine.
const LABEL_TIMEOUT: Duration = Duration::from_secs(120);

/// Scores positions for the data.
pub trait Labeller {
    /// Called before each game's positions: whether they are Chess960's (castling
    /// rights named by the rooks' files).
    fn new_game(&mut self, chess960: bool) -> Result<(), String>;
    /// The score of the position `fen` in centipawns from the side to act's point
    /// of view; `None` for a mate score (such positions are not kept).
    fn label(&mut self, fen: &str) -> Result<Option<i32>, String>;
}

/// A score as an engine's `info` line gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InfoScore {
    Cp(i32),
    Mate(i32),
}

/// The exact score of an `info` line (`None` for a line without one, or with a
/// `lowerbound` / `upperbound`, which an aspiration window leaves behind).
pub fn info_score(line: &str) -> Option<InfoScore> {
    let mut tokens = line.split_whitespace();
    if tokens.next() != Some("info") {
        return None;
    }
    let mut tokens = tokens.skip_while(|&t| t != "score").skip(1);
    let kind = tokens.next()?;
    let value: i32 = tokens.next()?.parse().ok()?;
    if matches!(tokens.next(), Some("lowerbound" | "upperbound")) {
        return None;
    }
    match kind {
        "cp" => Some(InfoScore::Cp(value)),
        "mate" => Some(InfoScore::Mate(value)),
        _ => None,
    }
}

/// A UCI engine labelling at `go nodes N`, one thread, a cleared table each game.
pub struct UciLabeller {
    process: UciProcess,
    nodes: u64,
    chess960: Option<bool>,
    path: String,
}

impl UciLabeller {
    /// Starts `path` and completes the handshake; a missing program is a message
    /// that says how to install Debian's.
    pub fn start(path: &str, nodes: u64) -> Result<UciLabeller, String> {
        let failed = |e: EngineError| format!("--teacher {path}: {e}");
        let mut process = UciProcess::spawn(path, &[]).map_err(|e| match e {
            EngineError::Spawn(_) => format!(
                "--teacher {path}: {e} (Debian's Stockfish is `apt-get install stockfish`, \
                 at /usr/games/stockfish)"
            ),
            e => failed(e),
        })?;
        process.send("uci").map_err(failed)?;
        process
            .wait_for("uciok", Duration::from_secs(10))
            .map_err(failed)?;
        // One thread: the searches' results then depend on the position and the
        // node budget alone, and the generator's own workers use the other cores.
        process
            .send("setoption name Threads value 1")
            .map_err(failed)?;
        process.sync().map_err(failed)?;
        Ok(UciLabeller {
            process,
            nodes,
            chess960: None,
            path: path.to_string(),
        })
    }
}

impl Labeller for UciLabeller {
    fn new_game(&mut self, chess960: bool) -> Result<(), String> {
        let failed = |e: EngineError| format!("teacher {}: {e}", self.path);
        if self.chess960 != Some(chess960) {
            self.process
                .send(&format!("setoption name UCI_Chess960 value {chess960}"))
                .map_err(failed)?;
            self.chess960 = Some(chess960);
        }
        self.process.send("ucinewgame").map_err(failed)?;
        self.process.sync().map_err(failed)
    }

    fn label(&mut self, fen: &str) -> Result<Option<i32>, String> {
        let path = &self.path;
        let failed = |e: EngineError| format!("teacher {path}: {e} (position {fen})");
        self.process
            .send(&format!("position fen {fen}"))
            .map_err(failed)?;
        self.process
            .send(&format!("go nodes {}", self.nodes))
            .map_err(failed)?;
        let deadline = Instant::now() + LABEL_TIMEOUT;
        let mut last = None;
        loop {
            let line = self
                .process
                .next_line("bestmove", deadline)
                .map_err(failed)?;
            if line.starts_with("bestmove") {
                break;
            }
            if let Some(score) = info_score(&line) {
                last = Some(score);
            }
        }
        match last {
            Some(InfoScore::Cp(cp)) => Ok(Some(cp)),
            Some(InfoScore::Mate(_)) => Ok(None),
            None => Err(format!("teacher {path}: no score before bestmove ({fen})")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_their_exact_score() {
        let line = "info depth 9 seldepth 12 multipv 1 score cp -31 nodes 5012 nps 1 pv e2e4";
        assert_eq!(info_score(line), Some(InfoScore::Cp(-31)));
        assert_eq!(
            info_score("info depth 3 score mate -2 nodes 10 pv a1a2"),
            Some(InfoScore::Mate(-2))
        );
        assert_eq!(
            info_score("info depth 5 score cp 40 lowerbound nodes 9"),
            None
        );
        assert_eq!(info_score("info depth 5 score cp 40 upperbound"), None);
        assert_eq!(info_score("info string NNUE evaluation enabled"), None);
        assert_eq!(info_score("info depth 1 score cp"), None);
        assert_eq!(info_score("bestmove e2e4"), None);
    }

    #[test]
    fn a_missing_teacher_is_a_message_naming_the_package() {
        let Err(message) = UciLabeller::start("/nonexistent/stockfish", 100) else {
            panic!("a missing program started");
        };
        assert!(message.contains("/nonexistent/stockfish"), "{message}");
        assert!(message.contains("apt-get install stockfish"), "{message}");
    }
}

//! Jobs' events as plain data (serde), for the doors that speak in objects: a
//! search's info per line and its final report (the JS `Engine`'s `onInfo(info)` and
//! `analyse()`'s result), and every job's events as [`JobEvent`]s, `{id, kind, final,
//! value}`, which the worker host and the `Engine` class pass on without knowing the
//! job. The UCI codec prints the same typed events as `info` and `bestmove` lines.

use super::job::Event;
use crate::analysis::{AnalysisProgress, GameReport, TurnJudgement};
use crate::api::{ApiError, ApiErrorKind, Game, MoveInfo};
use crate::moves::Action;
use crate::notation::uci::action_to_uci_in;
use crate::search::ordering::pack;
use crate::search::{Score, SearchInfo};
use serde::Serialize;

/// A score from the side to act's point of view: `{cp}` or `{mate}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreReport {
    Cp(i32),
    Mate(i32),
}

impl From<Score> for ScoreReport {
    fn from(score: Score) -> ScoreReport {
        match score {
            Score::Cp(cp) => ScoreReport::Cp(cp),
            Score::Mate(n) => ScoreReport::Mate(n),
        }
    }
}

/// One completed iteration of one line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InfoReport {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    pub score: ScoreReport,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    /// Milliseconds since the search started.
    pub time: u64,
    /// The line as UCI tokens.
    pub pv: Vec<String>,
    /// The same line as data: its actions packed as numbers (as `engineLine()`
    /// writes a game's), ...
    pub actions: Vec<u32>,
    /// ... and as verbose moves (SAN, squares, `endsTurn`: what a page writes and
    /// draws), so that no one replays it in a new game.
    pub moves: Vec<MoveInfo>,
}

impl InfoReport {
    /// The plain form of `info`, a search of `position`.
    pub fn new(info: &SearchInfo, position: &Game) -> InfoReport {
        let variant = position.variant();
        let moves = position.describe_line(&info.pv);
        InfoReport {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multipv,
            score: info.score.into(),
            nodes: info.nodes,
            nps: info.nps,
            hashfull: info.hashfull,
            time: info.time_ms,
            pv: info
                .pv
                .iter()
                .map(|action| action_to_uci_in(action, variant))
                .collect(),
            actions: info.pv[..moves.len()].iter().map(pack).collect(),
            moves,
        }
    }
}

/// The answer of a search job with its last info per line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SearchReport {
    pub bestmove: String,
    /// The reply the main line expects, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ponder: Option<String>,
    pub score: ScoreReport,
    /// The main line, starting with `bestmove`.
    pub pv: Vec<String>,
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub nps: u64,
    /// Milliseconds the job ran.
    pub time: u64,
    /// The last info of each line, best first.
    pub lines: Vec<InfoReport>,
}

/// Gathers a search job's events into its [`SearchReport`].
#[derive(Debug)]
pub struct SearchReporter {
    /// The last info of each line, in the order of their ranks.
    lines: Vec<InfoReport>,
    /// The position searched: its rule set says how castling is written, and its
    /// lines are described from it.
    position: Game,
}

impl Default for SearchReporter {
    fn default() -> SearchReporter {
        SearchReporter::new(&Game::start(crate::Variant::Chess))
    }
}

impl SearchReporter {
    /// A reporter for a search of `position`.
    pub fn new(position: &Game) -> SearchReporter {
        SearchReporter {
            lines: Vec::new(),
            position: position.clone(),
        }
    }

    /// Notes an info event; returns its plain form.
    pub fn info(&mut self, info: &SearchInfo) -> InfoReport {
        let report = InfoReport::new(info, &self.position);
        // A Vec, not a map: a few lines at most, and the wasm module stays smaller.
        match self.lines.iter_mut().find(|l| l.multipv == report.multipv) {
            Some(line) => *line = report.clone(),
            None => {
                let at = self
                    .lines
                    .iter()
                    .take_while(|l| l.multipv < report.multipv)
                    .count();
                self.lines.insert(at, report.clone());
            }
        }
        report
    }

    /// The report of the job that answered `best` after `time_ms`.
    ///
    /// # Errors
    /// `GameOver` when the side to act had no legal action.
    pub fn finish(self, best: Option<&Action>, time_ms: u64) -> Result<SearchReport, ApiError> {
        let variant = self.position.variant();
        let Some(best) = best.map(|action| action_to_uci_in(action, variant)) else {
            return Err(ApiError::new(
                ApiErrorKind::GameOver,
                "the side to act has no legal action",
            ));
        };
        let main = self.lines.iter().find(|l| l.multipv == 1);
        let pv = match main {
            Some(info) if info.pv.first() == Some(&best) => info.pv.clone(),
            _ => vec![best.clone()],
        };
        let nodes = self.lines.iter().map(|i| i.nodes).max().unwrap_or(0);
        Ok(SearchReport {
            ponder: pv.get(1).cloned(),
            bestmove: best,
            score: main.map_or(ScoreReport::Cp(0), |i| i.score),
            depth: main.map_or(0, |i| i.depth),
            seldepth: main.map_or(0, |i| i.seldepth),
            nodes,
            nps: (nodes * 1000).checked_div(time_ms).unwrap_or(0),
            time: time_ms,
            pv,
            lines: self.lines,
        })
    }

    /// Feeds one event: `Some` with the report (or the error) once the job answered.
    pub fn event(&mut self, event: &Event) -> Option<Result<SearchReport, ApiError>> {
        match event {
            Event::Info(info) => {
                self.info(info);
                None
            }
            Event::BestAction { best, time_ms } => {
                Some(std::mem::take(self).finish(best.as_ref(), *time_ms))
            }
            // Not a search's.
            Event::Progress(_) | Event::Analysis { .. } | Event::Judgement { .. } => None,
        }
    }
}

/// What kind of event a [`JobEvent`] is: the [`Event`] variant's name, as JS spells
/// it (`'info'`, `'best'`, `'progress'`, `'analysis'`, `'judgement'`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EventKind {
    Info,
    Best,
    Progress,
    Analysis,
    Judgement,
}

/// A game analysis's answer as data: the report and the game's PGN with it written in.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AnalysisResult {
    pub report: Box<GameReport>,
    pub pgn: String,
}

/// The data of a [`JobEvent`]; each kind has its own shape.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum EventValue {
    Info(InfoReport),
    Best(SearchReport),
    Progress(AnalysisProgress),
    Analysis(AnalysisResult),
    Judgement(Box<TurnJudgement>),
}

/// One event of a job as plain data: `{id, kind, final, value}`. A door hands it on
/// as it is; `final` marks the job's answer, so no door needs to know the kinds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobEvent {
    /// The id the job was started with.
    pub id: u32,
    pub kind: EventKind,
    /// Whether this is the job's answer (its last event).
    #[serde(rename = "final")]
    pub last: bool,
    pub value: EventValue,
}

/// Turns the typed events of one job into [`JobEvent`]s (a search's infos gathered
/// into its report on the way).
#[derive(Debug)]
pub struct JobReporter {
    id: u32,
    search: SearchReporter,
}

impl JobReporter {
    /// A reporter for the job `id`, started on the session's `position` (which a
    /// search's lines are described from).
    pub fn new(id: u32, position: &Game) -> JobReporter {
        JobReporter {
            id,
            search: SearchReporter::new(position),
        }
    }

    /// The plain form of `event`.
    ///
    /// # Errors
    /// `GameOver` for a search's answer when the side to act had no legal action.
    pub fn event(&mut self, event: Event) -> Result<JobEvent, ApiError> {
        let last = event.is_final();
        let (kind, value) = match event {
            Event::Info(info) => (EventKind::Info, EventValue::Info(self.search.info(&info))),
            Event::BestAction { best, time_ms } => {
                let search = std::mem::take(&mut self.search);
                let report = search.finish(best.as_ref(), time_ms)?;
                (EventKind::Best, EventValue::Best(report))
            }
            Event::Progress(progress) => (EventKind::Progress, EventValue::Progress(progress)),
            Event::Analysis { report, pgn, .. } => (
                EventKind::Analysis,
                EventValue::Analysis(AnalysisResult { report, pgn }),
            ),
            Event::Judgement { judgement, .. } => {
                (EventKind::Judgement, EventValue::Judgement(judgement))
            }
        };
        Ok(JobEvent {
            id: self.id,
            kind,
            last,
            value,
        })
    }
}

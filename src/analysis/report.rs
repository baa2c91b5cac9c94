//! What an analysis gives: per action its evaluation, the best line where it was
//! played, the mover's win chances and its mark; per side the counts and accuracy.
//! Serialises (serde) to the JSON of `alfiere annotate --json` and of the JS API.

use super::judge::{Cause, Eval, Mark};
use crate::api::MoveInfo;
use crate::types::{ByColor, Color};
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

/// The engine's best line from a position.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BestLine {
    /// The first action, as a UCI token and in SAN.
    pub uci: String,
    pub san: String,
    /// The whole line as UCI tokens, from the first action.
    pub pv: Vec<String>,
    /// The same line in SAN.
    #[serde(rename = "pvSan")]
    pub pv_san: Vec<String>,
    /// The same line's actions packed as numbers, as `engineLine()` writes a game's.
    pub actions: Vec<u32>,
    /// The line's first turn as verbose moves (squares, `endsTurn`, SAN): what a page
    /// draws as the better turn's arrows without replaying the line. Only the first
    /// turn: a report keeps one best line per action, and is stored whole.
    pub turn: Vec<MoveInfo>,
}

/// One action of the game, judged.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlyReport {
    /// Counts actions from 0.
    pub ply: usize,
    /// Counts turns from 0 (equal to `ply` where a turn is one action).
    pub turn: usize,
    /// Whether the action ends its side's turn (every action, in the one-action
    /// rule sets).
    #[serde(rename = "endsTurn")]
    pub ends_turn: bool,
    pub color: Color,
    pub san: String,
    pub uci: String,
    /// The evaluation after the action, White's view; `None` where the analysis was
    /// stopped before it reached this position.
    pub eval: Option<Eval>,
    /// The engine's best line where the action was played.
    pub best: Option<BestLine>,
    /// The mover's win percentage before and after the action.
    #[serde(rename = "winBefore")]
    pub win_before: Option<f64>,
    #[serde(rename = "winAfter")]
    pub win_after: Option<f64>,
    /// The only legal action: never marked.
    pub forced: bool,
    /// The mark of the turn this action decided (on the action of the turn that lost
    /// the most; see docs/analysis.md).
    pub class: Option<Mark>,
    pub cause: Option<Cause>,
}

/// Marks of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct MarkCounts {
    pub inaccuracy: u32,
    pub mistake: u32,
    pub blunder: u32,
}

impl MarkCounts {
    pub fn add(&mut self, mark: Mark) {
        match mark {
            Mark::Inaccuracy => self.inaccuracy += 1,
            Mark::Mistake => self.mistake += 1,
            Mark::Blunder => self.blunder += 1,
        }
    }
}

/// A whole game, analysed.
#[derive(Debug, Clone, PartialEq)]
pub struct GameReport {
    /// The rule set's id.
    pub variant: &'static str,
    /// The game's PGN tags, in `pgn()` order.
    pub tags: Vec<(String, String)>,
    /// The evaluation of the start position.
    pub start: Option<Eval>,
    pub plies: Vec<PlyReport>,
    /// Each side's accuracy in percent; `None` for a side that decided nothing.
    pub accuracy: ByColor<Option<f64>>,
    pub counts: ByColor<MarkCounts>,
    /// Whether every position was analysed (false after a stop).
    pub complete: bool,
    /// Nodes searched in all.
    pub nodes: u64,
}

/// `{"w": …, "b": …}`, the sides as the API's colours spell them.
pub(super) struct Sides<'a, T>(pub(super) &'a ByColor<T>);

impl<T: Serialize> Serialize for Sides<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut o = s.serialize_struct("Sides", 2)?;
        o.serialize_field("w", &self.0.white)?;
        o.serialize_field("b", &self.0.black)?;
        o.end()
    }
}

/// Tags as an object, in order.
struct Tags<'a>(&'a [(String, String)]);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (name, value) in self.0 {
            m.serialize_entry(name, value)?;
        }
        m.end()
    }
}

impl Serialize for GameReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut o = s.serialize_struct("GameReport", 8)?;
        o.serialize_field("variant", self.variant)?;
        o.serialize_field("tags", &Tags(&self.tags))?;
        o.serialize_field("start", &self.start)?;
        o.serialize_field("plies", &self.plies)?;
        o.serialize_field("accuracy", &Sides(&self.accuracy))?;
        o.serialize_field("counts", &Sides(&self.counts))?;
        o.serialize_field("complete", &self.complete)?;
        o.serialize_field("nodes", &self.nodes)?;
        o.end()
    }
}

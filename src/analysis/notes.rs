//! An analysis as a game's PGN notes carry it: the `[%eval]` of each ply and the
//! marks its NAGs give, with each side's counts and accuracy figured from them. What
//! an annotated PGN shows (its graph, its marks) without a new analysis, whether this
//! engine or another tool wrote it.

use super::accuracy::{game_accuracy, Decision};
use super::annotate::evals_in_notes;
use super::judge::{Eval, Mark};
use super::report::MarkCounts;
use super::turns::turns;
use crate::api::Game;
use crate::types::{ByColor, Color};
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

/// See the module docs.
#[derive(Debug, Clone, PartialEq)]
pub struct NotesAnalysis {
    /// The evaluation at the start (index 0) and after each action, where the notes
    /// give one (in the multi-action rule sets, after each turn).
    pub evals: Vec<Option<Eval>>,
    /// The same as White's win percentage, for a graph.
    pub white_win: Vec<Option<f64>>,
    /// The mark of each action (index 0: the first action), from its NAGs.
    pub marks: Vec<Option<Mark>>,
    pub counts: ByColor<MarkCounts>,
    /// Each side's accuracy over the turns whose both ends have an evaluation;
    /// `None` without such a turn.
    pub accuracy: ByColor<Option<f64>>,
}

impl NotesAnalysis {
    /// Whether the notes carry any evaluation.
    pub fn is_empty(&self) -> bool {
        self.evals.iter().all(Option::is_none)
    }
}

/// Reads the analysis in `game`'s notes.
pub fn notes_analysis(game: &Game) -> NotesAnalysis {
    let mut evals = evals_in_notes(game);
    // A finished game's last position carries no `[%eval]`: its result says it.
    if let (Some(last @ None), Some(outcome)) = (evals.last_mut(), game.outcome()) {
        *last = Some(Eval::Result(outcome.result_token()));
    }
    let history = game.history();
    let marks: Vec<Option<Mark>> = (1..=history.len())
        .map(|ply| {
            let nags = game
                .notes_at(ply)
                .map(|at| at.nags.as_slice())
                .unwrap_or(&[]);
            nags.iter().find_map(|nag| Mark::from_nag(*nag))
        })
        .collect();
    let mut counts = ByColor::new_with(|_| MarkCounts::default());
    for (mv, mark) in history.iter().zip(&marks) {
        if let Some(mark) = mark {
            counts.get_mut(mv.color).add(*mark);
        }
    }
    let mut decisions = Vec::new();
    let mut white_percents = Vec::new();
    for turn in turns(&history) {
        let mover = history[turn.start].color;
        let (Some(before), Some(after)) = (evals[turn.start], evals[turn.end]) else {
            continue;
        };
        // Accuracy needs an unbroken chain of decisions: after a gap in the
        // evaluations, the last chain is what is measured.
        let before_white = before.win_percent(Color::White);
        if white_percents.last() != Some(&before_white) {
            decisions.clear();
            white_percents.clear();
            white_percents.push(before_white);
        }
        decisions.push(Decision {
            mover,
            before: before.win_percent(mover),
            after: after.win_percent(mover),
        });
        white_percents.push(after.win_percent(Color::White));
    }
    let accuracy = game_accuracy(&decisions, &white_percents);
    NotesAnalysis {
        white_win: evals
            .iter()
            .map(|e| e.map(|e| (e.win_percent(Color::White) * 10.0).round() / 10.0))
            .collect(),
        evals,
        marks,
        counts,
        accuracy: ByColor::new_with(|c| accuracy.get(c).map(|a| (a * 10.0).round() / 10.0)),
    }
}

impl Serialize for NotesAnalysis {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut o = s.serialize_struct("NotesAnalysis", 5)?;
        o.serialize_field("evals", &self.evals)?;
        o.serialize_field("whiteWin", &self.white_win)?;
        o.serialize_field("marks", &self.marks)?;
        o.serialize_field("counts", &super::report::Sides(&self.counts))?;
        o.serialize_field("accuracy", &super::report::Sides(&self.accuracy))?;
        o.end()
    }
}

//! What a game record carries besides its actions: PGN tags, and the comments, NAGs
//! and variations of each ply. `loadPgn` keeps them, the API edits them, and
//! [`super::pgn::write_annotated`] writes them back.
//!
//! Notes are keyed by ply: 0 is the start position (a comment before the first
//! move), `k` the position after the `k`-th action. Each keeps the action that led to
//! it, so taking an action back and playing it again keeps its notes, while playing
//! another action there drops the notes of that ply and of every later one.

use super::pgn_syntax::RawVariation;
use crate::moves::Action;

/// The longest comment accepted through the API, in bytes.
pub const MAX_COMMENT_BYTES: usize = 4096;

/// The most tags a game keeps through the API (a PGN file may bring more).
pub const MAX_TAGS: usize = 256;

/// `comment` with the bytes `at` (a command such as `[%clk ...]`) replaced by `with`.
/// Not `String::replace_range`, whose generic splice is 2.5 KB of the WebAssembly
/// module for two callers.
pub fn replace_in_comment(comment: &mut String, at: std::ops::Range<usize>, with: &str) {
    let mut replaced = String::with_capacity(comment.len() - at.len() + with.len());
    replaced.push_str(&comment[..at.start]);
    replaced.push_str(with);
    replaced.push_str(&comment[at.end..]);
    *comment = replaced;
}

/// The tags a game's rule set and start position decide: written by the game, never
/// stored as notes.
pub const COMPUTED_TAGS: [&str; 3] = ["Variant", "SetUp", "FEN"];

/// Sets tag `name` in `tags`: in place if present, else at the end.
pub fn set_in(tags: &mut Vec<(String, String)>, name: &str, value: &str) {
    match tags.iter_mut().find(|(n, _)| n == name) {
        Some((_, v)) => value.clone_into(v),
        None => tags.push((name.to_string(), value.to_string())),
    }
}

/// The notes of one ply.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlyNotes {
    /// The action that led to this ply (`None` at the start position).
    pub action: Option<Action>,
    pub comments: Vec<String>,
    /// Numeric annotation glyphs (`$1` = `!` … `$6` = `?!`, and the rest).
    pub nags: Vec<u8>,
    /// Alternatives to the move that led here, already checked legal, as SAN lines.
    pub variations: Vec<RawVariation>,
}

impl PlyNotes {
    fn is_empty(&self) -> bool {
        self.comments.is_empty() && self.nags.is_empty() && self.variations.is_empty()
    }
}

/// Tags and per-ply notes of a game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Annotations {
    /// Tag pairs in order, without [`COMPUTED_TAGS`].
    tags: Vec<(String, String)>,
    /// Sorted by ply. A vector, not a `BTreeMap`: a game has few annotated plies,
    /// and the map's code cost the WebAssembly module kilobytes.
    plies: Vec<(usize, PlyNotes)>,
}

impl Annotations {
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, in place if present, else at the end. [`COMPUTED_TAGS`] are
    /// ignored (the caller refuses them with a reason).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if !COMPUTED_TAGS.contains(&name) {
            set_in(&mut self.tags, name, value);
        }
    }

    /// Removes tag `name`; whether it was there.
    pub fn remove_tag(&mut self, name: &str) -> bool {
        let before = self.tags.len();
        self.tags.retain(|(n, _)| n != name);
        self.tags.len() != before
    }

    /// The notes of `ply`, if any.
    pub fn at(&self, ply: usize) -> Option<&PlyNotes> {
        let i = self.plies.binary_search_by_key(&ply, |(p, _)| *p).ok()?;
        Some(&self.plies[i].1)
    }

    /// The notes of `ply` to edit, created if missing; `action` is the action that
    /// led there (`None` at ply 0).
    pub fn at_mut(&mut self, ply: usize, action: Option<Action>) -> &mut PlyNotes {
        let i = match self.plies.binary_search_by_key(&ply, |(p, _)| *p) {
            Ok(i) => i,
            Err(i) => {
                self.plies.insert(i, (ply, PlyNotes::default()));
                i
            }
        };
        let notes = &mut self.plies[i].1;
        notes.action = action;
        notes
    }

    /// Drops the notes of `ply` once they are empty.
    pub fn tidy(&mut self, ply: usize) {
        self.plies
            .retain(|(p, notes)| *p != ply || !notes.is_empty());
    }

    /// Records that `action` was played as the `ply`-th action: the notes kept for
    /// another action there, and all later ones, no longer belong to the game.
    pub fn played(&mut self, ply: usize, action: &Action) {
        if self
            .at(ply)
            .is_some_and(|n| n.action.as_ref() != Some(action))
        {
            let keep = self.plies.partition_point(|(p, _)| *p < ply);
            self.plies.truncate(keep);
        }
    }

    /// Forgets every ply's notes (a new position was loaded); tags stay.
    pub fn clear_plies(&mut self) {
        self.plies.clear();
    }

    /// The plies with notes, in order, up to and including `last`.
    pub fn plies_up_to(&self, last: usize) -> impl Iterator<Item = (usize, &PlyNotes)> + '_ {
        self.plies
            .iter()
            .take_while(move |(ply, _)| *ply <= last)
            .map(|(ply, notes)| (*ply, notes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Square;

    fn quiet(from: Square, to: Square) -> Action {
        Action::Normal {
            role: crate::types::Role::Pawn,
            from,
            to,
            capture: None,
            promotion: None,
        }
    }

    #[test]
    fn tags_keep_their_order_and_refuse_computed_ones() {
        let mut notes = Annotations::default();
        notes.set_tag("White", "A");
        notes.set_tag("Black", "B");
        notes.set_tag("White", "C");
        notes.set_tag("FEN", "8/8/8/8/8/8/8/8 w - - 0 1");
        assert_eq!(
            notes.tags(),
            [("White".into(), "C".into()), ("Black".into(), "B".into())]
        );
        assert!(notes.remove_tag("White"));
        assert!(!notes.remove_tag("White"));
        assert_eq!(notes.tag("Black"), Some("B"));
    }

    #[test]
    fn replaying_the_same_action_keeps_notes_and_another_drops_them() {
        let square = |name: &str| name.parse::<Square>().unwrap();
        let e4 = quiet(square("e2"), square("e4"));
        let d4 = quiet(square("d2"), square("d4"));
        let mut notes = Annotations::default();
        notes.at_mut(0, None).comments.push("start".into());
        notes.at_mut(1, Some(e4)).comments.push("e4".into());
        notes.at_mut(2, Some(e4)).nags.push(1);
        notes.played(1, &e4);
        assert_eq!(notes.plies_up_to(9).count(), 3);
        notes.played(1, &d4);
        let left: Vec<usize> = notes.plies_up_to(9).map(|(ply, _)| ply).collect();
        assert_eq!(left, [0]);
        notes.at_mut(0, None).comments.clear();
        notes.tidy(0);
        assert_eq!(notes.plies_up_to(9).count(), 0);
    }
}

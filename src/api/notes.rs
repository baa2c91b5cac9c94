//! A game's PGN tags, comments and NAGs through the API: read, set and removed with
//! checked arguments, kept by `load_pgn` and written by `pgn`. Comments and NAGs
//! belong to the current position (the move that led to it).

use super::{any_record, MAX_SHORT_TEXT, MAX_TAGS};
use super::{quote, ApiError, ApiErrorKind, Game, COMPUTED_TAGS, MAX_COMMENT_BYTES};
use crate::notation::annotations::PlyNotes;

/// A comment with the FEN of the position it belongs to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PositionComment {
    pub fen: String,
    pub comment: String,
}

fn invalid(message: String) -> ApiError {
    ApiError::new(ApiErrorKind::InvalidArgument, message)
}

/// A PGN tag name: letters, digits and `_`, starting with a letter (PGN standard
/// 8.1.1), at most 64 bytes.
fn check_tag_name(name: &str) -> Result<(), ApiError> {
    let well_formed = name.len() <= 64
        && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !well_formed {
        return Err(invalid(format!(
            "tag name '{}' must be letters, digits and _ (a letter first, at most 64)",
            quote(name, 32)
        )));
    }
    if COMPUTED_TAGS.contains(&name) {
        return Err(invalid(format!(
            "the {name} tag is written from the game's rule set and start position; \
             load a position or a PGN game instead"
        )));
    }
    Ok(())
}

impl Game {
    /// The tags `pgn()` writes, in its order: the Seven Tag Roster (`Result` from the
    /// outcome, else the `Result` tag, else `*`), `Variant`, `SetUp`/`FEN`, the rest.
    pub fn headers(&self) -> Vec<(String, String)> {
        let outcome = self.inner.outcome();
        crate::notation::pgn::annotated_tags(
            self.variant(),
            outcome.as_ref().map(|o| o.result_token()),
            self.set_up_fen(),
            &self.notes,
        )
    }

    /// The start position's FEN when the game did not start at its rule set's start
    /// (the `SetUp`/`FEN` tags); not generic (the WebAssembly module's size).
    pub(crate) fn set_up_fen(&self) -> Option<String> {
        let start = self.inner.start_fen();
        (start != any_record::new_any_record(self.variant()).fen()).then_some(start)
    }

    /// Sets a tag for `pgn()` and `headers()`.
    ///
    /// # Errors
    /// `InvalidArgument` for a malformed name, a value over 512 bytes or with a line
    /// break, `Variant`/`SetUp`/`FEN` (the game decides those), or a 257th tag.
    pub fn set_header(&mut self, name: &str, value: &str) -> Result<(), ApiError> {
        check_tag_name(name)?;
        if value.len() > MAX_SHORT_TEXT || value.contains(['\n', '\r']) {
            return Err(invalid(format!(
                "the value of tag {name} must be one line of at most {MAX_SHORT_TEXT} bytes"
            )));
        }
        if self.notes.tag(name).is_none() && self.notes.tags().len() >= MAX_TAGS {
            return Err(invalid(format!("a game keeps at most {MAX_TAGS} tags")));
        }
        self.notes.set_tag(name, value);
        Ok(())
    }

    /// Removes a tag set before (or loaded); whether there was one. The roster's tags
    /// go back to their defaults (`?`).
    pub fn remove_header(&mut self, name: &str) -> bool {
        self.notes.remove_tag(name)
    }

    /// The comment on the current position (after the last move; before the first
    /// move at the start), several joined by a space.
    pub fn comment(&self) -> Option<String> {
        let at = self.notes.at(self.inner.plies())?;
        (!at.comments.is_empty()).then(|| at.comments.join(" "))
    }

    /// Replaces the current position's comment.
    ///
    /// # Errors
    /// `InvalidArgument` for a comment over 4,096 bytes.
    pub fn set_comment(&mut self, text: &str) -> Result<(), ApiError> {
        if text.len() > MAX_COMMENT_BYTES {
            return Err(invalid(format!(
                "a comment is at most {MAX_COMMENT_BYTES} bytes"
            )));
        }
        self.edit_notes_here(|at| {
            at.comments.clear();
            if !text.trim().is_empty() {
                at.comments.push(text.to_string());
            }
        });
        Ok(())
    }

    /// Removes the current position's comment and returns it.
    pub fn remove_comment(&mut self) -> Option<String> {
        let comment = self.comment();
        if comment.is_some() {
            self.edit_notes_here(|at| at.comments.clear());
        }
        comment
    }

    /// Every comment of the game up to the current position, in game order.
    pub fn comments(&self) -> Vec<PositionComment> {
        let plies = self.inner.plies();
        let mut history = None;
        let mut out = Vec::new();
        for (ply, at) in self.notes.plies_up_to(plies) {
            if at.comments.is_empty() {
                continue;
            }
            let history = history.get_or_insert_with(|| self.inner.history());
            // The position after ply k is the k-th move's `after`; the start is the
            // first move's `before` (or the current position before any move).
            let fen = match ply.checked_sub(1).and_then(|i| history.get(i)) {
                Some(info) => info.after.clone(),
                None => history
                    .first()
                    .map_or_else(|| self.fen(), |info| info.before.clone()),
            };
            out.push(PositionComment {
                fen,
                comment: at.comments.join(" "),
            });
        }
        out
    }

    /// The NAGs of the move that led to the current position (`1` = `!`, `2` = `?`,
    /// `3` = `!!`, `4` = `??`, `5` = `!?`, `6` = `?!`, and the rest of the standard's
    /// numbers).
    pub fn nags(&self) -> Vec<u8> {
        self.notes
            .at(self.inner.plies())
            .map_or_else(Vec::new, |at| at.nags.clone())
    }

    /// The variations of the move that led to the current position (the alternatives
    /// a PGN gave to it, played from the position before it): each its moves as the
    /// PGN's tokens (SAN; a multi-action turn is one token, `e5,Nc6`).
    pub fn variations(&self) -> Vec<Vec<String>> {
        self.notes
            .at(self.inner.plies())
            .map_or_else(Vec::new, |at| {
                at.variations
                    .iter()
                    .map(|line| line.moves.iter().map(|m| m.token.clone()).collect())
                    .collect()
            })
    }

    /// Replaces the NAGs of the move that led to the current position.
    ///
    /// # Errors
    /// `InvalidArgument` at the start position (no move to annotate), or for more
    /// than 8 NAGs.
    pub fn set_nags(&mut self, nags: &[u8]) -> Result<(), ApiError> {
        if self.inner.plies() == 0 {
            return Err(invalid("no move to annotate at the start position".into()));
        }
        if nags.len() > 8 {
            return Err(invalid("a move takes at most 8 NAGs".into()));
        }
        self.edit_notes_here(|at| at.nags = nags.to_vec());
        Ok(())
    }

    /// Edits the notes of the current position, then drops them if left empty.
    /// Edits the notes of `ply` (0: the start position; `k`: after the `k`-th
    /// action), for tools that annotate a whole game (the analysis).
    ///
    /// # Errors
    /// `InvalidArgument` for a ply beyond the game's end.
    pub fn edit_notes_at(
        &mut self,
        ply: usize,
        change: impl FnOnce(&mut PlyNotes),
    ) -> Result<(), ApiError> {
        let actions = self.inner.history_actions();
        if ply > actions.len() {
            return Err(invalid(format!(
                "ply {ply} is beyond the game's {} actions",
                actions.len()
            )));
        }
        let action = ply.checked_sub(1).map(|i| actions[i]);
        change(self.notes.at_mut(ply, action));
        self.notes.tidy(ply);
        Ok(())
    }

    /// The notes of `ply`, if any.
    pub fn notes_at(&self, ply: usize) -> Option<&PlyNotes> {
        self.notes.at(ply)
    }

    fn edit_notes_here(&mut self, change: impl FnOnce(&mut PlyNotes)) {
        let ply = self.inner.plies();
        let last = self.inner.history_actions().last().copied();
        change(self.notes.at_mut(ply, last));
        self.notes.tidy(ply);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        Game::new("chess", None).unwrap()
    }

    #[test]
    fn headers_follow_the_roster_and_refuse_bad_names() {
        let mut g = game();
        g.set_header("White", "Anna").unwrap();
        g.set_header("Annotator", "me").unwrap();
        let names: Vec<String> = g.headers().into_iter().map(|(n, _)| n).collect();
        assert_eq!(
            names,
            [
                "Event",
                "Site",
                "Date",
                "Round",
                "White",
                "Black",
                "Result",
                "Annotator"
            ]
        );
        assert_eq!(g.headers()[4].1, "Anna");
        for bad in ["", "1x", "a b", "FEN", "Variant", "SetUp"] {
            assert!(g.set_header(bad, "x").is_err(), "{bad}");
        }
        assert!(g.set_header("Event", "two\nlines").is_err());
        assert!(g.remove_header("White"));
        assert_eq!(g.headers()[4].1, "?");
        assert!(g.pgn(&[]).contains("[Annotator \"me\"]"));
    }

    #[test]
    fn comments_and_nags_belong_to_positions() {
        let mut g = game();
        g.set_comment("before").unwrap();
        g.play_text("e4").unwrap();
        g.set_comment("king's pawn").unwrap();
        g.set_nags(&[1]).unwrap();
        g.play_text("e5").unwrap();
        assert_eq!(g.comment(), None);
        assert_eq!(g.comments().len(), 2);
        assert_eq!(g.comments()[1].comment, "king's pawn");
        assert_eq!(
            g.comments()[1].fen,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        assert!(g
            .pgn(&[])
            .contains("{before} 1. e4 $1 {king's pawn} 1... e5 *"));
        // Taking e4 back and playing it again keeps its notes; another move drops them.
        g.undo();
        g.undo();
        g.play_text("e4").unwrap();
        assert_eq!(g.comment().as_deref(), Some("king's pawn"));
        g.undo();
        g.play_text("d4").unwrap();
        assert_eq!(g.comment(), None);
        assert_eq!(g.nags(), Vec::<u8>::new());
        assert_eq!(g.comments().len(), 1);
        assert!(g.set_comment(&"x".repeat(MAX_COMMENT_BYTES + 1)).is_err());
        assert_eq!(g.remove_comment(), None);
        g.undo();
        assert_eq!(g.remove_comment().as_deref(), Some("before"));
        assert!(g.set_nags(&[1]).is_err());
    }

    #[test]
    fn load_pgn_keeps_tags_comments_nags_and_variations() {
        let text = "[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\
                    [Annotator \"C\"]\n\n{Start} 1. e4 $1 {best} e5 (1... c5 {Sicilian} 2. Nf3) \
                    2. Nf3 Nc6 1-0";
        let mut g = game();
        g.load_pgn(text).unwrap();
        let out = g.pgn(&[]);
        assert!(out.contains("[Event \"Club\"]"), "{out}");
        assert!(out.contains("[Result \"1-0\"]"), "{out}");
        assert!(out.contains("[Annotator \"C\"]"), "{out}");
        assert!(
            out.contains(
                "{Start} 1. e4 $1 {best} 1... e5 (1... c5 {Sicilian} 2. Nf3) 2. Nf3 Nc6 1-0"
            ),
            "{out}"
        );
        // The variations of the move that led to each position, as the PGN gave them.
        assert!(g.variations().is_empty(), "after Nc6: none");
        g.undo();
        g.undo();
        assert_eq!(
            g.variations(),
            vec![vec!["c5".to_string(), "Nf3".to_string()]]
        );
        g.undo();
        assert!(g.variations().is_empty(), "after e4: none");
        // The text read back gives the same game and notes.
        let mut again = game();
        again.load_pgn(&out).unwrap();
        assert_eq!(again.pgn(&[]), out);
        // Loading a FEN starts a new game: its notes go, the tags stay.
        g.load("8/8/8/4k3/8/8/8/4K2R w K - 0 1").unwrap();
        assert!(g.comments().is_empty());
        assert!(g.pgn(&[]).contains("[Annotator \"C\"]"));
    }
}

//! Ends self-play games early once their result is clear, so the search's time goes
//! into new positions rather than into converting won games or shuffling in dead
//! draws: a win when the score stays decisive for the same side, a draw when it
//! stays near zero late in the game, and a draw at a length cap.

use alfiere::search::Score;
use alfiere::{Color, Outcome};

/// A score (White's view) at least this far from zero counts as decisive.
const WIN_CP: i32 = 1000;
/// Decisive plies in a row, for the same side, that adjudicate a win: a few, so one
/// search's horizon effect cannot end a game alone.
const WIN_PLIES: u32 = 4;
/// A score (White's view) at most this far from zero counts as level.
const DRAW_CP: i32 = 10;
/// Level plies in a row that adjudicate a draw.
const DRAW_PLIES: u32 = 10;
/// Draws are adjudicated only from this game ply on: earlier, a level score often
/// just means that the middlegame has not been decided yet.
const DRAW_FROM_PLY: usize = 80;
/// Games this long (in plies from the start position) are drawn.
pub const MAX_PLIES: usize = 400;

/// A game's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Win(Color),
    Draw,
}

impl Verdict {
    pub fn from_outcome(outcome: Outcome) -> Verdict {
        outcome.winner.map_or(Verdict::Draw, Verdict::Win)
    }

    /// The result for White in half points (0, 1 or 2), as the teacher records
    /// hold it.
    pub fn white_half_points(self) -> u8 {
        match self {
            Verdict::Win(Color::White) => 2,
            Verdict::Draw => 1,
            Verdict::Win(Color::Black) => 0,
        }
    }

    /// The result from White's point of view, as written in the data: `1.0`, `0.5`
    /// or `0.0`.
    pub fn white_token(self) -> &'static str {
        match self {
            Verdict::Win(Color::White) => "1.0",
            Verdict::Draw => "0.5",
            Verdict::Win(Color::Black) => "0.0",
        }
    }
}

/// A score from the side to act's point of view, turned to White's.
pub fn white_view(score: Score, to_act: Color) -> Score {
    match (score, to_act) {
        (_, Color::White) => score,
        (Score::Cp(cp), Color::Black) => Score::Cp(-cp),
        (Score::Mate(n), Color::Black) => Score::Mate(-n),
    }
}

/// The streaks of decisive and level scores seen so far in a game.
#[derive(Debug, Clone, Default)]
pub struct Adjudicator {
    white_winning: u32,
    black_winning: u32,
    level: u32,
}

impl Adjudicator {
    /// Notes the search score (White's view) of the position at game ply `ply`;
    /// returns the adjudicated result once there is one.
    pub fn note(&mut self, white_score: Score, ply: usize) -> Option<Verdict> {
        let (white_wins, black_wins, level) = match white_score {
            Score::Mate(n) => (n > 0, n < 0, false),
            Score::Cp(cp) => (cp >= WIN_CP, cp <= -WIN_CP, cp.abs() <= DRAW_CP),
        };
        let streak = |on: bool, count: u32| if on { count + 1 } else { 0 };
        self.white_winning = streak(white_wins, self.white_winning);
        self.black_winning = streak(black_wins, self.black_winning);
        self.level = streak(level, self.level);
        if self.white_winning >= WIN_PLIES {
            Some(Verdict::Win(Color::White))
        } else if self.black_winning >= WIN_PLIES {
            Some(Verdict::Win(Color::Black))
        } else if self.level >= DRAW_PLIES && ply >= DRAW_FROM_PLY {
            Some(Verdict::Draw)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_needs_four_decisive_plies_for_the_same_side() {
        let mut adjudicator = Adjudicator::default();
        for cp in [1200, 1500, -1100, 1300, 1400, 1200] {
            assert_eq!(adjudicator.note(Score::Cp(cp), 30), None);
        }
        assert_eq!(
            adjudicator.note(Score::Mate(3), 30),
            Some(Verdict::Win(Color::White))
        );
        let mut adjudicator = Adjudicator::default();
        for _ in 0..3 {
            assert_eq!(adjudicator.note(Score::Cp(-1000), 30), None);
        }
        assert_eq!(
            adjudicator.note(Score::Mate(-2), 30),
            Some(Verdict::Win(Color::Black))
        );
    }

    #[test]
    fn a_draw_needs_ten_level_plies_late_in_the_game() {
        let mut adjudicator = Adjudicator::default();
        for ply in 60..79 {
            assert_eq!(adjudicator.note(Score::Cp(5), ply), None);
        }
        assert_eq!(adjudicator.note(Score::Cp(-10), 80), Some(Verdict::Draw));
        let mut adjudicator = Adjudicator::default();
        for ply in 100..109 {
            assert_eq!(adjudicator.note(Score::Cp(0), ply), None);
        }
        assert_eq!(adjudicator.note(Score::Cp(11), 109), None);
    }

    #[test]
    fn scores_turn_to_whites_view() {
        assert_eq!(white_view(Score::Cp(30), Color::Black), Score::Cp(-30));
        assert_eq!(white_view(Score::Mate(2), Color::Black), Score::Mate(-2));
        assert_eq!(white_view(Score::Cp(30), Color::White), Score::Cp(30));
        assert_eq!(Verdict::Win(Color::Black).white_token(), "0.0");
        assert_eq!(Verdict::Win(Color::Black).white_half_points(), 0);
        assert_eq!(Verdict::Draw.white_half_points(), 1);
        assert_eq!(Verdict::Win(Color::White).white_half_points(), 2);
    }
}

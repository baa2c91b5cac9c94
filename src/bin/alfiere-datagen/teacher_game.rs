//! One game of teacher data: self-play from the orthodox array or a random Chess960
//! one, then a sampled share of its kept (quiet) positions scored by the teacher and
//! packed as `alfiere::teacher` records with the game's result and number.

use crate::args::Teacher;
use crate::selfplay::{self, PlayedOut, Settings};
use crate::teacher::Labeller;
use alfiere::notation::fen::parse_fen;
use alfiere::search::skill::SplitMix;
use alfiere::search::TranspositionTable;
use alfiere::teacher::TeacherRecord;
use alfiere::{Chess, Chess960, Color};

/// The Chess960 arrays (numbered 0-959; 518 is the orthodox one).
const CHESS960_ARRAYS: usize = 960;
/// Mixed into a game's seed for the choices made here (the start, the sample), so
/// they do not repeat the opening's random plies.
const CHOICE_SALT: u64 = 0x7465_6163_6865_7221;

/// A labelled game, ready to append.
#[derive(Debug, Clone)]
pub struct LabelledGame {
    /// The records, packed one after the other.
    pub bytes: Vec<u8>,
    pub records: u64,
    pub played: PlayedOut,
    pub chess960: bool,
}

/// Plays game `game` (seeded by `seed`) and labels it; `Ok(None)` when no balanced
/// opening was found. A teacher failure is an error: the run stops rather than
/// write unlabelled data.
pub fn play_labelled(
    table: TranspositionTable,
    settings: &Settings,
    teacher: &Teacher,
    labeller: &mut dyn Labeller,
    seed: u64,
    game: u32,
) -> (Result<Option<LabelledGame>, String>, TranspositionTable) {
    let mut choices = SplitMix(seed ^ CHOICE_SALT);
    let chess960 = choices.below(100) < teacher.chess960_percent as usize;
    let (played, table) = if chess960 {
        let array = choices.below(CHESS960_ARRAYS) as u16;
        let start = Chess960::from_start_number(array).expect("an array below 960");
        selfplay::play_from(start, table, settings, seed)
    } else {
        selfplay::play::<Chess>(table, settings, seed)
    };
    let Some(played) = played else {
        return (Ok(None), table);
    };
    (
        label(played, chess960, teacher, labeller, &mut choices, game).map(Some),
        table,
    )
}

/// Labels a sampled share of `played`'s positions.
fn label(
    played: PlayedOut,
    chess960: bool,
    teacher: &Teacher,
    labeller: &mut dyn Labeller,
    choices: &mut SplitMix,
    game: u32,
) -> Result<LabelledGame, String> {
    labeller.new_game(chess960)?;
    let mut bytes = Vec::new();
    let mut records = 0;
    let result = played.verdict.white_half_points();
    for sample in &played.samples {
        if choices.below(100) >= teacher.sample_percent as usize {
            continue;
        }
        let Some(cp) = labeller.label(&sample.fen)? else {
            continue;
        };
        let setup = parse_fen(&sample.fen).map_err(|e| format!("{}: {e}", sample.fen))?;
        let white_cp = if setup.turn == Color::Black { -cp } else { cp };
        let record = TeacherRecord {
            setup,
            chess960,
            // Saturating: a score of hundreds of pawns is a won game either way.
            white_cp: white_cp.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            white_result: result,
            game,
        };
        bytes.extend_from_slice(&record.encode().map_err(|e| e.to_string())?);
        records += 1;
    }
    Ok(LabelledGame {
        bytes,
        records,
        played,
        chess960,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alfiere::teacher::RECORD_BYTES;

    /// Scores a position by the length of its FEN, and calls every tenth one a mate.
    #[derive(Default)]
    struct FakeTeacher {
        games: Vec<bool>,
        calls: usize,
    }

    impl Labeller for FakeTeacher {
        fn new_game(&mut self, chess960: bool) -> Result<(), String> {
            self.games.push(chess960);
            Ok(())
        }

        fn label(&mut self, fen: &str) -> Result<Option<i32>, String> {
            self.calls += 1;
            Ok((self.calls % 10 != 0).then_some(fen.len() as i32))
        }
    }

    fn teacher(chess960_percent: u32, sample_percent: u32) -> Teacher {
        Teacher {
            path: "fake".to_string(),
            nodes: 1,
            chess960_percent,
            sample_percent,
        }
    }

    #[test]
    fn records_carry_the_teachers_score_the_result_and_the_game() {
        let settings = Settings {
            nodes: 200,
            opening_plies: 8,
            skip_plies: crate::selfplay::SKIP_PLIES,
            network: None,
        };
        let mut fake = FakeTeacher::default();
        let mut table = TranspositionTable::new(1);
        let mut kinds = Vec::new();
        for game in 0..8u32 {
            let (labelled, back) = play_labelled(
                table,
                &settings,
                &teacher(50, 100),
                &mut fake,
                u64::from(game) * 7 + 1,
                game,
            );
            table = back;
            let labelled = labelled.unwrap().expect("a balanced opening");
            kinds.push(labelled.chess960);
            assert_eq!(
                labelled.bytes.len() as u64,
                labelled.records * RECORD_BYTES as u64
            );
            // Every tenth call was a mate: the others are all kept, in order.
            let fens: Vec<&str> = labelled
                .played
                .samples
                .iter()
                .map(|s| s.fen.as_str())
                .collect();
            let mut kept = 0;
            for chunk in labelled.bytes.chunks(RECORD_BYTES) {
                let record = TeacherRecord::decode(chunk.try_into().unwrap()).unwrap();
                let fen = record.fen().unwrap();
                assert!(fens.contains(&fen.as_str()), "{fen}");
                let own = fen.len() as i16;
                let expected = if record.setup.turn == Color::White {
                    own
                } else {
                    -own
                };
                assert_eq!(record.white_cp, expected);
                assert_eq!(
                    record.white_result,
                    labelled.played.verdict.white_half_points()
                );
                assert_eq!((record.game, record.chess960), (game, labelled.chess960));
                kept += 1;
            }
            assert!(kept + 2 >= labelled.played.samples.len() * 8 / 10, "{kept}");
        }
        assert_eq!(fake.games, kinds);
        assert!(kinds.contains(&true) && kinds.contains(&false), "{kinds:?}");
    }

    #[test]
    fn the_sample_share_labels_part_of_the_positions() {
        let settings = Settings {
            nodes: 200,
            opening_plies: 8,
            skip_plies: crate::selfplay::SKIP_PLIES,
            network: None,
        };
        let mut fake = FakeTeacher::default();
        let (labelled, _) = play_labelled(
            TranspositionTable::new(1),
            &settings,
            &teacher(0, 30),
            &mut fake,
            5,
            0,
        );
        let labelled = labelled.unwrap().unwrap();
        let samples = labelled.played.samples.len();
        assert!(!labelled.chess960);
        assert!(
            fake.calls < samples && fake.calls > 0,
            "{} of {samples}",
            fake.calls
        );
    }
}

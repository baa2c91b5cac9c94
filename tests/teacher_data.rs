//! Teacher data (issue 57): the 40-byte record gives back the position it packed
//! (orthodox chess and Chess960, castling and en passant included) and refuses a
//! damaged one; a file's torn or zeroed tail is dropped on resuming, never a record
//! in the middle; `alfiere-datagen --teacher` resumes a file with new games only,
//! and `alfiere-train` reads what it wrote. The teacher in these tests is alfiere
//! itself (a UCI engine that is always built); one test uses Debian's Stockfish when
//! it is installed and says it was skipped otherwise.

use alfiere::notation::fen::write_fen;
use alfiere::search::skill::SplitMix;
use alfiere::teacher::{
    resume, FileError, Header, RecordError, RecordReader, TeacherRecord, HEADER_BYTES, RECORD_BYTES,
};
use alfiere::{ActionList, Chess, Chess960, Position, Record};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const STOCKFISH: &str = "/usr/games/stockfish";

/// Positions of random games of `G` from `start`: every one that arises.
fn random_positions<G: Position>(start: G, seed: u64, plies: usize) -> Vec<G> {
    let mut rng = SplitMix(seed);
    let mut record = Record::new(start);
    let mut list = ActionList::new();
    let mut out = vec![record.current().clone()];
    for _ in 0..plies {
        record.current().legal_actions(&mut list);
        if list.is_empty() || record.outcome().is_some() {
            break;
        }
        let action = list[rng.below(list.len())];
        record.play(&action).unwrap();
        out.push(record.current().clone());
    }
    out
}

/// Records of many positions of both rule sets, with varied labels.
fn sample_records() -> Vec<TeacherRecord> {
    let mut records = Vec::new();
    for seed in 0..20u64 {
        for pos in random_positions(Chess::start(), seed, 120) {
            let n = records.len();
            records.push(TeacherRecord::of(
                &pos,
                false,
                n as i16 - 300,
                (n % 3) as u8,
                seed as u32,
            ));
        }
        let array = Chess960::from_start_number((seed * 47 % 960) as u16).unwrap();
        for pos in random_positions(array, seed, 120) {
            let n = records.len();
            records.push(TeacherRecord::of(
                &pos,
                true,
                -(n as i16),
                (n % 3) as u8,
                1000 + seed as u32,
            ));
        }
    }
    records
}

fn file_bytes(records: &[TeacherRecord]) -> Vec<u8> {
    let mut bytes = Header { seed: 9 }.encode().to_vec();
    for record in records {
        bytes.extend_from_slice(&record.encode().unwrap());
    }
    bytes
}

#[test]
fn records_give_back_their_positions_in_both_rule_sets() {
    let records = sample_records();
    let mut castling960 = 0;
    let mut en_passant = 0;
    for record in &records {
        let decoded = TeacherRecord::decode(&record.encode().unwrap()).unwrap();
        assert_eq!(&decoded, record);
        // The FEN of the decoded record is the position's own.
        let fen = decoded.fen().unwrap();
        let again = if record.chess960 {
            write_fen(&Chess960::from_setup(&record.setup).unwrap())
        } else {
            write_fen(&Chess::from_setup(&record.setup).unwrap())
        };
        assert_eq!(fen, again);
        castling960 += usize::from(record.chess960 && !record.castling_rights().is_empty());
        en_passant += usize::from(!record.setup.ep_squares.is_empty());
    }
    assert!(
        castling960 > 100 && en_passant > 0,
        "{castling960} {en_passant}"
    );
    // Read back through a file: the same records in order.
    let bytes = file_bytes(&records);
    assert_eq!(bytes.len(), HEADER_BYTES + records.len() * RECORD_BYTES);
    let (header, mut reader) = RecordReader::new(bytes.as_slice()).unwrap();
    assert_eq!(header, Header { seed: 9 });
    let mut read = Vec::new();
    while let Some(record) = reader.next_record().unwrap() {
        read.push(record.unwrap());
    }
    assert_eq!(read, records);
    assert_eq!(reader.torn_tail_bytes, 0);
}

#[test]
fn a_damaged_or_zeroed_record_is_refused() {
    let record = &sample_records()[33];
    let good = record.encode().unwrap();
    for byte in 0..RECORD_BYTES {
        let mut bad = good;
        bad[byte] ^= 0x10;
        assert_eq!(
            TeacherRecord::decode(&bad),
            Err(RecordError::Checksum),
            "byte {byte}"
        );
    }
    assert_eq!(
        TeacherRecord::decode(&[0; RECORD_BYTES]),
        Err(RecordError::Checksum)
    );
    // A result out of range is refused on both sides.
    let mut wrong = record.clone();
    wrong.white_result = 3;
    assert!(wrong.encode().is_err());
}

#[test]
fn resuming_drops_a_torn_or_zeroed_tail_and_continues_the_game_numbers() {
    let records = sample_records();
    let whole = file_bytes(&records);
    let max_game = records.iter().map(|r| r.game).max().unwrap();
    let scan = |bytes: &[u8]| resume(bytes, bytes.len() as u64).unwrap();

    let clean = scan(&whole);
    assert_eq!(clean.header, Some(Header { seed: 9 }));
    assert_eq!(
        (clean.keep_bytes, clean.dropped_bytes),
        (whole.len() as u64, 0)
    );
    assert_eq!(clean.records, records.len() as u64);
    assert_eq!(clean.next_game, max_game + 1);

    // A torn last record, then zeroed records (a file system's view after a crash).
    let mut torn = whole.clone();
    torn.extend_from_slice(&records[5].encode().unwrap()[..17]);
    let found = scan(&torn);
    assert_eq!(
        (found.keep_bytes, found.dropped_bytes),
        (whole.len() as u64, 17)
    );
    let mut zeroed = whole.clone();
    zeroed.extend_from_slice(&[0; 3 * RECORD_BYTES + 5]);
    let found = scan(&zeroed);
    assert_eq!(found.keep_bytes, whole.len() as u64);
    assert_eq!(found.dropped_bytes, 3 * RECORD_BYTES as u64 + 5);
    assert_eq!(found.records, records.len() as u64);

    // Damage in the middle is kept (and counted): only the end can be torn.
    let mut damaged = whole.clone();
    damaged[HEADER_BYTES + 7 * RECORD_BYTES + 3] ^= 1;
    let found = scan(&damaged);
    assert_eq!((found.keep_bytes, found.damaged), (whole.len() as u64, 1));

    // A start cut short in the header is written again; a file of another kind is
    // refused, as are other versions.
    let header = Header { seed: 9 }.encode();
    let short = scan(&header[..5]);
    assert_eq!((short.header, short.keep_bytes), (None, 0));
    assert!(matches!(
        resume(&b"r1bqkbnr/pppp | 3 | 0.5\n"[..], 24),
        Err(FileError::NotTeacherData)
    ));
    let mut newer = whole.clone();
    newer[8] = 2;
    assert!(matches!(
        resume(newer.as_slice(), newer.len() as u64),
        Err(FileError::Version(2))
    ));
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("alfiere-teacher-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `alfiere-datagen --teacher TEACHER` for two quick games into `out`.
fn generate(out: &Path, teacher: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_alfiere-datagen"))
        .args(["--games", "2", "--nodes", "300", "--teacher", teacher])
        .args(["--teacher-nodes", "300", "--chess960", "50"])
        .args(extra)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

/// Every record of a file (all must decode) and its header's seed.
fn read_all(path: &Path) -> (Vec<TeacherRecord>, u64) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!((bytes.len() - HEADER_BYTES) % RECORD_BYTES, 0);
    let (header, mut reader) = RecordReader::new(bytes.as_slice()).unwrap();
    let mut records = Vec::new();
    while let Some(record) = reader.next_record().unwrap() {
        records.push(record.unwrap());
    }
    (records, header.seed)
}

#[test]
fn the_generator_resumes_with_new_games_and_the_trainer_reads_its_file() {
    let dir = scratch("resume");
    let out = dir.join("teacher.bin");
    let alfiere = env!("CARGO_BIN_EXE_alfiere");
    let first = generate(&out, alfiere, &["--seed", "4", "--threads", "2"]);
    let stderr = String::from_utf8_lossy(&first.stderr);
    assert!(first.status.success(), "{stderr}");
    let (records, seed) = read_all(&out);
    assert_eq!(seed, 4);
    assert!(records.len() >= 5, "{stderr}");
    let first_games: Vec<u32> = records.iter().map(|r| r.game).collect();
    assert!(first_games.iter().all(|&g| g < 2), "{first_games:?}");
    for record in &records {
        record.fen().unwrap();
    }

    // A run killed in the middle of a write: part of a record at the end.
    let mut bytes = std::fs::read(&out).unwrap();
    let kept = bytes.len();
    bytes.extend_from_slice(&records[0].encode().unwrap()[..21]);
    std::fs::write(&out, &bytes).unwrap();
    // A different seed is refused for an existing file, and the file is unchanged.
    let refused = generate(&out, alfiere, &["--seed", "5"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("seed 4"));
    assert_eq!(std::fs::read(&out).unwrap().len(), kept + 21);

    let second = generate(&out, alfiere, &[]);
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert!(second.status.success(), "{stderr}");
    assert!(
        stderr.contains("21 bytes of a torn tail dropped"),
        "{stderr}"
    );
    assert!(stderr.contains("games from 2 under seed 4"), "{stderr}");
    let (all, _) = read_all(&out);
    assert_eq!(all[..records.len()], records[..]);
    let new_games: Vec<u32> = all[records.len()..].iter().map(|r| r.game).collect();
    assert!(!new_games.is_empty());
    assert!(new_games.iter().all(|&g| g == 2 || g == 3), "{new_games:?}");

    // The trainer reads every record as a position.
    let net = dir.join("net.nnue");
    let trained = Command::new(env!("CARGO_BIN_EXE_alfiere-train"))
        .args([
            "--epochs",
            "0",
            "--threads",
            "1",
            "--validation",
            "0",
            "--data",
        ])
        .arg(&out)
        .arg("--out")
        .arg(&net)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&trained.stdout);
    assert!(
        trained.status.success(),
        "{}",
        String::from_utf8_lossy(&trained.stderr)
    );
    assert!(
        stdout.contains(&format!("positions: {} (", all.len())),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_teacher_is_a_clear_error_before_any_game() {
    let dir = scratch("missing");
    let out = dir.join("teacher.bin");
    let run = generate(&out, "/nonexistent/stockfish", &[]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("apt-get install stockfish"), "{stderr}");
    assert!(!out.exists(), "the file was created without a teacher");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stockfish_labels_chess960_positions_when_installed() {
    if !Path::new(STOCKFISH).exists() {
        eprintln!("skipped: {STOCKFISH} is not installed");
        return;
    }
    let dir = scratch("stockfish");
    let out = dir.join("teacher.bin");
    // Chess960 only: its castling rights by file letters are what Stockfish must
    // read with `UCI_Chess960` (the orthodox games differ only in that option).
    let run = generate(&out, STOCKFISH, &["--seed", "8", "--chess960", "100"]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    let (records, _) = read_all(&out);
    assert!(!records.is_empty(), "{stderr}");
    for record in &records {
        record.fen().unwrap();
        assert!(record.chess960);
        assert!(record.white_cp.abs() < 20_000);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

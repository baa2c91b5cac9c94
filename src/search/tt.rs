//! The transposition table: a fixed-size array of 16-byte entries, grouped in
//! buckets of four, sized from the `Hash` option in MiB and never growing.
//!
//! An entry is keyed by the full position key ([`super::position_key`]: the
//! repetition key plus the turn state) and holds the best action (packed, see
//! [`super::ordering::pack`]), the score (mate distances counted from the node), the
//! depth, the bound, whether the node was on a principal variation (the late-move
//! reduction spares such nodes), and the search generation that wrote it, so
//! entries of old searches are replaced first. It also keeps the position's raw
//! static score, so a node met again skips the evaluation (its largest single
//! cost).
//!
//! Natively the helper threads of a parallel search (`Threads`) share one table
//! ([`TranspositionTable::share`]) without locks: each word is read and written
//! whole (`table_words.rs`), and an entry's first word is stored xor'd with its
//! second (the data), so an entry whose two words come from different writes (two
//! threads storing into one slot at once) decodes to a key that matches neither
//! write and is never trusted (a false match needs 48 bits to agree by chance).
//! Chosen over a lock per bucket, which every probe would pay for, and over one
//! atomic 128-bit word, which is not portable; a lost write between two threads only
//! costs a little search, as a replaced entry does. A single-threaded search reads
//! back exactly what it stored, so one thread searches as before.

use super::memory::Learned;
use super::table_words::Words;
use crate::variants::Variant;
use std::mem::size_of;

/// How a stored score relates to the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
    /// The score is the true value.
    Exact,
}

/// A table entry as read back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    /// The packed best action, 0 for none.
    pub action: u32,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The raw static score stored with the entry, if any.
    pub eval: Option<i32>,
    /// Whether the position was searched as a principal-variation node, or the
    /// table said it had been.
    pub pv: bool,
}

/// One entry, decoded: the key's upper 48 bits with the raw static score in the low
/// 16, and the data packed as action: 24 bits | score: 16 | depth: 8 | bound: 2 |
/// generation: 6 | principal variation: 1. In the table the first word is kept xor'd
/// with the data ([`Entry::encode`]); an empty slot is two zero words either way.
#[derive(Debug, Clone, Copy, Default)]
struct Entry([u64; 2]);

/// The words of one entry.
const WORDS: usize = 2;

const BUCKET: usize = 4;
const GENERATION_MASK: u8 = 0x3f;
/// The bit of an entry's data that marks a principal-variation node.
const PV_SHIFT: u32 = 56;
/// The key bits an entry keeps; the rest of its first word holds the static score.
/// The bucket index comes from the key's upper bits too, so a false match needs
/// 48 equal bits within one bucket.
const KEY_MASK: u64 = !0xffff;
/// The stored static score that means "none".
const NO_EVAL: u16 = i16::MIN as u16;

/// A static score as stored: out-of-range scores are not kept.
fn pack_eval(eval: Option<i32>) -> u64 {
    match eval {
        Some(e) if e.unsigned_abs() < i16::MAX as u32 => u64::from(e as i16 as u16),
        _ => u64::from(NO_EVAL),
    }
}

impl Entry {
    /// The entry as stored in the table's two words `stored`.
    #[inline]
    fn decode(stored: [u64; 2]) -> Entry {
        Entry([stored[0] ^ stored[1], stored[1]])
    }

    /// The table's two words for this entry: the key word xor'd with the data, so a
    /// torn pair (the key word of one write, the data of another) fails to match.
    #[inline]
    fn encode(self) -> [u64; 2] {
        [self.0[0] ^ self.0[1], self.0[1]]
    }

    fn pack(action: u32, score: i32, depth: i32, bound: Bound, pv: bool, generation: u8) -> u64 {
        let bound = match bound {
            Bound::Lower => 1u64,
            Bound::Upper => 2,
            Bound::Exact => 3,
        };
        u64::from(action & 0xff_ffff)
            | (u64::from(score.clamp(-32_767, 32_767) as i16 as u16) << 24)
            | (u64::from(depth.clamp(-1, 126).wrapping_add(1) as u8) << 40)
            | (bound << 48)
            | (u64::from(generation & GENERATION_MASK) << 50)
            | (u64::from(pv) << PV_SHIFT)
    }

    #[inline]
    fn matches(&self, key: u64) -> bool {
        (self.0[0] ^ key) & KEY_MASK == 0 && !self.is_empty()
    }

    fn eval(&self) -> Option<i32> {
        let stored = self.0[0] as u16;
        (stored != NO_EVAL).then_some(i32::from(stored as i16))
    }

    #[inline]
    fn data(&self) -> u64 {
        self.0[1]
    }

    fn is_empty(&self) -> bool {
        self.data() == 0
    }

    fn depth(&self) -> i32 {
        i32::from((self.data() >> 40) as u8) - 1
    }

    fn generation(&self) -> u8 {
        (self.data() >> 50) as u8 & GENERATION_MASK
    }

    fn hit(&self) -> Hit {
        Hit {
            action: (self.data() & 0xff_ffff) as u32,
            score: i32::from((self.data() >> 24) as u16 as i16),
            depth: self.depth(),
            bound: match (self.data() >> 48) & 3 {
                1 => Bound::Lower,
                2 => Bound::Upper,
                _ => Bound::Exact,
            },
            eval: self.eval(),
            pv: (self.data() >> PV_SHIFT) & 1 == 1,
        }
    }
}

/// The transposition table.
pub struct TranspositionTable {
    /// The entries, [`WORDS`] words each.
    words: Words,
    generation: u8,
    /// The histories of the last search, for the next one (see `memory.rs`).
    learned: Option<Box<Learned>>,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("bytes", &self.memory_bytes())
            .field("generation", &self.generation)
            .finish()
    }
}

/// A copy that shares no memory with the original (a shared table is had from
/// [`TranspositionTable::share`]).
impl Clone for TranspositionTable {
    fn clone(&self) -> TranspositionTable {
        TranspositionTable {
            words: self.words.deep_copy(),
            generation: self.generation,
            learned: self.learned.clone(),
        }
    }
}

impl Default for TranspositionTable {
    fn default() -> TranspositionTable {
        TranspositionTable::new(16)
    }
}

impl TranspositionTable {
    /// The largest accepted size in MiB.
    pub const MAX_MB: usize = 4096;

    /// A table of at most `mb` MiB (at least one bucket; `mb` is capped at
    /// [`TranspositionTable::MAX_MB`]).
    pub fn new(mb: usize) -> TranspositionTable {
        Self::try_new(mb)
            .unwrap_or_else(|| std::alloc::handle_alloc_error(std::alloc::Layout::new::<Entry>()))
    }

    /// Like [`TranspositionTable::new`], but `None` where the memory cannot be had
    /// (a browser tab's limit), instead of aborting.
    pub fn try_new(mb: usize) -> Option<TranspositionTable> {
        let words = Words::zeroed(Self::entries_for(mb).checked_mul(WORDS)?)?;
        Some(TranspositionTable {
            words,
            generation: 1,
            learned: None,
        })
    }

    /// A handle on the same entries for a helper thread of a parallel search: its
    /// stores are seen by every other handle, it is at the same generation, and it
    /// carries no histories (a helper learns its own). Natively only: WebAssembly has
    /// no threads.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn share(&self) -> TranspositionTable {
        TranspositionTable {
            words: self.words.share(),
            generation: self.generation,
            learned: None,
        }
    }

    /// The number of entries.
    #[inline]
    fn len(&self) -> usize {
        self.words.len() / WORDS
    }

    /// The decoded entry in slot `i`.
    #[inline]
    fn entry(&self, i: usize) -> Entry {
        Entry::decode([self.words.get(WORDS * i), self.words.get(WORDS * i + 1)])
    }

    /// Writes `entry` into slot `i`.
    #[inline]
    fn put(&mut self, i: usize, entry: Entry) {
        let [first, data] = entry.encode();
        self.words.set(WORDS * i, first);
        self.words.set(WORDS * i + 1, data);
    }

    fn entries_for(mb: usize) -> usize {
        // In u64: on wasm32, 4096 MiB in bytes does not fit a `usize` (an allocation
        // of the saturated count then fails, and `try_new` says so).
        let bytes = (mb.min(Self::MAX_MB) as u64) << 20;
        let buckets = (bytes / (BUCKET * size_of::<Entry>()) as u64).max(1);
        usize::try_from(buckets * BUCKET as u64).unwrap_or(usize::MAX / size_of::<Entry>())
    }

    /// The memory a table of `mb` MiB takes, in bytes (what
    /// [`TranspositionTable::memory_bytes`] reports for it).
    pub fn bytes_for(mb: usize) -> usize {
        Self::entries_for(mb).saturating_mul(size_of::<Entry>())
    }

    /// The memory the entries take, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.len() * size_of::<Entry>()
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.words.clear();
        self.generation = 1;
        self.learned = None;
    }

    /// Takes what the last search of `variant` learnt (fresh histories if none, or
    /// if it was another rule set).
    pub(super) fn take_learned(&mut self, variant: Variant) -> Box<Learned> {
        match self.learned.take() {
            Some(learned) if learned.variant == variant => learned,
            _ => Box::new(Learned::new(variant)),
        }
    }

    /// Keeps what a search learnt, for the next one.
    pub(super) fn keep_learned(&mut self, learned: Box<Learned>) {
        self.learned = Some(learned);
    }

    /// Marks the start of a new search: older entries become the first to go.
    pub fn new_search(&mut self) {
        self.generation = (self.generation % GENERATION_MASK) + 1;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        let buckets = (self.len() / BUCKET) as u128;
        ((u128::from(key) * buckets) >> 64) as usize * BUCKET
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let start = self.bucket(key);
        (start..start + BUCKET)
            .map(|i| self.entry(i))
            .find(|e| e.matches(key))
            .map(|e| e.hit())
    }

    /// Stores a result, with `pv` if the node is or was a principal-variation
    /// node, and with the position's raw static score if known; keeps the
    /// old action when the new one is 0, and the old static score when the new one
    /// is unknown.
    #[inline]
    #[allow(clippy::too_many_arguments)] // one argument per field of the entry
    pub fn store(
        &mut self,
        key: u64,
        action: u32,
        score: i32,
        depth: i32,
        bound: Bound,
        pv: bool,
        eval: Option<i32>,
    ) {
        let start = self.bucket(key);
        let generation = self.generation;
        let bucket: [Entry; BUCKET] = std::array::from_fn(|i| self.entry(start + i));
        let same = bucket.iter().position(|e| e.matches(key));
        let slot = match same {
            Some(i) => i,
            None => {
                // Replace the least valuable entry: empty, then from an older search,
                // then the shallowest.
                let worth = |e: Entry| {
                    if e.is_empty() {
                        i32::MIN
                    } else {
                        let age =
                            i32::from(generation.wrapping_sub(e.generation()) & GENERATION_MASK);
                        e.depth() - 8 * age
                    }
                };
                (0..BUCKET).min_by_key(|&i| worth(bucket[i])).unwrap_or(0)
            }
        };
        let old = bucket[slot];
        let mut action = action & 0xff_ffff;
        let mut eval = eval;
        if same.is_some() {
            if action == 0 {
                action = (old.data() & 0xff_ffff) as u32;
            }
            eval = eval.or(old.eval());
        }
        let first = (key & KEY_MASK) | pack_eval(eval);
        // A deeper result of this search stays, unless the new one is exact.
        if same.is_some()
            && old.generation() == generation
            && old.depth() > depth + 2
            && bound != Bound::Exact
        {
            self.put(
                start + slot,
                Entry([first, (old.data() & !0xff_ffff) | u64::from(action)]),
            );
            return;
        }
        self.put(
            start + slot,
            Entry([
                first,
                Entry::pack(action, score, depth, bound, pv, generation),
            ]),
        );
    }

    /// Permille of the first thousand entries used by the current search.
    pub fn hashfull(&self) -> u32 {
        let n = self.len().min(1000);
        if n == 0 {
            return 0;
        }
        let used = (0..n)
            .map(|i| self.entry(i))
            .filter(|e| !e.is_empty() && e.generation() == self.generation)
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Action;
    use crate::types::{Color, Role, Square};

    #[test]
    fn store_and_probe() {
        let mut tt = TranspositionTable::new(1);
        assert!(tt.memory_bytes() <= 1 << 20);
        let key = 0xfeed_dead_beef_0000;
        tt.store(key, 0x12_3456, -1234, 7, Bound::Lower, false, Some(-77));
        let hit = tt.probe(key).unwrap();
        assert_eq!(
            hit,
            Hit {
                action: 0x12_3456,
                score: -1234,
                depth: 7,
                bound: Bound::Lower,
                eval: Some(-77),
                pv: false,
            }
        );
        assert!(tt.probe(key ^ 0x1_0000).is_none());
        // A later result without a static score keeps the stored one.
        tt.store(key, 0, 50, 9, Bound::Exact, true, None);
        let hit = tt.probe(key).unwrap();
        assert_eq!((hit.action, hit.eval, hit.pv), (0x12_3456, Some(-77), true));
        // Quiescence depth -1 .. 126 round-trips; so do the extreme static scores.
        tt.store(5 << 16, 0, 30_000, -1, Bound::Exact, false, Some(-32_766));
        let hit = tt.probe(5 << 16).unwrap();
        assert_eq!((hit.depth, hit.eval), (-1, Some(-32_766)));
        tt.store(6 << 16, 0, 0, 1, Bound::Upper, false, Some(40_000));
        assert_eq!(tt.probe(6 << 16).unwrap().eval, None);
        tt.clear();
        assert!(tt.probe(5 << 16).is_none());
    }

    /// The slot that holds `key`'s entry, and its two stored words.
    fn stored_words(tt: &TranspositionTable, key: u64) -> (usize, [u64; 2]) {
        let slot = (0..tt.len())
            .find(|&i| tt.entry(i).matches(key))
            .expect("the key is stored");
        (slot, [tt.words.get(2 * slot), tt.words.get(2 * slot + 1)])
    }

    #[test]
    fn a_torn_entry_matches_neither_key() {
        // Two keys of one bucket (they differ below the bits that choose it), each
        // stored alone into the same slot of an empty table.
        let a = 0x8000_0000_0000_0000_u64;
        let b = a | 0x5_0000;
        let mut tt = TranspositionTable::new(1);
        tt.store(a, 0x11, 100, 5, Bound::Exact, false, Some(10));
        let (slot_a, words_a) = stored_words(&tt, a);
        tt.clear();
        tt.store(b, 0x22, -300, 9, Bound::Lower, true, Some(-20));
        let (slot_b, words_b) = stored_words(&tt, b);
        assert_eq!(slot_a, slot_b);
        // Two threads wrote the slot at once: the key word of one write and the data
        // of the other.
        for (first, data) in [(words_a[0], words_b[1]), (words_b[0], words_a[1])] {
            tt.words.set(2 * slot_a, first);
            tt.words.set(2 * slot_a + 1, data);
            assert_eq!(tt.probe(a), None, "{first:x} {data:x}");
            assert_eq!(tt.probe(b), None, "{first:x} {data:x}");
        }
        // Whole again, each reads back what was stored.
        tt.words.set(2 * slot_a, words_a[0]);
        tt.words.set(2 * slot_a + 1, words_a[1]);
        assert_eq!(tt.probe(a).map(|h| (h.action, h.score)), Some((0x11, 100)));
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn a_shared_table_sees_every_handle_s_stores() {
        let mut main = TranspositionTable::new(1);
        main.new_search();
        let mut helper = main.share();
        helper.store(7 << 16, 0x33, 42, 3, Bound::Upper, false, None);
        assert_eq!(main.probe(7 << 16).map(|h| h.score), Some(42));
        main.store(8 << 16, 0x44, -42, 4, Bound::Lower, false, None);
        assert_eq!(helper.probe(8 << 16).map(|h| h.score), Some(-42));
        // Same generation: the helper's entries count as this search's.
        assert_eq!(main.hashfull(), helper.hashfull());
        // A clone shares nothing.
        let mut copy = main.clone();
        copy.store(9 << 16, 0x55, 1, 1, Bound::Exact, false, None);
        assert!(main.probe(9 << 16).is_none());
        assert!(copy.probe(7 << 16).is_some());
    }

    #[test]
    fn size_is_bounded() {
        for mb in [1, 2, 3, 16] {
            let tt = TranspositionTable::new(mb);
            assert!(tt.memory_bytes() <= mb << 20, "{mb} MiB");
            assert!(tt.memory_bytes() >= (mb << 20) / 2);
        }
    }

    const KNIGHT_DROP: Action = Action::Drop {
        role: Role::Knight,
        to: Square::E1,
    };

    fn learned_drop() -> Box<Learned> {
        let mut learned = Box::new(Learned::new(Variant::ChessGi));
        learned.history.update(Color::White, &KNIGHT_DROP, 1000);
        learned
    }

    fn knight_drop_history(learned: &Learned) -> i32 {
        learned.history.get(Color::White, &KNIGHT_DROP)
    }

    #[test]
    fn the_table_carries_histories_to_the_same_rule_set_only() {
        let mut table = TranspositionTable::new(1);
        table.keep_learned(learned_drop());
        assert!(knight_drop_history(&table.take_learned(Variant::ChessGi)) > 0);
        // Taken once: the next search that does not give them back starts afresh.
        assert_eq!(
            knight_drop_history(&table.take_learned(Variant::ChessGi)),
            0
        );
        table.keep_learned(learned_drop());
        assert_eq!(knight_drop_history(&table.take_learned(Variant::Chess)), 0);
        table.keep_learned(learned_drop());
        table.clear();
        assert_eq!(
            knight_drop_history(&table.take_learned(Variant::ChessGi)),
            0
        );
    }
}

//! The transposition table: a fixed-size array of 16-byte entries, grouped in
//! buckets of four, sized from the `Hash` option in MiB and never growing.
//!
//! An entry is keyed by the full position key ([`super::position_key`]: the
//! repetition key plus the turn state) and holds the best action (packed, see
//! [`super::ordering::pack`]), the score (mate distances counted from the node), the
//! depth, the bound and the search generation that wrote it, so entries of old
//! searches are replaced first.

use super::memory::Learned;
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
}

/// One entry: the key, and the data packed as action: 24 bits | score: 16 |
/// depth: 8 | bound: 2 | generation: 6. A plain pair of words, so a new table is
/// allocated zeroed (and its pages only touched when used).
#[derive(Debug, Clone, Copy, Default)]
#[repr(transparent)]
struct Entry([u64; 2]);

const BUCKET: usize = 4;
const GENERATION_MASK: u8 = 0x3f;

impl Entry {
    fn pack(action: u32, score: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
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
    }

    #[inline]
    fn key(&self) -> u64 {
        self.0[0]
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
        }
    }
}

/// The transposition table.
#[derive(Clone)]
pub struct TranspositionTable {
    entries: Vec<[u64; 2]>,
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
        TranspositionTable {
            entries: vec![[0u64; 2]; Self::entries_for(mb)],
            generation: 1,
            learned: None,
        }
    }

    fn entries_for(mb: usize) -> usize {
        let bytes = mb.min(Self::MAX_MB) << 20;
        (bytes / (BUCKET * size_of::<Entry>())).max(1) * BUCKET
    }

    /// The memory a table of `mb` MiB takes, in bytes (what
    /// [`TranspositionTable::memory_bytes`] reports for it).
    pub fn bytes_for(mb: usize) -> usize {
        Self::entries_for(mb) * size_of::<Entry>()
    }

    /// The memory the entries take, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.entries.capacity() * size_of::<Entry>()
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.fill([0; 2]);
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
        let buckets = (self.entries.len() / BUCKET) as u128;
        ((u128::from(key) * buckets) >> 64) as usize * BUCKET
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let start = self.bucket(key);
        self.entries[start..start + BUCKET]
            .iter()
            .map(|&words| Entry(words))
            .find(|e| e.key() == key && !e.is_empty())
            .map(|e| e.hit())
    }

    /// Stores a result; keeps the old action when the new one is 0.
    #[inline]
    pub fn store(&mut self, key: u64, action: u32, score: i32, depth: i32, bound: Bound) {
        let start = self.bucket(key);
        let generation = self.generation;
        let bucket = &mut self.entries[start..start + BUCKET];
        let same = bucket
            .iter()
            .position(|&w| Entry(w).key() == key && !Entry(w).is_empty());
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
                (0..BUCKET)
                    .min_by_key(|&i| worth(Entry(bucket[i])))
                    .unwrap_or(0)
            }
        };
        let old = Entry(bucket[slot]);
        let mut action = action & 0xff_ffff;
        if same.is_some() {
            if action == 0 {
                action = (old.data() & 0xff_ffff) as u32;
            }
            // A deeper result of this search stays, unless the new one is exact.
            if old.generation() == generation && old.depth() > depth + 2 && bound != Bound::Exact {
                bucket[slot][1] = (old.data() & !0xff_ffff) | u64::from(action);
                return;
            }
        }
        bucket[slot] = [key, Entry::pack(action, score, depth, bound, generation)];
    }

    /// Permille of the first thousand entries used by the current search.
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        if n == 0 {
            return 0;
        }
        let used = self.entries[..n]
            .iter()
            .filter(|&&w| !Entry(w).is_empty() && Entry(w).generation() == self.generation)
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let mut tt = TranspositionTable::new(1);
        assert!(tt.memory_bytes() <= 1 << 20);
        tt.store(0xdead_beef, 0x12_3456, -1234, 7, Bound::Lower);
        let hit = tt.probe(0xdead_beef).unwrap();
        assert_eq!(
            hit,
            Hit {
                action: 0x12_3456,
                score: -1234,
                depth: 7,
                bound: Bound::Lower
            }
        );
        assert!(tt.probe(0xdead_bee0).is_none());
        // Quiescence depth -1 .. 126 round-trips.
        tt.store(5, 0, 30_000, -1, Bound::Exact);
        assert_eq!(tt.probe(5).unwrap().depth, -1);
        tt.clear();
        assert!(tt.probe(5).is_none());
    }

    #[test]
    fn size_is_bounded() {
        for mb in [1, 2, 3, 16] {
            let tt = TranspositionTable::new(mb);
            assert!(tt.memory_bytes() <= mb << 20, "{mb} MiB");
            assert!(tt.memory_bytes() >= (mb << 20) / 2);
        }
    }
}

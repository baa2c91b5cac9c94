//! The transposition table's memory: a fixed array of 64-bit words, read and written
//! one word at a time.
//!
//! Natively the words are `AtomicU64`s behind an `Arc`, so the helper threads of a
//! parallel search (`Threads`, `parallel.rs`) share one table with
//! [`Words::share`]: every access is a single relaxed atomic load or store, which
//! compiles to a plain load or store on x86-64 and AArch64 and can never tear a
//! word. A two-word entry can still be torn (its two words written by different
//! threads); `tt.rs` stores the key xor'd with the data so such an entry never
//! matches a key (see there). Relaxed ordering is enough: an entry carries nothing a
//! thread must see in order with other memory, only its own xor-checked words.
//!
//! In WebAssembly there are no threads: the words are a plain `Vec<u64>` there, which
//! keeps the module as it was (no reference count, no atomics).

#[cfg(not(target_arch = "wasm32"))]
mod shared {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;

    /// The table's words, shareable between threads.
    pub struct Words(Arc<[AtomicU64]>);

    impl Words {
        /// `n` zero words, or `None` where the memory cannot be had.
        pub fn zeroed(n: usize) -> Option<Words> {
            // Asked first, so an impossible size is refused rather than aborting
            // (`Arc`'s own allocation has no fallible form).
            Vec::<AtomicU64>::new().try_reserve_exact(n).ok()?;
            Some(Words((0..n).map(|_| AtomicU64::new(0)).collect()))
        }

        #[inline]
        pub fn len(&self) -> usize {
            self.0.len()
        }

        #[inline]
        pub fn get(&self, i: usize) -> u64 {
            self.0[i].load(Ordering::Relaxed)
        }

        #[inline]
        pub fn set(&mut self, i: usize, word: u64) {
            self.0[i].store(word, Ordering::Relaxed);
        }

        /// Zeroes every word.
        pub fn clear(&mut self) {
            for word in self.0.iter() {
                word.store(0, Ordering::Relaxed);
            }
        }

        /// The same words, for another thread's search.
        pub fn share(&self) -> Words {
            Words(Arc::clone(&self.0))
        }

        /// A copy of the words that shares nothing with these.
        pub fn deep_copy(&self) -> Words {
            Words(
                self.0
                    .iter()
                    .map(|w| AtomicU64::new(w.load(Ordering::Relaxed)))
                    .collect(),
            )
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod shared {
    /// The table's words.
    pub struct Words(Vec<u64>);

    impl Words {
        /// `n` zero words (allocated zeroed: the pages are only touched when used), or
        /// `None` where the memory cannot be had (a browser tab's limit).
        pub fn zeroed(n: usize) -> Option<Words> {
            let mut words = Vec::new();
            words.try_reserve_exact(n).ok()?;
            words.resize(n, 0);
            Some(Words(words))
        }

        #[inline]
        pub fn len(&self) -> usize {
            self.0.len()
        }

        #[inline]
        pub fn get(&self, i: usize) -> u64 {
            self.0[i]
        }

        #[inline]
        pub fn set(&mut self, i: usize, word: u64) {
            self.0[i] = word;
        }

        pub fn clear(&mut self) {
            self.0.fill(0);
        }

        pub fn deep_copy(&self) -> Words {
            Words(self.0.clone())
        }
    }
}

pub(super) use shared::Words;

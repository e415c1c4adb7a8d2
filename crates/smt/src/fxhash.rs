//! A fast, non-cryptographic hasher for the term store's keys (ids and small nodes).
//!
//! Hash-consing hashes every node built, hit or not; the standard library's SipHash spent more
//! time there than the rest of term construction (perf, session 19: 20-30% of a large MLIR
//! check). This is the multiply-rotate word hash of the Firefox/rustc family: each word is
//! mixed into the state by a rotation, an xor and a multiplication by an odd constant. It is
//! not resistant to chosen collisions, which do not arise from our own ids. Iteration order of
//! a map using it never reaches output (the store's index is only looked up).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The multiply-rotate hasher.
#[derive(Default, Clone, Copy)]
pub struct WordHasher {
    state: u64,
}

/// An odd constant with well-spread bits (2^64 divided by the golden ratio, made odd).
const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

impl WordHasher {
    fn word(&mut self, w: u64) {
        self.state = (self.state.rotate_left(5) ^ w).wrapping_mul(MIX);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.word(u64::from_le_bytes(w));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.word(i as u64);
    }
    fn write_u16(&mut self, i: u16) {
        self.word(i as u64);
    }
    fn write_u32(&mut self, i: u32) {
        self.word(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.word(i);
    }
    fn write_u128(&mut self, i: u128) {
        self.word(i as u64);
        self.word((i >> 64) as u64);
    }
    fn write_usize(&mut self, i: usize) {
        self.word(i as u64);
    }
    fn finish(&self) -> u64 {
        self.state
    }
}

/// A `HashMap` hashed by [`WordHasher`].
pub type WordMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hash};

    fn hash_of<T: Hash>(t: &T) -> u64 {
        BuildHasherDefault::<WordHasher>::default().hash_one(t)
    }

    #[test]
    fn equal_keys_hash_equal_and_neighbours_differ() {
        assert_eq!(
            hash_of(&(3u32, vec![1u32, 2])),
            hash_of(&(3u32, vec![1u32, 2]))
        );
        let mut seen = std::collections::BTreeSet::new();
        for i in 0u32..10_000 {
            // hashbrown picks buckets by the low bits and tags by the top 7: both must vary.
            seen.insert((hash_of(&i) & 0xffff, hash_of(&i) >> 57));
        }
        assert!(seen.len() > 9_000, "{} distinct of 10000", seen.len());
    }

    #[test]
    fn a_map_keyed_by_vectors_works() {
        let mut m: WordMap<Vec<u32>, u32> = WordMap::default();
        for i in 0..1000u32 {
            m.insert(vec![i, i + 1], i);
        }
        assert!((0..1000u32).all(|i| m[&vec![i, i + 1]] == i));
    }
}

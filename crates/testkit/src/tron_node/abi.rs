//! The ABI words of the contracts' calls and events: the arguments read from call data, an
//! event's topic (the hash of its signature) and an address as a 32-byte word.

use ruint::aliases::U256;
use sha3::{Digest, Keccak256};

pub fn topic(signature: &str) -> [u8; 32] {
    Keccak256::digest(signature.as_bytes()).into()
}

pub fn word(id: &[u8; 20]) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[12..].copy_from_slice(id);
    out
}

/// The arguments of a call: 32-byte words after the selector.
pub(super) struct Args<'a>(pub(super) &'a [u8]);

impl Args<'_> {
    pub(super) fn word(&self, i: usize) -> Option<[u8; 32]> {
        self.0.get(4 + 32 * i..4 + 32 * (i + 1))?.try_into().ok()
    }

    pub(super) fn address(&self, i: usize) -> Option<[u8; 20]> {
        let w = self.word(i)?;
        w[..12]
            .iter()
            .all(|b| *b == 0)
            .then(|| w[12..].try_into().expect("20 bytes"))
    }

    pub(super) fn uint(&self, i: usize) -> Option<U256> {
        self.word(i).map(|w| U256::from_be_bytes(w))
    }
}

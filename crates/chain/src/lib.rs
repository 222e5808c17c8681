//! Chains: key derivation today; the adapter trait (devchain, EVM, TRON) arrives with the rest
//! of the chains issue.

pub mod keys;

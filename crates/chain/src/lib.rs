//! Chains behind one trait ([`coffer_domain::ports::chain::ChainAdapter`]): the embedded
//! devchain, EVM over JSON-RPC and TRON over its HTTP API, plus HD key derivation.

pub mod devchain;
pub mod evm;
pub mod keys;
pub mod tron;

//! Chains behind one trait ([`coffer_domain::ports::chain::ChainAdapter`]): the embedded
//! devchain, EVM over JSON-RPC and TRON over its HTTP API, plus HD key derivation.

pub mod devchain;
pub mod evm;
pub mod keys;
pub mod tron;

/// The HTTP client of a node adapter: a node that does not answer within `timeout` (or accept
/// the connection within 5 s) is reported unavailable, never waited for.
pub(crate) fn node_http_client(
    timeout: std::time::Duration,
) -> coffer_domain::ports::chain::ChainResult<reqwest::Client> {
    reqwest::Client::builder()
        .connect_timeout(std::time::Duration::from_secs(5))
        .timeout(timeout)
        .build()
        .map_err(|e| coffer_domain::ports::chain::ChainError::Unavailable(format!("HTTP client: {e}")))
}

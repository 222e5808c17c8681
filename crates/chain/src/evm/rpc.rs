//! Ethereum JSON-RPC over HTTP, and the few answer shapes the adapter reads.
//!
//! Plain reqwest + serde rather than an alloy provider: a handful of methods, and the node's
//! exact error messages stay visible (broadcast decisions depend on them). Quantities are
//! 0x-hex strings decoded straight into integers (`U64`, `U256`), never through floats.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use alloy_primitives::{Address, Bytes, B256, U256, U64};
use coffer_domain::ports::chain::ChainError;
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::Deserialize;
use serde_json::{json, Value};

/// JSON-RPC "method not found".
pub const METHOD_NOT_FOUND: i64 = -32601;
/// JSON-RPC "limit exceeded": providers answer it when rate limiting.
const LIMIT_EXCEEDED: i64 = -32005;

/// Why a call failed. Callers map `Node` errors by method: an error answer to
/// `eth_sendRawTransaction` is a refusal, to `eth_getBlockByNumber` a protocol problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RpcError {
    /// Not reachable, timed out, 5xx, rate limited: worth retrying later.
    Transport(String),
    /// The node answered with a JSON-RPC error object.
    Node { code: i64, message: String },
    /// An answer we cannot read.
    Decode(String),
}

impl RpcError {
    /// The general mapping, for calls whose errors have no special meaning.
    pub fn into_chain(self, method: &str) -> ChainError {
        match self {
            RpcError::Transport(e) => ChainError::Unavailable(format!("{method}: {e}")),
            RpcError::Node { code, message } => {
                ChainError::Protocol(format!("{method}: the node says {message} (code {code})"))
            }
            RpcError::Decode(e) => ChainError::Protocol(format!("{method}: {e}")),
        }
    }
}

pub struct Rpc {
    url: reqwest::Url,
    http: reqwest::Client,
    next_id: AtomicU64,
}

impl Rpc {
    pub fn new(url: &str) -> Result<Rpc, ChainError> {
        // The URL may carry a provider's API key: never repeat it in an error.
        let url = reqwest::Url::parse(url)
            .map_err(|e| ChainError::Protocol(format!("the EVM node URL is not a URL: {e}")))?;
        let http = crate::node_http_client(Duration::from_secs(30))?;
        Ok(Rpc {
            url,
            http,
            next_id: AtomicU64::new(1),
        })
    }

    /// Calls `method` and decodes its `result` (JSON null decodes into `Option::None`).
    pub async fn call<T: DeserializeOwned>(&self, method: &str, params: Value) -> Result<T, RpcError> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let body = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
        let response = self
            .http
            .post(self.url.clone())
            .json(&body)
            .send()
            .await
            .map_err(|e| RpcError::Transport(e.without_url().to_string()))?;
        let status = response.status();
        if status.is_server_error() || status == reqwest::StatusCode::TOO_MANY_REQUESTS {
            return Err(RpcError::Transport(format!("HTTP {status}")));
        }
        let text = response
            .text()
            .await
            .map_err(|e| RpcError::Transport(e.without_url().to_string()))?;
        let not_json_rpc = || {
            RpcError::Decode(format!(
                "HTTP {status}, not a JSON-RPC answer: {}",
                excerpt(&text)
            ))
        };
        let mut answer: Value = serde_json::from_str(&text).map_err(|_| not_json_rpc())?;
        if let Some(error) = answer.get("error").filter(|e| !e.is_null()) {
            let error: ErrorObject = serde_json::from_value(error.clone()).map_err(|_| not_json_rpc())?;
            if error.code == LIMIT_EXCEEDED {
                return Err(RpcError::Transport(format!("rate limited: {}", error.message)));
            }
            return Err(RpcError::Node {
                code: error.code,
                message: error.message,
            });
        }
        if !status.is_success() {
            return Err(RpcError::Decode(format!("HTTP {status}")));
        }
        // `result` must be there, even as null: an answer without it is not "nothing found"
        // (which a caller could take as "transaction dropped").
        let result = answer
            .get_mut("result")
            .map(Value::take)
            .ok_or_else(not_json_rpc)?;
        serde_json::from_value(result).map_err(|e| RpcError::Decode(format!("unexpected result: {e}")))
    }
}

fn excerpt(text: &str) -> String {
    text.chars().take(200).collect()
}

#[derive(Deserialize)]
struct ErrorObject {
    code: i64,
    message: String,
}

/// A block header, with its transactions as `T` (`IgnoredAny` when they are not needed).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RpcBlock<T = IgnoredAny> {
    pub number: U64,
    pub hash: B256,
    pub parent_hash: B256,
    pub timestamp: U64,
    /// Absent on chains without EIP-1559.
    pub base_fee_per_gas: Option<U256>,
    #[serde(default = "Vec::new")]
    pub transactions: Vec<T>,
}

/// The fields of a transaction object the scanner needs.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RpcTx {
    pub hash: B256,
    pub from: Address,
    /// None for a contract creation.
    pub to: Option<Address>,
    pub value: U256,
    /// None while pending.
    pub block_number: Option<U64>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RpcReceipt {
    pub transaction_hash: B256,
    pub block_hash: B256,
    pub block_number: U64,
    /// 1 success, 0 reverted. Absent only before Byzantium (2017), which we do not support.
    pub status: Option<U64>,
    /// The created contract, for a contract creation.
    pub contract_address: Option<Address>,
    pub gas_used: U64,
    pub effective_gas_price: Option<U256>,
}

impl RpcReceipt {
    pub fn success(&self) -> Result<bool, ChainError> {
        match self.status.map(|s| s.to::<u64>()) {
            Some(1) => Ok(true),
            Some(0) => Ok(false),
            other => Err(ChainError::Protocol(format!(
                "receipt of {} has status {other:?}, expected 0 or 1",
                self.transaction_hash
            ))),
        }
    }
}

/// eth_feeHistory's answer for `n` blocks: `n + 1` base fees (the last one is the next
/// block's, exact), the share of each block's gas limit used, and per block the tip at each
/// asked percentile of its gas.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RpcFeeHistory {
    pub base_fee_per_gas: Vec<U256>,
    #[serde(default)]
    pub gas_used_ratio: Vec<f64>,
    /// Absent when no percentile was asked.
    #[serde(default)]
    pub reward: Option<Vec<Vec<U256>>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RpcLog {
    pub address: Address,
    pub topics: Vec<B256>,
    pub data: Bytes,
    pub block_hash: Option<B256>,
    pub transaction_hash: Option<B256>,
    pub transaction_index: Option<U64>,
    pub log_index: Option<U64>,
    /// True when a reorg removed the log (only in subscriptions, checked anyway).
    #[serde(default)]
    pub removed: bool,
}

/// The JSON-RPC spelling of a block number.
pub fn quantity(n: u64) -> String {
    format!("{n:#x}")
}

/// 0x + lowercase hex, the form hashes take across the port.
pub fn hex0x(bytes: &[u8]) -> String {
    format!("0x{}", hex::encode(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities_decode_exactly() {
        let block: RpcBlock = serde_json::from_value(json!({
            "number": "0x1b4", "hash": format!("0x{}", "ab".repeat(32)),
            "parentHash": format!("0x{}", "cd".repeat(32)), "timestamp": "0x6b02b9c9",
            "baseFeePerGas": "0x3b9aca00", "transactions": ["0x01", "0x02"]
        }))
        .unwrap();
        assert_eq!(block.number.to::<u64>(), 436);
        assert_eq!(block.base_fee_per_gas, Some(U256::from(1_000_000_000u64)));
        assert_eq!(block.transactions.len(), 2);
        assert_eq!(hex0x(block.hash.as_slice()), format!("0x{}", "ab".repeat(32)));
        assert_eq!(quantity(436), "0x1b4");
        assert_eq!(quantity(0), "0x0");
        let max: RpcTx = serde_json::from_value(json!({
            "hash": format!("0x{}", "00".repeat(32)), "from": "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
            "to": null, "value": format!("0x{}", "f".repeat(64)), "blockNumber": null
        }))
        .unwrap();
        assert_eq!(max.value, U256::MAX);
        assert_eq!(max.to, None);
    }
}

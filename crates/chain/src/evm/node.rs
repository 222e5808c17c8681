//! The adapter's conversations with the node that need interpreting: gas and fee planning,
//! receipts, transaction status, and what a refused broadcast means.

use std::sync::atomic::Ordering;

use alloy_primitives::{Address, B256, U256, U64};
use coffer_domain::ports::chain::{ChainError, ChainResult, SignedTx, TxStatus};
use serde_json::json;

use super::rpc::{RpcBlock, RpcError, RpcReceipt, RpcTx, METHOD_NOT_FOUND};
use super::tx::{self, Call, FeeCaps};
use super::{scan, EvmAdapter, RECEIPTS_PER_BLOCK, RECEIPTS_PER_TX, RECEIPTS_UNKNOWN};

/// Gas limit and fee caps for a call.
pub struct Plan {
    pub gas_limit: u64,
    pub caps: FeeCaps,
}

impl EvmAdapter {
    /// Gas limit (the node's estimate plus a margin) and fee caps for `call` sent by `from`.
    /// A call that cannot execute (reverts, not enough funds) is Rejected with the node's words;
    /// other estimation errors (node syncing, unknown block...) are not the transfer's fault and
    /// stay Protocol, so the caller retries instead of failing the payout.
    pub(super) async fn plan(&self, from: Address, call: &Call) -> ChainResult<Plan> {
        let params = json!([{ "from": from, "to": call.to, "value": call.value, "data": call.input }]);
        let estimate: U64 = match self.raw_call("eth_estimateGas", params).await? {
            Ok(gas) => gas,
            Err(RpcError::Node { code, message })
                if code == EXECUTION_REVERTED || mentions(&message, CANNOT_EXECUTE) =>
            {
                return Err(ChainError::Rejected(format!(
                    "the transfer cannot execute: {message}"
                )))
            }
            Err(e) => return Err(e.into_chain("eth_estimateGas")),
        };
        let latest: RpcBlock = self
            .call("eth_getBlockByNumber", json!(["latest", false]))
            .await?;
        let base_fee = latest
            .base_fee_per_gas
            .ok_or_else(|| ChainError::Protocol("the chain has no EIP-1559 base fee".into()))?;
        let priority: U256 = self.call("eth_maxPriorityFeePerGas", json!([])).await?;
        Ok(Plan {
            gas_limit: tx::gas_limit(estimate.to())?,
            caps: FeeCaps::new(base_fee, priority)?,
        })
    }

    async fn receipt(&self, hash: B256) -> ChainResult<Option<RpcReceipt>> {
        self.call("eth_getTransactionReceipt", json!([hash])).await
    }

    /// Receipts of `candidates` in block `hash`: the whole block's in one call where the node
    /// can, else one call per candidate.
    pub(super) async fn receipts(&self, hash: B256, candidates: &[&RpcTx]) -> ChainResult<Vec<RpcReceipt>> {
        if self.block_receipts.load(Ordering::Relaxed) != RECEIPTS_PER_TX {
            match self
                .raw_call::<Option<Vec<RpcReceipt>>>("eth_getBlockReceipts", json!([hash]))
                .await?
            {
                Ok(Some(receipts)) => {
                    self.block_receipts.store(RECEIPTS_PER_BLOCK, Ordering::Relaxed);
                    return Ok(receipts);
                }
                Ok(None) => {
                    return Err(ChainError::Protocol(format!(
                        "block {hash} is gone (reorganised meanwhile?)"
                    )))
                }
                Err(RpcError::Node { code, .. })
                    if code == METHOD_NOT_FOUND
                        && self.block_receipts.load(Ordering::Relaxed) == RECEIPTS_UNKNOWN =>
                {
                    self.block_receipts.store(RECEIPTS_PER_TX, Ordering::Relaxed);
                }
                Err(e) => return Err(e.into_chain("eth_getBlockReceipts")),
            }
        }
        let mut receipts = Vec::with_capacity(candidates.len());
        for tx in candidates {
            let receipt = self.receipt(tx.hash).await?.ok_or_else(|| {
                ChainError::Protocol(format!("no receipt for {} (reorganised meanwhile?)", tx.hash))
            })?;
            receipts.push(receipt);
        }
        Ok(receipts)
    }

    /// Re-reads a transaction we could not send: if the node has it (pending or mined), an
    /// earlier broadcast got through and this one is a duplicate.
    async fn already_there(&self, hash: B256) -> ChainResult<bool> {
        Ok(!matches!(self.status_of(hash).await?, TxStatus::Unknown))
    }

    pub(super) async fn status_of(&self, hash: B256) -> ChainResult<TxStatus> {
        if let Some(receipt) = self.receipt(hash).await? {
            return Ok(TxStatus::Included {
                block: receipt.block_number.to(),
                success: receipt.success()?,
            });
        }
        let tx: Option<RpcTx> = self.call("eth_getTransactionByHash", json!([hash])).await?;
        // A transaction with a block but no receipt yet is between two of our reads: still
        // pending from the caller's point of view, the next status call sees the receipt.
        Ok(match tx {
            Some(_) => TxStatus::Pending,
            None => TxStatus::Unknown,
        })
    }

    /// eth_sendRawTransaction, where "the node already has it" is success: the same signed
    /// transaction may be sent again after a crash or a timeout.
    pub(super) async fn send_raw(&self, tx: &SignedTx) -> ChainResult<()> {
        let raw = tx
            .raw
            .strip_prefix("0x")
            .and_then(|h| hex::decode(h).ok())
            .ok_or_else(|| ChainError::Protocol("the signed transaction is not 0x-hex".into()))?;
        let hash = scan::parse_hash(&tx.hash)
            .ok_or_else(|| ChainError::Protocol(format!("{:?} is not a transaction hash", tx.hash)))?;
        // The stored hash must be the one of the stored bytes: a mismatch means a corrupt
        // record, and watching the wrong hash would lose track of the payout.
        if alloy_primitives::keccak256(&raw) != hash {
            return Err(ChainError::Protocol(
                "the signed transaction does not match its hash".into(),
            ));
        }
        match self
            .raw_call::<B256>("eth_sendRawTransaction", json!([tx.raw]))
            .await?
        {
            Ok(answered) if answered == hash => Ok(()),
            Ok(answered) => Err(ChainError::Protocol(format!(
                "the node accepted the transaction as {answered}, expected {hash}"
            ))),
            Err(RpcError::Node { message, .. }) if mentions(&message, KNOWN) => Ok(()),
            Err(RpcError::Node { message, .. }) if mentions(&message, TRANSIENT) => Err(
                ChainError::Unavailable(format!("eth_sendRawTransaction: {message}")),
            ),
            Err(RpcError::Node { code, message }) if code != METHOD_NOT_FOUND => {
                // Whatever the words, a node that has this very transaction got it from an
                // earlier send (a rebroadcast after inclusion says "nonce too low"): a payout
                // that went out must never be reported as refused, or it could be paid twice.
                if self.already_there(hash).await? {
                    Ok(())
                } else {
                    Err(ChainError::Rejected(message))
                }
            }
            Err(e) => Err(e.into_chain("eth_sendRawTransaction")),
        }
    }
}

/// Node messages saying it already has this very transaction (geth, erigon: "already known";
/// anvil: "transaction already imported"; Nethermind: "AlreadyKnown"; Besu: "Known transaction",
/// "TRANSACTION_ALREADY_KNOWN").
const KNOWN: &[&str] = &[
    "already known",
    "already_known",
    "alreadyknown",
    "known transaction",
    "already imported",
];
/// Estimation errors saying the transfer itself cannot run.
const CANNOT_EXECUTE: &[&str] = &[
    "revert",
    "insufficient funds",
    "gas required exceeds",
    "out of gas",
    "intrinsic gas too low",
    "invalid opcode",
];
/// The JSON-RPC error code geth and others give a reverted call (with the revert data).
const EXECUTION_REVERTED: i64 = 3;
/// Node refusals that are about the node's state, not the transaction: retry later.
const TRANSIENT: &[&str] = &["txpool is full", "too many requests", "rate limit"];

fn mentions(message: &str, needles: &[&str]) -> bool {
    let lower = message.to_ascii_lowercase();
    needles.iter().any(|n| lower.contains(n))
}

//! The adapter's conversations with the node that need interpreting: gas and fee planning,
//! receipts, transaction status, and what a refused broadcast means.

use std::sync::atomic::Ordering;

use alloy_primitives::{Address, B256, U256, U64};
use coffer_domain::ports::chain::{ChainError, ChainResult, SignedTx, TxStatus};
use serde_json::json;

use super::rpc::{quantity, RpcBlock, RpcError, RpcFeeHistory, RpcReceipt, RpcTx, METHOD_NOT_FOUND};
use super::tx::{self, Call, FeeCaps};
use super::{scan, EvmAdapter, RECEIPTS_PER_BLOCK, RECEIPTS_PER_TX, RECEIPTS_UNKNOWN};

/// Blocks of fee history the tip is read from, and the percentile of each block's gas read.
const TIP_HISTORY_BLOCKS: u64 = 10;
const TIP_PERCENTILE: f64 = 10.0;

/// Gas limit and fee caps for a call.
pub struct Plan {
    pub gas_limit: u64,
    pub caps: FeeCaps,
}

impl EvmAdapter {
    /// Gas limit and fee caps for `call` sent by `from`, from the node's live answers:
    /// - gas limit: eth_estimateGas plus [`tx::GAS_MARGIN_PERCENT`];
    /// - base fee: the next block's, exact, from eth_feeHistory (a node without it: the latest
    ///   block's plus one full rise);
    /// - tip: [`tx::tip`] of the last blocks' low-percentile rewards, at most the node's
    ///   eth_maxPriorityFeePerGas;
    /// - max fee per gas: 2 × base fee + tip, fitted to what the sender holds
    ///   ([`FeeCaps::fitted`]).
    ///
    /// The quote (`estimate_fee`) and the signed transaction (`sign_transfer`) both come from
    /// here, and the quote is gas limit × max fee per gas, not the expected charge: it is what a
    /// node requires the sender to hold (besides the value) before it accepts the transaction.
    /// What is charged, gas used × (base fee + tip), is usually under half of it. So a sender
    /// holding a fresh quote can send the transfer; one topped up with a quote + 5% (a
    /// collection's fee top-up) can still after the base fee rose by about 85%, the caps then
    /// fitted to its holding; and a later quote for a sender that holds at least the floor
    /// never exceeds what it holds.
    ///
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
        let gas_limit = tx::gas_limit(estimate.to())?;
        let (base_fee, priority) = self.fee_data().await?;
        let held: U256 = self.call("eth_getBalance", json!([from, "latest"])).await?;
        let budget = held.saturating_sub(call.value);
        let caps =
            FeeCaps::new(base_fee, priority)?.fitted(gas_limit, budget, FeeCaps::floor(base_fee, priority)?);
        Ok(Plan { gas_limit, caps })
    }

    /// The next block's base fee and the tip to offer (see [`EvmAdapter::plan`]).
    async fn fee_data(&self) -> ChainResult<(U256, U256)> {
        let suggested: U256 = self.call("eth_maxPriorityFeePerGas", json!([])).await?;
        let params = json!([quantity(TIP_HISTORY_BLOCKS), "latest", [TIP_PERCENTILE]]);
        match self.raw_call::<RpcFeeHistory>("eth_feeHistory", params).await? {
            Ok(history) => {
                let base_fee = *history
                    .base_fee_per_gas
                    .last()
                    .ok_or_else(|| ChainError::Protocol("eth_feeHistory answered no base fee".into()))?;
                // Blocks that carried transactions only: an empty block's reward says nothing.
                let rewards: Vec<U256> = history
                    .gas_used_ratio
                    .iter()
                    .zip(history.reward.unwrap_or_default())
                    .filter(|(used, _)| **used > 0.0)
                    .filter_map(|(_, reward)| reward.first().copied())
                    .collect();
                Ok((base_fee, tx::tip(suggested, &rewards)))
            }
            Err(RpcError::Node { code, .. }) if code == METHOD_NOT_FOUND => {
                let latest: RpcBlock = self
                    .call("eth_getBlockByNumber", json!(["latest", false]))
                    .await?;
                let base_fee = latest
                    .base_fee_per_gas
                    .ok_or_else(|| ChainError::Protocol("the chain has no EIP-1559 base fee".into()))?;
                let next = base_fee + base_fee.div_ceil(U256::from(8u8));
                Ok((next, suggested))
            }
            Err(e) => Err(e.into_chain("eth_feeHistory")),
        }
    }

    /// What an included transaction cost: gas used × effective gas price, from its receipt
    /// (None when it has none, or a node too old to say the price).
    pub(super) async fn fee_of(&self, hash: B256) -> ChainResult<Option<U256>> {
        Ok(self.receipt(hash).await?.and_then(|r| {
            r.effective_gas_price
                .map(|price| U256::from(r.gas_used.to::<u64>()) * price)
        }))
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
                self.refused(hash, &raw, message).await
            }
            Err(e) => Err(e.into_chain("eth_sendRawTransaction")),
        }
    }
}

impl EvmAdapter {
    /// A refusal of a transaction: dead for good only when provably so, as the collection and
    /// payout followers replace (or fail) a step on a non-Unavailable refusal.
    /// - The node has this very transaction (an earlier send got through; a rebroadcast after
    ///   inclusion says "nonce too low"): not an error. A payout that went out must never be
    ///   reported as refused, or it could be paid twice.
    /// - Its nonce is used at the head by another transaction: Dead, it can never be
    ///   included.
    /// - Its nonce is taken only by another transaction still waiting ("nonce too low" from a
    ///   node counting its mempool, "replacement transaction underpriced"): Unavailable, sent
    ///   again later; it is dead once the other one is mined, not before.
    /// - Anything else (insufficient funds, a fee cap below the base fee...): Rejected with the
    ///   node's words.
    async fn refused(&self, hash: B256, raw: &[u8], message: String) -> ChainResult<()> {
        // The head's count before our hash's status: ours mined in between is then seen as ours.
        let used = match tx::sender_and_nonce(raw) {
            Some((from, nonce)) => {
                let count: U64 = self
                    .call("eth_getTransactionCount", json!([from, "latest"]))
                    .await?;
                Some(count.to::<u64>() > nonce)
            }
            None => None,
        };
        if self.already_there(hash).await? {
            return Ok(());
        }
        match used {
            Some(true) => Err(ChainError::Dead(format!(
                "its nonce was used by another transaction ({message})"
            ))),
            Some(false) if mentions(&message, NONCE_TAKEN) => Err(ChainError::Unavailable(format!(
                "eth_sendRawTransaction: {message} (another transaction with this nonce waits; \
                 this one is dead only once that one is mined)"
            ))),
            _ => Err(ChainError::Rejected(message)),
        }
    }
}

/// Refusals saying another transaction of the sender holds the nonce (geth, anvil: "nonce too
/// low", "replacement transaction underpriced"; Nethermind: "OldNonce", "ReplacementNotAllowed";
/// Besu: "NONCE_TOO_LOW", "REPLACEMENT_UNDERPRICED").
const NONCE_TAKEN: &[&str] = &["nonce too low", "nonce_too_low", "oldnonce", "replacement"];

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

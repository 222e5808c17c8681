//! Turning a block, its receipts and its token logs into [`Transfer`]s.
//!
//! Native transfers are the `value` of top-level transactions whose receipt says success.
//! Value moved by contracts internally (a multisig paying out) needs trace APIs and is not seen.
//! Token transfers are ERC20 `Transfer(address,address,uint256)` logs of the watched contracts;
//! a reverted transaction has no logs, so only successful ones appear.
//!
//! [`Transfer::index`]: a token transfer carries its log index, exactly as explorers show it;
//! a native transfer carries [`NATIVE_INDEX`] (u32::MAX), which no log index reaches, so
//! (tx_hash, index) stays unique when one transaction both pays ETH and emits Transfer logs
//! (a log index of 0 is common, so 0 could not mark the native transfer).

use std::collections::{HashMap, HashSet};

use alloy_primitives::{Address, B256, U256};
use alloy_sol_types::SolEvent;
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{Asset, ChainError, ChainResult, Transfer};

use super::rpc::{hex0x, RpcLog, RpcReceipt, RpcTx};
use super::tx::Transfer as TransferEvent;
use crate::keys::evm_address;

/// [`Transfer::index`] of a native transfer (see the module documentation).
pub const NATIVE_INDEX: u32 = u32::MAX;

/// The transactions that moved native value: the candidates whose receipts are needed.
pub fn value_txs(txs: &[RpcTx]) -> Vec<&RpcTx> {
    txs.iter().filter(|tx| !tx.value.is_zero()).collect()
}

/// Native transfers of the successful transactions among `candidates`, in block order.
/// `receipts` must hold one receipt for each candidate, all of block `block_hash`.
pub fn native_transfers(
    candidates: &[&RpcTx],
    receipts: &[RpcReceipt],
    block_hash: B256,
) -> ChainResult<Vec<Transfer>> {
    let by_hash: HashMap<B256, &RpcReceipt> = receipts.iter().map(|r| (r.transaction_hash, r)).collect();
    let mut transfers = Vec::new();
    for tx in candidates {
        let receipt = by_hash
            .get(&tx.hash)
            .ok_or_else(|| ChainError::Protocol(format!("no receipt for transaction {}", tx.hash)))?;
        if receipt.block_hash != block_hash {
            // The chain moved between our calls; the caller asks again.
            return Err(ChainError::Protocol(format!(
                "receipt of {} is from block {}, not {block_hash} (reorganised meanwhile?)",
                tx.hash, receipt.block_hash
            )));
        }
        if !receipt.success()? {
            continue;
        }
        // A contract creation pays its value to the new contract.
        let to = match (tx.to, receipt.contract_address) {
            (Some(to), _) | (None, Some(to)) => to,
            (None, None) => {
                return Err(ChainError::Protocol(format!(
                    "transaction {} has neither a recipient nor a created contract",
                    tx.hash
                )))
            }
        };
        transfers.push(Transfer {
            tx_hash: hex0x(tx.hash.as_slice()),
            index: NATIVE_INDEX,
            from: evm_address(&tx.from.0 .0),
            to: evm_address(&to.0 .0),
            asset: Asset::Native,
            amount: BaseUnits(tx.value),
        });
    }
    Ok(transfers)
}

/// Token transfers among `logs` (the answer of eth_getLogs for this block), of the watched
/// `tokens` only. Logs that are not a standard ERC20 Transfer (ERC721 has a fourth topic) and
/// zero amounts (they credit nothing; a common address-poisoning trick) are skipped.
/// Returned with their transaction's position in the block, for ordering.
pub fn token_transfers(
    logs: &[RpcLog],
    tokens: &HashSet<Address>,
    block_hash: B256,
) -> ChainResult<Vec<(u64, Transfer)>> {
    let mut transfers = Vec::new();
    for log in logs {
        if log.removed || !tokens.contains(&log.address) {
            continue;
        }
        if log.topics.first() != Some(&TransferEvent::SIGNATURE_HASH) || log.topics.len() != 3 {
            continue;
        }
        let missing = |what: &str| ChainError::Protocol(format!("a log without {what}"));
        if log.block_hash.ok_or_else(|| missing("blockHash"))? != block_hash {
            return Err(ChainError::Protocol(format!(
                "a log of another block than {block_hash} (reorganised meanwhile?)"
            )));
        }
        let tx_hash = log.transaction_hash.ok_or_else(|| missing("transactionHash"))?;
        let position = log.transaction_index.ok_or_else(|| missing("transactionIndex"))?;
        let log_index = log.log_index.ok_or_else(|| missing("logIndex"))?;
        let index = u32::try_from(log_index)
            .ok()
            .filter(|i| *i != NATIVE_INDEX)
            .ok_or_else(|| ChainError::Protocol(format!("log index {log_index} out of range")))?;
        if log.data.len() != 32 {
            continue;
        }
        // Validating decode: refuses address topics with dirty upper bytes.
        let Ok(event) = TransferEvent::decode_raw_log_validate(log.topics.iter().copied(), &log.data) else {
            tracing::warn!(%tx_hash, log_index = %log_index, "malformed Transfer log skipped");
            continue;
        };
        if event.value == U256::ZERO {
            continue;
        }
        transfers.push((
            position.to::<u64>(),
            Transfer {
                tx_hash: hex0x(tx_hash.as_slice()),
                index,
                from: evm_address(&event.from.0 .0),
                to: evm_address(&event.to.0 .0),
                asset: Asset::Token {
                    contract: evm_address(&log.address.0 .0),
                },
                amount: BaseUnits(event.value),
            },
        ));
    }
    Ok(transfers)
}

/// Block order: by transaction position, a transaction's native transfer before its logs,
/// logs by index.
pub fn ordered(
    positions: &HashMap<B256, u64>,
    native: Vec<Transfer>,
    tokens: Vec<(u64, Transfer)>,
) -> Vec<Transfer> {
    let mut all: Vec<((u64, u8, u32), Transfer)> = native
        .into_iter()
        .map(|t| {
            let position = parse_hash(&t.tx_hash)
                .and_then(|h| positions.get(&h).copied())
                .unwrap_or(u64::MAX);
            ((position, 0, 0), t)
        })
        .chain(tokens.into_iter().map(|(p, t)| ((p, 1, t.index), t)))
        .collect();
    all.sort_by_key(|(key, _)| *key);
    all.into_iter().map(|(_, t)| t).collect()
}

/// A 0x-prefixed 32-byte hash (any case).
pub fn parse_hash(text: &str) -> Option<B256> {
    let hex_part = text.strip_prefix("0x")?;
    let mut bytes = [0u8; 32];
    hex::decode_to_slice(hex_part, &mut bytes).ok()?;
    Some(B256::from(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloy_primitives::{address, Bytes, U64};

    const TOKEN: Address = address!("5FbDB2315678afecb367f032d93F642f64180aa3");
    const ALICE: Address = address!("f39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    const BOB: Address = address!("70997970C51812dc3A010C7d01b50e0d17dc79C8");

    fn topic(address: Address) -> B256 {
        address.into_word()
    }

    fn log(topics: Vec<B256>, value: U256, log_index: u64) -> RpcLog {
        RpcLog {
            address: TOKEN,
            topics,
            data: Bytes::from(value.to_be_bytes::<32>().to_vec()),
            block_hash: Some(B256::repeat_byte(1)),
            transaction_hash: Some(B256::repeat_byte(9)),
            transaction_index: Some(U64::from(3)),
            log_index: Some(U64::from(log_index)),
            removed: false,
        }
    }

    #[test]
    fn token_logs_become_exact_transfers_and_odd_logs_are_skipped() {
        let sig = TransferEvent::SIGNATURE_HASH;
        let big = U256::MAX - U256::from(1);
        let mut dirty = topic(BOB);
        dirty.0[0] = 1;
        let logs = vec![
            log(vec![sig, topic(ALICE), topic(BOB)], big, 0),
            log(vec![sig, topic(ALICE), topic(BOB), B256::ZERO], U256::from(1), 1), // ERC721
            log(vec![sig, topic(ALICE), topic(BOB)], U256::ZERO, 2),                // zero amount
            log(vec![sig, topic(ALICE), dirty], U256::from(5), 3),                  // dirty topic
            log(vec![B256::ZERO, topic(ALICE), topic(BOB)], U256::from(5), 4),      // other event
        ];
        let tokens = HashSet::from([TOKEN]);
        let found = token_transfers(&logs, &tokens, B256::repeat_byte(1)).unwrap();
        assert_eq!(found.len(), 1);
        let (position, transfer) = &found[0];
        assert_eq!(*position, 3);
        assert_eq!(transfer.index, 0);
        assert_eq!(transfer.amount, BaseUnits(big));
        assert_eq!(transfer.from, "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
        assert_eq!(transfer.tx_hash, format!("0x{}", "09".repeat(32)));
        assert_eq!(
            transfer.asset,
            Asset::Token {
                contract: "0x5FbDB2315678afecb367f032d93F642f64180aa3".into()
            }
        );
        assert!(token_transfers(&logs, &HashSet::new(), B256::repeat_byte(1))
            .unwrap()
            .is_empty());
        assert!(
            token_transfers(&logs, &tokens, B256::repeat_byte(2)).is_err(),
            "a log of another block"
        );
    }

    #[test]
    fn native_and_token_transfers_of_one_transaction_have_distinct_indexes() {
        let hash = B256::repeat_byte(9);
        let native = Transfer {
            tx_hash: hex0x(hash.as_slice()),
            index: NATIVE_INDEX,
            from: String::new(),
            to: String::new(),
            asset: Asset::Native,
            amount: BaseUnits::from_u128(1),
        };
        let token = Transfer {
            index: 0,
            asset: Asset::Token {
                contract: String::new(),
            },
            ..native.clone()
        };
        let positions = HashMap::from([(hash, 3)]);
        let all = ordered(&positions, vec![native], vec![(3, token)]);
        assert_eq!(
            all.iter().map(|t| t.index).collect::<Vec<_>>(),
            vec![NATIVE_INDEX, 0]
        );
        assert_eq!(parse_hash(&all[0].tx_hash), Some(hash));
        assert_eq!(parse_hash("0x12"), None);
    }
}

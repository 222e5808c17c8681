//! TRC20 transfers from the Transfer events of `/wallet/gettransactioninfobyblocknum`: one
//! TransactionInfo per transaction of the block (`id`, `blockNumber`, `receipt.result`,
//! `log: [{address, topics, data}]`, `internal_transactions`, ...).
//!
//! A token transfer is a log of a watched contract whose topics are exactly
//! keccak256("Transfer(address,address,uint256)"), from and to (each a 32-byte word holding the
//! 20-byte account id), with a 32-byte amount as data; its [`Transfer::index`] is the log's
//! position in its transaction's log list. So `transferFrom`, transfers made by other contracts
//! (batch payers, exchanges' routers) and tokens whose `transfer` takes other arguments are all
//! seen, exactly as the token emitted them. Skipped: logs of other contracts, other events, a
//! fourth topic (TRC721) or data other than one word (not the standard event), address topics
//! with non-zero upper bytes (no Solidity token emits them), zero amounts (they credit nothing;
//! a common address-poisoning trick), and transactions whose receipt is not SUCCESS (a reverted
//! or out-of-energy call emits no logs anyway).
//!
//! The infos are checked against the block read just before (`getblockbynum`): every info must
//! name a transaction of that block, once, at that height, agreeing on success, and every
//! successful contract call of the block must have its info. Anything else is a Protocol error,
//! never a silent skip: the usual cause is the chain reorganising between the two calls (the
//! scanner asks again) or a node keeping no transaction infos (`storage.transHistory.switch`
//! off), which would otherwise lose every token deposit without a word.

use std::collections::{HashMap, HashSet};

use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{Asset, ChainError, ChainResult, Transfer};
use ruint::aliases::U256;
use serde_json::Value;

use super::http::{self, hash32};
use super::scan::BlockTx;
use crate::keys::tron_address;

/// keccak256("Transfer(address,address,uint256)").
pub const TRANSFER_TOPIC: [u8; 32] = [
    0xdd, 0xf2, 0x52, 0xad, 0x1b, 0xe2, 0xc8, 0x9b, 0x69, 0xc2, 0xb0, 0x68, 0xfc, 0x37, 0x8d, 0xaa, 0x95,
    0x2b, 0xa7, 0xf1, 0x63, 0xc4, 0xa1, 0x16, 0x28, 0xf5, 0x5a, 0x4d, 0xf5, 0x23, 0xb3, 0xef,
];

fn protocol(message: String) -> ChainError {
    ChainError::Protocol(format!("gettransactioninfobyblocknum: {message}"))
}

/// The token transfers of block `number` given its transactions `txs` (in block order) and the
/// node's answer `infos`, each with the position of its transaction in the block.
pub fn token_transfers(
    infos: &Value,
    number: u64,
    txs: &[BlockTx],
    tokens: &HashSet<[u8; 20]>,
) -> ChainResult<Vec<(usize, Transfer)>> {
    // java-tron answers [] for a block without transactions and {} for some heights (0).
    let list: &[Value] = match infos {
        Value::Array(list) => list,
        Value::Object(object) if object.is_empty() => &[],
        other => return Err(protocol(format!("neither a list nor {{}}: {other:.200}"))),
    };
    let positions: HashMap<[u8; 32], usize> = txs.iter().enumerate().map(|(p, t)| (t.id, p)).collect();
    let mut seen = vec![false; txs.len()];
    let mut transfers = Vec::new();
    for info in list {
        let id = hash32(http::string(info, "id")?, "transaction info id")?;
        let tx_hash = hex::encode(id);
        let position = *positions.get(&id).ok_or_else(|| {
            protocol(format!(
                "transaction {tx_hash} is not in block {number} (reorganised between the two calls?)"
            ))
        })?;
        if std::mem::replace(&mut seen[position], true) {
            return Err(protocol(format!("transaction {tx_hash} is listed twice")));
        }
        let at = http::uint(info, "blockNumber")?;
        if at != number {
            return Err(protocol(format!(
                "transaction {tx_hash} is said to be in block {at}, not {number}"
            )));
        }
        let tx = &txs[position];
        if !tx.runs_code {
            continue; // TRX transfers and other system contracts run no contract code
        }
        let succeeded = info.pointer("/receipt/result").and_then(Value::as_str) == Some("SUCCESS")
            && info.get("result").and_then(Value::as_str) != Some("FAILED");
        if succeeded != tx.succeeded {
            return Err(protocol(format!(
                "transaction {tx_hash}: the block and its info disagree on its success"
            )));
        }
        if succeeded {
            let found = logged_transfers(info, &tx_hash, tokens)?;
            transfers.extend(found.into_iter().map(|t| (position, t)));
        }
    }
    if let Some((tx, _)) = txs
        .iter()
        .zip(&seen)
        .find(|(t, seen)| t.succeeded && t.runs_code && !**seen)
    {
        return Err(protocol(format!(
            "no info for transaction {} of block {number} (does the node keep transaction infos? \
             storage.transHistory.switch must be on)",
            hex::encode(tx.id)
        )));
    }
    Ok(transfers)
}

/// The Transfer events of the watched contracts among one transaction's logs.
fn logged_transfers(info: &Value, tx_hash: &str, tokens: &HashSet<[u8; 20]>) -> ChainResult<Vec<Transfer>> {
    let logs: &[Value] = match info.get("log") {
        None => &[],
        Some(v) => v
            .as_array()
            .ok_or_else(|| protocol(format!("the log of {tx_hash} is not a list")))?,
    };
    let mut transfers = Vec::new();
    for (index, log) in logs.iter().enumerate() {
        let contract = log_address(http::string(log, "address")?)?;
        if !tokens.contains(&contract) {
            continue;
        }
        let topics = match log.get("topics") {
            None => Vec::new(),
            Some(v) => v
                .as_array()
                .ok_or_else(|| protocol(format!("log {index} of {tx_hash}: topics is not a list")))?
                .iter()
                .map(|t| hash32(t.as_str().unwrap_or_default(), "log topic"))
                .collect::<ChainResult<Vec<_>>>()?,
        };
        let data_text = log.get("data").and_then(Value::as_str).unwrap_or("");
        let data = hex::decode(data_text)
            .map_err(|_| protocol(format!("log {index} of {tx_hash}: data is not hex")))?;
        if topics.len() != 3 || topics[0] != TRANSFER_TOPIC || data.len() != 32 {
            continue;
        }
        let (Some(from), Some(to)) = (topic_address(&topics[1]), topic_address(&topics[2])) else {
            tracing::warn!(tx_hash, index, "Transfer log with dirty address topics skipped");
            continue;
        };
        let amount = U256::from_be_slice(&data);
        if amount.is_zero() {
            continue;
        }
        transfers.push(Transfer {
            tx_hash: tx_hash.to_string(),
            index: u32::try_from(index).map_err(|_| protocol(format!("{tx_hash} has too many logs")))?,
            from: tron_address(&from),
            to: tron_address(&to),
            asset: Asset::Token {
                contract: tron_address(&contract),
            },
            amount: BaseUnits(amount),
        });
    }
    Ok(transfers)
}

/// A log's contract: the 20-byte account id in hex, as java-tron prints it (41-prefixed also
/// taken).
fn log_address(text: &str) -> ChainResult<[u8; 20]> {
    let id = text
        .strip_prefix("41")
        .filter(|_| text.len() == 42)
        .unwrap_or(text);
    hex::decode(id)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| protocol(format!("log address {text:?} is not a 20-byte hex id")))
}

/// The account id in an address topic: the low 20 bytes, the upper 12 being zero.
fn topic_address(word: &[u8; 32]) -> Option<[u8; 20]> {
    if word[..12].iter().any(|b| *b != 0) {
        return None;
    }
    word[12..].try_into().ok()
}

#[cfg(test)]
#[path = "events_tests.rs"]
mod tests;

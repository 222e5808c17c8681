//! Reading transfers out of a block as `/wallet/getblockbynum` prints it (`visible: false`).
//!
//! Seen: TransferContract (TRX) and TriggerSmartContract calls of `transfer(address,uint256)` on
//! the watched TRC20 contracts, only in transactions whose `ret[0].contractRet` is SUCCESS (a
//! reverted or out-of-energy call moves nothing). Not seen: `transferFrom`, transfers made by
//! other contracts (batch payers), TRX sent along a contract call; those need the Transfer events
//! of `gettransactioninfobyblocknum`.

use std::collections::HashSet;

use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{Asset, Block, ChainError, ChainResult, Transfer};
use ruint::aliases::U256;
use serde_json::Value;

use super::http::{self, address, hash32};
use super::tx::TRC20_TRANSFER_SELECTOR;
use crate::keys::tron_address;

/// Number, id and time of a block (or of `getnowblock`'s head).
pub struct Header {
    pub number: u64,
    pub id: [u8; 32],
    pub parent: [u8; 32],
    pub timestamp_ms: u64,
}

pub fn header(block: &Value) -> ChainResult<Header> {
    let id = hash32(http::string(block, "blockID")?, "blockID")?;
    let raw = block
        .pointer("/block_header/raw_data")
        .ok_or_else(|| ChainError::Protocol("block without block_header.raw_data".into()))?;
    let number = http::uint(raw, "number")?;
    // The block id starts with the height: a cheap check that we read the block we asked for.
    if id[..8] != number.to_be_bytes() {
        return Err(ChainError::Protocol(format!(
            "block id {} does not encode height {number}",
            hex::encode(id)
        )));
    }
    let parent = match raw.get("parentHash").and_then(Value::as_str) {
        Some(text) => hash32(text, "parentHash")?,
        None => [0; 32],
    };
    Ok(Header {
        number,
        id,
        parent,
        timestamp_ms: http::uint(raw, "timestamp")?,
    })
}

pub fn block(value: &Value, tokens: &HashSet<[u8; 20]>) -> ChainResult<Block> {
    let head = header(value)?;
    let mut transfers = Vec::new();
    let empty = Vec::new();
    let txs = value
        .get("transactions")
        .and_then(Value::as_array)
        .unwrap_or(&empty);
    for tx in txs {
        let succeeded = tx.pointer("/ret/0/contractRet").and_then(Value::as_str) == Some("SUCCESS");
        if !succeeded {
            continue;
        }
        let tx_hash = hex::encode(hash32(http::string(tx, "txID")?, "txID")?);
        let contracts = tx
            .pointer("/raw_data/contract")
            .and_then(Value::as_array)
            .unwrap_or(&empty);
        for (index, contract) in contracts.iter().enumerate() {
            if let Some((from, to, asset, amount)) = transfer(contract, tokens)? {
                transfers.push(Transfer {
                    tx_hash: tx_hash.clone(),
                    index: index as u32,
                    from: tron_address(&from),
                    to: tron_address(&to),
                    asset,
                    amount,
                });
            }
        }
    }
    Ok(Block {
        number: head.number,
        hash: hex::encode(head.id),
        parent_hash: hex::encode(head.parent),
        timestamp: (head.timestamp_ms / 1000) as i64,
        transfers,
    })
}

type Moved = ([u8; 20], [u8; 20], Asset, BaseUnits);

/// One contract of a successful transaction, if it moves TRX or a watched token (zero amounts
/// are skipped: they credit nothing and are a common spam pattern).
fn transfer(contract: &Value, tokens: &HashSet<[u8; 20]>) -> ChainResult<Option<Moved>> {
    let value = contract.pointer("/parameter/value").unwrap_or(&Value::Null);
    match contract.get("type").and_then(Value::as_str) {
        Some("TransferContract") => {
            let amount = http::uint(value, "amount")?;
            if amount == 0 {
                return Ok(None);
            }
            let from = address(http::string(value, "owner_address")?)?;
            let to = address(http::string(value, "to_address")?)?;
            Ok(Some((from, to, Asset::Native, BaseUnits(U256::from(amount)))))
        }
        Some("TriggerSmartContract") => {
            let Some(contract_text) = value.get("contract_address").and_then(Value::as_str) else {
                return Ok(None);
            };
            let token = address(contract_text)?;
            if !tokens.contains(&token) {
                return Ok(None);
            }
            let data = value.get("data").and_then(Value::as_str).unwrap_or("");
            let Some((to, amount)) = decode_transfer_call(data) else {
                return Ok(None);
            };
            if amount.is_zero() {
                return Ok(None);
            }
            let from = address(http::string(value, "owner_address")?)?;
            let asset = Asset::Token {
                contract: tron_address(&token),
            };
            Ok(Some((from, to, asset, BaseUnits(amount))))
        }
        _ => Ok(None),
    }
}

/// `transfer(address,uint256)` call data: recipient and amount. The recipient is the low 20
/// bytes of the first word, which is what the token contract credits.
pub fn decode_transfer_call(data_hex: &str) -> Option<([u8; 20], U256)> {
    let data = hex::decode(data_hex).ok()?;
    if data.len() < 68 || data[..4] != TRC20_TRANSFER_SELECTOR {
        return None;
    }
    let to: [u8; 20] = data[16..36].try_into().ok()?;
    let amount = U256::from_be_slice(&data[36..68]);
    Some((to, amount))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const ID: &str = "0000000000000005aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

    #[test]
    fn a_block_id_must_encode_the_height() {
        let good = json!({"blockID": ID, "block_header": {"raw_data": {"number": 5, "timestamp": 1999}}});
        let h = header(&good).unwrap();
        assert_eq!((h.number, h.timestamp_ms, h.parent), (5, 1999, [0; 32]));
        let bad = json!({"blockID": ID, "block_header": {"raw_data": {"number": 6}}});
        assert!(header(&bad).is_err());
    }

    #[test]
    fn failed_and_zero_transfers_are_skipped() {
        let owner = "41".to_string() + &"11".repeat(20);
        let to = "41".to_string() + &"22".repeat(20);
        let tx = |ret: &str, amount: u64, txid: &str| {
            json!({"txID": txid, "ret": [{"contractRet": ret}], "raw_data": {"contract": [{
                "type": "TransferContract",
                "parameter": {"value": {"owner_address": owner, "to_address": to, "amount": amount}}
            }]}})
        };
        let block_json = json!({
            "blockID": ID,
            "block_header": {"raw_data": {"number": 5, "timestamp": 1999, "parentHash": "00".repeat(32)}},
            "transactions": [tx("SUCCESS", 7, &"01".repeat(32)), tx("REVERT", 8, &"02".repeat(32)), tx("SUCCESS", 0, &"03".repeat(32))]
        });
        let b = block(&block_json, &HashSet::new()).unwrap();
        assert_eq!(b.timestamp, 1);
        assert_eq!(b.transfers.len(), 1);
        assert_eq!(b.transfers[0].amount, BaseUnits::from_u128(7));
        assert_eq!(b.transfers[0].from, tron_address(&[0x11; 20]));
    }

    #[test]
    fn transfer_calls_decode_and_others_do_not() {
        let data = format!("a9059cbb{}{}{:064x}", "00".repeat(12), "33".repeat(20), 1234);
        assert_eq!(decode_transfer_call(&data), Some(([0x33; 20], U256::from(1234))));
        assert_eq!(decode_transfer_call(&data[..data.len() - 2]), None, "short");
        assert_eq!(
            decode_transfer_call(&data.replacen("a9059cbb", "095ea7b3", 1)),
            None,
            "approve"
        );
    }
}

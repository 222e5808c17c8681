//! Reading a block as `/wallet/getblockbynum` prints it (`visible: false`): its header, its TRX
//! transfers and the list of its transactions, which [`super::events`] matches the token
//! transfers against.
//!
//! TRX transfers are the TransferContract transactions whose `ret[0].contractRet` is SUCCESS,
//! with [`Transfer::index`] = [`TRX_INDEX`] (0: the position of the contract in the transaction,
//! java-tron allowing exactly one). A token transfer's index is its log's position, which can be
//! 0 as well; the pair (tx hash, index) stays unique because a TransferContract runs no contract
//! code and so emits no logs: [`Scanned::into_block`] refuses a transaction that would carry both.
//! TRX sent along a contract call (`call_value`) or by a contract (internal transactions) is not
//! seen.

use std::collections::HashSet;

use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{Asset, Block, ChainError, ChainResult, Transfer};
use ruint::aliases::U256;
use serde_json::Value;

use super::http::{self, address, hash32};
use crate::keys::tron_address;

/// [`Transfer::index`] of a TRX transfer: the position of the contract in its transaction (java-tron
/// allows exactly one), as before token transfers came from logs, so deposits recorded earlier
/// keep their key.
pub const TRX_INDEX: u32 = 0;

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

/// A transaction of the block, as far as scanning cares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockTx {
    pub id: [u8; 32],
    /// `ret[0].contractRet` is SUCCESS.
    pub succeeded: bool,
    /// A TriggerSmartContract or CreateSmartContract: it ran contract code, so it may have logs.
    pub runs_code: bool,
}

/// A block read from `getblockbynum`: header, transactions in block order, TRX transfers.
pub struct Scanned {
    pub head: Header,
    pub txs: Vec<BlockTx>,
    /// TRX transfers with the position of their transaction in the block.
    native: Vec<(usize, Transfer)>,
}

impl Scanned {
    /// Whether a transaction of the block may have emitted logs (a successful contract call):
    /// without one there is no need to ask for the transaction infos.
    pub fn may_have_logs(&self) -> bool {
        self.txs.iter().any(|t| t.succeeded && t.runs_code)
    }

    /// The block with its TRX transfers and the given token transfers (each with the position
    /// of its transaction), in block order: by transaction, then by index.
    pub fn into_block(self, tokens: Vec<(usize, Transfer)>) -> ChainResult<Block> {
        let paying: HashSet<usize> = self.native.iter().map(|(p, _)| *p).collect();
        if let Some((_, t)) = tokens.iter().find(|(p, _)| paying.contains(p)) {
            return Err(ChainError::Protocol(format!(
                "transaction {} both transfers TRX and emits token logs",
                t.tx_hash
            )));
        }
        let mut transfers: Vec<(usize, Transfer)> = self.native.into_iter().chain(tokens).collect();
        transfers.sort_by_key(|(position, t)| (*position, t.index));
        Ok(Block {
            number: self.head.number,
            hash: hex::encode(self.head.id),
            parent_hash: hex::encode(self.head.parent),
            timestamp: (self.head.timestamp_ms / 1000) as i64,
            transfers: transfers.into_iter().map(|(_, t)| t).collect(),
        })
    }
}

pub fn block(value: &Value) -> ChainResult<Scanned> {
    let head = header(value)?;
    let mut txs = Vec::new();
    let mut native = Vec::new();
    let empty = Vec::new();
    let list = match value.get("transactions") {
        None => &empty,
        Some(v) => v
            .as_array()
            .ok_or_else(|| ChainError::Protocol("block transactions is not a list".into()))?,
    };
    for (position, tx) in list.iter().enumerate() {
        let id = hash32(http::string(tx, "txID")?, "txID")?;
        let succeeded = tx.pointer("/ret/0/contractRet").and_then(Value::as_str) == Some("SUCCESS");
        let contracts = tx
            .pointer("/raw_data/contract")
            .and_then(Value::as_array)
            .unwrap_or(&empty);
        let runs_code = contracts.iter().any(|c| {
            matches!(
                c.get("type").and_then(Value::as_str),
                Some("TriggerSmartContract" | "CreateSmartContract")
            )
        });
        txs.push(BlockTx {
            id,
            succeeded,
            runs_code,
        });
        if !succeeded {
            continue;
        }
        if contracts.len() > 1 {
            return Err(ChainError::Protocol(format!(
                "transaction {} carries {} contracts; java-tron allows one",
                hex::encode(id),
                contracts.len()
            )));
        }
        if let Some((from, to, amount)) = contracts.first().map(trx_transfer).transpose()?.flatten() {
            native.push((
                position,
                Transfer {
                    tx_hash: hex::encode(id),
                    index: TRX_INDEX,
                    from: tron_address(&from),
                    to: tron_address(&to),
                    asset: Asset::Native,
                    amount,
                },
            ));
        }
    }
    Ok(Scanned { head, txs, native })
}

/// From, to, amount.
type Moved = ([u8; 20], [u8; 20], BaseUnits);

/// A TransferContract moving a non-zero amount of TRX (zero amounts credit nothing and are a
/// common spam pattern).
fn trx_transfer(contract: &Value) -> ChainResult<Option<Moved>> {
    if contract.get("type").and_then(Value::as_str) != Some("TransferContract") {
        return Ok(None);
    }
    let value = contract.pointer("/parameter/value").unwrap_or(&Value::Null);
    let amount = http::uint(value, "amount")?;
    if amount == 0 {
        return Ok(None);
    }
    let from = address(http::string(value, "owner_address")?)?;
    let to = address(http::string(value, "to_address")?)?;
    Ok(Some((from, to, BaseUnits(U256::from(amount)))))
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

    fn trx_tx(ret: &str, amount: u64, txid: &str) -> Value {
        let owner = "41".to_string() + &"11".repeat(20);
        let to = "41".to_string() + &"22".repeat(20);
        json!({"txID": txid, "ret": [{"contractRet": ret}], "raw_data": {"contract": [{
            "type": "TransferContract",
            "parameter": {"value": {"owner_address": owner, "to_address": to, "amount": amount}}
        }]}})
    }

    fn call_tx(ret: &str, txid: &str) -> Value {
        json!({"txID": txid, "ret": [{"contractRet": ret}], "raw_data": {"contract": [{
            "type": "TriggerSmartContract",
            "parameter": {"value": {
                "owner_address": "41".to_string() + &"11".repeat(20),
                "contract_address": "41a614f803b6fd780986a42c78ec9c7f77e6ded13c",
                "data": "a9059cbb"
            }}
        }]}})
    }

    fn block_json(txs: Vec<Value>) -> Value {
        json!({
            "blockID": ID,
            "block_header": {"raw_data": {"number": 5, "timestamp": 1999, "parentHash": "00".repeat(32)}},
            "transactions": txs
        })
    }

    #[test]
    fn failed_and_zero_transfers_are_skipped() {
        let txs = vec![
            trx_tx("SUCCESS", 7, &"01".repeat(32)),
            trx_tx("REVERT", 8, &"02".repeat(32)),
            trx_tx("SUCCESS", 0, &"03".repeat(32)),
        ];
        let scanned = block(&block_json(txs)).unwrap();
        assert_eq!(scanned.txs.len(), 3);
        assert!(!scanned.may_have_logs(), "TRX transfers run no contract code");
        let b = scanned.into_block(Vec::new()).unwrap();
        assert_eq!(b.timestamp, 1);
        assert_eq!(b.transfers.len(), 1);
        assert_eq!(b.transfers[0].amount, BaseUnits::from_u128(7));
        assert_eq!(b.transfers[0].index, TRX_INDEX);
        assert_eq!(b.transfers[0].from, tron_address(&[0x11; 20]));
    }

    #[test]
    fn contract_calls_are_not_read_from_call_data_but_flag_the_block() {
        let scanned = block(&block_json(vec![call_tx("REVERT", &"01".repeat(32))])).unwrap();
        assert!(!scanned.may_have_logs(), "a failed call emits nothing");
        let scanned = block(&block_json(vec![call_tx("SUCCESS", &"01".repeat(32))])).unwrap();
        assert!(scanned.may_have_logs());
        assert_eq!(
            scanned.txs,
            vec![BlockTx {
                id: [1; 32],
                succeeded: true,
                runs_code: true
            }]
        );
        assert!(scanned.into_block(Vec::new()).unwrap().transfers.is_empty());
    }

    #[test]
    fn token_transfers_join_in_block_order_and_never_share_a_trx_transfer_key() {
        let txs = vec![
            call_tx("SUCCESS", &"01".repeat(32)),
            trx_tx("SUCCESS", 7, &"02".repeat(32)),
        ];
        let token = |position: usize, index: u32| {
            (
                position,
                Transfer {
                    tx_hash: hex::encode([position as u8 + 1; 32]),
                    index,
                    from: tron_address(&[3; 20]),
                    to: tron_address(&[4; 20]),
                    asset: Asset::Token {
                        contract: tron_address(&[5; 20]),
                    },
                    amount: BaseUnits::from_u128(1),
                },
            )
        };
        let b = block(&block_json(txs.clone()))
            .unwrap()
            .into_block(vec![token(0, 2), token(0, 0)])
            .unwrap();
        let order: Vec<(String, u32)> = b
            .transfers
            .iter()
            .map(|t| (t.tx_hash[..2].to_string(), t.index))
            .collect();
        let expected = [("01", 0), ("01", 2), ("02", TRX_INDEX)];
        assert_eq!(order, expected.map(|(h, i)| (h.to_string(), i)));
        let clash = block(&block_json(txs)).unwrap().into_block(vec![token(1, 0)]);
        assert!(matches!(clash, Err(ChainError::Protocol(_))), "{clash:?}");
    }

    #[test]
    fn a_block_without_transactions_has_none() {
        let mut value = block_json(Vec::new());
        value.as_object_mut().unwrap().remove("transactions");
        let scanned = block(&value).unwrap();
        assert!(scanned.txs.is_empty() && !scanned.may_have_logs());
        value["transactions"] = json!("nope");
        assert!(block(&value).is_err());
    }
}

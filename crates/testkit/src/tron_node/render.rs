use serde_json::{json, Value};

use super::contracts::Log;
use super::ledger::{Outcome, Params};
use super::pb::{Call, ParsedTx};
use super::TxRec;

pub fn addr(id: &[u8; 20], visible: bool) -> String {
    if visible {
        super::base58(id)
    } else {
        format!("41{}", hex::encode(id))
    }
}

fn text(message: &str, visible: bool) -> String {
    if visible {
        message.to_string()
    } else {
        hex::encode(message)
    }
}

pub fn call_error(code: &str, message: &str, visible: bool) -> Value {
    json!({"result": {"code": code, "message": text(message, visible)}})
}

/// `getchainparameters`, from the parameters in force (java-tron's keys, in its order).
pub fn chain_parameters(p: &Params) -> Value {
    let params = [
        ("getMaintenanceTimeInterval", 21_600_000),
        ("getCreateAccountFee", p.create_account_fee),
        ("getTransactionFee", p.transaction_fee),
        ("getFreeNetLimit", p.free_net_limit),
        (
            "getCreateNewAccountFeeInSystemContract",
            p.create_account_in_contract_fee,
        ),
        ("getCreateNewAccountBandwidthRate", 1),
        ("getEnergyFee", p.energy_fee),
        ("getMaxFeeLimit", p.max_fee_limit),
        ("getAllowTvmTransferTrc10", 1),
        ("getRemoveThePowerOfTheGr", 0),
        ("getAllowDynamicEnergy", 1),
        ("getDynamicEnergyMaxFactor", 34_000),
    ];
    let list: Vec<Value> = params
        .iter()
        .map(|(key, value)| {
            if *value == 0 {
                json!({"key": key})
            } else {
                json!({"key": key, "value": value})
            }
        })
        .collect();
    json!({ "chainParameter": list })
}

pub fn tx(id: &[u8; 32], tx: &ParsedTx, outcome: Option<&Outcome>, visible: bool) -> Value {
    let kind = tx.call.kind();
    let type_url = format!("type.googleapis.com/protocol.{kind}");
    let value = match &tx.call {
        Call::Transfer { owner, to, amount } => {
            json!({"amount": amount, "owner_address": addr(owner, visible), "to_address": addr(to, visible)})
        }
        Call::Trigger {
            owner,
            contract,
            data,
            call_value,
        } => {
            let mut value = json!({
                "data": hex::encode(data),
                "owner_address": addr(owner, visible),
                "contract_address": addr(contract, visible),
            });
            if *call_value > 0 {
                value["call_value"] = json!(call_value);
            }
            value
        }
        other => stake_value(other, visible),
    };
    let mut raw = json!({
        "contract": [{"parameter": {"value": value, "type_url": type_url}, "type": kind}],
        "ref_block_bytes": hex::encode(&tx.ref_block_bytes),
        "ref_block_hash": hex::encode(&tx.ref_block_hash),
        "expiration": tx.expiration,
    });
    for (field, v) in [("timestamp", tx.timestamp), ("fee_limit", tx.fee_limit)] {
        if v > 0 {
            raw[field] = json!(v);
        }
    }
    let mut out = json!({
        "txID": hex::encode(id),
        "raw_data": raw,
        "raw_data_hex": hex::encode(&tx.raw_data),
        "signature": tx.signatures.iter().map(hex::encode).collect::<Vec<_>>(),
    });
    if let Some(outcome) = outcome {
        out["ret"] = json!([{"contractRet": outcome.ret}]);
    }
    out
}

/// A Stake 2.0 contract's value as java-tron prints it (defaults left out: BANDWIDTH, 0, false).
fn stake_value(call: &Call, visible: bool) -> Value {
    let mut value = serde_json::Map::new();
    value.insert("owner_address".into(), json!(addr(&call.owner(), visible)));
    let (resource, amount_key, amount, receiver, lock, lock_period) = match *call {
        Call::FreezeV2 { amount, resource, .. } => (resource, "frozen_balance", amount, None, false, 0),
        Call::UnfreezeV2 { amount, resource, .. } => (resource, "unfreeze_balance", amount, None, false, 0),
        Call::Delegate {
            resource,
            balance,
            receiver,
            lock,
            lock_period,
            ..
        } => (resource, "balance", balance, Some(receiver), lock, lock_period),
        Call::UnDelegate {
            resource,
            balance,
            receiver,
            ..
        } => (resource, "balance", balance, Some(receiver), false, 0),
        _ => (0, "", 0, None, false, 0),
    };
    if resource == super::pb::ENERGY {
        value.insert("resource".into(), json!("ENERGY"));
    } else if resource > 1 {
        value.insert("resource".into(), json!(resource));
    }
    if amount > 0 {
        value.insert(amount_key.into(), json!(amount));
    }
    if let Some(receiver) = receiver {
        value.insert("receiver_address".into(), json!(addr(&receiver, visible)));
    }
    if lock {
        value.insert("lock".into(), json!(true));
    }
    if lock_period > 0 {
        value.insert("lock_period".into(), json!(lock_period));
    }
    Value::Object(value)
}

pub fn block(
    number: u64,
    id: &[u8; 32],
    parent: &[u8; 32],
    timestamp_ms: u64,
    txs: &[TxRec],
    visible: bool,
) -> Value {
    let mut raw = json!({
        "txTrieRoot": "00".repeat(32),
        "witness_address": addr(&[0x5a; 20], visible),
        "parentHash": hex::encode(parent),
        "version": 30,
        "timestamp": timestamp_ms,
    });
    if number > 0 {
        raw["number"] = json!(number);
    }
    let mut out = json!({
        "blockID": hex::encode(id),
        "block_header": {"raw_data": raw, "witness_signature": "00".repeat(65)},
    });
    if !txs.is_empty() {
        let list: Vec<Value> = txs
            .iter()
            .map(|t| tx(&t.id, &t.tx, t.outcome.as_ref(), visible))
            .collect();
        out["transactions"] = json!(list);
    }
    out
}

/// An event log as TransactionInfo prints it: the contract as a 20-byte id in hex (with
/// `visible`, 0x41-prefixed in base58), topics and data in hex, empty data left out.
pub fn log(log: &Log, visible: bool) -> Value {
    let address = if visible {
        super::base58(&log.address)
    } else {
        hex::encode(log.address)
    };
    let mut out = json!({
        "address": address,
        "topics": log.topics.iter().map(hex::encode).collect::<Vec<_>>(),
    });
    if !log.data.is_empty() {
        out["data"] = json!(hex::encode(&log.data));
    }
    out
}

/// The TransactionInfo of an included transaction (`gettransactioninfobyid`, and one element
/// of `gettransactioninfobyblocknum`).
pub fn info(number: u64, timestamp_ms: u64, rec: &TxRec, visible: bool) -> Value {
    let outcome = rec
        .outcome
        .as_ref()
        .expect("included transactions have an outcome");
    let mut out = json!({
        "id": hex::encode(rec.id),
        "blockNumber": number,
        "blockTimeStamp": timestamp_ms,
        "contractResult": [hex::encode(&outcome.output)],
    });
    if outcome.fee > 0 {
        out["fee"] = json!(outcome.fee);
    }
    if outcome.withdraw_expire_amount > 0 {
        out["withdraw_expire_amount"] = json!(outcome.withdraw_expire_amount);
    }
    // The receipt leaves out what is 0, as java-tron prints protobuf defaults.
    let mut receipt = serde_json::Map::new();
    let mut put = |key: &str, v: u64| {
        if v > 0 {
            receipt.insert(key.into(), json!(v));
        }
    };
    if let Call::Trigger { .. } = rec.tx.call {
        put("energy_usage", outcome.energy_usage);
        put("energy_fee", outcome.energy_fee);
        put("energy_usage_total", outcome.energy);
        put("energy_penalty_total", outcome.energy_penalty);
    }
    put("net_usage", outcome.net_usage);
    put("net_fee", outcome.net_fee);
    if let Call::Trigger { .. } = rec.tx.call {
        receipt.insert("result".into(), json!(outcome.ret));
    }
    out["receipt"] = Value::Object(receipt);
    if let Call::Trigger { contract, .. } = &rec.tx.call {
        out["contract_address"] = json!(addr(contract, visible));
    }
    if !outcome.logs.is_empty() {
        let logs: Vec<Value> = outcome.logs.iter().map(|l| log(l, visible)).collect();
        out["log"] = json!(logs);
    }
    if outcome.ret != "SUCCESS" {
        out["result"] = json!("FAILED");
        out["resMessage"] = json!(hex::encode(outcome.ret));
    }
    out
}

//! Unit tests of [`super`]: java-tron's TransactionInfo list read into token transfers.

use super::*;
use serde_json::json;
use sha3::{Digest, Keccak256};

const USDT: &str = "a614f803b6fd780986a42c78ec9c7f77e6ded13c";
const USDT_B58: &str = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const ALICE: &str = "f1a6b0b1c8d3e4a5968778695a4b3c2d1e0f1a2b";
const ALICE_B58: &str = "TXzwY8SjqNSe7YZVvvW2HoWK5TSxThCYXj";
const BOB: &str = "7e3d4b9a2c1f0e8d6b5a49382716f5e4d3c2b1a0";
const BOB_B58: &str = "TMUha6wU5Gw2N3howNtuReHpXZ81mRofMM";
/// A contract that is not watched (a swap pair, say).
const PAIR: &str = "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567";
const TRANSFER: &str = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const APPROVAL: &str = "8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925";
const NUMBER: u64 = 71_234_567;

fn word(id: &str) -> String {
    format!("{}{id}", "00".repeat(12))
}

fn amount(value: U256) -> String {
    hex::encode(value.to_be_bytes::<32>())
}

fn txid(n: u8) -> String {
    hex::encode([n; 32])
}

fn tx(n: u8, succeeded: bool, runs_code: bool) -> BlockTx {
    BlockTx {
        id: [n; 32],
        succeeded,
        runs_code,
    }
}

fn usdt() -> HashSet<[u8; 20]> {
    HashSet::from([hex::decode(USDT).unwrap().try_into().unwrap()])
}

/// A block of five transactions as java-tron prints their infos (`visible: false`): a USDT
/// transfer, a TRX transfer, a reverted USDT transfer, a router call paying through USDT among
/// other logs, and a USDT call emitting odd events.
fn mainnet_like() -> (Value, Vec<BlockTx>) {
    let infos = json!([
        {
            "id": txid(1), "fee": 13_844_850, "blockNumber": NUMBER, "blockTimeStamp": 1_745_000_001_000u64,
            "contractResult": [amount(U256::from(1))],
            "contract_address": format!("41{USDT}"),
            "receipt": {"energy_fee": 13_844_850, "energy_usage_total": 65_285, "net_usage": 345,
                        "result": "SUCCESS", "energy_penalty_total": 50_635},
            "log": [{"address": USDT, "topics": [TRANSFER, word(ALICE), word(BOB)],
                     "data": amount(U256::from(25_500_000))}]
        },
        {
            "id": txid(2), "fee": 267_000, "blockNumber": NUMBER, "blockTimeStamp": 1_745_000_001_000u64,
            "contractResult": [""], "receipt": {"net_fee": 267_000}
        },
        {
            "id": txid(3), "fee": 1_234_560, "blockNumber": NUMBER, "blockTimeStamp": 1_745_000_001_000u64,
            "contractResult": [""], "contract_address": format!("41{USDT}"),
            "receipt": {"energy_fee": 1_234_560, "energy_usage_total": 5_879, "net_usage": 345, "result": "REVERT"},
            "result": "FAILED", "resMessage": hex::encode("REVERT opcode executed"),
            // A failed transaction emits no logs; one here must still not count.
            "log": [{"address": USDT, "topics": [TRANSFER, word(ALICE), word(BOB)], "data": amount(U256::from(9))}]
        },
        {
            "id": txid(4), "blockNumber": NUMBER, "blockTimeStamp": 1_745_000_001_000u64,
            "contractResult": [""], "contract_address": format!("41{PAIR}"),
            "receipt": {"energy_usage_total": 120_000, "net_usage": 600, "result": "SUCCESS"},
            "log": [
                {"address": PAIR, "topics": [TRANSFER, word(PAIR), word(BOB)], "data": amount(U256::from(77))},
                {"address": USDT, "topics": [APPROVAL, word(ALICE), word(PAIR)], "data": amount(U256::MAX)},
                {"address": USDT, "topics": [TRANSFER, word(ALICE), word(BOB)],
                 "data": amount(U256::from(1) << 200)}
            ],
            "internal_transactions": [{
                "hash": txid(9), "caller_address": format!("41{PAIR}"),
                "transferTo_address": format!("41{USDT}"), "callValueInfo": [{}], "note": hex::encode("call")
            }]
        },
        {
            "id": txid(5), "blockNumber": NUMBER, "receipt": {"energy_usage_total": 40_000, "result": "SUCCESS"},
            "log": [
                {"address": USDT, "topics": [TRANSFER, word(ALICE), word(BOB), word(PAIR)], "data": ""},
                {"address": USDT, "topics": [TRANSFER, word(ALICE), word(BOB)], "data": amount(U256::ZERO)},
                {"address": USDT, "topics": [TRANSFER, word(ALICE), word(BOB)],
                 "data": amount(U256::from(5)) + &"00".repeat(32)},
                {"address": USDT, "topics": [TRANSFER, word(ALICE), format!("01{}", &word(BOB)[2..])],
                 "data": amount(U256::from(5))}
            ]
        }
    ]);
    let txs = vec![
        tx(1, true, true),
        tx(2, true, false),
        tx(3, false, true),
        tx(4, true, true),
        tx(5, true, true),
    ];
    (infos, txs)
}

#[test]
fn the_topic_is_the_hash_of_the_event_signature() {
    assert_eq!(
        TRANSFER_TOPIC[..],
        Keccak256::digest(b"Transfer(address,address,uint256)")[..]
    );
    assert_eq!(hex::encode(TRANSFER_TOPIC), TRANSFER);
}

#[test]
fn transfer_events_of_watched_contracts_become_exact_transfers() {
    let (infos, txs) = mainnet_like();
    let found = token_transfers(&infos, NUMBER, &txs, &usdt()).unwrap();
    let token = Asset::Token {
        contract: USDT_B58.into(),
    };
    let expect = |position: usize, n: u8, index: u32, value: U256| {
        (
            position,
            Transfer {
                tx_hash: txid(n),
                index,
                from: ALICE_B58.into(),
                to: BOB_B58.into(),
                asset: token.clone(),
                amount: BaseUnits(value),
            },
        )
    };
    // The router's USDT transfer is its third log: index 2; 2^200 is kept exactly. The pair's
    // own Transfer (unwatched), the Approval, the failed transaction and the odd events of the
    // fifth transaction (four topics, zero, two words of data, a dirty address) are not there.
    assert_eq!(
        found,
        vec![
            expect(0, 1, 0, U256::from(25_500_000)),
            expect(3, 4, 2, U256::from(1) << 200),
        ]
    );
    assert_eq!(
        found[1].1.amount.0.to_string(),
        "1606938044258990275541962092341162602522202993782792835301376"
    );

    assert!(token_transfers(&infos, NUMBER, &txs, &HashSet::new())
        .unwrap()
        .is_empty());
}

#[test]
fn a_block_without_transactions_may_answer_an_empty_list_or_object() {
    for empty in [json!([]), json!({})] {
        assert_eq!(token_transfers(&empty, NUMBER, &[], &usdt()).unwrap(), vec![]);
        // Failed calls and TRX transfers need no info.
        let txs = [tx(1, false, true), tx(2, true, false)];
        assert_eq!(token_transfers(&empty, NUMBER, &txs, &usdt()).unwrap(), vec![]);
    }
    let strange = token_transfers(&json!({"id": txid(1)}), NUMBER, &[], &usdt());
    assert!(matches!(strange, Err(ChainError::Protocol(_))), "{strange:?}");
}

fn protocol_error(infos: &Value, txs: &[BlockTx]) -> String {
    match token_transfers(infos, NUMBER, txs, &usdt()) {
        Err(ChainError::Protocol(message)) => message,
        other => panic!("expected a Protocol error, got {other:?}"),
    }
}

#[test]
fn infos_must_match_the_transactions_of_the_block() {
    let (infos, txs) = mainnet_like();
    // An info of a transaction the block does not have (the chain moved between the calls).
    let message = protocol_error(&infos, &txs[1..]);
    assert!(message.contains("not in block"), "{message}");
    // A successful contract call without its info.
    let mut fewer = infos.clone();
    fewer.as_array_mut().unwrap().remove(3);
    let message = protocol_error(&fewer, &txs);
    assert!(
        message.contains(&format!("no info for transaction {}", txid(4))),
        "{message}"
    );
    assert!(protocol_error(&json!([]), &txs).contains("no info"));
    // Listed twice, or at another height.
    let mut twice = infos.clone();
    twice.as_array_mut().unwrap().push(infos[0].clone());
    assert!(protocol_error(&twice, &txs).contains("twice"));
    let mut moved = infos.clone();
    moved[0]["blockNumber"] = json!(NUMBER + 1);
    assert!(protocol_error(&moved, &txs).contains("is said to be in block"));
    // The block says the call failed, its info says it succeeded (or the reverse).
    let mut disagree = txs.clone();
    disagree[0].succeeded = false;
    assert!(protocol_error(&infos, &disagree).contains("disagree"));
    disagree[2].succeeded = true;
    disagree[0].succeeded = true;
    assert!(protocol_error(&infos, &disagree).contains("disagree"));
}

#[test]
fn malformed_logs_of_watched_contracts_are_protocol_errors() {
    let (infos, txs) = mainnet_like();
    let broken = |path: &str, value: Value| {
        let mut bad = infos.clone();
        *bad.pointer_mut(path).unwrap() = value;
        protocol_error(&bad, &txs)
    };
    assert!(broken("/0/log/0/topics/1", json!("00ff")).contains("log topic"));
    assert!(broken("/0/log/0/topics/2", json!(7)).contains("log topic"));
    assert!(broken("/0/log/0/topics", json!("abc")).contains("topics"));
    assert!(broken("/0/log/0/data", json!("xyz")).contains("not hex"));
    assert!(broken("/0/log/0/address", json!("41zz")).contains("log address"));
    assert!(broken("/0/log", json!({})).contains("not a list"));
    assert!(broken("/0/id", json!("1234")).contains("32-byte"));
    // The same garbage in an unwatched contract's log is none of our business.
    let mut foreign = infos.clone();
    foreign[3]["log"][0]["topics"][1] = json!("00ff");
    assert_eq!(token_transfers(&foreign, NUMBER, &txs, &usdt()).unwrap().len(), 2);
}

#[test]
fn log_addresses_are_20_byte_ids_with_or_without_the_41_prefix() {
    let id: [u8; 20] = hex::decode(USDT).unwrap().try_into().unwrap();
    assert_eq!(log_address(USDT).unwrap(), id);
    assert_eq!(log_address(&format!("41{USDT}")).unwrap(), id);
    assert!(log_address(&format!("42{USDT}")).is_err());
    assert!(log_address(&USDT[2..]).is_err());
    assert!(log_address(USDT_B58).is_err());
}

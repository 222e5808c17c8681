//! The test's own TRON transaction writer and signer (the double shares no code with the
//! product's adapter, and neither do its tests): a minimal protobuf writer for
//! `protocol.Transaction` and the contracts the tests send, secp256k1 signatures over
//! sha256(raw_data), and a client that broadcasts and mines.

use k256::ecdsa::SigningKey;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use sha3::Keccak256;

use coffer_testkit::TronNode;

fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// A protobuf message being written: `uint(field, v)` for varints (left out when 0, as proto3
/// writes defaults), `bytes(field, b)` for length-delimited fields.
#[derive(Default)]
pub struct Message(Vec<u8>);

impl Message {
    pub fn uint(mut self, field: u64, v: u64) -> Self {
        if v != 0 {
            varint(&mut self.0, field << 3);
            varint(&mut self.0, v);
        }
        self
    }

    pub fn bytes(mut self, field: u64, b: &[u8]) -> Self {
        varint(&mut self.0, (field << 3) | 2);
        varint(&mut self.0, b.len() as u64);
        self.0.extend_from_slice(b);
        self
    }

    pub fn address(self, field: u64, id: &[u8; 20]) -> Self {
        let mut raw = vec![0x41];
        raw.extend_from_slice(id);
        self.bytes(field, &raw)
    }

    pub fn done(self) -> Vec<u8> {
        self.0
    }
}

/// A key and its account.
pub struct Wallet {
    key: SigningKey,
    pub id: [u8; 20],
}

impl Wallet {
    pub fn new(seed: u8) -> Wallet {
        let key = SigningKey::from_slice(&[seed; 32]).expect("a valid key");
        let point = key.verifying_key().to_encoded_point(false);
        let hash = Keccak256::digest(&point.as_bytes()[1..]);
        let id = hash[12..].try_into().expect("20 bytes");
        Wallet { key, id }
    }

    pub fn address(&self) -> String {
        base58(&self.id)
    }
}

pub fn base58(id: &[u8; 20]) -> String {
    let mut raw = vec![0x41];
    raw.extend_from_slice(id);
    bs58::encode(raw).with_check().into_string()
}

pub fn hex41(id: &[u8; 20]) -> String {
    format!("41{}", hex::encode(id))
}

/// A contract to send: its type number, type name and value.
pub struct Contract {
    pub kind: u64,
    pub name: &'static str,
    pub value: Vec<u8>,
}

pub fn freeze(owner: &Wallet, amount: u64, resource: u64) -> Contract {
    let value = Message::default()
        .address(1, &owner.id)
        .uint(2, amount)
        .uint(3, resource);
    Contract {
        kind: 54,
        name: "FreezeBalanceV2Contract",
        value: value.done(),
    }
}

pub fn unfreeze(owner: &Wallet, amount: u64, resource: u64) -> Contract {
    let value = Message::default()
        .address(1, &owner.id)
        .uint(2, amount)
        .uint(3, resource);
    Contract {
        kind: 55,
        name: "UnfreezeBalanceV2Contract",
        value: value.done(),
    }
}

pub fn withdraw(owner: &Wallet) -> Contract {
    let value = Message::default().address(1, &owner.id);
    Contract {
        kind: 56,
        name: "WithdrawExpireUnfreezeContract",
        value: value.done(),
    }
}

pub fn delegate(owner: &Wallet, to: &[u8; 20], balance: u64, lock_period: Option<u64>) -> Contract {
    let value = Message::default()
        .address(1, &owner.id)
        .uint(2, 1)
        .uint(3, balance)
        .address(4, to)
        .uint(5, u64::from(lock_period.is_some()))
        .uint(6, lock_period.unwrap_or(0));
    Contract {
        kind: 57,
        name: "DelegateResourceContract",
        value: value.done(),
    }
}

pub fn undelegate(owner: &Wallet, to: &[u8; 20], balance: u64) -> Contract {
    let value = Message::default()
        .address(1, &owner.id)
        .uint(2, 1)
        .uint(3, balance)
        .address(4, to);
    Contract {
        kind: 58,
        name: "UnDelegateResourceContract",
        value: value.done(),
    }
}

/// A token `transfer(to, amount)` call.
pub fn token_transfer(owner: &Wallet, token: &[u8; 20], to: &[u8; 20], amount: u64) -> Contract {
    let mut data = Keccak256::digest(b"transfer(address,uint256)")[..4].to_vec();
    data.extend_from_slice(&[0; 12]);
    data.extend_from_slice(to);
    data.extend_from_slice(&[0; 24]);
    data.extend_from_slice(&amount.to_be_bytes());
    let value = Message::default()
        .address(1, &owner.id)
        .address(2, token)
        .bytes(4, &data);
    Contract {
        kind: 31,
        name: "TriggerSmartContract",
        value: value.done(),
    }
}

pub async fn post(node: &TronNode, method: &str, body: Value) -> Value {
    let url = format!("{}/wallet/{method}", node.url());
    let answer = reqwest::Client::new()
        .post(url)
        .json(&body)
        .send()
        .await
        .expect("the double answers");
    answer.json().await.expect("JSON")
}

/// Signs `contract` by `owner` on the head block with `fee_limit` and broadcasts it: the
/// double's answer (`result`, `code`, `message`, `txid`).
pub async fn send(node: &TronNode, owner: &Wallet, contract: Contract, fee_limit: u64) -> Value {
    let head = post(node, "getnowblock", json!({})).await;
    let id = hex::decode(head["blockID"].as_str().expect("blockID")).expect("hex");
    let time = head["block_header"]["raw_data"]["timestamp"]
        .as_u64()
        .expect("timestamp");
    let any = Message::default()
        .bytes(
            1,
            format!("type.googleapis.com/protocol.{}", contract.name).as_bytes(),
        )
        .bytes(2, &contract.value);
    let wrapped = Message::default().uint(1, contract.kind).bytes(2, &any.done());
    let raw = Message::default()
        .bytes(1, &id[6..8])
        .bytes(4, &id[8..16])
        .uint(8, time + 60_000)
        .bytes(11, &wrapped.done())
        .uint(14, time)
        .uint(18, fee_limit)
        .done();
    let digest: [u8; 32] = Sha256::digest(&raw).into();
    let (signature, recid) = owner.key.sign_prehash_recoverable(&digest).expect("signing");
    let mut sig = signature.to_bytes().to_vec();
    sig.push(recid.to_byte());
    let tx = Message::default().bytes(1, &raw).bytes(2, &sig).done();
    post(node, "broadcasthex", json!({"transaction": hex::encode(tx)})).await
}

/// Sends and mines it; panics unless the node took it. Returns the txID.
pub async fn mined(node: &TronNode, owner: &Wallet, contract: Contract, fee_limit: u64) -> String {
    let answer = send(node, owner, contract, fee_limit).await;
    assert_eq!(answer["result"], json!(true), "{answer}");
    node.mine();
    answer["txid"].as_str().expect("txid").to_string()
}

/// Sends it and returns the refusal's message; panics if the node took it.
pub async fn refused(node: &TronNode, owner: &Wallet, contract: Contract) -> String {
    let answer = send(node, owner, contract, 0).await;
    assert_eq!(answer["result"], json!(false), "{answer}");
    assert_eq!(answer["code"], json!("CONTRACT_VALIDATE_ERROR"), "{answer}");
    answer["message"].as_str().expect("message").to_string()
}

pub fn trx_transfer(owner: &Wallet, to: &[u8; 20], amount: u64) -> Contract {
    let value = Message::default()
        .address(1, &owner.id)
        .address(2, to)
        .uint(3, amount);
    Contract {
        kind: 1,
        name: "TransferContract",
        value: value.done(),
    }
}

/// Bandwidth delegation (resource BANDWIDTH, unlocked).
pub fn delegate_bandwidth(owner: &Wallet, to: &[u8; 20], balance: u64) -> Contract {
    let value = Message::default()
        .address(1, &owner.id)
        .uint(3, balance)
        .address(4, to);
    Contract {
        kind: 57,
        name: "DelegateResourceContract",
        value: value.done(),
    }
}

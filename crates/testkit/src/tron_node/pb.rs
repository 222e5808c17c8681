use k256::ecdsa::{RecoveryId, Signature, VerifyingKey};
use sha3::{Digest, Keccak256};

/// `ResourceCode`: what a stake is for.
pub const BANDWIDTH: u64 = 0;
pub const ENERGY: u64 = 1;

#[derive(Clone, Debug)]
pub enum Call {
    Transfer {
        owner: [u8; 20],
        to: [u8; 20],
        amount: u64,
    },
    Trigger {
        owner: [u8; 20],
        contract: [u8; 20],
        data: Vec<u8>,
        call_value: u64,
    },
    /// FreezeBalanceV2Contract (54).
    FreezeV2 {
        owner: [u8; 20],
        amount: u64,
        resource: u64,
    },
    /// UnfreezeBalanceV2Contract (55).
    UnfreezeV2 {
        owner: [u8; 20],
        amount: u64,
        resource: u64,
    },
    /// WithdrawExpireUnfreezeContract (56).
    WithdrawExpireUnfreeze { owner: [u8; 20] },
    /// DelegateResourceContract (57): `balance` is staked sun, `lock_period` in 3-second blocks.
    Delegate {
        owner: [u8; 20],
        resource: u64,
        balance: u64,
        receiver: [u8; 20],
        lock: bool,
        lock_period: u64,
    },
    /// UnDelegateResourceContract (58).
    UnDelegate {
        owner: [u8; 20],
        resource: u64,
        balance: u64,
        receiver: [u8; 20],
    },
}

impl Call {
    pub fn owner(&self) -> [u8; 20] {
        match self {
            Call::Transfer { owner, .. }
            | Call::Trigger { owner, .. }
            | Call::FreezeV2 { owner, .. }
            | Call::UnfreezeV2 { owner, .. }
            | Call::WithdrawExpireUnfreeze { owner }
            | Call::Delegate { owner, .. }
            | Call::UnDelegate { owner, .. } => *owner,
        }
    }

    /// The contract's type name, as `type_url` and java-tron's JSON name it.
    pub fn kind(&self) -> &'static str {
        match self {
            Call::Transfer { .. } => "TransferContract",
            Call::Trigger { .. } => "TriggerSmartContract",
            Call::FreezeV2 { .. } => "FreezeBalanceV2Contract",
            Call::UnfreezeV2 { .. } => "UnfreezeBalanceV2Contract",
            Call::WithdrawExpireUnfreeze { .. } => "WithdrawExpireUnfreezeContract",
            Call::Delegate { .. } => "DelegateResourceContract",
            Call::UnDelegate { .. } => "UnDelegateResourceContract",
        }
    }
}

#[derive(Clone, Debug)]
pub struct ParsedTx {
    pub raw_data: Vec<u8>,
    pub signatures: Vec<Vec<u8>>,
    pub ref_block_bytes: Vec<u8>,
    pub ref_block_hash: Vec<u8>,
    pub expiration: u64,
    pub timestamp: u64,
    pub fee_limit: u64,
    pub call: Call,
}

enum Field<'a> {
    Varint(u64),
    Bytes(&'a [u8]),
}

fn varint(buf: &[u8], pos: &mut usize) -> Result<u64, String> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *buf.get(*pos).ok_or("truncated varint")?;
        *pos += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Ok(value);
        }
    }
    Err("varint longer than 10 bytes".into())
}

fn fields(buf: &[u8]) -> Result<Vec<(u64, Field<'_>)>, String> {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < buf.len() {
        let key = varint(buf, &mut pos)?;
        let (number, wire) = (key >> 3, key & 7);
        let field = match wire {
            0 => Field::Varint(varint(buf, &mut pos)?),
            2 => {
                let len = varint(buf, &mut pos)? as usize;
                let end = pos
                    .checked_add(len)
                    .filter(|e| *e <= buf.len())
                    .ok_or("truncated field")?;
                let bytes = &buf[pos..end];
                pos = end;
                Field::Bytes(bytes)
            }
            other => return Err(format!("field {number}: unsupported wire type {other}")),
        };
        out.push((number, field));
    }
    Ok(out)
}

fn bytes<'a>(field: &Field<'a>, name: &str) -> Result<&'a [u8], String> {
    match field {
        Field::Bytes(b) => Ok(b),
        Field::Varint(_) => Err(format!("{name} must be length-delimited")),
    }
}

/// An int64 field: a varint that, read as signed, must not be negative.
fn int(field: &Field<'_>, name: &str) -> Result<u64, String> {
    match field {
        Field::Varint(v) if *v <= i64::MAX as u64 => Ok(*v),
        Field::Varint(_) => Err(format!("{name} is negative")),
        Field::Bytes(_) => Err(format!("{name} must be a varint")),
    }
}

fn address(bytes: &[u8], name: &str) -> Result<[u8; 20], String> {
    match bytes.split_first() {
        Some((0x41, id)) if id.len() == 20 => Ok(id.try_into().expect("20 bytes")),
        _ => Err(format!("{name} is not a 21-byte 0x41 address")),
    }
}

pub fn parse_transaction(buf: &[u8]) -> Result<ParsedTx, String> {
    let mut raw_data = None;
    let mut signatures = Vec::new();
    for (number, field) in fields(buf)? {
        match number {
            1 if raw_data.is_none() => raw_data = Some(bytes(&field, "raw_data")?.to_vec()),
            1 => return Err("raw_data given twice".into()),
            2 => signatures.push(bytes(&field, "signature")?.to_vec()),
            _ => {}
        }
    }
    let raw_data = raw_data.ok_or("no raw_data")?;
    let mut tx = ParsedTx {
        raw_data: Vec::new(),
        signatures,
        ref_block_bytes: Vec::new(),
        ref_block_hash: Vec::new(),
        expiration: 0,
        timestamp: 0,
        fee_limit: 0,
        call: Call::Transfer {
            owner: [0; 20],
            to: [0; 20],
            amount: 0,
        },
    };
    let mut contracts = Vec::new();
    for (number, field) in fields(&raw_data)? {
        match number {
            1 => tx.ref_block_bytes = bytes(&field, "ref_block_bytes")?.to_vec(),
            4 => tx.ref_block_hash = bytes(&field, "ref_block_hash")?.to_vec(),
            8 => tx.expiration = int(&field, "expiration")?,
            11 => contracts.push(contract(bytes(&field, "contract")?)?),
            14 => tx.timestamp = int(&field, "timestamp")?,
            18 => tx.fee_limit = int(&field, "fee_limit")?,
            3 | 10 => {} // ref_block_num, data (memo): allowed, unused
            other => return Err(format!("raw_data field {other} is not supported by the double")),
        }
    }
    if contracts.len() != 1 {
        return Err(format!(
            "a transaction carries exactly one contract, not {}",
            contracts.len()
        ));
    }
    tx.call = contracts.remove(0);
    tx.raw_data = raw_data;
    Ok(tx)
}

fn contract(buf: &[u8]) -> Result<Call, String> {
    let (mut kind, mut any) = (0, None);
    for (number, field) in fields(buf)? {
        match number {
            1 => kind = int(&field, "type")?,
            2 => any = Some(bytes(&field, "parameter")?),
            5 if int(&field, "Permission_id")? == 0 => {}
            other => return Err(format!("contract field {other} is not supported by the double")),
        }
    }
    let (mut type_url, mut value) = ("", &[][..]);
    for (number, field) in fields(any.ok_or("contract without parameter")?)? {
        match number {
            1 => {
                type_url =
                    std::str::from_utf8(bytes(&field, "type_url")?).map_err(|_| "type_url is not UTF-8")?
            }
            2 => value = bytes(&field, "value")?,
            _ => {}
        }
    }
    let expected = match kind {
        1 => "TransferContract",
        31 => "TriggerSmartContract",
        54 => "FreezeBalanceV2Contract",
        55 => "UnfreezeBalanceV2Contract",
        56 => "WithdrawExpireUnfreezeContract",
        57 => "DelegateResourceContract",
        58 => "UnDelegateResourceContract",
        other => return Err(format!("contract type {other} is not supported by the double")),
    };
    if type_url.strip_prefix("type.googleapis.com/protocol.") != Some(expected) {
        return Err(format!("contract type {kind} with type_url {type_url:?}"));
    }
    if (54..=58).contains(&kind) {
        return stake_contract(kind, value);
    }
    let (mut owner, mut second, mut number3, mut data) = (None, None, 0, Vec::new());
    for (number, field) in fields(value)? {
        match (kind, number) {
            (_, 1) => owner = Some(address(bytes(&field, "owner_address")?, "owner_address")?),
            (_, 2) => second = Some(address(bytes(&field, "address")?, "to/contract address")?),
            (_, 3) => number3 = int(&field, "amount/call_value")?,
            (31, 4) => data = bytes(&field, "data")?.to_vec(),
            (31, 5 | 6) if int(&field, "TRC10")? == 0 => {}
            _ => {
                return Err(format!(
                    "contract value field {number} is not supported by the double"
                ))
            }
        }
    }
    let owner = owner.ok_or("no owner_address")?;
    let second = second.ok_or("no to/contract address")?;
    Ok(match kind {
        1 => Call::Transfer {
            owner,
            to: second,
            amount: number3,
        },
        _ => Call::Trigger {
            owner,
            contract: second,
            data,
            call_value: number3,
        },
    })
}

/// The Stake 2.0 contracts, by java-tron's core/contract/balance_contract.proto: owner_address 1
/// in all; FreezeBalanceV2 and UnfreezeBalanceV2: amount 2, resource 3; DelegateResource and
/// UnDelegateResource: resource 2, balance 3, receiver_address 4, and lock 5, lock_period 6.
fn stake_contract(kind: u64, value: &[u8]) -> Result<Call, String> {
    let (mut owner, mut receiver) = (None, None);
    let (mut resource, mut amount, mut lock, mut lock_period) = (0, 0, false, 0);
    for (number, field) in fields(value)? {
        match (kind, number) {
            (_, 1) => owner = Some(address(bytes(&field, "owner_address")?, "owner_address")?),
            (54 | 55, 2) => amount = int(&field, "frozen/unfreeze_balance")?,
            (54 | 55, 3) | (57 | 58, 2) => resource = int(&field, "resource")?,
            (57 | 58, 3) => amount = int(&field, "balance")?,
            (57 | 58, 4) => receiver = Some(address(bytes(&field, "receiver_address")?, "receiver_address")?),
            (57, 5) => lock = int(&field, "lock")? != 0,
            (57, 6) => lock_period = int(&field, "lock_period")?,
            _ => {
                return Err(format!(
                    "contract value field {number} is not supported by the double"
                ))
            }
        }
    }
    let owner = owner.ok_or("no owner_address")?;
    let receiver = || receiver.ok_or_else(|| "Invalid receiverAddress".to_string());
    Ok(match kind {
        54 => Call::FreezeV2 {
            owner,
            amount,
            resource,
        },
        55 => Call::UnfreezeV2 {
            owner,
            amount,
            resource,
        },
        56 => Call::WithdrawExpireUnfreeze { owner },
        57 => Call::Delegate {
            owner,
            resource,
            balance: amount,
            receiver: receiver()?,
            lock,
            lock_period,
        },
        _ => Call::UnDelegate {
            owner,
            resource,
            balance: amount,
            receiver: receiver()?,
        },
    })
}

/// The account id that produced `signature` (r || s || v, v as 27/28 or 0/1) over `id`.
pub fn recover(id: &[u8; 32], signature: &[u8]) -> Option<[u8; 20]> {
    if signature.len() != 65 {
        return None;
    }
    let v = signature[64];
    let recid = RecoveryId::from_byte(if v >= 27 { v - 27 } else { v })?;
    let sig = Signature::from_slice(&signature[..64]).ok()?;
    let key = VerifyingKey::recover_from_prehash(id, &sig, recid).ok()?;
    let point = key.to_encoded_point(false);
    let hash = Keccak256::digest(&point.as_bytes()[1..]);
    hash[12..].try_into().ok()
}

/// The 4-byte selector of a Solidity function signature.
pub fn selector(signature: &str) -> [u8; 4] {
    Keccak256::digest(signature.as_bytes())[..4]
        .try_into()
        .expect("4 bytes")
}

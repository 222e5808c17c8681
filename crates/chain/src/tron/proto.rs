//! The few messages of java-tron's `Tron.proto` a transfer needs, encoded by hand: a protobuf
//! dependency and code generation for four messages would be more code than this.
//!
//! Rules that make the bytes match the reference client (tronweb, google-protobuf):
//! - fields are written in field-number order;
//! - proto3 omits fields holding their default value (0, empty bytes), so a zero timestamp or a
//!   zero call value is absent, not encoded as 0;
//! - int64 fields are plain varints (never zigzag); every value here is non-negative.

/// `protocol.Transaction.Contract.ContractType` values.
pub const TRANSFER_CONTRACT: u64 = 1;
pub const TRIGGER_SMART_CONTRACT: u64 = 31;

pub const TRANSFER_TYPE_URL: &str = "type.googleapis.com/protocol.TransferContract";
pub const TRIGGER_TYPE_URL: &str = "type.googleapis.com/protocol.TriggerSmartContract";

/// The 21-byte address TRON puts in transactions: 0x41 followed by the 20-byte account id.
pub fn tron_bytes(id: &[u8; 20]) -> [u8; 21] {
    let mut out = [0u8; 21];
    out[0] = 0x41;
    out[1..].copy_from_slice(id);
    out
}

fn put_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8 & 0x7f) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

fn put_key(out: &mut Vec<u8>, field: u32, wire_type: u8) {
    put_varint(out, (u64::from(field) << 3) | u64::from(wire_type));
}

/// A varint field (wire type 0), omitted when zero.
pub fn put_uint(out: &mut Vec<u8>, field: u32, value: u64) {
    if value != 0 {
        put_key(out, field, 0);
        put_varint(out, value);
    }
}

/// A length-delimited field (wire type 2), omitted when empty.
pub fn put_bytes(out: &mut Vec<u8>, field: u32, bytes: &[u8]) {
    if !bytes.is_empty() {
        put_key(out, field, 2);
        put_varint(out, bytes.len() as u64);
        out.extend_from_slice(bytes);
    }
}

/// `protocol.TransferContract`: 1 owner_address, 2 to_address, 3 amount.
pub fn transfer_contract(owner: &[u8; 20], to: &[u8; 20], amount_sun: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(52);
    put_bytes(&mut out, 1, &tron_bytes(owner));
    put_bytes(&mut out, 2, &tron_bytes(to));
    put_uint(&mut out, 3, amount_sun);
    out
}

/// Stake 2.0's contract types (`protocol.Transaction.Contract.ContractType`) and their messages
/// (java-tron's core/contract/balance_contract.proto).
pub const FREEZE_BALANCE_V2_CONTRACT: u64 = 54;
pub const UNFREEZE_BALANCE_V2_CONTRACT: u64 = 55;
pub const WITHDRAW_EXPIRE_UNFREEZE_CONTRACT: u64 = 56;
pub const DELEGATE_RESOURCE_CONTRACT: u64 = 57;
pub const UNDELEGATE_RESOURCE_CONTRACT: u64 = 58;

pub const FREEZE_BALANCE_V2_TYPE_URL: &str = "type.googleapis.com/protocol.FreezeBalanceV2Contract";
pub const UNFREEZE_BALANCE_V2_TYPE_URL: &str = "type.googleapis.com/protocol.UnfreezeBalanceV2Contract";
pub const WITHDRAW_EXPIRE_UNFREEZE_TYPE_URL: &str =
    "type.googleapis.com/protocol.WithdrawExpireUnfreezeContract";
pub const DELEGATE_RESOURCE_TYPE_URL: &str = "type.googleapis.com/protocol.DelegateResourceContract";
pub const UNDELEGATE_RESOURCE_TYPE_URL: &str = "type.googleapis.com/protocol.UnDelegateResourceContract";

/// `FreezeBalanceV2Contract` (1 owner_address, 2 frozen_balance, 3 resource) and
/// `UnfreezeBalanceV2Contract` (1 owner_address, 2 unfreeze_balance, 3 resource): the same
/// shape. `resource` is `protocol.ResourceCode` (0 bandwidth, omitted as the default; 1 energy).
pub fn stake_balance_v2(owner: &[u8; 20], amount_sun: u64, resource: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(36);
    put_bytes(&mut out, 1, &tron_bytes(owner));
    put_uint(&mut out, 2, amount_sun);
    put_uint(&mut out, 3, resource);
    out
}

/// `WithdrawExpireUnfreezeContract`: 1 owner_address.
pub fn withdraw_expire_unfreeze(owner: &[u8; 20]) -> Vec<u8> {
    let mut out = Vec::with_capacity(23);
    put_bytes(&mut out, 1, &tron_bytes(owner));
    out
}

/// `DelegateResourceContract` (1 owner_address, 2 resource, 3 balance, 4 receiver_address,
/// 5 lock, 6 lock_period) and `UnDelegateResourceContract` (the first four): `lock` None for an
/// undelegation; a lock period of 0 is omitted (the node's default then applies).
pub fn delegation(
    owner: &[u8; 20],
    resource: u64,
    balance_sun: u64,
    receiver: &[u8; 20],
    lock: Option<(bool, u64)>,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(64);
    put_bytes(&mut out, 1, &tron_bytes(owner));
    put_uint(&mut out, 2, resource);
    put_uint(&mut out, 3, balance_sun);
    put_bytes(&mut out, 4, &tron_bytes(receiver));
    if let Some((locked, period)) = lock {
        put_uint(&mut out, 5, u64::from(locked));
        put_uint(&mut out, 6, period);
    }
    out
}

/// `protocol.TriggerSmartContract`: 1 owner_address, 2 contract_address, 4 data (no call value,
/// no TRC10 token: a TRC20 transfer sends neither).
pub fn trigger_smart_contract(owner: &[u8; 20], contract: &[u8; 20], data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(48 + data.len());
    put_bytes(&mut out, 1, &tron_bytes(owner));
    put_bytes(&mut out, 2, &tron_bytes(contract));
    put_bytes(&mut out, 4, data);
    out
}

/// `protocol.Transaction.Contract`: 1 type, 2 parameter (google.protobuf.Any: 1 type_url, 2 value).
pub fn contract(contract_type: u64, type_url: &str, value: &[u8]) -> Vec<u8> {
    let mut any = Vec::with_capacity(type_url.len() + value.len() + 6);
    put_bytes(&mut any, 1, type_url.as_bytes());
    put_bytes(&mut any, 2, value);
    let mut out = Vec::with_capacity(any.len() + 6);
    put_uint(&mut out, 1, contract_type);
    put_bytes(&mut out, 2, &any);
    out
}

/// The fields of `protocol.Transaction.raw` a transfer uses.
pub struct RawFields<'a> {
    pub ref_block_bytes: &'a [u8],
    pub ref_block_hash: &'a [u8],
    pub expiration: u64,
    pub contract: &'a [u8],
    pub timestamp: u64,
    pub fee_limit: u64,
}

/// `protocol.Transaction.raw`: 1 ref_block_bytes, 4 ref_block_hash, 8 expiration, 11 contract,
/// 14 timestamp, 18 fee_limit. Its sha256 is the transaction id.
pub fn raw(fields: &RawFields<'_>) -> Vec<u8> {
    let mut out = Vec::with_capacity(fields.contract.len() + 48);
    put_bytes(&mut out, 1, fields.ref_block_bytes);
    put_bytes(&mut out, 4, fields.ref_block_hash);
    put_uint(&mut out, 8, fields.expiration);
    put_bytes(&mut out, 11, fields.contract);
    put_uint(&mut out, 14, fields.timestamp);
    put_uint(&mut out, 18, fields.fee_limit);
    out
}

/// `protocol.Transaction`: 1 raw_data, 2 signature (one per signer; `ret` is the node's to fill).
pub fn transaction(raw_data: &[u8], signature: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw_data.len() + signature.len() + 8);
    put_bytes(&mut out, 1, raw_data);
    put_bytes(&mut out, 2, signature);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_match_the_protobuf_encoding() {
        let enc = |v: u64| {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            hex::encode(out)
        };
        assert_eq!(enc(1), "01");
        assert_eq!(enc(127), "7f");
        assert_eq!(enc(128), "8001");
        assert_eq!(enc(300), "ac02");
        assert_eq!(enc(u64::MAX), "ffffffffffffffffff01");
    }

    #[test]
    fn defaults_are_omitted() {
        let mut out = Vec::new();
        put_uint(&mut out, 14, 0);
        put_bytes(&mut out, 4, &[]);
        assert!(out.is_empty());
        put_uint(&mut out, 18, 1);
        assert_eq!(hex::encode(out), "900101", "field 18 needs a two-byte key");
    }
}

//! Building and signing TRON transactions, pure and deterministic: the same header, call and key
//! always give the same bytes, which is what lets tests compare them with tronweb's.
//!
//! - txID = sha256(raw_data protobuf bytes);
//! - signature = secp256k1 ECDSA over the txID as a prehash (RFC 6979 nonce, low s), 65 bytes
//!   r || s || v with v = 27 + recovery id, as tronweb writes it;
//! - the broadcast form is the whole `protocol.Transaction` protobuf (raw_data + signature) in
//!   hex, which `/wallet/broadcasthex` takes byte for byte. (`/wallet/broadcasttransaction`
//!   would re-encode `raw_data` from JSON on the node and ignore `raw_data_hex`.)

use coffer_domain::ports::chain::{ChainError, ChainResult, SignedTx};
use k256::ecdsa::{RecoveryId, Signature, SigningKey, VerifyingKey};
use ruint::aliases::U256;
use sha2::{Digest, Sha256};
use sha3::Keccak256;

use super::proto;

/// `transfer(address,uint256)`: the first 4 bytes of its keccak256.
pub const TRC20_TRANSFER_SELECTOR: [u8; 4] = [0xa9, 0x05, 0x9c, 0xbb];

/// How long a signed transaction stays valid: the node refuses it once its head block is newer
/// than `expiration`. 60 s after the reference block, like tronweb; a transaction stored and not
/// broadcast within that time must be signed again (the node answers TRANSACTION_EXPIRATION_ERROR).
pub const EXPIRATION_MS: u64 = 60_000;

/// TAPOS reference to a recent block: the node accepts the transaction only on a chain that
/// contains that block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefBlock {
    /// Bytes 6..8 of the block id (the low 16 bits of its height): `blockID[12:16]` in hex.
    pub bytes: [u8; 2],
    /// Bytes 8..16 of the block id: `blockID[16:32]` in hex.
    pub hash: [u8; 8],
}

impl RefBlock {
    pub fn from_block_id(block_id: &[u8; 32]) -> RefBlock {
        RefBlock {
            bytes: [block_id[6], block_id[7]],
            hash: block_id[8..16].try_into().expect("8 bytes"),
        }
    }
}

/// Everything in raw_data that is not the call itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TxHeader {
    pub ref_block: RefBlock,
    /// Unix milliseconds.
    pub expiration_ms: u64,
    /// Unix milliseconds; not checked by the node, but part of the txID, so two otherwise equal
    /// transfers get different ids.
    pub timestamp_ms: u64,
}

impl TxHeader {
    /// The header `sign_transfer` uses: reference the given block, expire [`EXPIRATION_MS`] after
    /// it, and carry `timestamp_ms` (the signing time).
    pub fn for_block(block_id: &[u8; 32], block_timestamp_ms: u64, timestamp_ms: u64) -> TxHeader {
        TxHeader {
            ref_block: RefBlock::from_block_id(block_id),
            expiration_ms: block_timestamp_ms + EXPIRATION_MS,
            timestamp_ms,
        }
    }
}

/// What a transaction does. Addresses are 20-byte account ids (without the 0x41 prefix).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TronCall {
    /// TransferContract: `amount_sun` TRX base units (int64 on chain).
    Trx {
        owner: [u8; 20],
        to: [u8; 20],
        amount_sun: u64,
    },
    /// TriggerSmartContract calling `transfer(to, amount)` on a TRC20 contract, burning at most
    /// `fee_limit_sun` for energy.
    Trc20 {
        owner: [u8; 20],
        contract: [u8; 20],
        to: [u8; 20],
        amount: U256,
        fee_limit_sun: u64,
    },
}

impl TronCall {
    pub fn owner(&self) -> &[u8; 20] {
        match self {
            TronCall::Trx { owner, .. } | TronCall::Trc20 { owner, .. } => owner,
        }
    }
}

/// A built transaction before signing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnsignedTx {
    pub raw_data: Vec<u8>,
    pub tx_id: [u8; 32],
}

/// The call data of `transfer(address,uint256)`: selector, the address left-padded to 32 bytes
/// (20-byte id, no 0x41 prefix), the amount as a big-endian 256-bit word.
pub fn trc20_transfer_data(to: &[u8; 20], amount: U256) -> Vec<u8> {
    let mut data = Vec::with_capacity(68);
    data.extend_from_slice(&TRC20_TRANSFER_SELECTOR);
    data.extend_from_slice(&[0u8; 12]);
    data.extend_from_slice(to);
    data.extend_from_slice(&amount.to_be_bytes::<32>());
    data
}

fn int64(value: u64, what: &str) -> ChainResult<u64> {
    if value > i64::MAX as u64 {
        return Err(ChainError::Rejected(format!(
            "{what} {value} does not fit TRON's int64"
        )));
    }
    Ok(value)
}

/// Encodes raw_data and computes the txID.
pub fn build(header: &TxHeader, call: &TronCall) -> ChainResult<UnsignedTx> {
    let (contract, fee_limit) = match call {
        TronCall::Trx {
            owner,
            to,
            amount_sun,
        } => {
            let value = proto::transfer_contract(owner, to, int64(*amount_sun, "TRX amount")?);
            let contract = proto::contract(proto::TRANSFER_CONTRACT, proto::TRANSFER_TYPE_URL, &value);
            (contract, 0)
        }
        TronCall::Trc20 {
            owner,
            contract,
            to,
            amount,
            fee_limit_sun,
        } => {
            let data = trc20_transfer_data(to, *amount);
            let value = proto::trigger_smart_contract(owner, contract, &data);
            let contract = proto::contract(proto::TRIGGER_SMART_CONTRACT, proto::TRIGGER_TYPE_URL, &value);
            (contract, int64(*fee_limit_sun, "fee limit")?)
        }
    };
    build_contract(header, &contract, fee_limit)
}

/// raw_data around an encoded `Transaction.Contract`, and its txID.
pub fn build_contract(header: &TxHeader, contract: &[u8], fee_limit: u64) -> ChainResult<UnsignedTx> {
    let raw_data = proto::raw(&proto::RawFields {
        ref_block_bytes: &header.ref_block.bytes,
        ref_block_hash: &header.ref_block.hash,
        expiration: int64(header.expiration_ms, "expiration")?,
        contract,
        timestamp: int64(header.timestamp_ms, "timestamp")?,
        fee_limit,
    });
    let tx_id: [u8; 32] = Sha256::digest(&raw_data).into();
    Ok(UnsignedTx { raw_data, tx_id })
}

fn signing_key(secret: &[u8; 32]) -> ChainResult<SigningKey> {
    SigningKey::from_bytes(secret.into())
        .map_err(|_| ChainError::Key("not a valid secp256k1 private key".into()))
}

/// The account id of a private key: the last 20 bytes of keccak256 of the uncompressed point.
pub fn key_account_id(secret: &[u8; 32]) -> ChainResult<[u8; 20]> {
    Ok(verifying_key_id(signing_key(secret)?.verifying_key()))
}

fn verifying_key_id(key: &VerifyingKey) -> [u8; 20] {
    let point = key.to_encoded_point(false);
    let hash = Keccak256::digest(&point.as_bytes()[1..]);
    hash[12..].try_into().expect("20 bytes")
}

/// Signs a txID: r || s || v, v = 27 + recovery id.
pub fn sign(tx_id: &[u8; 32], secret: &[u8; 32]) -> ChainResult<[u8; 65]> {
    let key = signing_key(secret)?;
    let (signature, recovery) = key
        .sign_prehash_recoverable(tx_id)
        .map_err(|e| ChainError::Key(format!("signing failed: {e}")))?;
    let mut out = [0u8; 65];
    out[..64].copy_from_slice(&signature.to_bytes());
    out[64] = 27 + recovery.to_byte();
    Ok(out)
}

/// The account id that signed `tx_id`, from a 65-byte signature (v as 27/28 or 0/1).
pub fn recover_signer(tx_id: &[u8; 32], signature: &[u8; 65]) -> Option<[u8; 20]> {
    let v = signature[64];
    let recid = RecoveryId::from_byte(if v >= 27 { v - 27 } else { v })?;
    let sig = Signature::from_slice(&signature[..64]).ok()?;
    let key = VerifyingKey::recover_from_prehash(tx_id, &sig, recid).ok()?;
    Some(verifying_key_id(&key))
}

/// Builds and signs `call` with `secret`, which must own the call's owner address (checked:
/// a transaction signed by another key would only be refused by the node later).
pub fn sign_call(header: &TxHeader, call: &TronCall, secret: &[u8; 32]) -> ChainResult<SignedTx> {
    sign_owned(&build(header, call)?, call.owner(), secret)
}

/// Signs a built transaction with `secret`, which must own `owner` (checked: a transaction
/// signed by another key would only be refused by the node later).
pub fn sign_owned(unsigned: &UnsignedTx, owner: &[u8; 20], secret: &[u8; 32]) -> ChainResult<SignedTx> {
    if key_account_id(secret)? != *owner {
        return Err(ChainError::Key(
            "the signing key does not own the sending address".into(),
        ));
    }
    let signature = sign(&unsigned.tx_id, secret)?;
    Ok(signed_tx(unsigned, &signature))
}

/// The stored, broadcastable form: hash = txID in lowercase hex, raw = hex of the signed
/// `protocol.Transaction` protobuf (what `/wallet/broadcasthex` takes).
pub fn signed_tx(unsigned: &UnsignedTx, signature: &[u8; 65]) -> SignedTx {
    SignedTx {
        hash: hex::encode(unsigned.tx_id),
        raw: hex::encode(proto::transaction(&unsigned.raw_data, signature)),
        nonce: None,
    }
}

/// The txID of a signed transaction as [`signed_tx`] encodes it (raw_data first), or None if
/// the bytes do not start with a raw_data field.
pub fn tx_id_of_signed(transaction: &[u8]) -> Option<[u8; 32]> {
    let (&tag, mut rest) = transaction.split_first()?;
    if tag != 0x0a {
        return None;
    }
    let mut len = 0usize;
    for shift in (0..35).step_by(7) {
        let (&byte, tail) = rest.split_first()?;
        rest = tail;
        len |= usize::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return rest.get(..len).map(|raw| Sha256::digest(raw).into());
        }
    }
    None
}

/// Bandwidth a transaction consumes: its signed size plus the 64 bytes java-tron reserves for
/// the result (`MAX_RESULT_SIZE_IN_TX`).
pub fn bandwidth(raw_data: &[u8]) -> u64 {
    proto::transaction(raw_data, &[0u8; 65]).len() as u64 + 64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ref_block_comes_from_the_block_id() {
        let id: [u8; 32] = hex::decode("0000000003f61ca0e1c3a7b5c9d2f40617283940a5b6c7d8e9f0011223344556")
            .unwrap()
            .try_into()
            .unwrap();
        let r = RefBlock::from_block_id(&id);
        assert_eq!(hex::encode(r.bytes), "1ca0");
        assert_eq!(hex::encode(r.hash), "e1c3a7b5c9d2f406");
    }

    #[test]
    fn signatures_recover_to_their_key_and_carry_v_27_or_28() {
        let secret = [7u8; 32];
        let id = key_account_id(&secret).unwrap();
        let tx_id = [9u8; 32];
        let sig = sign(&tx_id, &secret).unwrap();
        assert!(sig[64] == 27 || sig[64] == 28);
        assert_eq!(recover_signer(&tx_id, &sig), Some(id));
        let mut tampered = tx_id;
        tampered[0] ^= 1;
        assert_ne!(recover_signer(&tampered, &sig), Some(id));
    }

    #[test]
    fn the_tx_id_is_read_back_from_the_signed_bytes() {
        let header = TxHeader::for_block(&[3; 32], 1_700_000_000_000, 1_700_000_000_123);
        let call = TronCall::Trc20 {
            owner: key_account_id(&[5; 32]).unwrap(),
            contract: [1; 20],
            to: [2; 20],
            amount: U256::MAX,
            fee_limit_sun: 30_000_000,
        };
        let signed = sign_call(&header, &call, &[5; 32]).unwrap();
        let bytes = hex::decode(&signed.raw).unwrap();
        assert_eq!(tx_id_of_signed(&bytes).map(hex::encode), Some(signed.hash));
        assert_eq!(tx_id_of_signed(&bytes[..20]), None, "truncated");
        assert_eq!(tx_id_of_signed(&bytes[1..]), None, "no raw_data tag");
    }

    #[test]
    fn amounts_beyond_int64_are_refused() {
        let header = TxHeader::for_block(&[0; 32], 1, 2);
        let call = TronCall::Trx {
            owner: [1; 20],
            to: [2; 20],
            amount_sun: i64::MAX as u64 + 1,
        };
        assert!(matches!(build(&header, &call), Err(ChainError::Rejected(_))));
    }
}

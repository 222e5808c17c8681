//! Devchain transactions: the canonical encoding that is hashed and signed, secp256k1
//! signatures with recovery (like EVM), and the JSON carried in [`SignedTx::raw`].
//!
//! The digest is keccak256 of fixed-width fields, so the encoding is unambiguous:
//!
//! ```text
//! "coffer-devchain-tx-v1" | chain id (i64, 8 bytes BE) | from (20) | to (20)
//!   | asset (20: the token contract, zeros for the native coin) | amount (32 BE) | nonce (8 BE)
//! ```
//!
//! The hash is `0x` + hex of that digest; the signature (65 bytes r | s | recovery id, hex) is
//! over the same digest and is not part of the hash.

use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{ChainError, ChainResult};
use k256::ecdsa::{RecoveryId, Signature, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha3::{Digest, Keccak256};

use crate::keys::{evm_address, parse_evm_address};

const DOMAIN: &[u8] = b"coffer-devchain-tx-v1";

/// The signed part of a transaction, addresses as 20-byte ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TxBody {
    pub chain_id: i64,
    pub from: [u8; 20],
    pub to: [u8; 20],
    /// None for the native coin.
    pub asset: Option<[u8; 20]>,
    pub amount: BaseUnits,
    pub nonce: u64,
}

impl TxBody {
    pub fn digest(&self) -> [u8; 32] {
        let mut h = Keccak256::new();
        h.update(DOMAIN);
        h.update(self.chain_id.to_be_bytes());
        h.update(self.from);
        h.update(self.to);
        h.update(self.asset.unwrap_or([0; 20]));
        h.update(self.amount.0.to_be_bytes::<32>());
        h.update(self.nonce.to_be_bytes());
        h.finalize().into()
    }

    pub fn hash(&self) -> String {
        format!("0x{}", hex::encode(self.digest()))
    }

    /// The asset as stored and carried in JSON: "" or the contract's EIP-55 address.
    pub fn asset_text(&self) -> String {
        self.asset.as_ref().map(evm_address).unwrap_or_default()
    }

    pub fn to_raw(&self, signature: Option<String>) -> RawTx {
        RawTx {
            chain_id: self.chain_id,
            from: evm_address(&self.from),
            to: evm_address(&self.to),
            asset: self.asset_text(),
            amount: self.amount,
            nonce: self.nonce,
            signature,
            mint: false,
        }
    }
}

/// The JSON form of a transaction ([`SignedTx::raw`] for signed ones).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct RawTx {
    pub chain_id: i64,
    pub from: String,
    pub to: String,
    /// "" for the native coin, else the token contract.
    pub asset: String,
    /// Base units as a decimal string.
    pub amount: BaseUnits,
    pub nonce: u64,
    /// 0x + hex of r | s | recovery id; absent on mints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
    /// The operator's faucet: from the zero address, unsigned, no fee.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mint: bool,
}

impl RawTx {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a transaction serializes")
    }

    /// The signed body, with every address checked.
    pub fn body(&self) -> ChainResult<TxBody> {
        let address = |text: &str, what: &str| {
            parse_evm_address(text)
                .map_err(|_| ChainError::Rejected(format!("the {what} address {text:?} is not valid")))
        };
        let asset = match self.asset.as_str() {
            "" => None,
            contract => Some(address(contract, "token contract")?),
        };
        Ok(TxBody {
            chain_id: self.chain_id,
            from: address(&self.from, "sender")?,
            to: address(&self.to, "recipient")?,
            asset,
            amount: self.amount,
            nonce: self.nonce,
        })
    }
}

/// The 20-byte account id of a signing key: keccak256 of the uncompressed public key.
pub(crate) fn account_of(key: &SigningKey) -> [u8; 20] {
    let point = key.verifying_key().to_encoded_point(false);
    let hash = Keccak256::digest(&point.as_bytes()[1..]);
    hash[12..].try_into().expect("20 bytes")
}

/// Signs a digest; returns 0x + hex of r | s | recovery id.
pub(crate) fn sign(key: &SigningKey, digest: &[u8; 32]) -> ChainResult<String> {
    let (signature, recovery) = key
        .sign_prehash_recoverable(digest)
        .map_err(|e| ChainError::Key(format!("signing failed: {e}")))?;
    let mut bytes = signature.to_bytes().to_vec();
    bytes.push(recovery.to_byte());
    Ok(format!("0x{}", hex::encode(bytes)))
}

/// The account whose key made `signature` over `digest`, or why it cannot be recovered.
pub(crate) fn recover(digest: &[u8; 32], signature: &str) -> Result<[u8; 20], String> {
    let bytes = signature
        .strip_prefix("0x")
        .and_then(|h| hex::decode(h).ok())
        .filter(|b| b.len() == 65)
        .ok_or("the signature is not 65 bytes of 0x-hex")?;
    let parsed = Signature::from_slice(&bytes[..64]).map_err(|_| "the signature is malformed")?;
    let recovery = RecoveryId::from_byte(bytes[64]).ok_or("the signature's recovery id is invalid")?;
    let key = VerifyingKey::recover_from_prehash(digest, &parsed, recovery)
        .map_err(|_| "no public key matches the signature")?;
    let point = key.to_encoded_point(false);
    let hash = Keccak256::digest(&point.as_bytes()[1..]);
    Ok(hash[12..].try_into().expect("20 bytes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(key: &SigningKey) -> TxBody {
        TxBody {
            chain_id: 1337,
            from: account_of(key),
            to: [7; 20],
            asset: None,
            amount: BaseUnits::from_u128(5),
            nonce: 0,
        }
    }

    #[test]
    fn signatures_recover_the_signer_and_only_for_their_digest() {
        let key = SigningKey::from_slice(&[1; 32]).unwrap();
        let tx = body(&key);
        let signature = sign(&key, &tx.digest()).unwrap();
        assert_eq!(recover(&tx.digest(), &signature).unwrap(), tx.from);
        let other = TxBody {
            nonce: 1,
            ..tx.clone()
        };
        assert_ne!(recover(&other.digest(), &signature).ok(), Some(tx.from));
        assert!(recover(&tx.digest(), "0x1234").is_err());
    }

    #[test]
    fn every_field_changes_the_hash() {
        let key = SigningKey::from_slice(&[1; 32]).unwrap();
        let tx = body(&key);
        let variants = [
            TxBody {
                chain_id: 1,
                ..tx.clone()
            },
            TxBody {
                to: [8; 20],
                ..tx.clone()
            },
            TxBody {
                asset: Some([7; 20]),
                ..tx.clone()
            },
            TxBody {
                amount: BaseUnits::from_u128(6),
                ..tx.clone()
            },
            TxBody {
                nonce: 9,
                ..tx.clone()
            },
        ];
        for v in variants {
            assert_ne!(v.hash(), tx.hash());
        }
        assert_eq!(tx.hash().len(), 66);
    }

    #[test]
    fn raw_json_round_trips() {
        let key = SigningKey::from_slice(&[1; 32]).unwrap();
        let tx = body(&key);
        let raw = tx.to_raw(Some("0xab".into())).to_json();
        let back: RawTx = serde_json::from_str(&raw).unwrap();
        assert_eq!(back.body().unwrap(), tx);
        assert!(raw.contains("\"amount\":\"5\""), "{raw}");
    }
}

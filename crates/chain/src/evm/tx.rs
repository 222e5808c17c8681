//! EIP-1559 transactions: the ERC20 ABI pieces, fee arithmetic and signing.
//!
//! Everything here is offline and deterministic, so it is unit-tested without a node: the
//! signed envelope decodes back to the same fields and its signature recovers the sender.

use alloy_consensus::{SignableTransaction, TxEip1559};
use alloy_primitives::{Address, Bytes, TxKind, B256, U256};
use alloy_sol_types::{sol, SolCall};
use coffer_domain::ports::chain::{ChainError, ChainResult, SecretKey};
use k256::ecdsa::SigningKey;
use sha3::{Digest, Keccak256};

sol! {
    function transfer(address to, uint256 amount) returns (bool);
    function balanceOf(address owner) returns (uint256);
    event Transfer(address indexed from, address indexed to, uint256 value);
}

/// The gas limit put in a transaction: the node's estimate plus this share (in percent), for
/// state that changes between estimating and inclusion. Unused gas is not charged.
pub const GAS_MARGIN_PERCENT: u64 = 20;

/// What a transaction calls: a recipient, the native value it carries, its calldata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    pub to: Address,
    pub value: U256,
    pub input: Bytes,
}

impl Call {
    pub fn native(to: Address, amount: U256) -> Call {
        Call {
            to,
            value: amount,
            input: Bytes::new(),
        }
    }

    /// ERC20 `transfer(to, amount)` on `contract`.
    pub fn token(contract: Address, to: Address, amount: U256) -> Call {
        Call {
            to: contract,
            value: U256::ZERO,
            input: transferCall { to, amount }.abi_encode().into(),
        }
    }
}

/// EIP-1559 fee caps in wei per gas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeeCaps {
    pub max_fee_per_gas: u128,
    pub max_priority_fee_per_gas: u128,
}

impl FeeCaps {
    /// Twice the next block's base fee plus the tip: the base fee can rise 12.5% per block, so
    /// this stays valid for about six full blocks, and only base fee + tip is actually charged.
    pub fn new(base_fee: U256, priority: U256) -> ChainResult<FeeCaps> {
        let (base_fee, priority) = per_gas(base_fee, priority)?;
        let max_fee = base_fee
            .checked_mul(2)
            .and_then(|f| f.checked_add(priority))
            .ok_or_else(|| too_big("base fee"))?;
        Ok(FeeCaps {
            max_fee_per_gas: max_fee,
            max_priority_fee_per_gas: priority,
        })
    }

    /// The least max fee per gas [`FeeCaps::fitted`] goes down to: the next block's base fee
    /// raised by one full block (12.5%, rounded up), plus the tip, so the transaction still
    /// fits the next two blocks whatever they hold.
    pub fn floor(base_fee: U256, priority: U256) -> ChainResult<u128> {
        let (base_fee, priority) = per_gas(base_fee, priority)?;
        base_fee
            .checked_add(base_fee.div_ceil(8))
            .and_then(|f| f.checked_add(priority))
            .ok_or_else(|| too_big("base fee"))
    }

    /// These caps, or lower ones the sender can pay: a node accepts a transaction only from
    /// a sender holding its value plus gas limit × max fee per gas (`budget` is what it holds
    /// besides the value). When it holds less than these caps need but at least `floor` per
    /// gas, the max fee per gas becomes what it holds per gas; below `floor` they stay (the
    /// node refuses the transfer, and the quote says how much the sender lacks).
    pub fn fitted(self, gas_limit: u64, budget: U256, floor: u128) -> FeeCaps {
        if worst_case_fee(gas_limit, self) <= budget || gas_limit == 0 {
            return self;
        }
        let affordable = budget / U256::from(gas_limit);
        match u128::try_from(affordable) {
            Ok(max_fee) if max_fee >= floor && max_fee >= self.max_priority_fee_per_gas => FeeCaps {
                max_fee_per_gas: max_fee,
                ..self
            },
            _ => self,
        }
    }
}

fn too_big(what: &str) -> ChainError {
    ChainError::Protocol(format!("the node's {what} is absurdly large"))
}

fn per_gas(base_fee: U256, priority: U256) -> ChainResult<(u128, u128)> {
    let base_fee = u128::try_from(base_fee).map_err(|_| too_big("base fee"))?;
    let priority = u128::try_from(priority).map_err(|_| too_big("priority fee"))?;
    Ok((base_fee, priority))
}

/// The tip: the median, over recent blocks that carried transactions, of the low-percentile
/// tip each block included (eth_feeHistory's reward), never above the node's own suggestion
/// (`suggested`, eth_maxPriorityFeePerGas). Zero rewards are left out: a block whose low end
/// paid nothing shows transactions paid another way (a builder's own, bundles paying the
/// builder directly), not a tip the public mempool gets in with. Without any such block the
/// node's suggestion is taken.
pub fn tip(suggested: U256, rewards: &[U256]) -> U256 {
    let mut paid: Vec<U256> = rewards.iter().copied().filter(|r| !r.is_zero()).collect();
    if paid.is_empty() {
        return suggested;
    }
    paid.sort_unstable();
    let n = paid.len();
    let median = if n % 2 == 1 {
        paid[n / 2]
    } else {
        (paid[n / 2 - 1] + paid[n / 2]) / U256::from(2u8)
    };
    median.min(suggested)
}

/// The gas limit for an estimate: estimate + GAS_MARGIN_PERCENT, rounded up.
pub fn gas_limit(estimate: u64) -> ChainResult<u64> {
    estimate
        .checked_mul(100 + GAS_MARGIN_PERCENT)
        .map(|g| g.div_ceil(100))
        .ok_or_else(|| ChainError::Protocol(format!("gas estimate {estimate} is absurdly large")))
}

/// The most a transaction may cost in fees: gas limit × max fee per gas.
pub fn worst_case_fee(gas_limit: u64, caps: FeeCaps) -> U256 {
    // u64 × u128 always fits in 256 bits.
    U256::from(gas_limit) * U256::from(caps.max_fee_per_gas)
}

/// Everything a transaction needs besides its signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsigned {
    pub chain_id: u64,
    pub nonce: u64,
    pub gas_limit: u64,
    pub caps: FeeCaps,
    pub call: Call,
}

/// A signed EIP-2718 envelope (type 2) with its hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signed {
    pub raw: Vec<u8>,
    pub hash: B256,
}

/// The account id (address) of a secret key, also checking the key is a valid scalar.
pub fn key_address(key: &SecretKey) -> ChainResult<(SigningKey, Address)> {
    let signing = SigningKey::from_bytes(key.0.as_ref().into())
        .map_err(|_| ChainError::Key("not a valid secp256k1 secret key".into()))?;
    let point = signing.verifying_key().to_encoded_point(false);
    let hash = Keccak256::digest(&point.as_bytes()[1..]);
    Ok((signing, Address::from_slice(&hash[12..])))
}

/// Signs with `key`, which must own `from`. The signature is checked by recovering the
/// sender before anything leaves this function.
pub fn sign(tx: &Unsigned, key: &SecretKey, from: Address) -> ChainResult<Signed> {
    let (signing, address) = key_address(key)?;
    if address != from {
        return Err(ChainError::Key(format!("the key does not own {from}")));
    }
    let unsigned = TxEip1559 {
        chain_id: tx.chain_id,
        nonce: tx.nonce,
        gas_limit: tx.gas_limit,
        max_fee_per_gas: tx.caps.max_fee_per_gas,
        max_priority_fee_per_gas: tx.caps.max_priority_fee_per_gas,
        to: TxKind::Call(tx.call.to),
        value: tx.call.value,
        access_list: Default::default(),
        input: tx.call.input.clone(),
    };
    let prehash = unsigned.signature_hash();
    // k256 produces low-s signatures, as EIP-2 requires.
    let (signature, recovery) = signing
        .sign_prehash_recoverable(prehash.as_slice())
        .map_err(|e| ChainError::Key(format!("signing failed: {e}")))?;
    let signature = alloy_primitives::Signature::from((signature, recovery));
    let recovered = signature
        .recover_address_from_prehash(&prehash)
        .map_err(|e| ChainError::Key(format!("signature does not recover: {e}")))?;
    if recovered != from {
        return Err(ChainError::Key("signature recovers another address".into()));
    }
    let signed = unsigned.into_signed(signature);
    let mut raw = Vec::with_capacity(signed.eip2718_encoded_length());
    signed.eip2718_encode(&mut raw);
    let hash = B256::from_slice(&Keccak256::digest(&raw));
    debug_assert_eq!(hash, *signed.hash());
    Ok(Signed { raw, hash })
}

/// The sender and nonce of a signed EIP-1559 envelope (the only kind [`sign`] makes); None
/// for anything else or bytes that do not decode.
pub fn sender_and_nonce(raw: &[u8]) -> Option<(Address, u64)> {
    use alloy_consensus::transaction::RlpEcdsaDecodableTx;
    let (kind, mut body) = raw.split_first()?;
    if *kind != 2 {
        return None;
    }
    let signed = TxEip1559::rlp_decode_signed(&mut body).ok()?;
    let (tx, signature, _) = signed.into_parts();
    let from = signature
        .recover_address_from_prehash(&tx.signature_hash())
        .ok()?;
    Some((from, tx.nonce))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloy_consensus::transaction::RlpEcdsaDecodableTx;
    use alloy_primitives::address;
    use alloy_sol_types::SolEvent;
    use zeroize::Zeroizing;

    /// Anvil's first dev account (m/44'/60'/0'/0/0 of "test ... junk").
    const DEV_KEY: &str = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
    const DEV_ADDRESS: Address = address!("f39Fd6e51aad88F6F4ce6aB8827279cffFb92266");

    fn dev_key() -> SecretKey {
        let mut bytes = [0u8; 32];
        hex::decode_to_slice(DEV_KEY, &mut bytes).unwrap();
        SecretKey(Zeroizing::new(bytes))
    }

    #[test]
    fn erc20_abi_matches_the_well_known_selectors() {
        assert_eq!(hex::encode(transferCall::SELECTOR), "a9059cbb");
        assert_eq!(hex::encode(balanceOfCall::SELECTOR), "70a08231");
        assert_eq!(
            hex::encode(Transfer::SIGNATURE_HASH),
            "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
        );
        let call = Call::token(
            DEV_ADDRESS,
            address!("70997970C51812dc3A010C7d01b50e0d17dc79C8"),
            U256::from(5),
        );
        assert_eq!(
            hex::encode(&call.input),
            "a9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8\
             0000000000000000000000000000000000000000000000000000000000000005"
        );
    }

    #[test]
    fn fees_are_exact_and_checked() {
        let caps = FeeCaps::new(U256::from(1_000_000_000u64), U256::from(2)).unwrap();
        assert_eq!(caps.max_fee_per_gas, 2_000_000_002);
        assert_eq!(gas_limit(21_000).unwrap(), 25_200);
        assert_eq!(gas_limit(1).unwrap(), 2, "rounded up");
        assert!(gas_limit(u64::MAX).is_err());
        assert!(FeeCaps::new(U256::from(u128::MAX), U256::ZERO).is_err());
        assert_eq!(
            worst_case_fee(25_200, caps),
            U256::from(25_200u64 * 2_000_000_002)
        );
    }

    #[test]
    fn caps_fit_what_the_sender_holds_down_to_the_floor() {
        let gwei = |n: u64| U256::from(n) * U256::from(1_000_000_000u64);
        let caps = FeeCaps::new(gwei(8), gwei(1)).unwrap();
        assert_eq!(caps.max_fee_per_gas, 17_000_000_000);
        let floor = FeeCaps::floor(gwei(8), gwei(1)).unwrap();
        assert_eq!(floor, 10_000_000_000, "8 + 1 (12.5%) + 1");
        assert_eq!(
            FeeCaps::floor(U256::from(9u8), U256::ZERO).unwrap(),
            11,
            "rounded up"
        );
        let limit = 50_000u64;
        let full = worst_case_fee(limit, caps);
        // Holding enough: unchanged. A wei less: the max fee is what it holds per gas.
        assert_eq!(caps.fitted(limit, full, floor), caps);
        let fitted = caps.fitted(limit, full - U256::from(1u8), floor);
        assert_eq!(fitted.max_fee_per_gas, 16_999_999_999);
        assert_eq!(fitted.max_priority_fee_per_gas, caps.max_priority_fee_per_gas);
        assert!(worst_case_fee(limit, fitted) <= full - U256::from(1u8));
        // Down to the floor exactly, never below it.
        let at_floor = U256::from(limit) * U256::from(floor);
        assert_eq!(caps.fitted(limit, at_floor, floor).max_fee_per_gas, floor);
        assert_eq!(caps.fitted(limit, at_floor - U256::from(1u8), floor), caps);
        assert_eq!(caps.fitted(limit, U256::ZERO, floor), caps);
    }

    #[test]
    fn the_tip_is_the_median_low_end_never_above_the_suggestion() {
        let n = |v: u64| U256::from(v);
        assert_eq!(tip(n(100), &[]), n(100), "no history: the node's suggestion");
        assert_eq!(tip(n(100), &[n(0), n(0)]), n(100), "zero tips say nothing");
        assert_eq!(tip(n(100), &[n(7), n(0), n(3), n(5)]), n(5));
        assert_eq!(
            tip(n(100), &[n(7), n(3), n(5), n(9)]),
            n(6),
            "even: the mean of the middle two"
        );
        assert_eq!(tip(n(4), &[n(7), n(30), n(50)]), n(4), "capped by the suggestion");
    }

    #[test]
    fn signed_envelope_round_trips_and_recovers_the_sender() {
        let tx = Unsigned {
            chain_id: 31337,
            nonce: 7,
            gas_limit: 60_000,
            caps: FeeCaps::new(U256::from(3u64), U256::from(1u64)).unwrap(),
            call: Call::token(DEV_ADDRESS, DEV_ADDRESS, U256::MAX),
        };
        let signed = sign(&tx, &dev_key(), DEV_ADDRESS).unwrap();
        assert_eq!(signed.raw[0], 2, "EIP-1559 envelope type");
        assert_eq!(signed.hash.as_slice(), Keccak256::digest(&signed.raw).as_slice());
        let mut body = &signed.raw[1..];
        let decoded = TxEip1559::rlp_decode_signed(&mut body).unwrap();
        assert!(body.is_empty());
        let (decoded_tx, signature, _) = decoded.into_parts();
        assert_eq!(decoded_tx.chain_id, 31337);
        assert_eq!(decoded_tx.nonce, 7);
        assert_eq!(decoded_tx.max_fee_per_gas, 7);
        assert_eq!(decoded_tx.input, tx.call.input);
        let sender = signature
            .recover_address_from_prehash(&decoded_tx.signature_hash())
            .unwrap();
        assert_eq!(sender, DEV_ADDRESS);
        assert_eq!(sender_and_nonce(&signed.raw), Some((DEV_ADDRESS, 7)));
        assert_eq!(sender_and_nonce(&signed.raw[1..]), None, "not an envelope");
        // Deterministic (RFC 6979): signing again gives the same bytes, so a retry after a
        // crash cannot produce a second, different transaction with the same nonce.
        assert_eq!(sign(&tx, &dev_key(), DEV_ADDRESS).unwrap(), signed);
    }

    #[test]
    fn a_key_cannot_sign_for_another_address() {
        let tx = Unsigned {
            chain_id: 1,
            nonce: 0,
            gas_limit: 21_000,
            caps: FeeCaps::new(U256::from(1u64), U256::ZERO).unwrap(),
            call: Call::native(DEV_ADDRESS, U256::from(1)),
        };
        let other = address!("70997970C51812dc3A010C7d01b50e0d17dc79C8");
        assert!(matches!(sign(&tx, &dev_key(), other), Err(ChainError::Key(_))));
        let zero = SecretKey(Zeroizing::new([0u8; 32]));
        assert!(matches!(sign(&tx, &zero, DEV_ADDRESS), Err(ChainError::Key(_))));
    }
}

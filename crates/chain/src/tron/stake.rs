//! Stake 2.0 transactions (the energy issue): staking TRX for a resource, unstaking it,
//! withdrawing what finished unstaking, and delegating a resource to another account or taking
//! it back. Built and signed as transfers are (`tx.rs`), byte-equal to tronweb
//! (tests/tron_vectors.json). TRON-only: the general chain adapter does not grow for them.

use coffer_domain::ports::chain::{ChainError, ChainResult, SignedTx};

use super::proto;
use super::tx::{build_contract, sign_owned, TxHeader, UnsignedTx};

/// `protocol.ResourceCode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resource {
    Bandwidth = 0,
    Energy = 1,
}

/// What a stake transaction does. Amounts are sun (of staked TRX, also for a delegation:
/// TRON delegates stake, not energy); addresses are 20-byte account ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StakeCall {
    Freeze {
        owner: [u8; 20],
        amount_sun: u64,
        resource: Resource,
    },
    Unfreeze {
        owner: [u8; 20],
        amount_sun: u64,
        resource: Resource,
    },
    /// Withdraws every unstake whose 14 days have passed.
    WithdrawUnfrozen { owner: [u8; 20] },
    Delegate {
        owner: [u8; 20],
        receiver: [u8; 20],
        amount_sun: u64,
        resource: Resource,
        /// Some(blocks): locked that many 3-second blocks (0: the node's default of 3 days);
        /// None: not locked, it may be taken back at once.
        lock_blocks: Option<u64>,
    },
    Undelegate {
        owner: [u8; 20],
        receiver: [u8; 20],
        amount_sun: u64,
        resource: Resource,
    },
}

impl StakeCall {
    pub fn owner(&self) -> &[u8; 20] {
        match self {
            StakeCall::Freeze { owner, .. }
            | StakeCall::Unfreeze { owner, .. }
            | StakeCall::WithdrawUnfrozen { owner }
            | StakeCall::Delegate { owner, .. }
            | StakeCall::Undelegate { owner, .. } => owner,
        }
    }

    /// The encoded `Transaction.Contract`.
    fn contract(&self) -> ChainResult<Vec<u8>> {
        let positive = |amount: u64| {
            if amount == 0 || amount > i64::MAX as u64 {
                Err(ChainError::Rejected(format!(
                    "{amount} sun is not an amount TRON can stake or delegate"
                )))
            } else {
                Ok(amount)
            }
        };
        Ok(match self {
            StakeCall::Freeze {
                owner,
                amount_sun,
                resource,
            } => proto::contract(
                proto::FREEZE_BALANCE_V2_CONTRACT,
                proto::FREEZE_BALANCE_V2_TYPE_URL,
                &proto::stake_balance_v2(owner, positive(*amount_sun)?, *resource as u64),
            ),
            StakeCall::Unfreeze {
                owner,
                amount_sun,
                resource,
            } => proto::contract(
                proto::UNFREEZE_BALANCE_V2_CONTRACT,
                proto::UNFREEZE_BALANCE_V2_TYPE_URL,
                &proto::stake_balance_v2(owner, positive(*amount_sun)?, *resource as u64),
            ),
            StakeCall::WithdrawUnfrozen { owner } => proto::contract(
                proto::WITHDRAW_EXPIRE_UNFREEZE_CONTRACT,
                proto::WITHDRAW_EXPIRE_UNFREEZE_TYPE_URL,
                &proto::withdraw_expire_unfreeze(owner),
            ),
            StakeCall::Delegate {
                owner,
                receiver,
                amount_sun,
                resource,
                lock_blocks,
            } => proto::contract(
                proto::DELEGATE_RESOURCE_CONTRACT,
                proto::DELEGATE_RESOURCE_TYPE_URL,
                &proto::delegation(
                    owner,
                    *resource as u64,
                    positive(*amount_sun)?,
                    receiver,
                    Some((lock_blocks.is_some(), lock_blocks.unwrap_or(0))),
                ),
            ),
            StakeCall::Undelegate {
                owner,
                receiver,
                amount_sun,
                resource,
            } => proto::contract(
                proto::UNDELEGATE_RESOURCE_CONTRACT,
                proto::UNDELEGATE_RESOURCE_TYPE_URL,
                &proto::delegation(owner, *resource as u64, positive(*amount_sun)?, receiver, None),
            ),
        })
    }
}

/// Encodes raw_data (no fee limit: these are not contract calls) and computes the txID.
pub fn build(header: &TxHeader, call: &StakeCall) -> ChainResult<UnsignedTx> {
    build_contract(header, &call.contract()?, 0)
}

/// Builds and signs `call` with `secret`, which must own the call's owner address.
pub fn sign(header: &TxHeader, call: &StakeCall, secret: &[u8; 32]) -> ChainResult<SignedTx> {
    sign_owned(&build(header, call)?, call.owner(), secret)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tron::tx::{key_account_id, RefBlock};

    fn header() -> TxHeader {
        TxHeader {
            ref_block: RefBlock {
                bytes: [0, 1],
                hash: [2; 8],
            },
            expiration_ms: 61_000,
            timestamp_ms: 1_000,
        }
    }

    #[test]
    fn nothing_to_stake_is_refused_and_only_the_owner_signs() {
        let secret = [7u8; 32];
        let owner = key_account_id(&secret).unwrap();
        let delegate = |amount_sun| StakeCall::Delegate {
            owner,
            receiver: [9; 20],
            amount_sun,
            resource: Resource::Energy,
            lock_blocks: None,
        };
        assert!(matches!(
            build(&header(), &delegate(0)),
            Err(ChainError::Rejected(_))
        ));
        assert!(matches!(
            build(&header(), &delegate(u64::MAX)),
            Err(ChainError::Rejected(_))
        ));
        let signed = sign(&header(), &delegate(1_000_000), &secret).unwrap();
        assert_eq!(signed.hash.len(), 64);
        assert!(matches!(
            sign(&header(), &delegate(1_000_000), &[8u8; 32]),
            Err(ChainError::Key(_))
        ));
        // A withdrawal names no amount.
        assert!(build(&header(), &StakeCall::WithdrawUnfrozen { owner }).is_ok());
    }
}

//! What the energy business needs of a TRON chain beyond [`ChainAdapter`]: Stake 2.0 (staking
//! TRX for energy, delegating it and taking it back) and reading resources. A capability only
//! TRON has, so it is its own port; the general adapter does not grow for it. The TRON adapter
//! implements both; the signed transactions it returns are broadcast and followed with the
//! general adapter's `broadcast` and `status`, as transfers are.
//!
//! Every figure here is read from the chain when asked: the network's energy totals, the price
//! and a transfer's energy change (the price fell from 210 to 100 sun in August 2025).
//!
//! [`ChainAdapter`]: super::chain::ChainAdapter

use async_trait::async_trait;

use super::chain::{ChainResult, SecretKey, SignedTx};
use crate::amount::BaseUnits;

/// `protocol.ResourceCode`: what staked TRX yields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StakeResource {
    Bandwidth,
    Energy,
}

/// A Stake 2.0 transaction. Addresses are canonical (base58check); amounts are sun of staked
/// TRX, also for a delegation (TRON delegates stake, not energy: see [`stake_for_energy`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StakeAction {
    Stake {
        owner: String,
        amount_sun: u64,
        resource: StakeResource,
    },
    /// Starts an unstake: the TRX comes back after the chain's unstaking period (14 days).
    Unstake {
        owner: String,
        amount_sun: u64,
        resource: StakeResource,
    },
    /// Withdraws every unstake whose period has passed.
    WithdrawUnstaked { owner: String },
    Delegate {
        owner: String,
        receiver: String,
        amount_sun: u64,
        resource: StakeResource,
        /// Some(blocks): cannot be taken back for that many 3-second blocks; None: not locked.
        lock_blocks: Option<u64>,
    },
    Undelegate {
        owner: String,
        receiver: String,
        amount_sun: u64,
        resource: StakeResource,
    },
}

impl StakeAction {
    pub fn owner(&self) -> &str {
        match self {
            StakeAction::Stake { owner, .. }
            | StakeAction::Unstake { owner, .. }
            | StakeAction::WithdrawUnstaked { owner }
            | StakeAction::Delegate { owner, .. }
            | StakeAction::Undelegate { owner, .. } => owner,
        }
    }
}

/// An unstake in flight: its TRX can be withdrawn from `expires_at_ms` (Unix milliseconds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unstaking {
    pub resource: StakeResource,
    pub amount_sun: u64,
    pub expires_at_ms: u64,
}

/// An account's resources as the chain shows them now. An account that does not exist yet
/// (never received TRX) is all zeros with `activated` false.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountResources {
    pub activated: bool,
    /// Spendable TRX, in sun.
    pub balance_sun: u64,
    /// Energy the account can use a day (its own stake and what was delegated to it) and what
    /// it used, recovering over 24 hours; available = limit - used.
    pub energy_limit: u64,
    pub energy_used: u64,
    /// Staked bandwidth (not the free daily allowance) and its use.
    pub net_limit: u64,
    pub net_used: u64,
    /// The network's daily energy and the TRX staked for energy, in whole TRX: a stake of
    /// `s` sun yields `s / 1e6 × total_energy_limit / total_energy_weight` energy a day.
    pub total_energy_limit: u64,
    pub total_energy_weight: u64,
    /// This account's own stake for energy and bandwidth (delegated parts included), in sun.
    pub staked_energy_sun: u64,
    pub staked_bandwidth_sun: u64,
    /// Of its energy stake, what it delegates to others, and what others delegate to it.
    pub delegated_energy_sun: u64,
    pub acquired_energy_sun: u64,
    pub unstaking: Vec<Unstaking>,
}

impl AccountResources {
    pub fn energy_available(&self) -> u64 {
        self.energy_limit.saturating_sub(self.energy_used)
    }
}

/// What `from` delegates to `to` for energy: the unlocked and the locked part together, and
/// the end of the latest lock (Unix milliseconds, 0 when nothing is locked).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EnergyDelegation {
    pub amount_sun: u64,
    pub locked_sun: u64,
    pub lock_expires_at_ms: u64,
}

/// Sun of staked TRX whose share of the network's daily energy is at least `energy`: what a
/// delegation must move for the receiver to get `energy` (rounded up to whole TRX, as the chain
/// only delegates whole sun and shares energy per whole TRX). None when the network reports no
/// energy (a node that is not ready).
pub fn stake_for_energy(energy: u64, total_energy_limit: u64, total_energy_weight: u64) -> Option<u64> {
    if total_energy_limit == 0 {
        return None;
    }
    let trx = (u128::from(energy) * u128::from(total_energy_weight)).div_ceil(u128::from(total_energy_limit));
    u64::try_from(trx.checked_mul(1_000_000)?).ok()
}

/// The energy a stake of `amount_sun` yields a day (rounded down, as the chain does).
pub fn energy_of_stake(amount_sun: u64, total_energy_limit: u64, total_energy_weight: u64) -> u64 {
    if total_energy_weight == 0 {
        return 0;
    }
    let energy =
        u128::from(amount_sun / 1_000_000) * u128::from(total_energy_limit) / u128::from(total_energy_weight);
    u64::try_from(energy).unwrap_or(u64::MAX)
}

#[async_trait]
pub trait TronResources: Send + Sync {
    /// The platform chain id of the chain (the same as its [`ChainAdapter`]'s).
    ///
    /// [`ChainAdapter`]: super::chain::ChainAdapter
    fn chain_id(&self) -> i64;

    /// An address nobody has used: random, so it holds nothing (a transfer's target when
    /// simulating one to an address that holds no tokens).
    fn random_address(&self) -> String;

    async fn account(&self, address: &str) -> ChainResult<AccountResources>;
    /// What `from` delegates to `to` for energy; None when it delegates nothing.
    async fn energy_delegation(&self, from: &str, to: &str) -> ChainResult<Option<EnergyDelegation>>;
    /// The accounts `owner` delegates any resource to (the chain's index: how delegations are
    /// found again after a crash between broadcast and bookkeeping).
    async fn delegation_receivers(&self, owner: &str) -> ChainResult<Vec<String>>;
    /// The most `owner` can delegate of `resource` now, in sun of stake.
    async fn can_delegate_max(&self, owner: &str, resource: StakeResource) -> ChainResult<u64>;
    /// The price of one energy burnt, in sun (`getEnergyFee`).
    async fn energy_price_sun(&self) -> ChainResult<u64>;
    /// The energy a token `transfer(to, amount)` from `from` uses now, simulated (it depends on
    /// whether `to` holds the token and on the contract's dynamic energy factor). Rejected when
    /// the transfer would fail (`from` holds less than `amount`).
    async fn transfer_energy(
        &self,
        contract: &str,
        from: &str,
        to: &str,
        amount: &BaseUnits,
    ) -> ChainResult<u64>;
    /// Builds and signs `action` with `key`, which must own its owner address.
    async fn sign_stake(&self, key: &SecretKey, action: &StakeAction) -> ChainResult<SignedTx>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delegation_is_sized_so_the_receiver_gets_the_energy() {
        // Mainnet-like: 180 billion energy a day over 19.2 billion TRX staked, ~9.4 a TRX.
        let (limit, weight) = (180_000_000_000, 19_200_000_000);
        let stake = stake_for_energy(64_285, limit, weight).unwrap();
        assert_eq!(stake % 1_000_000, 0, "whole TRX");
        assert!(energy_of_stake(stake, limit, weight) >= 64_285);
        assert!(
            energy_of_stake(stake - 1_000_000, limit, weight) < 64_285,
            "and no TRX more than needed"
        );
        assert_eq!(stake_for_energy(1, 0, weight), None, "a network with no energy");
        assert_eq!(energy_of_stake(stake, limit, 0), 0);
    }
}

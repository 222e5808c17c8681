//! Stake 2.0 on the double: what an account staked, unstaked and delegated, the delegation
//! records and their index, the network's energy totals, and the five contracts (freeze and
//! unfreeze balance v2, withdraw expired unfreezes, delegate and undelegate resource), validated
//! with java-tron's checks and messages (its actuators of the same names) and applied.
//!
//! As on java-tron, `frozen_v2` is what the owner staked and still holds (delegating moves
//! stake from it to `delegated_*`, and only it can be unstaked); the network's energy weight
//! counts own stake including what is delegated, per account in whole TRX.
//! Staked bandwidth is recorded (frozen, delegated, acquired) but gives no `NetLimit`: the
//! double's bandwidth stays the free allowance or burnt TRX.

use std::collections::{BTreeMap, HashMap};

use super::ledger::{validate, Ledger, Refusal};
use super::pb::{Call, BANDWIDTH, ENERGY};
use super::resource::{self, SLOT_MS, TRX, WINDOW_SLOTS};

/// At most this many unstakes in flight per account.
pub const MAX_UNFREEZES: usize = 32;
/// Unstaked TRX can be withdrawn 14 days later (`getUnfreezeDelayDays`).
pub const UNFREEZE_DELAY_MS: u64 = 14 * 86_400_000;
/// `getMaxDelegateLockPeriod`: the longest lock, in 3-second blocks (30 days).
pub const MAX_LOCK_PERIOD: u64 = 864_000;

/// Per-resource amounts, sun.
#[derive(Clone, Copy, Debug, Default)]
pub struct PerResource {
    pub bandwidth: u64,
    pub energy: u64,
}

impl PerResource {
    pub fn get(&self, resource: u64) -> u64 {
        if resource == ENERGY {
            self.energy
        } else {
            self.bandwidth
        }
    }

    pub fn of(&mut self, resource: u64) -> &mut u64 {
        if resource == ENERGY {
            &mut self.energy
        } else {
            &mut self.bandwidth
        }
    }
}

#[derive(Clone, Debug)]
pub struct Unfrozen {
    pub resource: u64,
    pub amount: u64,
    pub expire_ms: u64,
}

/// An account's stake and energy use.
#[derive(Clone, Debug)]
pub struct Stake {
    pub frozen: PerResource,
    pub delegated: PerResource,
    pub acquired: PerResource,
    pub unfrozen: Vec<Unfrozen>,
    /// Energy used as of `energy_slot`, recovering over `energy_window` slots.
    pub energy_usage: u64,
    pub energy_slot: u64,
    pub energy_window: u64,
}

impl Default for Stake {
    fn default() -> Stake {
        Stake {
            frozen: PerResource::default(),
            delegated: PerResource::default(),
            acquired: PerResource::default(),
            unfrozen: Vec::new(),
            energy_usage: 0,
            energy_slot: 0,
            energy_window: WINDOW_SLOTS,
        }
    }
}

impl Stake {
    /// What weighs in the network's total: own stake for energy with what is delegated, whole TRX.
    fn energy_weight(&self) -> u64 {
        (self.frozen.energy + self.delegated.energy) / TRX
    }

    /// The stake the account's energy comes from: own (not delegated) and acquired.
    pub fn energy_stake(&self) -> u64 {
        self.frozen.energy + self.acquired.energy
    }

    /// Energy used, as recovered at `slot`.
    pub fn energy_used(&self, slot: u64) -> u64 {
        resource::recovered(self.energy_usage, self.energy_slot, slot, self.energy_window)
    }

    /// Uses `energy` at `slot`.
    pub fn use_energy(&mut self, energy: u64, slot: u64) {
        let (usage, window) = resource::increase(
            self.energy_usage,
            energy,
            self.energy_slot,
            slot,
            self.energy_window,
        );
        (self.energy_usage, self.energy_slot, self.energy_window) = (usage, slot, window);
    }

    /// Takes back the unstaked TRX whose 14 days are over; returns it.
    fn take_expired(&mut self, now_ms: u64) -> u64 {
        let (done, left): (Vec<_>, Vec<_>) = self.unfrozen.drain(..).partition(|u| u.expire_ms <= now_ms);
        self.unfrozen = left;
        done.iter().map(|u| u.amount).sum()
    }
}

/// A delegation record (java-tron keeps a locked and an unlocked one per pair).
#[derive(Clone, Copy, Debug, Default)]
pub struct Delegation {
    pub amount: PerResource,
    pub expire: PerResource,
}

/// The network's energy totals and every delegation.
#[derive(Clone)]
pub struct Network {
    pub total_energy_limit: u64,
    /// Whole TRX staked for energy by accounts the double does not model.
    pub background_energy_weight: u64,
    /// Whole TRX staked for energy by the double's accounts.
    pub staked_energy_weight: u64,
    /// (from, to, locked) -> record.
    pub delegations: BTreeMap<([u8; 20], [u8; 20], bool), Delegation>,
    /// owner -> accounts it delegates to, and account -> accounts that delegate to it, in order.
    pub to_accounts: HashMap<[u8; 20], Vec<[u8; 20]>>,
    pub from_accounts: HashMap<[u8; 20], Vec<[u8; 20]>>,
}

impl Default for Network {
    fn default() -> Network {
        Network {
            total_energy_limit: resource::TOTAL_ENERGY_LIMIT,
            background_energy_weight: resource::BACKGROUND_ENERGY_WEIGHT,
            staked_energy_weight: 0,
            delegations: BTreeMap::new(),
            to_accounts: HashMap::new(),
            from_accounts: HashMap::new(),
        }
    }
}

impl Network {
    pub fn total_energy_weight(&self) -> u64 {
        self.background_energy_weight + self.staked_energy_weight
    }
}

fn resource_name(resource: u64) -> &'static str {
    if resource == ENERGY {
        "Energy"
    } else {
        "BANDWIDTH"
    }
}

pub(super) fn hex41(id: &[u8; 20]) -> String {
    format!("41{}", hex::encode(id))
}

impl Ledger {
    /// The block slot of `now_ms` (3-second slots since the genesis block).
    pub fn slot(&self, now_ms: u64) -> u64 {
        now_ms.saturating_sub(self.genesis_ms) / SLOT_MS
    }

    /// The account's daily energy (`EnergyLimit`).
    pub fn energy_limit(&self, id: &[u8; 20]) -> u64 {
        let stake = self.accounts.get(id).map_or(0, |a| a.stake.energy_stake());
        resource::energy_limit(
            stake,
            self.network.total_energy_limit,
            self.network.total_energy_weight(),
        )
    }

    /// The energy left to the account at `now_ms` from its stake.
    pub fn energy_left(&self, id: &[u8; 20], now_ms: u64) -> u64 {
        let used = self
            .accounts
            .get(id)
            .map_or(0, |a| a.stake.energy_used(self.slot(now_ms)));
        self.energy_limit(id).saturating_sub(used)
    }

    /// `getcandelegatedmaxsize`: the owner's stake for `resource` minus what its own use of
    /// energy occupies beyond its other stake (java-tron's Wallet.calcCanDelegatedEnergyMaxSize).
    pub fn can_delegate(&self, id: &[u8; 20], resource: u64, now_ms: u64) -> u64 {
        let Some(account) = self.accounts.get(id) else {
            return 0;
        };
        let stake = &account.stake;
        if resource != ENERGY {
            return stake.frozen.bandwidth;
        }
        let n = &self.network;
        let used = stake.energy_used(self.slot(now_ms));
        let occupied = resource::stake_of_usage(used, n.total_energy_limit, n.total_energy_weight());
        let beyond = occupied.saturating_sub(stake.acquired.energy);
        stake.frozen.energy.saturating_sub(beyond)
    }

    /// Validates and applies a stake contract; `owner_balance` is what the owner holds after the
    /// bandwidth fee. Returns the owner's balance after.
    pub(super) fn stake_call(
        &mut self,
        call: &Call,
        owner_balance: u64,
        now_ms: u64,
    ) -> Result<u64, Refusal> {
        let owner = call.owner();
        let mut stake = self.accounts[&owner].stake.clone();
        let mut balance = owner_balance;
        match *call {
            Call::FreezeV2 { amount, resource, .. } => {
                check_resource(resource)?;
                if amount == 0 {
                    return Err(validate("frozenBalance must be positive"));
                }
                if amount < TRX {
                    return Err(validate("frozenBalance must be more than 1TRX"));
                }
                if amount > balance {
                    return Err(validate("frozenBalance must be less than accountBalance"));
                }
                let before = stake.energy_weight();
                *stake.frozen.of(resource) += amount;
                self.reweigh(before, stake.energy_weight());
                balance -= amount;
            }
            Call::UnfreezeV2 { amount, resource, .. } => {
                check_resource(resource)?;
                let frozen = *stake.frozen.of(resource);
                if frozen == 0 {
                    return Err(validate(format!("no frozenBalance({})", resource_name(resource))));
                }
                if amount == 0 || amount > frozen {
                    return Err(validate(format!("Invalid unfreeze_balance, [{amount}] is error")));
                }
                if stake.unfrozen.iter().filter(|u| u.expire_ms > now_ms).count() >= MAX_UNFREEZES {
                    return Err(validate(
                        "Invalid unfreeze operation, unfreezing times is over limit",
                    ));
                }
                balance += stake.take_expired(now_ms);
                let before = stake.energy_weight();
                *stake.frozen.of(resource) -= amount;
                self.reweigh(before, stake.energy_weight());
                stake.unfrozen.push(Unfrozen {
                    resource,
                    amount,
                    expire_ms: now_ms + UNFREEZE_DELAY_MS,
                });
            }
            Call::WithdrawExpireUnfreeze { .. } => {
                let due = stake.take_expired(now_ms);
                if due == 0 {
                    return Err(validate("no unFreeze balance to withdraw "));
                }
                balance += due;
            }
            Call::Delegate { .. } | Call::UnDelegate { .. } => {
                return self.delegation_call(call, stake, balance, now_ms);
            }
            Call::Transfer { .. } | Call::Trigger { .. } => unreachable!("not a stake contract"),
        }
        self.accounts.get_mut(&owner).expect("owner exists").stake = stake;
        Ok(balance)
    }

    fn reweigh(&mut self, before: u64, after: u64) {
        let n = &mut self.network;
        n.staked_energy_weight = n.staked_energy_weight - before + after;
    }
}

pub(super) fn check_resource(resource: u64) -> Result<(), Refusal> {
    if resource == ENERGY || resource == BANDWIDTH {
        Ok(())
    } else {
        Err(validate(
            "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]",
        ))
    }
}

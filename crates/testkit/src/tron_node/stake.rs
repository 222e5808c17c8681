//! Stake 2.0 on the double: what an account staked, unstaked and delegated, the delegation
//! records and their index, the network's energy totals, and the five contracts (freeze and
//! unfreeze balance v2, withdraw expired unfreezes, delegate and undelegate resource), validated
//! with java-tron's checks and messages (its actuators of the same names) and applied.
//!
//! As on java-tron, `frozen_v2` is what the owner staked and still holds (delegating moves
//! stake from it to `delegated_*`, and only it can be unstaked); the network's energy weight
//! counts own stake including what is delegated, per account in whole TRX.
//! Staked bandwidth works the same way against the network's bandwidth totals (`NetLimit`,
//! paid before the free allowance, ledger.rs).

use std::collections::{BTreeMap, HashMap};

use super::ledger::{validate, Ledger, Refusal};
use super::pb::{Call, BANDWIDTH, ENERGY};
use super::resource::{self, Usage, SLOT_MS, TRX};

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
#[derive(Clone, Debug, Default)]
pub struct Stake {
    pub frozen: PerResource,
    pub delegated: PerResource,
    pub acquired: PerResource,
    pub unfrozen: Vec<Unfrozen>,
    /// Energy and staked bandwidth used.
    pub energy: Usage,
    pub net: Usage,
}

impl Stake {
    /// What weighs in the network's total for `resource`: own stake with what is delegated,
    /// whole TRX.
    fn weight(&self, resource: u64) -> u64 {
        (self.frozen.get(resource) + self.delegated.get(resource)) / TRX
    }

    /// The stake a resource comes from: own (not delegated) and acquired.
    pub fn stake_for(&self, resource: u64) -> u64 {
        self.frozen.get(resource) + self.acquired.get(resource)
    }

    pub fn usage(&mut self, resource: u64) -> &mut Usage {
        if resource == ENERGY {
            &mut self.energy
        } else {
            &mut self.net
        }
    }

    /// Energy used, as recovered at `slot`.
    pub fn energy_used(&self, slot: u64) -> u64 {
        self.energy.at(slot)
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
    /// The same for bandwidth.
    pub total_net_limit: u64,
    pub background_net_weight: u64,
    pub staked_net_weight: u64,
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
            total_net_limit: resource::TOTAL_NET_LIMIT,
            background_net_weight: resource::BACKGROUND_NET_WEIGHT,
            staked_net_weight: 0,
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

    pub fn total_net_weight(&self) -> u64 {
        self.background_net_weight + self.staked_net_weight
    }

    /// The network's daily limit and weight for `resource`.
    pub fn totals(&self, resource: u64) -> (u64, u64) {
        if resource == ENERGY {
            (self.total_energy_limit, self.total_energy_weight())
        } else {
            (self.total_net_limit, self.total_net_weight())
        }
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

    /// The account's daily energy (`EnergyLimit`) or staked bandwidth (`NetLimit`).
    pub fn limit(&self, id: &[u8; 20], resource: u64) -> u64 {
        let stake = self.accounts.get(id).map_or(0, |a| a.stake.stake_for(resource));
        let (limit, weight) = self.network.totals(resource);
        resource::share(stake, limit, weight)
    }

    /// What the account used of it, as recovered at `now_ms`.
    pub fn used(&self, id: &[u8; 20], resource: u64, now_ms: u64) -> u64 {
        let slot = self.slot(now_ms);
        self.accounts.get(id).map_or(0, |a| {
            if resource == ENERGY {
                a.stake.energy.at(slot)
            } else {
                a.stake.net.at(slot)
            }
        })
    }

    /// What is left of it at `now_ms`.
    pub fn left(&self, id: &[u8; 20], resource: u64, now_ms: u64) -> u64 {
        self.limit(id, resource)
            .saturating_sub(self.used(id, resource, now_ms))
    }

    pub fn energy_left(&self, id: &[u8; 20], now_ms: u64) -> u64 {
        self.left(id, ENERGY, now_ms)
    }

    /// `getcandelegatedmaxsize`: the owner's stake for `resource` minus what its own use of it
    /// occupies beyond its other stake (java-tron's Wallet.calcCanDelegated*MaxSize).
    pub fn can_delegate(&self, id: &[u8; 20], resource: u64, now_ms: u64) -> u64 {
        let Some(account) = self.accounts.get(id) else {
            return 0;
        };
        let stake = &account.stake;
        let (limit, weight) = self.network.totals(resource);
        let used = self.used(id, resource, now_ms);
        let occupied = resource::stake_of_usage(used, limit, weight);
        let beyond = occupied.saturating_sub(stake.acquired.get(resource));
        stake.frozen.get(resource).saturating_sub(beyond)
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
                let before = stake.weight(resource);
                *stake.frozen.of(resource) += amount;
                self.reweigh(resource, before, stake.weight(resource));
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
                let before = stake.weight(resource);
                *stake.frozen.of(resource) -= amount;
                self.reweigh(resource, before, stake.weight(resource));
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

    fn reweigh(&mut self, resource: u64, before: u64, after: u64) {
        let n = &mut self.network;
        let staked = if resource == ENERGY {
            &mut n.staked_energy_weight
        } else {
            &mut n.staked_net_weight
        };
        *staked = *staked - before + after;
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

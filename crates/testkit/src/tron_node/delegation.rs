//! Delegating and undelegating resources (java-tron's DelegateResourceActuator and
//! UnDelegateResourceActuator): the checks in java-tron's order and messages, the locked and
//! unlocked records, the index of who delegates to whom, and the energy use the receiver gives
//! back to the owner on an undelegate.

use super::ledger::{validate, Ledger, Refusal};
use super::pb::{Call, BANDWIDTH, ENERGY};
use super::resource::{SLOT_MS, TRX};
use super::stake::{check_resource, hex41, Network, Stake, MAX_LOCK_PERIOD};

/// A lock without a period lasts 3 days (java-tron's DELEGATE_PERIOD).
const DEFAULT_LOCK_PERIOD: u64 = 86_400;

impl Network {
    /// Moves expired locked delegations of (from, to) into the unlocked record.
    fn unlock_expired(&mut self, from: [u8; 20], to: [u8; 20], now_ms: u64) {
        let Some(locked) = self.delegations.get(&(from, to, true)).copied() else {
            return;
        };
        let mut left = locked;
        let unlocked = self.delegations.entry((from, to, false)).or_default();
        for resource in [BANDWIDTH, ENERGY] {
            if left.expire.get(resource) < now_ms {
                *unlocked.amount.of(resource) += *left.amount.of(resource);
                *left.amount.of(resource) = 0;
                *left.expire.of(resource) = 0;
            }
        }
        if unlocked.amount.energy == 0 && unlocked.amount.bandwidth == 0 {
            self.delegations.remove(&(from, to, false));
        }
        if left.amount.energy == 0 && left.amount.bandwidth == 0 {
            self.delegations.remove(&(from, to, true));
        } else {
            self.delegations.insert((from, to, true), left);
        }
    }
}

impl Ledger {
    pub(super) fn delegation_call(
        &mut self,
        call: &Call,
        mut stake: Stake,
        balance: u64,
        now_ms: u64,
    ) -> Result<u64, Refusal> {
        let (owner, receiver, resource, amount) = match *call {
            Call::Delegate {
                owner,
                receiver,
                resource,
                balance,
                ..
            }
            | Call::UnDelegate {
                owner,
                receiver,
                resource,
                balance,
            } => (owner, receiver, resource, balance),
            _ => unreachable!("a delegation"),
        };
        let slot = self.slot(now_ms);
        if let Call::Delegate {
            lock, lock_period, ..
        } = *call
        {
            if amount < TRX {
                return Err(validate("delegateBalance must be more than 1TRX"));
            }
            check_resource(resource)?;
            let available = self.can_delegate(&owner, resource, now_ms);
            if available < amount {
                let which = if resource == ENERGY {
                    "FreezeEnergyV2"
                } else {
                    "FreezeBandwidthV2"
                };
                return Err(validate(format!(
                    "delegateBalance must be less than available {which} balance"
                )));
            }
            if receiver == owner {
                return Err(validate("receiverAddress must not be the same as ownerAddress"));
            }
            if self.is_contract(&receiver) {
                return Err(validate("Do not allow delegate resources to contract addresses"));
            }
            if !self.accounts.contains_key(&receiver) {
                return Err(validate(format!("Account[{}] not exists", hex41(&receiver))));
            }
            let period = match (lock, lock_period) {
                (false, _) => 0,
                (true, 0) => DEFAULT_LOCK_PERIOD,
                (true, p) => p,
            };
            if lock && period > MAX_LOCK_PERIOD {
                return Err(validate(format!(
                    "The lock period of delegate resource cannot be less than 0 and cannot exceed {MAX_LOCK_PERIOD}!"
                )));
            }
            if let Some(record) = self
                .network
                .delegations
                .get(&(owner, receiver, true))
                .filter(|_| lock)
            {
                let remain = record.expire.get(resource).saturating_sub(now_ms);
                if period * SLOT_MS < remain {
                    let name = if resource == ENERGY { "ENERGY" } else { "BANDWIDTH" };
                    return Err(validate(format!(
                        "The lock period for {name} this time cannot be less than the remaining time[{remain}ms] of the last lock period for {name}!"
                    )));
                }
            }
            self.network.unlock_expired(owner, receiver, now_ms);
            let record = self
                .network
                .delegations
                .entry((owner, receiver, lock))
                .or_default();
            *record.amount.of(resource) += amount;
            if lock {
                *record.expire.of(resource) = now_ms + period * SLOT_MS;
            }
            *stake.frozen.of(resource) -= amount;
            *stake.delegated.of(resource) += amount;
            self.index(owner, receiver, true);
            let receiving = self.accounts.get_mut(&receiver).expect("receiver exists");
            *receiving.stake.acquired.of(resource) += amount;
        } else {
            let record = |locked| self.network.delegations.get(&(owner, receiver, locked)).copied();
            let (unlocked, locked) = (record(false), record(true));
            if unlocked.is_none() && locked.is_none() {
                return Err(validate("delegated Resource does not exist"));
            }
            if amount == 0 {
                return Err(validate("unDelegateBalance must be more than 0 TRX"));
            }
            check_resource(resource)?;
            let mut free = unlocked.map_or(0, |r| r.amount.get(resource));
            if let Some(l) = locked.filter(|l| l.expire.get(resource) < now_ms) {
                free += l.amount.get(resource);
            }
            if free < amount {
                let label = if resource == ENERGY {
                    "insufficient delegateFrozenBalance(Energy)"
                } else {
                    "insufficient delegatedFrozenBalance(BANDWIDTH)"
                };
                return Err(validate(format!(
                    "{label}, request={amount}, unlock_balance={free}"
                )));
            }
            let moved = self.take_back_usage(&receiver, resource, amount, slot);
            self.network.unlock_expired(owner, receiver, now_ms);
            let entry = self
                .network
                .delegations
                .get_mut(&(owner, receiver, false))
                .expect("unlocked record");
            *entry.amount.of(resource) -= amount;
            if entry.amount.energy == 0 && entry.amount.bandwidth == 0 {
                self.network.delegations.remove(&(owner, receiver, false));
            }
            *stake.delegated.of(resource) -= amount;
            *stake.frozen.of(resource) += amount;
            if moved > 0 {
                // The usage the receiver gave back occupies the owner's stake until it recovers.
                let used = stake.usage(resource).at(slot);
                stake.usage(resource).set(used + moved, slot);
            }
            if !self.network.delegations.contains_key(&(owner, receiver, true))
                && !self.network.delegations.contains_key(&(owner, receiver, false))
            {
                self.index(owner, receiver, false);
            }
        }
        self.accounts.get_mut(&owner).expect("owner exists").stake = stake;
        Ok(balance)
    }

    /// Undelegating takes the receiver's share of its use back to the owner (java-tron's
    /// transferUsage): usage x amount / its whole stake, at most what `amount` yields a day.
    fn take_back_usage(&mut self, receiver: &[u8; 20], resource: u64, amount: u64, slot: u64) -> u64 {
        let (limit, weight) = self.network.totals(resource);
        let Some(account) = self.accounts.get_mut(receiver) else {
            return 0;
        };
        let stake = &mut account.stake;
        if stake.acquired.get(resource) < amount {
            *stake.acquired.of(resource) = 0;
            return 0;
        }
        let used = stake.usage(resource).at(slot);
        let whole = stake.stake_for(resource).max(1);
        let share = (u128::from(used) * u128::from(amount) / u128::from(whole)) as u64;
        let cap = (u128::from(amount / TRX) * u128::from(limit) / u128::from(weight.max(1))) as u64;
        let moved = share.min(cap);
        *stake.acquired.of(resource) -= amount;
        stake.usage(resource).set(used - moved, slot);
        moved
    }

    /// Adds or removes `to` in `from`'s delegation index (and `from` in `to`'s).
    fn index(&mut self, from: [u8; 20], to: [u8; 20], add: bool) {
        let n = &mut self.network;
        let tos = n.to_accounts.entry(from).or_default();
        let froms = n.from_accounts.entry(to).or_default();
        tos.retain(|a| *a != to);
        froms.retain(|a| *a != from);
        if add {
            tos.push(to);
            froms.push(from);
        }
    }
}

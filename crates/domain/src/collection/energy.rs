//! Smart collection (Token > Energy's switches `setCollect` and `setEnergyPay`): a TRON token
//! sweep runs on energy lent from the provider's pool instead of TRX burnt from a top-up.
//!
//! 1. Waiting for collection, the sweep decided (its parts and their burn quotes): when the
//!    merchant has both switches on and the chain has an energy pool, each part's energy is
//!    simulated live. The address gets what its bandwidth needs (and its activation) by the
//!    usual top-up from the fee wallet, only far less of it. Energy it already holds is used as
//!    it is. Otherwise the TRX points for the energy are held (the rate card's Energy row: a
//!    fixed price a transfer), the collection waits for energy transaction (5) and the energy
//!    is delegated (recorded before its broadcast, `energy/pool.rs`).
//! 2. Waiting for energy transaction: once the chain shows the delegation and the address's
//!    energy covers the sweep, energy collecting (6), and the sweep is signed, its fee the
//!    bandwidth alone. A delegation not shown in time is tried again, [`MAX_TRIES`] in all;
//!    then, or when the points are short or the pool cannot spare the energy, the collection
//!    goes back to burning (its energy 0, the reason saying why), and the hold is voided.
//! 3. Energy collecting: the sweep settles as any other. Closing the collection makes its
//!    delegation due back in the same transaction (the janitor takes it back); the settlement
//!    round posts the points held once a delegation was shown, and voids them otherwise.
//!
//! Every sweep records what burning would have cost (`burn_fee`), so a collection shows what it
//! paid against it and Token > Energy the saving measured over 30 days.

use std::sync::Arc;

use super::executor::{SweepExecutor, SweepReport};
use super::split::Part;
use super::state::CollectionStatus::*;
use crate::amount::BaseUnits;
use crate::energy::orders::DelegationState;
use crate::energy::pool::{EnergyPool, Give, Owed, Shown};
use crate::error::AppResult;
use crate::points::ledger::{Fee, FeeHold};
use crate::points::{Cause, PointAsset};
use crate::ports::tron_resources::TronResources;
use crate::ports::{CollectionChange, CollectionRecord, SweepContext};
use crate::rates::{ChargeMode, Service};

/// Deliveries of one collection's energy tried before it burns instead.
pub const MAX_TRIES: usize = 3;

/// The parts' energy, simulated now, and what it would burn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PartsEnergy {
    pub per_part: Vec<u64>,
    pub price_sun: u64,
}

impl PartsEnergy {
    pub fn total(&self) -> u64 {
        self.per_part.iter().sum()
    }

    /// Each part's fee when its energy is there: its burn quote less the energy's burn.
    pub fn bandwidth_fees(&self, burn_fees: &[BaseUnits]) -> Vec<BaseUnits> {
        burn_fees
            .iter()
            .zip(&self.per_part)
            .map(|(fee, energy)| {
                let burnt = BaseUnits::from_u128(u128::from(*energy) * u128::from(self.price_sun));
                fee.checked_sub(burnt).unwrap_or(BaseUnits::ZERO)
            })
            .collect()
    }
}

/// What the smart path decided for a sweep about to be signed.
pub(super) enum OnEnergy {
    /// Not smart: burn as always.
    Burn,
    /// Sign the sweep with these fees (the energy is at the address).
    Sign(Vec<BaseUnits>),
    /// A top-up of `amount` for the bandwidth (and activation), its parts' `fee`.
    TopUp { amount: BaseUnits, fee: BaseUnits },
    /// Done for this round (the energy is on its way, or the collection moved).
    Done,
}

impl SweepExecutor {
    /// The pool and the chain's resources when the collection's sweep is to run on energy.
    async fn smart(
        &self,
        c: &CollectionRecord,
    ) -> AppResult<Option<(&Arc<EnergyPool>, &Arc<dyn TronResources>)>> {
        let (Some(pool), Some(resources)) = (self.energy.as_ref(), self.chains.tron_resources(c.chain_id))
        else {
            return Ok(None);
        };
        if c.token_id == 0 || c.energy == Some(0) {
            return Ok(None);
        }
        if c.status != EnergyCollecting {
            let switches = self.ports.energy_settings.smart_collection(c.merchant_id).await?;
            if !switches.uses_energy() || self.ports.energy.energy_account(c.chain_id).await?.is_none() {
                return Ok(None);
            }
        }
        Ok(Some((pool, resources)))
    }

    /// The energy of each part, simulated now.
    async fn parts_energy(
        &self,
        resources: &dyn TronResources,
        c: &CollectionRecord,
        ctx: &SweepContext,
        parts: &[Part],
    ) -> AppResult<PartsEnergy> {
        let contract = ctx.contract.clone().unwrap_or_default();
        let mut per_part = Vec::with_capacity(parts.len());
        for part in parts {
            per_part.push(
                resources
                    .transfer_energy(&contract, &c.address, &part.address, &part.amount)
                    .await?,
            );
        }
        Ok(PartsEnergy {
            per_part,
            price_sun: resources.energy_price_sun().await?,
        })
    }

    /// Step 1 and 2 of the module for a token sweep about to be signed: `burn_fees` are the
    /// parts' quotes when burning, `on_hand` the coin the address holds.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn on_energy(
        &self,
        c: &CollectionRecord,
        ctx: &SweepContext,
        chain: &dyn crate::ports::chain::ChainAdapter,
        parts: &[Part],
        burn_fees: &[BaseUnits],
        on_hand: BaseUnits,
        report: &mut SweepReport,
    ) -> AppResult<OnEnergy> {
        let Some((pool, resources)) = self.smart(c).await? else {
            return Ok(OnEnergy::Burn);
        };
        let energy = self.parts_energy(resources.as_ref(), c, ctx, parts).await?;
        let fees = energy.bandwidth_fees(burn_fees);
        if c.status == EnergyCollecting {
            return Ok(OnEnergy::Sign(fees));
        }
        let bandwidth = fees.iter().fold(BaseUnits::ZERO, |s, f| s.saturating_add(*f));
        let unactivated = chain.needs_activation(&c.address).await?;
        if unactivated || on_hand < bandwidth {
            // At least one sun: a transfer of TRX is what activates an address.
            let amount = super::sweep::with_margin(bandwidth)
                .checked_sub(on_hand)
                .unwrap_or(BaseUnits::ZERO)
                .max(BaseUnits::from_u128(1));
            return Ok(OnEnergy::TopUp {
                amount,
                fee: bandwidth,
            });
        }
        let holds = resources.account(&c.address).await?.energy_available();
        if holds >= energy.total() {
            return Ok(OnEnergy::Sign(fees));
        }
        let burn_fee = burn_fees
            .iter()
            .fold(BaseUnits::ZERO, |s, f| s.saturating_add(*f));
        let points = match self.hold_energy_points(c, parts.len()).await? {
            Ok(points) => points,
            Err(why) => {
                self.give_up_energy(c, &why).await?;
                return Ok(OnEnergy::Burn);
            }
        };
        let change = CollectionChange {
            from: vec![WaitingCollection],
            to: Some(WaitingEnergyTransaction),
            reason: Some("the provider's energy is being delegated to the address".into()),
            energy: Some(energy.total()),
            burn_fee: Some(burn_fee),
            energy_points: Some(points),
            ..CollectionChange::default()
        };
        if !self
            .ports
            .collection_steps
            .change_collection(c.id, &change, self.ports.clock.now())
            .await?
        {
            return Ok(OnEnergy::Done);
        }
        let waiting = CollectionRecord {
            status: WaitingEnergyTransaction,
            energy: Some(energy.total()),
            ..c.clone()
        };
        self.deliver_energy(pool, &waiting, holds, report).await?;
        Ok(OnEnergy::Done)
    }

    /// Holds the TRX points for `transfers` transfers' energy (keyed by the collection: a
    /// second call finds the hold). Err(why) when the points are short.
    async fn hold_energy_points(
        &self,
        c: &CollectionRecord,
        transfers: usize,
    ) -> AppResult<Result<i64, String>> {
        let now = self.ports.clock.now();
        let Some(rate) = self
            .fees
            .rates
            .in_force(c.merchant_id, Service::Energy, now)
            .await?
        else {
            return Ok(Ok(0));
        };
        let each = if rate.terms.mode == ChargeMode::Fixed {
            rate.terms.fixed
        } else {
            0
        };
        let amount = each.saturating_mul(transfers as i64);
        let fee = Fee {
            asset: PointAsset::Trx,
            amount,
            rate_id: Some(rate.id),
            postpaid: false,
            volume: None,
        };
        Ok(
            match self
                .fees
                .points
                .hold_fee(c.merchant_id, Cause::CollectionEnergy, c.id, fee)
                .await?
            {
                FeeHold::Free | FeeHold::Held => Ok(amount),
                FeeHold::Short { needed, spendable } => Err(crate::points::charges::short(needed, spendable)),
            },
        )
    }

    /// This collection burns TRX instead (its energy 0); the settlement voids a hold it made.
    async fn give_up_energy(&self, c: &CollectionRecord, why: &str) -> AppResult<()> {
        tracing::warn!(
            collection_id = c.id,
            reason = why,
            "smart collection given up; burning TRX"
        );
        let change = CollectionChange {
            from: vec![c.status],
            to: Some(WaitingCollection),
            reason: Some(format!("energy not used ({why}): TRX is burnt instead")),
            energy: Some(0),
            next_attempt_at: Some(self.ports.clock.now()),
            ..CollectionChange::default()
        };
        self.ports
            .collection_steps
            .change_collection(c.id, &change, self.ports.clock.now())
            .await?;
        Ok(())
    }

    /// Delegates what the address lacks of the sweep's energy (it `holds` some already).
    async fn deliver_energy(
        &self,
        pool: &EnergyPool,
        c: &CollectionRecord,
        holds: u64,
        report: &mut SweepReport,
    ) -> AppResult<()> {
        let tried = pool.ports.delegations.collection_delegations(c.id).await?.len();
        let owed = Owed {
            merchant_id: c.merchant_id,
            chain_id: c.chain_id,
            receiver: c.address.clone(),
            energy: c.energy.unwrap_or(0).saturating_sub(holds),
            order_id: 0,
            use_no: 0,
            collection_id: c.id,
            attempt: tried as i64 + 1,
        };
        if let Give::Wait(why) = pool.give(&owed, self.ports.clock.now()).await? {
            return self.give_up_energy(c, &why).await;
        }
        report.signed += 1;
        Ok(())
    }

    /// Waiting for energy transaction: the chain's word on the delegation moves it on.
    pub(super) async fn energy_arrival(
        &self,
        c: &CollectionRecord,
        steps: &[crate::ports::StepRecord],
        chain: &dyn crate::ports::chain::ChainAdapter,
        report: &mut SweepReport,
    ) -> AppResult<()> {
        let Some(pool) = self.energy.as_ref() else {
            return self.give_up_energy(c, "no energy pool is configured").await;
        };
        let needs = c.energy.unwrap_or(0);
        let delegations = pool.ports.delegations.collection_delegations(c.id).await?;
        let now = self.ports.clock.now();
        let delivered = match delegations.last() {
            Some(d) if d.state == DelegationState::Delegating => {
                let shown = pool.shown(d, needs, now).await?;
                pool.settle_shown(d, &shown, now).await?;
                match shown {
                    Shown::Delivered { .. } => true,
                    Shown::Pending => return Ok(()),
                    Shown::Failed(why) if delegations.len() >= MAX_TRIES => {
                        let why = format!("the energy did not arrive in {MAX_TRIES} tries: {why}");
                        return self.give_up_energy(c, &why).await;
                    }
                    Shown::Failed(_) => false,
                }
            }
            // Shown before a crash kept the collection from moving on.
            Some(d) if d.state == DelegationState::Delegated => true,
            // None yet (a crash after the change), or the last one failed: deliver (again).
            _ if delegations.len() >= MAX_TRIES => {
                return self
                    .give_up_energy(c, &format!("the energy did not arrive in {MAX_TRIES} tries"))
                    .await;
            }
            _ => false,
        };
        if !delivered {
            return self.deliver_energy(pool, c, 0, report).await;
        }
        let change = CollectionChange {
            from: vec![WaitingEnergyTransaction],
            to: Some(EnergyCollecting),
            reason: Some(String::new()),
            ..CollectionChange::default()
        };
        if !self
            .ports
            .collection_steps
            .change_collection(c.id, &change, now)
            .await?
        {
            return Ok(());
        }
        let collecting = CollectionRecord {
            status: EnergyCollecting,
            ..c.clone()
        };
        self.sign(&collecting, steps, chain, report).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_its_energy_a_part_pays_only_its_bandwidth() {
        let energy = PartsEnergy {
            per_part: vec![64_285, 130_285],
            price_sun: 100,
        };
        assert_eq!(energy.total(), 194_570);
        let burn = [
            BaseUnits::from_u128(6_428_500 + 345_000),
            BaseUnits::from_u128(13_028_500),
        ];
        assert_eq!(
            energy.bandwidth_fees(&burn),
            vec![BaseUnits::from_u128(345_000), BaseUnits::ZERO]
        );
        // A quote below the energy's burn (the price rose since) is no negative fee.
        assert_eq!(
            energy.bandwidth_fees(&[BaseUnits::from_u128(1)]),
            vec![BaseUnits::ZERO]
        );
    }
}

//! The supply round: while an order has uses left, within its days and at most its max daily
//! uses a merchant day, its receiver is kept supplied with the energy of its next transfer.
//!
//! One order at a time per node (leased), one step each visit:
//! - no delegation live: end the order when its days passed or its uses are spent (the points
//!   held are posted at what it used and the rest goes back); else activate the receiver first
//!   if it was bought, then delegate the next use (recorded in the delegation ledger before its
//!   transaction is broadcast), unless today's uses are spent (it waits for the next day);
//! - delivering: the delivery counts once the chain shows it, the delegation at least what the
//!   ledger says and the receiver's available energy at least one transfer's; a delivery the
//!   chain does not show within [`DELIVERY_TIMEOUT`] failed and charges nothing (three in a
//!   row fail the order, refunding what is not used);
//! - delivered: a use is counted when the receiver's used energy rose by a transfer's worth;
//!   the delegation is then no longer owed and the janitor takes it back.
//!
//! A failing order is logged and left for the next round; it holds up no other order.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use super::orders::{Delegation, DelegationState, EnergyOrder, EnergyOrderStatus};
pub use super::pool::{is_open, DELIVERY_TIMEOUT};
use super::pool::{EnergyPool, Give, Owed};
use super::provider::EnergyProvider;
use super::quote::EnergyQuotes;
use super::{EnergyStaking, EnergyTxKind, EnergyTxState};
use crate::error::AppResult;
use crate::points::ledger::PointsService;
use crate::points::{Cause, Resolution};
use crate::ports::{DelegationChange, EnergyOrderProgress};

/// Deliveries failed in a row that fail the order.
pub const MAX_FAILURES: i64 = 3;
/// How soon an order is looked at again while something is under way.
pub(super) const SOON: Duration = Duration::seconds(3);
/// How soon while it waits for the pool's energy or the receiver's next transfer.
pub(super) const LATER: Duration = Duration::seconds(15);

#[derive(Debug, Default, PartialEq, Eq)]
pub struct SupplyReport {
    pub delivered: usize,
    pub used: usize,
    pub ended: usize,
    pub failed: usize,
}

pub struct EnergySupply {
    pub quotes: Arc<EnergyQuotes>,
    pub staking: Arc<EnergyStaking>,
    pub provider: Arc<dyn EnergyProvider>,
    pub points: PointsService,
    pub owner: String,
    pub lease: Duration,
}

/// The order's merchant day at `now`: the date in its zone (whole hours east of UTC).
pub fn merchant_day(now: DateTime<Utc>, time_zone: i32) -> String {
    (now + Duration::hours(i64::from(time_zone)))
        .date_naive()
        .to_string()
}

/// When the merchant day after `now` starts, in UTC.
fn next_day(now: DateTime<Utc>, time_zone: i32) -> DateTime<Utc> {
    let offset = Duration::hours(i64::from(time_zone));
    let local = (now + offset).date_naive() + Duration::days(1);
    local.and_hms_opt(0, 0, 0).expect("midnight").and_utc() - offset
}

fn progress(order: &EnergyOrder, now: DateTime<Utc>) -> EnergyOrderProgress {
    EnergyOrderProgress {
        used: order.used,
        day: order.day.clone(),
        day_uses: order.day_uses,
        status: order.status,
        reason: order.reason.clone(),
        charged_points: order.charged_points,
        failures: order.failures,
        ended_at: order.ended_at,
        next_at: now + SOON,
    }
}

impl EnergySupply {
    pub async fn round(&self) -> AppResult<SupplyReport> {
        let ports = &self.quotes.ports;
        let now = ports.clock.now();
        let orders = ports
            .energy_orders
            .claim_orders(&self.owner, now, now + self.lease, 50)
            .await?;
        let mut report = SupplyReport::default();
        for order in orders {
            let mut step = progress(&order, now);
            if let Err(e) = self.step(&order, &mut step, &mut report, now).await {
                tracing::warn!(
                    order = order.id,
                    merchant = order.merchant_id,
                    "energy order step failed: {e:?}"
                );
                step = progress(&order, now);
                step.next_at = now + LATER;
            }
            if !ports
                .energy_orders
                .save_progress(order.id, &self.owner, &step, now)
                .await?
            {
                tracing::warn!(order = order.id, "energy order lease lost; another node has it");
            }
        }
        Ok(report)
    }

    async fn step(
        &self,
        order: &EnergyOrder,
        p: &mut EnergyOrderProgress,
        report: &mut SupplyReport,
        now: DateTime<Utc>,
    ) -> AppResult<()> {
        let ports = &self.quotes.ports;
        let delegations = ports.delegations.delegations_of(order.id).await?;
        let live = delegations
            .iter()
            .find(|d| matches!(d.state, DelegationState::Delegating | DelegationState::Delegated));
        let over = now >= order.ends_at || order.used >= order.times;
        match live {
            Some(d) if d.state == DelegationState::Delegating => {
                self.check_delivery(order, d, p, report, now).await?
            }
            Some(d) => self.watch_use(order, d, over, p, report, now).await?,
            None if over || p.failures >= MAX_FAILURES => {
                self.finish(order, p, now).await?;
                report.ended += 1;
            }
            None => self.give(order, &delegations, p, now).await?,
        }
        Ok(())
    }

    async fn give(
        &self,
        order: &EnergyOrder,
        delegations: &[Delegation],
        p: &mut EnergyOrderProgress,
        now: DateTime<Utc>,
    ) -> AppResult<()> {
        let ports = &self.quotes.ports;
        let zone = ports.config.merchant_settings(order.merchant_id).await?.time_zone;
        let today = merchant_day(now, zone);
        if p.day == today && p.day_uses >= order.max_daily {
            p.reason = "today's uses are spent: the next use comes tomorrow".into();
            p.next_at = next_day(now, zone).min(order.ends_at);
            return Ok(());
        }
        if ports
            .blacklist
            .is_blacklisted(order.merchant_id, order.chain_id, &order.receiver)
            .await?
        {
            p.status = EnergyOrderStatus::Invalid;
            p.reason = "the receiving address is on the blacklist".into();
            return self.finish(order, p, now).await;
        }
        if order.activate && !self.activated(order, p).await? {
            return Ok(());
        }
        let use_no = order.used + 1;
        let owed = Owed {
            merchant_id: order.merchant_id,
            chain_id: order.chain_id,
            receiver: order.receiver.clone(),
            energy: order.energy_per_use as u64,
            order_id: order.id,
            use_no,
            collection_id: 0,
            attempt: delegations.iter().filter(|d| d.use_no == use_no).count() as i64 + 1,
        };
        if let Give::Wait(why) = self.pool().give(&owed, now).await? {
            p.reason = format!("{why}; waiting");
            p.next_at = now + LATER;
            return Ok(());
        }
        p.reason = String::new();
        p.next_at = now + SOON;
        Ok(())
    }

    /// Whether the receiver exists on chain; activates it (once) when it does not.
    async fn activated(&self, order: &EnergyOrder, p: &mut EnergyOrderProgress) -> AppResult<bool> {
        let (chain, _) = self.quotes.tron(order.chain_id)?;
        if !chain.needs_activation(&order.receiver).await? {
            return Ok(true);
        }
        let sent = self
            .quotes
            .ports
            .energy
            .energy_txs_to(order.chain_id, &order.receiver, EnergyTxKind::Activate)
            .await?;
        if !sent.iter().any(|t| t.state != EnergyTxState::Failed) {
            self.staking.activate(order.chain_id, &order.receiver).await?;
        }
        p.reason = "activating the receiving address".into();
        Ok(false)
    }

    async fn watch_use(
        &self,
        order: &EnergyOrder,
        d: &Delegation,
        over: bool,
        p: &mut EnergyOrderProgress,
        report: &mut SupplyReport,
        now: DateTime<Utc>,
    ) -> AppResult<()> {
        let ports = &self.quotes.ports;
        let (_, resources) = self.quotes.tron(order.chain_id)?;
        let theirs = resources.account(&d.receiver).await?;
        // Used energy recovers linearly over 24 hours: what was used before the delegation
        // fades from the baseline the same way.
        let since = (now - d.verified_at.unwrap_or(now))
            .num_seconds()
            .clamp(0, 86_400) as u64;
        let baseline = d.baseline_used.saturating_mul(86_400 - since) / 86_400;
        let rise = theirs.energy_used.saturating_sub(baseline);
        let used = rise.saturating_mul(10) >= (order.min_use_energy as u64).saturating_mul(9);
        if !used && !over {
            p.next_at = now + LATER;
            return Ok(());
        }
        let mut change = DelegationChange::to(DelegationState::ReclaimDue, now);
        change.reclaim_after = Some(now);
        if used {
            change.used_at = Some(now);
        }
        if !ports
            .delegations
            .move_delegation(d.id, DelegationState::Delegated, &change)
            .await?
        {
            return Ok(());
        }
        if used {
            let zone = ports.config.merchant_settings(order.merchant_id).await?.time_zone;
            let today = merchant_day(now, zone);
            p.day_uses = if p.day == today { p.day_uses + 1 } else { 1 };
            p.day = today;
            p.used += 1;
            report.used += 1;
        }
        p.next_at = now + SOON;
        Ok(())
    }

    /// Ends the order: the points held are posted at the uses counted (and the activation, when
    /// it was made), the rest goes back.
    pub(super) async fn finish(
        &self,
        order: &EnergyOrder,
        p: &mut EnergyOrderProgress,
        now: DateTime<Utc>,
    ) -> AppResult<()> {
        let activated = order.activate
            && self
                .quotes
                .ports
                .energy
                .energy_txs_to(order.chain_id, &order.receiver, EnergyTxKind::Activate)
                .await?
                .iter()
                .any(|t| t.state == EnergyTxState::Done);
        let charged = p.used * order.price_per_use + if activated { order.activation_points } else { 0 };
        let charged = charged.min(order.total_points);
        let resolution = if charged > 0 {
            Resolution::Post(charged)
        } else {
            Resolution::Void
        };
        self.points
            .settle_fee(Cause::EnergyFee, order.id, resolution)
            .await?;
        if !p.status.ended() {
            p.status = if p.failures >= MAX_FAILURES {
                EnergyOrderStatus::Failed
            } else {
                EnergyOrderStatus::Successful
            };
        }
        p.charged_points = charged;
        p.ended_at = Some(now);
        p.next_at = now;
        tracing::info!(order = order.id, used = p.used, charged, status = ?p.status, "energy order ended");
        Ok(())
    }
}

impl EnergySupply {
    pub(super) fn pool(&self) -> EnergyPool {
        EnergyPool {
            ports: self.quotes.ports.clone(),
            chains: self.quotes.chains.clone(),
            staking: self.staking.clone(),
            provider: self.provider.clone(),
        }
    }
}

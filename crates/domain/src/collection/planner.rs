//! The planner: on each tick, for every asset whose automatic collection is on, opens the
//! collections its schedule says are due. Cheap when nothing is due: it reads the assets (a few
//! rows) and asks storage only for pairs at or above the minimum (an index range), never every
//! address, and it makes no node calls. The database decides who plans: a scheduled slot is
//! claimed once, and a pair has at most one open collection, so any number of processes may
//! tick at the same second.

use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::schedule::CollectMode;
use crate::amount::BaseUnits;
use crate::clock::Clock;
use crate::error::AppResult;
use crate::ports::{AutoCollectAsset, CollectTrigger, CollectionPlan, CollectionPlans, PlanOutcome};

/// What one tick did, for the log.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PlanReport {
    /// Runs this process claimed (scheduled slots) or made (on deposit, when it opened any).
    pub runs: u64,
    /// Collections opened.
    pub opened: u64,
    /// Assets skipped for a fault of their own (bad settings, a failed write): logged, held.
    pub failed: u64,
}

pub struct CollectionPlanner {
    plans: Arc<dyn CollectionPlans>,
    clock: Arc<dyn Clock>,
    /// The last slot this process saw planned per asset: later ticks of the same slot skip
    /// the database's refusal. Only a shortcut; the claim in the database is the guard.
    claimed: Mutex<HashMap<i64, DateTime<Utc>>>,
}

/// A run of `asset` now: a scheduled slot, every tick on deposit, or nothing yet.
pub fn due_run(
    asset: &AutoCollectAsset,
    now: DateTime<Utc>,
) -> Option<(CollectTrigger, Option<DateTime<Utc>>)> {
    match CollectMode::of(&asset.settings)? {
        CollectMode::OnDeposit => Some((CollectTrigger::OnDeposit, None)),
        mode => {
            let slot = mode.slot_at(asset.zone_hours, now)?;
            // A slot before the settings were saved belongs to the settings before them.
            (slot >= asset.saved_at).then_some((CollectTrigger::Scheduled, Some(slot)))
        }
    }
}

/// The smallest amount a pair must wait to be collected: the asset's minimum, at least one
/// base unit (a pair with nothing waiting is never swept).
pub fn minimum_of(asset: &AutoCollectAsset) -> Option<BaseUnits> {
    let minimum = BaseUnits::from_decimal(&asset.settings.min_collect_amount, asset.decimals).ok()?;
    Some(if minimum.is_zero() {
        BaseUnits::from_u128(1)
    } else {
        minimum
    })
}

impl CollectionPlanner {
    pub fn new(plans: Arc<dyn CollectionPlans>, clock: Arc<dyn Clock>) -> CollectionPlanner {
        CollectionPlanner {
            plans,
            clock,
            claimed: Mutex::new(HashMap::new()),
        }
    }

    /// One pass over the assets. An asset that fails is logged and counted; the others go on.
    pub async fn tick(&self) -> AppResult<PlanReport> {
        let now = self.clock.now();
        let mut report = PlanReport::default();
        for asset in self.plans.auto_collect_assets().await? {
            let Some((trigger, slot)) = due_run(&asset, now) else {
                continue;
            };
            if !asset.has_cold_address {
                // Nowhere to sweep to: nothing is opened until an operator approves a cold
                // address (Fund collection shows what waits meanwhile).
                continue;
            }
            if slot.is_some() && self.seen(asset.asset_id) == slot {
                continue;
            }
            let Some(minimum) = minimum_of(&asset) else {
                tracing::error!(
                    asset_id = asset.asset_id,
                    "collection skipped: its minimum amount is not a number"
                );
                report.failed += 1;
                continue;
            };
            let plan = CollectionPlan {
                asset_id: asset.asset_id,
                merchant_id: asset.merchant_id,
                chain_id: asset.chain_id,
                token_id: asset.token_id,
                decimals: asset.decimals,
                trigger,
                slot,
                minimum,
                addresses: None,
                created_by: None,
            };
            match self.plans.plan(&plan, now).await {
                Ok(outcome) => {
                    if let Some(slot) = slot {
                        self.remember(asset.asset_id, slot);
                    }
                    if let PlanOutcome::Planned { run_id, opened } = outcome {
                        report.runs += u64::from(run_id.is_some());
                        report.opened += opened;
                        if opened > 0 {
                            tracing::info!(
                                asset_id = asset.asset_id,
                                ?trigger,
                                ?slot,
                                opened,
                                "collections planned"
                            );
                        }
                    }
                }
                Err(err) => {
                    tracing::error!(asset_id = asset.asset_id, error = %err, "collection planning failed");
                    report.failed += 1;
                }
            }
        }
        Ok(report)
    }

    fn seen(&self, asset_id: i64) -> Option<DateTime<Utc>> {
        self.claimed.lock().ok()?.get(&asset_id).copied()
    }

    fn remember(&self, asset_id: i64, slot: DateTime<Utc>) {
        if let Ok(mut claimed) = self.claimed.lock() {
            claimed.insert(asset_id, slot);
        }
    }
}

#[cfg(test)]
mod tests;

use super::*;
use crate::clock::ManualClock;
use crate::error::AppError;
use crate::ports::CollectSettings;
use chrono::{Duration, TimeZone};

fn utc(d: u32, h: u32, mi: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, d, h, mi, 0).unwrap()
}

fn asset(asset_id: i64, collect_type: i32, start_time: &str, zone_hours: i32) -> AutoCollectAsset {
    AutoCollectAsset {
        asset_id,
        merchant_id: 7,
        chain_id: 1,
        token_id: 101,
        decimals: 6,
        zone_hours,
        settings: CollectSettings {
            auto_collect: true,
            collect_type,
            start_time: start_time.into(),
            interval_hours: 6,
            min_collect_amount: "10".into(),
            min_split_amount: "100".into(),
        },
        saved_at: utc(1, 0, 0),
        has_cold_address: true,
    }
}

/// Plans as a store would: a slot once per asset; asset 666 fails.
#[derive(Default)]
struct Plans {
    assets: Vec<AutoCollectAsset>,
    calls: Mutex<Vec<CollectionPlan>>,
}

#[async_trait::async_trait]
impl CollectionPlans for Plans {
    async fn auto_collect_assets(&self) -> AppResult<Vec<AutoCollectAsset>> {
        Ok(self.assets.clone())
    }

    async fn plan(&self, plan: &CollectionPlan, _now: DateTime<Utc>) -> AppResult<PlanOutcome> {
        if plan.asset_id == 666 {
            return Err(AppError::internal("the database refused this asset"));
        }
        let mut calls = self.calls.lock().unwrap();
        let taken = plan.slot.is_some()
            && calls
                .iter()
                .any(|c| c.asset_id == plan.asset_id && c.slot == plan.slot);
        calls.push(plan.clone());
        Ok(if taken {
            PlanOutcome::SlotTaken
        } else {
            PlanOutcome::Planned {
                run_id: plan.slot.map(|_| calls.len() as i64),
                opened: 2,
            }
        })
    }
}

fn planner(
    assets: Vec<AutoCollectAsset>,
    now: DateTime<Utc>,
) -> (CollectionPlanner, Arc<Plans>, Arc<ManualClock>) {
    let plans = Arc::new(Plans {
        assets,
        ..Default::default()
    });
    let clock = Arc::new(ManualClock::new(now));
    (CollectionPlanner::new(plans.clone(), clock.clone()), plans, clock)
}

#[tokio::test]
async fn daily_at_midnight_at_utc_plus_13_plans_at_11_utc_the_day_before_once() {
    // 10:59 UTC on the 24th is 23:59 on the 24th at UTC+13: the 24th's run was at 11:00 on
    // the 23rd.
    let (planner, plans, clock) = planner(vec![asset(1, 1, "00:00", 13)], utc(24, 10, 59));
    planner.tick().await.unwrap();
    assert_eq!(plans.calls.lock().unwrap()[0].slot, Some(utc(23, 11, 0)));
    // The same slot again: not even asked.
    planner.tick().await.unwrap();
    assert_eq!(plans.calls.lock().unwrap().len(), 1);
    // 11:00 UTC: midnight of the 25th there, the next run.
    clock.advance(Duration::minutes(1));
    let report = planner.tick().await.unwrap();
    let calls = plans.calls.lock().unwrap();
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[1].slot, Some(utc(24, 11, 0)));
    assert_eq!(calls[1].trigger, CollectTrigger::Scheduled);
    assert_eq!(
        calls[1].minimum,
        BaseUnits::from_u128(10_000_000),
        "10 in base units of 6 decimals"
    );
    assert_eq!(report.runs, 1);
    assert_eq!(report.opened, 2);
}

#[tokio::test]
async fn a_slot_before_the_settings_were_saved_is_not_run() {
    let mut a = asset(1, 1, "00:00", 0);
    a.saved_at = utc(24, 9, 30);
    let (planner, plans, clock) = planner(vec![a], utc(24, 10, 0));
    planner.tick().await.unwrap();
    assert!(
        plans.calls.lock().unwrap().is_empty(),
        "today's 00:00 came before the change"
    );
    clock.advance(Duration::hours(14));
    planner.tick().await.unwrap();
    assert_eq!(plans.calls.lock().unwrap()[0].slot, Some(utc(25, 0, 0)));
}

#[tokio::test]
async fn on_deposit_plans_on_every_tick_without_a_slot() {
    let (planner, plans, _) = planner(vec![asset(1, 3, "00:00", 0)], utc(24, 10, 0));
    planner.tick().await.unwrap();
    planner.tick().await.unwrap();
    let calls = plans.calls.lock().unwrap();
    assert_eq!(calls.len(), 2);
    assert!(calls
        .iter()
        .all(|c| c.slot.is_none() && c.trigger == CollectTrigger::OnDeposit));
}

#[tokio::test]
async fn a_failing_asset_is_counted_and_the_others_are_planned() {
    let mut bad_minimum = asset(2, 3, "00:00", 0);
    bad_minimum.settings.min_collect_amount = "ten".into();
    let assets = vec![asset(666, 3, "00:00", 0), bad_minimum, asset(3, 3, "00:00", 0)];
    let (planner, plans, _) = planner(assets, utc(24, 10, 0));
    let report = planner.tick().await.unwrap();
    assert_eq!(report.failed, 2);
    assert_eq!(report.opened, 2);
    assert_eq!(plans.calls.lock().unwrap()[0].asset_id, 3);
}

#[tokio::test]
async fn an_asset_without_a_cold_address_plans_nothing() {
    let mut no_cold = asset(1, 3, "00:00", 0);
    no_cold.has_cold_address = false;
    let (planner, plans, _) = planner(vec![no_cold, asset(2, 3, "00:00", 0)], utc(24, 10, 0));
    assert_eq!(
        planner.tick().await.unwrap().failed,
        0,
        "not a fault: it waits for its cold address"
    );
    let calls = plans.calls.lock().unwrap();
    assert_eq!(calls.iter().map(|c| c.asset_id).collect::<Vec<_>>(), vec![2]);
}

#[test]
fn a_minimum_of_zero_still_needs_one_unit_waiting() {
    let mut a = asset(1, 3, "00:00", 0);
    a.settings.min_collect_amount = "0".into();
    assert_eq!(minimum_of(&a), Some(BaseUnits::from_u128(1)));
    a.settings.min_collect_amount = "0.5".into();
    assert_eq!(minimum_of(&a), Some(BaseUnits::from_u128(500_000)));
}

//! Issue 14, the home overview's "what is held": a worker reads the balances of the merchants'
//! hot wallets and cold addresses from the chain on a schedule. A node that is down holds only
//! its own chain's rows, and two processes never read the same row at once.

use chrono::{Duration, Utc};
use coffer_chain::devchain::USDT_CONTRACT;
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::Clock;
use coffer_domain::ports::chain::Asset;
use coffer_domain::ports::{AssetRepo, AssetStatus, BalanceReadings, BalanceTarget, BalanceWork, Holder};
use coffer_domain::wallets::balances::{BalanceReader, BalanceReport, BalanceSettings};
use coffer_store::entities::cold_address;
use coffer_testkit::{each_database, TestDb};
use sea_orm::{ActiveModelTrait, Set};
use serde_json::json;
use std::collections::BTreeSet;
use std::sync::Arc;

use crate::assets::COLD_A;
use crate::chains::EVM;
use crate::helpers::{spawn_app, spawn_app_with, TestApp};
use crate::wallets::{demo_merchant, offline_chains};

const DEV: i64 = 1337;
const DEV_USDT: i64 = 1;
const EVERY: Duration = Duration::minutes(5);

/// The balance worker of this app, as `coffer serve` builds it (its own lease name).
pub fn reader(app: &TestApp, owner: &str) -> BalanceReader {
    BalanceReader {
        ports: app.scanner.ports.clone(),
        work: Arc::new(app.store.clone()),
        chains: app.scanner.chains.clone(),
        settings: BalanceSettings {
            every: EVERY,
            batch: 100,
            lease: Duration::minutes(5),
        },
        owner: owner.into(),
    }
}

/// The merchant's readings as (holder, address, token, decimal amount, read at).
pub(crate) async fn readings(
    app: &TestApp,
) -> Vec<(Holder, String, Option<i64>, String, chrono::DateTime<Utc>)> {
    let merchant = demo_merchant(app).await;
    let mut rows: Vec<_> = app
        .store
        .balances(merchant)
        .await
        .unwrap()
        .into_iter()
        .map(|r| {
            let amount = r.amount.to_decimal(r.decimals as u8);
            (r.holder, r.address, r.token_id, amount, r.read_at)
        })
        .collect();
    rows.sort();
    rows
}

async fn fund(app: &TestApp, address: &str, asset: Asset, amount: &str, decimals: u8) {
    let units = BaseUnits::from_decimal(amount, decimals).unwrap();
    app.devchain.fund(address, &asset, units).await.unwrap();
}

fn usdt() -> Asset {
    Asset::Token {
        contract: USDT_CONTRACT.into(),
    }
}

/// The demo merchant accepting devchain USDT from a new hot wallet, with one cold address for
/// it; the hot wallet and the asset id.
async fn hot_and_cold(app: &TestApp) -> (String, i64) {
    let token = app.sign_in_demo().await;
    let hot = app.accept_token(&token, DEV, DEV_USDT).await;
    let merchant = demo_merchant(app).await;
    let asset = app.store.assets(merchant, Some(DEV)).await.unwrap()[0].id;
    // Cold addresses come through an approved request (tested in assets.rs); here the row.
    cold_address::ActiveModel {
        merchant_id: Set(merchant),
        asset_id: Set(asset),
        address: Set(COLD_A.into()),
        ratio: Set("1".into()),
        request_id: Set(0),
        created_at: Set(app.clock.now()),
        ..Default::default()
    }
    .insert(app.store.connection())
    .await
    .unwrap();
    (hot, asset)
}

async fn hot_wallets_and_cold_addresses_are_read_on_a_schedule(db: TestDb) {
    let app = spawn_app(db).await;
    let (hot, asset) = hot_and_cold(&app).await;
    fund(&app, &hot, Asset::Native, "2", 18).await;
    fund(&app, &hot, usdt(), "7.5", 6).await;
    fund(&app, COLD_A, usdt(), "12", 6).await;
    app.devchain.mine().await.unwrap();
    assert!(
        readings(&app).await.is_empty(),
        "nothing is shown before it is read"
    );

    let worker = reader(&app, "process-a");
    let report = worker.step().await.unwrap();
    assert_eq!(
        (report.inserted, report.read, report.failed),
        (3, 3, 0),
        "{report:?}"
    );
    let first = app.clock.now();
    assert_eq!(
        readings(&app).await,
        vec![
            (Holder::HotWallet, hot.clone(), None, "2".into(), first),
            (
                Holder::HotWallet,
                hot.clone(),
                Some(DEV_USDT),
                "7.5".into(),
                first
            ),
            (Holder::Cold, COLD_A.into(), Some(DEV_USDT), "12".into(), first),
        ]
    );

    // Money moves; the readings are not due yet, then they are.
    fund(&app, COLD_A, usdt(), "3", 6).await;
    app.devchain.mine().await.unwrap();
    app.clock.advance(Duration::minutes(1));
    assert_eq!(worker.step().await.unwrap(), BalanceReport::default());
    assert_eq!(
        readings(&app).await[2].3,
        "12",
        "the last reading until the next is due"
    );
    app.clock.advance(EVERY);
    assert_eq!(worker.step().await.unwrap().read, 3);
    let cold = readings(&app).await[2].clone();
    assert_eq!((cold.3.as_str(), cold.4), ("15", app.clock.now()));

    // A disabled asset is no longer followed: its token's rows go, the native coin's stays.
    let merchant = demo_merchant(&app).await;
    app.store
        .set_asset_status(merchant, asset, AssetStatus::Disabled)
        .await
        .unwrap();
    assert_eq!(worker.step().await.unwrap().deleted, 2);
    let left: Vec<_> = readings(&app).await.into_iter().map(|r| (r.0, r.2)).collect();
    assert_eq!(left, vec![(Holder::HotWallet, None)]);
}

async fn a_chain_whose_node_is_down_holds_only_its_rows(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let token = app.sign_in_demo().await;
    let dev_hot = app.accept_token(&token, DEV, DEV_USDT).await;
    let added = app.wallets(&token).add_hot(json!({"chainId": EVM})).await;
    assert_eq!(added.code(), 1, "{:?}", added.body);
    fund(&app, &dev_hot, usdt(), "4", 6).await;
    app.devchain.mine().await.unwrap();

    let worker = reader(&app, "process-a");
    let report = worker
        .step()
        .await
        .expect("a node that is down is not the round's failure");
    assert_eq!((report.read, report.failed), (2, 1), "{report:?}");
    let shown: BTreeSet<(String, Option<i64>, String)> = readings(&app)
        .await
        .into_iter()
        .map(|r| (r.1, r.2, r.3))
        .collect();
    assert_eq!(
        shown,
        BTreeSet::from([
            (dev_hot.clone(), None, "0".into()),
            (dev_hot.clone(), Some(DEV_USDT), "4".into()),
        ]),
        "the devchain's rows are read; the EVM wallet's is not shown, never having been read"
    );
    // The EVM row is tried again after a minute, the devchain's wait for their interval.
    app.clock.advance(Duration::seconds(61));
    let again = worker.step().await.unwrap();
    assert_eq!((again.read, again.failed), (0, 1), "{again:?}");
}

async fn two_processes_never_claim_the_same_reading(db: TestDb) {
    let app = spawn_app(db).await;
    let merchant = demo_merchant(&app).await;
    let targets: Vec<BalanceTarget> = (0..40)
        .map(|i| BalanceTarget {
            merchant_id: merchant,
            chain_id: DEV,
            address: format!("0x{:040x}", i + 1),
            token_id: None,
            holder: Holder::HotWallet,
            decimals: 18,
        })
        .collect();
    let now = app.clock.now();
    let store = app.store.clone();
    assert_eq!(store.sync_readings(&targets, now).await.unwrap(), (40, 0));
    assert_eq!(
        store.sync_readings(&targets, now).await.unwrap(),
        (0, 0),
        "kept in step, not duplicated"
    );
    let until = now + Duration::minutes(5);
    let (a, b) = tokio::join!(
        store.claim_due_readings("process-a", now, until, 40),
        store.claim_due_readings("process-b", now, until, 40),
    );
    let a: BTreeSet<i64> = a.unwrap().iter().map(|r| r.id).collect();
    let b: BTreeSet<i64> = b.unwrap().iter().map(|r| r.id).collect();
    assert!(
        a.is_disjoint(&b),
        "a row claimed by both: {:?}",
        a.intersection(&b)
    );
    assert_eq!(a.len() + b.len(), 40);
    assert!(store
        .claim_due_readings("process-c", now, until, 40)
        .await
        .unwrap()
        .is_empty());
    // A reading by a process that no longer holds the row is not written.
    let (row, not_its_holder) = match a.iter().next() {
        Some(row) => (*row, "process-b"),
        None => (*b.iter().next().unwrap(), "process-a"),
    };
    let written = store
        .record_reading(row, not_its_holder, BaseUnits::from_u128(1), now, now + EVERY)
        .await
        .unwrap();
    assert!(!written);
    // A crashed process's rows are taken up once its lease has run out.
    let later = until + Duration::seconds(1);
    let retaken = store
        .claim_due_readings("process-c", later, later + Duration::minutes(5), 40)
        .await
        .unwrap();
    assert_eq!(retaken.len(), 40);
}

each_database!(
    hot_wallets_and_cold_addresses_are_read_on_a_schedule,
    a_chain_whose_node_is_down_holds_only_its_rows,
    two_processes_never_claim_the_same_reading,
);

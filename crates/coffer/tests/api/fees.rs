//! What work costs in points, end to end on the devchain: a payment fee held before the order
//! is signed and posted once when it completes, refused at the door (20001) when points cannot
//! cover it, an order that finds its points gone waiting with the reason and going on by
//! itself; a collection fee held before the collection's first transaction, the collection
//! waiting for points while the deposit stays credited, posted once when it is collected. After
//! each, `ledger verify`'s checks hold.

use std::sync::Arc;

use chrono::Duration;
use coffer_domain::clock::Clock;
use coffer_domain::points::verify::differences;
use coffer_domain::points::{
    AccountRef, Cause, LedgerOp, NewTransfer, Origin, PointAsset, TransferKind, POINT_UNITS,
};
use coffer_domain::ports::{LedgerAudit, PointsLedger, Ports};
use coffer_domain::rates::Service;
use coffer_testkit::{each_database, TestDb};
use serde_json::json;

use crate::collection_sweep::{collections, mine, opened_collection, save_fees, sweep};
use crate::helpers::{spawn_app_with, TestApp};
use crate::wallets::{demo_merchant, offline_chains};
use crate::withdrawals::{detail, payer, withdraw};

/// The operator's rate for the service: a fixed fee in points, prepaid.
pub(crate) async fn fixed_fee(app: &TestApp, merchant: i64, service: Service, points: &str) {
    set_rate(
        app,
        merchant,
        service,
        json!({"mode": "fixed", "fixed": points, "pay": "prepaid"}),
    )
    .await;
}

/// The operator's rate for the service from now on, as `[billing]` spells it.
pub async fn set_rate(app: &TestApp, merchant: i64, service: Service, terms: serde_json::Value) {
    let card = coffer::rates::rate_card(
        &app.config,
        Ports::all_from(Arc::new(app.store.clone()), app.clock.clone()),
    );
    let text: coffer::rates::RateText = serde_json::from_value(terms).unwrap();
    app.clock.advance(Duration::seconds(1));
    card.set(merchant, service, text.terms(service).unwrap(), app.clock.now())
        .await
        .unwrap();
}

/// USDT points given (or taken back) by the operator under `reference`.
pub async fn grant(app: &TestApp, merchant: i64, units: i64, reference: &str) {
    grant_in(app, PointAsset::Usdt, merchant, units, reference).await
}

/// Points of `asset` given (or taken back) by the operator under `reference`.
pub async fn grant_in(app: &TestApp, asset: PointAsset, merchant: i64, units: i64, reference: &str) {
    let (debit, credit, amount) = match units >= 0 {
        true => (AccountRef::Grants, AccountRef::Merchant(merchant), units),
        false => (AccountRef::Merchant(merchant), AccountRef::Grants, -units),
    };
    let op = LedgerOp::Transfer(NewTransfer {
        key: format!("grant:{merchant}:{reference}"),
        asset,
        debit,
        credit,
        amount,
        cause: Cause::Grant,
        hold_until: None,
        origin: Origin::default(),
        at: app.clock.now(),
    });
    let outcome = app.store.apply(&[op]).await.unwrap();
    assert!(outcome[0].transfer().is_some(), "{outcome:?}");
}

/// The merchant's USDT points: (available, held).
pub(crate) async fn points(app: &TestApp, merchant: i64) -> (i64, i64) {
    let b = app
        .store
        .balance(AccountRef::Merchant(merchant), PointAsset::Usdt)
        .await
        .unwrap();
    (b.available(), b.debits_pending)
}

pub(crate) async fn ledger_holds(app: &TestApp) {
    let found = differences(&app.store.ledger_facts().await.unwrap());
    assert!(found.is_empty(), "{found:?}");
}

async fn a_payment_fee_is_held_before_signing_and_posted_once(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "100").await;
    let merchant = demo_merchant(&app).await;
    fixed_fee(&app, merchant, Service::PaymentFee, "2").await;

    // No points: refused at the door with its own code; nothing is stored.
    let refused = withdraw(&app, &p, "10", json!({})).await;
    assert_eq!(refused.code(), 20001, "{:?}", refused.body);
    assert!(refused.body["msg"]
        .as_str()
        .unwrap()
        .contains("Points insufficient"));

    grant(&app, merchant, 3 * POINT_UNITS, "T-1").await;
    let asked = withdraw(&app, &p, "10", json!({})).await;
    assert_eq!(asked.code(), 1, "{:?}", asked.body);
    let id = asked.data()["id"].clone();
    let report = app.executor.step().await.unwrap();
    assert_eq!(report.signed, 1, "{report:?}");
    assert_eq!(
        points(&app, merchant).await,
        (POINT_UNITS, 2 * POINT_UNITS),
        "held when signed"
    );
    // The next order's fee is not covered by what is left: refused at once.
    assert_eq!(withdraw(&app, &p, "1", json!({})).await.code(), 20001);

    // Settling before the order ends changes nothing; once complete, posted once.
    assert_eq!(app.settler.round().await.unwrap().posted, 0);
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
        app.executor.step().await.unwrap();
    }
    assert_eq!(detail(&app, &p.token, &id).await["status"], 8);
    // Until the settlement round runs, verify names the hold its ended work left open.
    let found = differences(&app.store.ledger_facts().await.unwrap());
    assert_eq!(
        found,
        vec![format!(
            "fee fee:withdrawal:{id}: its work ended with the hold open"
        )]
    );
    assert_eq!(app.settler.round().await.unwrap().posted, 1);
    assert_eq!(app.settler.round().await.unwrap().posted, 0);
    assert_eq!(points(&app, merchant).await, (POINT_UNITS, 0));
    let revenue = app
        .store
        .balance(AccountRef::Revenue, PointAsset::Usdt)
        .await
        .unwrap();
    assert_eq!(revenue.posted(), 2 * POINT_UNITS);
    let key = format!("fee:withdrawal:{id}");
    let hold = app.store.transfer_by_key(&key).await.unwrap().unwrap();
    assert!(
        hold.origin.rate_id.is_some(),
        "the hold names the rate row it was charged at"
    );
    let post = app
        .store
        .transfer_by_key(&format!("{key}/post"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((post.kind, post.amount), (TransferKind::Post, 2 * POINT_UNITS));
    ledger_holds(&app).await;
}

async fn an_order_whose_points_are_gone_waits_and_goes_on_by_itself(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "100").await;
    let merchant = demo_merchant(&app).await;
    fixed_fee(&app, merchant, Service::PaymentFee, "2").await;
    grant(&app, merchant, 2 * POINT_UNITS, "T-1").await;
    let asked = withdraw(&app, &p, "10", json!({})).await;
    assert_eq!(asked.code(), 1, "{:?}", asked.body);
    let id = asked.data()["id"].clone();
    // The points are spent elsewhere before the order is paid.
    grant(&app, merchant, -2 * POINT_UNITS, "T-2").await;
    let report = app.executor.step().await.unwrap();
    assert_eq!(report.signed, 0, "{report:?}");
    let waiting = detail(&app, &p.token, &id).await;
    assert_eq!(waiting["status"], 4, "{waiting}");
    let reason = waiting["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("points insufficient: the fee is 2 points, 0 available"),
        "{reason}"
    );
    // Recharged: the next attempt pays it, holding the fee then.
    grant(&app, merchant, 5 * POINT_UNITS, "T-3").await;
    app.clock.advance(Duration::minutes(2));
    assert_eq!(app.executor.step().await.unwrap().signed, 1);
    assert_eq!(points(&app, merchant).await, (3 * POINT_UNITS, 2 * POINT_UNITS));
    ledger_holds(&app).await;
}

async fn a_collection_fee_waits_for_points_and_is_posted_once_when_collected(db: TestDb) {
    let app = crate::collection_plan::app(db).await;
    let merchant = demo_merchant(&app).await;
    fixed_fee(&app, merchant, Service::CollectionFee, "1").await;
    let (token, secret, hot_id, hot, _) = opened_collection(&app, "20").await;
    assert_eq!(save_fees(&app, &token, &secret, Some(hot_id), "").await.code(), 1);
    app.devchain
        .fund(
            &hot,
            &coffer_domain::ports::chain::Asset::Native,
            coffer_domain::amount::BaseUnits::from_decimal("1", 18).unwrap(),
        )
        .await
        .unwrap();
    mine(&app, 1).await;

    // No points: the collection waits with the reason, nothing is signed; the deposit stays
    // credited (collections wait, deposits never do).
    let report = sweep(&app).await;
    assert_eq!((report.signed, report.held), (0, 1), "{report:?}");
    let row = &collections(&app, &token).await[0];
    assert!(
        row["reason"].as_str().unwrap().starts_with("points insufficient"),
        "{row}"
    );
    assert_eq!(
        crate::collection_sweep::in_deposit_addresses(&app, &token).await,
        "20"
    );

    grant(&app, merchant, 3 * POINT_UNITS / 2, "T-1").await;
    app.clock.advance(Duration::minutes(2));
    let report = sweep(&app).await;
    assert_eq!(report.signed, 1, "the top-up: {report:?}");
    assert_eq!(points(&app, merchant).await, (POINT_UNITS / 2, POINT_UNITS));
    mine(&app, 3).await;
    sweep(&app).await;
    sweep(&app).await;
    mine(&app, 3).await;
    assert_eq!(sweep(&app).await.collected, 1);
    assert_eq!(app.settler.round().await.unwrap().posted, 1);
    assert_eq!(app.settler.round().await.unwrap().posted, 0);
    assert_eq!(points(&app, merchant).await, (POINT_UNITS / 2, 0));
    ledger_holds(&app).await;
}

each_database!(
    a_payment_fee_is_held_before_signing_and_posted_once,
    an_order_whose_points_are_gone_waits_and_goes_on_by_itself,
    a_collection_fee_waits_for_points_and_is_posted_once_when_collected,
);

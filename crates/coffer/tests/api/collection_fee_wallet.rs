//! One fee wallet tops up many deposit addresses and pays withdrawals: what its top-ups not yet
//! in a block will spend is not counted twice. With coin for one top-up only, the second
//! collection and a withdrawal wait saying why, sign nothing, and go on once it is funded.

use coffer_chain::devchain;
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::Asset;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::collection_plan::{app, deposit, tick};
use crate::collection_sweep::{collecting, collections, dev, mine, save_fees, sweep, Collecting};
use crate::deposits::usdt;
use crate::withdrawals::{detail as withdrawal, units as units_of, withdraw, Payer};

fn decimal(v: BaseUnits) -> String {
    v.to_decimal(18)
}

fn units(v: BaseUnits) -> u128 {
    v.0.to::<u128>()
}

async fn steps(app: &crate::helpers::TestApp, token: &str, row: &Value) -> Vec<Value> {
    let found = app.collection(token).detail(json!({"id": row["id"]})).await;
    assert_eq!(found.code(), 1, "{:?}", found.body);
    found.data()["steps"].as_array().unwrap().clone()
}

async fn top_ups_from_one_wallet_never_count_the_same_coin_twice(db: TestDb) {
    let app = app(db).await;
    let Collecting {
        token,
        secret,
        merchant,
        hot,
        hot_id,
    } = collecting(&app).await;
    deposit(&app, merchant, "user-1", "20").await;
    deposit(&app, merchant, "user-2", "30").await;
    assert_eq!(tick(&app).await.opened, 2);
    let saved = save_fees(&app, &token, &secret, Some(hot_id), "").await;
    assert_eq!(saved.code(), 1, "{:?}", saved.body);

    // Coin for one top-up and its own fee, and not quite one more fee: not for two top-ups,
    // nor a top-up and a withdrawal.
    let fee = devchain::fee();
    let top_up = BaseUnits::from_u128(units(fee) * 105 / 100);
    let one = units(top_up) + units(fee);
    let left = units(fee) - 1;
    app.devchain
        .fund(&hot, &Asset::Native, BaseUnits::from_u128(one + left))
        .await
        .unwrap();
    app.devchain.fund(&hot, &usdt(), units_of("5")).await.unwrap();
    mine(&app, 1).await;
    let report = sweep(&app).await;
    assert_eq!((report.signed, report.held), (1, 1), "{report:?}");
    let rows = collections(&app, &token).await;
    let (waiting, topped): (Vec<&Value>, Vec<&Value>) = rows.iter().partition(|r| r["status"] == 7);
    assert_eq!((waiting.len(), topped.len()), (1, 1), "{rows:?}");
    assert_eq!(topped[0]["status"], 3);
    let why = format!(
        "the fee wallet holds {}, the top-up needs {} with its own fee",
        decimal(BaseUnits::from_u128(left)),
        decimal(BaseUnits::from_u128(one))
    );
    assert_eq!(waiting[0]["reason"].as_str(), Some(why.as_str()), "{rows:?}");
    assert_eq!(steps(&app, &token, waiting[0]).await, Vec::<Value>::new());
    let payer = Payer {
        token: token.clone(),
        google: secret.clone(),
        hot: hot.clone(),
    };
    let asked = withdraw(&app, &payer, "1", json!({})).await;
    assert_eq!(asked.code(), 1, "{:?}", asked.body);
    let id = asked.data()["id"].clone();
    app.executor.step().await.unwrap();
    let order = withdrawal(&app, &token, &id).await;
    assert_eq!(order["status"], 4, "waiting for funds: {order}");
    let reason = order["reason"].as_str().unwrap();
    assert!(
        reason.contains("no normal hot wallet holds the amount and the fee"),
        "{reason}"
    );

    // Once the wallet has the coin, the second is topped up and both are collected, each
    // with one top-up and one sweep, none refused by the chain.
    app.devchain.fund(&hot, &Asset::Native, dev("1")).await.unwrap();
    for _ in 0..6 {
        mine(&app, 3).await;
        sweep(&app).await;
        app.executor.step().await.unwrap();
    }
    assert_eq!(withdrawal(&app, &token, &id).await["status"], 8, "paid");
    for row in collections(&app, &token).await {
        assert_eq!(row["status"], 1, "collected: {row}");
        let kinds: Vec<(i64, i64)> = steps(&app, &token, &row)
            .await
            .iter()
            .map(|s| (s["kind"].as_i64().unwrap(), s["state"].as_i64().unwrap()))
            .collect();
        assert_eq!(kinds, vec![(1, 4), (3, 4)], "{row}");
    }
}

each_database!(top_ups_from_one_wallet_never_count_the_same_coin_twice);

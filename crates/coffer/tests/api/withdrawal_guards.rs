//! What the probe found in withdrawals: amounts without a bound whose sum stopped every
//! merchant's payouts, one bad order stopping the executor's round, and payouts to the
//! merchant's own addresses coming back as an end user's deposit.

use coffer_testkit::{each_database, TestDb};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};

use crate::console::paging;
use crate::deposits::with;
use crate::helpers::{spawn_app_with, TestApp, OTHER_EMAIL, OTHER_PASSWORD};
use crate::wallets::{demo_merchant, google_code, list, offline_chains};
use crate::withdrawals::{detail, integration, merchant_withdraw, payer, payer_as, withdraw, DEV, PAYEE};

/// 2^255 base units: two of them sum past 2^256 - 1.
const HALF_OF_U256: &str = "57896044618658097711785492504343953926634992332820282019728792003956564819968";

async fn total_withdrawals(app: &TestApp, token: &str) -> Value {
    let listed = app
        .withdrawals(token)
        .page(with(crate::deposits::range(app), paging(1, 100)))
        .await;
    assert_eq!(listed.code(), 1, "{:?}", listed.body);
    listed.data()["total"].clone()
}

async fn amounts_are_bounded_and_exact_at_the_door(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "100").await;
    let m = integration(&app, &p).await;
    let order = |no: &str, amount: &str| json!({"merchantOrderNo": no, "chainId": DEV, "tokenId": 1, "toAddress": PAYEE, "amount": amount});
    let too_large = "The amount is too large: at most 999,999,999,999,999 per order";
    let cases = [
        (order("big-1", HALF_OF_U256), too_large),
        (order("big-2", &format!("{HALF_OF_U256}0")), too_large),
        (order("big-3", "1000000000000000"), too_large),
        (order("ws-1", " 5"), "Invalid amount"),
        (order("ws-2", "5 "), "Invalid amount"),
        (order("ws-3", "5\n"), "Invalid amount"),
        (order("ws-4", "1 000"), "Invalid amount"),
    ];
    for (body, msg) in cases {
        let refused = merchant_withdraw(&app, &m, body.clone()).await;
        let code = if msg == too_large { 16001 } else { 10422 };
        assert_eq!(refused.code_and_msg(), (code, msg), "{body}");
    }
    let console = withdraw(&app, &p, "1000000000000000", json!({})).await;
    assert_eq!(console.code_and_msg(), (16001, too_large));
    assert_eq!(
        total_withdrawals(&app, &p.token).await,
        0,
        "refused requests store nothing"
    );

    let largest = merchant_withdraw(&app, &m, order("largest", "999999999999999.999999")).await;
    assert_eq!(largest.code(), 1, "{:?}", largest.body);
    assert_eq!(largest.data()["amount"], "999999999999999.999999");
}

/// Orders stored before the bound existed (written here straight into the database): their
/// sum overflowed 256 bits, the executor's round failed at the first of them, and nobody's
/// orders moved. Now they are held for review, the unreadable one is set aside, and another
/// merchant's order is paid in the same round.
async fn a_bad_order_is_held_and_every_other_order_moves(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "100").await;
    app.store.seed_demo(OTHER_EMAIL, OTHER_PASSWORD).await.unwrap();
    let q = payer_as(&app, OTHER_EMAIL, OTHER_PASSWORD, "100").await;

    let mut poisoned = Vec::new();
    for _ in 0..3 {
        let asked = withdraw(&app, &p, "1", json!({})).await;
        assert_eq!(asked.code(), 1, "{:?}", asked.body);
        poisoned.push(asked.data()["id"].as_i64().unwrap());
    }
    let sql = |text: String| Statement::from_string(app.store.connection().get_database_backend(), text);
    for (id, amount) in [
        (poisoned[0], HALF_OF_U256),
        (poisoned[1], HALF_OF_U256),
        (poisoned[2], "not a number"),
    ] {
        app.store
            .connection()
            .execute(sql(format!(
                "UPDATE withdrawal SET amount = '{amount}' WHERE id = {id}"
            )))
            .await
            .unwrap();
    }
    let theirs = withdraw(&app, &q, "5", json!({})).await;
    assert_eq!(theirs.code(), 1, "{:?}", theirs.body);
    let theirs = theirs.data()["id"].clone();

    let report = app.executor.step().await.expect("the round goes on");
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    assert_eq!(
        detail(&app, &q.token, &theirs).await["status"],
        6,
        "the other merchant is paid"
    );

    for id in &poisoned[..2] {
        let held = detail(&app, &p.token, &json!(id)).await;
        assert_eq!(held["status"], 1, "{held}");
        assert_eq!(held["riskReasons"], json!(["amount_over_order_bound"]));
        assert_eq!(
            held["reason"],
            "Held: the amount is above what one order may move"
        );
    }
    let unreadable = app
        .store
        .connection()
        .query_one(sql(format!(
            "SELECT status, reason FROM withdrawal WHERE id = {}",
            poisoned[2]
        )))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(unreadable.try_get::<i32>("", "status").unwrap(), 0);
    assert!(unreadable
        .try_get::<String>("", "reason")
        .unwrap()
        .starts_with("Held: the stored order"));

    // The held orders are rejected from the console like any order awaiting review.
    let rejected = app
        .withdrawals(&p.token).check(json!({"ids": &poisoned[..2], "action": 2, "reason": "Not ours", "googleCode": google_code(&app, &p.google)}))
        .await;
    assert_eq!(rejected.code(), 1, "{:?}", rejected.body);
    for id in &poisoned[..2] {
        assert_eq!(detail(&app, &p.token, &json!(id)).await["status"], 3);
    }
    // Later rounds still go on (the unreadable one is not claimed again for an hour).
    app.devchain.mine().await.unwrap();
    app.executor.step().await.expect("the next round goes on too");
    assert_eq!(detail(&app, &q.token, &theirs).await["status"], 7);
}

/// A payout to the merchant's own deposit, hot or cold address would come back credited as an
/// end user's deposit, with a callback: refused, nothing stored.
async fn payouts_to_own_addresses_are_refused(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "100").await;
    let m = integration(&app, &p).await;
    let merchant = demo_merchant(&app).await;
    let deposit = app.deposit_address(merchant, DEV, "user-1").await;
    let cold = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    let asset = app.assets(&p.token).list_all().await;
    let asset_id = asset.data()[0]["id"].clone();
    let requested = app
        .assets(&p.token)
        .request_cold_address(
            json!({"assetId": asset_id, "coldAddresses": [{"address": cold, "ratio": "1"}],
                   "googleCode": google_code(&app, &p.google)}),
        )
        .await;
    assert_eq!(requested.code(), 1, "{:?}", requested.body);
    let requests = app.assets(&p.token).token_requests(paging(1, 10)).await;
    let request_id = list(&requests)[0]["id"].as_i64().unwrap();
    assert!(app
        .wallets
        .review_token_request(request_id, true, "")
        .await
        .unwrap());

    let own = "This is one of your own deposit, hot wallet or cold addresses; moving funds between your own addresses is done by collection";
    for (n, to) in [
        deposit.clone(),
        deposit.to_lowercase(),
        p.hot.clone(),
        cold.to_string(),
    ]
    .iter()
    .enumerate()
    {
        let body = json!({"merchantOrderNo": format!("own-{n}"), "chainId": DEV, "tokenId": 1, "toAddress": to, "amount": "1"});
        let refused = merchant_withdraw(&app, &m, body).await;
        assert_eq!(refused.code_and_msg(), (14002, own), "{to}");
        let console = withdraw(&app, &p, "1", json!({"toAddress": to})).await;
        assert_eq!(console.code_and_msg(), (14002, own), "{to}");
    }
    assert_eq!(total_withdrawals(&app, &p.token).await, 0);
}

/// Two payouts that together exceed the wallet: the second waits for funds (4) instead of being
/// signed against a balance the first will spend, and failing on chain.
async fn signed_unmined_payouts_are_reserved(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "10").await;
    let mut ids = Vec::new();
    for _ in 0..2 {
        let asked = withdraw(&app, &p, "6", json!({})).await;
        assert_eq!(asked.code(), 1, "{:?}", asked.body);
        ids.push(asked.data()["id"].clone());
    }
    let report = app.executor.step().await.unwrap();
    assert_eq!(
        (report.screened, report.signed, report.failed),
        (2, 1, 0),
        "{report:?}"
    );
    let first = detail(&app, &p.token, &ids[0]).await;
    let second = detail(&app, &p.token, &ids[1]).await;
    assert_eq!(first["status"], 6);
    assert_eq!(second["status"], 4, "{second}");
    assert!(second["reason"]
        .as_str()
        .unwrap()
        .contains("no normal hot wallet holds the amount and the fee"));

    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
        app.executor.step().await.unwrap();
    }
    assert_eq!(detail(&app, &p.token, &ids[0]).await["status"], 8);
    app.clock.advance(chrono::Duration::seconds(61));
    app.executor.step().await.unwrap();
    assert_eq!(
        detail(&app, &p.token, &ids[1]).await["status"],
        4,
        "4 USDT left: still waiting"
    );

    // Topped up: paid, and nothing ever failed.
    app.devchain
        .fund(&p.hot, &crate::deposits::usdt(), crate::withdrawals::units("2"))
        .await
        .unwrap();
    app.devchain.mine().await.unwrap();
    app.clock.advance(chrono::Duration::seconds(61));
    let report = app.executor.step().await.unwrap();
    assert_eq!(report.signed, 1, "{report:?}");
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
        app.executor.step().await.unwrap();
    }
    assert_eq!(detail(&app, &p.token, &ids[1]).await["status"], 8);
}

each_database!(
    signed_unmined_payouts_are_reserved,
    amounts_are_bounded_and_exact_at_the_door,
    a_bad_order_is_held_and_every_other_order_moves,
    payouts_to_own_addresses_are_refused,
);

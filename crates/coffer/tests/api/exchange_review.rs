//! An exchange whose payout is at or above the merchant's review amount: the payout withdrawal
//! waits in the review queue while the exchange stays "paying out" (never held a second time, so
//! no second payout can be decided); the reviewer's reject sends the payment back to its payer,
//! the reviewer's pass pays it out.

use chrono::Duration;
use coffer_chain::devchain::DEV_MNEMONIC;
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
use coffer_domain::ports::{OrderStatus, WithdrawalSource};
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::balance_readings::reader;
use crate::deposits::{scan, usdt};
use crate::exchange_pairs::{save, set_fixed, DEV, DEV_USDT};
use crate::exchange_round::{confirm, pay_out, round, stored, withdrawal, PAYER};
use crate::helpers::{spawn_app, TestApp};
use crate::helpers::{DEMO_EMAIL, DEMO_PASSWORD};
use crate::merchant_signing::{integrate, Integration};
use crate::wallets::{demo_merchant, google_code};

fn dev(amount: &str) -> BaseUnits {
    BaseUnits::from_decimal(amount, 18).unwrap()
}

fn usdt_units(amount: &str) -> BaseUnits {
    BaseUnits::from_decimal(amount, 6).unwrap()
}

/// The demo merchant with a DEV -> USDT pair at a fixed 1000 (990 after the spread), its
/// payout wallet holding 5000 USDT, and an exchange of 2 DEV paid to the end user's exchange
/// address, confirmed and decided: its id.
async fn a_large_exchange(app: &TestApp) -> (Integration, i64) {
    let me = integrate(app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;
    let hot = app.accept_token(&me.token, DEV, DEV_USDT).await;
    let pair = save(
        app,
        &me.token,
        json!({"chainId": DEV, "tokenIn": null, "tokenOut": DEV_USDT, "enabled": true,
               "spreadBp": 100, "toleranceBp": 50, "minIn": "0.1", "maxIn": "10", "dailyLimit": "0",
               "payoutWallet": hot, "outsideRule": 1, "googleCode": google_code(app, &me.google)}),
    )
    .await;
    let merchant = demo_merchant(app).await;
    set_fixed(app, merchant, pair, "1000").await;
    app.devchain
        .fund(&hot, &usdt(), usdt_units("5000"))
        .await
        .unwrap();
    app.devchain.fund(&hot, &Asset::Native, dev("1")).await.unwrap();
    app.devchain.mine().await.unwrap();
    reader(app, "process-a").step().await.unwrap();

    let pay = app
        .wallets
        .exchange_address(merchant, DEV, "user-9")
        .await
        .unwrap()
        .address;
    let chain = &app.devchain;
    let seed = coffer_chain::keys::seed(DEV_MNEMONIC, "").unwrap();
    let player = chain.derive(&seed, KeyPurpose::Deposit, 0).unwrap();
    assert_eq!(player.address, PAYER);
    chain.fund(PAYER, &Asset::Native, dev("3")).await.unwrap();
    chain.mine().await.unwrap();
    let request = TransferRequest {
        from: PAYER.into(),
        to: pay,
        asset: Asset::Native,
        amount: dev("2"),
        nonce: None,
    };
    let signed = chain.sign_transfer(&player.secret, &request).await.unwrap();
    chain.broadcast(&signed).await.unwrap();
    chain.mine().await.unwrap();
    scan(app).await;
    assert_eq!(round(app).await.linked, 1);
    confirm(app).await;
    assert_eq!(round(app).await.paying_out, 1);
    (me, 1)
}

async fn withdrawal_status(app: &TestApp, id: Option<i64>) -> OrderStatus {
    withdrawal(app, id).await.status
}

fn review(app: &TestApp, me: &Integration, id: i64, action: i32) -> Value {
    json!({"ids": [id], "action": action, "reason": "Not this one", "googleCode": google_code(app, &me.google)})
}

async fn a_payout_in_review_keeps_its_exchange_paying_out_and_a_reject_refunds_it(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, id) = a_large_exchange(&app).await;
    let paying = stored(&app, id).await;
    assert_eq!(paying.order.amount_out, usdt_units("1980"));
    let payout = paying.withdrawal_id;

    // The executor's checks put the payout in the review queue.
    app.executor.step().await.unwrap();
    assert_eq!(withdrawal_status(&app, payout).await, OrderStatus::AwaitingReview);
    round(&app).await;
    assert_eq!(
        stored(&app, id).await.order.status,
        OrderStatus::Passed,
        "still paying out"
    );
    let detail = app
        .post_as(&me.token, "/api/v2/exchange/detail", json!({"id": id}))
        .await;
    assert_eq!(detail.data()["status"], json!(2), "{:?}", detail.body);
    assert_eq!(detail.data()["payout"]["status"], json!(1));
    // Not held: a person cannot decide a second payout for it.
    app.clock.advance(Duration::seconds(31));
    let check = json!({"id": id, "action": 1, "googleCode": google_code(&app, &me.google)});
    let refused = app.post_as(&me.token, "/api/v2/exchange/check", check).await;
    assert_eq!(refused.code(), 15001, "{:?}", refused.body);

    // The reviewer rejects the payout: the payment goes back to its payer.
    app.clock.advance(Duration::seconds(31));
    let rejected = app
        .withdrawals(&me.token)
        .check(review(&app, &me, payout.unwrap(), 2))
        .await;
    assert_eq!(rejected.code(), 1, "{:?}", rejected.body);
    assert_eq!(round(&app).await.refunding, 1);
    let refunding = stored(&app, id).await;
    assert_eq!(refunding.order.status, OrderStatus::Refunding);
    assert!(
        refunding.reason.starts_with("payout_failed"),
        "{}",
        refunding.reason
    );
    let refund = withdrawal(&app, refunding.refund_id).await;
    assert_eq!(
        (
            refund.source,
            refund.amount,
            refund.token_id,
            refund.to_address.as_str()
        ),
        (WithdrawalSource::ExchangeRefund, dev("2"), None, PAYER)
    );
    assert_eq!(
        withdrawal(&app, payout).await.tx_hash,
        "",
        "the rejected payout never went out"
    );
}

async fn a_payout_passed_by_its_reviewer_completes_the_exchange(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, id) = a_large_exchange(&app).await;
    let payout = stored(&app, id).await.withdrawal_id;
    app.executor.step().await.unwrap();
    assert_eq!(withdrawal_status(&app, payout).await, OrderStatus::AwaitingReview);

    app.clock.advance(Duration::seconds(31));
    let passed = app
        .withdrawals(&me.token)
        .check(review(&app, &me, payout.unwrap(), 1))
        .await;
    assert_eq!(passed.code(), 1, "{:?}", passed.body);
    pay_out(&app).await;
    assert_eq!(round(&app).await.completed, 1);
    assert_eq!(stored(&app, id).await.order.status, OrderStatus::Complete);
    assert_eq!(
        app.devchain.spendable(PAYER, &usdt()).await.unwrap(),
        usdt_units("1980")
    );
}

each_database!(
    a_payout_in_review_keeps_its_exchange_paying_out_and_a_reject_refunds_it,
    a_payout_passed_by_its_reviewer_completes_the_exchange,
);

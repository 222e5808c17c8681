//! A held exchange decided by a person (`/api/v2/exchange/check`, button 20402, the Google
//! code): paid out at the price read now, or its payment sent back; refused for a stopped price,
//! a payer that may not be paid, another merchant's order, a role without the button, no
//! session, a wrong code, or an order no longer held. A refusal changes nothing.

use chrono::Duration;
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::{OrderStatus, WithdrawalRepo, WithdrawalSource};
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::exchange_orders::{order, quoted, ready, PAYEE};
use crate::exchange_pairs::{pairs, save, set_fixed, usdt_to_dev};
use crate::exchange_round::{confirm, round, stored, PAYER};
use crate::helpers::{spawn_app, TestApp};
use crate::merchant_signing::Integration;
use crate::wallets::{demo_merchant, google_code};

const CHECK: &str = "/api/v2/exchange/check";

fn check(app: &TestApp, me: &Integration, id: i64, action: i32) -> Value {
    json!({"id": id, "action": action, "googleCode": google_code(app, &me.google)})
}

/// An exchange held for review: the pair holds what is outside its rules, and the order's
/// payment came after its quote when the price had slipped 20%. Its id.
async fn held(app: &TestApp, me: &Integration, hot: &str) -> i64 {
    let merchant = demo_merchant(app).await;
    let pair = pairs(app, &me.token).await[0]["id"].as_i64().unwrap();
    app.clock.advance(Duration::seconds(31)); // a fresh Google code
    let mut terms = usdt_to_dev(app, &me.google, hot);
    terms["id"] = json!(pair);
    terms["outsideRule"] = json!(2);
    save(app, &me.token, terms).await;
    let body = json!({"merchantOrderNo": "ex-held", "quoteId": quoted(app, me).await, "openId": "user-7",
                      "amountIn": "100", "minAmountOut": "0", "payoutAddress": PAYEE});
    let placed = order(app, me, &body).await;
    let id = placed.data()["id"].as_i64().unwrap();
    app.clock.advance(Duration::seconds(31));
    set_fixed(app, merchant, pair, "2.0").await;
    crate::exchange_round::pay_usdt(app, placed.data()["payAddress"].as_str().unwrap(), "100").await;
    confirm(app).await;
    assert_eq!(round(app).await.held, 1);
    assert_eq!(stored(app, id).await.order.status, OrderStatus::AwaitingReview);
    app.clock.advance(Duration::seconds(31)); // the next Google code
    id
}

async fn a_person_pays_a_held_exchange_out_at_the_price_now(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, hot) = ready(&app).await;
    let id = held(&app, &me, &hot).await;

    let decided = app.post_as(&me.token, CHECK, check(&app, &me, id, 1)).await;
    assert_eq!(decided.code(), 1, "{:?}", decided.body);
    // 2.0 less the 1% spread: 1.98 DEV per USDT.
    assert_eq!(
        (
            &decided.data()["status"],
            &decided.data()["amountOut"],
            &decided.data()["rate"]
        ),
        (&json!(2), &json!("198"), &json!("1.98"))
    );
    let paying = stored(&app, id).await;
    assert!(paying.order.price.repriced);
    assert_eq!(paying.reason, "");
    let merchant = demo_merchant(&app).await;
    let payout = app
        .store
        .withdrawal(merchant, paying.withdrawal_id.unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (payout.source, payout.amount, payout.to_address.as_str()),
        (
            WithdrawalSource::Exchange,
            BaseUnits::from_decimal("198", 18).unwrap(),
            PAYEE
        )
    );
    // Decided once: a second decision finds it no longer held.
    app.clock.advance(Duration::seconds(31));
    let again = app.post_as(&me.token, CHECK, check(&app, &me, id, 2)).await;
    assert_eq!(again.code(), 15001, "{:?}", again.body);
    assert_eq!(stored(&app, id).await.refund_id, None);
}

async fn a_person_sends_a_held_payment_back(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, hot) = ready(&app).await;
    let id = held(&app, &me, &hot).await;
    let decided = app.post_as(&me.token, CHECK, check(&app, &me, id, 2)).await;
    assert_eq!(decided.code(), 1, "{:?}", decided.body);
    let refunding = stored(&app, id).await;
    assert_eq!(refunding.order.status, OrderStatus::Refunding);
    let merchant = demo_merchant(&app).await;
    let refund = app
        .store
        .withdrawal(merchant, refunding.refund_id.unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (refund.source, refund.to_address.as_str()),
        (WithdrawalSource::ExchangeRefund, PAYER)
    );
    assert_eq!(refunding.withdrawal_id, None);
}

async fn refusals_leave_a_held_exchange_held(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, hot) = ready(&app).await;
    let id = held(&app, &me, &hot).await;
    let merchant = demo_merchant(&app).await;

    let wrong_code = json!({"id": id, "action": 1, "googleCode": "000000"});
    assert_ne!(app.post_as(&me.token, CHECK, wrong_code).await.code(), 1);
    let bad_action = app.post_as(&me.token, CHECK, check(&app, &me, id, 3)).await;
    assert_eq!(bad_action.code(), 10422, "{:?}", bad_action.body);
    // The price stopped: never paid out at an old one.
    let pair = pairs(&app, &me.token).await[0]["id"].as_i64().unwrap();
    crate::exchange_pairs::set_none(&app, merchant, pair).await;
    let stopped = app.post_as(&me.token, CHECK, check(&app, &me, id, 1)).await;
    assert_eq!(stopped.code(), 22001, "{:?}", stopped.body);
    // Another merchant's order is none of theirs; a role without 20402, or no session, nothing.
    let other = app.other_merchant().await;
    let theirs = app
        .post_as(
            &other,
            CHECK,
            json!({"id": id, "action": 2, "googleCode": "123456"}),
        )
        .await;
    assert_eq!(theirs.code(), 17001, "{:?}", theirs.body);
    let viewer = app
        .operator("trade@coffer.local", "Trade-Pass-2026", &[2, 204])
        .await;
    app.assert_gated(&viewer, CHECK, &check(&app, &me, id, 2), "20402")
        .await;

    let after = stored(&app, id).await;
    assert_eq!(after.order.status, OrderStatus::AwaitingReview);
    assert_eq!((after.withdrawal_id, after.refund_id), (None, None));
    // Home says an exchange waits for a person.
    let home = app.reports(&me.token).home(json!({})).await;
    assert_eq!(
        home.data()["waiting"]["exchangesHeld"],
        json!(1),
        "{:?}",
        home.body
    );
    // Since the hour it was created in (the list opened from Home reaches back to it).
    let hour = after.created_at.format("%Y-%m-%dT%H:00:00Z").to_string();
    assert_eq!(home.data()["waiting"]["exchangesHeldSince"], json!(hour));
}

each_database!(
    a_person_pays_a_held_exchange_out_at_the_price_now,
    a_person_sends_a_held_payment_back,
    refusals_leave_a_held_exchange_held,
);

//! The hourly order buckets seen from outside: the console's totals and page counts read from
//! them are the ones read from the rows (the same orders selected by a filter the buckets
//! answer and by one they cannot), and `coffer admin rollup verify | rebuild` (the real
//! binary) on the service's database.

use chrono::Duration;
use coffer_domain::amount::BaseUnits;
use coffer_domain::callbacks::events::CallbackEvents;
use coffer_domain::clock::Clock;
use coffer_domain::ports::{
    InsertOutcome, NewWithdrawal, OrderStatus, Transition, WithdrawalRepo, WithdrawalSource,
};
use coffer_store::entities::{order_rollup, order_total};
use coffer_testkit::{each_database, TestDb};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use std::process::Output;

use crate::deposits::{merchant_ready, scan, with, DEV};
use crate::helpers::{spawn_app, stdout, TestApp};
use crate::receiver::Receiver;
use crate::wallets::demo_merchant;

/// A withdrawal of the demo merchant, written as the service writes it, moved to `status`.
pub(crate) async fn withdrawal(app: &TestApp, amount: &str, status: OrderStatus) {
    let merchant_id = demo_merchant(app).await;
    let new = NewWithdrawal {
        merchant_id,
        merchant_order_no: None,
        source: WithdrawalSource::MerchantApi,
        open_id: "user-1".into(),
        security_code: String::new(),
        chain_id: DEV,
        token_id: Some(1),
        decimals: 6,
        requested_from: None,
        to_address: "0x00000000000000000000000000000000000000AA".into(),
        amount: BaseUnits::from_decimal(amount, 6).unwrap(),
        required_confirmations: 1,
        remark: String::new(),
        created_by: None,
        created_by_email: String::new(),
    };
    let now = app.clock.now();
    let InsertOutcome::Inserted(w) = app.store.insert_withdrawal(&new, now).await.unwrap() else {
        panic!("a new withdrawal");
    };
    if status != OrderStatus::New {
        let change = Transition {
            from: vec![OrderStatus::New],
            to: status,
            ..Default::default()
        };
        let events = CallbackEvents::new(vec![], app.clock.clone());
        app.store
            .transition(w.id, &change, now, &events)
            .await
            .unwrap()
            .unwrap();
    }
}

/// Whole hours (what the buckets answer), and a start a second later (what they cannot): no
/// order lies in that second, so both select the same orders. The hours are whole whatever
/// the clock reads (mining moves it on).
pub(crate) fn ranges(app: &TestApp) -> (Value, Value) {
    let now = app.clock.now().timestamp();
    let hour = chrono::DateTime::from_timestamp(now - now.rem_euclid(3600), 0).unwrap();
    let (start, end) = (hour - Duration::hours(24), hour + Duration::hours(24));
    let whole = json!({"start": start.to_rfc3339(), "end": end.to_rfc3339()});
    let odd = json!({"start": (start + Duration::seconds(1)).to_rfc3339(), "end": end.to_rfc3339()});
    (whole, odd)
}

async fn list_totals_are_the_same_from_buckets_and_rows(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app(db).await;
    let token = merchant_ready(&app, &receiver).await;
    let merchant = demo_merchant(&app).await;
    for (user, amount) in [("user-1", "2"), ("user-2", "3.5"), ("user-3", "0.001")] {
        let address = app
            .wallets
            .deposit_address(merchant, DEV, user)
            .await
            .unwrap()
            .address;
        app.send_usdt(&address, amount).await;
    }
    app.devchain.mine().await.unwrap();
    scan(&app).await;
    withdrawal(&app, "1.25", OrderStatus::New).await;
    withdrawal(&app, "4", OrderStatus::Rejected).await;
    withdrawal(&app, "0.5", OrderStatus::Passed).await;

    let (whole, odd) = ranges(&app);
    let text = with(whole.clone(), json!({"address": "0x"}));
    let deposits = app.deposits(&token);
    let withdrawals = app.withdrawals(&token);
    let summaries = [
        deposits.summary(whole.clone()).await,
        withdrawals.summary(whole.clone()).await,
    ];
    assert_eq!(summaries[0].data()["count"], 3, "{:?}", summaries[0]);
    assert_eq!(summaries[1].data()["count"], 3, "{:?}", summaries[1]);
    assert_eq!(
        summaries[1].data()["outcomes"]["rejected"]["totals"][0]["amount"],
        "4"
    );
    for rows in [&odd, &text] {
        assert_eq!(
            deposits.summary(rows.clone()).await.body,
            summaries[0].body,
            "{rows}"
        );
        assert_eq!(
            withdrawals.summary(rows.clone()).await.body,
            summaries[1].body,
            "{rows}"
        );
    }
    // A status filter, by the buckets and by the rows.
    let rejected = |range: &Value| with(range.clone(), json!({"status": 3}));
    assert_eq!(
        withdrawals.summary(rejected(&whole)).await.body,
        withdrawals.summary(rejected(&text)).await.body
    );
    // The page's count, by the buckets and by the rows; the rows of the page alike.
    let page = |range: &Value| with(range.clone(), json!({"page": 1, "pageSize": 2}));
    let by_buckets = withdrawals.page(page(&whole)).await;
    assert_eq!(by_buckets.data()["total"], 3);
    assert_eq!(withdrawals.page(page(&odd)).await.body, by_buckets.body);
    assert_eq!(withdrawals.page(page(&text)).await.body, by_buckets.body);
    let by_buckets = deposits.page(page(&whole)).await;
    assert_eq!(by_buckets.data()["total"], 3);
    assert_eq!(deposits.page(page(&text)).await.body, by_buckets.body);
}

/// `coffer admin rollup <what>` on the app's database.
fn rollup(app: &TestApp, what: &str) -> Output {
    app.admin(&["rollup", what])
}

/// What `verify` prints when everything agrees (no deposit: no credit for collection).
const AGREED: &str = "2 buckets agree with the orders.\n0 credits for collection agree with the deposits.\n";

async fn the_admin_command_verifies_and_rebuilds_the_buckets(db: TestDb) {
    let app = spawn_app(db).await;
    withdrawal(&app, "1", OrderStatus::New).await;
    withdrawal(&app, "2", OrderStatus::New).await;
    withdrawal(&app, "7", OrderStatus::Rejected).await;

    let agreed = rollup(&app, "verify");
    assert_eq!(agreed.status.code(), Some(0), "{agreed:?}");
    assert_eq!(stdout(&agreed), AGREED);

    // The New bucket's amount changed behind the service's back.
    let merchant = demo_merchant(&app).await;
    order_rollup::Entity::update_many()
        .col_expr(order_rollup::Column::Amount, Expr::value("3000001"))
        .filter(order_rollup::Column::MerchantId.eq(merchant))
        .filter(order_rollup::Column::Status.eq(OrderStatus::New as i32))
        .exec(app.store.connection())
        .await
        .unwrap();
    // And the all-time total of the rejected ones.
    order_total::Entity::update_many()
        .col_expr(order_total::Column::OrderCount, Expr::value(5))
        .filter(order_total::Column::MerchantId.eq(merchant))
        .filter(order_total::Column::Status.eq(OrderStatus::Rejected as i32))
        .exec(app.store.connection())
        .await
        .unwrap();
    let differs = rollup(&app, "verify");
    assert_eq!(differs.status.code(), Some(1), "{differs:?}");
    assert_eq!(
        stdout(&differs),
        format!(
            "merchant {merchant} Withdrawal hour 2026-11-22T08:00:00+00:00 chain {DEV} token 1 status 0 credited true: \
             stored count 2 amount 3000001 fee 0, recomputed count 2 amount 3000000 fee 0\n\
             merchant {merchant} Withdrawal hour all-time chain {DEV} token 1 status {rejected} credited true: \
             stored count 5 amount 7000000 fee 0, recomputed count 1 amount 7000000 fee 0\n",
            rejected = OrderStatus::Rejected as i32,
        )
    );
    let stderr = String::from_utf8_lossy(&differs.stderr);
    assert!(stderr.contains("2 buckets differ from the orders"), "{stderr}");

    let rebuilt = rollup(&app, "rebuild");
    assert_eq!(rebuilt.status.code(), Some(0), "{rebuilt:?}");
    assert_eq!(stdout(&rebuilt), "Rebuilt 2 buckets from the orders.\n");
    let agreed = rollup(&app, "verify");
    assert_eq!(
        (agreed.status.code(), stdout(&agreed)),
        (Some(0), AGREED.to_string())
    );
}

each_database!(
    list_totals_are_the_same_from_buckets_and_rows,
    the_admin_command_verifies_and_rebuilds_the_buckets,
);

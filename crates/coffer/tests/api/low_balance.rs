//! Low balance: below the `[points]` threshold each enabled admin of the merchant gets one
//! e-mail per crossing, however many rounds run and race on however many nodes; back above and
//! below again mails again; nobody else is mailed; a threshold of 0 is off. Home's points call
//! shows both balances with the threshold and the warning, for the caller's merchant only.

use std::sync::Arc;

use coffer_domain::clock::Clock;
use coffer_domain::mail::Mail;
use coffer_domain::mail_sender::MailSender;
use coffer_domain::points::low_balance::LowBalanceRound;
use coffer_domain::points::{PointAsset, POINT_UNITS};
use coffer_domain::ports::{LowBalanceRepo, Ports};
use coffer_store::admin::OutboxMailer;
use coffer_store::entities::{app_user, role};
use coffer_testkit::{each_database, TestDb};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::{json, Value};

use crate::fees::{grant, grant_in};
use crate::helpers::{fields, spawn_app_with, TestApp, DEMO_EMAIL, OTHER_EMAIL};
use crate::wallets::demo_merchant;

const HOME_POINTS: &str = "/api/partner/home/points";
const SECOND_ADMIN: &str = "second-admin@coffer.local";
const VIEWER: &str = "viewer@coffer.local";
const PASSWORD: &str = "Viewer-Pass-2026";

/// USDT points low below 10; TRX points never (0).
async fn app(db: TestDb) -> TestApp {
    spawn_app_with(db, |config| {
        config.points.low_usdt = "10".into();
        config.points.low_trx = "0".into();
    })
    .await
}

/// The low-balance notices mailed to `email` (sign-in codes go to the same outbox).
async fn notices(app: &TestApp, email: &str) -> Vec<String> {
    app.mails_to(email)
        .await
        .into_iter()
        .filter(|mail| mail.subject.contains("points low"))
        .map(|mail| format!("{}\n{}", mail.subject, mail.body))
        .collect()
}

/// Every queued mail delivered.
async fn deliver(app: &TestApp) {
    app.mail_sender.round().await.unwrap();
}

/// A second enabled admin of the demo merchant (the admin role, as the seed's own user).
async fn second_admin(app: &TestApp, merchant: i64) {
    let user = app
        .store
        .add_user(DEMO_EMAIL, SECOND_ADMIN, PASSWORD, &[])
        .await
        .unwrap();
    let admin_role = role::Entity::find()
        .filter(role::Column::MerchantId.eq(merchant))
        .filter(role::Column::IsAdmin.eq(true))
        .one(app.store.connection())
        .await
        .unwrap()
        .unwrap();
    app_user::Entity::update(app_user::ActiveModel {
        id: Set(user),
        role_id: Set(admin_role.id),
        ..Default::default()
    })
    .exec(app.store.connection())
    .await
    .unwrap();
}

/// Another node's round and mail sender on its own pool, as a second `coffer serve` has.
async fn another_node(app: &TestApp) -> (LowBalanceRound, MailSender) {
    let store = coffer::app::open_store(&app.config).await.unwrap();
    let ports = Ports::all_from(Arc::new(store.clone()), app.clock.clone());
    let round = LowBalanceRound {
        ports: ports.clone(),
        thresholds: app.config.points.low_balance(),
    };
    let sender = MailSender {
        ports,
        mailer: Arc::new(OutboxMailer::new(store)),
        owner: "another-node/mail".into(),
        lease: app.config.workers.lease(),
    };
    (round, sender)
}

async fn home_points(app: &TestApp, session: &str) -> Value {
    let answer = app.post_as(session, HOME_POINTS, json!({})).await;
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
    answer.data().clone()
}

/// Each balance's `[asset, available, threshold, low]`.
fn standing(home: &Value) -> Vec<Value> {
    let balances = home["balances"].as_array().unwrap();
    balances
        .iter()
        .map(|b| fields(b, &["asset", "available", "threshold", "low"]))
        .collect()
}

async fn each_admin_is_mailed_once_per_crossing(db: TestDb) {
    let app = app(db).await;
    let merchant = demo_merchant(&app).await;
    app.other_merchant().await;
    let other = app.store.merchant_of(OTHER_EMAIL).await.unwrap().unwrap();
    second_admin(&app, merchant).await;
    app.store
        .add_user(DEMO_EMAIL, VIEWER, PASSWORD, &[1])
        .await
        .unwrap();
    let everyone = [DEMO_EMAIL, SECOND_ADMIN, VIEWER, OTHER_EMAIL];

    // 12 USDT points (above 10), the other merchant 50; TRX points at 0, their notice off.
    grant(&app, merchant, 12 * POINT_UNITS, "T-1").await;
    grant(&app, other, 50 * POINT_UNITS, "O-1").await;
    grant_in(&app, PointAsset::Trx, merchant, POINT_UNITS, "X-1").await;
    grant_in(&app, PointAsset::Trx, merchant, -POINT_UNITS, "X-2").await;
    app.low_balance.run().await.unwrap();
    deliver(&app).await;
    for email in everyone {
        assert_eq!(notices(&app, email).await, Vec::<String>::new(), "{email}");
    }

    // Down to 9: below 10. Two nodes' rounds race, then run again; two senders race.
    grant(&app, merchant, -3 * POINT_UNITS, "T-2").await;
    let threshold = 10 * POINT_UNITS;
    let read_first = app
        .store
        .newly_low(PointAsset::Usdt, threshold, 0, 10)
        .await
        .unwrap();
    assert_eq!(read_first.len(), 1, "{read_first:?}");
    let (round, sender) = another_node(&app).await;
    let (mine, theirs) = tokio::join!(app.low_balance.run(), round.run());
    assert_eq!(mine.unwrap().notified + theirs.unwrap().notified, 1);
    app.low_balance.run().await.unwrap();
    round.run().await.unwrap();
    // A round that read the account before another marked it (the race, in its worst order)
    // queues nothing.
    let late = [Mail::to(DEMO_EMAIL, "USDT points low", "a second notice")];
    let now = app.clock.now();
    let queued = app
        .store
        .notify_low(read_first[0].account_id, threshold, &late, now);
    assert!(!queued.await.unwrap());
    let (mine, theirs) = tokio::join!(app.mail_sender.round(), sender.round());
    assert_eq!(mine.unwrap().sent + theirs.unwrap().sent, 2, "one mail per admin");
    deliver(&app).await;
    for admin in [DEMO_EMAIL, SECOND_ADMIN] {
        let mails = notices(&app, admin).await;
        assert_eq!(mails.len(), 1, "{admin}: {mails:?}");
        assert!(
            mails[0].contains("USDT points are below 10: 9 available")
                && mails[0].contains("您的 USDT 点数低于 10，当前可用 9")
                && mails[0].contains("您的 USDT 點數低於 10，當前可用 9"),
            "{}",
            mails[0]
        );
    }
    for nobody in [VIEWER, OTHER_EMAIL] {
        assert_eq!(notices(&app, nobody).await, Vec::<String>::new(), "{nobody}");
    }

    // Recharged above, then below again: a second crossing, a second mail.
    grant(&app, merchant, 5 * POINT_UNITS, "T-3").await;
    assert_eq!(app.low_balance.run().await.unwrap().cleared, 1);
    deliver(&app).await;
    assert_eq!(notices(&app, DEMO_EMAIL).await.len(), 1);
    grant(&app, merchant, -6 * POINT_UNITS, "T-4").await;
    app.low_balance.run().await.unwrap();
    round.run().await.unwrap();
    deliver(&app).await;
    for admin in [DEMO_EMAIL, SECOND_ADMIN] {
        let mails = notices(&app, admin).await;
        assert_eq!(mails.len(), 2, "{admin}: {mails:?}");
        assert!(mails[1].contains("below 10: 8 available"), "{}", mails[1]);
    }
    for nobody in [VIEWER, OTHER_EMAIL] {
        assert_eq!(notices(&app, nobody).await, Vec::<String>::new(), "{nobody}");
    }
}

async fn home_shows_the_callers_points_and_the_warning(db: TestDb) {
    let app = app(db).await;
    let token = app.sign_in_demo().await;
    let merchant = demo_merchant(&app).await;
    let other_token = app.other_merchant().await;
    let other = app.store.merchant_of(OTHER_EMAIL).await.unwrap().unwrap();
    grant(&app, merchant, 9_500_000, "T-1").await;
    grant(&app, other, 50 * POINT_UNITS, "O-1").await;

    let home = home_points(&app, &token).await;
    assert_eq!(
        standing(&home),
        vec![json!([1, "9.5", "10", true]), json!([2, "0", "0", false])]
    );
    let usdt = &home["balances"][0];
    assert_eq!(
        fields(usdt, &["held", "creditLimit"]),
        json!(["0", "0"]),
        "as Points list shows a balance"
    );
    assert_eq!(home["billDue"], Value::Null);
    assert_eq!(
        standing(&home_points(&app, &other_token).await),
        vec![json!([1, "50", "10", false]), json!([2, "0", "0", false])],
        "each merchant sees its own points"
    );

    // Without a session, and with a role without Home (Points list only).
    let viewer = app.operator(VIEWER, PASSWORD, &[11]).await;
    app.assert_gated(&viewer, HOME_POINTS, &json!({}), "HOME").await;
}

each_database!(
    each_admin_is_mailed_once_per_crossing,
    home_shows_the_callers_points_and_the_warning
);

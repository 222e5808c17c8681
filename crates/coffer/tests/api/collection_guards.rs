//! A collection whose stored values cannot be read is set aside with its reason, and the other
//! collections move in the same round; once readable again it is taken up where it stopped.

use chrono::Duration;
use coffer_domain::ports::chain::Asset;
use coffer_testkit::{each_database, TestDb};
use sea_orm::{ConnectionTrait, Statement};

use crate::collection_plan::{app, deposit, tick};
use crate::collection_sweep::{collecting, collections, dev, mine, save_fees, sweep};
use crate::helpers::TestApp;

fn sql(app: &TestApp, text: String) -> Statement {
    Statement::from_string(app.store.connection().get_database_backend(), text)
}

/// Columns of collection `id` read as text, past the entity's types: (waiting, reason, lease
/// owner).
async fn columns(app: &TestApp, id: i64) -> (String, String, String) {
    let text = format!("SELECT waiting, reason, lease_owner FROM collection WHERE id = {id}");
    let row = app
        .store
        .connection()
        .query_one(sql(app, text))
        .await
        .unwrap()
        .unwrap();
    let column = |name: &str| row.try_get::<String>("", name).unwrap();
    (column("waiting"), column("reason"), column("lease_owner"))
}

async fn set_waiting(app: &TestApp, id: i64, waiting: &str) {
    let text = format!("UPDATE collection SET waiting = '{waiting}' WHERE id = {id}");
    app.store.connection().execute(sql(app, text)).await.unwrap();
}

async fn an_unreadable_collection_is_held_and_the_others_move(db: TestDb) {
    let app = app(db).await;
    let c = collecting(&app).await;
    deposit(&app, c.merchant, "user-1", "20").await;
    deposit(&app, c.merchant, "user-2", "30").await;
    assert_eq!(tick(&app).await.opened, 2);
    let saved = save_fees(&app, &c.token, &c.secret, Some(c.hot_id), "").await;
    assert_eq!(saved.code(), 1, "{:?}", saved.body);
    app.devchain.fund(&c.hot, &Asset::Native, dev("1")).await.unwrap();
    mine(&app, 1).await;

    // One collection's stored amount is no number any more (a bad write, a bad restore).
    let rows = collections(&app, &c.token).await;
    let (bad, good) = (rows[0]["id"].as_i64().unwrap(), rows[1]["id"].as_i64().unwrap());
    let (stored, _, _) = columns(&app, bad).await;
    set_waiting(&app, bad, "not a number").await;

    let report = sweep(&app).await;
    assert_eq!(
        (report.signed, report.broadcast),
        (1, 1),
        "the other one is topped up: {report:?}"
    );
    let (_, reason, lease_owner) = columns(&app, bad).await;
    assert_eq!(
        reason,
        "Held: the stored collection cannot be read; see the service log"
    );
    assert_eq!(lease_owner, "", "its lease is given up");
    // Not taken again within the hour.
    mine(&app, 3).await;
    assert_eq!(sweep(&app).await.signed, 0);

    // Readable again: after the hour it is taken up like any other, and gets its own top-up.
    set_waiting(&app, bad, &stored).await;
    app.clock.advance(Duration::hours(1));
    // Signed in that round: its top-up, and the other one's sweep (its top-up has arrived).
    let report = sweep(&app).await;
    assert_eq!((report.signed, report.broadcast), (2, 2), "{report:?}");
    let rows = collections(&app, &c.token).await;
    let status = |id: i64| rows.iter().find(|r| r["id"] == id).unwrap()["status"].clone();
    assert_eq!(status(bad), 3, "waiting for its fee top-up to arrive: {rows:?}");
    assert_ne!(status(good), 3, "the other one moved on: {rows:?}");
}

each_database!(an_unreadable_collection_is_held_and_the_others_move);

//! Deposit callbacks after the first delivery: a reorg supersedes events, failed replies are
//! retried then given up, pushes answer how they went, and a crashed worker's lease runs out.

use chrono::Duration;
use coffer_domain::clock::Clock;
use coffer_domain::merchant_api::MerchantApiRepo;
use coffer_testkit::{each_database, TestDb};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};

use crate::console::paging;
use crate::deposits::{merchant_ready, range, scan, with, DEV};
use crate::helpers::{fields, spawn_app_with};
use crate::receiver::{Receiver, Reply};
use crate::wallets::{demo_merchant, list, offline_chains};

async fn a_reorg_voids_then_revives_and_callbacks_retry_until_code_zero(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, |c| {
        offline_chains(c);
        c.callbacks.max_attempts = 3;
        c.callbacks.timeout_secs = 1;
    })
    .await;
    let token = merchant_ready(&app, &receiver).await;
    let merchant = demo_merchant(&app).await;
    let address = app.deposit_address(merchant, DEV, "user-9").await;
    app.send_usdt(&address, "7").await;
    app.devchain.mine().await.unwrap();
    scan(&app).await;
    let page = app.deposits(&token).page(with(range(&app), paging(1, 10))).await;
    let before = list(&page)[0].clone();

    // The block is replaced: the deposit is voided, then found again in the new block.
    app.devchain.reorg(1).await.unwrap();
    let report = scan(&app).await;
    assert_eq!(report.rolled_back, 1);
    let page = app.deposits(&token).page(with(range(&app), paging(1, 10))).await;
    let after = list(&page)[0].clone();
    assert_eq!(page.data()["total"], 1, "the same transfer, the same deposit");
    assert_eq!(after["id"], before["id"]);
    assert_eq!(after["status"], 7);
    receiver.reply(Reply::CodeOne);
    app.callbacks.deliver_due().await.unwrap();
    let names: Vec<String> = receiver
        .events()
        .iter()
        .map(|e| format!("{} {}", e["event"].as_str().unwrap(), e["seq"]))
        .collect();
    assert_eq!(
        names,
        vec!["deposit.confirming 3"],
        "only the newest state goes out: the older events were superseded"
    );

    // Replies that are not code 0 are retried on the schedule, then the event fails.
    let events = app.callbacks(&token).page(paging(1, 10)).await;
    let shown: Vec<(Value, Value, Value)> = list(&events)
        .iter()
        .map(|e| (e["seq"].clone(), e["status"].clone(), e["attempts"].clone()))
        .collect();
    assert_eq!(
        shown,
        vec![
            (json!(3), json!(0), json!(1)),
            (json!(2), json!(3), json!(0)),
            (json!(1), json!(3), json!(0))
        ]
    );
    let superseded = list(&events)[1]["eventId"].as_str().unwrap().to_string();
    assert_eq!(
        app.callbacks.deliver_due().await.unwrap(),
        0,
        "not due before the interval"
    );
    for reply in [Reply::ServerError, Reply::Slow] {
        receiver.reply(reply);
        app.clock.advance(Duration::minutes(31));
        assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);
    }
    // An hour passed on the test clock: the console session idled out.
    let token = app.sign_in_demo().await;
    let events = app
        .callbacks(&token)
        .page(json!({"page": 1, "pageSize": 10, "status": 2}))
        .await;
    assert_eq!(
        events.data()["total"],
        1,
        "failed after 3 attempts: {:?}",
        events.body
    );
    let event_id = list(&events)[0]["eventId"].as_str().unwrap().to_string();
    let attempts = app.callbacks(&token).attempts(json!({"eventId": event_id})).await;
    let attempts = attempts.data().as_array().unwrap().clone();
    let reasons: Vec<(Value, Value)> = attempts
        .iter()
        .map(|a| (a["reason"].clone(), a["httpStatus"].clone()))
        .collect();
    assert_eq!(
        reasons,
        vec![
            (json!("timeout"), Value::Null),
            (json!("http_status"), json!(500)),
            (json!("code_not_zero"), json!(200))
        ]
    );
    assert_eq!(attempts[0]["error"], "timed out");

    // A superseded event cannot be pushed: it would tell a state the order has left.
    let sent_before = receiver.events().len();
    let refused = app.callbacks(&token).push(json!({"eventId": superseded})).await;
    assert_eq!(
        refused.msg(),
        "A newer callback of this order exists: push that one",
        "{:?}",
        refused.body
    );
    assert_eq!(receiver.events().len(), sent_before, "nothing was sent");

    // A push with no callback address waits for one, and stays the pusher's for a lease: no
    // worker polling meanwhile takes it (a push that found the address would send it itself).
    let cleared = app.callbacks(&token).save_url_to("").await;
    assert_eq!(cleared.code(), 1, "{:?}", cleared.body);
    let waiting = app.callbacks(&token).push(json!({"eventId": event_id})).await;
    assert_eq!(
        fields(waiting.data(), &["attempted", "reason"]),
        json!([false, "no_address"])
    );
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 0);
    let next = coffer_store::entities::callback_event::Entity::find()
        .filter(coffer_store::entities::callback_event::Column::EventId.eq(&event_id))
        .one(app.store.connection())
        .await
        .unwrap()
        .unwrap()
        .next_attempt_at;
    assert_eq!(
        next,
        app.clock.now() + Duration::seconds(6),
        "due for the workers after a lease"
    );
    let merchant = demo_merchant(&app).await;
    app.store
        .set_callback_url(merchant, Some(&receiver.url), app.clock.now())
        .await
        .unwrap();

    // A push answers how the attempt went.
    receiver.reply(Reply::NotJson);
    let pushed = app.callbacks(&token).push(json!({"eventId": event_id})).await;
    let result = pushed.data();
    assert_eq!(
        fields(
            result,
            &["attempted", "success", "reason", "httpStatus", "response"]
        ),
        json!([true, false, "not_json", 200, "OK"]),
        "a reply that is not JSON is not an acknowledgement"
    );
    receiver.reply(Reply::Ok);
    let pushed = app.callbacks(&token).push(json!({"eventId": event_id})).await;
    let result = pushed.data();
    assert_eq!(
        fields(result, &["success", "replyCode", "reason"]),
        json!([true, 0, ""])
    );
    assert!(result["latencyMs"].is_i64());
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 0, "sent by the push");
    let events = app
        .callbacks(&token)
        .page(json!({"page": 1, "pageSize": 10, "status": 1}))
        .await;
    assert_eq!(events.data()["total"], 1);
    let long_ago =
        json!({"page": 1, "pageSize": 10, "start": "2020-01-01T00:00:00Z", "end": "2020-01-02T00:00:00Z"});
    let events = app.callbacks(&token).page(long_ago).await;
    assert_eq!(events.data()["total"], 0, "the date filter applies");

    // Another merchant sees none of it.
    let outsider = app.other_merchant().await;
    let theirs = app
        .deposits(&outsider)
        .page(with(range(&app), paging(1, 10)))
        .await;
    assert_eq!(theirs.data()["total"], 0);
    let foreign = app.deposits(&outsider).detail(json!({"id": before["id"]})).await;
    assert_eq!(foreign.msg(), "No such record");
    let foreign = app.callbacks(&outsider).push(json!({"eventId": event_id})).await;
    assert_eq!(foreign.msg(), "No such record");
    let foreign = app
        .callbacks(&outsider)
        .attempts(json!({"eventId": event_id}))
        .await;
    assert_eq!(foreign.data(), &json!([]));
}

/// A worker that claimed events and died: nothing is lost, the lease runs out and another
/// worker delivers them under the same event ids; nothing is delivered twice.
async fn a_crashed_delivery_is_resumed_after_its_lease(db: TestDb) {
    use coffer_domain::ports::CallbackOutbox;
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, offline_chains).await;
    merchant_ready(&app, &receiver).await;
    let merchant = demo_merchant(&app).await;
    let address = app.deposit_address(merchant, DEV, "user-5").await;
    app.send_usdt(&address, "3").await;
    app.devchain.mine().await.unwrap();
    scan(&app).await;
    let now = app.clock.now();
    let dead = app
        .store
        .claim_due_events("dead-worker", now, now + Duration::seconds(60), 10)
        .await
        .unwrap();
    assert_eq!(dead.len(), 1);
    assert_eq!(
        app.callbacks.deliver_due().await.unwrap(),
        0,
        "leased to the dead worker"
    );
    app.clock.advance(Duration::seconds(61));
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 0);
    let events = receiver.events();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0]["eventId"].as_str().unwrap(), dead[0].event_id);
}

/// A merchant's endpoint that keeps failing is seen by the operators: a WARN line with the
/// merchant and the event on the first failed attempt and every tenth, each failure counted per
/// merchant on `/metrics`.
async fn failing_deliveries_are_warned_and_counted(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, |c| {
        offline_chains(c);
        c.callbacks.max_attempts = 30;
    })
    .await;
    merchant_ready(&app, &receiver).await;
    let merchant = demo_merchant(&app).await;
    let address = app.deposit_address(merchant, DEV, "user-9").await;
    app.send_usdt(&address, "7").await;
    app.devchain.mine().await.unwrap();
    scan(&app).await;
    receiver.reply(Reply::ServerError);
    let series = format!("coffer_callback_failures_total{{merchant_id=\"{merchant}\"}}");
    let counted = || async {
        let text = app.fetch("/metrics").await.text().await.unwrap();
        let line = text.lines().find(|l| l.starts_with(&series));
        line.map_or(0, |l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
    };
    let before = counted().await;

    // This thread's log lines at WARN and above (the deliveries run on it).
    let written = Arc::new(Mutex::new(Vec::<u8>::new()));
    let sink = written.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::WARN)
        .with_ansi(false)
        .with_writer(move || Sink(sink.clone()))
        .finish();
    let attempts = {
        let _warnings = tracing::subscriber::set_default(subscriber);
        let mut attempts = 0;
        for _ in 0..12 {
            attempts += app.callbacks.deliver_due().await.unwrap();
            app.clock.advance(Duration::minutes(31));
        }
        attempts
    };
    assert_eq!(attempts, 12, "one event, failing every time");
    let text = String::from_utf8(written.lock().unwrap().clone()).unwrap();
    let warned: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("callback delivery failed"))
        .collect();
    assert_eq!(warned.len(), 2, "the first and the tenth: {text}");
    let event_id = receiver.events()[0]["eventId"].as_str().unwrap().to_string();
    for (line, attempt) in warned.iter().zip(["attempt=1 ", "attempt=10 "]) {
        assert!(line.contains(" WARN "), "{line}");
        assert!(line.contains(&format!("merchant_id={merchant} ")), "{line}");
        assert!(line.contains(&format!("event_id={event_id} ")), "{line}");
        assert!(line.contains(attempt), "{line}");
        assert!(line.contains("http_status=Some(500)"), "{line}");
    }
    // Other tests of this process may count their own failures of a merchant with this id.
    assert!(counted().await >= before + 12, "{series}");
}

/// Log output kept in memory.
struct Sink(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

each_database!(
    failing_deliveries_are_warned_and_counted,
    a_reorg_voids_then_revives_and_callbacks_retry_until_code_zero,
    a_crashed_delivery_is_resumed_after_its_lease
);

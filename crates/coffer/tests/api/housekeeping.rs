//! Expired rows are deleted by the housekeeping worker, and deleting them changes nothing a
//! user relies on: a live session, a fresh code and a nonce within its window are kept; a
//! replayed merchant API call is still refused after its nonce is gone.

use chrono::Duration;
use coffer_testkit::{each_database, TestDb};

use crate::helpers::{DEMO_EMAIL, DEMO_PASSWORD};
use crate::merchant_signing::{integrate, send};
use crate::wallets::app_with_dev_seed;

async fn expired_rows_are_pruned_and_nothing_live(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let m = integrate(&app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;
    app.request_code(DEMO_EMAIL).await;
    let signed = m.sign(&app, "GET", "/merchant/v1/ping", "");
    assert_eq!(
        send(&app, "GET", "/merchant/v1/ping", "", &signed).await.code(),
        1
    );

    // Everything is live: nothing goes.
    let pruned = app.housekeeper.run_once().await.unwrap();
    assert_eq!((pruned.sessions, pruned.codes, pruned.nonces), (0, 0, 0));
    let info = app.me(&m.token).info().await;
    assert_eq!(info.code(), 1);

    // Past the timestamp window the nonce goes; the replay is still refused (stale timestamp).
    app.clock.advance(Duration::minutes(11));
    let pruned = app.housekeeper.run_once().await.unwrap();
    assert_eq!(pruned.nonces, 1);
    let replay = send(&app, "GET", "/merchant/v1/ping", "", &signed).await;
    assert_eq!(replay.code(), 13003, "{:?}", replay.body);

    // An expired session answers 'expired' for a grace period, then is deleted.
    let auth = &app.config.auth;
    app.clock
        .advance(Duration::hours(auth.session_absolute_hours) + Duration::minutes(1));
    let expired = app.me(&m.token).info().await;
    assert_eq!(expired.code(), 10512);
    let pruned = app.housekeeper.run_once().await.unwrap();
    assert_eq!(pruned.sessions, 0, "kept during the grace period");
    app.clock.advance(Duration::days(8));
    let pruned = app.housekeeper.run_once().await.unwrap();
    assert!(pruned.sessions >= 1, "{pruned:?}");
    assert!(pruned.codes >= 1, "{pruned:?}");
    let gone = app.me(&m.token).info().await;
    assert_eq!(gone.code(), 10506);
}

each_database!(expired_rows_are_pruned_and_nothing_live);

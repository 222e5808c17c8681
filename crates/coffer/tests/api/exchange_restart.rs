//! An exchange's payout across crashes: the payout is a withdrawal, so a real `coffer serve`
//! that dies right after storing the signed payout, then right after broadcasting it, is
//! followed by one that carries the same stored transaction to the end, and the exchange
//! completes with that one hash: the end user is paid exactly once.

use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::Asset;
use coffer_domain::ports::OrderStatus;
use coffer_testkit::{each_database, TestDb};
use std::time::{Duration, Instant};

use crate::exchange_orders::{ready, PAYEE};
use crate::exchange_round::{confirm, ordered_and_paid, round, stored};
use crate::helpers::spawn_app;
use crate::restart::serve_with;
use crate::withdrawal_restart::{crash_after_signing_then_broadcasting, crash_env};
use crate::withdrawals::DEV;

async fn an_exchange_payout_survives_crashes_between_sign_and_broadcast(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, _) = ready(&app).await;
    let id = ordered_and_paid(&app, &me, "ex-1", "100").await;
    confirm(&app).await;
    assert_eq!(round(&app).await.paying_out, 1);
    let payout = stored(&app, id).await.withdrawal_id.expect("a payout");
    let dir = tempfile::tempdir().unwrap();

    let hash = crash_after_signing_then_broadcasting(&app, dir.path(), payout, DEV).await;
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
    }
    // A fresh process follows the stored payout to the end, and its exchange round the order.
    let last = serve_with(&app, dir.path(), &crash_env(None));
    let deadline = Instant::now() + Duration::from_secs(60);
    let done = loop {
        let order = stored(&app, id).await;
        if order.order.status == OrderStatus::Complete {
            break order;
        }
        assert!(
            Instant::now() < deadline,
            "exchange stuck in {:?}",
            order.order.status
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    last.kill();
    assert_eq!(done.out_hash, hash, "one transaction from first to last");
    assert_eq!(done.withdrawal_id, Some(payout));
    app.devchain.mine().await.unwrap();
    assert_eq!(
        app.devchain.spendable(PAYEE, &Asset::Native).await.unwrap(),
        BaseUnits::from_decimal("247.5", 18).unwrap(),
        "paid exactly once"
    );
}

each_database!(an_exchange_payout_survives_crashes_between_sign_and_broadcast);

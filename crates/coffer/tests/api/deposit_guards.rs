//! The deposit scanner isolates a deposit it cannot complete: logged and left confirming, while
//! every other deposit of the chain completes and is announced.

use coffer_testkit::{each_database, TestDb};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::json;

use crate::console::paging;
use crate::deposits::{merchant_ready, range, scan, with};
use crate::helpers::spawn_app_with;
use crate::receiver::Receiver;
use crate::wallets::{demo_merchant, list, offline_chains};
use crate::withdrawals::DEV;

async fn a_deposit_that_cannot_be_completed_holds_back_no_other(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, offline_chains).await;
    let token = merchant_ready(&app, &receiver).await;
    let merchant = demo_merchant(&app).await;
    for user in ["user-1", "user-2"] {
        let address = app.deposit_address(merchant, DEV, user).await;
        app.send_usdt(&address, "3").await;
    }
    app.devchain.mine().await.unwrap();
    assert_eq!(scan(&app).await.deposits, 2);
    let page = app.deposits(&token).page(with(range(&app), paging(1, 10))).await;
    let mut ids: Vec<i64> = list(&page).iter().map(|d| d["id"].as_i64().unwrap()).collect();
    ids.sort();
    // The first deposit's stored amount is broken (as a bad write or a manual edit would).
    let backend = app.store.connection().get_database_backend();
    app.store
        .connection()
        .execute(Statement::from_string(
            backend,
            format!("UPDATE deposit SET amount = 'broken' WHERE id = {}", ids[0]),
        ))
        .await
        .unwrap();

    app.devchain.mine().await.unwrap();
    app.devchain.mine().await.unwrap();
    let report = scan(&app).await;
    assert_eq!(report.confirmed, 1, "{report:?}");
    let status = |id: i64| {
        let app = &app;
        let token = token.clone();
        async move {
            let found = app.deposits(&token).detail(json!({"id": id})).await;
            found.data()["status"].clone()
        }
    };
    assert_eq!(status(ids[1]).await, 8, "the other deposit completes");
    let broken = app
        .store
        .connection()
        .query_one(Statement::from_string(
            backend,
            format!("SELECT status FROM deposit WHERE id = {}", ids[0]),
        ))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(broken.try_get::<i32>("", "status").unwrap(), 7, "left confirming");
    // ... and the scanner goes on with later blocks.
    app.devchain.mine().await.unwrap();
    assert!(app.scanner.scan_chain(DEV).await.is_ok());
    app.callbacks.deliver_due().await.unwrap();
    let confirmed: Vec<String> = receiver
        .events()
        .iter()
        .filter(|e| e["event"] == "deposit.confirmed")
        .map(|e| e["openId"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(confirmed, vec!["user-2".to_string()]);
}

each_database!(a_deposit_that_cannot_be_completed_holds_back_no_other);

//! Hash scans on the devchain: only the caller's deposits, never twice however many scans race
//! with each other and with the scanner, and a block the scanner has not reached is left to it.

use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::console::{paging, NO_SESSION};
use crate::deposits::{merchant_ready, range, with};
use crate::helpers::{spawn_app_with, TestApp};
use crate::receiver::Receiver;
use crate::wallets::{demo_merchant, list, offline_chains};

const DEV: i64 = 1337;

async fn scan_hash(app: &TestApp, token: &str, hash: &str) -> crate::helpers::Answer {
    app.wallets(token)
        .hash_scan(json!({"chainId": DEV, "hash": hash}))
        .await
}

async fn deposits(app: &TestApp, token: &str) -> Vec<Value> {
    list(&app.deposits(token).page(with(range(app), paging(1, 100))).await)
}

async fn a_hash_is_credited_once_and_only_to_its_merchant(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, offline_chains).await;
    let token = merchant_ready(&app, &receiver).await;
    let merchant = demo_merchant(&app).await;
    let address = app.deposit_address(merchant, DEV, "user-9").await;
    let hash = app.send_usdt(&address, "4").await;
    app.devchain.mine().await.unwrap();

    // Another merchant cannot credit (or even learn about) our deposit.
    let other = app.other_merchant().await;
    let theirs = scan_hash(&app, &other, &hash).await;
    assert_eq!(
        theirs.code_and_msg(),
        (18003, "This transaction pays none of your deposit addresses")
    );
    assert!(deposits(&app, &token).await.is_empty(), "nothing recorded");

    // Eight scans of the hash race each other and the scanner: one deposit, one announcement.
    let scans: Vec<_> = (0..8).map(|_| scan_hash(&app, &token, &hash)).collect();
    let (answers, scanned) = tokio::join!(futures::future::join_all(scans), app.scanner.scan_chain(DEV));
    let mut credited = 0;
    for answer in &answers {
        assert_eq!(answer.code(), 1, "{:?}", answer.body);
        // "pending" when the scanner's first step made its cursor (at block 0) first.
        let result = answer.data()["result"].as_str().unwrap();
        assert!(["credited", "known", "pending"].contains(&result), "{result}");
        credited += usize::from(result == "credited");
        if result != "pending" {
            assert_eq!(answer.data()["deposits"][0]["amount"], "4");
        }
    }
    assert!(credited <= 1, "{credited} scans claim to have credited it");
    if scanned.is_err() {
        // The scanner lost the race on the unique key; its next step goes on.
        app.scanner.scan_chain(DEV).await.unwrap();
    }
    let rows = deposits(&app, &token).await;
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["hash"], hash.as_str());
    app.callbacks.deliver_due().await.unwrap();
    let seen: Vec<Value> = receiver
        .events()
        .into_iter()
        .filter(|e| e["event"] == "deposit.confirming")
        .collect();
    assert_eq!(seen.len(), 1, "announced once: {seen:?}");

    // A block above the scanner's cursor is the scanner's: pending, then credited by it.
    let later = app.send_usdt(&address, "6").await;
    app.devchain.mine().await.unwrap();
    let pending = scan_hash(&app, &token, &later).await;
    assert_eq!(pending.data()["result"], "pending", "{:?}", pending.body);
    assert_eq!(pending.data()["deposits"], json!([]));
    assert_eq!(deposits(&app, &token).await.len(), 1);
    assert_eq!(app.scanner.scan_chain(DEV).await.unwrap().deposits, 1);
    let known = scan_hash(&app, &token, &later).await;
    assert_eq!(known.data()["result"], "known");
    assert_eq!(deposits(&app, &token).await.len(), 2);
}

/// The button 40101, a session, and the transaction list's detail for a 402-only role.
async fn hash_scan_needs_its_button(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let body = json!({"chainId": DEV, "hash": format!("0x{}", "ab".repeat(32))});
    assert_eq!(
        app.wallets(NO_SESSION).hash_scan(body.clone()).await.code(),
        10506
    );
    for (email, menus) in [
        ("list@coffer.local", vec![4, 401]),
        ("tx@coffer.local", vec![4, 402]),
    ] {
        app.store
            .add_user(crate::helpers::DEMO_EMAIL, email, "List-Pass-2026", &menus)
            .await
            .unwrap();
    }
    let lister = app.sign_in("list@coffer.local", "List-Pass-2026").await;
    assert_eq!(app.wallets(&lister).hash_scan(body.clone()).await.code(), 10403);
    // The transaction list opens the same detail drawer: allowed, and no such deposit here.
    let tx_only = app.sign_in("tx@coffer.local", "List-Pass-2026").await;
    let detail = app.deposits(&tx_only).detail(json!({"id": 1})).await;
    assert_eq!(detail.code_and_msg(), (17001, "No such record"));
    let admin = app.sign_in_demo().await;
    let scanned = app.wallets(&admin).hash_scan(body).await;
    assert_eq!(
        scanned.code_and_msg(),
        (18001, "Transaction not found on this chain")
    );
}

each_database!(
    a_hash_is_credited_once_and_only_to_its_merchant,
    hash_scan_needs_its_button
);

//! The transaction list (402): deposits and withdrawals in one list, newest first, paged by
//! cursor (its exports: `exports.rs`).

use coffer_domain::clock::Clock;
use coffer_domain::merchant_api::MerchantApiRepo;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};
use std::collections::HashSet;

use crate::deposits::{range, scan, with, DEV};
use crate::exports::{DEPOSIT_EXPORT, TX_EXPORT, WITHDRAW_EXPORT};
use crate::helpers::{TestApp, OTHER_EMAIL};
use crate::receiver::Receiver;
use crate::wallets::{demo_merchant, list, offline_chains};
use crate::withdrawals::{payer, withdraw, Payer};

pub const PAGE: &str = "/api/partner/user/pageTx";
const SUMMARY: &str = "/api/partner/user/tx/summary";
const PUSH: &str = "/api/partner/user/tx/push";

/// Three rounds, each one withdrawal and two deposits created at the same instant (the test
/// clock stands still between them): 3 withdrawals, 6 deposits.
pub async fn both_kinds(app: &TestApp) -> Payer {
    let p = payer(app, "1000").await;
    let merchant = demo_merchant(app).await;
    let address = app.deposit_address(merchant, DEV, "user-1").await;
    for round in 0..3 {
        let remark = if round == 0 { "=cmd|' /C calc'!A0" } else { "plain" };
        let made = withdraw(app, &p, "1", json!({"remark": remark})).await;
        assert_eq!(made.code(), 1, "{:?}", made.body);
        app.send_usdt(&address, "2").await;
        app.send_usdt(&address, "3").await;
        app.devchain.mine().await.unwrap();
        assert_eq!(scan(app).await.deposits, 2);
    }
    p
}

/// Every row of the filter, walking the pages by cursor: (type, id, createtime) in order.
pub async fn walk(app: &TestApp, token: &str, filter: &Value, size: u64) -> Vec<(i64, i64, String)> {
    let mut rows = Vec::new();
    let mut cursor = Value::Null;
    for _ in 0..50 {
        let page = app
            .post_as(
                token,
                PAGE,
                with(filter.clone(), json!({"pageSize": size, "cursor": cursor})),
            )
            .await;
        let found = list(&page);
        assert!(found.len() as u64 <= size);
        rows.extend(found.iter().map(|r| {
            (
                r["type"].as_i64().unwrap(),
                r["id"].as_i64().unwrap(),
                r["createtime"].as_str().unwrap().to_string(),
            )
        }));
        cursor = page.data()["next"].clone();
        if cursor.is_null() {
            return rows;
        }
    }
    panic!("the pages never ended");
}

async fn the_list_merges_both_kinds_newest_first_and_pages_by_cursor(db: TestDb) {
    let app = crate::helpers::spawn_app_with(db, offline_chains).await;
    let p = both_kinds(&app).await;
    let filter = range(&app);

    let first = app
        .post_as(&p.token, PAGE, with(filter.clone(), json!({"pageSize": 4})))
        .await;
    assert_eq!(first.data()["total"], 9);
    let rows = list(&first);
    assert_eq!(rows[0]["type"], 2, "at one instant the withdrawal comes first");
    assert!(rows[0]["orderNo"].as_str().unwrap().len() > 1);
    assert_eq!(rows[1]["type"], 1);
    assert_eq!(rows[1]["openId"], "user-1");
    assert_eq!(rows[1]["symbol"], "USDT");

    for size in [1, 2, 4, 100] {
        let walked = walk(&app, &p.token, &filter, size).await;
        assert_eq!(walked.len(), 9, "page size {size}");
        let unique: HashSet<(i64, i64)> = walked.iter().map(|(k, id, _)| (*k, *id)).collect();
        assert_eq!(unique.len(), 9, "every row exactly once at page size {size}");
        let mut expected = walked.clone();
        expected.sort_by(|a, b| (&b.2, b.0, b.1).cmp(&(&a.2, a.0, a.1)));
        assert_eq!(walked, expected, "newest first, then kind, then id (size {size})");
    }

    // The type filter, and the other filters.
    let kinds = |walked: &[(i64, i64, String)]| walked.iter().map(|r| r.0).collect::<Vec<_>>();
    let withdrawals = walk(&app, &p.token, &with(filter.clone(), json!({"type": 2})), 2).await;
    assert_eq!(kinds(&withdrawals), vec![2, 2, 2]);
    let deposits = walk(&app, &p.token, &with(filter.clone(), json!({"type": 1})), 4).await;
    assert_eq!(kinds(&deposits), vec![1; 6]);
    let by_user = walk(
        &app,
        &p.token,
        &with(filter.clone(), json!({"openId": "user-1"})),
        4,
    )
    .await;
    assert_eq!(kinds(&by_user), vec![1; 6]);
    let wrong_type = app
        .post_as(&p.token, PAGE, with(filter.clone(), json!({"type": 4})))
        .await;
    assert_eq!(
        wrong_type.code_and_msg(),
        (10422, "Type must be 1 (deposit), 2 (withdrawal) or 3 (exchange)")
    );
    let undated = app.post_as(&p.token, PAGE, json!({"pageSize": 10})).await;
    assert_eq!(
        undated.code_and_msg(),
        (10422, "A start and an end must be chosen")
    );

    // A cursor this service did not write is refused, never a 500.
    for forged in ["garbage", "djF8MXwyfDR8NA", "%%%"] {
        let refused = app
            .post_as(&p.token, PAGE, with(filter.clone(), json!({"cursor": forged})))
            .await;
        assert_eq!(
            refused.code_and_msg(),
            (
                10422,
                "The page cursor is not valid: start again from the first page"
            ),
            "{forged}"
        );
    }

    // Old clients' page numbers: the same rows as the cursor walk, among the first rows only.
    let all = walk(&app, &p.token, &filter, 100).await;
    let second = app
        .post_as(
            &p.token,
            PAGE,
            with(filter.clone(), json!({"page": 2, "pageSize": 2})),
        )
        .await;
    let second: Vec<(i64, i64)> = list(&second)
        .iter()
        .map(|r| (r["type"].as_i64().unwrap(), r["id"].as_i64().unwrap()))
        .collect();
    let expected: Vec<(i64, i64)> = all[2..4].iter().map(|r| (r.0, r.1)).collect();
    assert_eq!(second, expected);
    let deep = app
        .post_as(
            &p.token,
            PAGE,
            with(filter.clone(), json!({"page": 11, "pageSize": 100})),
        )
        .await;
    assert_eq!(deep.code(), 10422);

    // Another merchant sees none of these rows, even with this merchant's cursor.
    let other = app.other_merchant().await;
    let theirs = app
        .post_as(&other, PAGE, with(filter.clone(), json!({"pageSize": 100})))
        .await;
    assert_eq!(theirs.data()["total"], 0, "{OTHER_EMAIL} has no orders");
    let cursor = first.data()["next"].clone();
    let borrowed = app
        .post_as(&other, PAGE, with(filter.clone(), json!({"cursor": cursor})))
        .await;
    assert_eq!(list(&borrowed).len(), 0);

    // The summary: both kinds side by side, or the one the type names.
    let both = app.post_as(&p.token, SUMMARY, filter.clone()).await;
    assert_eq!(
        both.data()["count"],
        6,
        "the deposits' figures stay where they were"
    );
    assert_eq!(both.data()["totals"][0]["amount"], "15");
    assert_eq!(both.data()["withdrawals"]["count"], 3);
    let only = app
        .post_as(&p.token, SUMMARY, with(filter.clone(), json!({"type": 2})))
        .await;
    assert_eq!(only.data()["count"], 3);
    assert_eq!(only.data()["totals"][0]["amount"], "3");
}

async fn a_push_names_the_kind_and_the_calls_need_the_menu(db: TestDb) {
    let app = crate::helpers::spawn_app_with(db, offline_chains).await;
    let receiver = Receiver::start().await;
    let merchant = demo_merchant(&app).await;
    app.store
        .set_callback_url(merchant, Some(&receiver.url), app.clock.now())
        .await
        .unwrap();
    let p = both_kinds(&app).await;
    // Screening moves the withdrawals on, which announces them.
    app.executor.step().await.unwrap();
    let filter = range(&app);
    let rows = list(
        &app.post_as(&p.token, PAGE, with(filter.clone(), json!({"type": 2})))
            .await,
    );
    let withdrawal_id = rows[0]["id"].as_i64().unwrap();
    let order_no = rows[0]["orderNo"].as_str().unwrap();
    // Deposit ids run 1..6: the withdrawal's id is a deposit's id too; `type` decides.
    let as_withdrawal = app
        .post_as(&p.token, PUSH, json!({"id": withdrawal_id, "type": 2}))
        .await;
    let as_deposit = app.post_as(&p.token, PUSH, json!({"id": 9999, "type": 1})).await;
    assert_eq!(as_deposit.code(), 17001, "no such deposit");
    let unknown = app.post_as(&p.token, PUSH, json!({"id": 9999, "type": 2})).await;
    assert_eq!(unknown.code(), 17001, "no such withdrawal");
    assert_eq!(as_withdrawal.code(), 1, "{:?}", as_withdrawal.body);
    let pushed = receiver.events();
    assert_eq!(pushed.len(), 1);
    assert!(
        pushed[0].to_string().contains(order_no),
        "the withdrawal's callback: {}",
        pushed[0]
    );
    let wrong = app
        .post_as(&p.token, PUSH, json!({"id": withdrawal_id, "type": 5}))
        .await;
    assert_eq!(wrong.code(), 10422);

    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[1])
        .await;
    let page = with(filter.clone(), json!({"pageSize": 10}));
    for (path, body) in [
        (PAGE, page.clone()),
        (SUMMARY, filter.clone()),
        (PUSH, json!({"id": 1, "type": 2})),
        (TX_EXPORT, filter.clone()),
        (DEPOSIT_EXPORT, filter.clone()),
        (WITHDRAW_EXPORT, filter.clone()),
    ] {
        app.assert_gated(&viewer, path, &body, "its menu").await;
    }
    // 402 alone: the list, not the other lists' exports.
    let lister = app.operator("tx@coffer.local", "Tx-Pass-2026", &[4, 402]).await;
    assert_eq!(app.post_as(&lister, PAGE, page).await.code(), 1);
    assert_eq!(
        app.post_as(&lister, DEPOSIT_EXPORT, filter.clone()).await.code(),
        10403
    );
    assert_eq!(app.post_as(&lister, PUSH, json!({"id": 1})).await.code(), 10403);
}

each_database!(
    the_list_merges_both_kinds_newest_first_and_pages_by_cursor,
    a_push_names_the_kind_and_the_calls_need_the_menu,
);

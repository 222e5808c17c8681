//! The operation log names each entry's action (in the three languages), what it was done to
//! and the browser it came from; another merchant never reads it.

use chrono::{TimeZone, Utc};
use coffer_domain::ports::{AuditRecord, LogRepo, NewOperationLog};
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::access::account_id_of;
use crate::chains::EVM;
use crate::console::{paging, Accounts, Assets, Callbacks, Collection, IpList, Me, Wallets, Withdrawals};
use crate::helpers::{answer, spawn_app, spawn_app_with, TestApp, DEMO_EMAIL};
use crate::wallets::{demo_merchant, offline_chains};
use crate::withdrawals::{payer, withdraw, DEV};

const CHROME_ON_WINDOWS: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 \
(KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/// An IP request sent from a named browser (the test client sends no user agent of its own).
async fn request_ip_from_browser(app: &TestApp, token: &str, ip: &str) -> i64 {
    let response = app
        .http
        .post(format!("{}{}", app.base, IpList::REQUEST))
        .header("sessionCode", token)
        .header("user-agent", CHROME_ON_WINDOWS)
        .json(&json!({"ip": ip, "remark": "office"}))
        .send()
        .await
        .expect("request sent");
    let answered = answer(response).await;
    assert_eq!(answered.code(), 1, "{:?}", answered.body);
    answered.data()["id"].as_i64().unwrap()
}

async fn entries(app: &TestApp, token: &str) -> Vec<Value> {
    let log = app.logs(token).operations(paging(1, 50)).await;
    assert_eq!(log.code(), 1, "{:?}", log.body);
    log.data()["list"].as_array().unwrap().clone()
}

fn entry<'a>(entries: &'a [Value], action: &str, result: &str) -> &'a Value {
    entries
        .iter()
        .find(|e| e["action"] == action && e["result"] == result)
        .unwrap_or_else(|| panic!("no {result} {action} in {entries:?}"))
}

async fn entries_name_their_action_target_and_browser(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    app.operator("clerk@coffer.local", "Clerk-Pass-2026", &[1]).await;
    let clerk = account_id_of(&app, &admin, "clerk@coffer.local").await;

    let ip = request_ip_from_browser(&app, &admin, "203.0.113.7").await;
    // The body names only ids: the handlers name the IP and the account they removed.
    assert_eq!(app.ip_list(&admin).delete(json!({"id": ip})).await.code(), 1);
    assert_eq!(app.accounts(&admin).delete(json!({"id": clerk})).await.code(), 1);
    // A refused change of one's own password is done to the caller.
    let wrong_old = json!({"passwordOld": "Not-The-Old-1", "password": "Whatever-Pass-1", "passwordVerify": "Whatever-Pass-1"});
    assert_eq!(app.me(&admin).change_password(wrong_old).await.code(), 11004);
    // A refused request keeps the target its body named, cut to a bounded length.
    let long_ip = "9".repeat(500);
    let refused = app
        .ip_list(&admin)
        .request(json!({"ip": long_ip, "remark": ""}))
        .await;
    assert_eq!(refused.code(), 10422);

    let log = entries(&app, &admin).await;
    let requested = entry(&log, IpList::REQUEST, "success");
    assert_eq!(requested["target"], "203.0.113.7");
    assert_eq!(requested["userAgent"], CHROME_ON_WINDOWS);
    assert_eq!(
        requested["actionName"],
        json!({"en": "Request IP", "zh-CN": "申请 IP", "zh-HK": "申請 IP"})
    );
    let deleted_ip = entry(&log, IpList::DELETE, "success");
    assert_eq!(deleted_ip["target"], "203.0.113.7");
    assert_eq!(deleted_ip["actionName"]["zh-HK"], "刪除 IP");
    let deleted_account = entry(&log, Accounts::DELETE, "success");
    assert_eq!(deleted_account["target"], "clerk@coffer.local");
    assert_eq!(deleted_account["actionName"]["zh-CN"], "删除账户");
    assert_eq!(deleted_account["userAgent"], "", "no browser sent");
    let password = entry(&log, Me::CHANGE_PASSWORD, "failure");
    assert_eq!(password["target"], DEMO_EMAIL);
    assert_eq!(password["actionName"]["en"], "Change password");
    let long = entry(&log, IpList::REQUEST, "failure")["target"]
        .as_str()
        .unwrap();
    assert_eq!(long.chars().count(), 120);
    assert!(long.starts_with("999") && long.ends_with('…'), "{long}");

    // The action filter takes a name as the console shows it, in any language and case, or a
    // part of the path.
    let actions_for = |typed: &str| {
        let body = json!({"page": 1, "pageSize": 50, "action": typed});
        let logs = app.logs(&admin).operations(body);
        async move {
            let answered = logs.await;
            let list = answered.data()["list"].as_array().unwrap().clone();
            list.iter()
                .map(|e| e["action"].as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(actions_for("request IP").await, vec![IpList::REQUEST; 2]);
    assert_eq!(actions_for("删除 IP").await, vec![IpList::DELETE]);
    assert_eq!(actions_for("ipConfigs").await.len(), 3);
    assert!(actions_for("no such action").await.is_empty());

    // My logs carry the same names.
    let mine = app.me(&admin).my_logs(paging(1, 1)).await;
    assert_eq!(mine.data()["list"][0]["actionName"]["en"], "Request IP");
}

/// Money calls name what they moved or set up: the hot wallet's address, the token, the order.
async fn money_entries_name_their_orders(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "5000").await;
    // Over the default review minimum: held for a reviewer.
    let requested = withdraw(&app, &p, "1200", json!({})).await;
    assert_eq!(requested.code(), 1, "{:?}", requested.body);
    let (id, order_no) = (
        requested.data()["id"].clone(),
        requested.data()["orderNo"].clone(),
    );
    assert!(order_no.as_str().is_some_and(|n| !n.is_empty()));
    app.executor.step().await.unwrap();
    let checker = app
        .operator("checker@coffer.local", "Checker-Pass-2026", &[4, 403, 40301])
        .await;
    let reject = json!({"ids": [id], "action": 2, "reason": "not today"});
    let rejected = app.withdrawals(&checker).check(reject).await;
    assert_eq!(rejected.data()["done"], 1, "{:?}", rejected.body);

    let log = entries(&app, &p.token).await;
    assert_eq!(entry(&log, Wallets::ADD_HOT, "success")["target"], p.hot.as_str());
    let asset = entry(&log, Assets::ADD, "success");
    assert!(asset["target"].as_str().unwrap().starts_with("USDT ("), "{asset}");
    assert_eq!(asset["actionName"]["en"], "Add token");
    let created = entry(&log, Withdrawals::CREATE, "success");
    assert_eq!(created["target"], order_no);
    assert_eq!(created["actionName"]["zh-CN"], "提现");
    let reviewed = entry(&log, Withdrawals::CHECK, "success");
    assert_eq!(reviewed["target"], order_no);
    assert_eq!(reviewed["email"], "checker@coffer.local");
    // The review is named by the decision taken, in each language.
    assert_eq!(
        [
            &reviewed["actionName"]["en"],
            &reviewed["actionName"]["zh-CN"],
            &reviewed["actionName"]["zh-HK"]
        ],
        ["Reject withdrawal", "驳回提现", "駁回提現"]
    );
}

/// Calls whose body names only an id or an event are logged with what they changed: the
/// address with its chain, the hot wallet, the token, the order an event is about.
async fn id_only_calls_name_what_they_changed(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "5000").await;
    let merchant = demo_merchant(&app).await;
    let deposit = app
        .wallets
        .deposit_address(merchant, DEV, "user-1")
        .await
        .unwrap();
    let wallets = app.wallets(&p.token);
    let remark = json!({"id": deposit.id, "remark": "VIP"});
    assert_eq!(wallets.edit_remark(remark).await.code(), 1);
    let hot_id = wallets.hot_page(paging(1, 10)).await.data()["list"][0]["id"].clone();
    for status in [1, 0] {
        let body = json!({"id": hot_id, "status": status});
        assert_eq!(wallets.set_hot_status(body).await.code(), 1);
    }
    let asset_id = app.assets(&p.token).list_all().await.data()[0]["id"].clone();
    let disable = json!({"id": asset_id, "status": 0});
    assert_eq!(app.assets(&p.token).set_status(disable).await.code(), 1);
    let enable = json!({"id": asset_id, "status": 1});
    assert_eq!(app.assets(&p.token).set_status(enable).await.code(), 1);

    // Held for review: its first callback event, pushed again by order and by event.
    let requested = withdraw(&app, &p, "1200", json!({})).await;
    let (id, order_no) = (
        requested.data()["id"].clone(),
        requested.data()["orderNo"].clone(),
    );
    app.executor.step().await.unwrap();
    let pushed = app.withdrawals(&p.token).push(json!({"id": id})).await;
    assert_eq!(pushed.code(), 1, "{:?}", pushed.body);
    let event_id = pushed.data()["eventId"].clone();
    let again = app.callbacks(&p.token).push(json!({"eventId": event_id})).await;
    assert_eq!(again.code(), 1, "{:?}", again.body);

    let log = entries(&app, &p.token).await;
    let target = |action: &str| entry(&log, action, "success")["target"].clone();
    assert_eq!(
        target(Wallets::EDIT_REMARK),
        json!(format!("{} (Devchain)", deposit.address))
    );
    assert_eq!(target(Wallets::SET_HOT_STATUS), json!(p.hot));
    let hot_entries = log.iter().filter(|e| e["action"] == Wallets::SET_HOT_STATUS);
    assert!(hot_entries.map(|e| &e["target"]).all(|t| t == p.hot.as_str()));
    assert_eq!(target(Assets::SET_STATUS), "USDT (Devchain)");
    assert_eq!(target(Withdrawals::PUSH), order_no);
    assert_eq!(target(Callbacks::PUSH), order_no);
    assert!(
        !log.iter().any(|e| e["target"].as_str().unwrap().starts_with('#')),
        "{log:?}"
    );
}

/// A refused call names what its body names, as a successful one does: the chain and token by
/// their names (Collect now as when it runs), the chain, the cold addresses asked for; a chain or
/// token the configuration does not have by its numbers.
async fn refused_calls_name_what_their_body_names(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let token = app.sign_in_demo().await;
    let (cold_a, cold_b) = (
        "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
        "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
    );
    let refused = [
        (
            Collection::COLLECT_NOW,
            json!({"chainId": EVM, "tokenId": 101, "depositAddressIds": [1], "googleCode": "123456"}),
            "USDT (Anvil)".to_string(),
        ),
        (
            Collection::SAVE_FEES,
            json!({"chainId": EVM, "maxFee": "x", "googleCode": "123456"}),
            "Anvil".to_string(),
        ),
        (
            Wallets::ADD_HOT,
            json!({"chainId": 999_999, "remark": "spare"}),
            "#999999".to_string(),
        ),
        (
            Assets::ADD,
            json!({"chainId": DEV, "tokenId": 99, "paymentAddress": ""}),
            format!("#{DEV} #99"),
        ),
        (
            Assets::REQUEST_COLD_ADDRESS,
            json!({"assetId": 77, "coldAddresses": [{"address": cold_a, "ratio": "0.5"}, {"address": cold_b, "ratio": "0.4"}], "googleCode": "123456"}),
            format!("{cold_a}, {cold_b}"),
        ),
    ];
    for (path, body, _) in &refused {
        let answered = app.post_as(&token, path, body.clone()).await;
        assert_ne!(answered.code(), 1, "{path} is refused: {:?}", answered.body);
    }
    let log = entries(&app, &token).await;
    for (path, _, target) in refused {
        assert_eq!(entry(&log, path, "failure")["target"], target, "{path}");
    }
}

/// An entry written before actions were named, or for a call no longer routed, keeps its path
/// and an empty target; the console shows them as they are.
async fn older_entries_keep_their_path(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let merchant_id = app.store.merchant_of(DEMO_EMAIL).await.unwrap().unwrap();
    app.store
        .insert_operation_log(NewOperationLog {
            merchant_id,
            user_id: 1,
            email: DEMO_EMAIL,
            call: AuditRecord {
                action: "/api/partner/retired/call",
                target: "",
                before: "",
                after: "{}",
                ip: "127.0.0.1",
                user_agent: "",
                code: 1,
            },
            at: Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap(),
        })
        .await
        .unwrap();
    let log = entries(&app, &admin).await;
    let old = entry(&log, "/api/partner/retired/call", "success");
    assert_eq!(
        (old["actionName"].clone(), old["target"].clone()),
        (Value::Null, json!(""))
    );
}

async fn another_merchant_reads_none_of_it(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    request_ip_from_browser(&app, &admin, "203.0.113.8").await;
    let outsider = app.other_merchant().await;
    let theirs = app.logs(&outsider).operations(paging(1, 50)).await;
    assert_eq!(theirs.code(), 1);
    assert_eq!(theirs.data()["total"], 0, "{:?}", theirs.body);
    let by_email = app
        .logs(&outsider)
        .operations(json!({"page": 1, "pageSize": 50, "email": DEMO_EMAIL}))
        .await;
    assert_eq!(by_email.data()["total"], 0);
    let their_own = app.me(&outsider).my_logs(paging(1, 50)).await;
    assert_eq!(their_own.data()["total"], 0);
    // Ours are still there for us.
    assert_eq!(entries(&app, &admin).await.len(), 1);
}

each_database!(
    refused_calls_name_what_their_body_names,
    entries_name_their_action_target_and_browser,
    money_entries_name_their_orders,
    id_only_calls_name_what_they_changed,
    older_entries_keep_their_path,
    another_merchant_reads_none_of_it,
);

//! Assets and cold addresses: enabling tokens, settings, cold-address requests with every rule,
//! the operator's review, permissions and tenant isolation.

use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::console::paging;
use crate::helpers::{fields, strings, TestApp};
use crate::wallets::{app_with_dev_seed, bind_google, google_code, list, EVM, TRON};

pub const DEV: i64 = 1337;
pub const COLD_A: &str = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const COLD_B: &str = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
const TRON_COLD: &str = "TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C";

pub fn collect() -> Value {
    json!({"autoCollect": true, "collectType": 2, "startTime": "00:00", "intervalHours": 6,
           "minCollectAmount": "10", "minSplitAmount": "5000.50"})
}

pub fn risk() -> Value {
    json!({"minReviewAmount": "1000", "maxDailyCount": 20, "dailyLimit": "50000"})
}

pub async fn hot_wallet(app: &TestApp, token: &str, chain: i64) -> String {
    let added = app.wallets(token).add_hot(json!({"chainId": chain})).await;
    added.data()["address"].as_str().unwrap().to_string()
}

async fn assets_enable_tokens_on_every_chain(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let token = app.sign_in_demo().await;
    let config = app.me(&token).home_config().await;
    let families = strings(&config.data()["chainNodes"], "family");
    assert_eq!(families, vec!["dev", "evm", "tron"]);
    assert_eq!(config.data()["partnerChainNodes"], json!([]));

    let add = |body: Value| app.assets(&token).add_v2(body);
    let empty = add(
        json!({"chainId": DEV, "tokenId": 1, "paymentAddress": " ", "collect": collect(), "risk": risk()}),
    )
    .await;
    assert_eq!(
        empty.code_and_msg(),
        (10422, "Merchant payment address cannot be empty")
    );
    let stranger = add(
        json!({"chainId": DEV, "tokenId": 1, "paymentAddress": COLD_A, "collect": collect(), "risk": risk()}),
    )
    .await;
    assert_eq!(
        stranger.msg(),
        "The payment address must be one of your hot wallets on this chain"
    );

    let mut payers = Vec::new();
    for (chain, token_id) in [(DEV, 1), (EVM, 101), (TRON, 201)] {
        let payer = hot_wallet(&app, &token, chain).await;
        let wrong_chain = add(json!({"chainId": chain, "tokenId": 999, "paymentAddress": payer, "collect": collect(), "risk": risk()})).await;
        assert_eq!(wrong_chain.msg(), "Unknown chain or token");
        // EVM-style addresses may be typed in lower case; they are stored canonical.
        let typed = if chain == TRON {
            payer.clone()
        } else {
            payer.to_lowercase()
        };
        let added = add(json!({"chainId": chain, "tokenId": token_id, "paymentAddress": typed, "collect": collect(), "risk": risk()})).await;
        assert_eq!(added.code(), 1, "{chain}: {:?}", added.body);
        payers.push(payer);
    }
    let twice = add(json!({"chainId": DEV, "tokenId": 1, "paymentAddress": payers[0], "collect": collect(), "risk": risk()})).await;
    assert_eq!(twice.msg(), "This token is already added");
    let other_chain = add(json!({"chainId": DEV, "tokenId": 101, "paymentAddress": payers[0], "collect": collect(), "risk": risk()})).await;
    assert_eq!(
        other_chain.msg(),
        "Unknown chain or token",
        "a token of another chain"
    );

    let assets = app.assets(&token).list_all().await;
    let rows = assets.data().as_array().unwrap().clone();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["symbol"], "USDT");
    assert_eq!(rows[0]["chainname"], "Devchain");
    assert_eq!(rows[0]["symbol_price"], "1");
    assert_eq!(
        rows[0]["collect"]["minSplitAmount"], "5000.5",
        "canonical decimal"
    );
    assert_eq!(rows[0]["coldStatus"], 0);
    assert_eq!(rows[0]["applyStatus"], Value::Null);
    assert_eq!(rows[2]["paymentAddress"], payers[2].as_str());
    let config = app.me(&token).home_config().await;
    assert_eq!(config.data()["partnerChainNodes"].as_array().unwrap().len(), 3);

    // Settings: amounts exact to the token's decimals, schedules in range; nothing changes on error.
    let id = rows[0]["id"].as_i64().unwrap();
    let edit = |collect: Value, risk: Value| {
        app.assets(&token)
            .edit(json!({"id": id, "paymentAddress": payers[0], "collect": collect, "risk": risk}))
    };
    let mut precise = collect();
    precise["minCollectAmount"] = json!("0.0000001");
    assert_eq!(edit(precise, risk()).await.msg(), "Invalid amount");
    let mut schedule = collect();
    schedule["startTime"] = json!("25:00");
    assert_eq!(edit(schedule, risk()).await.msg(), "Invalid collection settings");
    let mut float = risk();
    float["dailyLimit"] = json!(1.5);
    assert_eq!(
        edit(collect(), float).await.code(),
        10400,
        "numbers are refused: amounts are strings"
    );
    let mut changed = collect();
    changed["autoCollect"] = json!(false);
    assert_eq!(edit(changed, risk()).await.code(), 1);
    let status = app
        .assets(&token)
        .set_status(json!({"id": id, "status": 0}))
        .await;
    assert_eq!(status.code(), 1);
    let assets = app.assets(&token).list(json!({"chainId": DEV})).await;
    let row = &assets.data()[0];
    assert_eq!(
        (row["status"].clone(), row["collect"]["autoCollect"].clone()),
        (json!(0), json!(false))
    );
    assert_eq!(
        row["collect"]["minCollectAmount"], "10",
        "the refused edits changed nothing"
    );
    let config = app.me(&token).home_config().await;
    assert_eq!(
        config.data()["partnerChainNodes"].as_array().unwrap().len(),
        2,
        "a disabled token's chain"
    );
}

async fn cold_addresses_change_only_through_approved_requests(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let token = app.sign_in_demo().await;
    let payer = hot_wallet(&app, &token, EVM).await;
    let added = app
        .assets(&token)
        .add(json!({"chainId": EVM, "tokenId": 101, "paymentAddress": payer}))
        .await;
    let asset = added.data()["id"].as_i64().unwrap();
    let request = |addresses: Value, code: String| {
        app.assets(&token)
            .request_cold_address(json!({"assetId": asset, "coldAddresses": addresses, "googleCode": code}))
    };
    let two = json!([{"address": COLD_A, "ratio": "0.6"}, {"address": COLD_B, "ratio": "0.4"}]);
    let unbound = request(two.clone(), "123456".into()).await;
    assert_eq!(
        unbound.code_and_msg(),
        (11008, "Please bind Google verification code first")
    );
    let secret = bind_google(&app, &token).await;

    let six: Vec<Value> = (0..6)
        .map(|i| json!({"address": format!("0x{:040x}", i + 1), "ratio": "0.1"}))
        .collect();
    let cases = [
        (json!(six), "At most 5 collection addresses"),
        (
            json!([{"address": COLD_A, "ratio": "0.5"}, {"address": COLD_A.to_lowercase(), "ratio": "0.5"}]),
            "Address input is incorrect or duplicate",
        ),
        (
            json!([{"address": TRON_COLD, "ratio": "1"}]),
            "Address input is incorrect or duplicate",
        ),
        (
            json!([{"address": COLD_A.replace("0x90F7", "0x90f7"), "ratio": "1"}]),
            "Address input is incorrect or duplicate",
        ),
        (
            json!([{"address": COLD_A, "ratio": "0.6"}, {"address": COLD_B, "ratio": "0.399"}]),
            "The ratios must total 1",
        ),
        (
            json!([{"address": COLD_A, "ratio": "0.6"}, {"address": COLD_B, "ratio": "0.40001"}]),
            "Each ratio is a number above 0 and at most 1, with at most 4 decimals",
        ),
        (
            json!([{"address": COLD_A, "ratio": "0"}, {"address": COLD_B, "ratio": "1"}]),
            "Each ratio is a number above 0 and at most 1, with at most 4 decimals",
        ),
        (
            json!([{"address": COLD_A, "ratio": "1.5"}]),
            "Each ratio is a number above 0 and at most 1, with at most 4 decimals",
        ),
        (json!([]), "Address input is incorrect or duplicate"),
    ];
    for (addresses, expected) in cases {
        let refused = request(addresses.clone(), google_code(&app, &secret)).await;
        let code = if expected == "At most 5 collection addresses" {
            16004
        } else {
            10422
        };
        assert_eq!(refused.code_and_msg(), (code, expected), "{addresses}");
    }
    let wrong_code = request(two.clone(), "000000".into()).await;
    assert!(wrong_code.code() == 11002 || google_code(&app, &secret) == "000000");
    let requests = app.assets(&token).token_requests(paging(1, 10)).await;
    assert_eq!(requests.data()["total"], 0, "refused requests store nothing");

    let accepted = request(two.clone(), google_code(&app, &secret)).await;
    assert_eq!(accepted.code(), 1, "{:?}", accepted.body);
    let second = request(
        json!([{"address": COLD_A, "ratio": "1"}]),
        google_code(&app, &secret),
    )
    .await;
    assert_eq!(second.msg(), "A request for this token is awaiting review");
    let requests = app
        .assets(&token)
        .token_requests(json!({"page": 1, "pageSize": 10, "assetId": asset}))
        .await;
    let row = &list(&requests)[0];
    assert_eq!(fields(row, &["applyStatus", "status"]), json!([0, 0]));
    assert_eq!(row["coldAddresses"], two);
    let listed = app.assets(&token).list_all().await;
    assert_eq!(
        listed.data()[0]["coldStatus"],
        0,
        "nothing in force before approval"
    );
    assert_eq!(listed.data()[0]["applyStatus"], 0);

    // The request is in the operation log, its authenticator code masked.
    let logs = app
        .logs(&token)
        .operations(json!({"page": 1, "pageSize": 50, "action": "requestColdAddress"}))
        .await;
    let entries = list(&logs);
    assert!(!entries.is_empty());
    assert!(
        entries
            .iter()
            .all(|e| e["after"].as_str().unwrap().contains(r#""googleCode":"***""#)),
        "{entries:?}"
    );

    let id = row["id"].as_i64().unwrap();
    assert!(app.wallets.review_token_request(id, true, "").await.unwrap());
    assert!(
        !app.wallets.review_token_request(id, true, "").await.unwrap(),
        "approved once"
    );
    let listed = app.assets(&token).list_all().await;
    assert_eq!(listed.data()[0]["coldAddresses"], two);
    assert_eq!(listed.data()[0]["coldStatus"], 1);
    let cold = app
        .assets(&token)
        .cold_addresses(json!({"page": 1, "pageSize": 10, "assetId": asset}))
        .await;
    let ratios: Vec<Value> = list(&cold).iter().map(|c| c["ratio"].clone()).collect();
    assert_eq!(ratios, vec![json!("0.6"), json!("0.4")]);

    // A replacement: rejected first (reason shown), then approved, replacing the old set.
    let one = json!([{"address": COLD_B, "ratio": "1.0000"}]);
    let next = request(one, google_code(&app, &secret)).await;
    let next_id = next.data()["id"].as_i64().unwrap();
    assert!(app
        .wallets
        .review_token_request(next_id, false, "unknown owner")
        .await
        .unwrap());
    let requests = app.assets(&token).token_requests(paging(1, 10)).await;
    assert_eq!(list(&requests)[0]["reason"], "unknown owner");
    assert_eq!(list(&requests)[0]["applyStatus"], 2);
    assert_eq!(list(&requests)[1]["status"], 1, "the approved set stays in force");
    let again = request(
        json!([{"address": COLD_B, "ratio": "1"}]),
        google_code(&app, &secret),
    )
    .await;
    assert!(app
        .wallets
        .review_token_request(again.data()["id"].as_i64().unwrap(), true, "")
        .await
        .unwrap());
    let cold = app.assets(&token).cold_addresses(paging(1, 10)).await;
    assert_eq!(list(&cold).len(), 1);
    assert_eq!(list(&cold)[0]["address"], COLD_B);
    assert_eq!(list(&cold)[0]["ratio"], "1");
}

each_database!(
    assets_enable_tokens_on_every_chain,
    cold_addresses_change_only_through_approved_requests,
);

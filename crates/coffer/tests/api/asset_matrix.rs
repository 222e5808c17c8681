//! Menus 2 (assets and addresses) at the console API: every call needs a session and its menu,
//! and stays in its merchant.

use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::assets::{collect, hot_wallet, risk, COLD_A, DEV};
use crate::console::{paging, Assets, Wallets};
use crate::wallets::{app_with_dev_seed, list};

/// Every wallet endpoint with its menu id and an otherwise acceptable body.
fn gated_calls(asset: i64, wallet: i64, address: i64) -> Vec<(&'static str, i64, Value)> {
    vec![
        (Assets::LIST, 201, json!({})),
        (
            Assets::ADD,
            20101,
            json!({"chainId": DEV, "tokenId": 1, "paymentAddress": "x"}),
        ),
        (
            Assets::ADD_V2,
            20101,
            json!({"chainId": DEV, "tokenId": 1, "paymentAddress": "x", "collect": collect(), "risk": risk()}),
        ),
        (
            Assets::EDIT,
            20102,
            json!({"id": asset, "paymentAddress": "x", "collect": collect(), "risk": risk()}),
        ),
        (Assets::SET_STATUS, 20103, json!({"id": asset, "status": 0})),
        (Assets::COLD_ADDRESSES, 201, paging(1, 10)),
        (
            Assets::REQUEST_COLD_ADDRESS,
            20104,
            json!({"assetId": asset, "coldAddresses": [{"address": COLD_A, "ratio": "1"}], "googleCode": "123456"}),
        ),
        (Assets::TOKEN_REQUESTS, 201, paging(1, 10)),
        (Wallets::ADDRESSES, 202, paging(1, 10)),
        (Wallets::EDIT_REMARK, 20201, json!({"id": address, "remark": "x"})),
        (Wallets::HOT_PAGE, 205, paging(1, 10)),
        (Wallets::ADD_HOT, 20501, json!({"chainId": DEV})),
        (Wallets::SET_HOT_STATUS, 20502, json!({"id": wallet, "status": 1})),
    ]
}

async fn wallet_calls_need_their_menu_and_stay_in_their_merchant(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let admin = app.sign_in_demo().await;
    let payer = hot_wallet(&app, &admin, DEV).await;
    let wallets = app.wallets(&admin).hot_page(paging(1, 10)).await;
    let wallet = list(&wallets)[0]["id"].as_i64().unwrap();
    let added = app
        .assets(&admin)
        .add(json!({"chainId": DEV, "tokenId": 1, "paymentAddress": payer}))
        .await;
    let asset = added.data()["id"].as_i64().unwrap();
    let merchant = crate::wallets::demo_merchant(&app).await;
    let address = app
        .wallets
        .deposit_address(merchant, DEV, "user-1")
        .await
        .unwrap()
        .id;

    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[1])
        .await;
    let outsider = app.other_merchant().await;
    for (path, menu, body) in gated_calls(asset, wallet, address) {
        app.assert_gated(&viewer, path, &body, &menu.to_string()).await;
        let foreign = app.post_as(&outsider, path, body).await;
        if ["edit", "status", "requestColdAddress", "editRemark"]
            .iter()
            .any(|p| path.contains(p))
        {
            assert_eq!(
                foreign.code_and_msg(),
                (17001, "No such record"),
                "{path} across merchants"
            );
        } else if foreign.code() == 1 {
            let data = foreign.data();
            let rows = data["list"]
                .as_array()
                .or(data.as_array())
                .cloned()
                .unwrap_or_default();
            assert!(
                rows.iter().all(|r| r["id"] != json!(asset)
                    && r["id"] != json!(wallet)
                    && r["id"] != json!(address))
                    || path.contains("add"),
                "{path} shows another merchant's rows: {rows:?}"
            );
        }
    }
    // Our records are untouched by the outsider's attempts.
    let wallets = app.wallets(&admin).hot_page(paging(1, 10)).await;
    assert_eq!(list(&wallets)[0]["status"], 0);
    let assets = app.assets(&admin).list_all().await;
    assert_eq!(assets.data()[0]["status"], 1);
}

each_database!(wallet_calls_need_their_menu_and_stay_in_their_merchant);

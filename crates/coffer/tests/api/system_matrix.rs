//! Menu 8 (system) at the console API: every call needs a session and its menu, and stays in
//! its merchant.

use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::console::{paging, Callbacks, MerchantKeys, Wallets};
use crate::helpers::{spawn_app_with, DEMO_EMAIL, OTHER_EMAIL, OTHER_PASSWORD};
use crate::wallets::{bind_google, google_code, offline_chains, EVM};

/// (path, menu, body) of every console call of menu 8 this module serves.
fn gated_calls(blacklisted: i64) -> Vec<(&'static str, i64, Value)> {
    vec![
        (MerchantKeys::SETTINGS, 803, json!({})),
        (MerchantKeys::SHOW_SECRET, 80301, json!({"googleCode": "123456"})),
        (MerchantKeys::RESET_SECRET, 80302, json!({"googleCode": "123456"})),
        (
            MerchantKeys::SAVE_CLIENT_KEY,
            80303,
            json!({"publicKey": "x", "googleCode": "123456"}),
        ),
        (
            Callbacks::SAVE_URL,
            80402,
            json!({"callbackUrl": "https://evil.example/"}),
        ),
        (MerchantKeys::ALLOWED_IPS, 805, json!({})),
        (
            MerchantKeys::EDIT_ALLOWED_IPS,
            80501,
            json!({"ips": ["198.51.100.66"]}),
        ),
        (Wallets::BLACKLIST, 802, paging(1, 10)),
        (
            Wallets::BLACKLIST_ADD,
            80201,
            json!({"chainId": EVM, "address": "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"}),
        ),
        (Wallets::BLACKLIST_DELETE, 80202, json!({"id": blacklisted})),
    ]
}

async fn system_calls_need_their_menu_and_stay_in_their_merchant(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let admin = app.sign_in_demo().await;
    let google = bind_google(&app, &admin).await;
    let reset = app
        .merchant_keys(&admin)
        .reset_secret(json!({"googleCode": google_code(&app, &google)}))
        .await;
    let secret = reset.data()["secret"].as_str().unwrap().to_string();
    app.callbacks(&admin).save_url_to("https://shop.example/cb").await;
    app.merchant_keys(&admin)
        .edit_allowed_ips(json!({"ips": ["203.0.113.1"]}))
        .await;
    let added = app
        .wallets(&admin)
        .blacklist_add(json!({"chainId": EVM, "address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"}))
        .await;
    let blacklisted = added.data()["id"].as_i64().unwrap();

    // The callback screen (804) reads the settings too; nothing else of menu 8.
    app.store
        .add_user(DEMO_EMAIL, "viewer@coffer.local", "Viewer-Pass-2026", &[1, 804])
        .await
        .unwrap();
    app.store.seed_demo(OTHER_EMAIL, OTHER_PASSWORD).await.unwrap();
    let viewer = app.sign_in("viewer@coffer.local", "Viewer-Pass-2026").await;
    let outsider = app.sign_in(OTHER_EMAIL, OTHER_PASSWORD).await;
    for (path, menu, body) in gated_calls(blacklisted) {
        assert_eq!(
            app.post(path, body.clone()).await.code(),
            10506,
            "{path} without a session"
        );
        let as_viewer = app.post_as(&viewer, path, body.clone()).await;
        if path == MerchantKeys::SETTINGS {
            assert_eq!(as_viewer.code(), 1, "804 reads the settings");
            assert_eq!(as_viewer.data()["callbackUrl"], "https://shop.example/cb");
        } else {
            assert_eq!(as_viewer.code(), 10403, "{path} needs {menu}");
        }
        let foreign = app.post_as(&outsider, path, body).await;
        assert!(!foreign.body.to_string().contains(&secret), "{path}");
        match path {
            MerchantKeys::SETTINGS => {
                assert_eq!(foreign.data()["hasKey"], false);
                assert_eq!(foreign.data()["callbackUrl"], "");
            }
            Wallets::BLACKLIST_DELETE => {
                assert_eq!(foreign.code_and_msg(), (17001, "No such record"));
            }
            Wallets::BLACKLIST => assert_eq!(foreign.data()["total"], 0),
            MerchantKeys::ALLOWED_IPS => assert_eq!(foreign.data(), &json!([])),
            _ => {}
        }
    }
    // Our settings are untouched by the outsider's calls.
    let ours = app.merchant_keys(&admin).settings().await;
    assert_eq!(ours.data()["callbackUrl"], "https://shop.example/cb");
    assert_eq!(ours.data()["keyId"], reset.data()["keyId"]);
    let ips = app.merchant_keys(&admin).allowed_ips().await;
    assert_eq!(ips.data()[0]["ip"], "203.0.113.1");
    let blacklist = app.wallets(&admin).blacklist(paging(1, 10)).await;
    assert_eq!(blacklist.data()["total"], 1);
    let shown = app
        .merchant_keys(&admin)
        .show_secret(json!({"googleCode": google_code(&app, &google)}))
        .await;
    assert_eq!(shown.data()["secret"], secret.as_str());
}

each_database!(system_calls_need_their_menu_and_stay_in_their_merchant);

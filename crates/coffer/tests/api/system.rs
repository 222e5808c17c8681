//! System: keys and access (menu 8) at the console API: the API key behind the authenticator,
//! the merchant's RSA key upload, the callback address, the whitelist, the address blacklist,
//! and who may call what.

use coffer_domain::crypto::SecretBox;
use coffer_domain::merchant_api::keys::API_KEY_PURPOSE;
use coffer_domain::merchant_api::{BlacklistRepo, MerchantApiRepo};
use coffer_domain::ports::CallbackDirectory;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::console::{paging, MerchantKeys};
use crate::helpers::{spawn_app, spawn_app_with, TestApp};
use crate::wallets::{bind_google, demo_merchant, google_code, list, offline_chains, EVM, TRON};

pub async fn operation_log(app: &TestApp, token: &str, action: &str) -> Vec<Value> {
    let logs = app
        .logs(token)
        .operations(json!({"page": 1, "pageSize": 50, "action": action}))
        .await;
    list(&logs)
}

async fn the_api_key_needs_the_authenticator(db: TestDb) {
    let app = spawn_app(db).await;
    let token = app.sign_in_demo().await;
    let settings = app.merchant_keys(&token).settings().await;
    assert_eq!(settings.code(), 1, "{:?}", settings.body);
    let platform_key_id = settings.data()["platformKeyId"].as_str().unwrap().to_string();
    let platform_key = settings.data()["platformPublicKey"].as_str().unwrap().to_string();
    assert!(
        platform_key.starts_with("-----BEGIN PUBLIC KEY-----"),
        "{platform_key}"
    );
    assert_eq!(
        settings.data(),
        &json!({"hasKey": false, "keyId": null, "createtime": null, "callbackUrl": "", "riskUrl": "",
                "clientKey": null, "platformKeyId": platform_key_id, "platformPublicKey": platform_key})
    );
    for path in [MerchantKeys::SHOW_SECRET, MerchantKeys::RESET_SECRET] {
        let unbound = app.post_as(&token, path, json!({"googleCode": "123456"})).await;
        assert_eq!(
            unbound.code_and_msg(),
            (11008, "Please bind Google verification code first"),
            "{path}"
        );
    }
    let google = bind_google(&app, &token).await;
    let wrong = app
        .merchant_keys(&token)
        .reset_secret(json!({"googleCode": "000000"}))
        .await;
    assert_eq!(wrong.code(), 11002);
    let empty = app.merchant_keys(&token).reset_secret(json!({})).await;
    assert_eq!(
        empty.code_and_msg(),
        (10422, "Google verification code cannot be empty")
    );
    let none_yet = app
        .merchant_keys(&token)
        .show_secret(json!({"googleCode": google_code(&app, &google)}))
        .await;
    assert_eq!(
        none_yet.code_and_msg(),
        (10422, "There is no API key yet; generate one first")
    );

    let reset = app
        .merchant_keys(&token)
        .reset_secret(json!({"googleCode": google_code(&app, &google)}))
        .await;
    assert_eq!(reset.code(), 1, "{:?}", reset.body);
    let key_id = reset.data()["keyId"].as_str().unwrap().to_string();
    let secret = reset.data()["secret"].as_str().unwrap().to_string();
    assert!(key_id.starts_with("ck_"));
    assert!(
        secret.starts_with(&format!("{key_id}_")) && secret.len() == 84,
        "{secret}"
    );

    let settings = app.merchant_keys(&token).settings().await;
    assert_eq!(settings.data()["hasKey"], true);
    assert_eq!(settings.data()["keyId"], key_id.as_str());
    assert!(
        !settings.body.to_string().contains(&secret),
        "no secret in /secret"
    );

    let wrong = app
        .merchant_keys(&token)
        .show_secret(json!({"googleCode": "000000"}))
        .await;
    assert_eq!(wrong.code(), 11002);
    let shown = app
        .merchant_keys(&token)
        .show_secret(json!({"googleCode": google_code(&app, &google)}))
        .await;
    assert_eq!(shown.code(), 1, "{:?}", shown.body);
    assert_eq!(shown.data()["secret"], secret.as_str());
    assert_eq!(shown.data()["keyId"], key_id.as_str());

    let again = app
        .merchant_keys(&token)
        .reset_secret(json!({"googleCode": google_code(&app, &google)}))
        .await;
    let new_secret = again.data()["secret"].as_str().unwrap().to_string();
    assert_ne!(new_secret, secret);
    assert_ne!(again.data()["keyId"], key_id.as_str());

    // Showing and resetting are in the operation log, without the key or the code.
    let entries = operation_log(&app, &token, "/api/partner/secret/").await;
    let actions: Vec<&str> = entries.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert!(actions.contains(&MerchantKeys::SHOW_SECRET) && actions.contains(&MerchantKeys::RESET_SECRET));
    let text = serde_json::to_string(&entries).unwrap();
    assert!(!text.contains(&secret) && !text.contains(&new_secret), "{text}");
    assert!(entries.iter().all(|e| {
        let after = e["after"].as_str().unwrap();
        !after.contains("googleCode") || after.contains(r#""googleCode":"***""#)
    }));
    // Each names the key by its id: the one shown, the one a reset made.
    let named = |action: &str| -> Vec<Value> {
        let done = entries
            .iter()
            .filter(|e| e["action"] == action && e["result"] == "success");
        done.map(|e| e["target"].clone()).collect()
    };
    assert_eq!(named(MerchantKeys::SHOW_SECRET), vec![json!(key_id)]);
    assert_eq!(
        named(MerchantKeys::RESET_SECRET),
        vec![again.data()["keyId"].clone(), json!(key_id)]
    );

    // Rotating the master key keeps the API key readable.
    let merchant = demo_merchant(&app).await;
    let next = SecretBox::new(&SecretBox::generate_key());
    app.vault.rotate(&next).await.unwrap();
    let sealed = app
        .store
        .api_settings(merchant)
        .await
        .unwrap()
        .key_sealed
        .unwrap();
    assert_eq!(
        next.open(API_KEY_PURPOSE, &sealed).unwrap(),
        new_secret.as_bytes()
    );
}

async fn the_callback_address_is_a_checked_url(db: TestDb) {
    let app = spawn_app(db).await;
    let token = app.sign_in_demo().await;
    let merchant = demo_merchant(&app).await;
    let save = |url: &str| app.callbacks(&token).save_url(json!({"callbackUrl": url}));
    for bad in [
        "shop.example/callback",
        "https://user:pw@shop.example/",
        "https://",
    ] {
        assert_eq!(
            save(bad).await.code_and_msg(),
            (
                10422,
                "The callback address must be an http:// or https:// URL with a host, at most 512 characters"
            ),
            "{bad}"
        );
    }
    assert_eq!(
        save("ftp://shop.example/x").await.code_and_msg(),
        (10422, "The address must start with http:// or https://")
    );
    assert_eq!(app.store.callback_url(merchant).await.unwrap(), None);
    let saved = save(" https://shop.example/coffer/callback ").await;
    assert_eq!(saved.code(), 1);
    assert_eq!(
        saved.data()["callbackUrl"],
        "https://shop.example/coffer/callback"
    );
    assert_eq!(
        app.store.callback_url(merchant).await.unwrap().as_deref(),
        Some("https://shop.example/coffer/callback")
    );
    let settings = app.merchant_keys(&token).settings().await;
    assert_eq!(
        settings.data()["callbackUrl"],
        "https://shop.example/coffer/callback"
    );
    let cleared = save("").await;
    assert_eq!(cleared.data()["callbackUrl"], "");
    assert_eq!(app.store.callback_url(merchant).await.unwrap(), None);
    let entries = operation_log(&app, &token, "callbackurl").await;
    assert_eq!(entries.len(), 6);
    assert_eq!(
        entries[0]["before"].as_str().unwrap(),
        r#"{"callbackUrl":"https://shop.example/coffer/callback"}"#
    );
}

async fn the_whitelist_holds_ten_canonical_addresses(db: TestDb) {
    let app = spawn_app(db).await;
    let token = app.sign_in_demo().await;
    let edit = |ips: Value| app.merchant_keys(&token).edit_allowed_ips(json!({"ips": ips}));
    let empty = app.merchant_keys(&token).allowed_ips().await;
    assert_eq!(empty.data(), &json!([]));

    let first = edit(json!([
        "0:0:0:0:0:0:0:1",
        "::1",
        " 203.0.113.1 ",
        "::ffff:203.0.113.2"
    ]))
    .await;
    assert_eq!(first.code(), 1, "{:?}", first.body);
    let ips = |a: &crate::helpers::Answer| -> Vec<String> {
        a.data()
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["ip"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(ips(&first), ["::1", "203.0.113.1", "203.0.113.2"]);
    let created = first.data()[0]["createtime"].clone();

    for bad in ["10.0.0.0/8", "example.com", "203.0.113"] {
        assert_eq!(
            edit(json!(["203.0.113.1", bad])).await.code_and_msg(),
            (10422, "Invalid IP address"),
            "{bad}"
        );
    }
    let eleven: Vec<String> = (1..=11).map(|n| format!("198.51.100.{n}")).collect();
    assert_eq!(
        edit(json!(eleven)).await.code_and_msg(),
        (16002, "At most 10 IP addresses")
    );
    let listed = app.merchant_keys(&token).allowed_ips().await;
    assert_eq!(
        ips(&listed),
        ["::1", "203.0.113.1", "203.0.113.2"],
        "refused edits change nothing"
    );

    app.clock.advance(chrono::Duration::minutes(1));
    let mut ten: Vec<String> = (1..=9).map(|n| format!("198.51.100.{n}")).collect();
    ten.insert(0, "::1".into());
    let replaced = edit(json!(ten)).await;
    assert_eq!(replaced.code(), 1);
    assert_eq!(ips(&replaced), ten);
    assert_eq!(
        replaced.data()[0]["createtime"],
        created,
        "kept entries keep their time"
    );
    let entries = operation_log(&app, &token, "allowips").await;
    assert_eq!(
        entries[0]["before"].as_str().unwrap(),
        r#"{"ips":["::1","203.0.113.1","203.0.113.2"]}"#
    );
    assert_eq!(edit(json!([])).await.data(), &json!([]));
}

async fn the_blacklist_holds_valid_addresses_of_the_merchant(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let token = app.sign_in_demo().await;
    let merchant = demo_merchant(&app).await;
    let add = |chain: i64, address: &str| {
        app.wallets(&token)
            .blacklist_add(json!({"chainId": chain, "address": address, "remark": "scam"}))
    };
    let evm = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    let added = add(EVM, &evm.to_lowercase()).await;
    assert_eq!(added.code(), 1, "{:?}", added.body);
    assert_eq!(added.data()["address"], evm, "stored canonical (EIP-55)");
    let id = added.data()["id"].as_i64().unwrap();
    assert_eq!(
        add(EVM, evm).await.code_and_msg(),
        (17003, "This address is already on the blacklist")
    );
    assert_eq!(
        add(EVM, "0x1234").await.code_and_msg(),
        (10422, "Invalid address for this chain")
    );
    assert_eq!(
        add(TRON, evm).await.code_and_msg(),
        (10422, "Invalid address for this chain")
    );
    assert_eq!(
        add(999, evm).await.code_and_msg(),
        (10422, "Unknown chain or token")
    );
    let tron = add(TRON, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").await;
    assert_eq!(tron.code(), 1);
    let long = app
        .wallets(&token).blacklist_add(json!({"chainId": TRON, "address": "TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6", "remark": "x".repeat(101)}))
        .await;
    assert_eq!(
        long.code_and_msg(),
        (10422, "The remark is longer than 100 characters")
    );

    let page = |filter: Value| {
        let mut body = paging(1, 10);
        body.as_object_mut()
            .unwrap()
            .extend(filter.as_object().unwrap().clone());
        app.wallets(&token).blacklist(body)
    };
    let all = page(json!({})).await;
    assert_eq!(all.data()["total"], 2);
    let rows = list(&all);
    assert_eq!(
        rows[0]["address"], "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        "newest first"
    );
    assert_eq!(rows[0]["chainname"], "TRON");
    assert_eq!(rows[1]["remark"], "scam");
    assert_eq!(list(&page(json!({"chainId": EVM})).await).len(), 1);
    assert_eq!(list(&page(json!({"address": "c51812DC"})).await)[0]["id"], id);
    assert!(app.store.is_blacklisted(merchant, EVM, evm).await.unwrap());

    let deleted = app.wallets(&token).blacklist_delete(json!({"id": id})).await;
    assert_eq!(deleted.code(), 1);
    assert!(!app.store.is_blacklisted(merchant, EVM, evm).await.unwrap());
    let twice = app.wallets(&token).blacklist_delete(json!({"id": id})).await;
    assert_eq!(twice.code_and_msg(), (17001, "No such record"));
    let entries = operation_log(&app, &token, "black/delete").await;
    assert!(
        entries[1]["before"].as_str().unwrap().contains(evm),
        "{entries:?}"
    );
    assert_eq!(
        entries[1]["target"], evm,
        "the address, though the body named an id"
    );
}

each_database!(
    the_api_key_needs_the_authenticator,
    the_callback_address_is_a_checked_url,
    the_whitelist_holds_ten_canonical_addresses,
    the_blacklist_holds_valid_addresses_of_the_merchant,
);

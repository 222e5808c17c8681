//! System: keys and access (menu 8) at the console API: the API key behind the authenticator,
//! the merchant's RSA key upload, the callback address, the whitelist, the address blacklist,
//! and who may call what.

use coffer_domain::crypto::SecretBox;
use coffer_domain::merchant_api::keys::API_KEY_PURPOSE;
use coffer_domain::merchant_api::MerchantApiRepo;
use coffer_domain::ports::CallbackDirectory;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};
use std::process::Command;

use crate::console::{paging, Callbacks, MerchantKeys, Wallets};
use crate::helpers::{spawn_app, spawn_app_with, TestApp, DEMO_EMAIL};
use crate::merchant_signing::{new_key, private_pem, public_pem, OTHER_EMAIL, OTHER_PASSWORD};
use crate::wallets::{bind_google, demo_merchant, google_code, list, offline_chains, EVM, TRON};

fn msg(answer: &crate::helpers::Answer) -> (i64, &str) {
    (answer.code(), answer.msg())
}

async fn operation_log(app: &TestApp, token: &str, action: &str) -> Vec<Value> {
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
            msg(&unbound),
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
    assert_eq!(msg(&empty), (10422, "Google verification code cannot be empty"));
    let none_yet = app
        .merchant_keys(&token)
        .show_secret(json!({"googleCode": google_code(&app, &google)}))
        .await;
    assert_eq!(
        msg(&none_yet),
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

fn openssl(args: &[&str], dir: &std::path::Path) -> String {
    let out = Command::new("openssl")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("openssl runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).to_string()
}

async fn the_merchant_key_is_checked_and_private_keys_refused(db: TestDb) {
    let app = spawn_app(db).await;
    let token = app.sign_in_demo().await;
    let google = bind_google(&app, &token).await;
    let save = |pem: String, code: String| {
        let token = token.clone();
        let app = &app;
        async move {
            app.merchant_keys(&token)
                .save_client_key(json!({"publicKey": pem, "googleCode": code}))
                .await
        }
    };
    let dir = tempfile::tempdir().unwrap();
    let pair = new_key();
    std::fs::write(dir.path().join("pub.pem"), public_pem(&pair)).unwrap();
    // The fingerprint is what openssl prints for the key's DER.
    openssl(
        &[
            "pkey", "-pubin", "-in", "pub.pem", "-outform", "DER", "-out", "pub.der",
        ],
        dir.path(),
    );
    let fingerprint = openssl(&["dgst", "-sha256", "-r", "pub.der"], dir.path())
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();

    let wrong_code = save(public_pem(&pair), "000000".into()).await;
    assert_eq!(wrong_code.code(), 11002);
    let saved = save(public_pem(&pair), google_code(&app, &google)).await;
    assert_eq!(saved.code(), 1, "{:?}", saved.body);
    assert_eq!(saved.data()["fingerprint"], fingerprint.as_str());
    assert_eq!(saved.data()["bits"], 2048);
    assert_eq!(saved.data()["publicKey"], public_pem(&pair).as_str());

    // PKCS#1 ("RSA PUBLIC KEY") is accepted and stored as the same key.
    openssl(
        &[
            "rsa",
            "-pubin",
            "-in",
            "pub.pem",
            "-RSAPublicKey_out",
            "-out",
            "pkcs1.pem",
        ],
        dir.path(),
    );
    let pkcs1 = std::fs::read_to_string(dir.path().join("pkcs1.pem")).unwrap();
    assert!(pkcs1.starts_with("-----BEGIN RSA PUBLIC KEY-----"));
    let again = save(pkcs1, google_code(&app, &google)).await;
    assert_eq!(again.data()["fingerprint"], fingerprint.as_str());

    let garbage = save(
        "ssh-rsa AAAAB3NzaC1yc2E me@host".into(),
        google_code(&app, &google),
    )
    .await;
    assert_eq!(
        msg(&garbage),
        (
            10422,
            "Not an RSA public key in PEM format (-----BEGIN PUBLIC KEY-----)"
        )
    );
    let private = private_pem(&new_key());
    let refused = save(private.clone(), google_code(&app, &google)).await;
    assert_eq!(
        msg(&refused),
        (
            10422,
            "This is a private key: paste only the public key. The private key was not saved; keep it secret"
        )
    );
    openssl(
        &[
            "genpkey",
            "-algorithm",
            "RSA",
            "-pkeyopt",
            "rsa_keygen_bits:1024",
            "-out",
            "small.key",
        ],
        dir.path(),
    );
    openssl(
        &["pkey", "-in", "small.key", "-pubout", "-out", "small.pem"],
        dir.path(),
    );
    let small = save(
        std::fs::read_to_string(dir.path().join("small.pem")).unwrap(),
        google_code(&app, &google),
    )
    .await;
    assert_eq!(msg(&small), (10422, "The RSA key must be 2048 to 4096 bits long"));

    // The key in force is still the good one, and the private key was written nowhere.
    let settings = app.merchant_keys(&token).settings().await;
    assert_eq!(settings.data()["clientKey"]["fingerprint"], fingerprint.as_str());
    let entries = operation_log(&app, &token, "clientkey").await;
    assert_eq!(entries.len(), 6, "every attempt is recorded");
    let body_line = private.lines().nth(1).unwrap();
    let text = serde_json::to_string(&entries).unwrap();
    assert!(!text.contains(body_line) && !text.contains("PRIVATE"), "{text}");
    assert!(entries
        .iter()
        .all(|e| e["after"].as_str().unwrap().contains(r#""publicKey":"***""#)));
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
            msg(&save(bad).await),
            (
                10422,
                "The callback address must be an http:// or https:// URL with a host, at most 512 characters"
            ),
            "{bad}"
        );
    }
    assert_eq!(
        msg(&save("ftp://shop.example/x").await),
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
            msg(&edit(json!(["203.0.113.1", bad])).await),
            (10422, "Invalid IP address"),
            "{bad}"
        );
    }
    let eleven: Vec<String> = (1..=11).map(|n| format!("198.51.100.{n}")).collect();
    assert_eq!(
        msg(&edit(json!(eleven)).await),
        (10422, "At most 10 IP addresses")
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
        msg(&add(EVM, evm).await),
        (10422, "This address is already on the blacklist")
    );
    assert_eq!(
        msg(&add(EVM, "0x1234").await),
        (10422, "Invalid address for this chain")
    );
    assert_eq!(
        msg(&add(TRON, evm).await),
        (10422, "Invalid address for this chain")
    );
    assert_eq!(msg(&add(999, evm).await), (10422, "Unknown chain or token"));
    let tron = add(TRON, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").await;
    assert_eq!(tron.code(), 1);
    let long = app
        .wallets(&token).blacklist_add(json!({"chainId": TRON, "address": "TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6", "remark": "x".repeat(101)}))
        .await;
    assert_eq!(msg(&long), (10422, "The remark is longer than 100 characters"));

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
    assert_eq!(msg(&twice), (10422, "No such record"));
    let entries = operation_log(&app, &token, "black/delete").await;
    assert!(
        entries[1]["before"].as_str().unwrap().contains(evm),
        "{entries:?}"
    );
}

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
    app.callbacks(&admin)
        .save_url(json!({"callbackUrl": "https://shop.example/cb"}))
        .await;
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
                assert_eq!(msg(&foreign), (10422, "No such record"));
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

each_database!(
    the_api_key_needs_the_authenticator,
    the_merchant_key_is_checked_and_private_keys_refused,
    the_callback_address_is_a_checked_url,
    the_whitelist_holds_ten_canonical_addresses,
    the_blacklist_holds_valid_addresses_of_the_merchant,
    system_calls_need_their_menu_and_stay_in_their_merchant,
);

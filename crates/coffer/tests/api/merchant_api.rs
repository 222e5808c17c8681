//! The merchant API: signed server-to-server calls. Requests are signed with an RSA key made
//! here with aws-lc-rs, and at least once with the openssl command line, so the contract is the
//! one an independent implementation follows (docs/merchant-api.md).

use base64::Engine;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};
use std::process::Command;

use crate::helpers::{DEMO_EMAIL, DEMO_PASSWORD, OTHER_EMAIL, OTHER_PASSWORD};
use crate::merchant_signing::*;
use crate::wallets::{app_with_dev_seed, demo_merchant, EVM};

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().expect("openssl runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).to_string()
}

async fn a_signed_call_gets_the_users_deposit_address(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let merchant = demo_merchant(&app).await;
    let m = integrate(&app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;

    let ping = m.ping(&app).await;
    assert_eq!(ping.code(), 1, "{:?}", ping.body);
    assert_eq!(ping.data()["merchantId"], merchant);

    let body = address_body(EVM, "user-1");
    let first = m.call(&app, "POST", ADDRESS, &body).await;
    assert_eq!(first.code(), 1, "{:?}", first.body);
    let expected = app
        .wallets
        .deposit_address(merchant, EVM, "user-1")
        .await
        .unwrap();
    assert_eq!(first.data()["address"], expected.address.as_str());
    assert_eq!(first.data()["chainId"], EVM);
    assert_eq!(first.data()["openId"], "user-1");
    let again = m.call(&app, "POST", ADDRESS, &body).await;
    assert_eq!(again.data(), first.data(), "the same user keeps the address");

    // The rules of the wallet service hold: an unknown chain, an empty OpenID.
    for (chain, open_id, msg) in [
        (999, "user-1", "Unknown chain or token"),
        (EVM, " ", "OpenID must be 1 to 64 characters"),
    ] {
        let body = address_body(chain, open_id);
        let refused = m.call(&app, "POST", ADDRESS, &body).await;
        assert_eq!(refused.code_and_msg(), (10422, msg));
    }
    let body = r#"{"chainId":"x"}"#;
    let malformed = m.call(&app, "POST", ADDRESS, body).await;
    assert_eq!(malformed.code(), 10400, "{:?}", malformed.body);
    assert!(
        malformed.msg().contains("chainId"),
        "names the field: {}",
        malformed.msg()
    );

    // Signed by the openssl command line: an independent implementation of the contract.
    let dir = tempfile::tempdir().unwrap();
    let key_file = dir.path().join("merchant.key");
    let pub_file = dir.path().join("merchant.pub");
    std::fs::write(&key_file, private_pem(&m.pair)).unwrap();
    std::fs::write(&pub_file, public_pem(&m.pair)).unwrap();
    let body = address_body(EVM, "user-2");
    let mut headers = m.sign(&app, "POST", ADDRESS, &body);
    let message = canonical(
        "POST",
        ADDRESS,
        headers.timestamp.as_deref().unwrap(),
        headers.nonce.as_deref().unwrap(),
        &body,
    );
    let message_file = dir.path().join("canonical.txt");
    std::fs::write(&message_file, &message).unwrap();
    let sig_file = dir.path().join("sig.bin");
    run(Command::new("openssl")
        .args(["dgst", "-sha256", "-sign"])
        .arg(&key_file)
        .arg("-out")
        .arg(&sig_file)
        .arg(&message_file));
    let by_openssl = base64::engine::general_purpose::STANDARD.encode(std::fs::read(&sig_file).unwrap());
    // PKCS#1 v1.5 is deterministic: both implementations produce the same bytes.
    assert_eq!(&by_openssl, headers.signature.as_ref().unwrap());
    headers.signature = Some(by_openssl);
    let answered = send(&app, "POST", ADDRESS, &body, &headers).await;
    assert_eq!(answered.code(), 1, "{:?}", answered.body);
    // And openssl verifies what aws-lc-rs signed.
    let ours = base64::engine::general_purpose::STANDARD
        .decode(sign(&m.pair, &message))
        .unwrap();
    std::fs::write(&sig_file, ours).unwrap();
    let verified = run(Command::new("openssl")
        .args(["dgst", "-sha256", "-verify"])
        .arg(&pub_file)
        .arg("-signature")
        .arg(&sig_file)
        .arg(&message_file));
    assert!(verified.contains("Verified OK"), "{verified}");

    // The OpenAPI document is public and names the routes that exist.
    let doc = app.fetch("/merchant/v1/openapi.json").await;
    assert_eq!(doc.status(), 200);
    let doc: Value = doc.json().await.unwrap();
    assert_eq!(doc["openapi"], "3.0.3");
    assert!(doc["paths"][ADDRESS]["post"].is_object());
    assert!(doc["paths"][PING]["get"].is_object());
    let codes: Vec<i64> = doc["x-error-codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["code"].as_i64().unwrap())
        .collect();
    assert!((13001..=13007).all(|c| codes.contains(&c)), "{codes:?}");
}

async fn a_key_opens_only_its_own_merchant(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let ours = demo_merchant(&app).await;
    app.store.seed_demo(OTHER_EMAIL, OTHER_PASSWORD).await.unwrap();
    let theirs = app.store.merchant_of(OTHER_EMAIL).await.unwrap().unwrap();
    let a = integrate(&app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;
    let b = integrate(&app, OTHER_EMAIL, OTHER_PASSWORD, &["127.0.0.1"]).await;
    let body = address_body(EVM, "user-1");

    let mine = a.call(&app, "POST", ADDRESS, &body).await;
    let other = b.call(&app, "POST", ADDRESS, &body).await;
    assert_eq!((mine.code(), other.code()), (1, 1));
    assert_eq!(
        mine.data()["address"],
        app.deposit_address(ours, EVM, "user-1").await.as_str()
    );
    assert_eq!(
        other.data()["address"],
        app.deposit_address(theirs, EVM, "user-1").await.as_str()
    );
    assert_ne!(mine.data()["address"], other.data()["address"]);
    let ping = |m: &Integration| m.sign(&app, "GET", PING, "");
    let who = b.ping(&app).await;
    assert_eq!(who.data()["merchantId"], theirs);

    // B's key with A's signing key, and A's key with B's: refused.
    for (key_of, signer) in [(&b, &a), (&a, &b)] {
        let crossed = Signed {
            api_key: Some(key_of.api_key.clone()),
            ..ping(signer)
        };
        assert_eq!(send(&app, "GET", PING, "", &crossed).await.code(), 13002);
    }
    // Nonces are per merchant: B may use a nonce A used.
    let used = ping(&a);
    assert_eq!(send(&app, "GET", PING, "", &used).await.code(), 1);
    let same_nonce = Signed {
        api_key: Some(b.api_key.clone()),
        signature: Some(sign(
            &b.pair,
            &canonical(
                "GET",
                PING,
                used.timestamp.as_deref().unwrap(),
                used.nonce.as_deref().unwrap(),
                "",
            ),
        )),
        timestamp: used.timestamp.clone(),
        nonce: used.nonce.clone(),
    };
    assert_eq!(send(&app, "GET", PING, "", &same_nonce).await.code(), 1);

    // B's whitelist does not admit callers for A.
    app.merchant_keys(&a.token)
        .edit_allowed_ips(json!({"ips": ["203.0.113.1"]}))
        .await;
    assert_eq!(a.ping(&app).await.code(), 13005);
    assert_eq!(b.ping(&app).await.code(), 1);
}

each_database!(
    a_signed_call_gets_the_users_deposit_address,
    a_key_opens_only_its_own_merchant,
);

//! The merchant API: signed server-to-server calls. Requests are signed with an RSA key made
//! here with aws-lc-rs, and at least once with the openssl command line, so the contract is the
//! one an independent implementation follows (docs/merchant-api.md).

use aws_lc_rs::encoding::AsDer;
use aws_lc_rs::rand::{SecureRandom, SystemRandom};
use aws_lc_rs::rsa::{KeyPair, KeySize};
use aws_lc_rs::signature::{KeyPair as _, RSA_PKCS1_SHA256};
use base64::Engine;
use coffer_domain::clock::Clock;
use coffer_domain::ports::MerchantStatus;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};
use std::process::Command;

use crate::helpers::{Answer, TestApp, DEMO_EMAIL, DEMO_PASSWORD};
use crate::wallets::{app_with_dev_seed, bind_google, demo_merchant, google_code, EVM};

pub const OTHER_EMAIL: &str = "boss@other.example";
pub const OTHER_PASSWORD: &str = "Other-Pass-2026";

pub fn pem(label: &str, der: &[u8]) -> String {
    let b64 = base64::engine::general_purpose::STANDARD.encode(der);
    let lines: Vec<String> = b64
        .as_bytes()
        .chunks(64)
        .map(|c| String::from_utf8(c.to_vec()).unwrap())
        .collect();
    format!(
        "-----BEGIN {label}-----\n{}\n-----END {label}-----\n",
        lines.join("\n")
    )
}

pub fn new_key() -> KeyPair {
    KeyPair::generate(KeySize::Rsa2048).unwrap()
}

pub fn public_pem(pair: &KeyPair) -> String {
    pem("PUBLIC KEY", pair.public_key().as_der().unwrap().as_ref())
}

pub fn private_pem(pair: &KeyPair) -> String {
    pem("PRIVATE KEY", pair.as_der().unwrap().as_ref())
}

fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA256, bytes))
}

pub fn canonical(method: &str, path: &str, timestamp: &str, nonce: &str, body: &str) -> String {
    format!(
        "{method}\n{path}\n{timestamp}\n{nonce}\n{}",
        sha256_hex(body.as_bytes())
    )
}

pub fn sign(pair: &KeyPair, message: &str) -> String {
    let mut signature = vec![0u8; pair.public_modulus_len()];
    pair.sign(
        &RSA_PKCS1_SHA256,
        &SystemRandom::new(),
        message.as_bytes(),
        &mut signature,
    )
    .unwrap();
    base64::engine::general_purpose::STANDARD.encode(signature)
}

pub fn fresh_nonce() -> String {
    let mut bytes = [0u8; 16];
    SystemRandom::new().fill(&mut bytes).unwrap();
    hex::encode(bytes)
}

/// A merchant set up for the merchant API: API key, uploaded key, 127.0.0.1 whitelisted.
pub struct Integration {
    pub token: String,
    pub google: String,
    pub api_key: String,
    pub pair: KeyPair,
}

pub async fn reset_key(app: &TestApp, token: &str, google: &str) -> String {
    let reset = app
        .merchant_keys(token)
        .reset_secret(json!({"googleCode": google_code(app, google)}))
        .await;
    assert_eq!(reset.code(), 1, "{:?}", reset.body);
    reset.data()["secret"].as_str().unwrap().to_string()
}

pub async fn upload_key(app: &TestApp, token: &str, google: &str, pair: &KeyPair) -> Answer {
    app.merchant_keys(token)
        .save_client_key(json!({"publicKey": public_pem(pair), "googleCode": google_code(app, google)}))
        .await
}

pub async fn integrate(app: &TestApp, email: &str, password: &str, whitelist: &[&str]) -> Integration {
    let token = app.sign_in(email, password).await;
    let google = bind_google(app, &token).await;
    let api_key = reset_key(app, &token, &google).await;
    let pair = new_key();
    assert_eq!(upload_key(app, &token, &google, &pair).await.code(), 1);
    let listed = app
        .merchant_keys(&token)
        .edit_allowed_ips(json!({"ips": whitelist}))
        .await;
    assert_eq!(listed.code(), 1, "{:?}", listed.body);
    Integration {
        token,
        google,
        api_key,
        pair,
    }
}

/// The four authentication headers of a call, signed now.
pub struct Signed {
    pub api_key: Option<String>,
    pub timestamp: Option<String>,
    pub nonce: Option<String>,
    pub signature: Option<String>,
}

impl Integration {
    pub fn sign_at(&self, app: &TestApp, method: &str, path: &str, body: &str, offset_ms: i64) -> Signed {
        let timestamp = (app.clock.now().timestamp_millis() + offset_ms).to_string();
        let nonce = fresh_nonce();
        let signature = sign(&self.pair, &canonical(method, path, &timestamp, &nonce, body));
        Signed {
            api_key: Some(self.api_key.clone()),
            timestamp: Some(timestamp),
            nonce: Some(nonce),
            signature: Some(signature),
        }
    }

    pub fn sign(&self, app: &TestApp, method: &str, path: &str, body: &str) -> Signed {
        self.sign_at(app, method, path, body, 0)
    }
}

pub async fn send(app: &TestApp, method: &str, path: &str, body: &str, headers: &Signed) -> Answer {
    send_with(app, method, path, body, headers, &[]).await
}

pub async fn send_with(
    app: &TestApp,
    method: &str,
    path: &str,
    body: &str,
    headers: &Signed,
    extra: &[(&str, &str)],
) -> Answer {
    let url = format!("{}{path}", app.base);
    let mut request = match method {
        "GET" => app.http.get(url),
        _ => app
            .http
            .post(url)
            .header("content-type", "application/json")
            .body(body.to_string()),
    };
    for (name, value) in [
        ("X-Api-Key", &headers.api_key),
        ("X-Timestamp", &headers.timestamp),
        ("X-Nonce", &headers.nonce),
        ("X-Signature", &headers.signature),
    ] {
        if let Some(value) = value {
            request = request.header(name, value);
        }
    }
    for (name, value) in extra {
        request = request.header(*name, *value);
    }
    let response = request.send().await.expect("request sent");
    let status = response.status().as_u16();
    let body: Value = response.json().await.expect("a JSON answer");
    Answer { status, body }
}

const ADDRESS: &str = "/merchant/v1/address";

fn address_body(chain: i64, open_id: &str) -> String {
    json!({"chainId": chain, "openId": open_id}).to_string()
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().expect("openssl runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).to_string()
}

async fn a_signed_call_gets_the_users_deposit_address(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let merchant = demo_merchant(&app).await;
    let m = integrate(&app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;

    let ping = send(
        &app,
        "GET",
        "/merchant/v1/ping",
        "",
        &m.sign(&app, "GET", "/merchant/v1/ping", ""),
    )
    .await;
    assert_eq!(ping.code(), 1, "{:?}", ping.body);
    assert_eq!(ping.data()["merchantId"], merchant);

    let body = address_body(EVM, "user-1");
    let first = send(
        &app,
        "POST",
        ADDRESS,
        &body,
        &m.sign(&app, "POST", ADDRESS, &body),
    )
    .await;
    assert_eq!(first.code(), 1, "{:?}", first.body);
    let expected = app
        .wallets
        .deposit_address(merchant, EVM, "user-1")
        .await
        .unwrap();
    assert_eq!(first.data()["address"], expected.address.as_str());
    assert_eq!(first.data()["chainId"], EVM);
    assert_eq!(first.data()["openId"], "user-1");
    let again = send(
        &app,
        "POST",
        ADDRESS,
        &body,
        &m.sign(&app, "POST", ADDRESS, &body),
    )
    .await;
    assert_eq!(again.data(), first.data(), "the same user keeps the address");

    // The rules of the wallet service hold: an unknown chain, an empty OpenID.
    for (chain, open_id, msg) in [
        (999, "user-1", "Unknown chain or token"),
        (EVM, " ", "OpenID must be 1 to 64 characters"),
    ] {
        let body = address_body(chain, open_id);
        let refused = send(
            &app,
            "POST",
            ADDRESS,
            &body,
            &m.sign(&app, "POST", ADDRESS, &body),
        )
        .await;
        assert_eq!((refused.code(), refused.msg()), (10422, msg));
    }
    let body = r#"{"chainId":"x"}"#;
    let malformed = send(&app, "POST", ADDRESS, body, &m.sign(&app, "POST", ADDRESS, body)).await;
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
    let doc = app
        .http
        .get(format!("{}/merchant/v1/openapi.json", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(doc.status(), 200);
    let doc: Value = doc.json().await.unwrap();
    assert_eq!(doc["openapi"], "3.0.3");
    assert!(doc["paths"][ADDRESS]["post"].is_object());
    assert!(doc["paths"]["/merchant/v1/ping"]["get"].is_object());
    let codes: Vec<i64> = doc["x-error-codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["code"].as_i64().unwrap())
        .collect();
    assert!((13001..=13007).all(|c| codes.contains(&c)), "{codes:?}");
}

async fn every_refusal_has_its_own_code(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let token = app.sign_in_demo().await;
    let google = bind_google(&app, &token).await;
    let ping = "/merchant/v1/ping";
    let body = address_body(EVM, "user-1");
    let code_of = |a: &Answer| (a.code(), a.msg().to_string());

    // Nothing set up yet: no key at all, then an unknown one.
    let nobody = Signed {
        api_key: None,
        timestamp: None,
        nonce: None,
        signature: None,
    };
    let missing = send(&app, "POST", ADDRESS, &body, &nobody).await;
    assert_eq!(
        code_of(&missing),
        (13001, "Missing or unknown API key (X-Api-Key)".into())
    );
    let unknown = Signed {
        api_key: Some("ck_0000000000000000_00".into()),
        ..nobody
    };
    assert_eq!(send(&app, "GET", ping, "", &unknown).await.code(), 13001);

    let api_key = reset_key(&app, &token, &google).await;
    let mut m = Integration {
        token: token.clone(),
        google: google.clone(),
        api_key,
        pair: new_key(),
    };
    // The key is known; the caller's address is on no list.
    let refused = send(&app, "GET", ping, "", &m.sign(&app, "GET", ping, "")).await;
    assert_eq!(
        code_of(&refused),
        (13005, "The calling IP address is not on the allow-list".into())
    );
    // X-Forwarded-For is not trusted by default: naming a listed address does not help.
    let listed = app
        .merchant_keys(&token)
        .edit_allowed_ips(json!({"ips": ["203.0.113.9"]}))
        .await;
    assert_eq!(listed.code(), 1);
    let forwarded = send_with(
        &app,
        "GET",
        ping,
        "",
        &m.sign(&app, "GET", ping, ""),
        &[("X-Forwarded-For", "203.0.113.9")],
    )
    .await;
    assert_eq!(forwarded.code(), 13005);
    // An address approved on the reviewed IP list (ipConfigs) is allowed as well.
    let requested = app
        .ip_list(&token)
        .request(json!({"ip": "127.0.0.1", "remark": "server"}))
        .await;
    let ip_id = requested.data()["id"].as_i64().unwrap();
    assert_eq!(
        send(&app, "GET", ping, "", &m.sign(&app, "GET", ping, ""))
            .await
            .code(),
        13005,
        "pending is not enough"
    );
    assert!(app.store.review_ip(ip_id, true).await.unwrap());
    let no_key = send(&app, "GET", ping, "", &m.sign(&app, "GET", ping, "")).await;
    assert_eq!(
        code_of(&no_key),
        (
            13006,
            "Upload your RSA public key before calling the merchant API".into()
        )
    );
    // Now through the whitelist only.
    assert_eq!(app.ip_list(&token).delete(json!({"id": ip_id})).await.code(), 1);
    app.merchant_keys(&token)
        .edit_allowed_ips(json!({"ips": ["::1", "127.0.0.1"]}))
        .await;
    assert_eq!(upload_key(&app, &token, &google, &m.pair).await.code(), 1);
    assert_eq!(
        send(&app, "GET", ping, "", &m.sign(&app, "GET", ping, ""))
            .await
            .code(),
        1
    );

    // Timestamps: 5 minutes either way is the window, inclusive.
    for (offset, code) in [
        (-300_000, 1),
        (300_000, 1),
        (-300_001, 13003),
        (300_001, 13003),
        (-86_400_000, 13003),
    ] {
        let answer = send(
            &app,
            "POST",
            ADDRESS,
            &body,
            &m.sign_at(&app, "POST", ADDRESS, &body, offset),
        )
        .await;
        assert_eq!(answer.code(), code, "offset {offset} ms: {:?}", answer.body);
    }
    for bad in [
        None,
        Some("".to_string()),
        Some("1795334400".to_string() + "000.5"),
        Some("soon".into()),
    ] {
        let mut headers = m.sign(&app, "POST", ADDRESS, &body);
        headers.timestamp = bad;
        assert_eq!(send(&app, "POST", ADDRESS, &body, &headers).await.code(), 13003);
    }

    // Nonces: format, then reuse.
    for bad in [
        None,
        Some("short".to_string()),
        Some("x".repeat(65)),
        Some("has space in it 0123".into()),
    ] {
        let mut headers = m.sign(&app, "POST", ADDRESS, &body);
        headers.nonce = bad;
        let answer = send(&app, "POST", ADDRESS, &body, &headers).await;
        assert_eq!(answer.code(), 13007, "{:?}", answer.body);
    }

    // Signatures: missing, not base64, of another body, path, key, timestamp or nonce.
    let signed = m.sign(&app, "POST", ADDRESS, &body);
    let other_body = address_body(EVM, "user-2");
    let ts = signed.timestamp.clone().unwrap();
    let nonce = signed.nonce.clone().unwrap();
    let forgeries = [
        None,
        Some("not base64 !".to_string()),
        Some(sign(
            &m.pair,
            &canonical("POST", ADDRESS, &ts, &nonce, &other_body),
        )),
        Some(sign(
            &m.pair,
            &canonical("POST", "/merchant/v1/ping", &ts, &nonce, &body),
        )),
        Some(sign(&m.pair, &canonical("GET", ADDRESS, &ts, &nonce, &body))),
        Some(sign(&new_key(), &canonical("POST", ADDRESS, &ts, &nonce, &body))),
        Some(sign(
            &m.pair,
            &canonical(
                "POST",
                ADDRESS,
                &(ts.parse::<i64>().unwrap() + 1).to_string(),
                &nonce,
                &body,
            ),
        )),
        Some(sign(
            &m.pair,
            &canonical("POST", ADDRESS, &ts, &fresh_nonce(), &body),
        )),
    ];
    for forged in forgeries {
        let headers = Signed {
            signature: forged.clone(),
            ..m.sign(&app, "POST", ADDRESS, &body)
        };
        let headers = Signed {
            timestamp: Some(ts.clone()),
            nonce: Some(nonce.clone()),
            ..headers
        };
        let answer = send(&app, "POST", ADDRESS, &body, &headers).await;
        assert_eq!(
            code_of(&answer),
            (13002, "Missing or invalid signature (X-Signature)".into()),
            "{forged:?}"
        );
    }
    // The signed body is the body sent: the right signature with another body is refused.
    let swapped = send(
        &app,
        "POST",
        ADDRESS,
        &other_body,
        &m.sign(&app, "POST", ADDRESS, &body),
    )
    .await;
    assert_eq!(swapped.code(), 13002);
    // Failed attempts did not use up the nonce: the genuine request still goes through, once.
    let genuine = send(&app, "POST", ADDRESS, &body, &signed).await;
    assert_eq!(genuine.code(), 1, "{:?}", genuine.body);
    let replay = send(&app, "POST", ADDRESS, &body, &signed).await;
    assert_eq!(
        code_of(&replay),
        (13004, "This nonce was already used (X-Nonce)".into())
    );

    // Two copies of one request at once: exactly one is served.
    let twin = m.sign(&app, "POST", ADDRESS, &body);
    let (a, b) = tokio::join!(
        send(&app, "POST", ADDRESS, &body, &twin),
        send(&app, "POST", ADDRESS, &body, &twin)
    );
    let mut codes = [a.code(), b.code()];
    codes.sort_unstable();
    assert_eq!(codes, [1, 13004]);

    // Once its request can no longer be accepted, a nonce may come back in a new request.
    app.clock.advance(chrono::Duration::minutes(7));
    let later = Signed {
        nonce: signed.nonce.clone(),
        ..m.sign(&app, "POST", ADDRESS, &body)
    };
    let later = Signed {
        signature: Some(sign(
            &m.pair,
            &canonical(
                "POST",
                ADDRESS,
                later.timestamp.as_deref().unwrap(),
                later.nonce.as_deref().unwrap(),
                &body,
            ),
        )),
        ..later
    };
    assert_eq!(send(&app, "POST", ADDRESS, &body, &later).await.code(), 1);
    assert_eq!(
        send(&app, "GET", ping, "", &m.sign(&app, "GET", ping, ""))
            .await
            .code(),
        1
    );

    // A reset key stops the old one at once.
    let old_key = m.api_key.clone();
    m.api_key = reset_key(&app, &token, &google).await;
    let stale = Signed {
        api_key: Some(old_key),
        ..m.sign(&app, "GET", ping, "")
    };
    assert_eq!(send(&app, "GET", ping, "", &stale).await.code(), 13001);
    assert_eq!(
        send(&app, "GET", ping, "", &m.sign(&app, "GET", ping, ""))
            .await
            .code(),
        1
    );

    // A new uploaded key replaces the old one for verification.
    let old_pair = std::mem::replace(&mut m.pair, new_key());
    assert_eq!(upload_key(&app, &token, &google, &m.pair).await.code(), 1);
    let by_old = Integration {
        pair: old_pair,
        api_key: m.api_key.clone(),
        token: m.token.clone(),
        google: m.google.clone(),
    };
    assert_eq!(
        send(&app, "GET", ping, "", &by_old.sign(&app, "GET", ping, ""))
            .await
            .code(),
        13002
    );
    assert_eq!(
        send(&app, "GET", ping, "", &m.sign(&app, "GET", ping, ""))
            .await
            .code(),
        1
    );

    // A disabled merchant's key opens nothing.
    app.store
        .set_merchant_status(DEMO_EMAIL, MerchantStatus::Disabled)
        .await
        .unwrap();
    assert_eq!(
        send(&app, "GET", ping, "", &m.sign(&app, "GET", ping, ""))
            .await
            .code(),
        11003
    );
}

async fn a_key_opens_only_its_own_merchant(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let ours = demo_merchant(&app).await;
    app.store.seed_demo(OTHER_EMAIL, OTHER_PASSWORD).await.unwrap();
    let theirs = app.store.merchant_of(OTHER_EMAIL).await.unwrap().unwrap();
    let a = integrate(&app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;
    let b = integrate(&app, OTHER_EMAIL, OTHER_PASSWORD, &["127.0.0.1"]).await;
    let body = address_body(EVM, "user-1");

    let mine = send(
        &app,
        "POST",
        ADDRESS,
        &body,
        &a.sign(&app, "POST", ADDRESS, &body),
    )
    .await;
    let other = send(
        &app,
        "POST",
        ADDRESS,
        &body,
        &b.sign(&app, "POST", ADDRESS, &body),
    )
    .await;
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
    let ping = |m: &Integration| m.sign(&app, "GET", "/merchant/v1/ping", "");
    let who = send(&app, "GET", "/merchant/v1/ping", "", &ping(&b)).await;
    assert_eq!(who.data()["merchantId"], theirs);

    // B's key with A's signing key, and A's key with B's: refused.
    for (key_of, signer) in [(&b, &a), (&a, &b)] {
        let crossed = Signed {
            api_key: Some(key_of.api_key.clone()),
            ..ping(signer)
        };
        assert_eq!(
            send(&app, "GET", "/merchant/v1/ping", "", &crossed).await.code(),
            13002
        );
    }
    // Nonces are per merchant: B may use a nonce A used.
    let used = ping(&a);
    assert_eq!(send(&app, "GET", "/merchant/v1/ping", "", &used).await.code(), 1);
    let same_nonce = Signed {
        api_key: Some(b.api_key.clone()),
        signature: Some(sign(
            &b.pair,
            &canonical(
                "GET",
                "/merchant/v1/ping",
                used.timestamp.as_deref().unwrap(),
                used.nonce.as_deref().unwrap(),
                "",
            ),
        )),
        timestamp: used.timestamp.clone(),
        nonce: used.nonce.clone(),
    };
    assert_eq!(
        send(&app, "GET", "/merchant/v1/ping", "", &same_nonce)
            .await
            .code(),
        1
    );

    // B's whitelist does not admit callers for A.
    app.merchant_keys(&a.token)
        .edit_allowed_ips(json!({"ips": ["203.0.113.1"]}))
        .await;
    assert_eq!(
        send(&app, "GET", "/merchant/v1/ping", "", &ping(&a)).await.code(),
        13005
    );
    assert_eq!(
        send(&app, "GET", "/merchant/v1/ping", "", &ping(&b)).await.code(),
        1
    );
}

each_database!(
    a_signed_call_gets_the_users_deposit_address,
    every_refusal_has_its_own_code,
    a_key_opens_only_its_own_merchant,
);

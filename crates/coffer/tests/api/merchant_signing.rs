//! Calling the merchant API as an integrator does: an RSA key made here with aws-lc-rs, the
//! API key from the console, and the four signed headers of docs/merchant-api.md.

use aws_lc_rs::encoding::AsDer;
use aws_lc_rs::rand::{SecureRandom, SystemRandom};
use aws_lc_rs::rsa::{KeyPair, KeySize};
use aws_lc_rs::signature::{KeyPair as _, RSA_PKCS1_SHA256};
use base64::Engine;
use coffer_domain::clock::Clock;
use serde_json::{json, Value};

use crate::helpers::{Answer, TestApp};
use crate::wallets::{bind_google, google_code};

pub const PING: &str = "/merchant/v1/ping";
pub const ADDRESS: &str = "/merchant/v1/address";

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

    /// Sends `body` to `path`, signed now with this integration's keys.
    pub async fn call(&self, app: &TestApp, method: &str, path: &str, body: &str) -> Answer {
        send(app, method, path, body, &self.sign(app, method, path, body)).await
    }

    /// `GET /merchant/v1/ping`, signed now.
    pub async fn ping(&self, app: &TestApp) -> Answer {
        self.call(app, "GET", PING, "").await
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

pub fn address_body(chain: i64, open_id: &str) -> String {
    json!({"chainId": chain, "openId": open_id}).to_string()
}

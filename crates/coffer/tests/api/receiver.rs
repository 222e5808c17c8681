//! A merchant's callback endpoint for tests: records what it receives and answers what the
//! test tells it to (code 0, code 1, HTTP 500, not JSON, too slow); checks signatures the way a
//! merchant does, with openssl.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use coffer_domain::callbacks::headers;
use serde_json::Value;
use std::sync::{Arc, Mutex};

use crate::helpers::TestApp;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    Ok,
    CodeOne,
    ServerError,
    NotJson,
    Slow,
}

#[derive(Debug, Clone)]
pub struct Received {
    pub headers: HeaderMap,
    pub body: String,
}

#[derive(Clone)]
pub struct Receiver {
    pub url: String,
    pub received: Arc<Mutex<Vec<Received>>>,
    reply: Arc<Mutex<Reply>>,
}

/// Every callback received so far names the platform key, verifies with it (openssl) and
/// carries its event id in the header; their bodies, in arrival order.
pub async fn verified_events(app: &TestApp, receiver: &Receiver) -> Vec<Value> {
    let (kid, public_pem) = app.platform_keys.public().await.unwrap();
    let received = receiver.received();
    received
        .iter()
        .map(|r| {
            assert_eq!(r.header(headers::KEY_ID), kid);
            assert!(r.verifies_with(&public_pem), "{}", r.body);
            let body: Value = serde_json::from_str(&r.body).unwrap();
            assert_eq!(r.header(headers::EVENT_ID), body["eventId"]);
            body
        })
        .collect()
}

impl Received {
    pub fn header(&self, name: &str) -> String {
        let value = self
            .headers
            .get(name)
            .unwrap_or_else(|| panic!("no header {name}"));
        value.to_str().unwrap().to_string()
    }

    /// What the platform signed: the timestamp header, a newline, the body.
    pub fn signed_message(&self) -> String {
        format!("{}\n{}", self.header("X-Coffer-Timestamp"), self.body)
    }

    /// Whether the signature header verifies this request with the platform's public key, the
    /// way a merchant checks it (openssl).
    pub fn verifies_with(&self, public_pem: &str) -> bool {
        let signature = self.header("X-Coffer-Signature");
        openssl_verifies(public_pem, &self.signed_message(), &signature)
    }
}

/// Verifies a callback with the platform public key using openssl, not our code.
pub fn openssl_verifies(public_pem: &str, message: &str, signature_b64: &str) -> bool {
    use base64::Engine;
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("platform.pem");
    let msg = dir.path().join("message");
    let sig = dir.path().join("signature");
    std::fs::write(&key, public_pem).unwrap();
    std::fs::write(&msg, message).unwrap();
    std::fs::write(
        &sig,
        base64::engine::general_purpose::STANDARD
            .decode(signature_b64)
            .unwrap(),
    )
    .unwrap();
    let out = std::process::Command::new("openssl")
        .args(["dgst", "-sha256", "-verify"])
        .arg(&key)
        .arg("-signature")
        .arg(&sig)
        .arg(&msg)
        .output()
        .expect("openssl is installed");
    out.status.success()
}

type Shared = (Arc<Mutex<Vec<Received>>>, Arc<Mutex<Reply>>);

async fn hook(
    State((received, reply)): State<Shared>,
    headers: HeaderMap,
    body: Bytes,
) -> (StatusCode, String) {
    received.lock().unwrap().push(Received {
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    });
    let reply = *reply.lock().unwrap();
    match reply {
        Reply::Ok => (StatusCode::OK, r#"{"code":0,"msg":"ok"}"#.into()),
        Reply::CodeOne => (StatusCode::OK, r#"{"code":1,"msg":"busy"}"#.into()),
        Reply::ServerError => (StatusCode::INTERNAL_SERVER_ERROR, "boom".into()),
        Reply::NotJson => (StatusCode::OK, "OK".into()),
        Reply::Slow => {
            tokio::time::sleep(std::time::Duration::from_secs(3)).await;
            (StatusCode::OK, r#"{"code":0}"#.into())
        }
    }
}

impl Receiver {
    pub async fn start() -> Receiver {
        let received = Arc::new(Mutex::new(Vec::new()));
        let reply = Arc::new(Mutex::new(Reply::Ok));
        let app = Router::new()
            .route("/hook", post(hook))
            .with_state((received.clone(), reply.clone()));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Receiver { url, received, reply }
    }

    pub fn reply(&self, reply: Reply) {
        *self.reply.lock().unwrap() = reply;
    }

    /// Everything received so far, in arrival order.
    pub fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }

    pub fn events(&self) -> Vec<serde_json::Value> {
        self.received
            .lock()
            .unwrap()
            .iter()
            .map(|r| serde_json::from_str(&r.body).unwrap())
            .collect()
    }
}

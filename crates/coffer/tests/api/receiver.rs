//! A merchant's callback endpoint for tests: records what it receives and answers what the
//! test tells it to (code 0, code 1, HTTP 500, not JSON, too slow).

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use std::sync::{Arc, Mutex};

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

    pub fn events(&self) -> Vec<serde_json::Value> {
        self.received
            .lock()
            .unwrap()
            .iter()
            .map(|r| serde_json::from_str(&r.body).unwrap())
            .collect()
    }
}

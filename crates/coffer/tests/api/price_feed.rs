//! A local HTTP price feed for the exchange's tests: it answers what the test last set (a
//! status and a body), like an exchange's ticker.

use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::Router;

#[derive(Clone)]
pub struct PriceFeed {
    answer: Arc<Mutex<(StatusCode, String)>>,
    pub url: String,
}

async fn ticker(State(answer): State<Arc<Mutex<(StatusCode, String)>>>) -> (StatusCode, String) {
    answer.lock().unwrap().clone()
}

impl PriceFeed {
    /// Starts the feed on a free port of 127.0.0.1, answering 503 until told otherwise.
    pub async fn start() -> PriceFeed {
        let answer = Arc::new(Mutex::new((StatusCode::SERVICE_UNAVAILABLE, String::new())));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!(
            "http://{}/api/v3/ticker/price?symbol=TRXUSDT",
            listener.local_addr().unwrap()
        );
        let app = Router::new()
            .route("/api/v3/ticker/price", get(ticker))
            .with_state(answer.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        PriceFeed { answer, url }
    }

    pub fn answer(&self, status: StatusCode, body: &str) {
        *self.answer.lock().unwrap() = (status, body.to_string());
    }
}

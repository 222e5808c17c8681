//! Callback HTTP with reqwest: no redirects (a callback goes where the merchant said), the
//! configured timeout, the reply body read up to a bound.

use coffer_domain::callbacks::{CallbackReply, CallbackRequest, CallbackTransport};

/// Replies longer than this are cut (we keep an excerpt anyway).
const MAX_REPLY_BYTES: usize = 64 * 1024;

pub struct HttpTransport {
    client: reqwest::Client,
}

impl HttpTransport {
    pub fn new() -> anyhow::Result<HttpTransport> {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("Coffer-Callback/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(HttpTransport { client })
    }
}

#[async_trait::async_trait]
impl CallbackTransport for HttpTransport {
    async fn post(&self, request: &CallbackRequest) -> Result<CallbackReply, String> {
        let mut builder = self
            .client
            .post(&request.url)
            .timeout(request.timeout)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(request.body.clone());
        for (name, value) in &request.headers {
            builder = builder.header(name, value);
        }
        let response = builder.send().await.map_err(|e| {
            if e.is_timeout() {
                "timed out".to_string()
            } else {
                format!("no answer: {e}")
            }
        })?;
        let status = response.status().as_u16();
        let bytes = response
            .bytes()
            .await
            .map_err(|e| format!("reading the reply: {e}"))?;
        let cut = &bytes[..bytes.len().min(MAX_REPLY_BYTES)];
        Ok(CallbackReply {
            status,
            body: String::from_utf8_lossy(cut).into_owned(),
        })
    }
}

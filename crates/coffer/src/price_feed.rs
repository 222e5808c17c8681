//! Exchange price feeds over HTTP (docs/operations.md "Exchange price sources"): a GET read
//! live every time, 3 s for the whole answer, a 2xx status, a body of at most 64 KiB (read in
//! chunks and dropped past the bound, whatever `content-length` says), redirects only within
//! the same scheme. The feed URL is the operator's, so any host may be called; the
//! environment's proxy is never used.

use coffer_domain::ports::PriceFeeds;
use std::time::Duration;

/// The longest a feed's whole answer may take.
pub const FEED_TIMEOUT: Duration = Duration::from_secs(3);
/// The largest body read.
pub const MAX_FEED_BODY_BYTES: usize = 64 * 1024;
/// Redirects followed at most.
const MAX_REDIRECTS: usize = 3;

pub struct HttpPriceFeeds {
    client: reqwest::Client,
    timeout: Duration,
}

/// An https feed redirected to http would be read in the clear (and the other way round is
/// no feed the operator set): only redirects within the scheme are followed.
fn same_scheme_redirects() -> reqwest::redirect::Policy {
    reqwest::redirect::Policy::custom(|attempt| {
        let from_scheme = attempt.previous().last().map(|url| url.scheme().to_string());
        if from_scheme.as_deref() != Some(attempt.url().scheme()) {
            attempt.error("a redirect to another scheme")
        } else if attempt.previous().len() > MAX_REDIRECTS {
            attempt.error(format!("more than {MAX_REDIRECTS} redirects"))
        } else {
            attempt.follow()
        }
    })
}

impl HttpPriceFeeds {
    pub fn new() -> anyhow::Result<HttpPriceFeeds> {
        HttpPriceFeeds::with_timeout(FEED_TIMEOUT)
    }

    /// With another time limit (tests).
    pub fn with_timeout(timeout: Duration) -> anyhow::Result<HttpPriceFeeds> {
        let client = reqwest::Client::builder()
            .timeout(timeout)
            .redirect(same_scheme_redirects())
            .no_proxy()
            .user_agent(concat!("Coffer-PriceFeed/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(HttpPriceFeeds { client, timeout })
    }

    /// An error and its causes on one line, without the URL (it may carry a key).
    fn describe(&self, error: reqwest::Error) -> String {
        if error.is_timeout() {
            return format!("no answer within {:?}", self.timeout);
        }
        let error = error.without_url();
        let mut text = error.to_string();
        let mut source = std::error::Error::source(&error);
        while let Some(cause) = source {
            text.push_str(": ");
            text.push_str(&cause.to_string());
            source = cause.source();
        }
        text
    }
}

fn too_large() -> String {
    format!("the body is over {} KiB", MAX_FEED_BODY_BYTES / 1024)
}

#[async_trait::async_trait]
impl PriceFeeds for HttpPriceFeeds {
    async fn fetch(&self, url: &str) -> Result<String, String> {
        let mut response = self
            .client
            .get(url)
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .await
            .map_err(|e| self.describe(e))?;
        let status = response.status();
        if !status.is_success() {
            return Err(format!("HTTP {status}"));
        }
        if response
            .content_length()
            .is_some_and(|length| length > MAX_FEED_BODY_BYTES as u64)
        {
            return Err(too_large());
        }
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| self.describe(e))? {
            if body.len() + chunk.len() > MAX_FEED_BODY_BYTES {
                return Err(too_large());
            }
            body.extend_from_slice(&chunk);
        }
        String::from_utf8(body).map_err(|_| "the body is not UTF-8 text".to_string())
    }
}

#[cfg(test)]
#[path = "price_feed_tests.rs"]
mod tests;

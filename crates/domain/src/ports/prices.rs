//! Reading an exchange pair's price feed (docs/operations.md "Exchange price sources"). The
//! coffer crate implements it over HTTP; tests give canned bodies.

#[async_trait::async_trait]
pub trait PriceFeeds: Send + Sync {
    /// The body of the feed at `url`, read live (no cache), or why it could not be read (no
    /// answer, a timeout, a non-2xx status, a body too large).
    async fn fetch(&self, url: &str) -> Result<String, String>;
}

//! Placeholder until the price module lands.

#[async_trait::async_trait]
pub trait PriceFeeds: Send + Sync {
    async fn fetch(&self, url: &str) -> Result<String, String>;
}

//! Placeholder until the price module lands (helper branch `price`).

pub struct HttpPriceFeeds;

impl HttpPriceFeeds {
    pub fn new() -> HttpPriceFeeds {
        HttpPriceFeeds
    }
}

#[async_trait::async_trait]
impl coffer_domain::ports::PriceFeeds for HttpPriceFeeds {
    async fn fetch(&self, _url: &str) -> Result<String, String> {
        Err("not yet".into())
    }
}

//! Where a merchant's callbacks go. Kept apart from the delivery outbox: the merchant API
//! settings own the address, the callback worker only reads it.

use super::MerchantId;
use crate::error::AppResult;

#[async_trait::async_trait]
pub trait CallbackDirectory: Send + Sync {
    /// The merchant's callback URL, None when it has not set one (nothing is delivered then;
    /// events wait and go out once an address is set).
    async fn callback_url(&self, merchant_id: MerchantId) -> AppResult<Option<String>>;
}

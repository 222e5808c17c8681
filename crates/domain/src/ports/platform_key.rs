//! The platform key that signs callbacks, stored sealed.

use crate::error::AppResult;

#[async_trait::async_trait]
pub trait PlatformKeyRepo: Send + Sync {
    /// The active platform key: (key id, sealed PKCS#8 private key, public key PEM).
    async fn platform_key(&self) -> AppResult<Option<(String, String, String)>>;
    /// Stores the first platform key; false when one exists already (another process won).
    async fn insert_platform_key(&self, kid: &str, sealed_private: &str, public_pem: &str)
        -> AppResult<bool>;
}

//! The operator's side of the exchange (`coffer admin exchange`): which pairs a merchant has and
//! where each one's price comes from.

use super::pairs::{PairRecord, StoredSource};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{MerchantId, Ports};

pub struct PriceSources {
    pub ports: Ports,
}

impl PriceSources {
    pub async fn pairs(&self, merchant_id: MerchantId) -> AppResult<Vec<PairRecord>> {
        self.ports.exchange_pairs.pairs(merchant_id).await
    }

    /// Sets a pair's price source, checked as the pair will read it.
    pub async fn set(&self, merchant_id: MerchantId, pair_id: i64, source: &StoredSource) -> AppResult<()> {
        source.price_source()?;
        let now = self.ports.clock.now();
        match self
            .ports
            .exchange_pairs
            .set_source(merchant_id, pair_id, source, now)
            .await?
        {
            true => Ok(()),
            false => Err(AppError::Invalid(MsgKey::NoSuchRecord)),
        }
    }
}

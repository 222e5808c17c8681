//! Collect > Collection transactions: every collection with its on-chain steps, and the names
//! the console shows beside them (chain, token, the explorer's transaction link).

use super::service::CollectionService;
use crate::auth::AuthContext;
use crate::config::{chain_name, node_of};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{CollectionFilter, CollectionRecord, PageRequest, Paged, StepRecord};
use crate::wallets::assets::find_token;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionEntry {
    pub record: CollectionRecord,
    pub chain_name: String,
    pub symbol: String,
    /// The chain's native coin (fees are in it).
    pub native_symbol: String,
    pub native_decimals: i32,
    /// The explorer's prefix for a transaction hash.
    pub txurl: String,
}

impl CollectionService {
    async fn entries(&self, records: Vec<CollectionRecord>) -> AppResult<Vec<CollectionEntry>> {
        let nodes = self.ports.config.chain_nodes().await?;
        Ok(records
            .into_iter()
            .map(|record| {
                let node = node_of(&nodes, record.chain_id);
                CollectionEntry {
                    chain_name: chain_name(&nodes, record.chain_id),
                    symbol: match record.token_id {
                        0 => node.map(|n| n.symbol.clone()).unwrap_or_default(),
                        id => find_token(&nodes, record.chain_id, id)
                            .map(|(_, t)| t.symbol.clone())
                            .unwrap_or_default(),
                    },
                    native_symbol: node.map(|n| n.symbol.clone()).unwrap_or_default(),
                    native_decimals: node.map(|n| n.decimals).unwrap_or(18),
                    txurl: node.map(|n| n.txurl.clone()).unwrap_or_default(),
                    record,
                }
            })
            .collect())
    }

    pub async fn collections(
        &self,
        ctx: &AuthContext,
        filter: &CollectionFilter,
        page: PageRequest,
    ) -> AppResult<Paged<CollectionEntry>> {
        let found = self
            .ports
            .collection_queries
            .collections_page(ctx.merchant_id, filter, page)
            .await?;
        Ok(Paged {
            total: found.total,
            list: self.entries(found.list).await?,
        })
    }

    /// One of the caller's merchant's collections with its steps (17001 for any other).
    pub async fn collection_detail(
        &self,
        ctx: &AuthContext,
        id: i64,
    ) -> AppResult<(CollectionEntry, Vec<StepRecord>)> {
        let (record, steps) = self
            .ports
            .collection_queries
            .collection_detail(ctx.merchant_id, id)
            .await?
            .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))?;
        let entry = self.entries(vec![record]).await?.remove(0);
        Ok((entry, steps))
    }
}

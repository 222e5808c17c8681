//! Collect > Collection transactions: every collection with its on-chain steps, and the names
//! the console shows beside them (chain, token, the explorer's transaction link).

use super::service::CollectionService;
use crate::auth::{AuthContext, LiveSession};
use crate::batches::newest_first;
use crate::config::{chain_name, node_of, ChainNode};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{CollectionFilter, CollectionRecord, PageRequest, Paged, StepRecord};
use crate::wallets::assets::find_token;
use futures::stream::{BoxStream, StreamExt, TryStreamExt};

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

/// The names beside a collection: its chain, token, fee coin and the explorer's link.
fn entry(nodes: &[ChainNode], record: CollectionRecord) -> CollectionEntry {
    let node = node_of(nodes, record.chain_id);
    CollectionEntry {
        chain_name: chain_name(nodes, record.chain_id),
        symbol: match record.token_id {
            0 => node.map(|n| n.symbol.clone()).unwrap_or_default(),
            id => find_token(nodes, record.chain_id, id)
                .map(|(_, t)| t.symbol.clone())
                .unwrap_or_default(),
        },
        native_symbol: node.map(|n| n.symbol.clone()).unwrap_or_default(),
        native_decimals: node.map(|n| n.decimals).unwrap_or(18),
        txurl: node.map(|n| n.txurl.clone()).unwrap_or_default(),
        record,
    }
}

/// Rows an export reads at once.
const EXPORT_BATCH: u64 = 500;

impl CollectionService {
    async fn entries(&self, records: Vec<CollectionRecord>) -> AppResult<Vec<CollectionEntry>> {
        let nodes = self.ports.config.chain_nodes().await?;
        Ok(records.into_iter().map(|record| entry(&nodes, record)).collect())
    }

    /// Every collection the filter selects, newest first, read in batches by id (no row
    /// limit, one batch in memory); the stream ends after the last batch, a failed read or,
    /// with its error, once the reader's session is gone (checked before each batch).
    pub async fn export(
        &self,
        ctx: &AuthContext,
        filter: CollectionFilter,
        session: LiveSession,
    ) -> AppResult<BoxStream<'static, AppResult<CollectionEntry>>> {
        let nodes = self.ports.config.chain_nodes().await?;
        let queries = self.ports.collection_queries.clone();
        let merchant_id = ctx.merchant_id;
        let read = move |before: Option<i64>, limit: u64| {
            let (queries, filter, session) = (queries.clone(), filter.clone(), session.clone());
            async move {
                session.check().await?;
                queries
                    .collections_before(merchant_id, &filter, before, limit)
                    .await
            }
        };
        Ok(
            newest_first(EXPORT_BATCH, |record: &CollectionRecord| record.id, read)
                .map_ok(move |record| entry(&nodes, record))
                .boxed(),
        )
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

//! Collect > Collection transactions: every collection with its on-chain steps, and the names
//! the console shows beside them (chain, token, the explorer's transaction link).

use super::service::CollectionService;
use crate::auth::{AuthContext, LiveSession};
use crate::batches::newest_first;
use crate::config::{chain_name, node_of, token_symbol, ChainNode};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{CollectionFilter, CollectionRecord, CollectionSum, PageRequest, Paged, StepRecord};
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

/// What the collections of one chain and token add up to, with their names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionTotal {
    pub sum: CollectionSum,
    pub chain_name: String,
    pub symbol: String,
    pub native_symbol: String,
    pub native_decimals: i32,
}

/// The names of a chain and token: the chain's, the token's symbol (the native coin's for
/// token 0), the native coin's symbol and decimals (fees are in it).
struct Names {
    chain_name: String,
    symbol: String,
    native_symbol: String,
    native_decimals: i32,
}

fn names(nodes: &[ChainNode], chain_id: i64, token_id: i64) -> Names {
    let node = node_of(nodes, chain_id);
    let native_symbol = node.map(|n| n.symbol.clone()).unwrap_or_default();
    Names {
        chain_name: chain_name(nodes, chain_id),
        symbol: token_symbol(nodes, chain_id, token_id).unwrap_or_default(),
        native_symbol,
        native_decimals: node.map(|n| n.decimals).unwrap_or(18),
    }
}

/// The names beside a collection: its chain, token, fee coin and the explorer's link.
fn entry(nodes: &[ChainNode], record: CollectionRecord) -> CollectionEntry {
    let named = names(nodes, record.chain_id, record.token_id);
    CollectionEntry {
        chain_name: named.chain_name,
        symbol: named.symbol,
        native_symbol: named.native_symbol,
        native_decimals: named.native_decimals,
        txurl: node_of(nodes, record.chain_id)
            .map(|n| n.txurl.clone())
            .unwrap_or_default(),
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

    /// What the collections the filter selects add up to, per chain and token.
    pub async fn summary(
        &self,
        ctx: &AuthContext,
        filter: &CollectionFilter,
    ) -> AppResult<Vec<CollectionTotal>> {
        let sums = self
            .ports
            .collection_queries
            .collections_summary(ctx.merchant_id, filter)
            .await?;
        let nodes = self.ports.config.chain_nodes().await?;
        Ok(sums
            .into_iter()
            .map(|sum| {
                let named = names(&nodes, sum.chain_id, sum.token_id);
                CollectionTotal {
                    chain_name: named.chain_name,
                    symbol: named.symbol,
                    native_symbol: named.native_symbol,
                    native_decimals: named.native_decimals,
                    sum,
                }
            })
            .collect())
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

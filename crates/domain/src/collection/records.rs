//! Collect > Collection transactions: every collection with its on-chain steps, and the names
//! the console shows beside them (chain, token, the explorer's transaction link).

use super::service::CollectionService;
use crate::auth::{AuthContext, LiveSession};
use crate::config::{chain_name, node_of, ChainNode};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{CollectionFilter, CollectionRecord, PageRequest, Paged, StepRecord};
use crate::wallets::assets::find_token;
use futures::stream::{self, BoxStream, StreamExt, TryStreamExt};

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

/// Rows read batch after batch, newest first: `read(before, limit)` answers at most `limit`
/// rows with ids below `before` (all of them for None), newest first; a short batch is the
/// last, and a failed read ends the stream after its error.
fn newest_first<T, F, Fut>(
    batch: u64,
    id_of: fn(&T) -> i64,
    read: F,
) -> impl futures::Stream<Item = AppResult<T>>
where
    F: FnMut(Option<i64>, u64) -> Fut,
    Fut: std::future::Future<Output = AppResult<Vec<T>>>,
{
    // The state: where the next batch starts (None: the last one was read), and the reader.
    stream::try_unfold((Some(None), read), move |(before, mut read)| async move {
        let Some(before) = before else {
            return Ok::<_, AppError>(None);
        };
        let rows = read(before, batch).await?;
        let next = match rows.last() {
            Some(last) if rows.len() as u64 == batch => Some(Some(id_of(last))),
            _ => None,
        };
        Ok(Some((stream::iter(rows.into_iter().map(Ok)), (next, read))))
    })
    .try_flatten()
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// Reads ids 1..=`rows` as `collections_before` does, noting each batch's size.
    async fn read_all(rows: i64, batch: u64) -> (Vec<i64>, Vec<usize>) {
        let sizes = Arc::new(Mutex::new(Vec::new()));
        let noted = sizes.clone();
        let read = move |before: Option<i64>, limit: u64| {
            let found: Vec<i64> = (1..=rows)
                .rev()
                .filter(|id| before.is_none_or(|b| *id < b))
                .take(limit as usize)
                .collect();
            noted.lock().unwrap().push(found.len());
            async move { Ok(found) }
        };
        let ids = newest_first(batch, |id: &i64| *id, read)
            .try_collect()
            .await
            .unwrap();
        let sizes = sizes.lock().unwrap().clone();
        (ids, sizes)
    }

    #[tokio::test]
    async fn an_export_reads_every_row_once_newest_first_in_batches() {
        assert_eq!(read_all(7, 3).await, (vec![7, 6, 5, 4, 3, 2, 1], vec![3, 3, 1]));
        // A last full batch: one more read finds nothing.
        assert_eq!(read_all(6, 3).await, (vec![6, 5, 4, 3, 2, 1], vec![3, 3, 0]));
        assert_eq!(read_all(0, 3).await, (vec![], vec![0]));
    }

    #[tokio::test]
    async fn a_failed_read_ends_the_export_with_its_error() {
        let mut calls = 0;
        let read = move |_: Option<i64>, limit: u64| {
            calls += 1;
            let answer = match calls {
                1 => Ok((0..limit as i64).rev().map(|i| i + 10).collect()),
                _ => Err(AppError::Unavailable("the database went away".into())),
            };
            async move { answer }
        };
        let read: Vec<AppResult<i64>> = newest_first(2, |id: &i64| *id, read).collect().await;
        assert_eq!(read.len(), 3, "two rows, then the error: {read:?}");
        assert!(matches!(read[2], Err(AppError::Unavailable(_))));
    }
}

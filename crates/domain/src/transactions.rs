//! The transaction list (menu 402) and the order exports: deposits, withdrawals and exchanges in one
//! newest-first timeline ([`OrderTimeline`]), paged by cursor, exported in keyset batches so
//! an export of millions of rows holds one batch in memory.

use std::collections::BTreeMap;
use std::sync::Arc;

use futures::stream::{self, BoxStream, StreamExt, TryStreamExt};

use crate::auth::LiveSession;
use crate::config::ChainNode;
use crate::deposits::{check_status, DepositEntry, DepositService, HeadSource};
use crate::error::{AppError, AppResult};
use crate::exchange::lists::ExchangeEntry;
use crate::messages::MsgKey;
use crate::orders::{Dates, Listed};
use crate::ports::{
    MerchantId, OrderFilter, OrderKind, OrderTimeline, PageRequest, TimelineKey, TimelineOrder,
    WithdrawalRecord,
};

/// A page number without a cursor (old clients) reaches this many rows at most: past them,
/// reading and skipping would grow with the page.
pub const OFFSET_ROWS_LIMIT: u64 = 1000;
/// Rows per read of an export.
const EXPORT_BATCH: u64 = 1000;

/// A row of the transaction list, as its kind's list shows it (built once and moved: not boxed).
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)]
pub enum TransactionEntry {
    Deposit(DepositEntry),
    Withdrawal(Listed<WithdrawalRecord>),
    Exchange(ExchangeEntry),
}

#[derive(Debug, Clone)]
pub struct TransactionPage {
    pub list: Vec<TransactionEntry>,
    /// How many rows the filter selects, every kind asked for.
    pub total: u64,
    /// The cursor of the next page; None on the last.
    pub next: Option<String>,
}

/// Which page: after a cursor of an earlier answer, or a page number among the first rows.
pub enum Position<'a> {
    Cursor(&'a str),
    Page(PageRequest),
}

pub struct Transactions {
    timeline: Arc<dyn OrderTimeline>,
    heads: Arc<dyn HeadSource>,
    deposits: Arc<DepositService>,
}

/// The merchant's orders the filter selects, in one kind or both (`kinds` not empty).
fn check(filter: &OrderFilter, kinds: &[OrderKind]) -> AppResult<()> {
    Dates::Required.check(filter)?;
    // A deposit is only ever confirming, complete or void; with withdrawals, any status is one.
    if kinds == [OrderKind::Deposit] {
        check_status(filter.status)?;
    }
    Ok(())
}

impl Transactions {
    pub fn new(deposits: Arc<DepositService>) -> Transactions {
        Transactions {
            timeline: deposits.ports.timeline.clone(),
            heads: deposits.heads.clone(),
            deposits,
        }
    }

    /// A page of the timeline and how many rows the filter selects.
    pub async fn page(
        &self,
        merchant_id: MerchantId,
        filter: &OrderFilter,
        kinds: &[OrderKind],
        position: Position<'_>,
        size: u64,
    ) -> AppResult<TransactionPage> {
        check(filter, kinds)?;
        let (after, skip) = match position {
            Position::Cursor(cursor) => (Some(TimelineKey::from_cursor(cursor)?), 0),
            Position::Page(page) if page.offset() + page.size <= OFFSET_ROWS_LIMIT => (None, page.offset()),
            Position::Page(_) => return Err(AppError::Invalid(MsgKey::CursorRequired)),
        };
        // Independent reads, each on a connection of its own.
        let (found, total, nodes) = futures::try_join!(
            self.timeline
                .page_after(merchant_id, filter, kinds, after, skip + size),
            self.timeline.count(merchant_id, filter, kinds),
            self.deposits.ports.config.chain_nodes(),
        )?;
        let mut named = Naming::new(nodes, self.heads.clone());
        let mut list = Vec::with_capacity(found.rows.len());
        for row in found.rows.into_iter().skip(skip as usize) {
            list.push(named.entry(row).await);
        }
        Ok(TransactionPage {
            list,
            total,
            next: found.next.map(|key| key.cursor()),
        })
    }

    /// Every row the filter selects, newest first, read in batches by cursor. The next batch is
    /// read while the caller writes the current one (a task of its own, one batch ahead: at most
    /// three batches in memory); it stops when the caller drops the stream, and ends with the
    /// session's error when the reader's session is gone (checked before each batch). A refused
    /// filter fails here, before the first row.
    pub async fn export(
        &self,
        merchant_id: MerchantId,
        filter: OrderFilter,
        kinds: Vec<OrderKind>,
        session: LiveSession,
    ) -> AppResult<BoxStream<'static, AppResult<TransactionEntry>>> {
        check(&filter, &kinds)?;
        let nodes = self.deposits.ports.config.chain_nodes().await?;
        let batches = Batches {
            timeline: self.timeline.clone(),
            naming: Naming::new(nodes, self.heads.clone()),
            merchant_id,
            filter,
            kinds,
            session,
        };
        let (sender, receiver) = tokio::sync::mpsc::channel(1);
        tokio::spawn(batches.send_to(sender));
        let batches = stream::unfold(receiver, |mut receiver| async move {
            receiver.recv().await.map(|batch| (batch, receiver))
        });
        Ok(batches
            .map_ok(|entries| stream::iter(entries.into_iter().map(AppResult::Ok)))
            .try_flatten()
            .fuse() // the caller may ask again after the end (an empty export does)
            .boxed())
    }
}

/// An export's reads.
struct Batches {
    timeline: Arc<dyn OrderTimeline>,
    naming: Naming,
    merchant_id: MerchantId,
    filter: OrderFilter,
    kinds: Vec<OrderKind>,
    session: LiveSession,
}

impl Batches {
    /// Reads batch after batch into `sender` until the last one, a failure (sent, then the
    /// end) or the reader's leaving.
    async fn send_to(mut self, sender: tokio::sync::mpsc::Sender<AppResult<Vec<TransactionEntry>>>) {
        let mut after = None;
        loop {
            let read = match self.session.check().await {
                Ok(()) => {
                    self.timeline
                        .page_after(self.merchant_id, &self.filter, &self.kinds, after, EXPORT_BATCH)
                        .await
                }
                Err(gone) => Err(gone),
            };
            let page = match read {
                Ok(page) => page,
                Err(err) => {
                    let _ = sender.send(Err(err)).await;
                    return;
                }
            };
            let mut entries = Vec::with_capacity(page.rows.len());
            for row in page.rows {
                entries.push(self.naming.entry(row).await);
            }
            if sender.send(Ok(entries)).await.is_err() || page.next.is_none() {
                return; // the download was dropped, or this was the last batch
            }
            after = page.next;
        }
    }
}

/// Names rows' assets and counts deposits' confirmations (one head read per chain).
struct Naming {
    nodes: Vec<ChainNode>,
    source: Arc<dyn HeadSource>,
    heads: BTreeMap<i64, Option<u64>>,
}

impl Naming {
    fn new(nodes: Vec<ChainNode>, source: Arc<dyn HeadSource>) -> Naming {
        Naming {
            nodes,
            source,
            heads: BTreeMap::new(),
        }
    }

    async fn entry(&mut self, row: TimelineOrder) -> TransactionEntry {
        match row {
            TimelineOrder::Deposit(d) => {
                let chain_id = d.chain_id;
                let head = match self.heads.get(&chain_id) {
                    Some(head) => *head,
                    None => *self
                        .heads
                        .entry(chain_id)
                        .or_insert(self.source.head(chain_id).await),
                };
                TransactionEntry::Deposit(DepositEntry::new(Listed::new(d, &self.nodes), head))
            }
            TimelineOrder::Withdrawal(w) => TransactionEntry::Withdrawal(Listed::new(w, &self.nodes)),
            TimelineOrder::Exchange(x) => {
                TransactionEntry::Exchange(ExchangeEntry::new(Listed::new(x, &self.nodes), &self.nodes))
            }
        }
    }
}

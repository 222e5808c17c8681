//! Deposits: the scanner finds them ([`scanner`]), this service shows them to the console.

mod classify;
mod confirm;
pub mod events;
pub mod hash_scan;
pub mod read_ahead;
pub mod rules;
pub mod scanner;

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::amount::BaseUnits;
use crate::auth::AuthContext;
use crate::callbacks::latest_event_id;
use crate::codes::CodeFilter;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::orders::{AssetNames, Dates, Listed, OrderLists, OrderSummary};
use crate::ports::{
    DepositRecord, MerchantId, OrderFilter, OrderRef, OrderStatus, PageRequest, Paged, Ports,
};

pub struct DepositService {
    pub ports: Ports,
    pub lists: OrderLists<DepositRecord>,
    /// Head block per chain, for the confirmations column (None when the node is down).
    pub heads: Arc<dyn HeadSource>,
    /// Hash scans go through the scanner's own path.
    pub scanner: Arc<scanner::DepositScanner>,
}

/// The latest block number of a chain, as the scanner last saw it or the node says.
#[async_trait::async_trait]
pub trait HeadSource: Send + Sync {
    async fn head(&self, chain_id: i64) -> Option<u64>;
}

/// A deposit as the lists show it: its asset's names and its confirmations at the head.
#[derive(Debug, Clone)]
pub struct DepositEntry {
    pub deposit: DepositRecord,
    pub asset: AssetNames,
    pub confirmations: i64,
}

impl DepositEntry {
    pub(crate) fn new(listed: Listed<DepositRecord>, head: Option<u64>) -> DepositEntry {
        let d = listed.order;
        let confirmations = match (head, d.status) {
            (_, OrderStatus::Void) => 0,
            (Some(h), _) => (h as i64 - d.block_number + 1).max(0),
            (None, _) => 0,
        };
        DepositEntry {
            deposit: d,
            asset: listed.asset,
            confirmations,
        }
    }

    /// Never credited, whatever its state: why is its note (dust, unsupported, internal).
    pub fn uncredited(&self) -> bool {
        !rules::is_credited(&self.deposit.note)
    }

    /// What reached the merchant's balance: the amount once credited, or while a creditable
    /// deposit confirms; nothing for uncredited and void deposits.
    pub fn actual_amount(&self) -> BaseUnits {
        let d = &self.deposit;
        if d.credited || (!self.uncredited() && d.status != OrderStatus::Void) {
            d.amount
        } else {
            BaseUnits::ZERO
        }
    }
}

/// What a hash scan found, and the merchant's deposits of the transaction.
#[derive(Debug, Clone)]
pub struct HashScanReport {
    pub result: &'static str,
    pub deposits: Vec<DepositEntry>,
}

/// A deposit is only ever 7 on-chain confirming, 8 transaction complete or 11 void: another
/// status filter is a mistake to report, not a question whose answer is "none".
pub fn check_status(status: Option<CodeFilter<OrderStatus>>) -> AppResult<()> {
    match status {
        None
        | Some(CodeFilter::Known(OrderStatus::Confirming | OrderStatus::Complete | OrderStatus::Void)) => {
            Ok(())
        }
        Some(_) => Err(AppError::Invalid(MsgKey::DepositStatusInvalid)),
    }
}

impl DepositService {
    pub async fn page(
        &self,
        ctx: &AuthContext,
        filter: &OrderFilter,
        page: PageRequest,
    ) -> AppResult<Paged<DepositEntry>> {
        self.list(ctx.merchant_id, filter, page, Dates::Required).await
    }

    /// The merchant API's order query.
    pub async fn query(
        &self,
        merchant_id: MerchantId,
        filter: &OrderFilter,
        page: PageRequest,
    ) -> AppResult<Paged<DepositEntry>> {
        self.list(merchant_id, filter, page, Dates::Optional).await
    }

    async fn list(
        &self,
        merchant_id: MerchantId,
        filter: &OrderFilter,
        page: PageRequest,
        dates: Dates,
    ) -> AppResult<Paged<DepositEntry>> {
        dates.check(filter)?;
        check_status(filter.status)?;
        let found = self.lists.page(merchant_id, filter, page).await?;
        // One head per chain on the page, not one per row.
        let mut heads: BTreeMap<i64, Option<u64>> = BTreeMap::new();
        let mut list = Vec::with_capacity(found.list.len());
        for listed in found.list {
            let chain_id = listed.order.chain_id;
            let head = match heads.get(&chain_id) {
                Some(head) => *head,
                None => *heads.entry(chain_id).or_insert(self.heads.head(chain_id).await),
            };
            list.push(DepositEntry::new(listed, head));
        }
        Ok(Paged {
            list,
            total: found.total,
        })
    }

    /// Count and per-token sums of what the filter selects (exact, in the tokens' units).
    pub async fn summary(&self, ctx: &AuthContext, filter: &OrderFilter) -> AppResult<OrderSummary> {
        self.lists.summary(ctx.merchant_id, filter).await
    }

    async fn found(&self, merchant_id: MerchantId, id: i64) -> AppResult<DepositRecord> {
        self.ports
            .deposits
            .deposit(merchant_id, id)
            .await?
            .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))
    }

    pub async fn detail(&self, ctx: &AuthContext, id: i64) -> AppResult<DepositEntry> {
        let d = self.found(ctx.merchant_id, id).await?;
        let nodes = self.ports.config.chain_nodes().await?;
        let head = self.heads.head(d.chain_id).await;
        Ok(DepositEntry::new(Listed::new(d, &nodes), head))
    }

    /// Records the merchant's transfers of a transaction the scanner missed (docs/api.md).
    pub async fn scan_hash(&self, ctx: &AuthContext, chain_id: i64, hash: &str) -> AppResult<HashScanReport> {
        let scan = self.scanner.scan_hash(ctx.merchant_id, chain_id, hash).await?;
        let listed = self.lists.name(scan.deposits).await?;
        let head = self.heads.head(chain_id).await;
        Ok(HashScanReport {
            result: scan.result.name(),
            deposits: listed.into_iter().map(|l| DepositEntry::new(l, head)).collect(),
        })
    }

    /// The deposit's latest callback event, for the callback service to send again now.
    pub async fn push(&self, ctx: &AuthContext, id: i64) -> AppResult<String> {
        let d = self.found(ctx.merchant_id, id).await?;
        latest_event_id(&*self.ports.callback_log, OrderRef::Deposit(d.id)).await
    }
}

//! Deposits: the scanner finds them ([`scanner`]), this service shows them to the console.

pub mod events;
pub mod hash_scan;
pub mod rules;
pub mod scanner;

use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

use crate::auth::AuthContext;
use crate::config::ChainNode;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{ConfigRepo, DepositFilter, DepositRecord, DepositRepo, PageRequest, Paged};
use crate::wallets::time;

/// A date filter may span at most this long (one query, one index range).
const MAX_RANGE_DAYS: i64 = 366;

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DepositView {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: i32,
    pub order_no: String,
    pub merchant_order_no: String,
    pub open_id: String,
    pub user_id: i64,
    pub chain_id: i64,
    pub token_id: Option<i64>,
    pub chainname: String,
    pub chainsymbol: String,
    pub symbol: String,
    #[serde(rename = "symbol_price")]
    pub symbol_price: String,
    pub decimals: i32,
    pub hash: String,
    pub index: i64,
    pub from_address: String,
    pub to_address: String,
    pub amount: String,
    pub actual_amount: String,
    pub block_number: i64,
    pub confirmations: i64,
    pub required_confirmations: i32,
    pub status: i32,
    pub note: String,
    pub callback_status: i32,
    pub callback_result: String,
    pub notify_status: i32,
    pub createtime: String,
    pub confirmtime: Option<String>,
    pub voidtime: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenTotal {
    pub chain_id: i64,
    pub token_id: Option<i64>,
    pub chainname: String,
    pub symbol: String,
    pub amount: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DepositSummary {
    pub count: u64,
    pub totals: Vec<TokenTotal>,
}

pub struct DepositService {
    pub repo: Arc<dyn DepositRepo>,
    pub config: Arc<dyn ConfigRepo>,
    /// Head block per chain, for the confirmations column (None when the node is down).
    pub heads: Arc<dyn HeadSource>,
    pub clock: Arc<dyn crate::clock::Clock>,
    /// Hash scans go through the scanner's own path.
    pub scanner: Arc<scanner::DepositScanner>,
    /// The callbacks sent (manual re-push).
    pub callbacks: Arc<dyn crate::ports::CallbackLog>,
}

#[derive(Debug, Clone, Serialize)]
pub struct HashScanView {
    pub result: &'static str,
    pub deposits: Vec<DepositView>,
}

/// The latest block number of a chain, as the scanner last saw it or the node says.
#[async_trait::async_trait]
pub trait HeadSource: Send + Sync {
    async fn head(&self, chain_id: i64) -> Option<u64>;
}

/// Checks a list filter: both dates, in order, at most a year apart.
pub fn check_range(start: Option<DateTime<Utc>>, end: Option<DateTime<Utc>>) -> AppResult<()> {
    match (start, end) {
        (Some(s), Some(e)) if s < e && e - s <= Duration::days(MAX_RANGE_DAYS) => Ok(()),
        (Some(_), Some(_)) => Err(AppError::Invalid(MsgKey::DateRange)),
        _ => Err(AppError::Invalid(MsgKey::DatesRequired)),
    }
}

/// A deposit is only ever 7 on-chain confirming, 8 transaction complete or 11 void: another
/// status filter is a mistake to report, not a question whose answer is "none".
pub fn check_status(status: Option<i32>) -> AppResult<()> {
    match status {
        None | Some(7 | 8 | 11) => Ok(()),
        Some(_) => Err(AppError::Invalid(MsgKey::DepositStatusInvalid)),
    }
}

/// (chainname, chainsymbol, symbol, symbol_price) of a chain and token (the native coin for None).
pub(crate) fn names(
    nodes: &[ChainNode],
    chain_id: i64,
    token_id: Option<i64>,
) -> (String, String, String, String) {
    let chain = nodes.iter().find(|c| c.chainid == chain_id);
    let token = chain.and_then(|c| token_id.and_then(|t| c.tokens.iter().find(|x| x.tokenid == t)));
    (
        chain.map(|c| c.chainname.clone()).unwrap_or_default(),
        chain.map(|c| c.symbol.clone()).unwrap_or_default(),
        token
            .map(|t| t.symbol.clone())
            .or_else(|| chain.map(|c| c.symbol.clone()))
            .unwrap_or_default(),
        token.map(|t| t.price.clone()).unwrap_or_default(),
    )
}

/// The console's summary of exact totals: names from the catalogue, amounts in token units.
pub(crate) fn summary_of(nodes: &[ChainNode], found: crate::ports::DepositTotals) -> DepositSummary {
    let totals = found
        .sums
        .into_iter()
        .map(|sum| {
            let (chainname, _, symbol, _) = names(nodes, sum.chain_id, sum.token_id);
            TokenTotal {
                chain_id: sum.chain_id,
                token_id: sum.token_id,
                chainname,
                symbol,
                amount: sum.amount.to_decimal(u8::try_from(sum.decimals).unwrap_or(18)),
            }
        })
        .collect();
    DepositSummary {
        count: found.count,
        totals,
    }
}

pub fn deposit_view(d: DepositRecord, nodes: &[ChainNode], head: Option<u64>) -> DepositView {
    let (chainname, chainsymbol, symbol, symbol_price) = names(nodes, d.chain_id, d.token_id);
    let decimals = u8::try_from(d.decimals).unwrap_or(18);
    let confirmations = match (head, d.status) {
        (_, crate::ports::status::VOID) => 0,
        (Some(h), _) => (h as i64 - d.block_number + 1).max(0),
        (None, _) => 0,
    };
    DepositView {
        id: d.id,
        kind: 1,
        order_no: d.order_no,
        merchant_order_no: String::new(),
        open_id: d.open_id,
        user_id: d.deposit_address_id,
        chain_id: d.chain_id,
        token_id: d.token_id,
        chainname,
        chainsymbol,
        symbol,
        symbol_price,
        decimals: d.decimals,
        hash: d.tx_hash,
        index: d.tx_index,
        from_address: d.from_address,
        to_address: d.to_address,
        amount: d.amount.to_decimal(decimals),
        actual_amount: if d.credited || (d.note.is_empty() && d.status != crate::ports::status::VOID) {
            d.amount.to_decimal(decimals)
        } else {
            "0".into()
        },
        block_number: d.block_number,
        confirmations,
        required_confirmations: d.required_confirmations,
        status: d.status,
        note: d.note,
        callback_status: d.callback_status,
        callback_result: d.callback_result,
        notify_status: d.notify_status,
        createtime: time(d.created_at),
        confirmtime: d.confirmed_at.map(time),
        voidtime: d.void_at.map(time),
    }
}

impl DepositService {
    pub async fn page(
        &self,
        ctx: &AuthContext,
        filter: &DepositFilter,
        page: PageRequest,
    ) -> AppResult<Paged<DepositView>> {
        check_range(filter.start, filter.end)?;
        self.list(ctx.merchant_id, filter, page).await
    }

    /// The merchant API's order query: dates are optional there (an order number, hash or
    /// OpenID is what a merchant's server usually asks by), checked when given.
    pub async fn query(
        &self,
        merchant_id: crate::ports::MerchantId,
        filter: &DepositFilter,
        page: PageRequest,
    ) -> AppResult<Paged<DepositView>> {
        if filter.start.is_some() || filter.end.is_some() {
            check_range(filter.start, filter.end)?;
        }
        self.list(merchant_id, filter, page).await
    }

    async fn list(
        &self,
        merchant_id: crate::ports::MerchantId,
        filter: &DepositFilter,
        page: PageRequest,
    ) -> AppResult<Paged<DepositView>> {
        check_status(filter.status)?;
        let nodes = self.config.chain_nodes().await?;
        let found = self.repo.page_deposits(merchant_id, filter, page).await?;
        let mut heads: BTreeMap<i64, Option<u64>> = BTreeMap::new();
        let mut list = Vec::with_capacity(found.list.len());
        for d in found.list {
            let head = match heads.get(&d.chain_id) {
                Some(head) => *head,
                None => *heads
                    .entry(d.chain_id)
                    .or_insert(self.heads.head(d.chain_id).await),
            };
            list.push(deposit_view(d, &nodes, head));
        }
        Ok(Paged {
            list,
            total: found.total,
        })
    }

    /// Count and per-token sums of what the filter selects (exact, in the tokens' units).
    pub async fn summary(&self, ctx: &AuthContext, filter: &DepositFilter) -> AppResult<DepositSummary> {
        check_range(filter.start, filter.end)?;
        let nodes = self.config.chain_nodes().await?;
        let found = self.repo.deposit_totals(ctx.merchant_id, filter).await?;
        Ok(summary_of(&nodes, found))
    }

    pub async fn detail(&self, ctx: &AuthContext, id: i64) -> AppResult<DepositView> {
        let d = self
            .repo
            .deposit(ctx.merchant_id, id)
            .await?
            .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))?;
        let nodes = self.config.chain_nodes().await?;
        let head = self.heads.head(d.chain_id).await;
        Ok(deposit_view(d, &nodes, head))
    }

    /// Records the merchant's transfers of a transaction the scanner missed (docs/api.md).
    pub async fn scan_hash(&self, ctx: &AuthContext, chain_id: i64, hash: &str) -> AppResult<HashScanView> {
        let scan = self.scanner.scan_hash(ctx.merchant_id, chain_id, hash).await?;
        let nodes = self.config.chain_nodes().await?;
        let head = self.heads.head(chain_id).await;
        Ok(HashScanView {
            result: scan.result.name(),
            deposits: scan
                .deposits
                .into_iter()
                .map(|d| deposit_view(d, &nodes, head))
                .collect(),
        })
    }

    /// The deposit's latest callback event, for the callback service to send again now.
    pub async fn push(&self, ctx: &AuthContext, id: i64) -> AppResult<String> {
        let d = self
            .repo
            .deposit(ctx.merchant_id, id)
            .await?
            .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))?;
        let event = self
            .callbacks
            .latest_event(crate::ports::OrderRef::Deposit(d.id))
            .await?
            .ok_or(AppError::Invalid(MsgKey::NothingToPush))?;
        Ok(event.event_id)
    }
}

//! What every order list shares, whatever the kind (deposits, withdrawals): the date rule,
//! the catalogue's names of an order's chain and token, a page and the totals.

use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;

use crate::config::ChainNode;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{
    ConfigRepo, DepositRecord, MerchantId, OrderFilter, OrderQueries, OrderSum, OrderTotals, PageRequest,
    Paged, WithdrawalRecord,
};

/// A date filter may span at most this long (one query, one index range).
const MAX_RANGE_DAYS: i64 = 366;

/// Checks a list filter: both dates, in order, at most a year apart.
pub fn check_range(start: Option<DateTime<Utc>>, end: Option<DateTime<Utc>>) -> AppResult<()> {
    match (start, end) {
        (Some(s), Some(e)) if s < e && e - s <= Duration::days(MAX_RANGE_DAYS) => Ok(()),
        (Some(_), Some(_)) => Err(AppError::Invalid(MsgKey::DateRange)),
        _ => Err(AppError::Invalid(MsgKey::DatesRequired)),
    }
}

/// How a list treats dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dates {
    /// The console: every list is of a time range.
    Required,
    /// The merchant API's order queries: an order number, hash or OpenID is what a
    /// merchant's server usually asks by; dates are checked when given.
    Optional,
}

impl Dates {
    pub fn check(self, filter: &OrderFilter) -> AppResult<()> {
        if self == Dates::Optional && filter.start.is_none() && filter.end.is_none() {
            return Ok(());
        }
        check_range(filter.start, filter.end)
    }
}

/// The catalogue's names of an order's chain and token (the native coin when it has none).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AssetNames {
    pub chain_name: String,
    pub chain_symbol: String,
    pub symbol: String,
    pub symbol_price: String,
    /// The native coin's decimals (what fees are counted in).
    pub native_decimals: u8,
}

impl AssetNames {
    pub fn of(nodes: &[ChainNode], chain_id: i64, token_id: Option<i64>) -> AssetNames {
        let chain = nodes.iter().find(|c| c.chainid == chain_id);
        let token = chain.and_then(|c| token_id.and_then(|t| c.tokens.iter().find(|x| x.tokenid == t)));
        AssetNames {
            chain_name: chain.map(|c| c.chainname.clone()).unwrap_or_default(),
            chain_symbol: chain.map(|c| c.symbol.clone()).unwrap_or_default(),
            symbol: token
                .map(|t| t.symbol.clone())
                .or_else(|| chain.map(|c| c.symbol.clone()))
                .unwrap_or_default(),
            symbol_price: token.map(|t| t.price.clone()).unwrap_or_default(),
            native_decimals: chain.and_then(|c| u8::try_from(c.decimals).ok()).unwrap_or(18),
        }
    }
}

/// An order's chain and token, which the lists name.
pub trait Order: Send + Sync + 'static {
    fn chain_id(&self) -> i64;
    /// None: the chain's native coin.
    fn token_id(&self) -> Option<i64>;
}

impl Order for DepositRecord {
    fn chain_id(&self) -> i64 {
        self.chain_id
    }
    fn token_id(&self) -> Option<i64> {
        self.token_id
    }
}

impl Order for WithdrawalRecord {
    fn chain_id(&self) -> i64 {
        self.chain_id
    }
    fn token_id(&self) -> Option<i64> {
        self.token_id
    }
}

/// An order with the names of its asset.
#[derive(Debug, Clone)]
pub struct Listed<R> {
    pub order: R,
    pub asset: AssetNames,
}

impl<R: Order> Listed<R> {
    pub fn new(order: R, nodes: &[ChainNode]) -> Listed<R> {
        let asset = AssetNames::of(nodes, order.chain_id(), order.token_id());
        Listed { order, asset }
    }
}

impl Order for OrderSum {
    fn chain_id(&self) -> i64 {
        self.chain_id
    }
    fn token_id(&self) -> Option<i64> {
        self.token_id
    }
}

/// Count and exact per-token sums of the orders a filter selects, the tokens named: in all,
/// and per outcome (money that moved apart from the rest).
pub type OrderSummary = OrderTotals<Listed<OrderSum>>;

/// `found` with the chain and token of each sum named.
fn named_totals(nodes: &[ChainNode], found: OrderTotals) -> OrderSummary {
    found.map(|sum| Listed::new(sum, nodes))
}

/// The lists of one kind of order (`R` its record).
pub struct OrderLists<R> {
    pub orders: Arc<dyn OrderQueries<R>>,
    pub config: Arc<dyn ConfigRepo>,
}

impl<R: Order> OrderLists<R> {
    pub fn new(orders: Arc<dyn OrderQueries<R>>, config: Arc<dyn ConfigRepo>) -> OrderLists<R> {
        OrderLists { orders, config }
    }

    /// A page of what the filter selects, newest first (the caller checks the filter).
    pub async fn page(
        &self,
        merchant_id: MerchantId,
        filter: &OrderFilter,
        page: PageRequest,
    ) -> AppResult<Paged<Listed<R>>> {
        let (nodes, found) = futures::try_join!(
            self.config.chain_nodes(),
            self.orders.page_orders(merchant_id, filter, page),
        )?;
        Ok(found.map(|o| Listed::new(o, &nodes)))
    }

    /// Count and per-token sums of what the filter selects (exact, in the tokens' units).
    pub async fn summary(&self, merchant_id: MerchantId, filter: &OrderFilter) -> AppResult<OrderSummary> {
        Dates::Required.check(filter)?;
        let nodes = self.config.chain_nodes().await?;
        let found = self.orders.order_totals(merchant_id, filter).await?;
        Ok(named_totals(&nodes, found))
    }

    /// Orders read elsewhere, with the names of their assets.
    pub async fn name(&self, orders: Vec<R>) -> AppResult<Vec<Listed<R>>> {
        let nodes = self.config.chain_nodes().await?;
        Ok(orders.into_iter().map(|o| Listed::new(o, &nodes)).collect())
    }
}

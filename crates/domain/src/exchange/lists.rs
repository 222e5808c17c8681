//! Exchange orders in the console's lists (Token > Trade, the token detail's Trade tab): a
//! page, the totals, one order with both of its legs (the payment in, the payout or refund
//! out), its newest callback sent again.

use std::sync::Arc;

use super::orders::ExchangeOrderRecord;
use crate::auth::AuthContext;
use crate::callbacks::latest_event_id;
use crate::config::ChainNode;
use crate::deposits::{DepositEntry, HeadSource};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::orders::{AssetNames, Dates, Listed, Order, OrderLists, OrderSummary};
use crate::ports::{OrderFilter, OrderRef, PageRequest, Paged, Ports, WithdrawalRecord};

impl Order for ExchangeOrderRecord {
    fn chain_id(&self) -> i64 {
        self.order.chain_id
    }
    /// The token paid in: what the lists' totals count.
    fn token_id(&self) -> Option<i64> {
        self.order.token_in
    }
}

pub struct ExchangeLists {
    pub ports: Ports,
    pub lists: OrderLists<ExchangeOrderRecord>,
    /// Head block per chain, for the payment's confirmations.
    pub heads: Arc<dyn HeadSource>,
}

/// An exchange as the lists show it: the names of the token in and of the token out.
#[derive(Debug, Clone)]
pub struct ExchangeEntry {
    pub order: ExchangeOrderRecord,
    pub asset_in: AssetNames,
    pub asset_out: AssetNames,
}

impl ExchangeEntry {
    pub(crate) fn new(listed: Listed<ExchangeOrderRecord>, nodes: &[ChainNode]) -> ExchangeEntry {
        let o = &listed.order.order;
        let asset_out = AssetNames::of(nodes, o.chain_id, o.token_out);
        ExchangeEntry {
            order: listed.order,
            asset_in: listed.asset,
            asset_out,
        }
    }
}

/// One exchange with its legs: the payment in (a deposit never credited), the withdrawal
/// paying out, the withdrawal sending the payment back (each None until it exists).
#[derive(Debug, Clone)]
pub struct ExchangeDetail {
    pub entry: ExchangeEntry,
    pub payment: Option<DepositEntry>,
    pub payout: Option<WithdrawalRecord>,
    pub refund: Option<WithdrawalRecord>,
}

impl ExchangeLists {
    /// A page of what the filter selects, newest first (dates required, as every console list).
    pub async fn page(
        &self,
        ctx: &AuthContext,
        filter: &OrderFilter,
        page: PageRequest,
    ) -> AppResult<Paged<ExchangeEntry>> {
        Dates::Required.check(filter)?;
        let (found, nodes) = futures::try_join!(
            self.lists.orders.page_orders(ctx.merchant_id, filter, page),
            self.ports.config.chain_nodes(),
        )?;
        Ok(found.map(|order| ExchangeEntry::new(Listed::new(order, &nodes), &nodes)))
    }

    /// Count and per-token sums (in the token paid in) of what the filter selects.
    pub async fn summary(&self, ctx: &AuthContext, filter: &OrderFilter) -> AppResult<OrderSummary> {
        self.lists.summary(ctx.merchant_id, filter).await
    }

    /// The merchant's exchange `id`; another merchant's is a record that does not exist.
    async fn found(&self, ctx: &AuthContext, id: i64) -> AppResult<ExchangeOrderRecord> {
        self.ports
            .exchange_orders
            .exchange_order(ctx.merchant_id, id)
            .await?
            .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))
    }

    pub async fn detail(&self, ctx: &AuthContext, id: i64) -> AppResult<ExchangeDetail> {
        let order = self.found(ctx, id).await?;
        let merchant = ctx.merchant_id;
        let withdrawal = |id: Option<i64>| async move {
            match id {
                Some(id) => self.ports.withdrawals.withdrawal(merchant, id).await,
                None => Ok(None),
            }
        };
        let payment = async {
            match order.deposit_id {
                Some(id) => self.ports.deposits.deposit(merchant, id).await,
                None => Ok(None),
            }
        };
        let (nodes, payment, payout, refund, head) = futures::try_join!(
            self.ports.config.chain_nodes(),
            payment,
            withdrawal(order.withdrawal_id),
            withdrawal(order.refund_id),
            async { Ok(self.heads.head(order.order.chain_id).await) },
        )?;
        let payment = payment.map(|d| DepositEntry::new(Listed::new(d, &nodes), head));
        let entry = ExchangeEntry::new(Listed::new(order, &nodes), &nodes);
        Ok(ExchangeDetail {
            entry,
            payment,
            payout,
            refund,
        })
    }

    /// The event id of the exchange's newest callback, to send again now.
    pub async fn push(&self, ctx: &AuthContext, id: i64) -> AppResult<String> {
        let order = self.found(ctx, id).await?;
        latest_event_id(&*self.ports.callback_log, OrderRef::Exchange(order.id)).await
    }
}

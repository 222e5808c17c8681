//! Withdrawals: requests (merchant API and console), risk control, review, and the executor
//! that signs and broadcasts from hot wallets (docs/api.md "Withdrawals").

pub mod events;
pub mod executor;
mod holds;
mod payout;
pub mod request;
pub mod review;
pub mod risk;
mod settlement;
pub mod state;
mod tracking;

use std::collections::HashMap;
use std::sync::Arc;

use crate::auth::{AuthContext, AuthService, RowScope};
use crate::callbacks::latest_event_id;
use crate::chains::ChainRegistry;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::orders::{Dates, Listed, OrderLists, OrderSummary};
use crate::ports::{
    MerchantId, OrderFilter, OrderRef, PageRequest, Paged, Ports, ReviewRecord, WithdrawalRecord,
};

#[derive(Debug, Clone)]
pub struct WithdrawalSettings {
    /// Confirmations per chain id (the deposits' settings); 12 when a chain has none.
    pub confirmations: HashMap<i64, u32>,
    /// A reviewer may not pass their own withdrawal while another user may review.
    pub maker_checker: bool,
    // Permissions and accounts
    /// How long an account that gained the pass permission waits before it may pass.
    pub review_cooling_off: chrono::Duration,
}

pub struct WithdrawalService {
    pub ports: Ports,
    pub lists: OrderLists<WithdrawalRecord>,
    pub chains: Arc<ChainRegistry>,
    /// The reviewer's Google authenticator, which passing needs.
    pub auth: Arc<AuthService>,
    pub settings: WithdrawalSettings,
    /// The door's check that points cover the payment fee.
    pub fees: crate::points::charges::WorkFees,
}

/// At most this many rows per `/withdraw/query` poll.
pub const MAX_QUERY_IDS: usize = 100;

impl WithdrawalService {
    pub(crate) async fn found(&self, merchant_id: MerchantId, id: i64) -> AppResult<WithdrawalRecord> {
        self.ports
            .withdrawals
            .withdrawal(merchant_id, id)
            .await?
            .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))
    }

    pub async fn page(
        &self,
        ctx: &AuthContext,
        filter: &OrderFilter,
        page: PageRequest,
    ) -> AppResult<Paged<Listed<WithdrawalRecord>>> {
        Dates::Required.check(filter)?;
        self.lists.page(ctx.merchant_id, filter, page).await
    }

    /// The merchant API's order query.
    pub async fn query_orders(
        &self,
        merchant_id: MerchantId,
        filter: &OrderFilter,
        page: PageRequest,
    ) -> AppResult<Paged<Listed<WithdrawalRecord>>> {
        Dates::Optional.check(filter)?;
        self.lists.page(merchant_id, filter, page).await
    }

    pub async fn summary(&self, ctx: &AuthContext, filter: &OrderFilter) -> AppResult<OrderSummary> {
        self.lists.summary(ctx.merchant_id, filter).await
    }

    /// The withdrawal, and its reviews newest first.
    pub async fn detail(
        &self,
        ctx: &AuthContext,
        id: i64,
    ) -> AppResult<(Listed<WithdrawalRecord>, Vec<ReviewRecord>)> {
        let w = self.found(ctx.merchant_id, id).await?;
        let nodes = self.ports.config.chain_nodes().await?;
        let reviews = self.ports.withdrawals.reviews(ctx.merchant_id, id).await?;
        Ok((Listed::new(w, &nodes), reviews))
    }

    /// The rows the console follows (silent polling), in the order asked, read at once;
    /// unknown ids and rows outside `scope` are left out.
    pub async fn progress(
        &self,
        ctx: &AuthContext,
        scope: RowScope,
        ids: &[i64],
    ) -> AppResult<Vec<WithdrawalRecord>> {
        if ids.len() > MAX_QUERY_IDS {
            return Err(AppError::Invalid(MsgKey::TooManyRows));
        }
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let found = self.lists.orders.orders_by_ids(ctx.merchant_id, ids).await?;
        let by_id: HashMap<i64, &WithdrawalRecord> = found
            .iter()
            .filter(|w| scope.covers(w.created_by))
            .map(|w| (w.id, w))
            .collect();
        Ok(ids
            .iter()
            .filter_map(|id| by_id.get(id).map(|w| (*w).clone()))
            .collect())
    }

    /// The withdrawal's latest callback event, for the callback service to send again now.
    pub async fn push(&self, ctx: &AuthContext, id: i64) -> AppResult<String> {
        let w = self.found(ctx.merchant_id, id).await?;
        latest_event_id(&*self.ports.callback_log, OrderRef::Withdrawal(w.id)).await
    }
}

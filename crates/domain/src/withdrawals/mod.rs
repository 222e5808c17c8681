//! Withdrawals: requests (merchant API and console), risk control, review, and the executor
//! that signs and broadcasts from hot wallets (docs/api.md "Withdrawals").

pub mod events;
pub mod executor;
mod holds;
pub mod request;
pub mod review;
pub mod risk;
mod settlement;
pub mod state;
mod tracking;

use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;

use crate::auth::AuthContext;
use crate::chains::ChainRegistry;
use crate::clock::Clock;
use crate::config::ChainNode;
use crate::deposits::{check_range, names, summary_of, DepositSummary};
use crate::error::{AppError, AppResult};
use crate::merchant_api::{BlacklistRepo, MerchantApiRepo};
use crate::messages::MsgKey;
use crate::ports::{
    AccessRepo, AssetRepo, ConfigRepo, DepositAddressRepo, HotWalletRepo, MerchantId, PageRequest, Paged,
    ReviewRecord, WithdrawalFilter, WithdrawalRecord, WithdrawalRepo,
};
use crate::wallets::time;

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
    pub repo: Arc<dyn WithdrawalRepo>,
    pub addresses: Arc<dyn DepositAddressRepo>,
    pub hot_wallets: Arc<dyn HotWalletRepo>,
    pub assets: Arc<dyn AssetRepo>,
    pub config: Arc<dyn ConfigRepo>,
    pub access: Arc<dyn AccessRepo>,
    pub merchant_api: Arc<dyn MerchantApiRepo>,
    pub blacklist: Arc<dyn BlacklistRepo>,
    pub chains: Arc<ChainRegistry>,
    /// The callbacks sent (manual re-push).
    pub callbacks: Arc<dyn crate::ports::CallbackLog>,
    pub clock: Arc<dyn Clock>,
    pub settings: WithdrawalSettings,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalView {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: i32,
    pub order_no: String,
    pub merchant_order_no: String,
    pub source: i32,
    pub open_id: String,
    pub security_code: String,
    pub chain_id: i64,
    pub token_id: Option<i64>,
    pub chainname: String,
    pub chainsymbol: String,
    pub symbol: String,
    #[serde(rename = "symbol_price")]
    pub symbol_price: String,
    pub decimals: i32,
    pub from_address: String,
    pub to_address: String,
    pub amount: String,
    pub actual_amount: String,
    pub fee: String,
    pub hash: String,
    pub block_number: Option<i64>,
    pub required_confirmations: i32,
    pub status: i32,
    pub review_required: bool,
    pub risk_reasons: Vec<String>,
    pub reason: String,
    pub remark: String,
    pub created_by: String,
    pub reviewer: String,
    pub reviewtime: Option<String>,
    pub callback_status: i32,
    pub callback_result: String,
    pub notify_status: i32,
    pub createtime: String,
    pub completetime: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewView {
    pub action: i32,
    pub reviewer: String,
    pub reason: String,
    pub createtime: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressView {
    pub id: i64,
    pub status: i32,
    pub hash: String,
    pub reason: String,
}

pub fn withdrawal_view(w: WithdrawalRecord, nodes: &[ChainNode]) -> WithdrawalView {
    let (chainname, chainsymbol, symbol, symbol_price) = names(nodes, w.chain_id, w.token_id);
    let decimals = u8::try_from(w.decimals).unwrap_or(18);
    let native_decimals = nodes
        .iter()
        .find(|c| c.chainid == w.chain_id)
        .and_then(|c| u8::try_from(c.decimals).ok())
        .unwrap_or(18);
    WithdrawalView {
        id: w.id,
        kind: 2,
        order_no: w.order_no,
        merchant_order_no: w.merchant_order_no.unwrap_or_default(),
        source: w.source,
        open_id: w.open_id,
        security_code: w.security_code,
        chain_id: w.chain_id,
        token_id: w.token_id,
        chainname,
        chainsymbol,
        symbol,
        symbol_price,
        decimals: w.decimals,
        from_address: w.from_address,
        to_address: w.to_address,
        amount: w.amount.to_decimal(decimals),
        actual_amount: w.actual_amount.to_decimal(decimals),
        fee: w.fee.map(|f| f.to_decimal(native_decimals)).unwrap_or_default(),
        hash: w.tx_hash,
        block_number: w.block_number,
        required_confirmations: w.required_confirmations,
        status: w.status,
        review_required: w.review_required,
        risk_reasons: w.risk_reasons,
        reason: w.reason,
        remark: w.remark,
        created_by: w.created_by_email,
        reviewer: w.reviewer_email,
        reviewtime: w.reviewed_at.map(time),
        callback_status: w.callback_status,
        callback_result: w.callback_result,
        notify_status: w.notify_status,
        createtime: time(w.created_at),
        completetime: w.completed_at.map(time),
    }
}

fn review_view(r: ReviewRecord) -> ReviewView {
    ReviewView {
        action: r.action,
        reviewer: r.reviewer_email,
        reason: r.reason,
        createtime: time(r.created_at),
    }
}

/// At most this many rows per `/withdraw/query` poll.
pub const MAX_QUERY_IDS: usize = 100;

impl WithdrawalService {
    pub(crate) async fn found(&self, merchant_id: MerchantId, id: i64) -> AppResult<WithdrawalRecord> {
        self.repo
            .withdrawal(merchant_id, id)
            .await?
            .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))
    }

    pub async fn page(
        &self,
        ctx: &AuthContext,
        filter: &WithdrawalFilter,
        page: PageRequest,
    ) -> AppResult<Paged<WithdrawalView>> {
        check_range(filter.start, filter.end)?;
        self.list(ctx.merchant_id, filter, page).await
    }

    /// The merchant API's query: dates optional, checked when given.
    pub async fn query_orders(
        &self,
        merchant_id: MerchantId,
        filter: &WithdrawalFilter,
        page: PageRequest,
    ) -> AppResult<Paged<WithdrawalView>> {
        if filter.start.is_some() || filter.end.is_some() {
            check_range(filter.start, filter.end)?;
        }
        self.list(merchant_id, filter, page).await
    }

    async fn list(
        &self,
        merchant_id: MerchantId,
        filter: &WithdrawalFilter,
        page: PageRequest,
    ) -> AppResult<Paged<WithdrawalView>> {
        let nodes = self.config.chain_nodes().await?;
        let found = self.repo.page_withdrawals(merchant_id, filter, page).await?;
        Ok(Paged {
            list: found
                .list
                .into_iter()
                .map(|w| withdrawal_view(w, &nodes))
                .collect(),
            total: found.total,
        })
    }

    pub async fn summary(&self, ctx: &AuthContext, filter: &WithdrawalFilter) -> AppResult<DepositSummary> {
        check_range(filter.start, filter.end)?;
        let nodes = self.config.chain_nodes().await?;
        let found = self.repo.withdrawal_totals(ctx.merchant_id, filter).await?;
        Ok(summary_of(&nodes, found))
    }

    pub async fn detail(&self, ctx: &AuthContext, id: i64) -> AppResult<(WithdrawalView, Vec<ReviewView>)> {
        let w = self.found(ctx.merchant_id, id).await?;
        let nodes = self.config.chain_nodes().await?;
        let reviews = self.repo.reviews(ctx.merchant_id, id).await?;
        Ok((
            withdrawal_view(w, &nodes),
            reviews.into_iter().map(review_view).collect(),
        ))
    }

    /// The progress of rows the console follows (silent polling); unknown ids are left out.
    pub async fn progress(&self, ctx: &AuthContext, ids: &[i64]) -> AppResult<Vec<ProgressView>> {
        if ids.len() > MAX_QUERY_IDS {
            return Err(AppError::Invalid(MsgKey::TooManyRows));
        }
        let mut rows = Vec::with_capacity(ids.len());
        for &id in ids {
            if let Some(w) = self.repo.withdrawal(ctx.merchant_id, id).await? {
                rows.push(ProgressView {
                    id: w.id,
                    status: w.status,
                    hash: w.tx_hash,
                    reason: w.reason,
                });
            }
        }
        Ok(rows)
    }

    /// The withdrawal's latest callback event, for the callback service to send again now.
    pub async fn push(&self, ctx: &AuthContext, id: i64) -> AppResult<String> {
        let w = self.found(ctx.merchant_id, id).await?;
        let event = self
            .callbacks
            .latest_event(crate::ports::OrderRef::Withdrawal(w.id))
            .await?
            .ok_or(AppError::Invalid(MsgKey::NothingToPush))?;
        Ok(event.event_id)
    }
}

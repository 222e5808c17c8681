//! Review (`/withdraw/check`): pass, reject, review again, on one row, many (batch) or every
//! awaiting row a filter selects (one-click). Each row succeeds or fails on its own; each
//! change is one conditional update, so of concurrent passes of an order exactly one counts.

use chrono::Duration;

use super::WithdrawalService;
use crate::auth::AuthContext;
use crate::callbacks::events::CallbackEvents;
use crate::codes::StoredCode;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::chain::TxStatus;
use crate::ports::OrderStatus;
use crate::ports::WithdrawalEvent;
use crate::ports::Work;
use crate::ports::{OrderFilter, ReviewAction, ReviewRecord, Transition, WithdrawalRecord};

/// The pass button's menu id: who counts as a possible second reviewer.
pub const PASS_MENU: crate::menu::MenuId = crate::menu::catalogue::WITHDRAW_REVIEW;
/// Rows one batch may name; one-click acts on at most this many.
pub const MAX_BATCH: usize = 100;
pub const MAX_ONE_CLICK: u64 = 500;
const MAX_REASON: usize = 200;
/// Spec: re-review needs at least 10 minutes since the earlier approval.
pub const REVIEW_AGAIN_AFTER_MINUTES: i64 = 10;

#[derive(Debug, Clone)]
pub enum Selection {
    Ids(Vec<i64>),
    /// Every awaiting row the filter selects (one-click review).
    All(OrderFilter),
}

/// How the review of one selected row went.
#[derive(Debug, Clone)]
pub struct RowResult {
    pub id: i64,
    /// The order's number when it was changed ("" otherwise): the operation log names it.
    pub order_no: String,
    pub ok: bool,
    pub code: i64,
    pub msg: String,
}

#[derive(Debug, Clone)]
pub struct CheckReport {
    /// Rows the selection matched.
    pub total: u64,
    /// Rows changed.
    pub done: u64,
    pub results: Vec<RowResult>,
}

impl WithdrawalService {
    /// Passing also needs a current code of the reviewer's Google authenticator: passing
    /// releases money (reject and review again move none).
    pub async fn check(
        &self,
        ctx: &AuthContext,
        selection: Selection,
        action: i32,
        reason: Option<&str>,
        google_code: &str,
        locale: crate::Locale,
    ) -> AppResult<CheckReport> {
        let action = ReviewAction::from_code(action);
        if action == Some(ReviewAction::Pass) {
            self.auth.require_google(ctx, google_code).await?;
        }
        let Some(action) = action else {
            return Err(AppError::Invalid(MsgKey::InvalidStatus));
        };
        let reason = reason.map(str::trim).unwrap_or_default().to_string();
        if action == ReviewAction::Reject && (reason.is_empty() || reason.chars().count() > MAX_REASON) {
            return Err(AppError::Invalid(MsgKey::RejectReasonRequired));
        }
        let (ids, total) = match selection {
            Selection::Ids(ids) if ids.is_empty() || ids.len() > MAX_BATCH => {
                return Err(AppError::Invalid(MsgKey::TooManyRows))
            }
            Selection::Ids(ids) => {
                let total = ids.len() as u64;
                (ids, total)
            }
            Selection::All(filter) => {
                let status = if action == ReviewAction::ReviewAgain {
                    OrderStatus::Failed
                } else {
                    OrderStatus::AwaitingReview
                };
                self.lists
                    .orders
                    .order_ids(ctx.merchant_id, &filter, status, MAX_ONE_CLICK)
                    .await?
            }
        };
        let events = CallbackEvents::new(self.ports.config.chain_nodes().await?, self.ports.clock.clone());
        let mut results = Vec::with_capacity(ids.len());
        for id in ids {
            let outcome = self.review_one(ctx, id, action, &reason, &events).await;
            results.push(match outcome {
                Ok(order_no) => RowResult {
                    id,
                    order_no,
                    ok: true,
                    code: 1,
                    msg: String::new(),
                },
                Err(e @ AppError::Invalid(_)) => RowResult {
                    id,
                    order_no: String::new(),
                    ok: false,
                    code: e.code() as i64,
                    msg: e.msg_key().text(locale).to_string(),
                },
                Err(other) => return Err(other),
            });
        }
        // The reviews' callback events are committed: the delivery worker goes now.
        self.ports.wakeups.ready(Work::Callbacks);
        Ok(CheckReport {
            total,
            done: results.iter().filter(|r| r.ok).count() as u64,
            results,
        })
    }

    async fn review_one(
        &self,
        ctx: &AuthContext,
        id: i64,
        action: ReviewAction,
        reason: &str,
        events: &CallbackEvents,
    ) -> AppResult<String> {
        let w = self.found(ctx.merchant_id, id).await?;
        let now = self.ports.clock.now();
        let review = Some(ReviewRecord {
            withdrawal_id: id,
            action,
            reviewer: Some(ctx.user_id),
            reviewer_email: ctx.email.clone(),
            reason: reason.to_string(),
            created_at: now,
        });
        let change = match action {
            ReviewAction::Pass => {
                self.check_maker(ctx, &w).await?;
                crate::access::cooling::require_settled_reviewer(
                    &*self.ports.access,
                    ctx,
                    now,
                    self.settings.review_cooling_off,
                )
                .await?;
                Transition {
                    from: vec![OrderStatus::AwaitingReview],
                    to: OrderStatus::Passed,
                    approved_at: Some(now),
                    next_attempt_at: Some(now),
                    reason: Some(String::new()),
                    review,
                    ..Transition::default()
                }
            }
            ReviewAction::Reject => Transition {
                from: vec![OrderStatus::AwaitingReview],
                to: OrderStatus::Rejected,
                reason: Some(reason.to_string()),
                review,
                event: Some(WithdrawalEvent::Rejected),
                ..Transition::default()
            },
            ReviewAction::ReviewAgain => {
                self.check_review_again(&w).await?;
                Transition {
                    from: vec![OrderStatus::Failed],
                    to: OrderStatus::AwaitingReview,
                    review_required: Some(true),
                    // The failed transaction is history; the wallet and nonce stay as hints
                    // so an EVM payout that never appeared is re-sent with the same nonce.
                    tx_hash: Some(String::new()),
                    signed_raw: Some(String::new()),
                    block_number: Some(None),
                    reason: Some(String::new()),
                    review,
                    event: Some(WithdrawalEvent::Review),
                    ..Transition::default()
                }
            }
        };
        match self
            .ports
            .withdrawals
            .transition(id, &change, now, events)
            .await?
        {
            Some(_) => Ok(w.order_no),
            None if action == ReviewAction::ReviewAgain => {
                Err(AppError::Invalid(MsgKey::ReviewAgainNotAllowed))
            }
            None => Err(AppError::Invalid(MsgKey::NotAwaitingReview)),
        }
    }

    /// Maker-checker: not your own order, unless nobody else of the merchant may pass it.
    async fn check_maker(&self, ctx: &AuthContext, w: &WithdrawalRecord) -> AppResult<()> {
        if !self.settings.maker_checker || w.created_by != Some(ctx.user_id) {
            return Ok(());
        }
        let reviewers = self
            .ports
            .access
            .enabled_users_with_menu(ctx.merchant_id, PASS_MENU)
            .await?;
        if reviewers.iter().any(|u| *u != ctx.user_id) {
            return Err(AppError::Invalid(MsgKey::SelfApproval));
        }
        Ok(())
    }

    /// Failed, approved at least 10 minutes ago, and its transaction failed on chain or is
    /// not there (never a second payout while the first may still land).
    async fn check_review_again(&self, w: &WithdrawalRecord) -> AppResult<()> {
        let not_allowed = || AppError::Invalid(MsgKey::ReviewAgainNotAllowed);
        if w.status != OrderStatus::Failed {
            return Err(not_allowed());
        }
        let old_enough = w
            .approved_at
            .is_some_and(|at| self.ports.clock.now() - at >= Duration::minutes(REVIEW_AGAIN_AFTER_MINUTES));
        if !old_enough {
            return Err(not_allowed());
        }
        if w.tx_hash.is_empty() {
            return Ok(());
        }
        let chain = self.chains.require(w.chain_id)?;
        match chain.status(&w.tx_hash).await {
            Ok(TxStatus::Included { success: false, .. }) | Ok(TxStatus::Unknown) => Ok(()),
            Ok(_) => Err(not_allowed()),
            Err(e) => Err(AppError::Unavailable(e.to_string())),
        }
    }
}

//! Storage of withdrawals, their reviews and the leases the executor works under. Every method
//! that changes a withdrawal's state is one conditional UPDATE (the state it expects, else
//! nothing happens and it says so) and writes the callback event of the change in the same
//! transaction, so concurrent reviewers and executors never both act.

use chrono::{DateTime, Utc};

use super::{CallbackStatus, MerchantId, NotifyStatus, OrderStatus, UserId};
use crate::amount::BaseUnits;
use crate::error::AppResult;

crate::stored_codes! {
    /// Where a request came from.
    pub enum WithdrawalSource {
        MerchantApi = 1,
        Console = 2,
        Manual = 3,
        /// The payout of an exchange order (`exchange/`): announced as the exchange, not here.
        Exchange = 4,
        /// The refund of an exchange payment to its payer.
        ExchangeRefund = 5,
    }

    /// Review actions (`/withdraw/check`).
    pub enum ReviewAction {
        Pass = 1,
        Reject = 2,
        ReviewAgain = 3,
    }
}

impl WithdrawalSource {
    /// An exchange's payout or refund: its exchange order is what the merchant is told of and
    /// charged for (the exchange fee), so the withdrawal itself has no callbacks and no payment
    /// fee.
    pub fn is_exchange(self) -> bool {
        matches!(
            self,
            WithdrawalSource::Exchange | WithdrawalSource::ExchangeRefund
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WithdrawalRecord {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub order_no: String,
    /// None when the request named none (console withdrawals may leave it out).
    pub merchant_order_no: Option<String>,
    pub source: WithdrawalSource,
    pub open_id: String,
    pub security_code: String,
    pub chain_id: i64,
    /// None: the chain's native coin.
    pub token_id: Option<i64>,
    pub decimals: i32,
    /// The hot wallet a manual withdrawal must pay from; None lets the executor choose.
    pub requested_from: Option<String>,
    /// The hot wallet that paid ("" until chosen).
    pub from_address: String,
    pub to_address: String,
    pub amount: BaseUnits,
    /// Arrived (= amount once complete, else zero).
    pub actual_amount: BaseUnits,
    /// Native coin the transaction costs (an estimate until complete); None until signed.
    pub fee: Option<BaseUnits>,
    pub tx_hash: String,
    /// The signed transaction as the node accepts it (stored before the first broadcast).
    pub signed_raw: String,
    pub nonce: Option<i64>,
    pub block_number: Option<i64>,
    pub required_confirmations: i32,
    pub status: OrderStatus,
    pub review_required: bool,
    /// Why a person must review it (limit names, the risk-control answer), comma separated.
    pub risk_reasons: Vec<String>,
    /// Rejection reason, or why it waits (settlement) or failed.
    pub reason: String,
    pub remark: String,
    pub created_by: Option<UserId>,
    pub created_by_email: String,
    pub reviewer_email: String,
    pub reviewed_at: Option<DateTime<Utc>>,
    /// The latest pass (re-review is allowed 10 minutes after it).
    pub approved_at: Option<DateTime<Utc>>,
    pub broadcast_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    pub next_attempt_at: DateTime<Utc>,
    pub callback_status: CallbackStatus,
    pub callback_result: String,
    pub notify_status: NotifyStatus,
    pub created_at: DateTime<Utc>,
}

/// A checked request, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewWithdrawal {
    pub merchant_id: MerchantId,
    pub merchant_order_no: Option<String>,
    pub source: WithdrawalSource,
    pub open_id: String,
    pub security_code: String,
    pub chain_id: i64,
    pub token_id: Option<i64>,
    pub decimals: i32,
    pub requested_from: Option<String>,
    pub to_address: String,
    pub amount: BaseUnits,
    pub required_confirmations: i32,
    pub remark: String,
    pub created_by: Option<UserId>,
    pub created_by_email: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InsertOutcome {
    Inserted(WithdrawalRecord),
    /// The merchant order number exists already: the stored withdrawal (the caller compares).
    Existing(WithdrawalRecord),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewRecord {
    pub withdrawal_id: i64,
    pub action: ReviewAction,
    pub reviewer: Option<UserId>,
    pub reviewer_email: String,
    pub reason: String,
    pub created_at: DateTime<Utc>,
}

/// A state change: the withdrawal moves from one of `from` to `to` with the given fields set,
/// or nothing happens (another actor changed it first).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Transition {
    pub from: Vec<OrderStatus>,
    pub to: OrderStatus,
    pub reason: Option<String>,
    pub review_required: Option<bool>,
    pub risk_reasons: Option<Vec<String>>,
    pub from_address: Option<String>,
    pub fee: Option<BaseUnits>,
    pub tx_hash: Option<String>,
    pub signed_raw: Option<String>,
    pub nonce: Option<Option<i64>>,
    pub block_number: Option<Option<i64>>,
    pub actual_amount: Option<BaseUnits>,
    pub approved_at: Option<DateTime<Utc>>,
    pub broadcast_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    pub next_attempt_at: Option<DateTime<Utc>>,
    /// The review this change records (pass, reject, review again), stored with it.
    pub review: Option<ReviewRecord>,
    /// The callback event this change announces (None: the merchant needs no notice).
    pub event: Option<super::WithdrawalEvent>,
}

#[async_trait::async_trait]
pub trait WithdrawalRepo: Send + Sync {
    /// Stores a new withdrawal (status 0), unless its merchant order number exists already.
    async fn insert_withdrawal(&self, new: &NewWithdrawal, now: DateTime<Utc>) -> AppResult<InsertOutcome>;
    async fn withdrawal(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<WithdrawalRecord>>;
    /// The merchant's withdrawal under this merchant order number.
    async fn withdrawal_by_order_no(
        &self,
        merchant_id: MerchantId,
        merchant_order_no: &str,
    ) -> AppResult<Option<WithdrawalRecord>>;
    /// Withdrawals of one token created at or after `since`, not rejected or failed: how many
    /// and their sum (the daily limits).
    async fn withdrawn_since(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        token_id: Option<i64>,
        since: DateTime<Utc>,
    ) -> AppResult<(u64, BaseUnits)>;
    async fn reviews(&self, merchant_id: MerchantId, id: i64) -> AppResult<Vec<ReviewRecord>>;

    /// Applies `change` if the withdrawal is in one of `change.from`; the new state, or None
    /// when it was not (nothing written).
    async fn transition(
        &self,
        id: i64,
        change: &Transition,
        now: DateTime<Utc>,
        events: &dyn super::EventBuilder,
    ) -> AppResult<Option<WithdrawalRecord>>;
}

/// The executor's work: due withdrawals and hot wallets claimed under leases, and the signed
/// transactions of a wallet.
#[async_trait::async_trait]
pub trait WithdrawalLeaseRepo: Send + Sync {
    /// Takes up to `limit` withdrawals in one of `statuses` whose `next_attempt_at` has come
    /// and whose lease is free, expired or `owner`'s, leasing them to `owner` until
    /// `lease_until`; oldest first.
    async fn claim_withdrawals(
        &self,
        statuses: &[OrderStatus],
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<WithdrawalRecord>>;
    async fn release_withdrawal(&self, id: i64, owner: &str) -> AppResult<()>;
    /// Holds an order whose step failed: its reason shown, not claimed again before `until`;
    /// its state is unchanged.
    async fn hold_withdrawal(&self, id: i64, reason: &str, until: DateTime<Utc>) -> AppResult<()>;

    /// Takes the signing lease of a hot wallet (one signer per wallet, so nonces follow the
    /// node's pending count and a crash's stored transaction is sent before any new one).
    async fn lease_wallet(
        &self,
        chain_id: i64,
        address: &str,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> AppResult<bool>;
    async fn release_wallet(&self, chain_id: i64, address: &str, owner: &str) -> AppResult<()>;
    /// Withdrawals signed from the wallet and not yet broadcast (status 5).
    async fn signed_unsent(&self, chain_id: i64, address: &str) -> AppResult<Vec<WithdrawalRecord>>;
    /// Withdrawals signed from the wallet whose transaction is not in a block yet (5 and 6):
    /// what they will spend is not yet out of the balance the node reports.
    async fn signed_unmined(&self, chain_id: i64, address: &str) -> AppResult<Vec<WithdrawalRecord>>;
}

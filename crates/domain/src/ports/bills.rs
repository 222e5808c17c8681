//! Monthly bills (`bills/`): the fees a period billed, the bills with their lines, and the
//! payments merchants name ("I have paid") with what the check made of them.

use chrono::{DateTime, Utc};

use super::{MerchantId, PageRequest, Paged, UserId};
use crate::bills::{Bill, BillPayment, BillStatus, BilledFee, NewBill, Period, Settled};
use crate::error::AppResult;

/// Why "I have paid" was not recorded. Nothing was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SubmitRefusal {
    /// No such bill of this merchant.
    NoBill,
    /// The bill is being confirmed or is paid.
    NotPayable,
    /// The transaction is on a bill already (being checked or accepted).
    HashUsed,
}

/// A payment to record: the bill, the chain and its canonical transaction hash.
#[derive(Debug, Clone)]
pub struct NewPayment {
    pub merchant_id: MerchantId,
    pub bill_id: i64,
    pub chain_id: i64,
    pub tx_hash: String,
    pub submitted_by: Option<UserId>,
    pub at: DateTime<Utc>,
}

#[async_trait::async_trait]
pub trait BillRepo: Send + Sync {
    /// The postpaid fees posted to the merchant's billed account in the period.
    async fn billed_fees(&self, merchant: MerchantId, period: &Period) -> AppResult<Vec<BilledFee>>;
    /// Merchants that owe something for the period (a postpaid fee posted in it, or a monthly
    /// fee row in force during it) and have no bill for it yet.
    async fn unbilled_merchants(&self, period: &Period) -> AppResult<Vec<MerchantId>>;
    /// Stores the bill with its lines in one transaction, unless the merchant has one for the
    /// period by then: the bill there is, either way.
    async fn insert_bill(&self, bill: &NewBill) -> AppResult<Bill>;
    async fn bill(&self, merchant: MerchantId, id: i64) -> AppResult<Option<Bill>>;
    /// Bills newest period first; `merchant` None: every merchant's (the operator's list).
    async fn bills(
        &self,
        merchant: Option<MerchantId>,
        status: Option<BillStatus>,
        page: PageRequest,
    ) -> AppResult<Paged<Bill>>;
    /// The merchant's oldest bill not paid yet.
    async fn oldest_unpaid(&self, merchant: MerchantId) -> AppResult<Option<Bill>>;
}

/// "I have paid": the payments merchants name and what the check makes of them.
#[async_trait::async_trait]
pub trait BillPayments: Send + Sync {
    /// In one transaction: the bill from "to be paid" to "confirming" and the payment stored,
    /// or nothing.
    async fn submit_payment(&self, payment: &NewPayment) -> AppResult<Result<BillPayment, SubmitRefusal>>;
    /// At most `limit` payments being checked whose next check is due at `now`, oldest first,
    /// each claimed for a minute (its next check moved on) so no other node checks it then.
    async fn payments_due(&self, now: DateTime<Utc>, limit: u64) -> AppResult<Vec<BillPayment>>;
    /// Checks the payment again at `at`, with what the check saw so far.
    async fn check_later(&self, payment_id: i64, at: DateTime<Utc>, note: Option<&str>) -> AppResult<()>;
    /// The payment not accepted, its hash free again, the bill back to "to be paid" with the
    /// reason; false if the payment was no longer being checked (another node decided).
    async fn refuse_payment(&self, payment_id: i64, reason: &str, at: DateTime<Utc>) -> AppResult<bool>;
    /// The payment accepted for `points` (`counted` of them towards the bill) and its bill as
    /// `settled` says, in one transaction; false if the payment was no longer being checked.
    async fn accept_payment(
        &self,
        payment_id: i64,
        points: i64,
        counted: i64,
        settled: &Settled,
        at: DateTime<Utc>,
    ) -> AppResult<bool>;
    /// Payments accepted since `since`.
    async fn accepted_since(&self, since: DateTime<Utc>) -> AppResult<Vec<BillPayment>>;
}

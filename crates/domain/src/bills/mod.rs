//! Monthly bills: what postpaid services cost a merchant in a month, paid on chain
//! (docs/operations.md, "Bills").
//!
//! - A postpaid fee is held and posted like a prepaid one, on the merchant's billed account
//!   instead of its points (`points::charges`), so a bill holds the fees of work that
//!   completed, each once.
//! - A period is a month in the platform's billing zone (whole hours east of UTC, stored on the
//!   bill). Its bills are issued once it has ended (`issue.rs`): one per merchant, with lines
//!   (service, rate, count, volume, amount) that add up to it; issuing again finds the bill.
//! - "I have paid" names a transaction; the check (`check.rs`) accepts it only when it
//!   succeeded with its confirmations, moves the billing token's real contract to the
//!   platform's billing address, is newer than the bill and is on no other bill. What it paid
//!   above the bill becomes points; below, the bill returns to "to be paid" with the shortfall.

pub mod check;
pub mod issue;
pub mod period;
pub mod service;

use chrono::{DateTime, Utc};

pub use period::Period;

use crate::points::{points_text, Cause, Volume};
use crate::ports::MerchantId;
use crate::rates::Service;

crate::stored_codes! {
    /// The spec's bill statuses.
    pub enum BillStatus {
        ToBePaid = 1,
        /// After "I have paid", while the transaction is checked.
        Confirming = 2,
        Paid = 3,
    }

    /// What the check made of a payment.
    pub enum PaymentStatus {
        Confirming = 1,
        Accepted = 2,
        /// Not accepted, with its reason; the bill is to be paid again.
        Refused = 3,
    }
}

/// A postpaid fee posted in a period, as the bill's lines read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BilledFee {
    pub cause: Cause,
    pub rate_id: Option<i64>,
    pub amount: i64,
    pub volume: Option<Volume>,
}

/// One item of a bill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BillLine {
    pub service: Service,
    pub rate_id: Option<i64>,
    /// The row's terms as they were ("0.5% of the amount, at least 1").
    pub rate_text: String,
    /// Charges counted (the monthly fee: days its row was in force).
    pub charges: i64,
    /// What the charges were on, per token ("1520.25 USDT, 3 TRX"); None for the monthly fee.
    pub volume: Option<String>,
    pub amount: i64,
}

/// A bill to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBill {
    pub merchant_id: MerchantId,
    pub period: Period,
    pub lines: Vec<BillLine>,
    pub issued_at: DateTime<Utc>,
}

impl NewBill {
    /// A bill's amount is its lines' sum.
    pub fn amount(&self) -> i64 {
        self.lines.iter().map(|l| l.amount).sum()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bill {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub period: Period,
    pub amount: i64,
    /// What accepted payments paid of it, at most its amount.
    pub paid: i64,
    pub status: BillStatus,
    /// Why the last payment was not accepted, or what it fell short by.
    pub reason: Option<String>,
    pub issued_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub lines: Vec<BillLine>,
    /// The payment being checked, or the last one.
    pub payment: Option<BillPayment>,
}

impl Bill {
    /// What is still to pay.
    pub fn due(&self) -> i64 {
        (self.amount - self.paid).max(0)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BillPayment {
    pub id: i64,
    pub bill_id: i64,
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub tx_hash: String,
    pub status: PaymentStatus,
    /// Points it paid, once accepted.
    pub amount: Option<i64>,
    /// Of those, what counted towards the bill (the rest became points).
    pub counted: Option<i64>,
    /// Why it was not accepted, or what the check waits for.
    pub reason: Option<String>,
    pub submitted_at: DateTime<Utc>,
    pub resolved_at: Option<DateTime<Utc>>,
}

/// A bill after a payment is accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settled {
    pub paid: i64,
    pub status: BillStatus,
    pub reason: Option<String>,
    pub paid_at: Option<DateTime<Utc>>,
}

/// The bill after `points` more are accepted: paid up to its amount ("has paid" once covered),
/// else back to "to be paid" with the shortfall; and what was paid above it.
pub fn settle(bill: &Bill, points: i64, at: DateTime<Utc>) -> (Settled, i64) {
    let counted = points.min(bill.due());
    let paid = bill.paid + counted;
    let over = points - counted;
    let settled = if paid >= bill.amount {
        Settled {
            paid,
            status: BillStatus::Paid,
            reason: None,
            paid_at: Some(at),
        }
    } else {
        Settled {
            paid,
            status: BillStatus::ToBePaid,
            reason: Some(format!(
                "underpaid by {} points: the payment was accepted for {}; pay the rest and submit its hash",
                points_text(bill.amount - paid),
                points_text(points)
            )),
            paid_at: None,
        }
    };
    (settled, over)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn bill(amount: i64, paid: i64) -> Bill {
        let at = Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap();
        Bill {
            id: 1,
            merchant_id: 2,
            period: Period::containing(at, 0),
            amount,
            paid,
            status: BillStatus::Confirming,
            reason: None,
            issued_at: at,
            paid_at: None,
            lines: Vec::new(),
            payment: None,
        }
    }

    #[test]
    fn a_payment_pays_up_to_the_bill_and_the_rest_is_over_or_short() {
        let at = Utc.with_ymd_and_hms(2026, 11, 2, 0, 0, 0).unwrap();
        let (exact, over) = settle(&bill(10, 0), 10, at);
        assert_eq!((exact.status, exact.paid, over), (BillStatus::Paid, 10, 0));
        let (more, over) = settle(&bill(10, 4), 9, at);
        assert_eq!((more.status, more.paid, over), (BillStatus::Paid, 10, 3));
        let (short, over) = settle(&bill(10_000_000, 0), 7_500_000, at);
        assert_eq!(
            (short.status, short.paid, over),
            (BillStatus::ToBePaid, 7_500_000, 0)
        );
        assert!(short.reason.unwrap().starts_with("underpaid by 2.5 points"));
    }
}

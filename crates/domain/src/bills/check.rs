//! The check of "I have paid" (a round on every node, a few seconds apart). A payment is
//! accepted only when its transaction, read from the chain's node:
//! - exists and succeeded, with the chain's confirmations (until then the bill stays
//!   confirming and the payment says how far it is; a reorganisation before that point simply
//!   restarts the count, or drops the transaction, which is then not found);
//! - transfers the billing token's real contract (a look-alike token with the same symbol moves
//!   nothing here) to the platform's billing address;
//! - was mined after the bill was issued;
//! - is on no other bill (the store's unique key, at submission).
//!
//! What it paid above the bill becomes USDT points; below, the bill returns to "to be paid"
//! with the shortfall. Anything else returns the bill to "to be paid" with the reason.
//!
//! A payment is claimed for a while before it is checked, so one node checks it at a time; it
//! is accepted in the store first and its ledger transfers follow, keyed by the payment, and the
//! round makes them again for recent acceptances, so a crash between the two loses nothing.

use chrono::{DateTime, Duration, Utc};

use super::service::BillService;
use super::{settle, Bill, BillPayment};
use crate::error::{AppError, AppResult};
use crate::points::recharge::points_of;
use crate::points::{keys, AccountRef, Cause, LedgerOp, NewTransfer, Origin, Outcome, PointAsset};
use crate::ports::chain::{Asset, TxStatus};

/// A payment being confirmed is looked at again this often.
pub const CHECK_EVERY_SECONDS: i64 = 5;
/// A transaction the chain does not know is looked for this long after it was named.
pub const NOT_FOUND_AFTER_MINUTES: i64 = 30;
/// Accepted payments whose ledger transfers the round makes again (a crash between the
/// acceptance and its transfers).
const CATCH_UP_HOURS: i64 = 48;
/// Payments checked per round.
const ROUND: u64 = 50;

/// What the check made of a payment this time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Not yet: what it waits for.
    Wait(String),
    Refuse(String),
    /// Pays this many points.
    Accept(i64),
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CheckReport {
    pub accepted: usize,
    pub refused: usize,
    pub waiting: usize,
}

impl BillService {
    pub async fn check_round(&self) -> AppResult<CheckReport> {
        let now = self.ports.clock.now();
        let mut report = CheckReport::default();
        for payment in self.ports.bill_payments.payments_due(now, ROUND).await? {
            match self.check(&payment, now).await {
                Ok(Verdict::Accept(_)) => report.accepted += 1,
                Ok(Verdict::Refuse(_)) => report.refused += 1,
                Ok(Verdict::Wait(_)) => report.waiting += 1,
                // One payment's trouble never stops the others': it is looked at again later.
                Err(err) => {
                    report.waiting += 1;
                    tracing::error!(payment = payment.id, error = %err, "a bill payment could not be checked");
                }
            }
        }
        let recent = self
            .ports
            .bill_payments
            .accepted_since(now - Duration::hours(CATCH_UP_HOURS))
            .await?;
        self.record(&recent).await?;
        Ok(report)
    }

    async fn check(&self, payment: &BillPayment, now: DateTime<Utc>) -> AppResult<Verdict> {
        let bill = self
            .ports
            .bills
            .bill(payment.merchant_id, payment.bill_id)
            .await?
            .ok_or_else(|| {
                AppError::internal(format!(
                    "bill {} of payment {} is gone",
                    payment.bill_id, payment.id
                ))
            })?;
        let verdict = self.verdict(payment, &bill, now).await?;
        match &verdict {
            Verdict::Wait(note) => {
                let next = now + Duration::seconds(CHECK_EVERY_SECONDS);
                self.ports
                    .bill_payments
                    .check_later(payment.id, next, Some(note))
                    .await?;
            }
            Verdict::Refuse(reason) => {
                self.ports
                    .bill_payments
                    .refuse_payment(payment.id, reason, now)
                    .await?;
            }
            Verdict::Accept(points) => {
                let (settled, _) = settle(&bill, *points, now);
                let counted = settled.paid - bill.paid;
                if self
                    .ports
                    .bill_payments
                    .accept_payment(payment.id, *points, counted, &settled, now)
                    .await?
                {
                    let accepted = BillPayment {
                        amount: Some(*points),
                        counted: Some(counted),
                        resolved_at: Some(now),
                        ..payment.clone()
                    };
                    self.record(&[accepted]).await?;
                }
            }
        }
        Ok(verdict)
    }

    /// What the transaction says about the payment now.
    pub async fn verdict(
        &self,
        payment: &BillPayment,
        bill: &Bill,
        now: DateTime<Utc>,
    ) -> AppResult<Verdict> {
        let Some(chain) = self.chains.get(payment.chain_id) else {
            return Ok(Verdict::Refuse(
                "this chain is no longer served: pay on a chain the billing addresses list".into(),
            ));
        };
        let billing = match self.billing_address(payment.chain_id).await {
            Ok(billing) => billing,
            Err(AppError::Invalid(_)) => {
                return Ok(Verdict::Refuse(
                    "bills are no longer paid on this chain: pay on a chain the billing addresses list"
                        .into(),
                ))
            }
            Err(err) => return Err(err),
        };
        let unreadable = |e: crate::ports::chain::ChainError| {
            Verdict::Wait(format!("the chain's node cannot be read now: {e}"))
        };
        let number = match chain.status(&payment.tx_hash).await {
            Err(e) => return Ok(unreadable(e)),
            Ok(TxStatus::Unknown) if now - payment.submitted_at >= Duration::minutes(NOT_FOUND_AFTER_MINUTES) => {
                return Ok(Verdict::Refuse(format!(
                    "the transaction was not found on {} within {NOT_FOUND_AFTER_MINUTES} minutes: check the hash and the chain",
                    billing.chain_name
                )))
            }
            Ok(TxStatus::Unknown) => return Ok(Verdict::Wait("the transaction is not on the chain yet".into())),
            Ok(TxStatus::Pending) => return Ok(Verdict::Wait("the transaction is waiting to be mined".into())),
            Ok(TxStatus::Included { success: false, .. }) => {
                return Ok(Verdict::Refuse("the transaction failed on chain and moved nothing".into()))
            }
            Ok(TxStatus::Included { block, .. }) => block,
        };
        let head = match chain.head().await {
            Ok(head) => head.number,
            Err(e) => return Ok(unreadable(e)),
        };
        let confirmations = head.saturating_sub(number) + 1;
        if confirmations < u64::from(billing.confirmations) {
            return Ok(Verdict::Wait(format!(
                "{confirmations} of {} confirmations",
                billing.confirmations
            )));
        }
        let nodes = self.ports.config.chain_nodes().await?;
        let token = nodes
            .iter()
            .find(|n| n.chainid == payment.chain_id)
            .and_then(|n| {
                n.tokens
                    .iter()
                    .find(|t| t.symbol.eq_ignore_ascii_case(billing.token))
            })
            .ok_or_else(|| AppError::internal("the billing token left the configuration"))?;
        let contract = chain
            .parse_address(&token.contract)
            .map_err(|e| AppError::internal(format!("the billing token's contract: {e}")))?;
        let block = match chain.block(number, std::slice::from_ref(&contract)).await {
            Ok(Some(block)) => block,
            Ok(None) => return Ok(Verdict::Wait("the transaction's block cannot be read yet".into())),
            Err(e) => return Ok(unreadable(e)),
        };
        let real_token = Asset::Token {
            contract: contract.clone(),
        };
        let moved: Vec<_> = block
            .transfers
            .iter()
            .filter(|t| t.tx_hash.eq_ignore_ascii_case(&payment.tx_hash) && t.asset == real_token)
            .collect();
        if moved.is_empty() {
            return Ok(Verdict::Refuse(format!(
                "the transaction does not transfer {} (contract {contract})",
                billing.token
            )));
        }
        if block.timestamp < bill.issued_at.timestamp() {
            return Ok(Verdict::Refuse(format!(
                "the transaction was mined before the bill was issued ({}): it cannot pay this bill",
                bill.issued_at.format("%Y-%m-%d %H:%M UTC")
            )));
        }
        let ours = |to: &str| chain.parse_address(to).is_ok_and(|to| to == billing.address);
        let paid = moved
            .iter()
            .filter(|t| ours(&t.to))
            .try_fold(crate::amount::BaseUnits::ZERO, |sum, t| sum.checked_add(t.amount));
        let Some(paid) = paid.filter(|p| !p.is_zero()) else {
            return Ok(Verdict::Refuse(format!(
                "the transaction pays {} to another address, not the billing address {}",
                billing.token, billing.address
            )));
        };
        Ok(match points_of(paid, token.decimals) {
            Some(points) => Verdict::Accept(points),
            None => Verdict::Refuse("the amount paid is out of the points' range".into()),
        })
    }

    /// The ledger transfers of accepted payments that are not made yet, in one batch: what a
    /// payment counted towards its bill credits the merchant's billed account, what it paid
    /// above the bill becomes its USDT points. Keyed by the payment, so the round's catch-up
    /// (a crash between the acceptance and its transfers) finds them made and writes nothing.
    async fn record(&self, payments: &[BillPayment]) -> AppResult<()> {
        if payments.is_empty() {
            return Ok(());
        }
        let nodes = self.ports.config.chain_nodes().await?;
        let ops: Vec<LedgerOp> = payments.iter().flat_map(|p| transfers_of(p, &nodes)).collect();
        let keys: Vec<String> = ops
            .iter()
            .filter_map(|op| match op {
                LedgerOp::Transfer(t) => Some(t.key.clone()),
                LedgerOp::Resolve { .. } => None,
            })
            .collect();
        let made = self.ports.recharge.existing_keys(&keys).await?;
        let missing: Vec<LedgerOp> = ops
            .into_iter()
            .filter(|op| !matches!(op, LedgerOp::Transfer(t) if made.contains(&t.key)))
            .collect();
        for outcome in self.ports.points.apply(&missing).await? {
            if let Outcome::Refused(refusal) = outcome {
                tracing::error!(?refusal, "a bill payment's transfer was refused");
            }
        }
        Ok(())
    }
}

/// An accepted payment's ledger transfers (none before it is accepted).
fn transfers_of(payment: &BillPayment, nodes: &[crate::config::ChainNode]) -> Vec<LedgerOp> {
    let (Some(amount), Some(counted)) = (payment.amount, payment.counted) else {
        return Vec::new();
    };
    let chain_name = nodes
        .iter()
        .find(|n| n.chainid == payment.chain_id)
        .map_or_else(|| payment.chain_id.to_string(), |n| n.chainname.clone());
    let transfer = |key: String, credit, amount, cause| {
        LedgerOp::Transfer(NewTransfer {
            key,
            asset: PointAsset::Usdt,
            debit: AccountRef::Outside,
            credit,
            amount,
            cause,
            hold_until: None,
            origin: Origin {
                reference: format!("bill:{}", payment.bill_id),
                chain: Some(chain_name.clone()),
                tx_hash: Some(payment.tx_hash.clone()),
                ..Origin::default()
            },
            at: payment.resolved_at.unwrap_or(payment.submitted_at),
        })
    };
    let mut ops = Vec::new();
    if counted > 0 {
        ops.push(transfer(
            format!("bill:{}:payment:{}", payment.bill_id, payment.id),
            AccountRef::Billed(payment.merchant_id),
            counted,
            Cause::BillPayment,
        ));
    }
    if amount > counted {
        ops.push(transfer(
            keys::bill_overpayment(payment.bill_id),
            AccountRef::Merchant(payment.merchant_id),
            amount - counted,
            Cause::BillOverpayment,
        ));
    }
    ops
}

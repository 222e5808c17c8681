//! The exchange round (every node, a few seconds apart): payments to exchange addresses are
//! linked to their orders (`link.rs`), confirmed payments are decided (`settle.rs`), and orders
//! follow their payout or refund withdrawal to the end. Each order is leased while a node works
//! on it and moves only from the state the round read; the payout and refund are withdrawals
//! (risk limits, review, sign-store-broadcast, crash re-send), written in the same transaction
//! as the order's move. An order that cannot be moved on is logged and tried again next round:
//! it never stops another order.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chrono::Duration;

use super::orders::ExchangeOrderRecord;
use super::service::ExchangeService;
use crate::callbacks::events::CallbackEvents;
use crate::error::AppResult;
use crate::points::charges::WorkFees;
use crate::ports::{ExchangeChange, OrderStatus, WithdrawalRecord, Work};

pub struct RoundSettings {
    pub lease: Duration,
    /// Orders moved on per round.
    pub batch: u64,
    /// Blocks a payout or refund waits for, per chain (as a withdrawal's).
    pub confirmations: HashMap<i64, u32>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RoundReport {
    /// Payments linked to an order (API orders) or given one (address orders).
    pub linked: u64,
    pub paying_out: u64,
    pub refunding: u64,
    pub held: u64,
    pub expired: u64,
    pub completed: u64,
    pub refunded: u64,
    pub failed: u64,
}

pub struct ExchangeRound {
    pub exchange: Arc<ExchangeService>,
    /// The exchange fee, held when the payout is made.
    pub fees: WorkFees,
    pub owner: String,
    pub settings: RoundSettings,
    /// The payments read so far (`link.rs`): every payment is looked at in turn, however many
    /// wait for a pair.
    pub(super) cursor: Mutex<i64>,
}

impl ExchangeRound {
    pub fn new(
        exchange: Arc<ExchangeService>,
        fees: WorkFees,
        owner: String,
        settings: RoundSettings,
    ) -> ExchangeRound {
        ExchangeRound {
            exchange,
            fees,
            owner,
            settings,
            cursor: Mutex::new(0),
        }
    }

    pub async fn round(&self) -> AppResult<RoundReport> {
        let mut report = RoundReport::default();
        self.link_payments(&mut report).await?;
        let ports = &self.exchange.ports;
        let now = ports.clock.now();
        let orders = ports
            .exchange_work
            .claim_exchange_orders(&self.owner, now, now + self.settings.lease, self.settings.batch)
            .await?;
        for order in orders {
            if let Err(err) = self.advance(&order, &mut report).await {
                tracing::warn!(
                    order_no = %order.order_no,
                    error = %err,
                    "exchange order not moved on: tried again next round"
                );
            }
            if let Err(err) = ports
                .exchange_work
                .release_exchange_order(order.id, &self.owner)
                .await
            {
                tracing::warn!(order_no = %order.order_no, error = %err, "exchange order lease kept");
            }
        }
        Ok(report)
    }

    async fn advance(&self, order: &ExchangeOrderRecord, report: &mut RoundReport) -> AppResult<()> {
        match order.order.status {
            OrderStatus::New => {
                let change = ExchangeChange {
                    from: vec![OrderStatus::New],
                    to: OrderStatus::Expired,
                    reason: Some("no_payment".into()),
                    ..ExchangeChange::default()
                };
                if self.apply(order, &change).await? {
                    report.expired += 1;
                }
                Ok(())
            }
            OrderStatus::Confirming => self.settle_payment(order, report).await,
            OrderStatus::Passed | OrderStatus::Processing => self.follow_payout(order, report).await,
            OrderStatus::Refunding => self.follow_refund(order, report).await,
            _ => Ok(()),
        }
    }

    /// Moves the order this round holds; false when another actor moved it first.
    pub(super) async fn apply(
        &self,
        order: &ExchangeOrderRecord,
        change: &ExchangeChange,
    ) -> AppResult<bool> {
        let ports = &self.exchange.ports;
        debug_assert!(change
            .from
            .iter()
            .all(|from| super::state::allowed(*from, change.to)));
        let events = self.events().await?;
        let moved = ports
            .exchange_work
            .move_exchange_order(order.id, &self.owner, change, ports.clock.now(), &events)
            .await?;
        if moved {
            ports.wakeups.ready(Work::Callbacks);
        }
        Ok(moved)
    }

    /// The callback events of the changes a round makes (with the chains' names now).
    pub(super) async fn events(&self) -> AppResult<CallbackEvents> {
        let ports = &self.exchange.ports;
        Ok(CallbackEvents::new(
            ports.config.chain_nodes().await?,
            ports.clock.clone(),
        ))
    }

    async fn leg(&self, order: &ExchangeOrderRecord, id: Option<i64>) -> AppResult<Option<WithdrawalRecord>> {
        let Some(id) = id else { return Ok(None) };
        self.exchange
            .ports
            .withdrawals
            .withdrawal(order.order.merchant_id, id)
            .await
    }

    /// The payout's withdrawal decides: broadcast, confirmed, or failed (then the payment goes
    /// back to its payer).
    async fn follow_payout(&self, order: &ExchangeOrderRecord, report: &mut RoundReport) -> AppResult<()> {
        let Some(w) = self.leg(order, order.withdrawal_id).await? else {
            return Ok(());
        };
        let now = self.exchange.ports.clock.now();
        let paying = vec![OrderStatus::Passed, OrderStatus::Processing];
        match w.status {
            OrderStatus::Complete => {
                let change = ExchangeChange {
                    from: paying,
                    to: OrderStatus::Complete,
                    out_hash: Some(w.tx_hash.clone()),
                    completed_at: Some(now),
                    ..ExchangeChange::default()
                };
                if self.apply(order, &change).await? {
                    report.completed += 1;
                }
            }
            OrderStatus::Failed | OrderStatus::Rejected | OrderStatus::Void => {
                let reason = format!("payout_failed: {}", w.reason);
                if self.refund(order, paying, reason).await? {
                    report.refunding += 1;
                }
            }
            _ if order.order.status == OrderStatus::Passed && !w.tx_hash.is_empty() => {
                let change = ExchangeChange {
                    from: vec![OrderStatus::Passed],
                    to: OrderStatus::Processing,
                    out_hash: Some(w.tx_hash.clone()),
                    ..ExchangeChange::default()
                };
                self.apply(order, &change).await?;
            }
            _ => {}
        }
        Ok(())
    }

    async fn follow_refund(&self, order: &ExchangeOrderRecord, report: &mut RoundReport) -> AppResult<()> {
        let Some(w) = self.leg(order, order.refund_id).await? else {
            return Ok(());
        };
        let now = self.exchange.ports.clock.now();
        let (to, reason) = match w.status {
            OrderStatus::Complete => (OrderStatus::Refunded, None),
            OrderStatus::Failed | OrderStatus::Rejected | OrderStatus::Void => (
                OrderStatus::Failed,
                Some(format!("{}; refund_failed: {}", order.reason, w.reason)),
            ),
            _ => return Ok(()),
        };
        let change = ExchangeChange {
            from: vec![OrderStatus::Refunding],
            to,
            reason,
            out_hash: Some(w.tx_hash.clone()),
            completed_at: Some(now),
            ..ExchangeChange::default()
        };
        if self.apply(order, &change).await? {
            match to {
                OrderStatus::Refunded => report.refunded += 1,
                _ => report.failed += 1,
            }
        }
        Ok(())
    }
}

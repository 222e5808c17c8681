//! Payments to exchange addresses, linked to their orders as soon as the scanner records them:
//! the oldest API order of that address and token still waiting when the payment was seen, or
//! else a new address order on the merchant's pair with that token in (paid out to the sender,
//! priced when the payment is confirmed). A payment no pair takes waits, looked at again in turn
//! (a pair added later takes it).

use super::orders::{end_user_of, NewExchangeOrder, OrderPrice, Origin};
use super::pairs::PairRecord;
use super::price::SourceKind;
use super::round::{ExchangeRound, RoundReport};
use super::sides;
use crate::amount::BaseUnits;
use crate::error::AppResult;
use crate::ports::{DepositRecord, OrderStatus};

/// Payments read per round.
const BATCH: u64 = 100;

impl ExchangeRound {
    pub(super) async fn link_payments(&self, report: &mut RoundReport) -> AppResult<()> {
        let ports = &self.exchange.ports;
        let after = *self.cursor.lock().expect("cursor");
        let payments = ports.exchange_work.unlinked_payments(after, BATCH).await?;
        // A short page is the end: the next round starts from the first unlinked payment again.
        let next = match payments.last() {
            Some(last) if payments.len() as u64 == BATCH => last.id,
            _ => 0,
        };
        *self.cursor.lock().expect("cursor") = next;
        for payment in &payments {
            match self.link(payment).await {
                Ok(true) => {
                    report.linked += 1;
                    ports.wakeups.ready(crate::ports::Work::Callbacks);
                }
                Ok(false) => {}
                Err(err) => tracing::warn!(
                    deposit_id = payment.id,
                    error = %err,
                    "exchange payment not linked: tried again next round"
                ),
            }
        }
        Ok(())
    }

    async fn link(&self, payment: &DepositRecord) -> AppResult<bool> {
        let ports = &self.exchange.ports;
        let now = ports.clock.now();
        if let Some(order) = ports
            .exchange_work
            .waiting_order(payment, payment.created_at)
            .await?
        {
            let events = self.events().await?;
            return ports
                .exchange_work
                .link_payment(order.id, payment, now, &events)
                .await;
        }
        let Some(end_user) = end_user_of(&payment.open_id) else {
            return Ok(false);
        };
        let Some(pair) = self.pair_taking(payment).await? else {
            return Ok(false);
        };
        let nodes = ports.config.chain_nodes().await?;
        let sides = sides::named(
            nodes.iter().find(|n| n.chainid == pair.chain_id),
            pair.token_in,
            pair.token_out,
        );
        let new = NewExchangeOrder {
            merchant_id: payment.merchant_id,
            merchant_order_no: None,
            origin: Origin::Address,
            pair_id: pair.id,
            chain_id: pair.chain_id,
            token_in: pair.token_in,
            decimals_in: i32::from(sides.token_in.decimals),
            token_out: pair.token_out,
            decimals_out: i32::from(sides.token_out.decimals),
            open_id: end_user.to_string(),
            pay_address: payment.to_address.clone(),
            // Paid back to whoever paid.
            payout_address: payment.from_address.clone(),
            quote_id: None,
            amount_in: BaseUnits::ZERO,
            min_out: BaseUnits::ZERO,
            amount_out: BaseUnits::ZERO,
            // Priced when the payment is confirmed.
            price: OrderPrice {
                rate: String::new(),
                market_rate: String::new(),
                spread_bp: pair.terms.spread_bp,
                source_kind: SourceKind::None,
                source_label: String::new(),
                price_at: None,
                repriced: false,
            },
            status: OrderStatus::Confirming,
            pay_by: payment.created_at,
        };
        let events = self.events().await?;
        ports
            .exchange_work
            .insert_address_order(&new, payment, now, &events)
            .await
    }

    /// The merchant's pair with the payment's token in: an enabled one first (a disabled one
    /// still takes it, so the payment is refunded or held as that pair says).
    async fn pair_taking(&self, payment: &DepositRecord) -> AppResult<Option<PairRecord>> {
        let pairs = self
            .exchange
            .ports
            .exchange_pairs
            .pairs(payment.merchant_id)
            .await?;
        let mut taking: Vec<PairRecord> = pairs
            .into_iter()
            .filter(|p| p.chain_id == payment.chain_id && p.token_in == payment.token_id)
            .collect();
        taking.sort_by_key(|p| (!p.terms.enabled, p.id));
        Ok(taking.into_iter().next())
    }
}

//! A confirmed payment decided (`decide.rs`): paid out at its price by a payout withdrawal from
//! the pair's wallet, or outside the pair's rules: its payment sent back by a refund withdrawal,
//! or held for a person, with the reason. The withdrawal is written with the order's move, once.

use super::decide::{decide, quote_holds, Context, Outside, Payment, Verdict};
use super::orders::ExchangeOrderRecord;
use super::pairs::OutsideRule;
use super::round::{ExchangeRound, RoundReport};
use crate::amount::BaseUnits;
use crate::error::AppResult;
use crate::points::charges::{asset_named, token_amount, FeeStart, Work};
use crate::points::Cause;
use crate::ports::{ExchangeChange, ExchangeLeg, NewWithdrawal, OrderStatus, WithdrawalSource};
use crate::rates::Service;
use crate::reports::days::day_start;

impl ExchangeRound {
    pub(super) async fn settle_payment(
        &self,
        order: &ExchangeOrderRecord,
        report: &mut RoundReport,
    ) -> AppResult<()> {
        let ports = &self.exchange.ports;
        let o = &order.order;
        let Some(deposit_id) = order.deposit_id else {
            return Ok(());
        };
        let Some(deposit) = ports.deposits.deposit(o.merchant_id, deposit_id).await? else {
            return Ok(());
        };
        match deposit.status {
            OrderStatus::Complete => {}
            // The chain dropped the payment (a reorganisation): there is nothing to exchange.
            OrderStatus::Void => {
                let change = ExchangeChange {
                    from: vec![OrderStatus::Confirming],
                    to: OrderStatus::Failed,
                    reason: Some("payment_void".into()),
                    completed_at: Some(ports.clock.now()),
                    ..ExchangeChange::default()
                };
                if self.apply(order, &change).await? {
                    report.failed += 1;
                }
                return Ok(());
            }
            _ => return Ok(()), // still confirming
        }
        let pair = self.exchange.found(o.merchant_id, o.pair_id).await?;
        let payment = Payment {
            amount: deposit.amount,
            seen_at: deposit.created_at,
        };
        let quote_expires_at = match o.quote_id {
            Some(id) => ports
                .exchange_quotes
                .quote_by_row(o.merchant_id, id)
                .await?
                .map(|q| q.quote.expires_at),
            None => None,
        };
        let fresh = match quote_holds(o, &payment, quote_expires_at) {
            true => None,
            false => Some(self.exchange.live_price(&pair).await),
        };
        let now = ports.clock.now();
        let time_zone = ports.config.merchant_settings(o.merchant_id).await?.time_zone;
        let used_today = ports
            .exchange_work
            .exchanged_since(pair.id, day_start(now, time_zone), order.id)
            .await?;
        let read = self.exchange.payout_read(&pair).await?;
        let source_label = pair.source.label();
        let mut ctx = Context {
            terms: &pair.terms,
            quote_expires_at,
            fresh: fresh.as_ref(),
            used_today,
            available_out: read,
            source_label: &source_label,
        };
        let mut verdict = decide(o, &payment, &ctx);
        if matches!(verdict, Verdict::Outside(Outside::InventoryShort)) {
            // The reading may predate a top-up: short only if the chain says so now.
            ctx.available_out = self.exchange.payout_read_now(&pair, read).await?;
            verdict = decide(o, &payment, &ctx);
        }
        let outside = match verdict {
            Verdict::Pay { amount_out, price } => {
                if let Some(refusal) = self.payee_refusal(order, &o.payout_address).await? {
                    refusal
                } else if let FeeStart::Wait(reason) = self.fee_held(order).await? {
                    // Points short: it waits confirmed, with the reason, and goes on once
                    // they are recharged.
                    let waiting = ExchangeChange {
                        from: vec![OrderStatus::Confirming],
                        to: OrderStatus::Confirming,
                        reason: Some(reason),
                        ..ExchangeChange::default()
                    };
                    let events = self.events().await?;
                    ports
                        .exchange_work
                        .move_exchange_order(order.id, &self.owner, &waiting, now, &events)
                        .await?;
                    return Ok(());
                } else {
                    let payout = self.withdrawal(
                        order,
                        WithdrawalSource::Exchange,
                        &pair.terms.payout_wallet,
                        amount_out,
                    );
                    let change = ExchangeChange {
                        from: vec![OrderStatus::Confirming],
                        to: OrderStatus::Passed,
                        reason: Some(String::new()),
                        amount_out: Some(amount_out),
                        price: Some(price),
                        withdrawal: Some((ExchangeLeg::Payout, payout)),
                        ..ExchangeChange::default()
                    };
                    if self.apply(order, &change).await? {
                        report.paying_out += 1;
                    }
                    return Ok(());
                }
            }
            Verdict::Outside(outside) => outside,
        };
        let from = vec![OrderStatus::Confirming];
        let moved = match outside.action(pair.terms.outside_rule) {
            OutsideRule::Refund => self.refund(order, from, outside.reason()).await?,
            OutsideRule::Review => self.hold(order, from, outside.reason()).await?,
        };
        if moved {
            report.held += 1;
        }
        Ok(())
    }

    /// The exchange fee of the rate card, on what was paid in, held once (a later round finds
    /// the hold under the order's key).
    pub(super) async fn fee_held(&self, order: &ExchangeOrderRecord) -> AppResult<FeeStart> {
        let o = &order.order;
        let nodes = self.exchange.ports.config.chain_nodes().await?;
        let Some((symbol, decimals)) = asset_named(&nodes, o.chain_id, o.token_in) else {
            return Ok(FeeStart::Go);
        };
        let work = Work {
            merchant_id: o.merchant_id,
            service: Service::ExchangeFee,
            cause: Cause::ExchangeFee,
            id: order.id,
            amount: token_amount(order.paid_in, &symbol, decimals),
        };
        self.fees.start(&work).await
    }

    /// Sends the payment back to its payer (a refund withdrawal), unless the payer may not be
    /// paid (then a person decides).
    pub(super) async fn refund(
        &self,
        order: &ExchangeOrderRecord,
        from: Vec<OrderStatus>,
        reason: String,
    ) -> AppResult<bool> {
        if let Some(refusal) = self.payee_refusal(order, &order.payer).await? {
            return self
                .hold(order, from, format!("{reason}; {}", refusal.reason()))
                .await;
        }
        let refund = self.withdrawal(order, WithdrawalSource::ExchangeRefund, "", order.paid_in);
        let change = ExchangeChange {
            from,
            to: OrderStatus::Refunding,
            reason: Some(reason),
            withdrawal: Some((ExchangeLeg::Refund, refund)),
            ..ExchangeChange::default()
        };
        self.apply(order, &change).await
    }

    async fn hold(
        &self,
        order: &ExchangeOrderRecord,
        from: Vec<OrderStatus>,
        reason: String,
    ) -> AppResult<bool> {
        let change = ExchangeChange {
            from,
            to: OrderStatus::AwaitingReview,
            reason: Some(reason),
            ..ExchangeChange::default()
        };
        self.apply(order, &change).await
    }

    /// Why an address may not be paid: on the merchant's blacklist, or one of its own (a payout
    /// to itself would be an internal transfer, never an exchange).
    pub(super) async fn payee_refusal(
        &self,
        order: &ExchangeOrderRecord,
        address: &str,
    ) -> AppResult<Option<Outside>> {
        let ports = &self.exchange.ports;
        let (merchant_id, chain_id) = (order.order.merchant_id, order.order.chain_id);
        if address.is_empty()
            || is_zero_address(address)
            || ports
                .blacklist
                .is_blacklisted(merchant_id, chain_id, address)
                .await?
        {
            return Ok(Some(Outside::PayeeRefused));
        }
        if crate::wallets::known::is_own_address(ports, merchant_id, chain_id, address).await? {
            return Ok(Some(Outside::PayeeRefused));
        }
        Ok(None)
    }

    /// The payout (token out, from the pair's wallet, to the payout address) or the refund
    /// (token in, from whichever hot wallet holds it, to the payer).
    pub(super) fn withdrawal(
        &self,
        order: &ExchangeOrderRecord,
        source: WithdrawalSource,
        from_wallet: &str,
        amount: BaseUnits,
    ) -> NewWithdrawal {
        let o = &order.order;
        let (token_id, decimals, to_address) = match source {
            WithdrawalSource::ExchangeRefund => (o.token_in, o.decimals_in, order.payer.clone()),
            _ => (o.token_out, o.decimals_out, o.payout_address.clone()),
        };
        NewWithdrawal {
            merchant_id: o.merchant_id,
            merchant_order_no: None,
            source,
            open_id: o.open_id.clone(),
            security_code: String::new(),
            chain_id: o.chain_id,
            token_id,
            decimals,
            requested_from: (!from_wallet.is_empty()).then(|| from_wallet.to_string()),
            to_address,
            amount,
            required_confirmations: self
                .settings
                .confirmations
                .get(&o.chain_id)
                .copied()
                .unwrap_or(12) as i32,
            remark: order.order_no.clone(),
            created_by: None,
            created_by_email: String::new(),
        }
    }
}

/// The zero address (EVM's, and TRON's in base58): what a mint comes "from". Coins paid to it
/// are burnt, so no exchange pays it out or back.
fn is_zero_address(address: &str) -> bool {
    const TRON_ZERO: &str = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";
    let evm_zero = address
        .strip_prefix("0x")
        .is_some_and(|hex| hex.len() == 40 && hex.bytes().all(|b| b == b'0'));
    evm_zero || address == TRON_ZERO
}

#[cfg(test)]
mod tests {
    use super::is_zero_address;

    #[test]
    fn the_zero_address_of_each_family_is_known() {
        assert!(is_zero_address("0x0000000000000000000000000000000000000000"));
        assert!(is_zero_address("T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"));
        assert!(!is_zero_address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"));
        assert!(!is_zero_address("0x000000000000000000000000000000000000000"));
        assert!(!is_zero_address("TJRabPrwbZy45sbavfcjinPJC18kjpRTv8"));
    }
}

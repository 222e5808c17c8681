//! What a withdrawal tells the merchant: the callback bodies (fixed at creation, like deposit
//! events) and the risk-control question.

use serde_json::{json, Value};
use std::sync::Arc;

use crate::clock::Clock;
use crate::config::ChainNode;
use crate::deposits::events::new_event_id;
use crate::ports::{NewCallbackEvent, WithdrawalEvents, WithdrawalRecord};
use crate::wallets::time;

/// Callback event names.
pub mod event {
    pub const REVIEW: &str = "withdraw.review";
    pub const REJECTED: &str = "withdraw.rejected";
    pub const BROADCAST: &str = "withdraw.broadcast";
    pub const CONFIRMED: &str = "withdraw.confirmed";
    pub const FAILED: &str = "withdraw.failed";
    /// The risk-control question (not a callback: its answer decides).
    pub const RISK: &str = "withdraw.risk";
}

pub struct WithdrawalEventBuilder {
    nodes: Vec<ChainNode>,
    clock: Arc<dyn Clock>,
}

impl WithdrawalEventBuilder {
    pub fn new(nodes: Vec<ChainNode>, clock: Arc<dyn Clock>) -> Self {
        WithdrawalEventBuilder { nodes, clock }
    }

    /// The fields a merchant sees of a withdrawal, in callbacks and the risk question.
    pub fn body(&self, w: &WithdrawalRecord, event_id: &str, event: &str) -> Value {
        let chain = self.nodes.iter().find(|c| c.chainid == w.chain_id);
        let symbol = match (chain, w.token_id) {
            (Some(c), Some(t)) => c.tokens.iter().find(|x| x.tokenid == t).map(|x| x.symbol.clone()),
            (Some(c), None) => Some(c.symbol.clone()),
            _ => None,
        };
        let decimals = u8::try_from(w.decimals).unwrap_or(18);
        json!({
            "eventId": event_id,
            "event": event,
            "orderNo": w.order_no,
            "merchantOrderNo": w.merchant_order_no.clone().unwrap_or_default(),
            "openId": w.open_id,
            "securityCode": w.security_code,
            "chainId": w.chain_id,
            "chainname": chain.map(|c| c.chainname.clone()).unwrap_or_default(),
            "tokenId": w.token_id,
            "symbol": symbol.unwrap_or_default(),
            "fromAddress": w.from_address,
            "toAddress": w.to_address,
            "amount": w.amount.to_decimal(decimals),
            "actualAmount": w.actual_amount.to_decimal(decimals),
            "hash": w.tx_hash,
            "status": w.status,
            "reason": w.reason,
            "riskReasons": w.risk_reasons,
            "createdAt": time(w.created_at),
        })
    }
}

impl WithdrawalEvents for WithdrawalEventBuilder {
    fn build(&self, w: &WithdrawalRecord, event: &str) -> NewCallbackEvent {
        let event_id = new_event_id();
        let now = self.clock.now();
        let mut body = self.body(w, &event_id, event);
        // when the state changed; `seq` is added when the event is written.
        body["occurredAt"] = serde_json::json!(crate::callbacks::occurred(now));
        NewCallbackEvent {
            event_id,
            merchant_id: w.merchant_id,
            deposit_id: None,
            withdrawal_id: Some(w.id),
            order_no: w.order_no.clone(),
            event: event.to_string(),
            body: body.to_string(),
            next_attempt_at: now,
        }
    }
}

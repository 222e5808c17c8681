//! Building the events of orders' changes. The body is fixed when the event is made: every
//! attempt sends (and signs) the same bytes under the same event id, so a merchant can
//! de-duplicate. Each kind of order gives its payload; the event's id, name and time are added
//! here, its `seq` when it is written.

use rand::Rng;
use serde_json::{json, Value};
use std::sync::Arc;

use crate::clock::Clock;
use crate::config::ChainNode;
use crate::ports::{CallbackEvent, EventBuilder, NewCallbackEvent};

pub fn new_event_id() -> String {
    let bytes: [u8; 12] = rand::thread_rng().gen();
    format!("evt_{}", hex::encode(bytes))
}

/// The chain's name and the token's symbol ("" for what the configuration does not know).
pub(crate) fn chain_and_symbol(
    nodes: &[ChainNode],
    chain_id: i64,
    token_id: Option<i64>,
) -> (String, String) {
    let chain = nodes.iter().find(|c| c.chainid == chain_id);
    let symbol = match (chain, token_id) {
        (Some(c), Some(t)) => c.tokens.iter().find(|x| x.tokenid == t).map(|x| x.symbol.clone()),
        (Some(c), None) => Some(c.symbol.clone()),
        _ => None,
    };
    (
        chain.map(|c| c.chainname.clone()).unwrap_or_default(),
        symbol.unwrap_or_default(),
    )
}

/// A payload (a JSON object) with the event's id and name: what a merchant is told (or asked).
pub(crate) fn named(mut payload: Value, event_id: &str, event: &str) -> Value {
    payload["eventId"] = json!(event_id);
    payload["event"] = json!(event);
    payload
}

/// Builds the events of every kind of order, with the chain names of the configuration.
pub struct CallbackEvents {
    nodes: Vec<ChainNode>,
    clock: Arc<dyn Clock>,
}

impl CallbackEvents {
    pub fn new(nodes: Vec<ChainNode>, clock: Arc<dyn Clock>) -> CallbackEvents {
        CallbackEvents { nodes, clock }
    }

    pub fn nodes(&self) -> &[ChainNode] {
        &self.nodes
    }
}

impl EventBuilder for CallbackEvents {
    fn build(&self, event: CallbackEvent<'_>) -> Option<NewCallbackEvent> {
        let payload = match event {
            CallbackEvent::Deposit(d, _) => crate::deposits::events::payload(&self.nodes, d)?,
            // An exchange's payout or refund is announced as the exchange, not as a withdrawal.
            CallbackEvent::Withdrawal(w, _) if w.source.is_exchange() => return None,
            CallbackEvent::Withdrawal(w, _) => crate::withdrawals::events::payload(&self.nodes, w),
            CallbackEvent::Exchange(x, _) => crate::exchange::events::payload(&self.nodes, x),
        };
        let event_id = new_event_id();
        let now = self.clock.now();
        let mut body = named(payload, &event_id, event.name());
        // when the state changed; `seq` is added when the event is written.
        body["occurredAt"] = json!(super::occurred(now));
        Some(NewCallbackEvent {
            event_id,
            merchant_id: event.merchant_id(),
            order: event.order(),
            order_no: event.order_no().to_string(),
            event: event.name().to_string(),
            body: body.to_string(),
            next_attempt_at: now,
        })
    }
}

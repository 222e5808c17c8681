//! The callbacks a deposit's state changes produce. The body is fixed when the event is made:
//! every attempt sends (and signs) the same bytes under the same event id, so a merchant can
//! de-duplicate.

use rand::Rng;
use serde_json::json;
use std::sync::Arc;

use crate::clock::Clock;
use crate::config::ChainNode;
use crate::ports::{DepositEvent, DepositRecord, EventBuilder, NewCallbackEvent};

pub struct DepositEvents {
    nodes: Vec<ChainNode>,
    clock: Arc<dyn Clock>,
}

pub fn new_event_id() -> String {
    let bytes: [u8; 12] = rand::thread_rng().gen();
    format!("evt_{}", hex::encode(bytes))
}

impl DepositEvents {
    pub fn new(nodes: Vec<ChainNode>, clock: Arc<dyn Clock>) -> DepositEvents {
        DepositEvents { nodes, clock }
    }

    fn names(&self, d: &DepositRecord) -> (String, String) {
        let chain = self.nodes.iter().find(|c| c.chainid == d.chain_id);
        let symbol = match (chain, d.token_id) {
            (Some(c), Some(t)) => c.tokens.iter().find(|x| x.tokenid == t).map(|x| x.symbol.clone()),
            (Some(c), None) => Some(c.symbol.clone()),
            _ => None,
        };
        (
            chain.map(|c| c.chainname.clone()).unwrap_or_default(),
            symbol.unwrap_or_default(),
        )
    }
}

impl EventBuilder for DepositEvents {
    fn build(&self, d: &DepositRecord, event: DepositEvent) -> Option<NewCallbackEvent> {
        if !d.note.is_empty() {
            return None;
        }
        let event_id = new_event_id();
        let now = self.clock.now();
        let (chainname, symbol) = self.names(d);
        let decimals = u8::try_from(d.decimals).unwrap_or(18);
        let body = json!({
            "eventId": event_id,
            "event": event.name(),
            "orderNo": d.order_no,
            "openId": d.open_id,
            "chainId": d.chain_id,
            "chainname": chainname,
            "tokenId": d.token_id,
            "symbol": symbol,
            "hash": d.tx_hash,
            "index": d.tx_index,
            "fromAddress": d.from_address,
            "toAddress": d.to_address,
            "amount": d.amount.to_decimal(decimals),
            "status": d.status,
            "blockNumber": d.block_number,
            "requiredConfirmations": d.required_confirmations,
            "createdAt": crate::wallets::time(d.created_at),
            // when the state changed; `seq` is added when the event is written.
            "occurredAt": crate::callbacks::occurred(now),
        });
        Some(NewCallbackEvent {
            event_id,
            merchant_id: d.merchant_id,
            deposit_id: Some(d.id),
            withdrawal_id: None,
            order_no: d.order_no.clone(),
            event: event.name().to_string(),
            body: body.to_string(),
            next_attempt_at: now,
        })
    }
}

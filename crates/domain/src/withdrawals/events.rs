//! What a withdrawal tells the merchant: the fields of its callbacks (the event itself is built
//! by [`crate::callbacks::events`]) and the risk-control question, which carries the same
//! fields.

use crate::codes::StoredCode;
use serde_json::{json, Value};

use crate::callbacks::events::{chain_and_symbol, named, new_event_id, CallbackEvents};
use crate::config::ChainNode;
use crate::ports::WithdrawalRecord;
use crate::wallets::time;

/// The risk-control question's event name (not a callback: its answer decides).
pub const RISK: &str = "withdraw.risk";

/// The fields a merchant sees of a withdrawal, in callbacks and the risk question.
pub(crate) fn payload(nodes: &[ChainNode], w: &WithdrawalRecord) -> Value {
    let (chainname, symbol) = chain_and_symbol(nodes, w.chain_id, w.token_id);
    let decimals = u8::try_from(w.decimals).unwrap_or(18);
    json!({
        "orderNo": w.order_no,
        "merchantOrderNo": w.merchant_order_no.clone().unwrap_or_default(),
        "openId": w.open_id,
        "securityCode": w.security_code,
        "chainId": w.chain_id,
        "chainname": chainname,
        "tokenId": w.token_id,
        "symbol": symbol,
        "fromAddress": w.from_address,
        "toAddress": w.to_address,
        "amount": w.amount.to_decimal(decimals),
        "actualAmount": w.actual_amount.to_decimal(decimals),
        "hash": w.tx_hash,
        "status": w.status.code(),
        "reason": w.reason,
        "riskReasons": w.risk_reasons,
        "createdAt": time(w.created_at),
    })
}

/// The risk-control question about a withdrawal: its event id and body.
pub fn risk_question(events: &CallbackEvents, w: &WithdrawalRecord) -> (String, String) {
    let event_id = new_event_id();
    let body = named(payload(events.nodes(), w), &event_id, RISK);
    (event_id, body.to_string())
}

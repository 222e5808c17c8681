//! What Coffer POSTs to the merchant's callback address, for the OpenAPI
//! document: OpenAPI 3.0 has no webhooks, so the bodies are schemas and `x-callbacks` says
//! which event carries which (docs/api.md "Callback bodies, order of events and results").

use serde_json::{json, Value};

fn common() -> Value {
    json!({
        "eventId": { "type": "string", "description": "the same on every attempt and in `X-Coffer-Event-Id`: de-duplicate on it", "example": "evt_5d0c1f0a9b8e7d6c5b4a3f2e" },
        "event": { "type": "string", "example": "deposit.confirmed" },
        "occurredAt": { "type": "string", "format": "date-time", "description": "when the state changed: RFC 3339, UTC, milliseconds", "example": "2026-11-22T09:03:12.481Z" },
        "seq": { "type": "integer", "minimum": 1, "description": "1, 2, 3... in the order of the order's events; apply a callback only when its seq is higher than the last one applied for the orderNo", "example": 2 }
    })
}

/// The body of an order's callback: the fields every event carries, and the order's own.
fn order_callback(events: &str, mut fields: Value) -> Value {
    if let (Some(fields), Value::Object(common)) = (fields.as_object_mut(), common()) {
        fields.extend(common);
    }
    json!({
        "type": "object",
        "description": events,
        "required": ["eventId", "event", "occurredAt", "seq", "orderNo", "status"],
        "properties": fields
    })
}

pub fn schemas() -> Value {
    json!({
        "DepositCallback": order_callback("deposit.confirming, deposit.confirmed, deposit.void", json!({
            "orderNo": { "type": "string", "example": "D202611220000000012" },
            "openId": { "type": "string", "example": "user-42" },
            "chainId": { "type": "integer", "example": 1337 },
            "chainname": { "type": "string", "example": "Devchain" },
            "tokenId": { "type": "integer", "nullable": true, "description": "null for the native coin", "example": 1 },
            "symbol": { "type": "string", "example": "USDT" },
            "hash": { "type": "string", "example": "0x..." },
            "index": { "type": "integer", "example": 0 },
            "fromAddress": { "type": "string" },
            "toAddress": { "type": "string", "description": "the merchant's deposit address" },
            "amount": { "type": "string", "description": "exact decimal in the token's units", "example": "25.5" },
            "status": { "type": "integer", "enum": [7, 8, 11], "description": "7 confirming, 8 complete, 11 void" },
            "blockNumber": { "type": "integer", "example": 1234 },
            "requiredConfirmations": { "type": "integer", "example": 12 },
            "createdAt": { "type": "string", "format": "date-time" }
        })),
        "WithdrawalCallback": order_callback("withdraw.review, withdraw.rejected, withdraw.broadcast, withdraw.confirmed, withdraw.failed", json!({
            "orderNo": { "type": "string", "example": "W202611220000000009" },
            "merchantOrderNo": { "type": "string", "description": "\"\" when none was given" },
            "openId": { "type": "string" },
            "securityCode": { "type": "string" },
            "chainId": { "type": "integer" },
            "chainname": { "type": "string" },
            "tokenId": { "type": "integer", "nullable": true },
            "symbol": { "type": "string" },
            "fromAddress": { "type": "string", "description": "the paying hot wallet, \"\" until chosen" },
            "toAddress": { "type": "string" },
            "amount": { "type": "string" },
            "actualAmount": { "type": "string", "description": "\"0\" until complete" },
            "hash": { "type": "string", "description": "\"\" until signed" },
            "status": { "type": "integer", "description": "order state at the event" },
            "reason": { "type": "string" },
            "riskReasons": { "type": "array", "items": { "type": "string" } },
            "createdAt": { "type": "string", "format": "date-time" }
        })),
        "ExchangeCallback": order_callback("exchange.confirming, exchange.paying, exchange.completed, exchange.review, exchange.refunding, exchange.refunded, exchange.expired, exchange.failed", json!({
            "orderNo": { "type": "string", "example": "X202611220000000001" },
            "merchantOrderNo": { "type": "string", "description": "\"\" for a payment to the exchange address no order waited for" },
            "origin": { "type": "integer", "enum": [1, 2], "description": "1 merchant API, 2 a payment to the exchange address" },
            "openId": { "type": "string" },
            "chainId": { "type": "integer" },
            "chainname": { "type": "string" },
            "tokenIn": { "type": "integer", "nullable": true },
            "symbolIn": { "type": "string" },
            "tokenOut": { "type": "integer", "nullable": true },
            "symbolOut": { "type": "string" },
            "payAddress": { "type": "string", "description": "the end user's exchange address" },
            "fromAddress": { "type": "string", "description": "who paid" },
            "payoutAddress": { "type": "string" },
            "amountIn": { "type": "string", "description": "what was paid" },
            "amountOut": { "type": "string" },
            "minAmountOut": { "type": "string" },
            "rate": { "type": "string" },
            "marketRate": { "type": "string" },
            "source": { "type": "string" },
            "priceAt": { "type": "string", "format": "date-time", "nullable": true },
            "repriced": { "type": "boolean" },
            "inHash": { "type": "string" },
            "outHash": { "type": "string", "description": "the payout's hash, or the refund's" },
            "status": { "type": "integer", "description": "7, 2, 8, 1, 12, 13, 14 or 10 (docs/api.md)" },
            "reason": { "type": "string" },
            "createdAt": { "type": "string", "format": "date-time" }
        })),
        "PingCallback": {
            "type": "object",
            "description": "the test callback (System > Callback): no order, no seq",
            "required": ["eventId", "event", "occurredAt"],
            "properties": {
                "eventId": { "type": "string" },
                "event": { "type": "string", "enum": ["ping"] },
                "occurredAt": { "type": "string", "format": "date-time" }
            }
        }
    })
}

/// Which body each event name carries. Per order, events arrive in `seq` order; an undelivered
/// older event is superseded by a newer one and never sent after it.
pub fn callbacks() -> Value {
    json!({
        "description": "Signed POSTs to the merchant's callback address (headers X-Coffer-Event-Id, X-Coffer-Timestamp, X-Coffer-Key-Id, X-Coffer-Signature); reply JSON with code 0. Per order, events arrive in seq order; an undelivered older event is superseded by a newer one and never sent after it.",
        "events": {
            "deposit.confirming": "#/components/schemas/DepositCallback",
            "deposit.confirmed": "#/components/schemas/DepositCallback",
            "deposit.void": "#/components/schemas/DepositCallback",
            "withdraw.review": "#/components/schemas/WithdrawalCallback",
            "withdraw.rejected": "#/components/schemas/WithdrawalCallback",
            "withdraw.broadcast": "#/components/schemas/WithdrawalCallback",
            "withdraw.confirmed": "#/components/schemas/WithdrawalCallback",
            "withdraw.failed": "#/components/schemas/WithdrawalCallback",
            "exchange.confirming": "#/components/schemas/ExchangeCallback",
            "exchange.paying": "#/components/schemas/ExchangeCallback",
            "exchange.completed": "#/components/schemas/ExchangeCallback",
            "exchange.review": "#/components/schemas/ExchangeCallback",
            "exchange.refunding": "#/components/schemas/ExchangeCallback",
            "exchange.refunded": "#/components/schemas/ExchangeCallback",
            "exchange.expired": "#/components/schemas/ExchangeCallback",
            "exchange.failed": "#/components/schemas/ExchangeCallback",
            "ping": "#/components/schemas/PingCallback"
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_callback_body_names_when_and_in_which_order() {
        let schemas = schemas();
        for name in ["DepositCallback", "WithdrawalCallback", "ExchangeCallback"] {
            for field in ["eventId", "event", "occurredAt", "seq"] {
                assert!(schemas[name]["properties"][field].is_object(), "{name}.{field}");
            }
        }
        for target in callbacks()["events"].as_object().unwrap().values() {
            let name = target.as_str().unwrap().rsplit('/').next().unwrap();
            assert!(schemas[name].is_object(), "{name}");
        }
    }
}

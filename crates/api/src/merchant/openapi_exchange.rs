//! The exchange part of the merchant API's OpenAPI document.

use serde_json::{json, Value};

use super::openapi::signed_call;

pub fn paths() -> Value {
    json!({
        "/merchant/v1/exchange/quote": signed_call("post", Some("ExchangeQuoteRequest"), (
            "exchangeQuote",
            "Quote an exchange",
            "The amount out an exchange of `amountIn` would pay now: the pair's price read live from its source (a fixed rate is `sourceKind` 1, not a market price), less your spread, rounded down. Valid 30 seconds (`expiresAt`). A pair whose source has no price, fails or is older than its limit is stopped and the call answers 22001, 22002 or 22003; there is never a fallback rate.",
        ), ("ExchangeQuote", "The envelope; `data` is the quote.")),
        "/merchant/v1/exchange/order": signed_call("post", Some("ExchangeOrderRequest"), (
            "exchangeOrder",
            "Order an exchange at a quote",
            "The exchange at a live quote of yours (each quote makes one order): the end user pays `amountIn` of token in to `payAddress` (their exchange address on the chain, kept for their exchanges: a payment there is never credited as a deposit) before `payBy`, and gets at least `minAmountOut` of token out at `payoutAddress`. Idempotent on `merchantOrderNo`: the same request again returns the same order (status 0, awaiting payment); the same number with other content is refused (22017).",
        ), ("ExchangeOrder", "The envelope; `data` is the order.")),
        "/merchant/v1/exchange/orders": signed_call("post", Some("ExchangeOrderQuery"), (
            "exchangeOrderQuery",
            "An exchange as it is now",
            "Your exchange under `merchantOrderNo`, as it is now (17001 when you have none): to reconcile, or to look up one whose callback you did not receive. What was paid (`paidIn`, `fromAddress`, `inHash`), the payout's or refund's hash (`outHash`), the price it was made at (`repriced`: a late payment at the price then, within your tolerance), `status` and `reason`.",
        ), ("ExchangeOrder", "The envelope; `data` is the order.")),
    })
}

pub fn schemas() -> Value {
    json!({
        "ExchangeQuoteRequest": {
            "type": "object", "additionalProperties": false,
            "required": ["chainId", "amountIn"],
            "properties": {
                "chainId": { "type": "integer", "format": "int64", "example": 1337 },
                "tokenIn": { "type": "integer", "format": "int64", "description": "the token the end user pays; leave out for the native coin", "example": 1 },
                "tokenOut": { "type": "integer", "format": "int64", "description": "the token paid out; leave out for the native coin" },
                "amountIn": { "type": "string", "description": "exact decimal in token in, within the pair's minimum and maximum", "example": "100" }
            }
        },
        "ExchangeOrderRequest": {
            "type": "object", "additionalProperties": false,
            "required": ["merchantOrderNo", "quoteId", "openId", "amountIn", "minAmountOut", "payoutAddress"],
            "properties": {
                "merchantOrderNo": { "type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$", "description": "your order number: the idempotency key" },
                "quoteId": { "type": "string", "description": "a live quote of yours (30 s), not used by another order" },
                "openId": { "type": "string", "maxLength": 55, "description": "your end user" },
                "amountIn": { "type": "string", "description": "the quote's amount in" },
                "minAmountOut": { "type": "string", "description": "the least token out the end user accepts (\"0\" for none); the quote must pay at least this" },
                "payoutAddress": { "type": "string", "description": "where token out is paid: valid for the chain, not on your blacklist, not one of your own addresses" }
            }
        },
        "ExchangeOrderQuery": {
            "type": "object", "additionalProperties": false,
            "required": ["merchantOrderNo"],
            "properties": {
                "merchantOrderNo": { "type": "string", "description": "your order number" }
            }
        },
        "ExchangeOrder": {
            "type": "object",
            "properties": {
                "id": { "type": "integer" },
                "orderNo": { "type": "string" },
                "merchantOrderNo": { "type": "string" },
                "chainId": { "type": "integer" },
                "tokenIn": { "type": "integer", "nullable": true },
                "tokenOut": { "type": "integer", "nullable": true },
                "openId": { "type": "string" },
                "payAddress": { "type": "string", "description": "where the end user pays token in" },
                "payBy": { "type": "string", "format": "date-time", "description": "the payment is expected before this (30 minutes)" },
                "payoutAddress": { "type": "string" },
                "amountIn": { "type": "string", "description": "the quote's amount in" },
                "paidIn": { "type": "string", "description": "what the end user paid (\"0\" until seen)" },
                "fromAddress": { "type": "string", "description": "who paid" },
                "inHash": { "type": "string" },
                "outHash": { "type": "string", "description": "the payout's hash, or the refund's" },
                "minAmountOut": { "type": "string" },
                "amountOut": { "type": "string", "description": "at the quote's rate, or the price when the payment was decided" },
                "repriced": { "type": "boolean" },
                "rate": { "type": "string" },
                "marketRate": { "type": "string" },
                "sourceKind": { "type": "integer", "enum": [1, 2] },
                "source": { "type": "string" },
                "status": { "type": "integer", "description": "0 awaiting payment, 7 payment confirming, 2 paying out, 6 payout broadcast, 8 complete, 1 held for review, 12 refunding, 13 refunded, 14 expired, 10 failed (docs/api.md)" },
                "reason": { "type": "string" },
                "createtime": { "type": "string", "format": "date-time" }
            }
        },
        "ExchangeQuote": {
            "type": "object",
            "properties": {
                "quoteId": { "type": "string" },
                "chainId": { "type": "integer" },
                "tokenIn": { "type": "integer", "nullable": true },
                "tokenOut": { "type": "integer", "nullable": true },
                "amountIn": { "type": "string" },
                "amountOut": { "type": "string", "description": "rounded down to token out's decimals" },
                "rate": { "type": "string", "description": "token out per 1 token in, after the spread" },
                "marketRate": { "type": "string", "description": "token out per 1 token in, as the source gave it" },
                "spreadBp": { "type": "integer", "description": "the spread in basis points (50 = 0.50%)" },
                "sourceKind": { "type": "integer", "enum": [1, 2], "description": "1 fixed (not market), 2 a price feed" },
                "source": { "type": "string", "description": "\"fixed\", or the feed's host" },
                "priceAt": { "type": "string", "format": "date-time", "description": "when the price was made" },
                "priceAgeMs": { "type": "integer", "description": "the price's age when quoted" },
                "expiresAt": { "type": "string", "format": "date-time" }
            }
        }
    })
}

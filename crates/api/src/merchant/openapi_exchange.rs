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

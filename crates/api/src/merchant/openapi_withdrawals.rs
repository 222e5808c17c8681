//! The withdrawal part of the merchant API's OpenAPI document.

use serde_json::{json, Value};

use super::openapi::signed_call;

pub fn paths() -> Value {
    json!({
        "/merchant/v1/withdraw": signed_call("post", Some("WithdrawRequest"), (
            "withdraw",
            "Request a withdrawal",
            "Pays `amount` of a token (or the chain's native coin without `tokenId`) from the merchant's hot wallets to `toAddress`. Idempotent on `merchantOrderNo`: the same request again returns the same withdrawal; the same number with other content is refused. The answer has status 0 (checks running); the risk limits and the merchant's risk-control address decide whether it passes on its own or waits for review. Progress arrives as callbacks (withdraw.review, withdraw.rejected, withdraw.broadcast, withdraw.confirmed, withdraw.failed).",
        ), ("Withdrawal", "The envelope; `data` is the withdrawal.")),
        "/merchant/v1/withdrawals": signed_call("post", Some("WithdrawalQuery"), (
            "withdrawals",
            "Query withdrawal orders",
            "The merchant's withdrawals, newest first, by order number, merchant order number, hash, OpenID, chain, token, status or time.",
        ), ("WithdrawalPage", "The envelope; `data` is one page of withdrawals.")),
    })
}

pub fn schemas() -> Value {
    json!({
        "WithdrawRequest": {
            "type": "object", "additionalProperties": false,
            "required": ["merchantOrderNo", "chainId", "toAddress", "amount"],
            "properties": {
                "merchantOrderNo": { "type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$", "description": "your order number: the idempotency key", "example": "shop-1842" },
                "chainId": { "type": "integer", "format": "int64", "example": 1337 },
                "tokenId": { "type": "integer", "format": "int64", "description": "a token you enabled; leave out for the native coin (always reviewed by a person)", "example": 1 },
                "toAddress": { "type": "string", "description": "the payee, valid for the chain and not on your blacklist" },
                "amount": { "type": "string", "description": "exact decimal, positive, at most the token's decimals", "example": "120.5" },
                "openId": { "type": "string", "maxLength": 64, "description": "your end user" },
                "securityCode": { "type": "string", "maxLength": 64, "description": "echoed to your risk-control address and in callbacks" },
                "remark": { "type": "string", "maxLength": 100 }
            }
        },
        "WithdrawalQuery": {
            "type": "object", "additionalProperties": false,
            "description": "Every field optional; unknown fields are refused (10400).",
            "properties": {
                "orderNo": { "type": "string", "maxLength": 256 },
                "merchantOrderNo": { "type": "string", "maxLength": 256 },
                "hash": { "type": "string", "maxLength": 256 },
                "openId": { "type": "string", "maxLength": 256 },
                "chainId": { "type": "integer", "format": "int64" },
                "tokenId": { "type": "integer", "format": "int64" },
                "status": { "type": "integer", "enum": [0, 1, 2, 3, 4, 5, 6, 7, 8, 10] },
                "start": { "type": "string", "format": "date-time" },
                "end": { "type": "string", "format": "date-time" },
                "page": { "type": "integer", "minimum": 1, "default": 1 },
                "pageSize": { "type": "integer", "minimum": 1, "maximum": 100, "default": 20 }
            }
        },
        "WithdrawalPage": {
            "type": "object", "required": ["list", "total"],
            "properties": {
                "list": { "type": "array", "items": { "$ref": "#/components/schemas/Withdrawal" } },
                "total": { "type": "integer" }
            }
        },
        "Withdrawal": {
            "type": "object",
            "properties": {
                "id": { "type": "integer" },
                "orderNo": { "type": "string" },
                "merchantOrderNo": { "type": "string" },
                "openId": { "type": "string" },
                "chainId": { "type": "integer" },
                "tokenId": { "type": "integer", "nullable": true },
                "symbol": { "type": "string" },
                "fromAddress": { "type": "string", "description": "the hot wallet that paid (\"\" until chosen)" },
                "toAddress": { "type": "string" },
                "amount": { "type": "string", "description": "withdrawal quantity" },
                "actualAmount": { "type": "string", "description": "actual arrival quantity (\"0\" until complete)" },
                "fee": { "type": "string", "description": "native coin for the transaction" },
                "hash": { "type": "string" },
                "status": { "type": "integer", "description": "0 new, 1 awaiting review, 2 pass, 3 reject, 4 waiting settlement, 5 waiting confirm, 6 processing on chain, 7 on-chain confirming, 8 transaction complete, 10 transaction failed" },
                "riskReasons": { "type": "array", "items": { "type": "string" } },
                "reason": { "type": "string" },
                "createtime": { "type": "string", "format": "date-time" },
                "completetime": { "type": "string", "format": "date-time", "nullable": true }
            }
        }
    })
}

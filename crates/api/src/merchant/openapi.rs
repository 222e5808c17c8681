//! The OpenAPI 3 document of the merchant API, served without authentication at
//! `GET /merchant/v1/openapi.json` (the console's System > API detail screen renders it).
//! Kept beside the handlers and checked by the integration tests against the real routes.

use axum::Json;
use serde_json::{json, Value};

const SIGNING: &str = "\
Every call carries four headers:

- `X-Api-Key`: the API key shown on System > API key (`ck_..._...`).
- `X-Timestamp`: the caller's time in milliseconds since the Unix epoch; refused when more \
than 5 minutes from the server's clock.
- `X-Nonce`: 16 to 64 characters of `A-Z a-z 0-9 - _`, new for every call (a random UUID or \
32 hex digits).
- `X-Signature`: base64 of the RSASSA-PKCS1-v1_5 SHA-256 signature, by the merchant's private \
key (whose public key was uploaded on System > API key), of the canonical string

```
METHOD\\nPATH\\nTIMESTAMP\\nNONCE\\nBODY_SHA256
```

`METHOD` upper case; `PATH` the path and query exactly as sent (`/merchant/v1/address`); \
`TIMESTAMP` and `NONCE` exactly as in their headers; `BODY_SHA256` the lowercase hex SHA-256 of \
the raw body bytes (of the empty string for GET: `e3b0c442...b855`). Lines are joined by a \
single `\\n`, with no newline at the end. `openssl dgst -sha256 -sign merchant.key` produces \
this signature.

The caller's IP address must be on the whitelist (System > Whitelist) or approved on the IP \
list (Account > IP list). Every answer is HTTP 200 with the envelope `{code, msg, data}`; code 1 \
is success. See docs/merchant-api.md for a worked example.";

/// The guide, whose "Error codes" table is the document's `x-error-codes`: written once, for
/// people, and served to machines as it stands.
const GUIDE: &str = include_str!("../../../../docs/merchant-api.md");

fn error_codes() -> Value {
    documented_codes(GUIDE)
        .map(|(code, name, when)| json!({ "code": code, "name": name, "when": when }))
        .collect()
}

/// The rows `| code | name | when |` of the first table under an "Error codes" heading.
fn documented_codes(markdown: &str) -> impl Iterator<Item = (i64, &str, &str)> {
    let section = markdown.split_once("Error codes\n").map_or("", |(_, rest)| rest);
    section
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .filter_map(|line| {
            let mut cells = line.trim_matches('|').split('|').map(str::trim);
            let code = cells.next()?.parse().ok()?;
            Some((code, cells.next()?, cells.next()?))
        })
}

fn header(name: &str, description: &str, schema: Value) -> Value {
    json!({ "name": name, "in": "header", "required": true, "description": description, "schema": schema })
}

fn components() -> Value {
    json!({
        "securitySchemes": {
            "apiKey": { "type": "apiKey", "in": "header", "name": "X-Api-Key",
                        "description": "Plus X-Timestamp, X-Nonce and X-Signature on every call (see the description)." }
        },
        "parameters": {
            "timestamp": header("X-Timestamp", "Milliseconds since the Unix epoch.",
                json!({ "type": "string", "pattern": "^[0-9]{1,16}$", "example": "1795334400000" })),
            "nonce": header("X-Nonce", "New for every call.",
                json!({ "type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$", "example": "8f14e45fceea167a5a36dedd4bea2543" })),
            "signature": header("X-Signature", "base64 RSASSA-PKCS1-v1_5 SHA-256 signature of the canonical string.",
                json!({ "type": "string", "format": "byte" }))
        },
        "schemas": {
            "Envelope": {
                "type": "object", "required": ["code", "msg", "data"],
                "properties": {
                    "code": { "type": "integer", "description": "1 success; otherwise one of x-error-codes" },
                    "msg": { "type": "string", "description": "human message in the Accept-Language's language (en_US, zh_CN, zh_HK)" },
                    "data": { "nullable": true, "description": "the result; null for an error" }
                }
            },
            "ErrorEnvelope": {
                "type": "object", "required": ["code", "msg", "data"],
                "description": "A refusal: nothing was done. Match on `code` (x-error-codes); `msg` is for people.",
                "properties": {
                    "code": { "type": "integer", "enum": error_codes().as_array().unwrap().iter().map(|c| c["code"].clone()).filter(|c| c != 1).collect::<Vec<_>>() },
                    "msg": { "type": "string", "example": "Invalid amount" },
                    "data": { "type": "null" }
                }
            },
            "AddressRequest": {
                "type": "object", "required": ["chainId", "openId"],
                "properties": {
                    "chainId": { "type": "integer", "format": "int64", "description": "a chain id of the service (`home/config` chainNodes)", "example": 1337 },
                    "openId": { "type": "string", "minLength": 1, "maxLength": 64, "description": "the end user's id at the merchant (trimmed)", "example": "user-42" }
                }
            },
            "DepositAddress": {
                "type": "object", "required": ["chainId", "openId", "address", "createtime"],
                "properties": {
                    "chainId": { "type": "integer", "format": "int64" },
                    "openId": { "type": "string" },
                    "address": { "type": "string", "description": "canonical for the chain: EIP-55 for EVM, base58check T... for TRON" },
                    "createtime": { "type": "string", "format": "date-time", "description": "when the address was first given to this user" }
                }
            },
            "Pong": {
                "type": "object", "required": ["merchantId"],
                "properties": { "merchantId": { "type": "integer", "format": "int64", "description": "the merchant the API key belongs to" } }
            },
            "DepositQuery": deposit_query(),
            "DepositPage": {
                "type": "object", "required": ["list", "total"],
                "properties": {
                    "list": { "type": "array", "items": { "$ref": "#/components/schemas/Deposit" } },
                    "total": { "type": "integer", "description": "rows the filter selects" }
                }
            },
            "Deposit": deposit()
        }
    })
}

fn deposit_query() -> Value {
    json!({
        "type": "object", "additionalProperties": false,
        "description": "Every field optional; `{}` lists the newest deposits. Unknown fields are refused (10400).",
        "properties": {
            "orderNo": { "type": "string", "maxLength": 256, "description": "Coffer's order number (callback `orderNo`)", "example": "D202611220000000012" },
            "hash": { "type": "string", "maxLength": 256, "description": "transaction hash (exact, case ignored)" },
            "openId": { "type": "string", "maxLength": 256, "description": "the end user (exact)" },
            "chainId": { "type": "integer", "format": "int64" },
            "tokenId": { "type": "integer", "format": "int64" },
            "status": { "type": "integer", "enum": [7, 8, 11], "description": "7 on-chain confirming, 8 transaction complete, 11 void" },
            "start": { "type": "string", "format": "date-time", "description": "created at or after (with `end`, at most 366 days apart)" },
            "end": { "type": "string", "format": "date-time", "description": "created before" },
            "page": { "type": "integer", "minimum": 1, "default": 1 },
            "pageSize": { "type": "integer", "minimum": 1, "maximum": 100, "default": 20 }
        }
    })
}

fn deposit() -> Value {
    json!({
        "type": "object",
        "description": "A transfer to one of the merchant's deposit addresses, newest first.",
        "properties": {
            "orderNo": { "type": "string" },
            "openId": { "type": "string" },
            "chainId": { "type": "integer", "format": "int64" },
            "chainname": { "type": "string" },
            "tokenId": { "type": "integer", "format": "int64", "nullable": true, "description": "null for the chain's native coin" },
            "symbol": { "type": "string" },
            "hash": { "type": "string" },
            "index": { "type": "integer", "description": "position of the transfer in its transaction (log index)" },
            "fromAddress": { "type": "string" },
            "toAddress": { "type": "string" },
            "amount": { "type": "string", "description": "exact decimal in the token's units", "example": "25.5" },
            "actualAmount": { "type": "string", "description": "what is credited: \"0\" for dust, unsupported tokens, internal transfers and void deposits" },
            "status": { "type": "integer", "enum": [7, 8, 11] },
            "note": { "type": "string", "enum": ["", "dust", "unsupported", "internal"] },
            "blockNumber": { "type": "integer" },
            "confirmations": { "type": "integer" },
            "requiredConfirmations": { "type": "integer" },
            "createtime": { "type": "string", "format": "date-time" },
            "confirmtime": { "type": "string", "format": "date-time", "nullable": true },
            "voidtime": { "type": "string", "format": "date-time", "nullable": true }
        }
    })
}

/// Every answer is HTTP 200 with the envelope: `code` 1 and the call's `data`, or an error
/// code of `x-error-codes` with `data` null.
fn answer(data_schema: &str, description: &str) -> Value {
    json!({
        "200": {
            "description": description,
            "content": { "application/json": { "schema": {
                "oneOf": [
                    { "allOf": [
                        { "$ref": "#/components/schemas/Envelope" },
                        { "type": "object", "properties": {
                            "code": { "type": "integer", "enum": [1] },
                            "data": { "$ref": format!("#/components/schemas/{data_schema}") } } }
                    ] },
                    { "$ref": "#/components/schemas/ErrorEnvelope" }
                ],
                "discriminator": { "propertyName": "code" }
            } } }
        }
    })
}

fn signed_headers() -> Value {
    json!([
        { "$ref": "#/components/parameters/timestamp" },
        { "$ref": "#/components/parameters/nonce" },
        { "$ref": "#/components/parameters/signature" }
    ])
}

/// A signed call of the merchant API (`method` "get" or "post"): its headers, the body schema
/// named `request` when it takes one, and the envelope around `data_schema`.
pub(super) fn signed_call(
    method: &str,
    request: Option<&str>,
    (operation_id, summary, description): (&str, &str, &str),
    (data_schema, answer_description): (&str, &str),
) -> Value {
    let mut operation = json!({
        "operationId": operation_id,
        "summary": summary,
        "description": description,
        "security": [ { "apiKey": [] } ],
        "parameters": signed_headers(),
        "responses": answer(data_schema, answer_description)
    });
    if let Some(request) = request {
        operation["requestBody"] = json!({
            "required": true,
            "content": { "application/json": { "schema": { "$ref": format!("#/components/schemas/{request}") } } }
        });
    }
    json!({ method: operation })
}

fn paths() -> Value {
    json!({
        "/merchant/v1/ping": signed_call("get", None, (
            "ping",
            "Check the integration",
            "Does nothing but authenticate: answers code 1 when the API key, the caller's IP, the clock and the signature are right. The signed body is empty.",
        ), ("Pong", "The envelope; `data` names the merchant.")),
        "/merchant/v1/address": signed_call("post", Some("AddressRequest"), (
            "depositAddress",
            "Get or create an end user's deposit address",
            "The deposit address of the end user (OpenID) on a chain: derived from the merchant's wallet seed on the first call, the same on every later call, never given to another user. Deposits to it are reported by signed callbacks to the merchant's callback address.",
        ), ("DepositAddress", "The envelope; `data` is the address.")),
        "/merchant/v1/deposits": signed_call("post", Some("DepositQuery"), (
            "deposits",
            "Query deposit orders",
            "The merchant's deposits, newest first, by order number, hash, OpenID, chain, token, status or time: to reconcile, or to look up an order whose callback did not arrive. The same states the callbacks announce.",
        ), ("DepositPage", "The envelope; `data` is one page of deposits.")),
        "/merchant/v1/openapi.json": {
            "get": {
                "operationId": "openapi",
                "summary": "This document",
                "security": [],
                "responses": { "200": { "description": "OpenAPI 3 JSON (not wrapped in the envelope)" } }
            }
        }
    })
}

fn merged(mut a: Value, b: Value) -> Value {
    if let (Some(a), Value::Object(b)) = (a.as_object_mut(), b) {
        a.extend(b);
    }
    a
}

pub fn document() -> Value {
    let paths = merged(paths(), super::openapi_withdrawals::paths());
    let paths = merged(paths, super::openapi_exchange::paths());
    let mut components = components();
    components["schemas"] = merged(
        components["schemas"].take(),
        super::openapi_withdrawals::schemas(),
    );
    components["schemas"] = merged(components["schemas"].take(), super::openapi_exchange::schemas());
    // Callbacks
    components["schemas"] = merged(components["schemas"].take(), super::openapi_callbacks::schemas());
    json!({
        "openapi": "3.0.3",
        "info": {
            "title": "Coffer merchant API",
            "version": "1",
            "description": SIGNING
        },
        "servers": [ { "url": "/" } ],
        "paths": paths,
        "components": components,
        "x-error-codes": error_codes(),
        "x-callbacks": super::openapi_callbacks::callbacks()
    })
}

pub async fn openapi_json() -> Json<Value> {
    Json(document())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::merchant::gate::{API_KEY_HEADER, NONCE_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER};
    use coffer_domain::merchant_api::TIMESTAMP_WINDOW_MS;
    use coffer_domain::ErrorCode;

    #[test]
    fn the_document_names_what_the_gate_checks() {
        let doc = document().to_string().to_ascii_lowercase();
        for name in [API_KEY_HEADER, TIMESTAMP_HEADER, NONCE_HEADER, SIGNATURE_HEADER] {
            assert!(doc.contains(name), "{name}");
        }
        assert_eq!(
            TIMESTAMP_WINDOW_MS,
            5 * 60 * 1000,
            "the description says 5 minutes"
        );
    }

    /// docs/api.md lists every code of the catalogue, in its order, under its name.
    #[test]
    fn docs_api_md_lists_the_catalogue() {
        let documented: Vec<(i64, String)> = documented_codes(include_str!("../../../../docs/api.md"))
            .map(|(code, name, _)| (code, name.to_string()))
            .collect();
        let declared: Vec<(i64, String)> = ErrorCode::all()
            .map(|code| (i64::from(code.value()), code.name()))
            .collect();
        assert_eq!(documented, declared);
    }

    /// Every code of the OpenAPI document (the merchant guide's table) is declared under the
    /// same name, the error envelope allows exactly those, and the merchant API's own refusals
    /// are all there.
    #[test]
    fn the_openapi_codes_are_the_catalogues() {
        let doc = document();
        let listed: Vec<(i64, String)> = doc["x-error-codes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["code"].as_i64().unwrap(),
                    c["name"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert!(listed.len() > 20, "{listed:?}");
        for (code, name) in &listed {
            let declared = ErrorCode::all().find(|c| i64::from(c.value()) == *code);
            assert_eq!(
                declared.map(|c| c.name()).as_deref(),
                Some(name.as_str()),
                "{code}"
            );
        }
        let envelope: Vec<i64> = doc["components"]["schemas"]["ErrorEnvelope"]["properties"]["code"]["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_i64().unwrap())
            .collect();
        let refusals: Vec<i64> = listed.iter().map(|(code, _)| *code).filter(|c| *c != 1).collect();
        assert_eq!(envelope, refusals);
        for code in [
            ErrorCode::BadRequest,
            ErrorCode::NotFound,
            ErrorCode::MethodNotAllowed,
            ErrorCode::PayloadTooLarge,
            ErrorCode::InvalidInput,
            ErrorCode::Internal,
            ErrorCode::Unavailable,
            ErrorCode::AccountUnavailable,
            ErrorCode::ApiKeyInvalid,
            ErrorCode::SignatureInvalid,
            ErrorCode::TimestampOutOfWindow,
            ErrorCode::NonceReused,
            ErrorCode::IpNotAllowed,
            ErrorCode::ClientKeyMissing,
            ErrorCode::NonceInvalid,
            ErrorCode::PayeeBlacklisted,
            ErrorCode::PayeeIsOwnAddress,
            ErrorCode::TokenNotEnabled,
            ErrorCode::MerchantOrderNoReused,
            ErrorCode::AmountTooLarge,
        ] {
            assert!(refusals.contains(&i64::from(code.value())), "{code:?}");
        }
    }
}

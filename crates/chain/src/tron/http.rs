//! JSON over HTTP to a java-tron full node (`/wallet/*`), and the small readers for its answers.
//!
//! java-tron prints protobuf messages as JSON: fields holding their default value (0, false,
//! empty) are left out, so a missing number means 0 and `{}` means "no such thing".

use std::time::Duration;

use coffer_domain::ports::chain::{ChainError, ChainResult};
use serde_json::Value;

use crate::keys::parse_tron_address;

pub struct NodeClient {
    base: String,
    http: reqwest::Client,
}

impl NodeClient {
    pub fn new(base_url: &str) -> ChainResult<NodeClient> {
        let base = base_url.trim_end_matches('/').to_string();
        reqwest::Url::parse(&base)
            .map_err(|e| ChainError::Protocol(format!("the TRON node URL {base_url:?} is not a URL: {e}")))?;
        let http = crate::node_http_client(Duration::from_secs(20))?;
        Ok(NodeClient { base, http })
    }

    /// POSTs `body` to `/wallet/<method>` and returns the JSON answer. Transport failures, 5xx
    /// and 429 are Unavailable (worth retrying); anything else unexpected is Protocol.
    pub async fn call(&self, method: &str, body: Value) -> ChainResult<Value> {
        let url = format!("{}/wallet/{method}", self.base);
        let response = self
            .http
            .post(&url)
            .json(&body)
            .send()
            .await
            .map_err(|e| ChainError::Unavailable(format!("{method}: {e}")))?;
        let status = response.status();
        if status.is_server_error() || status == reqwest::StatusCode::TOO_MANY_REQUESTS {
            return Err(ChainError::Unavailable(format!("{method}: HTTP {status}")));
        }
        if !status.is_success() {
            return Err(ChainError::Protocol(format!("{method}: HTTP {status}")));
        }
        let text = response
            .text()
            .await
            .map_err(|e| ChainError::Unavailable(format!("{method}: {e}")))?;
        // Some java-tron servlets answer an empty body instead of `{}`.
        if text.trim().is_empty() {
            return Ok(Value::Object(Default::default()));
        }
        let value: Value = serde_json::from_str(&text)
            .map_err(|e| ChainError::Protocol(format!("{method}: not JSON ({e})")))?;
        if let Some(error) = value.get("Error") {
            return Err(ChainError::Protocol(format!("{method}: the node says {error}")));
        }
        Ok(value)
    }
}

pub fn is_empty(value: &Value) -> bool {
    value.as_object().is_none_or(|o| o.is_empty())
}

/// A non-negative integer field; absent means 0 (protobuf default).
pub fn uint(value: &Value, field: &str) -> ChainResult<u64> {
    match value.get(field) {
        None | Some(Value::Null) => Ok(0),
        Some(v) => v
            .as_u64()
            .ok_or_else(|| ChainError::Protocol(format!("{field} is not a non-negative integer: {v}"))),
    }
}

pub fn string<'a>(value: &'a Value, field: &str) -> ChainResult<&'a str> {
    value
        .get(field)
        .and_then(Value::as_str)
        .ok_or_else(|| ChainError::Protocol(format!("{field} is missing")))
}

/// A 32-byte hash in hex (block ids, txIDs).
pub fn hash32(text: &str, what: &str) -> ChainResult<[u8; 32]> {
    hex::decode(text)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| ChainError::Protocol(format!("{what} is not a 32-byte hex hash: {text:?}")))
}

/// An address as the node prints it: hex with the 0x41 prefix (`visible: false`) or base58check
/// (`visible: true`).
pub fn address(text: &str) -> ChainResult<[u8; 20]> {
    if text.len() == 42 && text.starts_with("41") {
        if let Ok(bytes) = hex::decode(&text[2..]) {
            return Ok(bytes.try_into().expect("20 bytes"));
        }
    }
    parse_tron_address(text).map_err(|_| ChainError::Protocol(format!("not a TRON address: {text:?}")))
}

/// Error text from the node: `message` is UTF-8 in some answers and hex of UTF-8 in others
/// (`visible: false`); show the readable form.
pub fn message(value: &Value) -> String {
    let raw = value.get("message").and_then(Value::as_str).unwrap_or("");
    if raw.len().is_multiple_of(2) && !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_hexdigit()) {
        if let Some(text) = hex::decode(raw).ok().and_then(|b| String::from_utf8(b).ok()) {
            if !text.chars().any(char::is_control) {
                return text;
            }
        }
    }
    raw.to_string()
}

/// The result of a contract simulation (`triggerconstantcontract`): Err with the node's reason
/// when the call would fail or revert.
pub fn constant_call_ok(value: &Value) -> Result<(), String> {
    let result = value.get("result").cloned().unwrap_or(Value::Null);
    let ok = result.get("result").and_then(Value::as_bool) == Some(true);
    let failed = value
        .pointer("/transaction/ret/0/ret")
        .and_then(Value::as_str)
        .is_some_and(|r| r == "FAILED");
    let reason = message(&result);
    if ok && !failed && reason.is_empty() {
        return Ok(());
    }
    let code = result.get("code").and_then(Value::as_str).unwrap_or("FAILED");
    Err(if reason.is_empty() {
        code.to_string()
    } else {
        format!("{code}: {reason}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn messages_are_shown_readable() {
        assert_eq!(message(&json!({"message": "7369672065727272"})), "sig errr");
        assert_eq!(
            message(&json!({"message": "Tapos check error."})),
            "Tapos check error."
        );
        assert_eq!(
            message(&json!({"message": "abcd"})),
            "abcd",
            "hex that is not text stays"
        );
        assert_eq!(message(&json!({})), "");
    }

    #[test]
    fn simulations_fail_on_any_sign_of_failure() {
        assert!(constant_call_ok(&json!({"result": {"result": true}})).is_ok());
        assert!(constant_call_ok(&json!({"result": {"code": "CONTRACT_VALIDATE_ERROR"}})).is_err());
        let reverted = json!({"result": {"result": true, "message": "REVERT opcode executed"}});
        assert_eq!(
            constant_call_ok(&reverted).unwrap_err(),
            "FAILED: REVERT opcode executed"
        );
        let failed = json!({"result": {"result": true}, "transaction": {"ret": [{"ret": "FAILED"}]}});
        assert!(constant_call_ok(&failed).is_err());
    }
}

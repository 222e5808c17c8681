//! Callback delivery: a worker claims due events from the outbox, POSTs each to the merchant's
//! callback address signed with the platform key, and records the attempt. A reply is a
//! success only when it is JSON with `code` 0; otherwise the event is re-pushed on a schedule
//! until a cap, then marked failed and left for a manual push.

pub mod events;
pub mod keys;
// Callbacks
mod delivery;
mod failures;
pub mod targets;

pub use delivery::CallbackService;

use chrono::{DateTime, Duration, Utc};

use self::keys::PlatformKeys;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{CallbackLog, OrderRef};

pub use delivery::occurred;

/// The event name of the test callback (System > Callback): never an order's event.
pub const PING: &str = "ping";

/// Reply excerpts kept per attempt.
const EXCERPT_CHARS: usize = 500;

fn excerpt(text: &str) -> String {
    text.chars().take(EXCERPT_CHARS).collect()
}

#[derive(Debug, Clone)]
pub struct CallbackSettings {
    /// Spec: re-pushed every 30 minutes until the reply has code 0.
    pub retry_interval: Duration,
    /// Attempts before the event is 'failed' (a manual push tries again).
    pub max_attempts: i32,
    pub timeout: std::time::Duration,
    /// How long a claimed event is this worker's from its claim or the process's heartbeat
    /// (`heartbeat.rs`): a live worker keeps it however long its attempts take, a dead one's is
    /// taken over.
    pub lease: Duration,
    /// Events claimed and delivered at once by one worker.
    pub batch: u64,
}

impl Default for CallbackSettings {
    fn default() -> Self {
        CallbackSettings {
            retry_interval: Duration::minutes(30),
            max_attempts: 48,
            timeout: std::time::Duration::from_secs(10),
            lease: Duration::seconds(6),
            batch: 16,
        }
    }
}

pub struct CallbackRequest {
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
    pub timeout: std::time::Duration,
}

impl CallbackRequest {
    /// `body` POSTed to `url`, signed with the platform key at `at`: how callbacks and the
    /// risk-control question go out.
    pub async fn signed(
        keys: &PlatformKeys,
        url: &str,
        event_id: &str,
        body: &str,
        at: DateTime<Utc>,
        timeout: std::time::Duration,
    ) -> AppResult<CallbackRequest> {
        let timestamp = at.timestamp_millis();
        let (kid, signature) = keys.sign(signing_string(timestamp, body).as_bytes()).await?;
        Ok(CallbackRequest {
            url: url.to_string(),
            headers: vec![
                (headers::EVENT_ID.into(), event_id.to_string()),
                (headers::TIMESTAMP.into(), timestamp.to_string()),
                (headers::KEY_ID.into(), kid),
                (headers::SIGNATURE.into(), signature),
            ],
            body: body.to_string(),
            timeout,
        })
    }
}

#[derive(Debug, Clone)]
pub struct CallbackReply {
    pub status: u16,
    pub body: String,
}

/// No HTTP answer: why, as a stable code (`reason`), and what the transport said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransportError {
    pub reason: &'static str,
    pub detail: String,
}

impl std::fmt::Display for TransportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.detail)
    }
}

/// HTTP to the merchant (reqwest in the binary; anything in tests).
#[async_trait::async_trait]
pub trait CallbackTransport: Send + Sync {
    /// Err: no HTTP answer (connection refused, timeout, refused target), with the reason.
    async fn post(&self, request: &CallbackRequest) -> Result<CallbackReply, TransportError>;
}

/// Why an attempt failed, stored with it and shown translated by the console. Stable: merchants
/// and the console map on them.
pub mod reason {
    pub const TIMEOUT: &str = "timeout";
    /// Connection refused, reset, DNS failure: no HTTP answer.
    pub const UNREACHABLE: &str = "unreachable";
    /// The address (or what its name resolves to) is not a public internet address.
    pub const BLOCKED_TARGET: &str = "blocked_target";
    /// An HTTP status outside 2xx.
    pub const HTTP_STATUS: &str = "http_status";
    pub const NOT_JSON: &str = "not_json";
    /// JSON, but `code` is not 0.
    pub const CODE_NOT_ZERO: &str = "code_not_zero";
    /// Coffer could not prepare the event (bad stored data, signing): held and retried.
    pub const PROCESSING: &str = "processing";
    /// The merchant has no callback address: nothing was sent.
    pub const NO_ADDRESS: &str = "no_address";
}

/// The reason a reply is not an acknowledgement ("" when it is one).
pub fn reply_reason(reply: &CallbackReply) -> &'static str {
    if !(200..300).contains(&reply.status) {
        return reason::HTTP_STATUS;
    }
    match serde_json::from_str::<serde_json::Value>(&reply.body) {
        Err(_) => reason::NOT_JSON,
        Ok(_) if acknowledged(reply) => "",
        Ok(_) => reason::CODE_NOT_ZERO,
    }
}

/// The `code` of a JSON reply, as the merchant wrote it.
pub fn reply_code(reply: &CallbackReply) -> Option<serde_json::Value> {
    serde_json::from_str::<serde_json::Value>(&reply.body)
        .ok()
        .and_then(|v| v.get("code").cloned())
}

/// Header names of a callback.
pub mod headers {
    pub const EVENT_ID: &str = "X-Coffer-Event-Id";
    pub const TIMESTAMP: &str = "X-Coffer-Timestamp";
    pub const KEY_ID: &str = "X-Coffer-Key-Id";
    pub const SIGNATURE: &str = "X-Coffer-Signature";
}

/// What is signed: the timestamp, a newline, then the exact body bytes.
pub fn signing_string(timestamp_ms: i64, body: &str) -> String {
    format!("{timestamp_ms}\n{body}")
}

/// The merchant acknowledges with JSON whose `code` is 0 (spec section 9).
pub fn acknowledged(reply: &CallbackReply) -> bool {
    (200..300).contains(&reply.status)
        && serde_json::from_str::<serde_json::Value>(&reply.body)
            .ok()
            .and_then(|v| v.get("code").cloned())
            .is_some_and(|code| code == serde_json::json!(0) || code == serde_json::json!("0"))
}

/// A manual re-push: what the send came to, and the order its event is about.
#[derive(Debug, Clone)]
pub struct Pushed {
    pub result: AttemptResult,
    /// The order's number; None for an event that names no order.
    pub order_no: Option<String>,
}

impl Pushed {
    /// What the push was done to, as the operation log names it: the order, else the event.
    pub fn target(&self) -> String {
        let named = self.order_no.as_deref().unwrap_or(&self.result.event_id);
        named.to_string()
    }
}

/// What one send came to (a push or the test ping), for the console.
#[derive(Debug, Clone)]
pub struct AttemptResult {
    pub event_id: String,
    /// False: the event is queued, not sent now: on its way already (or waiting for an older
    /// event of its order), so it goes out within seconds, or (`reason` "no_address") once a
    /// callback address is saved.
    pub attempted: bool,
    /// The reply was JSON with `code` 0.
    pub success: bool,
    pub http_status: Option<i32>,
    /// The reply's `code`, as the merchant wrote it.
    pub reply_code: Option<serde_json::Value>,
    /// A `callbacks::reason` code, "" on success.
    pub reason: String,
    /// The start of the reply (at most 500 characters).
    pub response: String,
    pub latency_ms: i64,
}

/// The order's latest callback event, which a manual re-push sends again; 'nothing to push'
/// when the order never had one.
pub async fn latest_event_id(log: &dyn CallbackLog, order: OrderRef) -> AppResult<String> {
    let event = log
        .latest_event(order)
        .await?
        .ok_or(AppError::Invalid(MsgKey::NothingToPush))?;
    Ok(event.event_id)
}

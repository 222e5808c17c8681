//! The callback log (menu 804) and the callbacks of an order's detail drawer.

use coffer_domain::callbacks::AttemptResult;
use coffer_domain::codes::StoredCode;
use coffer_domain::ports::{CallbackAttemptRecord, CallbackEventRecord, CallbackStatus, OrderRef};
use serde::Serialize;

use super::time;

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CallbackEventView {
    pub event_id: String,
    pub order_no: String,
    pub deposit_id: Option<i64>,
    pub event: String,
    pub status: i32,
    pub attempts: i32,
    pub next_attempt_time: Option<String>,
    pub last_http_status: Option<i32>,
    pub createtime: String,
    pub deliveredtime: Option<String>,
    /// The event's place in its order's events (1, 2, 3...).
    pub seq: i64,
}

impl From<CallbackEventRecord> for CallbackEventView {
    fn from(e: CallbackEventRecord) -> Self {
        let pending = e.status == CallbackStatus::Pending;
        CallbackEventView {
            event_id: e.event_id,
            order_no: e.order_no,
            deposit_id: match e.order {
                Some(OrderRef::Deposit(id)) => Some(id),
                _ => None,
            },
            event: e.event,
            status: e.status.code(),
            attempts: e.attempts,
            next_attempt_time: pending.then(|| time(e.next_attempt_at)),
            last_http_status: e.last_http_status,
            createtime: time(e.created_at),
            deliveredtime: e.delivered_at.map(time),
            seq: e.seq,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CallbackAttemptView {
    pub id: i64,
    pub event_id: String,
    pub url: String,
    pub http_status: Option<i32>,
    pub latency_ms: i64,
    pub response: String,
    pub error: String,
    pub success: bool,
    pub createtime: String,
    /// A `reason` code, "" on success.
    pub reason: String,
}

impl From<CallbackAttemptRecord> for CallbackAttemptView {
    fn from(a: CallbackAttemptRecord) -> Self {
        CallbackAttemptView {
            id: a.id,
            event_id: a.event_id,
            url: a.url,
            http_status: a.http_status,
            latency_ms: a.latency_ms,
            response: a.response,
            error: a.error,
            success: a.success,
            createtime: time(a.created_at),
            reason: a.reason,
        }
    }
}

/// What one send came to (a push or the test ping).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AttemptResultView {
    pub event_id: String,
    pub attempted: bool,
    pub success: bool,
    pub http_status: Option<i32>,
    pub reply_code: Option<serde_json::Value>,
    pub reason: String,
    pub response: String,
    pub latency_ms: i64,
}

impl From<AttemptResult> for AttemptResultView {
    fn from(r: AttemptResult) -> Self {
        AttemptResultView {
            event_id: r.event_id,
            attempted: r.attempted,
            success: r.success,
            http_status: r.http_status,
            reply_code: r.reply_code,
            reason: r.reason,
            response: r.response,
            latency_ms: r.latency_ms,
        }
    }
}

//! Callback delivery: a worker claims due events from the outbox, POSTs each to the merchant's
//! callback address signed with the platform key, and records the attempt. A reply is a
//! success only when it is JSON with `code` 0; otherwise the event is re-pushed on a schedule
//! until a cap, then marked failed and left for a manual push.

pub mod keys;

use chrono::Duration;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

use crate::auth::AuthContext;
use crate::clock::Clock;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{
    AttemptOutcome, CallbackAttemptRecord, CallbackDirectory, CallbackEventRecord, DepositRepo, EventFilter,
    PageRequest, Paged,
};
use crate::wallets::time;
use keys::PlatformKeys;

/// Reply excerpts kept per attempt.
const EXCERPT_CHARS: usize = 500;

#[derive(Debug, Clone)]
pub struct CallbackSettings {
    /// Spec: re-pushed every 30 minutes until the reply has code 0.
    pub retry_interval: Duration,
    /// Attempts before the event is 'failed' (a manual push tries again).
    pub max_attempts: i32,
    pub timeout: std::time::Duration,
    /// How long a claimed event is this worker's: longer than the attempts of one order (orders
    /// are delivered concurrently, an order's few events one after another), so a live worker
    /// keeps it and a dead one's is taken over.
    pub lease: Duration,
    /// Events claimed and delivered at once by one worker.
    pub batch: u64,
}

impl CallbackSettings {
    /// A lease that outlasts an order's attempts (at most confirming, confirmed and void due
    /// together) with the given timeout.
    pub fn lease_for(timeout: std::time::Duration) -> Duration {
        Duration::seconds(3 * timeout.as_secs() as i64 + 10)
    }
}

impl Default for CallbackSettings {
    fn default() -> Self {
        CallbackSettings {
            retry_interval: Duration::minutes(30),
            max_attempts: 48,
            timeout: std::time::Duration::from_secs(10),
            lease: Duration::seconds(25),
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

pub struct CallbackReply {
    pub status: u16,
    pub body: String,
}

/// HTTP to the merchant (reqwest in the binary; anything in tests).
#[async_trait::async_trait]
pub trait CallbackTransport: Send + Sync {
    /// Err: no HTTP answer (connection refused, timeout), with the reason.
    async fn post(&self, request: &CallbackRequest) -> Result<CallbackReply, String>;
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
}

pub fn attempt_view(a: CallbackAttemptRecord) -> CallbackAttemptView {
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
    }
}

pub struct CallbackService {
    pub repo: Arc<dyn DepositRepo>,
    pub directory: Arc<dyn CallbackDirectory>,
    pub transport: Arc<dyn CallbackTransport>,
    pub keys: Arc<PlatformKeys>,
    pub clock: Arc<dyn Clock>,
    pub settings: CallbackSettings,
    pub owner: String,
    /// Attempts are recorded one at a time: the HTTP calls run concurrently, the writes do
    /// not contend (SQLite would make them wait on its lock with sleeps).
    pub recording: futures::lock::Mutex<()>,
}

fn excerpt(text: &str) -> String {
    text.chars().take(EXCERPT_CHARS).collect()
}

impl CallbackService {
    /// Delivers what is due; returns how many attempts were made.
    pub async fn deliver_due(&self) -> AppResult<u64> {
        let now = self.clock.now();
        let due = self
            .repo
            .claim_due_events(&self.owner, now, now + self.settings.lease, self.settings.batch)
            .await?;
        // Orders are delivered concurrently (one slow merchant does not hold up the others),
        // the events of one order in the order they were made (confirming before void).
        let mut orders: BTreeMap<&str, Vec<&CallbackEventRecord>> = BTreeMap::new();
        for event in &due {
            orders.entry(event.order_no.as_str()).or_default().push(event);
        }
        let delivered = futures::future::join_all(orders.into_values().map(|mut events| async move {
            events.sort_by_key(|e| e.id);
            let mut attempts = 0;
            for event in events {
                attempts += u64::from(self.deliver(event).await?);
            }
            AppResult::Ok(attempts)
        }))
        .await;
        let mut attempts = 0;
        for result in delivered {
            attempts += result?;
        }
        Ok(attempts)
    }

    /// One claimed event: false when the merchant has no callback address yet (it waits,
    /// without spending an attempt).
    async fn deliver(&self, event: &CallbackEventRecord) -> AppResult<bool> {
        let Some(url) = self.directory.callback_url(event.merchant_id).await? else {
            self.repo
                .postpone_event(event.id, self.clock.now() + self.settings.retry_interval)
                .await?;
            return Ok(false);
        };
        self.attempt(event, &url).await?;
        Ok(true)
    }

    async fn attempt(&self, event: &CallbackEventRecord, url: &str) -> AppResult<()> {
        let started = self.clock.now();
        let timestamp = started.timestamp_millis();
        let (kid, signature) = self
            .keys
            .sign(signing_string(timestamp, &event.body).as_bytes())
            .await?;
        let request = CallbackRequest {
            url: url.to_string(),
            headers: vec![
                (headers::EVENT_ID.into(), event.event_id.clone()),
                (headers::TIMESTAMP.into(), timestamp.to_string()),
                (headers::KEY_ID.into(), kid),
                (headers::SIGNATURE.into(), signature),
            ],
            body: event.body.clone(),
            timeout: self.settings.timeout,
        };
        let clock_started = std::time::Instant::now();
        let answer = self.transport.post(&request).await;
        let latency_ms = clock_started.elapsed().as_millis() as i64;
        let (http_status, response, error, success) = match &answer {
            Ok(reply) => (
                Some(i32::from(reply.status)),
                excerpt(&reply.body),
                if acknowledged(reply) {
                    String::new()
                } else {
                    "the reply is not JSON with code 0".to_string()
                },
                acknowledged(reply),
            ),
            Err(reason) => (None, String::new(), excerpt(reason), false),
        };
        let attempts = event.attempts + 1;
        let outcome = if success {
            AttemptOutcome::Delivered
        } else if attempts >= self.settings.max_attempts {
            AttemptOutcome::Failed
        } else {
            AttemptOutcome::Retry {
                at: self.clock.now() + self.settings.retry_interval,
            }
        };
        let attempt = CallbackAttemptRecord {
            id: 0,
            event_id: event.event_id.clone(),
            merchant_id: event.merchant_id,
            url: url.to_string(),
            http_status,
            latency_ms,
            response,
            error,
            success,
            created_at: started,
        };
        tracing::info!(event_id = %event.event_id, success, ?http_status, attempts, "callback attempt");
        let _turn = self.recording.lock().await;
        self.repo.finish_attempt(event, &attempt, &outcome).await
    }

    pub async fn page(
        &self,
        ctx: &AuthContext,
        filter: &EventFilter,
        page: PageRequest,
    ) -> AppResult<Paged<CallbackEventView>> {
        let found = self.repo.page_events(ctx.merchant_id, filter, page).await?;
        Ok(Paged {
            total: found.total,
            list: found.list.into_iter().map(event_view).collect(),
        })
    }

    pub async fn attempts(&self, ctx: &AuthContext, event_id: &str) -> AppResult<Vec<CallbackAttemptView>> {
        let list = self.repo.attempts(ctx.merchant_id, event_id).await?;
        Ok(list.into_iter().map(attempt_view).collect())
    }

    /// Every attempt of every event of one order, newest first (the order detail drawers).
    pub async fn attempts_of_order(
        &self,
        ctx: &AuthContext,
        order_no: &str,
    ) -> AppResult<Vec<CallbackAttemptView>> {
        let filter = EventFilter {
            order_no: Some(order_no.to_string()),
            ..EventFilter::default()
        };
        let events = self
            .repo
            .page_events(ctx.merchant_id, &filter, PageRequest { page: 1, size: 100 })
            .await?;
        let mut attempts = Vec::new();
        for e in events.list {
            attempts.extend(self.attempts(ctx, &e.event_id).await?);
        }
        attempts.sort_by_key(|a| std::cmp::Reverse(a.id));
        Ok(attempts)
    }

    pub async fn push(&self, ctx: &AuthContext, event_id: &str) -> AppResult<()> {
        if !self
            .repo
            .push_event(ctx.merchant_id, event_id, self.clock.now())
            .await?
        {
            return Err(AppError::Invalid(MsgKey::NoSuchRecord));
        }
        Ok(())
    }
}

pub fn event_view(e: CallbackEventRecord) -> CallbackEventView {
    let pending = e.status == crate::ports::callback::PENDING;
    CallbackEventView {
        event_id: e.event_id,
        order_no: e.order_no,
        deposit_id: e.deposit_id,
        event: e.event,
        status: e.status,
        attempts: e.attempts,
        next_attempt_time: pending.then(|| time(e.next_attempt_at)),
        last_http_status: e.last_http_status,
        createtime: time(e.created_at),
        deliveredtime: e.delivered_at.map(time),
    }
}

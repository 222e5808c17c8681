//! The callback worker and the console's callback actions. Per order, events go out one after
//! another in the order they were made (the outbox claims an event only when no older one of
//! its order is waiting or in flight); an event that cannot be processed is held with its
//! reason and the rest of the round goes on.

use chrono::{DateTime, Utc};
use std::collections::BTreeMap;
use std::sync::Arc;

use super::keys::PlatformKeys;
use super::{
    acknowledged, excerpt, reason, reply_code, reply_reason, AttemptResult, CallbackRequest,
    CallbackSettings, CallbackTransport, Pushed,
};
use crate::auth::AuthContext;
use crate::error::{AppError, AppResult};
use crate::heartbeat::still_holds;
use crate::messages::MsgKey;
use crate::ports::{
    AttemptOutcome, CallbackAttemptRecord, CallbackEventRecord, EventFilter, Lease, PageRequest, Paged,
    Ports, PushOutcome, Work,
};

pub struct CallbackService {
    pub ports: Ports,
    pub transport: Arc<dyn CallbackTransport>,
    pub keys: Arc<PlatformKeys>,
    pub settings: CallbackSettings,
    pub owner: String,
    /// Attempts are recorded one at a time: the HTTP calls run concurrently, the writes do
    /// not contend (SQLite would make them wait on its lock with sleeps).
    pub recording: futures::lock::Mutex<()>,
}

/// One signed POST and how it went.
struct Sent {
    attempt: CallbackAttemptRecord,
    reply_code: Option<serde_json::Value>,
}

/// When something happened, as callbacks say it (RFC 3339, UTC, milliseconds).
pub fn occurred(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

fn result_of(sent: &Sent) -> AttemptResult {
    let a = &sent.attempt;
    AttemptResult {
        event_id: a.event_id.clone(),
        attempted: true,
        success: a.success,
        http_status: a.http_status,
        reply_code: sent.reply_code.clone(),
        reason: a.reason.clone(),
        response: a.response.clone(),
        latency_ms: a.latency_ms,
    }
}

impl CallbackService {
    /// Delivers what is due; returns how many attempts were made. An event that fails to be
    /// processed is held and logged; the others are still delivered.
    pub async fn deliver_due(&self) -> AppResult<u64> {
        let now = self.ports.clock.now();
        let due = self
            .ports
            .outbox
            .claim_due_events(&self.owner, now, now + self.settings.lease, self.settings.batch)
            .await?;
        // Orders are delivered concurrently (one slow merchant does not hold up the others).
        let mut orders: BTreeMap<(i64, &str), Vec<&CallbackEventRecord>> = BTreeMap::new();
        for event in &due {
            orders
                .entry((event.merchant_id, event.order_no.as_str()))
                .or_default()
                .push(event);
        }
        let delivered = futures::future::join_all(orders.into_values().map(|mut events| async move {
            events.sort_by_key(|e| e.seq);
            let mut attempts = 0u64;
            for event in events {
                match self.deliver(event).await {
                    Ok(attempted) => attempts += u64::from(attempted),
                    Err(err) => {
                        self.hold(event, &err).await;
                        // The order's later events wait for this one.
                        break;
                    }
                }
            }
            attempts
        }))
        .await;
        Ok(delivered.into_iter().sum())
    }

    /// One claimed event: false when the merchant has no callback address yet (it waits,
    /// without spending an attempt).
    async fn deliver(&self, event: &CallbackEventRecord) -> AppResult<bool> {
        let Some(url) = self
            .ports
            .callback_directory
            .callback_url(event.merchant_id)
            .await?
        else {
            self.ports
                .outbox
                .postpone_event(event.id, self.ports.clock.now() + self.settings.retry_interval)
                .await?;
            return Ok(false);
        };
        if !self.holds(event).await? {
            return Ok(false); // taken over (this process stalled): the new holder sends it
        }
        self.attempt(event, &url).await?;
        Ok(true)
    }

    /// Whether this worker still holds the event's lease, checked right before a POST.
    async fn holds(&self, event: &CallbackEventRecord) -> AppResult<bool> {
        still_holds(&self.ports, Lease::CallbackEvent { id: event.id }, &self.owner).await
    }

    fn outcome_after(&self, event: &CallbackEventRecord, success: bool) -> AttemptOutcome {
        if success {
            AttemptOutcome::Delivered
        } else if event.attempts + 1 >= self.settings.max_attempts {
            AttemptOutcome::Failed
        } else {
            AttemptOutcome::Retry {
                at: self.ports.clock.now() + self.settings.retry_interval,
            }
        }
    }

    /// An event that could not be processed: recorded as a failed attempt with its reason
    /// (the details go to the log) and retried on the schedule. Should even that fail, the
    /// lease runs out and the event is taken up again.
    async fn hold(&self, event: &CallbackEventRecord, err: &AppError) {
        tracing::error!(event_id = %event.event_id, error = %err, "callback event held: it could not be processed");
        let attempt = CallbackAttemptRecord {
            id: 0,
            event_id: event.event_id.clone(),
            merchant_id: event.merchant_id,
            url: String::new(),
            http_status: None,
            latency_ms: 0,
            response: String::new(),
            error: "the event could not be prepared for sending".into(),
            success: false,
            created_at: self.ports.clock.now(),
            reason: reason::PROCESSING.into(),
        };
        let outcome = self.outcome_after(event, false);
        let _turn = self.recording.lock().await;
        if let Err(err) = self.ports.outbox.finish_attempt(event, &attempt, &outcome).await {
            tracing::error!(event_id = %event.event_id, error = %err, "a held callback event could not be recorded");
        }
    }

    /// Signs and POSTs a body; never fails for what the merchant's side does.
    async fn send(&self, merchant_id: i64, url: &str, event_id: &str, body: &str) -> AppResult<Sent> {
        let started = self.ports.clock.now();
        let request =
            CallbackRequest::signed(&self.keys, url, event_id, body, started, self.settings.timeout).await?;
        let clock_started = std::time::Instant::now();
        let answer = self.transport.post(&request).await;
        let latency_ms = clock_started.elapsed().as_millis() as i64;
        let (http_status, response, error, why, code) = match &answer {
            Ok(reply) => {
                let why = reply_reason(reply);
                let error = match why {
                    "" => String::new(),
                    reason::HTTP_STATUS => format!("HTTP status {}", reply.status),
                    _ => "the reply is not JSON with code 0".to_string(),
                };
                (
                    Some(i32::from(reply.status)),
                    excerpt(&reply.body),
                    error,
                    why,
                    reply_code(reply),
                )
            }
            Err(failure) => (
                None,
                String::new(),
                excerpt(&failure.detail),
                failure.reason,
                None,
            ),
        };
        let success = answer.as_ref().is_ok_and(acknowledged);
        Ok(Sent {
            attempt: CallbackAttemptRecord {
                id: 0,
                event_id: event_id.to_string(),
                merchant_id,
                url: url.to_string(),
                http_status,
                latency_ms,
                response,
                error,
                success,
                created_at: started,
                reason: why.to_string(),
            },
            reply_code: code,
        })
    }

    async fn attempt(&self, event: &CallbackEventRecord, url: &str) -> AppResult<Sent> {
        // What was stored must be a JSON object: anything else is bad data, not a callback.
        if !serde_json::from_str::<serde_json::Value>(&event.body).is_ok_and(|v| v.is_object()) {
            return Err(AppError::internal("stored callback body is not a JSON object"));
        }
        let sent = self
            .send(event.merchant_id, url, &event.event_id, &event.body)
            .await?;
        let attempt = &sent.attempt;
        let outcome = self.outcome_after(event, attempt.success);
        super::failures::note_attempt(event, attempt, &outcome);
        tracing::info!(
            event_id = %event.event_id,
            success = attempt.success,
            http_status = ?attempt.http_status,
            reason = %attempt.reason,
            attempts = event.attempts + 1,
            "callback attempt"
        );
        let _turn = self.recording.lock().await;
        self.ports.outbox.finish_attempt(event, attempt, &outcome).await?;
        Ok(sent)
    }

    pub async fn page(
        &self,
        ctx: &AuthContext,
        filter: &EventFilter,
        page: PageRequest,
    ) -> AppResult<Paged<CallbackEventRecord>> {
        self.ports
            .callback_log
            .page_events(ctx.merchant_id, filter, page)
            .await
    }

    pub async fn attempts(&self, ctx: &AuthContext, event_id: &str) -> AppResult<Vec<CallbackAttemptRecord>> {
        self.ports.callback_log.attempts(ctx.merchant_id, event_id).await
    }

    /// Every attempt of every event of one order, newest first (the order detail drawers).
    pub async fn attempts_of_order(
        &self,
        ctx: &AuthContext,
        order_no: &str,
    ) -> AppResult<Vec<CallbackAttemptRecord>> {
        let filter = EventFilter {
            order_no: Some(order_no.to_string()),
            ..EventFilter::default()
        };
        let events = self
            .ports
            .callback_log
            .page_events(ctx.merchant_id, &filter, PageRequest { page: 1, size: 100 })
            .await?;
        let mut attempts = Vec::new();
        for e in events.list {
            attempts.extend(self.attempts(ctx, &e.event_id).await?);
        }
        attempts.sort_by_key(|a| std::cmp::Reverse(a.id));
        Ok(attempts)
    }

    /// Sends an event again now and answers how it went. Only an order's newest event can go
    /// again (an older one would tell a state the order has left).
    pub async fn push(&self, ctx: &AuthContext, event_id: &str) -> AppResult<Pushed> {
        let now = self.ports.clock.now();
        // Due for the workers only after a lease: this call sends it now itself, and a worker
        // polling meanwhile must not take it first (the push would answer "queued").
        let event = match self
            .ports
            .outbox
            .push_event(ctx.merchant_id, event_id, now + self.settings.lease)
            .await?
        {
            PushOutcome::Missing => return Err(AppError::Invalid(MsgKey::NoSuchRecord)),
            PushOutcome::NotLatest => return Err(AppError::Invalid(MsgKey::CallbackNotLatest)),
            PushOutcome::Queued(event) => event,
        };
        let order_no = event
            .order
            .is_some()
            .then(|| event.order_no.clone())
            .filter(|n| !n.is_empty());
        let result = self.send_pushed(ctx, &event, now).await?;
        Ok(Pushed { result, order_no })
    }

    /// Sends a pushed event now unless it is on its way already or has no address to go to.
    async fn send_pushed(
        &self,
        ctx: &AuthContext,
        event: &CallbackEventRecord,
        now: DateTime<Utc>,
    ) -> AppResult<AttemptResult> {
        let url = self
            .ports
            .callback_directory
            .callback_url(ctx.merchant_id)
            .await?;
        let waiting = AttemptResult {
            event_id: event.event_id.clone(),
            attempted: false,
            success: false,
            http_status: None,
            reply_code: None,
            reason: String::new(),
            response: String::new(),
            latency_ms: 0,
        };
        // Queued: it goes out once an address is saved.
        let Some(url) = url else {
            return Ok(AttemptResult {
                reason: reason::NO_ADDRESS.into(),
                ..waiting
            });
        };
        let Some(claimed) = self
            .ports
            .outbox
            .claim_event(event.id, &self.owner, now, now + self.settings.lease)
            .await?
        else {
            return Ok(waiting);
        };
        match self.attempt(&claimed, &url).await {
            Ok(sent) => Ok(result_of(&sent)),
            Err(err) => {
                self.hold(&claimed, &err).await;
                Ok(AttemptResult {
                    attempted: true,
                    reason: reason::PROCESSING.into(),
                    ..waiting
                })
            }
        }
    }

    /// The callback address was set or changed: what waits goes out at the next round.
    pub async fn wake(&self, ctx: &AuthContext) -> AppResult<()> {
        let woken = self
            .ports
            .outbox
            .wake_events(ctx.merchant_id, self.ports.clock.now())
            .await?;
        self.ports.wakeups.ready(Work::Callbacks);
        tracing::info!(
            merchant_id = ctx.merchant_id,
            woken,
            "callback address changed: queued events due now"
        );
        Ok(())
    }

    /// A signed `ping` to the saved callback address: not an order's event, nothing stored;
    /// the answer shows the merchant whether its endpoint verifies and acknowledges. At most
    /// once a second per merchant (`limits::pass_test_callback`).
    pub async fn test_ping(&self, ctx: &AuthContext) -> AppResult<AttemptResult> {
        let now = self.ports.clock.now();
        crate::limits::pass_test_callback(&*self.ports.attempts, ctx.merchant_id, now).await?;
        let Some(url) = self
            .ports
            .callback_directory
            .callback_url(ctx.merchant_id)
            .await?
        else {
            return Err(AppError::Invalid(MsgKey::CallbackUrlMissing));
        };
        let event_id = super::events::new_event_id();
        let body = serde_json::json!({
            "eventId": event_id,
            "event": super::PING,
            "occurredAt": occurred(now),
        })
        .to_string();
        let sent = self.send(ctx.merchant_id, &url, &event_id, &body).await?;
        tracing::info!(
            merchant_id = ctx.merchant_id,
            user_id = ctx.user_id,
            success = sent.attempt.success,
            reason = %sent.attempt.reason,
            "test callback sent"
        );
        Ok(result_of(&sent))
    }
}

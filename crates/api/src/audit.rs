//! The operation log, written in one place: every call on an audited route by a signed-in
//! user is recorded with its outcome, whether it succeeded or was refused. The request body is
//! recorded with secrets masked; handlers of edits add the state before the change.

use axum::body::{Body, Bytes};
use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::IntoResponse;
use axum::response::Response;
use axum::Extension;
use coffer_domain::auth::AuthContext;
use coffer_domain::logs::AuditRecord;
use coffer_domain::AppError;
use serde::Serialize;
use serde_json::Value;
use std::sync::{Arc, Mutex};

use crate::envelope::{envelope_code, ApiError, Reply};
use crate::session::client_meta;
use crate::AppState;

/// Filled by the session extractor with the caller, so the layer knows whom to record.
#[derive(Clone, Default)]
pub struct AuditSlot(Arc<Mutex<Option<AuthContext>>>);

impl AuditSlot {
    pub fn set(&self, ctx: &AuthContext) {
        *self.0.lock().expect("audit slot") = Some(ctx.clone());
    }

    fn take(&self) -> Option<AuthContext> {
        self.0.lock().expect("audit slot").take()
    }
}

/// The record's state before the change, attached to a response by a handler.
#[derive(Clone)]
pub struct AuditBefore(pub String);

/// The answer of an edit that records the state before it in the operation log.
pub type Audited<T = ()> = Result<(Extension<AuditBefore>, Reply<T>), ApiError>;

/// `reply`, carrying `before` (the state before the change, as JSON) to the operation log.
pub fn audited<T>(before: &impl Serialize, reply: T) -> Audited<T> {
    let before = serde_json::to_string(before).unwrap_or_default();
    Ok((Extension(AuditBefore(before)), Reply(reply)))
}

const SECRET_FIELDS: [&str; 7] = [
    "password",
    "passwordOld",
    "passwordVerify",
    "code",
    "secret",
    "googleCode",
    // The merchant RSA key upload: a private key pasted by mistake must not be kept.
    "publicKey",
];

pub async fn audit(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let action = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_default();
    let (mut parts, body) = request.into_parts();
    let client = client_meta(&parts, state.trust_forwarded_for);
    // Buffer no more than the body limit, as the JSON extractor would.
    let bytes = match axum::body::to_bytes(body, state.body_limit_bytes).await {
        Ok(bytes) => bytes,
        Err(_) => return ApiError(AppError::PayloadTooLarge).into_response(),
    };
    let slot = AuditSlot::default();
    parts.extensions.insert(slot.clone());
    let response = next
        .run(Request::from_parts(parts, Body::from(bytes.clone())))
        .await;
    if let Some(ctx) = slot.take() {
        let (target, after) = describe(&bytes);
        let before = response
            .extensions()
            .get::<AuditBefore>()
            .map(|b| b.0.clone())
            .unwrap_or_default();
        let record = AuditRecord {
            action: &action,
            target: &target,
            before: &before,
            after: &after,
            ip: &client.ip,
            code: envelope_code(&response).unwrap_or(0),
        };
        if let Err(err) = state.logs.record(&ctx, record).await {
            tracing::error!(error = %err, action, "operation log entry could not be written");
        }
    }
    response
}

/// The target (the body's id or e-mail) and the masked body.
fn describe(bytes: &Bytes) -> (String, String) {
    let Ok(mut value) = serde_json::from_slice::<Value>(bytes) else {
        return (String::new(), String::new());
    };
    let target = ["id", "email"]
        .iter()
        .find_map(|k| {
            value
                .get(*k)
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
        })
        .unwrap_or_default();
    if let Some(object) = value.as_object_mut() {
        for field in SECRET_FIELDS {
            if object.contains_key(field) {
                object.insert(field.into(), Value::String("***".into()));
            }
        }
    }
    (target, value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_masked_and_the_target_named() {
        let body =
            Bytes::from(r#"{"id":7,"password":"Secret-1","passwordVerify":"Secret-1","username":"x"}"#);
        let (target, after) = describe(&body);
        assert_eq!(target, "7");
        assert!(!after.contains("Secret-1"), "{after}");
        assert!(after.contains("\"username\":\"x\""));
    }
}

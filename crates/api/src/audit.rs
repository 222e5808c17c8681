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

use crate::audit_actions::{action_of, AuditAction};
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

/// What a handler notes for the operation log beside the request: what the call was done to
/// (when the body does not name it, e.g. an order number found by id) and the state before.
#[derive(Clone, Default)]
pub struct AuditNote {
    target: Option<String>,
    before: String,
}

/// The answer of an audited call that notes its target or the state before it.
pub type Audited<T = ()> = Result<(Extension<AuditNote>, Reply<T>), ApiError>;

/// `reply`, carrying `before` (the state before the change, as JSON) to the operation log.
pub fn audited<T>(before: &impl Serialize, reply: T) -> Audited<T> {
    let before = serde_json::to_string(before).unwrap_or_default();
    Ok((Extension(AuditNote { target: None, before }), Reply(reply)))
}

/// `reply`, carrying what the call was done to and the state before it to the operation log.
pub fn audited_on<T>(target: impl Into<String>, before: &impl Serialize, reply: T) -> Audited<T> {
    let before = serde_json::to_string(before).unwrap_or_default();
    let note = AuditNote {
        target: Some(target.into()),
        before,
    };
    Ok((Extension(note), Reply(reply)))
}

/// `reply`, naming what the call was done to (nothing was there before: a push, a creation).
pub fn done_on<T>(target: impl Into<String>, reply: T) -> Audited<T> {
    let note = AuditNote {
        target: Some(target.into()),
        before: String::new(),
    };
    Ok((Extension(note), Reply(reply)))
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
        let (body_target, after) = describe(&bytes);
        let note = response
            .extensions()
            .get::<AuditNote>()
            .cloned()
            .unwrap_or_default();
        // The handler knows best (it read the record); a refused call keeps what the body
        // named; a call on one's own account is done to the caller.
        let own = matches!(action_of(&action), Some(AuditAction::Named(named)) if named.is_own());
        let target = match (note.target.filter(|named| !named.is_empty()), body_target) {
            (Some(named), _) => named,
            (None, Some(named)) => target_words(&state, named).await,
            (None, None) if own => ctx.email.clone(),
            (None, None) => String::new(),
        };
        let record = AuditRecord {
            action: &action,
            target: &target,
            before: &note.before,
            after: &after,
            ip: &client.ip,
            user_agent: &client.user_agent,
            code: envelope_code(&response).unwrap_or(0),
        };
        if let Err(err) = state.logs.record(&ctx, record).await {
            tracing::error!(error = %err, action, "operation log entry could not be written");
        }
    }
    response
}

/// Body fields that name what a call is done to, most telling first: an e-mail, a role name,
/// an address (cold addresses requested: theirs), an IP, a hash, a URL, an event.
const TARGET_FIELDS: [&str; 12] = [
    "email",
    "name",
    "address",
    "toAddress",
    "paymentAddress",
    "coldAddresses",
    "ip",
    "ips",
    "hash",
    "callbackUrl",
    "riskUrl",
    "eventId",
];

/// Then the ids (a call that names only an id has its handler name the record instead, when it
/// succeeds).
const ID_FIELDS: [&str; 3] = ["assetId", "ids", "id"];

/// A body value as a target: text as is, a list joined, a number as `#n`, an entry by its
/// address.
fn target_text(value: &Value) -> Option<String> {
    match value {
        Value::String(text) if !text.trim().is_empty() => Some(text.trim().to_string()),
        Value::Number(n) => Some(format!("#{n}")),
        Value::Array(items) if !items.is_empty() => {
            let parts: Vec<String> = items.iter().filter_map(target_text).collect();
            (!parts.is_empty()).then(|| parts.join(", "))
        }
        Value::Object(entry) => entry.get("address").and_then(target_text),
        _ => None,
    }
}

/// What a body names: a text of its own, or the chain (and token) it is about, which the
/// operation log names by the chains' configuration ("USDT (Devchain)", never ids).
#[derive(Debug, Clone, PartialEq, Eq)]
enum BodyTarget {
    Text(String),
    Chain { chain_id: i64, token_ids: Vec<i64> },
}

/// The chain and token a body is about.
fn chain_and_token(body: &Value) -> Option<BodyTarget> {
    let chain_id = body.get("chainId")?.as_i64()?;
    let token_ids = body.get("tokenId").and_then(Value::as_i64).into_iter().collect();
    Some(BodyTarget::Chain { chain_id, token_ids })
}

/// What the body names, whether the call succeeds or is refused: its most telling field, else
/// the chain and token it is about, else its ids.
fn body_target(body: &Value) -> Option<BodyTarget> {
    let named = |fields: &[&str]| fields.iter().find_map(|k| body.get(*k).and_then(target_text));
    named(&TARGET_FIELDS)
        .map(BodyTarget::Text)
        .or_else(|| chain_and_token(body))
        .or_else(|| named(&ID_FIELDS).map(BodyTarget::Text))
}

/// The target in the reader's words: a chain and token by their names (by their numbers, `#1337
/// #1`, only when the configuration no longer has them).
async fn target_words(state: &AppState, target: BodyTarget) -> String {
    match target {
        BodyTarget::Text(text) => text,
        BodyTarget::Chain { chain_id, token_ids } => {
            match state.config.chain_label(chain_id, &token_ids).await {
                Ok(Some(label)) => label,
                _ => std::iter::once(chain_id)
                    .chain(token_ids)
                    .map(|id| format!("#{id}"))
                    .collect::<Vec<_>>()
                    .join(" "),
            }
        }
    }
}

/// The target the body names, if any, and the masked body.
fn describe(bytes: &Bytes) -> (Option<BodyTarget>, String) {
    let Ok(mut value) = serde_json::from_slice::<Value>(bytes) else {
        return (None, String::new());
    };
    let target = body_target(&value);
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
        assert_eq!(target, Some(BodyTarget::Text("#7".into())));
        assert!(!after.contains("Secret-1"), "{after}");
        assert!(after.contains("\"username\":\"x\""));
    }

    #[test]
    fn the_most_telling_field_is_the_target() {
        let target = |body: &str| match describe(&Bytes::from(body.to_string())).0 {
            Some(BodyTarget::Text(text)) => Some(text),
            Some(BodyTarget::Chain { chain_id, token_ids }) => {
                Some(format!("chain {chain_id} {token_ids:?}"))
            }
            None => None,
        };
        assert_eq!(
            target(r#"{"id":3,"name":"Clerks","menuIds":[7]}"#).as_deref(),
            Some("Clerks")
        );
        assert_eq!(
            target(r#"{"chainId":1,"address":"0xabc","remark":""}"#).as_deref(),
            Some("0xabc")
        );
        assert_eq!(
            target(r#"{"ips":["10.0.0.1","10.0.0.2"]}"#).as_deref(),
            Some("10.0.0.1, 10.0.0.2")
        );
        assert_eq!(target(r#"{"ids":[4,5],"action":1}"#).as_deref(), Some("#4, #5"));
        assert_eq!(target(r#"{"email":"  ","id":9}"#).as_deref(), Some("#9"));
        assert_eq!(target(r#"{"googleCode":"123456"}"#), None);
        assert_eq!(
            target(r#"{"chainId":1337,"tokenId":1,"depositAddressIds":[4],"googleCode":"1"}"#).as_deref(),
            Some("chain 1337 [1]")
        );
        assert_eq!(
            target(r#"{"chainId":1337,"remark":""}"#).as_deref(),
            Some("chain 1337 []")
        );
        assert_eq!(
            target(r#"{"chainId":1,"tokenId":2,"paymentAddress":"0xpay"}"#).as_deref(),
            Some("0xpay")
        );
        assert_eq!(
            target(r#"{"assetId":3,"coldAddresses":[{"address":"0xa","ratio":"0.5"},{"address":"0xb","ratio":"0.5"}]}"#)
                .as_deref(),
            Some("0xa, 0xb")
        );
        assert_eq!(
            target(r#"{"assetId":3,"coldAddresses":[]}"#).as_deref(),
            Some("#3")
        );
        assert_eq!(target("not json"), None);
    }
}

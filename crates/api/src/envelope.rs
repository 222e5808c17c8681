//! The response envelope `{code, msg, data}`. Handlers return [`ApiResult`]; the
//! [`render_envelope`] middleware, which knows the caller's language, writes the body.

use axum::body::Body;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use coffer_domain::error::ErrorCode;
use coffer_domain::messages::MsgKey;
use coffer_domain::{AppError, Locale};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

/// What a handler decided, waiting for the middleware to localize and render it.
#[derive(Clone)]
struct PendingEnvelope {
    code: i32,
    msg: MsgKey,
    detail: Option<String>,
    data: Value,
}

/// The envelope code of an answer, for metrics and logs.
#[derive(Clone, Copy)]
pub struct EnvelopeCode(pub i32);

pub type ApiResult<T> = Result<Reply<T>, ApiError>;

/// A successful answer: code 1 with `data`.
pub struct Reply<T>(pub T);

pub fn ok<T>(data: T) -> ApiResult<T> {
    Ok(Reply(data))
}

impl<T: Serialize> IntoResponse for Reply<T> {
    fn into_response(self) -> Response {
        match serde_json::to_value(self.0) {
            Ok(data) => pending(ErrorCode::Success.value(), MsgKey::Success, None, data),
            Err(err) => ApiError(AppError::internal(format!("serializing a reply: {err}"))).into_response(),
        }
    }
}

/// An error answer. Internal details are logged here and never leave the process.
#[derive(Debug)]
pub struct ApiError(pub AppError);

impl From<AppError> for ApiError {
    fn from(err: AppError) -> Self {
        ApiError(err)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let err = self.0;
        if err.is_server_fault() {
            tracing::error!(error = %err, "request failed");
        } else {
            tracing::debug!(error = %err, "request refused");
        }
        let detail = err.public_detail();
        pending(err.code().value(), err.msg_key(), detail, Value::Null)
    }
}

/// The envelope code a handler's response will carry, before rendering.
pub fn envelope_code(response: &Response) -> Option<i32> {
    response.extensions().get::<PendingEnvelope>().map(|e| e.code)
}

fn pending(code: i32, msg: MsgKey, detail: Option<String>, data: Value) -> Response {
    let mut response = StatusCode::OK.into_response();
    response.extensions_mut().insert(PendingEnvelope {
        code,
        msg,
        detail,
        data,
    });
    response
}

/// Renders pending envelopes in the language the request asked for.
pub async fn render_envelope(request: Request, next: Next) -> Response {
    let locale = Locale::negotiate(
        request
            .headers()
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    );
    let mut response = next.run(request).await;
    let Some(envelope) = response.extensions_mut().remove::<PendingEnvelope>() else {
        return response;
    };
    let text = envelope.msg.text(locale);
    let msg = match envelope.detail {
        Some(detail) => format!("{text}: {detail}"),
        None => text.to_string(),
    };
    let body = json!({ "code": envelope.code, "msg": msg, "data": envelope.data });
    let mut rendered = (
        StatusCode::OK,
        [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))],
        body.to_string(),
    )
        .into_response();
    let (parts, _) = std::mem::take(&mut response).into_parts();
    for (name, value) in parts.headers.iter() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            rendered.headers_mut().insert(name.clone(), value.clone());
        }
    }
    rendered.extensions_mut().insert(EnvelopeCode(envelope.code));
    rendered
}

/// A JSON body whose every rejection is an envelope error naming what was wrong.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request<Body>, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(ApiError(json_rejection(rejection))),
        }
    }
}

fn json_rejection(rejection: JsonRejection) -> AppError {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => AppError::UnsupportedMediaType,
        JsonRejection::BytesRejection(r) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            AppError::PayloadTooLarge
        }
        JsonRejection::JsonDataError(e) => AppError::BadRequest {
            detail: serde_detail(&e.body_text()),
        },
        JsonRejection::JsonSyntaxError(e) => AppError::BadRequest {
            detail: serde_detail(&e.body_text()),
        },
        other => AppError::BadRequest {
            detail: other.body_text(),
        },
    }
}

/// axum prefixes serde's message with its own sentence; keep serde's part, which names the
/// field and the problem.
fn serde_detail(text: &str) -> String {
    const PREFIXES: [&str; 2] = [
        "Failed to deserialize the JSON body into the target type: ",
        "Failed to parse the request body as JSON: ",
    ];
    PREFIXES
        .iter()
        .find_map(|p| text.strip_prefix(p))
        .unwrap_or(text)
        .to_string()
}

/// The answer for a panic caught by the panic layer: an internal error, logged.
pub fn panic_response(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into());
    ApiError(AppError::internal(format!("handler panicked: {what}"))).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_detail_keeps_the_field_description() {
        let text = "Failed to deserialize the JSON body into the target type: email: invalid type: integer `5`, expected a string at line 1 column 11";
        assert_eq!(
            serde_detail(text),
            "email: invalid type: integer `5`, expected a string at line 1 column 11"
        );
    }
}

//! The HTTP face of Coffer: a thin axum router over the domain services. Every answer of an
//! API path is the envelope `{code, msg, data}` (docs/api.md).

mod auth;
mod config;
mod console;
pub mod envelope;
mod ops;
pub mod session;

use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderName, HeaderValue};
use axum::routing::{get, post};
use axum::{middleware, Router};
use coffer_domain::auth::AuthService;
use coffer_domain::config::ConfigService;
use metrics_exporter_prometheus::PrometheusHandle;
use std::sync::Arc;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

pub use console::ConsoleAssets;
pub use ops::metrics_handle;

#[derive(Clone)]
pub struct AppState {
    pub auth: Arc<AuthService>,
    pub config: Arc<ConfigService>,
    pub console: ConsoleAssets,
    pub metrics: PrometheusHandle,
}

pub struct HttpSettings {
    pub body_limit_bytes: usize,
}

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

pub fn router(state: AppState, settings: &HttpSettings) -> Router {
    let api = Router::new()
        .route("/common/configKey", get(config::config_keys_empty))
        .route("/common/configKey/", get(config::config_keys_empty))
        .route("/common/configKey/{keys}", get(config::config_keys))
        .route("/api/partner/login/verify", post(auth::login_verify))
        .route("/api/partner/code/email", post(auth::send_email_code))
        .route("/api/partner/login", post(auth::login))
        .route("/api/partner/logout", post(auth::logout))
        .route("/api/partner/user/info", post(auth::user_info))
        .route("/api/partner/password/edit", post(auth::edit_password))
        .route("/admin/user/password/edit", post(auth::edit_password))
        .route("/api/partner/home/config", post(config::home_config));

    api.route("/healthz", get(ops::healthz))
        .route("/metrics", get(ops::metrics))
        .route("/", get(console::index))
        // Console files are served by the fallback, so that any other path or method is an
        // envelope 'not found' rather than a routing artefact.
        .fallback(console::asset_or_not_found)
        .method_not_allowed_fallback(ops::method_not_allowed)
        .with_state(state)
        .layer(DefaultBodyLimit::max(settings.body_limit_bytes))
        .layer(CatchPanicLayer::custom(envelope::panic_response))
        .layer(middleware::from_fn(envelope::render_envelope))
        .layer(middleware::from_fn(ops::record_metrics))
        .layer(TraceLayer::new_for_http().make_span_with(request_span))
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
        .layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static("x-content-type-options"),
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static("x-frame-options"),
            HeaderValue::from_static("DENY"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static("referrer-policy"),
            HeaderValue::from_static("no-referrer"),
        ))
}

/// One span per request, carrying the request id so every log line can be traced to it.
fn request_span(request: &Request) -> tracing::Span {
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string()
    };
    tracing::info_span!(
        "request",
        request_id = %header("x-request-id"),
        method = %request.method(),
        path = %request.uri().path(),
        client_timestamp = %header("timestamp"),
        user_id = tracing::field::Empty,
    )
}

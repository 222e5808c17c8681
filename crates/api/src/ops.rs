//! Health, metrics, and the answers for unknown paths and wrong methods.

use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use coffer_domain::AppError;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;
use std::time::Instant;

use crate::envelope::{ApiError, EnvelopeCode};
use crate::AppState;

/// The process-wide Prometheus recorder (metrics are global; installed once).
pub fn metrics_handle() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            PrometheusBuilder::new()
                .set_buckets(&[0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0])
                .expect("static buckets")
                .install_recorder()
                .expect("metrics recorder installed once")
        })
        .clone()
}

pub async fn healthz(State(state): State<AppState>) -> Response {
    match state.config.ping().await {
        Ok(()) => (StatusCode::OK, axum::Json(serde_json::json!({"status": "ok"}))).into_response(),
        Err(err) => {
            tracing::warn!(error = %err, "health check failed");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                axum::Json(serde_json::json!({"status": "unavailable"})),
            )
                .into_response()
        }
    }
}

pub async fn metrics(State(state): State<AppState>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics.render(),
    )
        .into_response()
}

pub async fn method_not_allowed() -> ApiError {
    ApiError(AppError::MethodNotAllowed)
}

/// Counts requests and their latency by route and envelope code. Unmatched paths share one
/// label so that scanners cannot blow up the series count.
pub async fn record_metrics(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| "unmatched".into());
    let method = request.method().to_string();
    let started = Instant::now();
    let response = next.run(request).await;
    let code = response
        .extensions()
        .get::<EnvelopeCode>()
        .map(|c| c.0.to_string())
        .unwrap_or_else(|| response.status().as_u16().to_string());
    let labels = [("route", route), ("method", method), ("code", code)];
    metrics::counter!("coffer_http_requests_total", &labels).increment(1);
    metrics::histogram!("coffer_http_request_duration_seconds", &labels[..2])
        .record(started.elapsed().as_secs_f64());
    response
}

//! The HTTP face of Coffer: a thin axum router over the domain services. Every answer of an
//! API path is the envelope `{code, msg, data}` (docs/api.md).

mod access;
mod audit;
mod auth;
mod callbacks;
mod config;
mod console;
mod deposits;
pub mod envelope;
mod iplist;
mod logs;
mod merchant;
mod ops;
mod orders;
mod personal;
pub mod session;
mod system;
mod views;
mod wallets;
mod withdrawals;

use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderName, HeaderValue};
use axum::routing::{get, post};
use axum::{middleware, Router};
use coffer_domain::access::AccessService;
use coffer_domain::auth::AuthService;
use coffer_domain::callbacks::CallbackService;
use coffer_domain::config::ConfigService;
use coffer_domain::deposits::DepositService;
use coffer_domain::iplist::IpListService;
use coffer_domain::logs::LogService;
use coffer_domain::merchant_api::MerchantApiService;
use coffer_domain::wallets::WalletService;
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
    pub access: Arc<AccessService>,
    pub ips: Arc<IpListService>,
    pub logs: Arc<LogService>,
    pub config: Arc<ConfigService>,
    pub wallets: Arc<WalletService>,
    /// Keys and access (menu 8) and the merchant API's gate.
    pub merchant_api: Arc<MerchantApiService>,
    pub deposits: Arc<DepositService>,
    pub callbacks: Arc<CallbackService>,
    pub withdrawals: Arc<coffer_domain::withdrawals::WithdrawalService>,
    /// Take the client address from X-Forwarded-For (only behind a trusted proxy).
    pub trust_forwarded_for: bool,
    /// The console is served over https (`server.public_url`): answers carry HSTS.
    pub strict_transport: bool,
    /// Largest request body accepted (also bounds what the audit layer buffers).
    pub body_limit_bytes: usize,
    pub console: ConsoleAssets,
    pub metrics: PrometheusHandle,
}

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// What the console may load: its own files only (antd writes inline styles; QR codes and
/// icons are data/blob URLs). No inline or foreign script, no framing.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

pub fn router(state: AppState) -> Router {
    let body_limit = state.body_limit_bytes;
    let strict_transport = state.strict_transport;
    let api = Router::new()
        .route("/common/configKey", get(config::config_keys_empty))
        .route("/common/configKey/", get(config::config_keys_empty))
        .route("/common/configKey/{keys}", get(config::config_keys))
        .route("/api/partner/login/verify", post(auth::login_verify))
        .route("/api/partner/code/email", post(auth::send_email_code))
        .route("/api/partner/login", post(auth::login))
        .route("/api/partner/logout", post(auth::logout))
        .route("/api/partner/user/info", post(auth::user_info))
        .route("/api/partner/register", post(auth::register))
        .route("/api/partner/reset", post(auth::reset))
        // Permissions and accounts
        .route("/api/partner/invite/accept", post(access::accept_invitation))
        .route("/api/partner/home/config", post(config::home_config))
        .route("/api/partner/chain/addressRules", post(config::address_rules))
        .route("/api/partner/account/page", post(access::page))
        .route("/api/partner/account/roleOptions", post(access::role_options))
        .route("/api/partner/ipConfigs/getPartnerIps", post(iplist::page))
        .route("/api/partner/secret", post(system::settings))
        .route("/api/partner/allowips", post(system::allow_ips))
        .route("/api/partner/address/black/list", post(system::blacklist_page))
        .route("/api/partner/role/page", post(access::roles))
        .route("/api/partner/role/menus", post(access::role_menus))
        .route("/api/partner/logs/login/page", post(logs::login_page))
        .route("/api/partner/logs/operation/page", post(logs::operation_page))
        .route("/api/sys/logs/myLogs", post(personal::my_logs))
        .route("/api/partner/asset/list", post(wallets::asset_list))
        .route("/api/partner/asset/pageAddressCold", post(wallets::cold_page))
        .route(
            "/api/partner/token/request/getTokenRequests",
            post(wallets::token_requests),
        )
        .route("/api/partner/address/pagelist", post(wallets::address_page))
        .route(
            "/api/v2/partner/hotwallet/page_list",
            post(wallets::hot_wallet_page),
        )
        .route("/api/partner/deposit/pageTx", post(deposits::page))
        .route("/api/partner/deposit/summary", post(deposits::summary))
        .route("/api/partner/deposit/detail", post(deposits::detail))
        .route("/api/partner/user/pageTx", post(deposits::user_page))
        .route("/api/partner/user/tx/summary", post(deposits::user_summary))
        .route("/api/partner/callback/page", post(callbacks::callback_page))
        .route(
            "/api/partner/callback/attempts",
            post(callbacks::callback_attempts),
        )
        .route("/api/partner/withdraw/pageTx", post(withdrawals::page))
        .route("/api/partner/withdraw/summary", post(withdrawals::summary))
        .route("/api/partner/withdraw/detail", post(withdrawals::detail))
        .route("/api/partner/withdraw/query", post(withdrawals::query));

    // Calls that change something a signed-in user owns are written to the operation log.
    let audited = Router::new()
        .route("/api/partner/password/edit", post(auth::edit_password))
        .route("/admin/user/password/edit", post(auth::edit_password))
        .route("/api/partner/google/code", post(personal::google_code))
        .route("/api/partner/google/bind", post(personal::google_bind))
        .route("/api/partner/google/unbind", post(personal::google_unbind))
        .route("/api/partner/timeZone/set", post(personal::set_time_zone))
        .route("/api/partner/account/add", post(access::add))
        .route("/api/partner/account/edit", post(access::edit))
        .route("/api/partner/account/resetPassword", post(access::reset_password))
        .route("/api/partner/account/delete", post(access::delete))
        .route("/api/partner/role/add", post(access::add_role))
        .route("/api/partner/role/edit", post(access::edit_role))
        .route("/api/partner/role/delete", post(access::delete_role))
        .route("/api/partner/ipConfigs/requestPartnerIp", post(iplist::request))
        .route("/api/partner/ipConfigs/deletePartnerIp", post(iplist::delete))
        // Showing the API key changes nothing but is recorded: who saw it, when.
        .route("/api/partner/secret/show", post(system::show_secret))
        .route("/api/partner/secret/reset", post(system::reset_secret))
        .route("/api/partner/clientkey/save", post(system::save_client_key))
        .route("/api/partner/callbackurl/save", post(system::save_callback_url))
        .route("/api/partner/allowips/edit", post(system::edit_allow_ips))
        .route("/api/partner/address/black/add", post(system::blacklist_add))
        .route(
            "/api/partner/address/black/delete",
            post(system::blacklist_delete),
        )
        .route("/api/partner/asset/add", post(wallets::asset_add))
        .route("/api/partner/asset/add_v2", post(wallets::asset_add_v2))
        .route("/api/partner/asset/edit", post(wallets::asset_edit))
        .route("/api/partner/asset/status/edit", post(wallets::asset_status))
        .route(
            "/api/partner/token/request/requestColdAddress",
            post(wallets::request_cold),
        )
        .route("/api/partner/address/editRemark", post(wallets::address_remark))
        .route("/api/v2/partner/hotwallet/add", post(wallets::hot_wallet_add))
        .route(
            "/api/v2/partner/hotwallet/status/setting",
            post(wallets::hot_wallet_status),
        )
        .route("/api/v2/hash/scan", post(deposits::hash_scan))
        .route("/api/partner/deposit/push", post(deposits::push))
        .route("/api/partner/user/tx/push", post(deposits::user_push))
        .route("/api/partner/callback/push", post(callbacks::callback_push))
        .route("/api/partner/withdraw", post(withdrawals::withdraw))
        .route("/api/partner/manualWithdraw", post(withdrawals::manual_withdraw))
        .route("/api/partner/withdraw/check", post(withdrawals::check))
        .route("/api/partner/withdraw/push", post(withdrawals::push))
        .route("/api/partner/riskurl/save", post(system::save_risk_url))
        // Callbacks
        .route("/api/partner/callback/test", post(system::test_callback))
        .route_layer(middleware::from_fn_with_state(state.clone(), audit::audit));

    let router = api
        .merge(audited)
        .route("/healthz", get(ops::healthz))
        .route("/metrics", get(ops::metrics))
        // The merchant API: signed server-to-server calls, outside the console's session.
        .route("/merchant/v1/openapi.json", get(merchant::openapi_json))
        .route("/merchant/v1/ping", get(merchant::ping))
        .route("/merchant/v1/address", post(merchant::deposit_address))
        .route("/merchant/v1/deposits", post(merchant::deposits))
        .route("/merchant/v1/withdraw", post(merchant::withdraw))
        .route("/merchant/v1/withdrawals", post(merchant::withdrawals))
        .route("/", get(console::index))
        // Console files are served by the fallback, so that any other path or method is an
        // envelope 'not found' rather than a routing artefact.
        .fallback(console::asset_or_not_found)
        .method_not_allowed_fallback(ops::method_not_allowed)
        .with_state(state)
        .layer(DefaultBodyLimit::max(body_limit))
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
        .layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static("content-security-policy"),
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ));
    if strict_transport {
        router.layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static("strict-transport-security"),
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        ))
    } else {
        router
    }
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

//! The HTTP face of Coffer: a thin axum router over the domain services. Every answer of an
//! API path is the envelope `{code, msg, data}` (docs/api.md).

mod access;
mod audit;
mod audit_actions;
mod auth;
mod bills;
mod bodies;
mod callbacks;
mod collection;
mod collection_export;
mod collection_records;
mod collection_summary;
mod config;
mod console;
mod csv;
mod deposits;
mod energy;
pub mod envelope;
mod exchange;
mod exchange_orders;
mod exchange_views;
mod export_columns;
#[cfg(test)]
mod export_console_texts;
mod export_exchange;
mod export_labels;
mod exports;
mod getting_started;
mod iplist;
mod logs;
mod merchant;
mod ops;
mod orders;
mod personal;
mod points;
mod points_export;
mod points_home;
mod rates;
mod reports;
pub mod session;
mod system;
mod transactions;
mod views;
mod wallets;
mod withdrawals;

use audit_actions::AuditAction::{self, Button, Named};
use audit_actions::NamedAction::*;
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
use coffer_domain::menu::catalogue::*;
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
    /// The home overview and the data reports (menus 1, 601, 602).
    pub reports: Arc<coffer_domain::reports::ReportService>,
    /// Collect (menu 5): what waits, the collections.
    pub collection: Arc<coffer_domain::collection::service::CollectionService>,
    /// Service list (menu 10): the rate card.
    pub rates: Arc<coffer_domain::rates::RateCard>,
    /// Points list (menu 11): the merchant's points and their ledger.
    pub points: Arc<coffer_domain::points::statement::PointsStatement>,
    /// Each merchant's recharge addresses (Points list).
    pub recharge: Arc<coffer_domain::points::recharge_address::RechargeAddresses>,
    /// Monthly bills and their payments (Service list).
    pub bills: Arc<coffer_domain::bills::service::BillService>,
    /// Token > Energy: prices, orders, the merchant's energy figures.
    pub energy: Arc<coffer_domain::energy::service::EnergyService>,
    /// Token > Trade: exchange pairs, live prices, quotes.
    pub exchange: Arc<coffer_domain::exchange::service::ExchangeService>,
    /// Exchange orders moved on: a held one decided by a person.
    pub exchange_round: Arc<coffer_domain::exchange::round::ExchangeRound>,
    /// Exchange orders listed, one with its legs, its callback sent again.
    pub exchange_lists: Arc<coffer_domain::exchange::lists::ExchangeLists>,
    /// The exports each merchant runs at once, on all the nodes together.
    pub export_slots: Arc<coffer_domain::limits::ExportSlots>,
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

/// A routing table, one route a line: `method "path" => handler;`.
macro_rules! routes {
    ($($method:ident $path:literal => $handler:path;)*) => {
        Router::new()$(.route($path, $method($handler)))*
    };
}

/// The audited routing table, one route a line: `method "path" => handler, action;`. The
/// action names the call in the operation log (`audit_actions`): the catalogue button whose
/// permission the handler requires, or a named call no button stands for.
macro_rules! audited_routes {
    ($($method:ident $path:literal => $handler:path, $action:expr;)*) => {
        /// Every audited path with its action.
        pub(crate) const AUDITED_ACTIONS: &[(&str, AuditAction)] = &[$(($path, $action)),*];

        fn audited_routes() -> Router<AppState> {
            Router::new()$(.route($path, $method($handler)))*
        }
    };
}

// Calls that change something a signed-in user owns, and the operation log's name for each.
audited_routes! {
    post "/api/partner/password/edit" => auth::edit_password, Named(PasswordEdit);
    post "/admin/user/password/edit" => auth::edit_password, Named(PasswordEdit);
    post "/api/partner/google/code" => personal::google_code, Named(GoogleOffer);
    post "/api/partner/google/bind" => personal::google_bind, Named(GoogleBind);
    post "/api/partner/google/unbind" => personal::google_unbind, Named(GoogleUnbind);
    post "/api/partner/timeZone/set" => personal::set_time_zone, Named(TimeZoneSet);
    post "/api/partner/account/add" => access::add, Button(ACCOUNT_ADD);
    post "/api/partner/account/edit" => access::edit, Button(ACCOUNT_EDIT);
    post "/api/partner/account/resetPassword" => access::reset_password, Button(ACCOUNT_RESET_PASSWORD);
    post "/api/partner/account/delete" => access::delete, Button(ACCOUNT_DELETE);
    post "/api/partner/role/add" => access::add_role, Button(ROLE_ADD);
    post "/api/partner/role/edit" => access::edit_role, Button(ROLE_EDIT);
    post "/api/partner/role/delete" => access::delete_role, Button(ROLE_DELETE);
    post "/api/partner/ipConfigs/requestPartnerIp" => iplist::request, Button(IP_REQUEST);
    post "/api/partner/ipConfigs/deletePartnerIp" => iplist::delete, Button(IP_DELETE);
    // Showing the API key changes nothing but is recorded: who saw it, when.
    post "/api/partner/secret/show" => system::show_secret, Button(API_KEY_SHOW);
    post "/api/partner/secret/reset" => system::reset_secret, Button(API_KEY_RESET);
    post "/api/partner/clientkey/save" => system::save_client_key, Button(CLIENT_KEY_UPLOAD);
    post "/api/partner/callbackurl/save" => system::save_callback_url, Button(CALLBACK_URL_SET);
    post "/api/partner/allowips/edit" => system::edit_allow_ips, Button(WHITELIST_EDIT);
    post "/api/partner/address/black/add" => system::blacklist_add, Button(BLACKLIST_ADD);
    post "/api/partner/address/black/delete" => system::blacklist_delete, Button(BLACKLIST_DELETE);
    post "/api/partner/asset/add" => wallets::asset_add, Button(TOKEN_ADD);
    post "/api/partner/asset/add_v2" => wallets::asset_add_v2, Button(TOKEN_ADD);
    post "/api/partner/asset/edit" => wallets::asset_edit, Button(TOKEN_EDIT);
    post "/api/partner/asset/status/edit" => wallets::asset_status, Button(TOKEN_STATUS);
    post "/api/partner/token/request/requestColdAddress" => wallets::request_cold, Button(COLD_REQUEST);
    post "/api/partner/address/editRemark" => wallets::address_remark, Button(ADDRESS_REMARK);
    post "/api/v2/partner/hotwallet/add" => wallets::hot_wallet_add, Button(HOT_WALLET_ADD);
    post "/api/v2/partner/hotwallet/status/setting" => wallets::hot_wallet_status, Button(HOT_WALLET_STATUS);
    post "/api/v2/hash/scan" => deposits::hash_scan, Button(HASH_SCAN);
    post "/api/partner/service/bills/paid" => bills::paid, Button(BILL_PAY);
    post "/api/partner/energy/order" => energy::order, Button(ENERGY_ORDER);
    post "/api/partner/energy/setCollect" => energy::set_collect, Button(ENERGY_SMART);
    post "/api/partner/energy/setEnergyPay" => energy::set_energy_pay, Button(ENERGY_SMART);
    post "/api/partner/energy/setTrxCollect" => energy::set_trx_collect, Button(ENERGY_SMART);
    post "/api/v2/exchange/pair/save" => exchange::save_pair, Button(TRADE_PAIR_EDIT);
    post "/api/v2/exchange/check" => exchange_orders::check, Button(TRADE_DECIDE);
    post "/api/v2/exchange/push" => exchange_orders::push, Button(TRADE_PUSH);
    post "/api/partner/deposit/push" => deposits::push, Button(DEPOSIT_PUSH);
    post "/api/partner/user/tx/push" => transactions::push, Button(TRANSACTION_PUSH);
    post "/api/partner/callback/push" => callbacks::callback_push, Button(CALLBACK_PUSH);
    post "/api/partner/withdraw" => withdrawals::withdraw, Button(WITHDRAW);
    post "/api/partner/manualWithdraw" => withdrawals::manual_withdraw, Button(MANUAL_WITHDRAW);
    post "/api/partner/collect/now" => collection::collect_now, Button(COLLECT_NOW);
    post "/api/partner/collect/fees/edit" => collection_records::save_fees, Button(COLLECT_FEES);
    post "/api/partner/withdraw/check" => withdrawals::check, Button(WITHDRAW_REVIEW);
    post "/api/partner/withdraw/push" => withdrawals::push, Button(WITHDRAW_PUSH);
    post "/api/partner/riskurl/save" => system::save_risk_url, Button(RISK_URL_SET);
    // Callbacks
    post "/api/partner/callback/test" => system::test_callback, Named(CallbackTest);
}

pub fn router(state: AppState) -> Router {
    let body_limit = state.body_limit_bytes;
    let strict_transport = state.strict_transport;
    let api = routes! {
        get "/common/configKey" => config::config_keys_empty;
        get "/common/configKey/" => config::config_keys_empty;
        get "/common/configKey/{keys}" => config::config_keys;
        post "/api/partner/login/verify" => auth::login_verify;
        post "/api/partner/code/email" => auth::send_email_code;
        post "/api/partner/login" => auth::login;
        post "/api/partner/logout" => auth::logout;
        post "/api/partner/user/info" => auth::user_info;
        post "/api/partner/register" => auth::register;
        post "/api/partner/reset/verify" => auth::reset_verify;
        post "/api/partner/reset" => auth::reset;
        // Permissions and accounts
        post "/api/partner/invite/accept" => access::accept_invitation;
        post "/api/partner/home/config" => config::home_config;
        post "/api/partner/check/cache/update" => config::cache_version;
        post "/api/partner/chain/addressRules" => config::address_rules;
        post "/api/partner/account/page" => access::page;
        post "/api/partner/account/roleOptions" => access::role_options;
        post "/api/partner/ipConfigs/getPartnerIps" => iplist::page;
        post "/api/partner/secret" => system::settings;
        post "/api/partner/allowips" => system::allow_ips;
        post "/api/partner/address/black/list" => system::blacklist_page;
        post "/api/partner/role/page" => access::roles;
        post "/api/partner/role/menus" => access::role_menus;
        post "/api/partner/logs/login/page" => logs::login_page;
        post "/api/partner/logs/operation/page" => logs::operation_page;
        post "/api/sys/logs/myLogs" => personal::my_logs;
        post "/api/partner/asset/list" => wallets::asset_list;
        post "/api/partner/asset/pageAddressCold" => wallets::cold_page;
        post "/api/partner/token/request/getTokenRequests" => wallets::token_requests;
        post "/api/partner/address/pagelist" => wallets::address_page;
        post "/api/partner/collect/waiting" => collection::waiting_page;
        post "/api/partner/collect/fees" => collection_records::fees;
        post "/api/partner/service/rates" => rates::list;
        post "/api/partner/service/bills" => bills::page;
        post "/api/partner/service/billingAddresses" => bills::addresses;
        post "/api/partner/energy/estimatePrice" => energy::estimate;
        post "/api/partner/energy/order/page_list" => energy::page;
        post "/api/partner/energy/profile" => energy::profile;
        post "/api/partner/energy/chargePoint" => energy::charge_point;
        post "/api/v2/exchange/pair/list" => exchange::pairs;
        post "/api/v2/exchange/pagelist" => exchange_orders::page;
        post "/api/v2/exchange/summary" => exchange_orders::summary;
        post "/api/v2/exchange/detail" => exchange_orders::detail;
        post "/api/v2/exchange/export" => exchange_orders::export;
        post "/api/partner/collect/page_list" => collection_records::collections_page;
        post "/api/partner/collect/summary" => collection_summary::summary;
        post "/api/partner/collect/export" => collection_export::collections;
        post "/api/partner/collect/detail" => collection_records::collection_detail;
        post "/api/v2/partner/hotwallet/page_list" => wallets::hot_wallet_page;
        post "/api/partner/deposit/pageTx" => deposits::page;
        post "/api/partner/deposit/summary" => deposits::summary;
        post "/api/partner/deposit/detail" => deposits::detail;
        post "/api/partner/user/pageTx" => transactions::page;
        post "/api/partner/user/tx/summary" => transactions::summary;
        post "/api/partner/deposit/export" => exports::deposits;
        post "/api/partner/withdraw/export" => exports::withdrawals;
        post "/api/partner/user/tx/export" => exports::transactions;
        post "/api/partner/callback/page" => callbacks::callback_page;
        post "/api/partner/callback/attempts" => callbacks::callback_attempts;
        post "/api/partner/withdraw/pageTx" => withdrawals::page;
        post "/api/partner/withdraw/summary" => withdrawals::summary;
        post "/api/partner/withdraw/detail" => withdrawals::detail;
        post "/api/partner/withdraw/query" => withdrawals::query;
        // Home and data reports
        post "/api/partner/home/main_v3_2" => reports::home;
        post "/api/partner/home/queryDailyTxData" => reports::daily;
        post "/api/partner/home/points" => points_home::home_points;
        post "/api/partner/report/payment" => reports::payment;
        post "/api/partner/report/receipt" => reports::receipt;
        post "/api/partner/report/payment/export" => reports::payment_export;
        post "/api/partner/report/receipt/export" => reports::receipt_export;
        // Points
        post "/api/partner/points/balance" => points::balance;
        post "/api/partner/points/pageList" => points::page;
        post "/api/partner/points/export" => points_export::export;
        post "/api/partner/points/recharge" => points::recharge;
    };

    // Calls that change something a signed-in user owns are written to the operation log.
    let audited = audited_routes().route_layer(middleware::from_fn_with_state(state.clone(), audit::audit));

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
        .route("/merchant/v1/exchange/quote", post(merchant::exchange_quote))
        .route("/merchant/v1/exchange/order", post(merchant::exchange_order))
        .route(
            "/merchant/v1/exchange/orders",
            post(merchant::exchange_order_query),
        )
        .route("/", get(console::index))
        .route(
            coffer_domain::config::GETTING_STARTED_PATH,
            get(getting_started::page),
        )
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
        .layer(header_layer("x-content-type-options", "nosniff"))
        .layer(header_layer("x-frame-options", "DENY"))
        .layer(header_layer("referrer-policy", "no-referrer"))
        .layer(header_layer("content-security-policy", CONTENT_SECURITY_POLICY));
    if strict_transport {
        router.layer(header_layer(
            "strict-transport-security",
            "max-age=31536000; includeSubDomains",
        ))
    } else {
        router
    }
}

/// Sets the response header `name` to `value` on every answer.
fn header_layer(name: &'static str, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(HeaderName::from_static(name), HeaderValue::from_static(value))
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

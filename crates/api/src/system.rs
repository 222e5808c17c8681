//! System: keys and access (menu 8): the API key, the merchant's RSA public key, the callback
//! address, the whitelist of merchant API callers and the address blacklist.

use axum::extract::State;
use coffer_domain::menu::catalogue::{
    API_KEY, API_KEY_RESET, API_KEY_SHOW, BLACKLIST, BLACKLIST_ADD, BLACKLIST_DELETE, CALLBACKS,
    CALLBACK_URL_SET, CLIENT_KEY_UPLOAD, RISK_URL_SET, WHITELIST, WHITELIST_EDIT,
};
use coffer_domain::merchant_api::BlacklistFilter;
use coffer_domain::ports::Paged;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::audit::{audited, audited_on, done_on, Audited};
use crate::bodies::{ById, CreatedAddress, FilterText, PageQuery};
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::session::{Allowed, AllowedEither};
use crate::views::callbacks::AttemptResultView;
use crate::views::merchant_api::{AllowIpView, ApiSecretView, ApiSettingsView, BlacklistView, ClientKeyView};
use crate::views::{listed, paged};
use crate::AppState;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GoogleCode {
    #[serde(default)]
    google_code: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientKeyUpload {
    public_key: String,
    #[serde(default)]
    google_code: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallbackUrl {
    callback_url: String,
}

#[derive(Deserialize)]
pub struct AllowIps {
    ips: Vec<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BlacklistQuery {
    #[serde(flatten)]
    page: PageQuery,
    chain_id: Option<i64>,
    address: Option<FilterText>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BlacklistAdd {
    chain_id: i64,
    address: String,
    #[serde(default)]
    remark: String,
}

/// A saved address setting as `{ key: saved }`, recording `{ key: before }` ("" for none).
fn address_saved(key: &str, before: Option<String>, saved: String) -> Audited<Value> {
    audited(&json!({ key: before.unwrap_or_default() }), json!({ key: saved }))
}

/// The non-secret settings, with the platform public key for verifying callbacks; read by the
/// API key and the callback screens.
pub async fn settings(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<API_KEY, CALLBACKS>,
) -> ApiResult<ApiSettingsView> {
    let settings = state.merchant_api.settings(&ctx).await?;
    let platform_key = state.callbacks.keys.public().await?;
    ok(ApiSettingsView::new(settings, platform_key))
}

pub async fn show_secret(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<API_KEY_SHOW>,
    ApiJson(b): ApiJson<GoogleCode>,
) -> Audited<ApiSecretView> {
    let shown = ApiSecretView::from(state.merchant_api.show_secret(&ctx, &b.google_code).await?);
    // The key by its id, never its secret.
    done_on(shown.key_id.clone(), shown)
}

pub async fn reset_secret(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<API_KEY_RESET>,
    ApiJson(b): ApiJson<GoogleCode>,
) -> Audited<ApiSecretView> {
    let old = state.merchant_api.settings(&ctx).await?.key_id;
    let new = ApiSecretView::from(state.merchant_api.reset_secret(&ctx, &b.google_code).await?);
    audited_on(new.key_id.clone(), &json!({ "keyId": old }), new)
}

pub async fn save_client_key(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<CLIENT_KEY_UPLOAD>,
    ApiJson(b): ApiJson<ClientKeyUpload>,
) -> Audited<ClientKeyView> {
    let old = state.merchant_api.settings(&ctx).await?.client_key;
    let saved = state
        .merchant_api
        .save_client_key(&ctx, &b.public_key, &b.google_code)
        .await?;
    let old = old.map(|k| json!({ "fingerprint": k.fingerprint, "bits": k.bits }));
    let saved = ClientKeyView::from(saved);
    audited_on(saved.fingerprint.clone(), &json!({ "clientKey": old }), saved)
}

pub async fn save_callback_url(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<CALLBACK_URL_SET>,
    ApiJson(b): ApiJson<CallbackUrl>,
) -> Audited<Value> {
    let old = state.merchant_api.settings(&ctx).await?.callback_url;
    let saved = state
        .merchant_api
        .save_callback_url(&ctx, &b.callback_url)
        .await?;
    // what waited for an address (or a working one) goes out at the next round.
    if !saved.is_empty() {
        state.callbacks.wake(&ctx).await?;
    }
    address_saved("callbackUrl", old, saved)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RiskUrl {
    risk_url: String,
}

pub async fn save_risk_url(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<RISK_URL_SET>,
    ApiJson(b): ApiJson<RiskUrl>,
) -> Audited<Value> {
    let old = state.merchant_api.settings(&ctx).await?.risk_url;
    let saved = state.merchant_api.save_risk_url(&ctx, &b.risk_url).await?;
    address_saved("riskUrl", old, saved)
}

pub async fn allow_ips(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<WHITELIST>,
) -> ApiResult<Vec<AllowIpView>> {
    ok(listed(state.merchant_api.allow_ips(&ctx).await?))
}

pub async fn edit_allow_ips(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<WHITELIST_EDIT>,
    ApiJson(b): ApiJson<AllowIps>,
) -> Audited<Vec<AllowIpView>> {
    let (old, new) = state.merchant_api.edit_allow_ips(&ctx, &b.ips).await?;
    let old: Vec<String> = old.into_iter().map(|e| e.ip).collect();
    audited(&json!({ "ips": old }), listed(new))
}

pub async fn blacklist_page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<BLACKLIST>,
    ApiJson(q): ApiJson<BlacklistQuery>,
) -> ApiResult<Paged<BlacklistView>> {
    let filter = BlacklistFilter {
        chain_id: q.chain_id,
        address: FilterText::optional(q.address)?,
    };
    let found = state
        .merchant_api
        .page_blacklist(&ctx, filter, q.page.request()?)
        .await?;
    ok(paged(found))
}

pub async fn blacklist_add(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<BLACKLIST_ADD>,
    ApiJson(b): ApiJson<BlacklistAdd>,
) -> ApiResult<CreatedAddress> {
    let (id, address) = state
        .merchant_api
        .add_blacklist(&ctx, b.chain_id, &b.address, &b.remark)
        .await?;
    ok(CreatedAddress { id, address })
}

pub async fn blacklist_delete(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<BLACKLIST_DELETE>,
    ApiJson(b): ApiJson<ById>,
) -> Audited {
    let before = BlacklistView::from(state.merchant_api.delete_blacklist(&ctx, b.id).await?);
    audited_on(before.address.clone(), &before, ())
}

/// a signed `ping` to the saved callback address, answering how the merchant's
/// endpoint replied. The same button as editing the address: it is part of setting it up.
/// At most once a second per merchant (10429).
pub async fn test_callback(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<CALLBACK_URL_SET>,
) -> ApiResult<AttemptResultView> {
    ok(state.callbacks.test_ping(&ctx).await?.into())
}

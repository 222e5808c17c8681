//! Wallets and assets (menu 2): deposit addresses, hot wallets, assets, cold-address requests.

use axum::extract::State;
use coffer_domain::menu::catalogue::{
    ADDRESS_REMARK, COLD_REQUEST, HOT_WALLETS, HOT_WALLET_ADD, HOT_WALLET_STATUS, TOKEN_ADD, TOKEN_EDIT,
    TOKEN_LIST, TOKEN_STATUS, WALLET_ADDRESS,
};
use coffer_domain::ports::{AddressFilter, ColdAddress, Paged};
use coffer_domain::wallets::assets::AssetInput;
use serde::Deserialize;

use crate::audit::{done_on, Audited};
use crate::bodies::{Created, CreatedAddress, FilterText, PageQuery};
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::session::Allowed;
use crate::views::asset_settings::{ColdShareView, CollectSettingsView, RiskLimitsView};
use crate::views::wallets::{
    AssetView, ColdAddressView, DepositAddressView, HotWalletView, TokenRequestView,
};
use crate::views::{listed, paged};
use crate::AppState;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChainQuery {
    chain_id: Option<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PagedChainQuery {
    #[serde(flatten)]
    page: PageQuery,
    chain_id: Option<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PagedAssetQuery {
    #[serde(flatten)]
    page: PageQuery,
    asset_id: Option<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddressQuery {
    #[serde(flatten)]
    page: PageQuery,
    chain_id: Option<i64>,
    open_id: Option<FilterText>,
    address: Option<FilterText>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddAsset {
    chain_id: i64,
    token_id: i64,
    #[serde(default)]
    payment_address: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddAssetV2 {
    chain_id: i64,
    token_id: i64,
    #[serde(default)]
    payment_address: String,
    collect: CollectSettingsView,
    risk: RiskLimitsView,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditAsset {
    id: i64,
    #[serde(default)]
    payment_address: String,
    collect: CollectSettingsView,
    risk: RiskLimitsView,
}

#[derive(Deserialize)]
pub struct SetStatus {
    id: i64,
    status: i32,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ColdRequest {
    asset_id: i64,
    cold_addresses: Vec<ColdShareView>,
    #[serde(default)]
    google_code: String,
}

#[derive(Deserialize)]
pub struct EditRemark {
    id: i64,
    remark: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddHotWallet {
    chain_id: i64,
    #[serde(default)]
    remark: String,
}

pub async fn asset_list(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TOKEN_LIST>,
    ApiJson(q): ApiJson<ChainQuery>,
) -> ApiResult<Vec<AssetView>> {
    ok(listed(state.wallets.list_assets(&ctx, q.chain_id).await?))
}

pub async fn asset_add(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TOKEN_ADD>,
    ApiJson(b): ApiJson<AddAsset>,
) -> Audited<Created> {
    let id = state
        .wallets
        .add_asset(&ctx, b.chain_id, b.token_id, &b.payment_address, None)
        .await?;
    done_on(state.wallets.asset_name(&ctx, id).await?, Created { id })
}

pub async fn asset_add_v2(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TOKEN_ADD>,
    ApiJson(b): ApiJson<AddAssetV2>,
) -> Audited<Created> {
    let settings = Some((b.collect.into(), b.risk.into()));
    let id = state
        .wallets
        .add_asset(&ctx, b.chain_id, b.token_id, &b.payment_address, settings)
        .await?;
    done_on(state.wallets.asset_name(&ctx, id).await?, Created { id })
}

pub async fn asset_edit(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TOKEN_EDIT>,
    ApiJson(b): ApiJson<EditAsset>,
) -> Audited {
    let input = AssetInput {
        payment_address: b.payment_address,
        collect: b.collect.into(),
        risk: b.risk.into(),
    };
    done_on(state.wallets.edit_asset(&ctx, b.id, &input).await?, ())
}

pub async fn asset_status(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TOKEN_STATUS>,
    ApiJson(b): ApiJson<SetStatus>,
) -> Audited {
    done_on(state.wallets.set_asset_status(&ctx, b.id, b.status).await?, ())
}

pub async fn cold_page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TOKEN_LIST>,
    ApiJson(q): ApiJson<PagedAssetQuery>,
) -> ApiResult<Paged<ColdAddressView>> {
    ok(paged(
        state
            .wallets
            .page_cold_addresses(&ctx, q.asset_id, q.page.request()?)
            .await?,
    ))
}

/// Form rules first, then the authenticator: a typo never costs a code.
pub async fn request_cold(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<COLD_REQUEST>,
    ApiJson(b): ApiJson<ColdRequest>,
) -> Audited<Created> {
    let checked = state
        .wallets
        .check_cold_request(&ctx, b.asset_id, &listed::<_, ColdAddress>(b.cold_addresses))
        .await?;
    state.auth.require_google(&ctx, &b.google_code).await?;
    let id = state.wallets.submit_cold_request(&ctx, checked).await?;
    done_on(state.wallets.asset_name(&ctx, b.asset_id).await?, Created { id })
}

pub async fn token_requests(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TOKEN_LIST>,
    ApiJson(q): ApiJson<PagedAssetQuery>,
) -> ApiResult<Paged<TokenRequestView>> {
    ok(paged(
        state
            .wallets
            .page_token_requests(Some(ctx.merchant_id), q.asset_id, false, q.page.request()?)
            .await?,
    ))
}

pub async fn address_page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<WALLET_ADDRESS>,
    ApiJson(q): ApiJson<AddressQuery>,
) -> ApiResult<Paged<DepositAddressView>> {
    let filter = AddressFilter {
        chain_id: q.chain_id,
        open_id: FilterText::optional(q.open_id)?,
        address: FilterText::optional(q.address)?,
    };
    ok(paged(
        state
            .wallets
            .page_deposit_addresses(&ctx, filter, q.page.request()?)
            .await?,
    ))
}

pub async fn address_remark(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ADDRESS_REMARK>,
    ApiJson(b): ApiJson<EditRemark>,
) -> Audited {
    done_on(
        state.wallets.edit_address_remark(&ctx, b.id, &b.remark).await?,
        (),
    )
}

pub async fn hot_wallet_page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<HOT_WALLETS>,
    ApiJson(q): ApiJson<PagedChainQuery>,
) -> ApiResult<Paged<HotWalletView>> {
    ok(paged(
        state
            .wallets
            .page_hot_wallets(&ctx, q.chain_id, q.page.request()?)
            .await?,
    ))
}

pub async fn hot_wallet_add(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<HOT_WALLET_ADD>,
    ApiJson(b): ApiJson<AddHotWallet>,
) -> Audited<CreatedAddress> {
    let (id, address) = state.wallets.add_hot_wallet(&ctx, b.chain_id, &b.remark).await?;
    done_on(address.clone(), CreatedAddress { id, address })
}

pub async fn hot_wallet_status(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<HOT_WALLET_STATUS>,
    ApiJson(b): ApiJson<SetStatus>,
) -> Audited {
    done_on(
        state.wallets.set_hot_wallet_status(&ctx, b.id, b.status).await?,
        (),
    )
}

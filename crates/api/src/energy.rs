//! Token > Energy (menu 203): a price for an energy order, the order (button 20301 and the
//! Google code), the orders, the merchant's energy figures, where TRX points are recharged and
//! the smart-collection switches (button 20302 and the Google code).
//! Points are exact decimal strings; energy is a whole number; the energy price is sun.

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::auth::AuthContext;
use coffer_domain::codes::StoredCode;
use coffer_domain::energy::orders::{EnergyOrder, EnergyOrderStatus, QuoteRequest};
use coffer_domain::energy::service::SAVING_DAYS;
use coffer_domain::energy::settings::{SmartCollection, SmartSwitch};
use coffer_domain::menu::catalogue::{ENERGY, ENERGY_ORDER, ENERGY_SMART};
use coffer_domain::messages::MsgKey;
use coffer_domain::points::points_text;
use coffer_domain::ports::{EnergyOrderFilter, Paged, SmartFigures};
use coffer_domain::AppError;
use serde::{Deserialize, Serialize};

use crate::audit::{audited, Audited};
use crate::bodies::PageQuery;
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::points::RechargeView;
use crate::session::Allowed;
use crate::AppState;

/// Longest address text read (a TRON address is 34 characters).
const MAX_ADDRESS: usize = 128;

fn trx(sun: u128) -> String {
    BaseUnits::from_u128(sun).to_decimal(6)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EstimateBody {
    chain_id: i64,
    address: String,
    times: i64,
    days: i64,
    max_daily_uses: i64,
    #[serde(default)]
    activate: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EstimateView {
    quote_id: String,
    valid_seconds: i64,
    expires_at: DateTime<Utc>,
    chain_id: i64,
    address: String,
    times: i64,
    days: i64,
    max_daily_uses: i64,
    activate: bool,
    needs_activation: bool,
    activation_points: String,
    energy_per_use: i64,
    energy_to_holder: i64,
    price_per_use: String,
    uses_points: String,
    total_points: String,
    energy_price: u64,
    burn_per_use: String,
    burn_total: String,
    trx_points: String,
    enough: bool,
}

pub async fn estimate(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ENERGY>,
    ApiJson(body): ApiJson<EstimateBody>,
) -> ApiResult<EstimateView> {
    if body.address.len() > MAX_ADDRESS {
        return Err(AppError::Invalid(MsgKey::InvalidAddress).into());
    }
    let request = QuoteRequest {
        chain_id: body.chain_id,
        receiver: body.address,
        times: body.times,
        days: body.days,
        max_daily: body.max_daily_uses,
        activate: body.activate,
    };
    let e = state.energy.estimate(ctx.merchant_id, request).await?;
    let q = &e.quote;
    let burn_per_use = u128::from(e.energy.to_new_holder) * u128::from(e.energy.price_sun);
    let times = q.request.times as u128;
    ok(EstimateView {
        quote_id: q.token.clone(),
        valid_seconds: (q.expires_at - q.created_at).num_seconds(),
        expires_at: q.expires_at,
        chain_id: q.request.chain_id,
        address: q.request.receiver.clone(),
        times: q.request.times,
        days: q.request.days,
        max_daily_uses: q.request.max_daily,
        activate: q.request.activate,
        needs_activation: e.activation_cost > 0,
        activation_points: points_text(e.activation_cost),
        energy_per_use: q.energy_per_use,
        energy_to_holder: q.min_use_energy,
        price_per_use: points_text(q.price_per_use),
        uses_points: points_text(q.price_per_use * q.request.times),
        total_points: points_text(q.total_points),
        energy_price: e.energy.price_sun,
        burn_per_use: trx(burn_per_use),
        burn_total: trx(burn_per_use * times),
        trx_points: points_text(e.trx_available),
        enough: e.trx_available >= q.total_points,
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    id: i64,
    chain_id: i64,
    address: String,
    times: i64,
    days: i64,
    max_daily_uses: i64,
    used: i64,
    /// Uses counted on the merchant's current day.
    today_uses: i64,
    energy_per_use: i64,
    price_per_use: String,
    activate: bool,
    activation_points: String,
    total_points: String,
    charged_points: String,
    refunded_points: String,
    /// 1 waiting processing, 2 processing, 3 successful, 4 failed, 5 invalid.
    status: i32,
    reason: String,
    created_at: DateTime<Utc>,
    ends_at: DateTime<Utc>,
    ended_at: Option<DateTime<Utc>>,
}

fn order_view(o: EnergyOrder, today: &str) -> OrderView {
    let ended = o.status.ended();
    OrderView {
        id: o.id,
        chain_id: o.chain_id,
        address: o.receiver,
        times: o.times,
        days: o.days,
        max_daily_uses: o.max_daily,
        used: o.used,
        today_uses: if o.day == today { o.day_uses } else { 0 },
        energy_per_use: o.energy_per_use,
        price_per_use: points_text(o.price_per_use),
        activate: o.activate,
        activation_points: points_text(o.activation_points),
        total_points: points_text(o.total_points),
        charged_points: points_text(o.charged_points),
        refunded_points: points_text(if ended {
            o.total_points - o.charged_points
        } else {
            0
        }),
        status: o.status.code(),
        reason: o.reason,
        created_at: o.created_at,
        ends_at: o.ends_at,
        ended_at: o.ended_at,
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderBody {
    quote_id: String,
    #[serde(default)]
    google_code: String,
}

pub async fn order(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ENERGY_ORDER>,
    ApiJson(body): ApiJson<OrderBody>,
) -> ApiResult<OrderView> {
    state.auth.require_google(&ctx, &body.google_code).await?;
    let placed = state
        .energy
        .order(ctx.merchant_id, Some(ctx.user_id), &body.quote_id)
        .await?;
    let today = state.energy.today(ctx.merchant_id).await?;
    ok(order_view(placed, &today))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrdersQuery {
    #[serde(flatten)]
    page: PageQuery,
    status: Option<i32>,
    address: Option<String>,
}

pub async fn page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ENERGY>,
    ApiJson(q): ApiJson<OrdersQuery>,
) -> ApiResult<Paged<OrderView>> {
    let status = match q.status {
        None => None,
        Some(code) => {
            Some(EnergyOrderStatus::from_code(code).ok_or(AppError::Invalid(MsgKey::InvalidStatus))?)
        }
    };
    let receiver = q.address.map(|a| a.trim().to_string()).filter(|a| !a.is_empty());
    if receiver.as_ref().is_some_and(|a| a.len() > MAX_ADDRESS) {
        return Err(AppError::Invalid(MsgKey::InvalidAddress).into());
    }
    let filter = EnergyOrderFilter { status, receiver };
    let found = state
        .energy
        .orders(ctx.merchant_id, &filter, q.page.request()?)
        .await?;
    let today = state.energy.today(ctx.merchant_id).await?;
    ok(found.map(|o| order_view(o, &today)))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrxPointsView {
    available: String,
    held: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileView {
    trx_points: TrxPointsView,
    orders_in_progress: i64,
    uses_this_month: i64,
    energy_this_month: i64,
    burn_saved_this_month: Option<String>,
    energy_price: Option<u64>,
    price_read_at: Option<DateTime<Utc>>,
    smart_collection: SmartCollectionView,
    smart_saving: SmartSavingView,
}

/// Smart collection measured over the last `days` days (TRX): the collections collected on
/// energy, what burning would have cost, what they paid in fees and in TRX points, and the
/// difference (negative when energy cost more).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SmartSavingView {
    days: i64,
    collections: u64,
    energy: u64,
    burn_fee: String,
    fee_paid: String,
    energy_points: String,
    saved: String,
}

impl From<SmartFigures> for SmartSavingView {
    fn from(f: SmartFigures) -> Self {
        let saved = f.saved();
        let sign = if saved < 0 { "-" } else { "" };
        SmartSavingView {
            days: SAVING_DAYS,
            collections: f.collections,
            energy: f.energy,
            burn_fee: f.burn_fee.to_decimal(6),
            fee_paid: f.fee_paid.to_decimal(6),
            energy_points: points_text(f.energy_points),
            saved: format!("{sign}{}", trx(saved.unsigned_abs())),
        }
    }
}

/// The smart-collection switches, as `profile` and the three `set…` calls answer them.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SmartCollectionView {
    energy_collect: bool,
    energy_pay: bool,
    trx_collect: bool,
    /// When a switch was last changed; null: never.
    updated_at: Option<DateTime<Utc>>,
}

impl From<SmartCollection> for SmartCollectionView {
    fn from(s: SmartCollection) -> Self {
        SmartCollectionView {
            energy_collect: s.energy_collect,
            energy_pay: s.energy_pay,
            trx_collect: s.trx_collect,
            updated_at: s.updated_at,
        }
    }
}

pub async fn profile(State(state): State<AppState>, Allowed(ctx): Allowed<ENERGY>) -> ApiResult<ProfileView> {
    let p = state.energy.profile(ctx.merchant_id).await?;
    let energy = p.figures.energy_since.max(0) as u128;
    ok(ProfileView {
        trx_points: TrxPointsView {
            available: points_text(p.trx_available),
            held: points_text(p.trx_held),
        },
        orders_in_progress: p.figures.in_progress,
        uses_this_month: p.figures.uses_since,
        energy_this_month: p.figures.energy_since,
        burn_saved_this_month: p.price.map(|(sun, _)| trx(energy * u128::from(sun))),
        energy_price: p.price.map(|(sun, _)| sun),
        price_read_at: p.price.map(|(_, at)| at),
        smart_collection: p.smart.into(),
        smart_saving: p.smart_saving.into(),
    })
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SwitchBody {
    enabled: bool,
    #[serde(default)]
    google_code: String,
}

/// Turns the switch; the operation log names the switch and its new position by the path and
/// body (`audit_actions`) and keeps the switches before.
async fn set_switch(
    state: &AppState,
    ctx: &AuthContext,
    switch: SmartSwitch,
    body: SwitchBody,
) -> Audited<SmartCollectionView> {
    let before = SmartCollectionView::from(state.energy.smart_collection(ctx.merchant_id).await?);
    let after = state
        .energy
        .set_smart_switch(ctx, switch, body.enabled, &body.google_code)
        .await?;
    audited(&before, after.into())
}

pub async fn set_collect(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ENERGY_SMART>,
    ApiJson(body): ApiJson<SwitchBody>,
) -> Audited<SmartCollectionView> {
    set_switch(&state, &ctx, SmartSwitch::EnergyCollect, body).await
}

pub async fn set_energy_pay(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ENERGY_SMART>,
    ApiJson(body): ApiJson<SwitchBody>,
) -> Audited<SmartCollectionView> {
    set_switch(&state, &ctx, SmartSwitch::EnergyPay, body).await
}

pub async fn set_trx_collect(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ENERGY_SMART>,
    ApiJson(body): ApiJson<SwitchBody>,
) -> Audited<SmartCollectionView> {
    set_switch(&state, &ctx, SmartSwitch::TrxCollect, body).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChargeBody {
    chain_id: i64,
}

pub async fn charge_point(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ENERGY>,
    ApiJson(body): ApiJson<ChargeBody>,
) -> ApiResult<RechargeView> {
    let found = state.energy.charge_point(ctx.merchant_id, body.chain_id).await?;
    ok(RechargeView::from(found))
}

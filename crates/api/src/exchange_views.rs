//! An exchange order on the console's wire: a row of Token > Trade's orders (and of the
//! transaction list's type 3), and its detail with both legs (docs/api.md "Exchange orders").

use coffer_domain::codes::StoredCode;
use coffer_domain::deposits::DepositEntry;
use coffer_domain::exchange::lists::{ExchangeDetail, ExchangeEntry};
use coffer_domain::orders::AssetNames;
use coffer_domain::points::points_text;
use coffer_domain::ports::{OrderKind, WithdrawalRecord};
use serde::Serialize;

use crate::orders::{token_units, AssetColumns};
use crate::views::time;

/// A row: the token in's columns under the shared names (`symbol`, `decimals`: what the lists'
/// totals count), the token out's beside them.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExchangeView {
    id: i64,
    #[serde(rename = "type")]
    kind: i32,
    order_no: String,
    merchant_order_no: String,
    open_id: String,
    origin: i32,
    #[serde(flatten)]
    asset: AssetColumns,
    pair_id: i64,
    token_out_id: Option<i64>,
    symbol_out: String,
    decimals_out: i32,
    /// The end user's exchange address (where they pay).
    to_address: String,
    /// Who paid ("" until paid).
    from_address: String,
    payout_address: String,
    amount_in: String,
    paid_in: String,
    min_out: String,
    amount_out: String,
    rate: String,
    market_rate: String,
    spread_bp: u32,
    source: i32,
    source_label: String,
    price_time: Option<String>,
    repriced: bool,
    hash: String,
    out_hash: String,
    fee: String,
    status: i32,
    reason: String,
    callback_status: i32,
    callback_result: String,
    notify_status: i32,
    createtime: String,
    pay_by: String,
    completetime: Option<String>,
}

impl From<ExchangeEntry> for ExchangeView {
    fn from(e: ExchangeEntry) -> ExchangeView {
        let x = e.order;
        let o = x.order;
        let units_in = token_units(o.decimals_in);
        let units_out = token_units(o.decimals_out);
        let AssetNames {
            symbol: symbol_out, ..
        } = e.asset_out;
        ExchangeView {
            id: x.id,
            kind: OrderKind::Exchange.code(),
            order_no: x.order_no,
            merchant_order_no: o.merchant_order_no.unwrap_or_default(),
            open_id: o.open_id,
            origin: o.origin.code(),
            asset: AssetColumns::new(o.chain_id, o.token_in, o.decimals_in, e.asset_in),
            pair_id: o.pair_id,
            token_out_id: o.token_out,
            symbol_out,
            decimals_out: o.decimals_out,
            to_address: o.pay_address,
            from_address: x.payer,
            payout_address: o.payout_address,
            amount_in: o.amount_in.to_decimal(units_in),
            paid_in: x.paid_in.to_decimal(units_in),
            min_out: o.min_out.to_decimal(units_out),
            amount_out: o.amount_out.to_decimal(units_out),
            rate: o.price.rate,
            market_rate: o.price.market_rate,
            spread_bp: o.price.spread_bp,
            source: o.price.source_kind.code(),
            source_label: o.price.source_label,
            price_time: o.price.price_at.map(time),
            repriced: o.price.repriced,
            hash: x.in_hash,
            out_hash: x.out_hash,
            fee: points_text(x.fee_points),
            status: o.status.code(),
            reason: x.reason,
            callback_status: x.callback_status.code(),
            callback_result: x.callback_result,
            notify_status: x.notify_status.code(),
            createtime: time(x.created_at),
            pay_by: time(o.pay_by),
            completetime: x.completed_at.map(time),
        }
    }
}

/// The payment in: the end user's transfer to their exchange address (never credited).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PaymentLegView {
    id: i64,
    order_no: String,
    hash: String,
    status: i32,
    confirmations: i64,
    required_confirmations: i32,
}

impl From<DepositEntry> for PaymentLegView {
    fn from(e: DepositEntry) -> PaymentLegView {
        let d = e.deposit;
        PaymentLegView {
            id: d.id,
            order_no: d.order_no,
            hash: d.tx_hash,
            status: d.status.code(),
            confirmations: e.confirmations,
            required_confirmations: d.required_confirmations,
        }
    }
}

/// A withdrawal paying the exchange out or sending its payment back (withdrawal states).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WithdrawalLegView {
    id: i64,
    order_no: String,
    hash: String,
    status: i32,
    to_address: String,
    createtime: String,
}

impl From<WithdrawalRecord> for WithdrawalLegView {
    fn from(w: WithdrawalRecord) -> WithdrawalLegView {
        WithdrawalLegView {
            id: w.id,
            order_no: w.order_no,
            hash: w.tx_hash,
            status: w.status.code(),
            to_address: w.to_address,
            createtime: time(w.created_at),
        }
    }
}

/// The detail: the row, and each leg (null until it exists).
#[derive(Serialize)]
pub struct ExchangeDetailView {
    #[serde(flatten)]
    row: ExchangeView,
    payment: Option<PaymentLegView>,
    payout: Option<WithdrawalLegView>,
    refund: Option<WithdrawalLegView>,
}

impl ExchangeDetailView {
    pub fn order_no(&self) -> String {
        self.row.order_no.clone()
    }
}

impl From<ExchangeDetail> for ExchangeDetailView {
    fn from(d: ExchangeDetail) -> ExchangeDetailView {
        ExchangeDetailView {
            row: d.entry.into(),
            payment: d.payment.map(Into::into),
            payout: d.payout.map(Into::into),
            refund: d.refund.map(Into::into),
        }
    }
}

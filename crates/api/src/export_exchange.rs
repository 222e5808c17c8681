//! The exchange orders' CSV (Token > Trade, `/api/v2/exchange/export`, or the transaction list's
//! type 3): the payment in under every order's columns, then the payout; an exchange's status,
//! origin and price source in the console's words.

use crate::export_columns::{column, text, time, Cell, Layout};
use crate::export_labels::{label, Label};

/// The exchange orders' columns (204): the payment in as every order's, then the payout.
pub(crate) static EXCHANGE: Layout = Layout {
    after_order_numbers: &[column(
        "xo_origin",
        ["Placed by", "下单方式", "下單方式"],
        "origin",
        Cell::Code(exchange_origin_label),
    )],
    after_open_id: &[],
    amounts: &[
        text("xo_paid_in", ["Paid in", "实付数量", "實付數量"], "paidIn"),
        text("xo_token_out", ["Token out", "兑出代币", "兌出代幣"], "symbolOut"),
        text("xo_amount_out", ["Paid out", "兑出数量", "兌出數量"], "amountOut"),
        text("xo_rate", ["Rate", "汇率", "匯率"], "rate"),
        column(
            "xo_source",
            ["Price source", "价格来源", "價格來源"],
            "source",
            Cell::Code(exchange_source_label),
        ),
        text(
            "xo_fee",
            ["Fee (points)", "手续费（点数）", "手續費（點數）"],
            "fee",
        ),
    ],
    after_amounts: &[
        text(
            "xo_payout_address",
            ["Payout address", "兑出地址", "兌出地址"],
            "payoutAddress",
        ),
        text(
            "xo_out_hash",
            ["Payout / refund hash", "出款 / 退款哈希", "出款 / 退款哈希"],
            "outHash",
        ),
    ],
    after_status: &[text("xo_reason", ["Reason", "原因", "原因"], "reason")],
    after_created: &[time(
        "xo_complete_time",
        ["Completed", "完成时间", "完成時間"],
        "completetime",
    )],
};

/// An exchange's status in its own words (the shared codes, docs/api.md "Exchange orders").
pub(crate) fn exchange_status_label(code: i64) -> Option<Label> {
    EXCHANGE_STATUSES
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, l)| *l)
}

const EXCHANGE_STATUSES: [(i64, Label); 10] = [
    (
        0,
        label("exchange_status_0", ["Awaiting payment", "等待付款", "等待付款"]),
    ),
    (
        1,
        label("exchange_status_1", ["Held for review", "待审核", "待審核"]),
    ),
    (2, label("exchange_status_2", ["Paying out", "兑出中", "兌出中"])),
    (
        6,
        label("exchange_status_6", ["Payout sent", "兑出已广播", "兌出已廣播"]),
    ),
    (
        7,
        label(
            "exchange_status_7",
            ["Payment confirming", "付款确认中", "付款確認中"],
        ),
    ),
    (8, label("exchange_status_8", ["Complete", "已完成", "已完成"])),
    (10, label("exchange_status_10", ["Failed", "失败", "失敗"])),
    (12, label("exchange_status_12", ["Refunding", "退款中", "退款中"])),
    (13, label("exchange_status_13", ["Refunded", "已退款", "已退款"])),
    (14, label("exchange_status_14", ["Expired", "已过期", "已過期"])),
];

/// How an exchange was placed (`origin`).
pub(crate) fn exchange_origin_label(code: i64) -> Option<Label> {
    match code {
        1 => Some(label("xo_origin_1", ["Merchant API", "商户 API", "商戶 API"])),
        2 => Some(label("xo_origin_2", ["Exchange address", "兑换地址", "兌換地址"])),
        _ => None,
    }
}

/// Where an exchange's price came from (`source`): a fixed rate is never a market price.
pub(crate) fn exchange_source_label(code: i64) -> Option<Label> {
    match code {
        1 => Some(label(
            "xo_source_1",
            ["Fixed, not market", "固定汇率，非市价", "固定匯率，非市價"],
        )),
        2 => Some(label("xo_source_2", ["Price feed", "价格源", "價格源"])),
        _ => None,
    }
}

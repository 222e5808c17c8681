//! What the exports write for a code, a time or a title: the console's texts for the same
//! codes (its locale keys are named beside each, and a test holds them equal to
//! `web/src/locales`), in one table here. An unknown code is written as the code.

use chrono::{DateTime, FixedOffset};
use coffer_domain::codes::StoredCode;
use coffer_domain::deposits::rules::{BELOW_RECHARGE_MINIMUM, DUST, EXCHANGE, INTERNAL, UNSUPPORTED};
use coffer_domain::ports::{CallbackStatus, NotifyStatus, OrderStatus, WithdrawalSource};
use coffer_domain::withdrawals::risk::reason;
use coffer_domain::Locale;

/// A text in English, simplified and traditional Chinese.
pub(crate) type Texts = [&'static str; 3];

/// A console text: its locale key and its three languages.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Label {
    /// The console's locale key: only the test that holds the texts equal reads it.
    #[cfg_attr(not(test), allow(dead_code))]
    pub key: &'static str,
    pub texts: Texts,
}

pub(crate) const fn label(key: &'static str, texts: Texts) -> Label {
    Label { key, texts }
}

impl Label {
    pub(crate) fn text(&self, locale: Locale) -> &'static str {
        match locale {
            Locale::EnUs => self.texts[0],
            Locale::ZhCn => self.texts[1],
            Locale::ZhHk => self.texts[2],
        }
    }
}

/// A stored code with a label for each of its values (matched exhaustively: a new value does
/// not build without its label).
pub(crate) trait Labelled: StoredCode {
    fn label(self) -> Label;
}

/// The label of an integer code of `T`; None for a code `T` does not name.
pub(crate) fn code_label<T: Labelled>(code: i64) -> Option<Label> {
    i32::try_from(code).ok().and_then(T::from_code).map(T::label)
}

impl Labelled for OrderStatus {
    fn label(self) -> Label {
        use OrderStatus::*;
        match self {
            New => label("order_status_0", ["New order", "新订单", "新訂單"]),
            AwaitingReview => label("order_status_1", ["Awaiting review", "待审核", "待審核"]),
            Passed => label("order_status_2", ["Pass", "通过", "通過"]),
            Rejected => label("order_status_3", ["Reject", "拒绝", "拒絕"]),
            WaitingSettlement => label("order_status_4", ["Waiting settlement", "等待结算", "等待結算"]),
            WaitingConfirm => label("order_status_5", ["Waiting confirm", "等待确认", "等待確認"]),
            Processing => label(
                "order_status_6",
                ["Processing on chain", "链上处理中", "鏈上處理中"],
            ),
            Confirming => label(
                "order_status_7",
                ["On-chain confirming", "链上确认中", "鏈上確認中"],
            ),
            Complete => label("order_status_8", ["Transaction complete", "交易完成", "交易完成"]),
            PartiallyComplete => label("order_status_9", ["Partially completed", "部分完成", "部分完成"]),
            Failed => label("order_status_10", ["Transaction failed", "交易失败", "交易失敗"]),
            Void => label("order_status_11", ["Void", "作废", "作廢"]),
            Refunding => label("order_status_12", ["Refunding", "退款中", "退款中"]),
            Refunded => label("order_status_13", ["Refunded", "已退款", "已退款"]),
            Expired => label("order_status_14", ["Expired", "已过期", "已過期"]),
        }
    }
}

impl Labelled for CallbackStatus {
    fn label(self) -> Label {
        match self {
            CallbackStatus::Pending => label("callback_status_0", ["In callback", "回调中", "回調中"]),
            CallbackStatus::Success => label("callback_status_1", ["Success", "成功", "成功"]),
            CallbackStatus::Failed => label("callback_status_2", ["Failed", "失败", "失敗"]),
            CallbackStatus::Superseded => label("callback_status_3", ["Superseded", "已被取代", "已被取代"]),
            CallbackStatus::NotAnnounced => label(
                "callback_status_4",
                ["No notice required", "无需通知", "無需通知"],
            ),
        }
    }
}

impl Labelled for NotifyStatus {
    fn label(self) -> Label {
        match self {
            NotifyStatus::NotRequired => {
                label("notify_status_0", ["No notice required", "无需通知", "無需通知"])
            }
            NotifyStatus::Notifying => label("notify_status_1", ["Notifying", "通知中", "通知中"]),
            NotifyStatus::Success => label("notify_status_2", ["Success", "成功", "成功"]),
            NotifyStatus::Failure => label("notify_status_3", ["Failure", "失败", "失敗"]),
        }
    }
}

impl Labelled for WithdrawalSource {
    fn label(self) -> Label {
        match self {
            WithdrawalSource::MerchantApi => label("wd_source_1", ["Merchant API", "商户 API", "商戶 API"]),
            WithdrawalSource::Console => label("wd_source_2", ["Console", "控制台", "控制台"]),
            WithdrawalSource::Manual => label("wd_source_3", ["Manual withdrawal", "手动提现", "手動提現"]),
            WithdrawalSource::Exchange => label("wd_source_4", ["Exchange payout", "兑换出款", "兌換出款"]),
            WithdrawalSource::ExchangeRefund => {
                label("wd_source_5", ["Exchange refund", "兑换退款", "兌換退款"])
            }
        }
    }
}

/// The transaction list's `type` (the domain's `OrderKind`: 1 deposit, 2 withdrawal, 3 exchange).
pub(crate) fn order_kind_label(code: i64) -> Option<Label> {
    ORDER_KINDS.iter().find(|(c, _)| *c == code).map(|(_, l)| *l)
}

const ORDER_KINDS: [(i64, Label); 3] = [
    (1, label("tx_type_1", ["Deposit", "充值", "充值"])),
    (2, label("tx_type_2", ["Withdrawal", "提现", "提現"])),
    (3, label("tx_type_3", ["Exchange", "兑换", "兌換"])),
];

/// The status of a deposit never credited, whatever its state (`uncredited`); its reason follows.
pub(crate) const NOT_CREDITED: Label = label("deposit_not_credited", ["Not credited", "未入账", "未入賬"]);

/// Why a deposit is never credited (`note`; "" when it is).
const DEPOSIT_NOTES: [(&str, Label); 5] = [
    (
        DUST,
        label(
            "deposit_note_dust",
            ["Below the minimum", "低于最小金额", "低於最小金額"],
        ),
    ),
    (
        UNSUPPORTED,
        label(
            "deposit_note_unsupported",
            ["Token not enabled", "代币未启用", "代幣未啟用"],
        ),
    ),
    (
        INTERNAL,
        label(
            "deposit_note_internal",
            [
                "From your own address (a sweep or a payout)",
                "来自您自己的地址（归集或出款）",
                "來自您自己的地址（歸集或出款）",
            ],
        ),
    ),
    (
        BELOW_RECHARGE_MINIMUM,
        label(
            "deposit_note_below_recharge_minimum",
            [
                "A recharge of 1 USDT or less",
                "不超过 1 USDT 的充值",
                "不超過 1 USDT 的充值",
            ],
        ),
    ),
    (
        EXCHANGE,
        label(
            "deposit_note_exchange",
            [
                "An exchange's payment (Token > Trade)",
                "兑换的付款（代币 > 交易）",
                "兌換的付款（代幣 > 交易）",
            ],
        ),
    ),
];

/// Why a withdrawal waits for a person (`crates/domain` `withdrawals::risk::reason`).
const RISK_REASONS: [(&str, Label); 9] = [
    (
        reason::OVER_REVIEW_MINIMUM,
        label(
            "wd_risk_amount_over_review_minimum",
            [
                "Amount at or above the minimum review amount",
                "金额达到或超过最低审核金额",
                "金額達到或超過最低審核金額",
            ],
        ),
    ),
    (
        reason::DAILY_COUNT,
        label(
            "wd_risk_daily_count_exceeded",
            [
                "More withdrawals of this token today than the daily maximum",
                "该代币今日提现笔数超过每日上限",
                "該代幣今日提現筆數超過每日上限",
            ],
        ),
    ),
    (
        reason::DAILY_LIMIT,
        label(
            "wd_risk_daily_limit_exceeded",
            [
                "Today’s total above the daily limit",
                "今日提现总额超过每日限额",
                "今日提現總額超過每日限額",
            ],
        ),
    ),
    (
        reason::MANUAL,
        label(
            "wd_risk_manual_withdrawal",
            [
                "Manual withdrawal: always reviewed",
                "手动提现：始终需要审核",
                "手動提現：始終需要審核",
            ],
        ),
    ),
    (
        reason::NATIVE_COIN,
        label(
            "wd_risk_native_coin",
            [
                "Native coin: always reviewed",
                "主币提现：始终需要审核",
                "主幣提現：始終需要審核",
            ],
        ),
    ),
    (
        reason::RISK_REFUSED,
        label(
            "wd_risk_risk_control_refused",
            [
                "Refused by your risk-control address",
                "被您的风控地址拒绝",
                "被您的風控地址拒絕",
            ],
        ),
    ),
    (
        reason::RISK_UNREACHABLE,
        label(
            "wd_risk_risk_control_unreachable",
            [
                "Your risk-control address did not answer",
                "您的风控地址未应答",
                "您的風控地址未應答",
            ],
        ),
    ),
    (
        reason::OVER_ORDER_BOUND,
        label(
            "wd_risk_amount_over_order_bound",
            [
                "Amount above what one order may move: reject it",
                "金额超过单笔订单上限：请拒绝",
                "金額超過單筆訂單上限：請拒絕",
            ],
        ),
    ),
    (
        reason::SCREENING_FAILED,
        label(
            "wd_risk_screening_failed",
            [
                "The checks failed on this order (see the service log): review it",
                "该订单的检查失败（见服务日志）：请审核",
                "該訂單的檢查失敗（見服務日誌）：請審核",
            ],
        ),
    ),
];

fn find(table: &[(&str, Label)], code: &str) -> Option<Label> {
    table.iter().find(|(c, _)| *c == code).map(|(_, l)| *l)
}

/// A deposit's note in words; an unknown note as it is.
pub(crate) fn deposit_note(note: &str, locale: Locale) -> String {
    find(&DEPOSIT_NOTES, note).map_or_else(|| note.to_string(), |l| l.text(locale).to_string())
}

/// "Not credited: Below the minimum": the status of an uncredited deposit with its reason, as
/// the console shows them side by side.
pub(crate) fn not_credited(note: &str, locale: Locale) -> String {
    with_detail(NOT_CREDITED.text(locale), &deposit_note(note, locale), locale)
}

/// "Label: detail" ("：" in Chinese); the label alone without a detail.
fn with_detail(label: &str, detail: &str, locale: Locale) -> String {
    match (detail.trim(), locale) {
        ("", _) => label.to_string(),
        (detail, Locale::EnUs) => format!("{label}: {detail}"),
        (detail, Locale::ZhCn | Locale::ZhHk) => format!("{label}：{detail}"),
    }
}

/// A risk reason in words. `risk_control_refused: <msg>` keeps the risk-control address's own
/// message after the label; an unknown reason is written as it is.
pub(crate) fn risk_reason(text: &str, locale: Locale) -> String {
    let (code, detail) = text.split_once(':').unwrap_or((text, ""));
    match find(&RISK_REASONS, code.trim()) {
        Some(found) => with_detail(found.text(locale), detail, locale),
        None => text.to_string(),
    }
}

/// Items of one cell (`list_separator`).
pub(crate) fn joined(items: impl Iterator<Item = String>, locale: Locale) -> String {
    let separator = match locale {
        Locale::EnUs => "; ",
        Locale::ZhCn | Locale::ZhHk => "；",
    };
    items.collect::<Vec<_>>().join(separator)
}

/// The console's name of a zone (`utc_offset`): 8 -> "UTC+8", -11 -> "UTC-11", 0 -> "UTC+0".
pub(crate) fn zone_name(hours: i32) -> String {
    format!("UTC{hours:+}")
}

/// A title naming the zone of its times (`text_with_note`): "Created (UTC+8)", "创建时间（UTC+8）".
pub(crate) fn zoned_title(title: &str, hours: i32, locale: Locale) -> String {
    let zone = zone_name(hours);
    match locale {
        Locale::EnUs => format!("{title} ({zone})"),
        Locale::ZhCn | Locale::ZhHk => format!("{title}（{zone}）"),
    }
}

/// A wire time (RFC 3339) in the zone as the console shows it, `2026-11-22 15:00:00`; text
/// that is not a time as it is.
pub(crate) fn local_time(wire: &str, hours: i32) -> String {
    let zone = FixedOffset::east_opt(hours * 3600);
    match (DateTime::parse_from_rfc3339(wire), zone) {
        (Ok(at), Some(zone)) => at.with_timezone(&zone).format("%Y-%m-%d %H:%M:%S").to_string(),
        _ => wire.to_string(),
    }
}

/// Every label above, for the test that holds them equal to the console's.
#[cfg(test)]
pub(crate) fn all_labels() -> Vec<Label> {
    let codes = |of: fn(i64) -> Option<Label>| (0..=20).filter_map(of).collect::<Vec<_>>();
    [
        codes(code_label::<OrderStatus>),
        codes(code_label::<CallbackStatus>),
        codes(code_label::<NotifyStatus>),
        codes(code_label::<WithdrawalSource>),
        codes(order_kind_label),
        codes(crate::export_exchange::exchange_status_label),
        codes(crate::export_exchange::exchange_origin_label),
        codes(crate::export_exchange::exchange_source_label),
        vec![NOT_CREDITED],
        DEPOSIT_NOTES.iter().map(|(_, l)| *l).collect(),
        RISK_REASONS.iter().map(|(_, l)| *l).collect(),
    ]
    .concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_as_the_consoles_labels_and_unknown_ones_as_sent() {
        assert_eq!(
            code_label::<OrderStatus>(8).unwrap().text(Locale::ZhCn),
            "交易完成"
        );
        assert!(code_label::<OrderStatus>(15).is_none());
        assert!(code_label::<OrderStatus>(i64::MAX).is_none());
        assert_eq!(deposit_note("dust", Locale::EnUs), "Below the minimum");
        assert_eq!(deposit_note("burnt", Locale::ZhHk), "burnt");
        assert_eq!(
            not_credited("internal", Locale::EnUs),
            "Not credited: From your own address (a sweep or a payout)"
        );
        assert_eq!(not_credited("unsupported", Locale::ZhCn), "未入账：代币未启用");
        assert_eq!(
            not_credited("below_recharge_minimum", Locale::EnUs),
            "Not credited: A recharge of 1 USDT or less"
        );
        assert_eq!(not_credited("burnt", Locale::ZhHk), "未入賬：burnt");
        assert_eq!(not_credited("", Locale::EnUs), "Not credited");
        assert_eq!(
            risk_reason("risk_control_refused: blocked address", Locale::ZhCn),
            "被您的风控地址拒绝：blocked address"
        );
        assert_eq!(
            risk_reason("native_coin", Locale::EnUs),
            "Native coin: always reviewed"
        );
        assert_eq!(risk_reason("moon_phase: full", Locale::EnUs), "moon_phase: full");
        assert_eq!(joined(["a".into(), "b".into()].into_iter(), Locale::ZhHk), "a；b");
    }

    #[test]
    fn times_and_titles_are_in_the_merchants_zone() {
        assert_eq!(local_time("2026-11-22T07:00:00Z", 8), "2026-11-22 15:00:00");
        assert_eq!(local_time("2026-11-22T07:00:00Z", 13), "2026-11-22 20:00:00");
        assert_eq!(local_time("2026-11-22T07:00:00Z", -11), "2026-11-21 20:00:00");
        assert_eq!(local_time("2026-11-22T07:00:00Z", 0), "2026-11-22 07:00:00");
        assert_eq!(local_time("soon", 8), "soon");
        assert_eq!(zoned_title("Created", 8, Locale::EnUs), "Created (UTC+8)");
        assert_eq!(zoned_title("创建时间", -11, Locale::ZhCn), "创建时间（UTC-11）");
        assert_eq!(zone_name(0), "UTC+0");
    }
}

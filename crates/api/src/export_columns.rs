//! The columns of the order exports: the console's CSV columns of each kind, their titles in
//! the three languages (the console's texts), and how a cell is read from the wire row. The
//! columns every kind has are declared once ([`Layout::columns`]); a kind names only its own.

use coffer_domain::codes::StoredCode;
use coffer_domain::ports::{CallbackStatus, NotifyStatus, OrderKind, OrderStatus, WithdrawalSource};
use coffer_domain::Locale;
use serde_json::Value;

use crate::export_exchange::exchange_status_label;
use crate::export_labels::{
    code_label, deposit_note, joined, label, local_time, not_credited, order_kind_label, risk_reason,
    zoned_title, Label, Labelled,
};

/// Who reads the file: the request's language and the merchant's zone (whole hours from UTC).
#[derive(Clone, Copy)]
pub(crate) struct Reader {
    pub locale: Locale,
    pub time_zone: i32,
}

/// How a cell reads its wire field.
#[derive(Clone, Copy)]
pub(crate) enum Cell {
    Text,
    /// An integer code, written as its label.
    Code(fn(i64) -> Option<Label>),
    /// An order's status code as its label; a deposit never credited (`uncredited`) is "Not
    /// credited" with its reason instead, as the console shows it.
    Status,
    /// A deposit's note code, written as its label.
    Note,
    /// A withdrawal's risk reasons, each written as its label.
    RiskReasons,
    /// An instant, written in the merchant's zone (the title names it).
    Time,
    /// Who created a withdrawal; one from the merchant API has no person, and is named so.
    CreatedBy,
}

#[derive(Clone, Copy)]
pub(crate) struct Column {
    title: Label,
    field: &'static str,
    cell: Cell,
}

pub(crate) const fn column(
    key: &'static str,
    title: [&'static str; 3],
    field: &'static str,
    cell: Cell,
) -> Column {
    Column {
        title: label(key, title),
        field,
        cell,
    }
}

pub(crate) const fn text(key: &'static str, title: [&'static str; 3], field: &'static str) -> Column {
    column(key, title, field, Cell::Text)
}

pub(crate) const fn time(key: &'static str, title: [&'static str; 3], field: &'static str) -> Column {
    column(key, title, field, Cell::Time)
}

// The columns every kind has.
const ORDER_NO: Column = text("order_no", ["Order number", "订单号", "訂單號"], "orderNo");
const MERCHANT_ORDER_NO: Column = text(
    "merchant_order_no",
    ["Merchant order number", "商户订单号", "商戶訂單號"],
    "merchantOrderNo",
);
const OPEN_ID: Column = text("openid", ["OpenID", "OpenID", "OpenID"], "openId");
pub(crate) const CHAIN: Column = text("chain", ["Chain", "链", "鏈"], "chainname");
pub(crate) const TOKEN: Column = text("deposit_token", ["Token", "代币", "代幣"], "symbol");
const HASH: Column = text("tx_hash", ["Hash", "哈希", "哈希"], "hash");
const FROM: Column = text(
    "from_address",
    ["Source address", "来源地址", "來源地址"],
    "fromAddress",
);
const TO: Column = text(
    "to_address",
    ["Target address", "目标地址", "目標地址"],
    "toAddress",
);
const QUANTITY: Column = text("quantity", ["Quantity", "数量", "數量"], "amount");
const ACTUAL: Column = text(
    "actual_quantity",
    ["Actual arrival quantity", "实际到账数量", "實際到賬數量"],
    "actualAmount",
);
const STATUS: Column = column("status", ["Status", "状态", "狀態"], "status", Cell::Status);
const CALLBACK: Column = column(
    "callback_status",
    ["Callback status", "回调状态", "回調狀態"],
    "callbackStatus",
    Cell::Code(code_label::<CallbackStatus>),
);
const CALLBACK_RESULT: Column = text(
    "callback_result",
    ["Callback result", "回调结果", "回調結果"],
    "callbackResult",
);
const NOTIFY: Column = column(
    "notify_status",
    ["Notification status", "通知状态", "通知狀態"],
    "notifyStatus",
    Cell::Code(code_label::<NotifyStatus>),
);
const CREATED: Column = time("created_time", ["Created", "创建时间", "建立時間"], "createtime");

/// A kind's own columns and where they stand among the shared ones.
pub(crate) struct Layout {
    /// After the order numbers (the type, a withdrawal's source).
    pub(crate) after_order_numbers: &'static [Column],
    /// After the OpenID (who the order is for or by).
    pub(crate) after_open_id: &'static [Column],
    /// The amounts (their titles differ by kind; an exchange has one per side).
    pub(crate) amounts: &'static [Column],
    /// After the amounts (a withdrawal's fee, an exchange's payout).
    pub(crate) after_amounts: &'static [Column],
    /// After the status (confirmations, review).
    pub(crate) after_status: &'static [Column],
    /// After the creation time (when it ended).
    pub(crate) after_created: &'static [Column],
}

impl Layout {
    /// The kind's columns in the file's order.
    pub(crate) fn columns(&self) -> Vec<Column> {
        [
            &[ORDER_NO, MERCHANT_ORDER_NO][..],
            self.after_order_numbers,
            &[OPEN_ID],
            self.after_open_id,
            &[CHAIN, TOKEN, HASH, FROM, TO],
            self.amounts,
            self.after_amounts,
            &[STATUS],
            self.after_status,
            &[CALLBACK, CALLBACK_RESULT, NOTIFY, CREATED],
            self.after_created,
        ]
        .concat()
    }
}

/// The deposit lists' columns (301, 401).
pub(crate) static DEPOSIT: Layout = Layout {
    after_order_numbers: &[],
    after_open_id: &[text("user_id", ["User ID", "用户 ID", "用戶 ID"], "userId")],
    amounts: &[QUANTITY, ACTUAL],
    after_amounts: &[],
    after_status: &[
        text(
            "confirmations",
            ["Confirmations", "确认数", "確認數"],
            "confirmations",
        ),
        text(
            "required_confirmations",
            ["Required confirmations", "所需确认数", "所需確認數"],
            "requiredConfirmations",
        ),
        text("block_number", ["Block", "区块", "區塊"], "blockNumber"),
        column("deposit_note", ["Note", "备注", "備註"], "note", Cell::Note),
    ],
    after_created: &[time(
        "confirm_time",
        ["Confirmed", "确认时间", "確認時間"],
        "confirmtime",
    )],
};

/// The withdrawal lists' columns (302, 403, 404).
pub(crate) static WITHDRAWAL: Layout = Layout {
    after_order_numbers: &[column(
        "wd_source",
        ["Source", "来源", "來源"],
        "source",
        Cell::Code(code_label::<WithdrawalSource>),
    )],
    after_open_id: &[column(
        "wd_created_by",
        ["Created by", "创建人", "建立人"],
        "createdBy",
        Cell::CreatedBy,
    )],
    amounts: &[
        text(
            "wd_quantity",
            ["Withdrawal quantity", "提现数量", "提現數量"],
            "amount",
        ),
        ACTUAL,
    ],
    after_amounts: &[text("wd_fee", ["Fee", "手续费", "手續費"], "fee")],
    after_status: &[
        column(
            "wd_risk_reasons",
            ["Risk reasons", "风控原因", "風控原因"],
            "riskReasons",
            Cell::RiskReasons,
        ),
        text("wd_reason", ["Reason", "原因", "原因"], "reason"),
        text(
            "wd_security_code",
            ["Security code", "安全码", "安全碼"],
            "securityCode",
        ),
        text("wd_remark", ["Remark", "备注", "備註"], "remark"),
        text("wd_reviewer", ["Reviewer", "审核人", "審核人"], "reviewer"),
        time(
            "wd_review_time",
            ["Review time", "审核时间", "審核時間"],
            "reviewtime",
        ),
    ],
    after_created: &[time(
        "wd_complete_time",
        ["Completed", "完成时间", "完成時間"],
        "completetime",
    )],
};

/// The transaction list's columns (402): what both kinds have, and the type.
pub(crate) static TRANSACTION: Layout = Layout {
    after_order_numbers: &[column(
        "tx_type",
        ["Type", "类型", "類型"],
        "type",
        Cell::Code(order_kind_label),
    )],
    after_open_id: &[],
    amounts: &[QUANTITY, ACTUAL],
    after_amounts: &[],
    after_status: &[],
    after_created: &[],
};

impl Column {
    /// The title's console text (for the test that holds it equal to the console's).
    #[cfg(test)]
    pub(crate) fn label(&self) -> Label {
        self.title
    }

    /// The title in the reader's language; a time's names the merchant's zone.
    pub(crate) fn title(&self, reader: Reader) -> String {
        let title = self.title.text(reader.locale);
        match self.cell {
            Cell::Time => zoned_title(title, reader.time_zone, reader.locale),
            _ => title.to_string(),
        }
    }

    /// The cell of `row` (a wire row as JSON); a missing field is an empty cell.
    pub(crate) fn cell(&self, row: &Value, reader: Reader) -> String {
        let value = &row[self.field];
        let uncredited = row["uncredited"] == Value::Bool(true);
        let exchange = row["type"].as_i64() == Some(i64::from(OrderKind::Exchange.code()));
        let cell = match self.cell {
            Cell::Status if exchange => Cell::Code(exchange_status_label),
            Cell::Status if !uncredited => Cell::Code(code_label::<OrderStatus>),
            other => other,
        };
        match (cell, value) {
            (_, Value::Null) => String::new(),
            (Cell::Status, _) => not_credited(row["note"].as_str().unwrap_or_default(), reader.locale),
            (Cell::Code(label_of), Value::Number(n)) => n
                .as_i64()
                .and_then(label_of)
                .map_or_else(|| n.to_string(), |l| l.text(reader.locale).to_string()),
            (Cell::Note, Value::String(note)) => deposit_note(note, reader.locale),
            (Cell::RiskReasons, Value::Array(items)) => joined(
                items.iter().map(|item| match item {
                    Value::String(reason) => risk_reason(reason, reader.locale),
                    other => other.to_string(),
                }),
                reader.locale,
            ),
            (Cell::Time, Value::String(at)) => local_time(at, reader.time_zone),
            (Cell::CreatedBy, Value::String(by)) if by.is_empty() => match row["source"].as_i64() {
                Some(source) if source == i64::from(WithdrawalSource::MerchantApi.code()) => {
                    WithdrawalSource::MerchantApi
                        .label()
                        .text(reader.locale)
                        .to_string()
                }
                _ => String::new(),
            },
            (_, Value::String(s)) => s.clone(),
            (_, other) => other.to_string(),
        }
    }
}

/// Every column title, for the test that holds them equal to the console's.
#[cfg(test)]
pub(crate) fn all_titles() -> Vec<Label> {
    [
        &DEPOSIT,
        &WITHDRAWAL,
        &TRANSACTION,
        &crate::export_exchange::EXCHANGE,
    ]
    .into_iter()
    .flat_map(|kind| kind.columns())
    .map(|c| c.title)
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn line(layout: &Layout, row: &Value, locale: Locale, time_zone: i32) -> Vec<String> {
        let reader = Reader { locale, time_zone };
        layout.columns().iter().map(|c| c.cell(row, reader)).collect()
    }

    #[test]
    fn each_kind_has_the_shared_columns_once_and_its_own_in_place() {
        let titles = |layout: &Layout| {
            let reader = Reader {
                locale: Locale::EnUs,
                time_zone: 13,
            };
            layout
                .columns()
                .iter()
                .map(|c| c.title(reader))
                .collect::<Vec<_>>()
                .join(",")
        };
        assert_eq!(
            titles(&DEPOSIT),
            "Order number,Merchant order number,OpenID,User ID,Chain,Token,Hash,Source address,\
             Target address,Quantity,Actual arrival quantity,Status,Confirmations,Required confirmations,\
             Block,Note,Callback status,Callback result,Notification status,Created (UTC+13),Confirmed (UTC+13)"
        );
        assert_eq!(
            titles(&WITHDRAWAL),
            "Order number,Merchant order number,Source,OpenID,Created by,Chain,Token,Hash,Source address,\
             Target address,Withdrawal quantity,Actual arrival quantity,Fee,Status,Risk reasons,Reason,\
             Security code,Remark,Reviewer,Review time (UTC+13),Callback status,Callback result,\
             Notification status,Created (UTC+13),Completed (UTC+13)"
        );
        assert_eq!(
            titles(&TRANSACTION),
            "Order number,Merchant order number,Type,OpenID,Chain,Token,Hash,Source address,\
             Target address,Quantity,Actual arrival quantity,Status,Callback status,Callback result,\
             Notification status,Created (UTC+13)"
        );
    }

    #[test]
    fn codes_times_and_reasons_are_written_for_the_reader() {
        let row = json!({
            "orderNo": "W1", "source": 3, "status": 1, "callbackStatus": 9, "notifyStatus": 0,
            "riskReasons": ["manual_withdrawal", "risk_control_refused: no", "new_rule"],
            "createtime": "2026-11-22T07:00:00Z", "reviewtime": null, "type": 2,
        });
        let zh = line(&WITHDRAWAL, &row, Locale::ZhCn, -11);
        assert_eq!(zh[2], "手动提现");
        assert_eq!(zh[13], "待审核");
        assert_eq!(zh[14], "手动提现：始终需要审核；被您的风控地址拒绝：no；new_rule");
        assert_eq!(zh[19], "", "no review yet");
        assert_eq!(zh[20], "9", "an unknown code as the code");
        assert_eq!(zh[22], "无需通知");
        assert_eq!(zh[23], "2026-11-21 20:00:00");
        let en = line(&TRANSACTION, &row, Locale::EnUs, 13);
        assert_eq!(en[2], "Withdrawal");
        assert_eq!(en[15], "2026-11-22 20:00:00");
        let note = line(&DEPOSIT, &json!({"note": "unsupported"}), Locale::ZhHk, 8);
        assert_eq!(note[15], "代幣未啟用");
        // Never credited: the status says so, with the reason, in every layout.
        let dust = json!({"status": 8, "uncredited": true, "note": "dust", "type": 1});
        assert_eq!(
            line(&DEPOSIT, &dust, Locale::EnUs, 8)[11],
            "Not credited: Below the minimum"
        );
        assert_eq!(
            line(&TRANSACTION, &dust, Locale::ZhCn, 8)[11],
            "未入账：低于最小金额"
        );
        let credited = json!({"status": 8, "uncredited": false, "note": ""});
        assert_eq!(
            line(&DEPOSIT, &credited, Locale::EnUs, 8)[11],
            "Transaction complete"
        );
    }

    #[test]
    fn a_withdrawal_from_the_merchant_api_is_created_by_it() {
        let created_by = |row: Value| line(&WITHDRAWAL, &row, Locale::ZhCn, 8)[4].clone();
        assert_eq!(created_by(json!({"source": 1, "createdBy": ""})), "商户 API");
        assert_eq!(created_by(json!({"source": 2, "createdBy": ""})), "");
        assert_eq!(
            created_by(json!({"source": 2, "createdBy": "ops@shop.example"})),
            "ops@shop.example"
        );
    }
}

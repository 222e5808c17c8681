//! The columns of the order exports: the console's CSV columns of each kind, their titles in
//! the three languages (the console's texts), and how a cell is read from the wire row.

use coffer_domain::Locale;
use serde_json::Value;

/// A text in English, simplified and traditional Chinese.
type Texts = [&'static str; 3];

/// How a cell reads its wire field.
#[derive(Clone, Copy)]
pub(crate) enum Cell {
    Text,
    /// A code named by the table, index = code.
    Code(&'static [Texts]),
    /// A list of texts, joined.
    List,
}

#[derive(Clone, Copy)]
pub(crate) struct Column {
    title: Texts,
    field: &'static str,
    cell: Cell,
}

const fn text(title: Texts, field: &'static str) -> Column {
    Column {
        title,
        field,
        cell: Cell::Text,
    }
}

const fn code(title: Texts, field: &'static str, names: &'static [Texts]) -> Column {
    Column {
        title,
        field,
        cell: Cell::Code(names),
    }
}

const ORDER_STATUS: &[Texts] = &[
    ["New order", "新订单", "新訂單"],
    ["Awaiting review", "待审核", "待審核"],
    ["Pass", "通过", "通過"],
    ["Reject", "拒绝", "拒絕"],
    ["Waiting settlement", "等待结算", "等待結算"],
    ["Waiting confirm", "等待确认", "等待確認"],
    ["Processing on chain", "链上处理中", "鏈上處理中"],
    ["On-chain confirming", "链上确认中", "鏈上確認中"],
    ["Transaction complete", "交易完成", "交易完成"],
    ["Partially completed", "部分完成", "部分完成"],
    ["Transaction failed", "交易失败", "交易失敗"],
    ["Void", "作废", "作廢"],
];
const CALLBACK_STATUS: &[Texts] = &[
    ["In callback", "回调中", "回調中"],
    ["Success", "成功", "成功"],
    ["Failed", "失败", "失敗"],
    ["Superseded", "已被取代", "已被取代"],
];
const NOTIFY_STATUS: &[Texts] = &[
    ["No notice required", "无需通知", "無需通知"],
    ["Notifying", "通知中", "通知中"],
    ["Success", "成功", "成功"],
    ["Failure", "失败", "失敗"],
];
/// Index 0 is no kind.
const TX_TYPE: &[Texts] = &[
    ["", "", ""],
    ["Deposit", "充值", "充值"],
    ["Withdrawal", "提现", "提現"],
];
/// Index 0 is no source.
const SOURCE: &[Texts] = &[
    ["", "", ""],
    ["Merchant API", "商户 API", "商戶 API"],
    ["Console", "控制台", "控制台"],
    ["Manual withdrawal", "手动提现", "手動提現"],
];

const ORDER_NO: Column = text(["Order number", "订单号", "訂單號"], "orderNo");
const MERCHANT_ORDER_NO: Column = text(
    ["Merchant order number", "商户订单号", "商戶訂單號"],
    "merchantOrderNo",
);
const TYPE: Column = code(["Type", "类型", "類型"], "type", TX_TYPE);
const OPEN_ID: Column = text(["OpenID", "OpenID", "OpenID"], "openId");
const CHAIN: Column = text(["Chain", "链", "鏈"], "chainname");
const TOKEN: Column = text(["Token", "代币", "代幣"], "symbol");
const HASH: Column = text(["Hash", "哈希", "哈希"], "hash");
const FROM: Column = text(["Source address", "来源地址", "來源地址"], "fromAddress");
const TO: Column = text(["Target address", "目标地址", "目標地址"], "toAddress");
const QUANTITY: Column = text(["Quantity", "数量", "數量"], "amount");
const ACTUAL: Column = text(
    ["Actual arrival quantity", "实际到账数量", "實際到賬數量"],
    "actualAmount",
);
const STATUS: Column = code(["Status", "状态", "狀態"], "status", ORDER_STATUS);
const CALLBACK: Column = code(
    ["Callback status", "回调状态", "回調狀態"],
    "callbackStatus",
    CALLBACK_STATUS,
);
const CALLBACK_RESULT: Column = text(["Callback result", "回调结果", "回調結果"], "callbackResult");
const NOTIFY: Column = code(
    ["Notification status", "通知状态", "通知狀態"],
    "notifyStatus",
    NOTIFY_STATUS,
);
// Times are written as the wire writes them, in UTC; the title says so.
const CREATED: Column = text(
    ["Created (UTC)", "创建时间（UTC）", "建立時間（UTC）"],
    "createtime",
);

/// The deposit lists' columns (301, 401).
pub(crate) const DEPOSIT: &[Column] = &[
    ORDER_NO,
    MERCHANT_ORDER_NO,
    OPEN_ID,
    text(["User ID", "用户 ID", "用戶 ID"], "userId"),
    CHAIN,
    TOKEN,
    HASH,
    FROM,
    TO,
    QUANTITY,
    ACTUAL,
    STATUS,
    text(["Confirmations", "确认数", "確認數"], "confirmations"),
    text(
        ["Required confirmations", "所需确认数", "所需確認數"],
        "requiredConfirmations",
    ),
    text(["Block", "区块", "區塊"], "blockNumber"),
    text(["Note", "备注", "備註"], "note"),
    CALLBACK,
    CALLBACK_RESULT,
    NOTIFY,
    CREATED,
    text(
        ["Confirmed (UTC)", "确认时间（UTC）", "確認時間（UTC）"],
        "confirmtime",
    ),
];

/// The withdrawal lists' columns (302, 403, 404).
pub(crate) const WITHDRAWAL: &[Column] = &[
    ORDER_NO,
    MERCHANT_ORDER_NO,
    code(["Source", "来源", "來源"], "source", SOURCE),
    OPEN_ID,
    text(["Created by", "创建人", "建立人"], "createdBy"),
    CHAIN,
    TOKEN,
    HASH,
    FROM,
    TO,
    text(["Withdrawal quantity", "提现数量", "提現數量"], "amount"),
    ACTUAL,
    text(["Fee", "手续费", "手續費"], "fee"),
    STATUS,
    Column {
        title: ["Risk reasons", "风控原因", "風控原因"],
        field: "riskReasons",
        cell: Cell::List,
    },
    text(["Reason", "原因", "原因"], "reason"),
    text(["Security code", "安全码", "安全碼"], "securityCode"),
    text(["Remark", "备注", "備註"], "remark"),
    text(["Reviewer", "审核人", "審核人"], "reviewer"),
    text(
        ["Review time (UTC)", "审核时间（UTC）", "審核時間（UTC）"],
        "reviewtime",
    ),
    CALLBACK,
    CALLBACK_RESULT,
    NOTIFY,
    CREATED,
    text(
        ["Completed (UTC)", "完成时间（UTC）", "完成時間（UTC）"],
        "completetime",
    ),
];

/// The transaction list's columns (402): what both kinds have, and the type.
pub(crate) const TRANSACTION: &[Column] = &[
    ORDER_NO,
    MERCHANT_ORDER_NO,
    TYPE,
    OPEN_ID,
    CHAIN,
    TOKEN,
    HASH,
    FROM,
    TO,
    QUANTITY,
    ACTUAL,
    STATUS,
    CALLBACK,
    CALLBACK_RESULT,
    NOTIFY,
    CREATED,
];

fn pick(texts: &Texts, locale: Locale) -> &'static str {
    match locale {
        Locale::EnUs => texts[0],
        Locale::ZhCn => texts[1],
        Locale::ZhHk => texts[2],
    }
}

impl Column {
    pub(crate) fn title(&self, locale: Locale) -> &'static str {
        pick(&self.title, locale)
    }

    /// The cell of `row` (a wire row as JSON); a missing field is an empty cell.
    pub(crate) fn cell(&self, row: &Value, locale: Locale) -> String {
        let value = &row[self.field];
        match (self.cell, value) {
            (_, Value::Null) => String::new(),
            (Cell::Code(names), Value::Number(n)) => n
                .as_u64()
                .and_then(|i| names.get(usize::try_from(i).ok()?))
                .map(|texts| pick(texts, locale).to_string())
                .unwrap_or_else(|| n.to_string()),
            (Cell::List, Value::Array(items)) => items
                .iter()
                .map(|item| {
                    item.as_str()
                        .map(str::to_string)
                        .unwrap_or_else(|| item.to_string())
                })
                .collect::<Vec<_>>()
                .join("; "),
            (_, Value::String(s)) => s.clone(),
            (_, other) => other.to_string(),
        }
    }
}

//! Points list (menu 11) as CSV: every transfer the ledger's filter selects, newest first,
//! streamed like the other exports (no row limit); titles and codes in the request's
//! language as the console words them, times in the merchant's zone.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use coffer_domain::menu::catalogue::POINTS;
use coffer_domain::points::{Cause, PointAsset, TransferKind};
use futures::{StreamExt, TryStreamExt};

use crate::envelope::{ApiError, ApiJson};
use crate::export_columns::{column, text, time, Cell, Column};
use crate::export_labels::{code_label, label, Label, Labelled};
use crate::exports::{csv_file, file_name, reader, Running};
use crate::points::{PointsFilterBody, TransferView};
use crate::session::Allowed;
use crate::AppState;

impl Labelled for PointAsset {
    fn label(self) -> Label {
        match self {
            PointAsset::Usdt => label("points_asset_1", ["USDT points", "USDT 点数", "USDT 點數"]),
            PointAsset::Trx => label("points_asset_2", ["TRX points", "TRX 点数", "TRX 點數"]),
        }
    }
}

impl Labelled for Cause {
    fn label(self) -> Label {
        match self {
            Cause::Recharge => label("points_cause_1", ["Recharge", "充值", "充值"]),
            Cause::RechargeReversal => label("points_cause_2", ["Recharge reversed", "充值撤销", "充值撤銷"]),
            Cause::CollectionFee => label("points_cause_3", ["Collection fee", "归集手续费", "歸集手續費"]),
            Cause::PaymentFee => label("points_cause_4", ["Withdrawal fee", "提现手续费", "提現手續費"]),
            Cause::EnergyFee => label("points_cause_5", ["Energy fee", "能量费", "能量費"]),
            Cause::BillOverpayment => label("points_cause_6", ["Bill overpayment", "账单多付", "賬單多付"]),
            Cause::Grant => label("points_cause_7", ["Adjustment", "人工调整", "人工調整"]),
            Cause::BillPayment => label("points_cause_8", ["Bill payment", "账单付款", "賬單付款"]),
            Cause::MonthlyFee => label("points_cause_9", ["Monthly fee", "月费", "月費"]),
            Cause::CollectionEnergy => {
                label("points_cause_10", ["Collection energy", "归集能量", "歸集能量"])
            }
            Cause::ExchangeFee => label("points_cause_11", ["Exchange fee", "兑换手续费", "兌換手續費"]),
        }
    }
}

impl Labelled for TransferKind {
    fn label(self) -> Label {
        match self {
            TransferKind::Single => label("points_kind_1", ["Posted", "已入账", "已入賬"]),
            TransferKind::Hold => label("points_kind_2", ["Held", "冻结", "凍結"]),
            TransferKind::Post => label("points_kind_3", ["Charged", "扣除", "扣除"]),
            TransferKind::Void => label("points_kind_4", ["Released", "解冻", "解凍"]),
            TransferKind::Expiry => label("points_kind_5", ["Released (expired)", "超时解冻", "超時解凍"]),
        }
    }
}

/// The columns, in the order of the list.
const COLUMNS: [Column; 10] = [
    text("points_id", ["ID", "ID", "ID"], "id"),
    time("created_time", ["Created", "创建时间", "建立時間"], "createTime"),
    column(
        "points_asset",
        ["Points", "点数类型", "點數類型"],
        "asset",
        Cell::Code(code_label::<PointAsset>),
    ),
    column(
        "points_cause",
        ["Type", "类型", "類型"],
        "cause",
        Cell::Code(code_label::<Cause>),
    ),
    column(
        "points_kind",
        ["Entry", "记账", "記賬"],
        "kind",
        Cell::Code(code_label::<TransferKind>),
    ),
    text("points_amount", ["Amount", "数额", "數額"], "amount"),
    text(
        "points_available_after",
        ["Available after", "变动后可用", "變動後可用"],
        "availableAfter",
    ),
    text("points_reference", ["Related", "关联", "關聯"], "reference"),
    text("chain", ["Chain", "链", "鏈"], "chain"),
    text(
        "points_tx_hash",
        ["Transaction hash", "交易哈希", "交易哈希"],
        "txHash",
    ),
];

pub async fn export(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<POINTS>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<PointsFilterBody>,
) -> Result<Response, ApiError> {
    let range = body.range();
    let filter = body.filter()?;
    let reader = reader(&state, ctx.merchant_id, &headers).await?;
    let running = Running::start(&state, &ctx, &headers).await?;
    let file_name = file_name("points", range, reader.time_zone);
    let session = running.session.clone();
    let rows = async {
        let rows = state.points.export(ctx.merchant_id, filter, session).await?;
        Ok(rows.map_ok(TransferView::from).boxed())
    };
    csv_file(&file_name, COLUMNS.to_vec(), reader, running, rows).await
}

/// Every title and code label, for the test that holds them equal to the console's.
#[cfg(test)]
pub(crate) fn all_labels() -> Vec<Label> {
    let codes = |of: fn(i64) -> Option<Label>| (0..=20).filter_map(of).collect::<Vec<_>>();
    [
        COLUMNS.iter().map(Column::label).collect(),
        codes(code_label::<PointAsset>),
        codes(code_label::<Cause>),
        codes(code_label::<TransferKind>),
    ]
    .concat()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export_columns::Reader;
    use coffer_domain::Locale;
    use serde_json::json;

    #[test]
    fn a_row_is_written_in_the_readers_words_and_zone() {
        let reader = Reader {
            locale: Locale::ZhHk,
            time_zone: -11,
        };
        let row = json!({"id": 3, "createTime": "2026-11-24T05:30:00Z", "asset": 2, "cause": 3,
                         "kind": 2, "amount": "-0.25", "availableAfter": "9.75",
                         "reference": "collection:12", "chain": null, "txHash": null});
        let cells: Vec<String> = COLUMNS.iter().map(|c| c.cell(&row, reader)).collect();
        assert_eq!(
            cells,
            [
                "3",
                "2026-11-23 18:30:00",
                "TRX 點數",
                "歸集手續費",
                "凍結",
                "-0.25",
                "9.75",
                "collection:12",
                "",
                ""
            ]
        );
    }
}

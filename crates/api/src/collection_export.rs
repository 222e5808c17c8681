//! Collect > Collection transactions as CSV: every collection the list's filter selects, newest
//! first, streamed like the order exports (no row limit), with the columns of the list and its
//! detail; titles and codes in the request's language as the console words them, times in the
//! merchant's zone.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use chrono::{DateTime, Duration, Utc};
use coffer_domain::collection::state::CollectionStatus;
use coffer_domain::menu::catalogue::COLLECT_TRANSACTIONS;
use coffer_domain::ports::CollectTrigger;
use futures::{StreamExt, TryStreamExt};

use crate::collection_records::{CollectionView, CollectionsFilterBody};
use crate::envelope::{ApiError, ApiJson};
use crate::export_columns::{column, text, time, Cell, Column, CHAIN, TOKEN};
use crate::export_labels::{code_label, label, Label, Labelled};
use crate::exports::{csv_file, reader, Running};
use crate::session::Allowed;
use crate::AppState;

impl Labelled for CollectionStatus {
    fn label(self) -> Label {
        use CollectionStatus::*;
        match self {
            Collected => label("collection_status_1", ["Collected", "已归集", "已歸集"]),
            NotCollected => label("collection_status_2", ["Not collected", "未归集", "未歸集"]),
            WaitingFeeArrival => label(
                "collection_status_3",
                ["Waiting for fee arrival", "等待手续费到账", "等待手續費到賬"],
            ),
            Failed => label(
                "collection_status_4",
                ["Collection failed", "归集失败", "歸集失敗"],
            ),
            WaitingEnergyTransaction => label(
                "collection_status_5",
                ["Waiting for energy transaction", "等待能量交易", "等待能量交易"],
            ),
            EnergyCollecting => label(
                "collection_status_6",
                ["Energy collecting", "能量归集中", "能量歸集中"],
            ),
            WaitingCollection => label(
                "collection_status_7",
                ["Waiting for collection", "等待归集", "等待歸集"],
            ),
        }
    }
}

impl Labelled for CollectTrigger {
    fn label(self) -> Label {
        match self {
            CollectTrigger::Scheduled => label("collection_trigger_1", ["Scheduled", "定时", "定時"]),
            CollectTrigger::OnDeposit => {
                label("collection_trigger_2", ["On deposit", "每笔充值", "每筆充值"])
            }
            CollectTrigger::Manual => label("collection_trigger_3", ["Manual", "手动", "手動"]),
        }
    }
}

/// The columns, in the order of the list and then its detail.
const COLUMNS: [Column; 21] = [
    text("collection_id", ["ID", "ID", "ID"], "id"),
    time("created_time", ["Created", "创建时间", "建立時間"], "createdAt"),
    CHAIN,
    TOKEN,
    text(
        "collection_deposit_address",
        ["Deposit address", "充值地址", "充值地址"],
        "address",
    ),
    text("collection_amount", ["Amount", "金额", "金額"], "amount"),
    text(
        "collection_attributed",
        ["Attributed", "已归属", "已歸屬"],
        "attributed",
    ),
    text(
        "collection_unattributed",
        ["Unattributed", "未归属", "未歸屬"],
        "unattributed",
    ),
    text(
        "collection_waiting_amount",
        ["Waiting when opened", "创建时待归集", "建立時待歸集"],
        "waiting",
    ),
    text(
        "collection_fee_coin",
        ["Fee coin", "手续费币种", "手續費幣種"],
        "nativeSymbol",
    ),
    text(
        "collection_sweep_fee_quoted",
        ["Sweep fee quoted", "归集手续费报价", "歸集手續費報價"],
        "feeEstimated",
    ),
    text(
        "collection_fee_paid_all",
        [
            "Fee paid (all steps)",
            "实付手续费（全部步骤）",
            "實付手續費（全部步驟）",
        ],
        "feePaid",
    ),
    // Smart collection: what burning would have cost beside what was paid.
    text(
        "collection_burn_fee",
        ["Burning would cost", "燃烧需花费", "燃燒需花費"],
        "burnFee",
    ),
    text("collection_energy", ["Energy", "能量", "能量"], "energy"),
    text(
        "collection_energy_points",
        ["Energy TRX points", "能量 TRX 点数", "能量 TRX 點數"],
        "energyPoints",
    ),
    column(
        "status",
        ["Status", "状态", "狀態"],
        "status",
        Cell::Code(code_label::<CollectionStatus>),
    ),
    text("collection_reason", ["Reason", "原因", "原因"], "reason"),
    column(
        "collection_trigger",
        ["Trigger", "触发方式", "觸發方式"],
        "trigger",
        Cell::Code(code_label::<CollectTrigger>),
    ),
    text(
        "collection_run",
        ["Collect now run", "立即归集批次", "立即歸集批次"],
        "runId",
    ),
    time(
        "collection_updated",
        ["Updated", "更新时间", "更新時間"],
        "updatedAt",
    ),
    time(
        "collection_finished",
        ["Finished", "结束时间", "結束時間"],
        "finishedAt",
    ),
];

pub async fn collections(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<COLLECT_TRANSACTIONS>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<CollectionsFilterBody>,
) -> Result<Response, ApiError> {
    let filter = body.filter()?;
    let reader = reader(&state, ctx.merchant_id, &headers).await?;
    let running = Running::start(&state, &ctx, &headers).await?;
    let now = state.collection.ports.clock.now();
    let file_name = file_name(now, reader.time_zone);
    let session = running.session.clone();
    let rows = async {
        let rows = state.collection.export(&ctx, filter, session).await?;
        Ok(rows.map_ok(CollectionView::from).boxed())
    };
    csv_file(&file_name, COLUMNS.to_vec(), reader, running, rows).await
}

/// `collections-20261125.csv`: the merchant's day of the export.
fn file_name(now: DateTime<Utc>, time_zone: i32) -> String {
    let day = (now + Duration::hours(i64::from(time_zone))).format("%Y%m%d");
    format!("collections-{day}.csv")
}

/// Every title and code label, for the test that holds them equal to the console's.
#[cfg(test)]
pub(crate) fn all_labels() -> Vec<Label> {
    let codes = |of: fn(i64) -> Option<Label>| (0..=20).filter_map(of).collect::<Vec<_>>();
    [
        COLUMNS.iter().map(Column::label).collect(),
        codes(code_label::<CollectionStatus>),
        codes(code_label::<CollectTrigger>),
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
    fn the_file_is_named_by_the_merchants_day() {
        let at = "2026-11-24T12:30:00Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(file_name(at, 13), "collections-20261125.csv");
        assert_eq!(file_name(at, -11), "collections-20261124.csv");
    }

    #[test]
    fn a_row_is_written_in_the_readers_words_and_zone() {
        let reader = Reader {
            locale: Locale::ZhCn,
            time_zone: 13,
        };
        let titles: Vec<String> = COLUMNS.iter().map(|c| c.title(reader)).collect();
        assert_eq!(titles[1], "创建时间（UTC+13）");
        assert_eq!(titles[15], "状态");
        let row = json!({"id": 7, "createdAt": "2026-11-24T12:30:00Z", "status": 4, "trigger": 3,
                         "runId": null, "amount": null, "reason": "balance drift",
                         "burnFee": "13.0285", "energy": 130285, "energyPoints": "1.5"});
        let cells: Vec<String> = COLUMNS.iter().map(|c| c.cell(&row, reader)).collect();
        assert_eq!(
            (
                &cells[0][..],
                &cells[1][..],
                &cells[5][..],
                &cells[15][..],
                &cells[16][..]
            ),
            ("7", "2026-11-25 01:30:00", "", "归集失败", "balance drift")
        );
        assert_eq!(
            (&cells[12][..], &cells[13][..], &cells[14][..]),
            ("13.0285", "130285", "1.5"),
            "what burning would cost beside the energy and its points"
        );
        assert_eq!((&cells[17][..], &cells[18][..]), ("手动", ""));
        let unknown = COLUMNS[15].cell(&json!({"status": 9}), reader);
        assert_eq!(unknown, "9", "a code the console does not name, as sent");
    }
}

//! The order exports: every row a list's filter selects as CSV, streamed as it is read (one
//! batch in memory, no row limit). A refusal before the first byte is the usual envelope;
//! a failure after it cuts the download short (logged), so a partial file is never taken
//! for a whole one: so does the reader's signing out (the session is checked batch by batch).
//! A merchant runs at most `coffer_domain::limits::EXPORTS_AT_ONCE` exports at once, on all the
//! nodes together (10429 beyond). The collections export (`collection_export.rs`) is written by
//! the same [`csv_file`].

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Duration, Utc};
use coffer_domain::auth::{AuthContext, LiveSession};
use coffer_domain::limits::Slot;
use coffer_domain::menu::catalogue::{
    DEPOSIT_LIST, DEPOSIT_ORDERS, TRANSACTION_LIST, WITHDRAW_CHECK, WITHDRAW_LIST, WITHDRAW_ORDERS,
};
use coffer_domain::ports::OrderKind;
use coffer_domain::transactions::Transactions;
use coffer_domain::{AppError, Locale};
use futures::stream::{self, BoxStream, StreamExt, TryStreamExt};
use serde::Serialize;
use std::future::Future;

use crate::csv::{line, push_line, BOM};
use crate::envelope::{ApiError, ApiJson};
use crate::export_columns::{Column, Layout, Reader, DEPOSIT, TRANSACTION, WITHDRAWAL};
use crate::export_exchange::EXCHANGE;
use crate::orders::FilterBody;
use crate::session::{Allowed, AllowedEither, SESSION_HEADER};
use crate::transactions::TransactionView;
use crate::AppState;

pub async fn deposits(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<DEPOSIT_ORDERS, DEPOSIT_LIST>,
    headers: HeaderMap,
    ApiJson(f): ApiJson<FilterBody>,
) -> Result<Response, ApiError> {
    let export = Export::new(&state, &ctx, &headers, &f, "deposits", &DEPOSIT).await?;
    export.run(&state, f, vec![OrderKind::Deposit]).await
}

pub async fn withdrawals(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<WITHDRAW_ORDERS, WITHDRAW_CHECK, WITHDRAW_LIST>,
    headers: HeaderMap,
    ApiJson(f): ApiJson<FilterBody>,
) -> Result<Response, ApiError> {
    let export = Export::new(&state, &ctx, &headers, &f, "withdrawals", &WITHDRAWAL).await?;
    export.run(&state, f, vec![OrderKind::Withdrawal]).await
}

/// One kind's own columns when `type` names it, the shared ones and the type otherwise.
pub async fn transactions(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRANSACTION_LIST>,
    headers: HeaderMap,
    ApiJson(f): ApiJson<FilterBody>,
) -> Result<Response, ApiError> {
    let kinds = f.kinds()?;
    let layout = match kinds[..] {
        [OrderKind::Deposit] => &DEPOSIT,
        [OrderKind::Withdrawal] => &WITHDRAWAL,
        [OrderKind::Exchange] => &EXCHANGE,
        _ => &TRANSACTION,
    };
    let export = Export::new(&state, &ctx, &headers, &f, "transactions", layout).await?;
    export.run(&state, f, kinds).await
}

/// At most this many lines in one piece of the body.
const EXPORT_CHUNK_LINES: usize = 500;
/// About how long a line is, to size a piece of the body once.
const LINE_BYTES_GUESS: usize = 400;

pub(crate) struct Export {
    merchant_id: i64,
    reader: Reader,
    running: Running,
    prefix: &'static str,
    layout: &'static Layout,
}

impl Export {
    pub(crate) async fn new(
        state: &AppState,
        ctx: &AuthContext,
        headers: &HeaderMap,
        filter: &FilterBody,
        prefix: &'static str,
        layout: &'static Layout,
    ) -> Result<Export, ApiError> {
        // A filter that breaks a rule is refused before one of the merchant's places is taken.
        filter.clone().filter()?;
        Ok(Export {
            merchant_id: ctx.merchant_id,
            reader: reader(state, ctx.merchant_id, headers).await?,
            running: Running::start(state, ctx, headers).await?,
            prefix,
            layout,
        })
    }

    pub(crate) async fn run(
        self,
        state: &AppState,
        filter: FilterBody,
        kinds: Vec<OrderKind>,
    ) -> Result<Response, ApiError> {
        let file_name = file_name(self.prefix, filter.range(), self.reader.time_zone);
        let (deposits, session) = (state.deposits.clone(), self.running.session.clone());
        let merchant_id = self.merchant_id;
        let rows = async move {
            let rows = Transactions::new(deposits)
                .export(merchant_id, filter.filter()?, kinds, session)
                .await?;
            Ok(rows.map_ok(TransactionView::from).boxed())
        };
        csv_file(&file_name, self.layout.columns(), self.reader, self.running, rows).await
    }
}

/// What a running export holds: one of its merchant's places and the reader's session.
pub(crate) struct Running {
    slot: Slot,
    pub(crate) session: LiveSession,
}

impl Running {
    /// 10429 when the merchant already runs `EXPORTS_AT_ONCE` exports.
    pub(crate) async fn start(
        state: &AppState,
        ctx: &AuthContext,
        headers: &HeaderMap,
    ) -> Result<Running, ApiError> {
        let token = headers
            .get(SESSION_HEADER)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        Ok(Running {
            slot: state.export_slots.take(ctx.merchant_id).await?,
            session: state.auth.live_session(token, ctx),
        })
    }
}

/// Who reads an export: the request's language and the merchant's time zone.
pub(crate) async fn reader(
    state: &AppState,
    merchant_id: i64,
    headers: &HeaderMap,
) -> Result<Reader, ApiError> {
    let locale = Locale::negotiate(headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()));
    let time_zone = state.config.merchant_time_zone(merchant_id).await?;
    Ok(Reader { locale, time_zone })
}

/// The CSV download of the rows `start` opens (each written through its wire JSON) under
/// `columns`. The first row is read before answering: a refusal or a failed first read is the
/// usual envelope, and the export's place is free before it goes out. Otherwise the place is
/// held until the last row is written or the download is dropped.
pub(crate) async fn csv_file<V: Serialize + Send + 'static>(
    file_name: &str,
    columns: Vec<Column>,
    reader: Reader,
    running: Running,
    start: impl Future<Output = Result<BoxStream<'static, Result<V, AppError>>, AppError>>,
) -> Result<Response, ApiError> {
    let started = async {
        let disposition = format!("attachment; filename=\"{file_name}\"");
        let disposition = HeaderValue::from_str(&disposition).map_err(AppError::internal)?;
        let mut rows = start.await?;
        let first = rows.next().await.transpose()?;
        Ok::<_, AppError>((disposition, rows, first))
    };
    let (disposition, rows, first) = match started.await {
        Ok(started) => started,
        Err(err) => {
            running.slot.free().await;
            return Err(err.into());
        }
    };
    let header = format!("{BOM}{}", line(columns.iter().map(|c| c.title(reader))));
    // The rows already read go out as one piece (a batch is read at once): one chunk per
    // line would cost a write and a chunk header per row.
    let lines = stream::iter(first.map(Ok))
        .chain(rows)
        .ready_chunks(EXPORT_CHUNK_LINES)
        .map(move |rows| {
            let mut chunk = String::with_capacity(rows.len() * LINE_BYTES_GUESS);
            for row in rows {
                let row = serde_json::to_value(row.map_err(cut_short)?)
                    .map_err(|err| cut_short(AppError::internal(err)))?;
                push_line(&mut chunk, columns.iter().map(|c| c.cell(&row, reader)));
            }
            Ok::<_, std::io::Error>(Bytes::from(chunk))
        });
    let body = stream::iter([Ok(Bytes::from(header))])
        .chain(lines)
        // After the last row: the place is free before the download ends, so the next export
        // may start at once.
        .chain(stream::once(running.slot.free()).filter_map(|()| async { None }));
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/csv; charset=utf-8"),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        Body::from_stream(body),
    )
        .into_response())
}

/// An export that failed or whose reader signed out after its first byte: logged, and the
/// download ends in an error.
fn cut_short(err: AppError) -> std::io::Error {
    if err.is_server_fault() {
        tracing::error!(error = %err, "an export stopped part way");
    } else {
        tracing::info!(error = %err, "an export ended part way: its reader's session is gone");
    }
    std::io::Error::other("export stopped")
}

/// `deposits-20261116-20261122.csv`: the first and the last day of the range in the merchant's
/// zone (its end is the first instant after it), the days the console's filter picked.
pub(crate) fn file_name(
    prefix: &str,
    (start, end): (Option<DateTime<Utc>>, Option<DateTime<Utc>>),
    time_zone: i32,
) -> String {
    let day = |t: Option<DateTime<Utc>>| {
        t.map(|t| {
            (t + Duration::hours(i64::from(time_zone)))
                .format("%Y%m%d")
                .to_string()
        })
        .unwrap_or_default()
    };
    format!(
        "{prefix}-{}-{}.csv",
        day(start),
        day(end.map(|e| e - Duration::nanoseconds(1)))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_names_the_merchants_first_and_last_day_of_the_range() {
        let at = |s: &str| Some(s.parse::<DateTime<Utc>>().unwrap());
        // 2026-11-16 to 2026-11-22 at UTC+8.
        let range = (at("2026-11-15T16:00:00Z"), at("2026-11-22T16:00:00Z"));
        assert_eq!(file_name("deposits", range, 8), "deposits-20261116-20261122.csv");
        assert_eq!(file_name("deposits", range, 0), "deposits-20261115-20261122.csv");
        assert_eq!(file_name("deposits", (None, None), 8), "deposits--.csv");
    }
}

//! The order exports: every row a list's filter selects as CSV, streamed as it is read (one
//! batch in memory, no row limit). A refusal before the first byte is the usual envelope;
//! a failure after it cuts the download short (logged), so a partial file is never taken
//! for a whole one.

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Duration, Utc};
use coffer_domain::menu::catalogue::{
    DEPOSIT_LIST, DEPOSIT_ORDERS, TRANSACTION_LIST, WITHDRAW_CHECK, WITHDRAW_LIST, WITHDRAW_ORDERS,
};
use coffer_domain::ports::OrderKind;
use coffer_domain::transactions::Transactions;
use coffer_domain::{AppError, Locale};
use futures::stream::{self, StreamExt};

use crate::envelope::{ApiError, ApiJson};
use crate::export_columns::{Column, DEPOSIT, TRANSACTION, WITHDRAWAL};
use crate::orders::FilterBody;
use crate::session::{Allowed, AllowedEither};
use crate::transactions::TransactionView;
use crate::AppState;

/// Excel reads a UTF-8 file as such when it starts with the byte-order mark.
const BOM: &str = "\u{FEFF}";

pub async fn deposits(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<DEPOSIT_ORDERS, DEPOSIT_LIST>,
    headers: HeaderMap,
    ApiJson(f): ApiJson<FilterBody>,
) -> Result<Response, ApiError> {
    let export = Export::new(&headers, &f, "deposits", DEPOSIT);
    export
        .run(&state, ctx.merchant_id, f, vec![OrderKind::Deposit])
        .await
}

pub async fn withdrawals(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<WITHDRAW_ORDERS, WITHDRAW_CHECK, WITHDRAW_LIST>,
    headers: HeaderMap,
    ApiJson(f): ApiJson<FilterBody>,
) -> Result<Response, ApiError> {
    let export = Export::new(&headers, &f, "withdrawals", WITHDRAWAL);
    export
        .run(&state, ctx.merchant_id, f, vec![OrderKind::Withdrawal])
        .await
}

/// One kind's own columns when `type` names it, the shared ones and the type otherwise.
pub async fn transactions(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRANSACTION_LIST>,
    headers: HeaderMap,
    ApiJson(f): ApiJson<FilterBody>,
) -> Result<Response, ApiError> {
    let kinds = f.kinds()?;
    let columns = match kinds[..] {
        [OrderKind::Deposit] => DEPOSIT,
        [OrderKind::Withdrawal] => WITHDRAWAL,
        _ => TRANSACTION,
    };
    let export = Export::new(&headers, &f, "transactions", columns);
    export.run(&state, ctx.merchant_id, f, kinds).await
}

struct Export {
    locale: Locale,
    file_name: String,
    columns: &'static [Column],
}

impl Export {
    fn new(headers: &HeaderMap, filter: &FilterBody, prefix: &str, columns: &'static [Column]) -> Export {
        let locale = Locale::negotiate(headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()));
        Export {
            locale,
            file_name: file_name(prefix, filter.range()),
            columns,
        }
    }

    async fn run(
        self,
        state: &AppState,
        merchant_id: i64,
        filter: FilterBody,
        kinds: Vec<OrderKind>,
    ) -> Result<Response, ApiError> {
        let mut rows = Transactions::new(state.deposits.clone())
            .export(merchant_id, filter.filter(), kinds)
            .await?;
        // The first read decides between the envelope and the file.
        let first = rows.next().await.transpose()?;
        let Export {
            locale,
            file_name,
            columns,
        } = self;
        let header = format!(
            "{BOM}{}",
            line(columns.iter().map(|c| c.title(locale).to_string()))
        );
        let lines = stream::iter(first.map(Ok)).chain(rows).map(move |row| match row {
            Ok(entry) => serde_json::to_value(TransactionView::from(entry))
                .map(|row| Bytes::from(line(columns.iter().map(|c| c.cell(&row, locale)))))
                .map_err(|err| cut_short(AppError::internal(err))),
            Err(err) => Err(cut_short(err)),
        });
        let body = stream::iter([Ok(Bytes::from(header))]).chain(lines);
        let disposition = format!("attachment; filename=\"{file_name}\"");
        Ok((
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("text/csv; charset=utf-8"),
                ),
                (
                    header::CONTENT_DISPOSITION,
                    HeaderValue::from_str(&disposition).map_err(AppError::internal)?,
                ),
            ],
            Body::from_stream(body),
        )
            .into_response())
    }
}

/// An export that failed after its first byte: logged, and the download ends in an error.
fn cut_short(err: AppError) -> std::io::Error {
    tracing::error!(error = %err, "an export stopped part way");
    std::io::Error::other("export stopped")
}

/// `deposits-20261116-20261122.csv`: the first and the last UTC day of the range (its end is
/// the first instant after it).
fn file_name(prefix: &str, (start, end): (Option<DateTime<Utc>>, Option<DateTime<Utc>>)) -> String {
    let day = |t: Option<DateTime<Utc>>| t.map(|t| t.format("%Y%m%d").to_string()).unwrap_or_default();
    format!(
        "{prefix}-{}-{}.csv",
        day(start),
        day(end.map(|e| e - Duration::nanoseconds(1)))
    )
}

/// One CSV line (RFC 4180, CRLF).
fn line(cells: impl Iterator<Item = String>) -> String {
    let mut out = cells.map(|c| field(&c)).collect::<Vec<_>>().join(",");
    out.push_str("\r\n");
    out
}

/// One field: quoted when it holds a comma, quote or line break; text a spreadsheet would run
/// as a formula (= + - @ tab CR first) gets a leading apostrophe, numbers excepted.
fn field(value: &str) -> String {
    let formula = value.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_number(value);
    let text = if formula {
        format!("'{value}")
    } else {
        value.to_string()
    };
    if text.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// `-12`, `-0.5`: a signed decimal, which a spreadsheet reads as a number, not a formula.
fn is_number(value: &str) -> bool {
    let digits = value.strip_prefix('-').unwrap_or(value);
    let mut parts = digits.splitn(2, '.');
    let whole = parts.next().unwrap_or("");
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && parts.next().is_none_or(all_digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_formula_is_written_as_text_and_a_number_as_it_is() {
        assert_eq!(field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(field("+1 555"), "'+1 555");
        assert_eq!(field("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(field("\tcmd"), "'\tcmd");
        assert_eq!(field("-0.5"), "-0.5");
        assert_eq!(field("-"), "'-");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("plain"), "plain");
    }

    #[test]
    fn the_file_names_the_last_day_of_the_range() {
        let at = |s: &str| Some(s.parse::<DateTime<Utc>>().unwrap());
        assert_eq!(
            file_name(
                "deposits",
                (at("2026-11-16T00:00:00Z"), at("2026-11-23T00:00:00Z"))
            ),
            "deposits-20261116-20261122.csv"
        );
    }
}

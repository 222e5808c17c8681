//! The transaction list (menu 402): deposits and withdrawals in one list (exchanges with
//! `type` 3), paged by cursor;
//! each row is its kind's row with `type` (docs/api.md "Transaction list").

use axum::extract::State;
use coffer_domain::menu::catalogue::{TRANSACTION_LIST, TRANSACTION_PUSH};
use coffer_domain::ports::OrderKind;
use coffer_domain::transactions::{Position, TransactionEntry, Transactions};
use serde::{Deserialize, Serialize};

use crate::audit::Audited;
use crate::bodies::PageQuery;
use crate::callbacks::push_event;
use crate::deposits::DepositView;
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::exchange_views::ExchangeView;
use crate::orders::{FilterBody, SummaryView};
use crate::session::Allowed;
use crate::views::callbacks::AttemptResultView;
use crate::withdrawals::WithdrawalView;
use crate::AppState;

/// A row of the list: the kind's own row, `type` telling which.
#[derive(Serialize)]
#[serde(untagged)]
pub enum TransactionView {
    Deposit(DepositView),
    Withdrawal(WithdrawalView),
    Exchange(ExchangeView),
}

impl From<TransactionEntry> for TransactionView {
    fn from(entry: TransactionEntry) -> TransactionView {
        match entry {
            TransactionEntry::Deposit(d) => TransactionView::Deposit(d.into()),
            TransactionEntry::Withdrawal(w) => TransactionView::Withdrawal(w.into()),
            TransactionEntry::Exchange(x) => TransactionView::Exchange(x.into()),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimelineQuery {
    /// From an earlier answer's `next`; absent or empty: the first page (or `page`).
    cursor: Option<String>,
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: FilterBody,
}

#[derive(Serialize)]
pub struct TimelineView {
    list: Vec<TransactionView>,
    total: u64,
    next: Option<String>,
}

pub async fn page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRANSACTION_LIST>,
    ApiJson(q): ApiJson<TimelineQuery>,
) -> ApiResult<TimelineView> {
    let request = q.page.request()?;
    let kinds = q.filter.kinds()?;
    let position = match q.cursor.as_deref().filter(|c| !c.trim().is_empty()) {
        Some(cursor) => Position::Cursor(cursor),
        None => Position::Page(request),
    };
    let found = Transactions::new(state.deposits.clone())
        .page(
            ctx.merchant_id,
            &q.filter.filter()?,
            &kinds,
            position,
            request.size,
        )
        .await?;
    ok(TimelineView {
        list: found.list.into_iter().map(TransactionView::from).collect(),
        total: found.total,
        next: found.next,
    })
}

/// Without `type`, the deposits' summary as before and the withdrawals' beside it.
#[derive(Serialize)]
#[serde(untagged)]
pub enum TimelineSummaryView {
    One(SummaryView),
    Both {
        #[serde(flatten)]
        deposits: SummaryView,
        withdrawals: SummaryView,
    },
}

pub async fn summary(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRANSACTION_LIST>,
    ApiJson(f): ApiJson<FilterBody>,
) -> ApiResult<TimelineSummaryView> {
    let kinds = f.kinds()?;
    let filter = f.filter()?;
    let deposits = || state.deposits.summary(&ctx, &filter);
    let withdrawals = || state.withdrawals.summary(&ctx, &filter);
    ok(match kinds[..] {
        [OrderKind::Deposit] => TimelineSummaryView::One(deposits().await?.into()),
        [OrderKind::Withdrawal] => TimelineSummaryView::One(withdrawals().await?.into()),
        [OrderKind::Exchange] => {
            TimelineSummaryView::One(state.exchange_lists.summary(&ctx, &filter).await?.into())
        }
        _ => TimelineSummaryView::Both {
            deposits: deposits().await?.into(),
            withdrawals: withdrawals().await?.into(),
        },
    })
}

/// An order of the list: its id and kind (ids are per kind); 1 when `type` is absent.
#[derive(Deserialize)]
pub struct ByKindAndId {
    id: i64,
    #[serde(rename = "type")]
    kind: Option<i32>,
}

pub async fn push(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRANSACTION_PUSH>,
    ApiJson(b): ApiJson<ByKindAndId>,
) -> Audited<AttemptResultView> {
    let event_id = match b.kind {
        None | Some(1) => state.deposits.push(&ctx, b.id).await?,
        Some(2) => state.withdrawals.push(&ctx, b.id).await?,
        Some(3) => state.exchange_lists.push(&ctx, b.id).await?,
        Some(_) => {
            return Err(
                coffer_domain::AppError::Invalid(coffer_domain::messages::MsgKey::OrderTypeInvalid).into(),
            )
        }
    };
    push_event(&state, &ctx, &event_id).await
}

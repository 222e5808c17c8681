//! The totals of the order lists' summaries: a count and exact per-(chain, token) sums, in all
//! and per outcome, from the hourly buckets or from the rows (the same figures either way).

use coffer_domain::amount::BaseUnits;
use coffer_domain::deposits::rules::is_credited;
use coffer_domain::error::AppResult;
use coffer_domain::ports::{OrderOutcome, OrderStatus, OrderSum, OrderTotals, OutcomeTotals, Tally};
use futures::TryStreamExt;
use sea_orm::sea_query::{Expr, SimpleExpr};
use sea_orm::{ColumnTrait, QuerySelect, Select};
use std::collections::BTreeMap;

use super::order_queries::OrderTable;
use crate::entities::{order_rollup, Stored};
use crate::Store;

/// [`sum_amounts`] from the buckets.
pub(crate) async fn sum_buckets(
    store: &Store,
    buckets: Select<order_rollup::Entity>,
) -> AppResult<OrderTotals> {
    use order_rollup::Column as R;
    let mut rows = buckets
        .select_only()
        .columns([R::ChainId, R::TokenId, R::Decimals, R::OrderCount, R::Amount])
        .columns([R::Status, R::Credited])
        .into_tuple::<(i64, i64, i32, i64, Stored<BaseUnits>, Stored<OrderStatus>, bool)>()
        .stream(store.connection())
        .await?;
    let mut totals = Totals::default();
    while let Some((chain_id, token_id, decimals, count, Stored(amount), Stored(status), credited)) =
        rows.try_next().await?
    {
        let token_id = (token_id != 0).then_some(token_id);
        let count = u64::try_from(count).unwrap_or(0);
        let outcome = OrderOutcome::of(status, credited);
        totals.add(outcome, (chain_id, token_id, decimals), count, amount);
    }
    Ok(totals.finish())
}

/// Count and exact per-(chain, token) sums of a query's rows, in all and per outcome. Amounts
/// are exact decimal integers in TEXT (up to 78 digits), which SQL cannot sum exactly on every
/// database: the rows stream through here, six columns at a time (an amount that is not one
/// fails the read).
pub(crate) async fn sum_amounts<T: OrderTable>(
    store: &Store,
    query: Select<T::Entity>,
) -> AppResult<OrderTotals> {
    let c = T::COLUMNS;
    let note = match c.note {
        Some(column) => SimpleExpr::from(column.into_expr()),
        None => SimpleExpr::from(Expr::val("")),
    };
    let mut rows = query
        .select_only()
        .column(c.chain_id)
        .column(c.token_id)
        .column(c.decimals)
        .column(c.amount)
        .column(c.status)
        .expr(note)
        .into_tuple::<(
            i64,
            Option<i64>,
            i32,
            Stored<BaseUnits>,
            Stored<OrderStatus>,
            String,
        )>()
        .stream(store.connection())
        .await?;
    let mut totals = Totals::default();
    while let Some((chain_id, token_id, decimals, Stored(amount), Stored(status), note)) =
        rows.try_next().await?
    {
        let outcome = OrderOutcome::of(status, is_credited(&note));
        totals.add(outcome, (chain_id, token_id, decimals), 1, amount);
    }
    Ok(totals.finish())
}

/// Running sums in all and per outcome.
#[derive(Default)]
struct Totals {
    all: Sums,
    outcomes: BTreeMap<OrderOutcome, Sums>,
}

impl Totals {
    /// `count` orders of one asset (chain, token, decimals) summing to `amount`.
    fn add(&mut self, outcome: OrderOutcome, asset: (i64, Option<i64>, i32), count: u64, amount: BaseUnits) {
        self.all.add(asset, count, amount);
        self.outcomes
            .entry(outcome)
            .or_default()
            .add(asset, count, amount);
    }

    fn finish(mut self) -> OrderTotals {
        OrderTotals {
            all: self.all.tally(),
            outcomes: OrderOutcome::ALL
                .into_iter()
                .map(|outcome| OutcomeTotals {
                    outcome,
                    tally: self.outcomes.remove(&outcome).unwrap_or_default().tally(),
                })
                .collect(),
        }
    }
}

/// A running count and per-(chain, token) sum.
#[derive(Default)]
struct Sums {
    count: u64,
    by_asset: BTreeMap<(i64, Option<i64>), (i32, BaseUnits)>,
}

impl Sums {
    fn add(
        &mut self,
        (chain_id, token_id, decimals): (i64, Option<i64>, i32),
        count: u64,
        amount: BaseUnits,
    ) {
        let entry = self
            .by_asset
            .entry((chain_id, token_id))
            .or_insert((decimals, BaseUnits::ZERO));
        // Saturates: orders are bounded, only chain-observed amounts could get there, and a
        // total must never stop a worker or a list.
        entry.1 = entry.1.saturating_add(amount);
        self.count += count;
    }

    fn tally(self) -> Tally {
        let sums = self
            .by_asset
            .into_iter()
            .map(|((chain_id, token_id), (decimals, amount))| OrderSum {
                chain_id,
                token_id,
                decimals,
                amount,
            })
            .collect();
        Tally {
            count: self.count,
            sums,
        }
    }
}

//! The query shapes the repositories share: one merchant's rows, leases, records read from a
//! query (all, or one page with the count), a row written only once, a time range.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{MerchantId, PageRequest, Paged};
use sea_orm::sea_query::{Expr, OnConflict, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait,
    QueryFilter, QueryOrder, Select, TryInsertResult, UpdateMany, Value,
};

use crate::entities;
use crate::{fetch_page, Store};

/// A table whose rows belong to one merchant, each with its own `id`.
pub(crate) trait MerchantOwned: EntityTrait {
    fn id_column() -> Self::Column;
    fn merchant_column() -> Self::Column;
}

/// A table whose rows a worker leases (`lease_owner`, `lease_until`), so that of several
/// processes exactly one works on a row.
pub(crate) trait Leased: EntityTrait {
    fn lease_owner() -> Self::Column;
    fn lease_until() -> Self::Column;
}

/// Declares which tables have the columns a trait names.
macro_rules! tables_with {
    ($trait:ident $columns:tt for $($table:ident),* $(,)?) => {
        $(tables_with!(@one $trait $table $columns);)*
    };
    (@one $trait:ident $table:ident { $($method:ident: $column:ident),* }) => {
        impl $trait for entities::$table::Entity {
            $(fn $method() -> Self::Column {
                entities::$table::Column::$column
            })*
        }
    };
}

tables_with!(MerchantOwned { id_column: Id, merchant_column: MerchantId } for
    address_blacklist,
    bill,
    callback_attempt,
    callback_event,
    cold_address,
    collectable,
    collection,
    deposit,
    deposit_address,
    exchange_order,
    exchange_pair,
    exchange_quote,
    export_run,
    hot_wallet,
    login_log,
    merchant_allow_ip,
    merchant_asset,
    merchant_ip,
    operation_log,
    role,
    service_rate,
    withdrawal,
    withdrawal_review,
);

tables_with!(Leased { lease_owner: LeaseOwner, lease_until: LeaseUntil } for
    balance_reading,
    callback_event,
    collection,
    energy_order,
    exchange_order,
    export_run,
    hot_wallet,
    mail_queue,
    scan_cursor,
    withdrawal,
);

/// Free, expired or already `owner`'s.
pub(crate) fn claimable<E: Leased>(owner: &str, now: DateTime<Utc>) -> Condition {
    Condition::any()
        .add(E::lease_owner().eq(owner))
        .add(E::lease_until().is_null())
        .add(E::lease_until().lt(now))
}

/// Leases the rows the caller's filter selects to `owner` until `until` (the filter says when
/// a row may be taken: the update is the claim).
pub(crate) fn take_lease<E: Leased>(owner: &str, until: DateTime<Utc>) -> UpdateMany<E> {
    E::update_many()
        .col_expr(E::lease_owner(), Expr::value(owner))
        .col_expr(E::lease_until(), Expr::value(until))
}

/// Claims up to `limit` rows that `due` selects, first in `order`: the ids are read first, then
/// each is leased to `owner` by one conditional update that repeats `due`, so of several workers
/// exactly one wins each row. The ids this worker won, in that order.
pub(crate) async fn claim_due<E: Leased>(
    db: &sea_orm::DatabaseConnection,
    id: E::Column,
    due: impl Fn() -> Condition,
    order: &[E::Column],
    owner: &str,
    lease_until: DateTime<Utc>,
    limit: u64,
) -> AppResult<Vec<i64>> {
    use sea_orm::QuerySelect;
    let mut query = E::find().select_only().column(id).filter(due());
    for column in order {
        query = query.order_by_asc(*column);
    }
    let candidates: Vec<i64> = query.limit(limit).into_tuple().all(db).await?;
    let mut won = Vec::new();
    for candidate in candidates {
        let taken = take_lease::<E>(owner, lease_until)
            .filter(id.eq(candidate))
            .filter(due())
            .exec(db)
            .await?;
        if taken.rows_affected == 1 {
            won.push(candidate);
        }
    }
    Ok(won)
}

/// Gives up `owner`'s lease of the rows the caller's filter selects; another owner's lease
/// stays.
pub(crate) fn release_lease<E: Leased>(owner: &str) -> UpdateMany<E> {
    E::update_many()
        .col_expr(E::lease_owner(), Expr::value(""))
        .col_expr(E::lease_until(), Expr::value(Option::<DateTime<Utc>>::None))
        .filter(E::lease_owner().eq(owner))
}

/// The merchant's rows.
pub(crate) fn merchant_rows<E: MerchantOwned>(merchant_id: MerchantId) -> Select<E> {
    E::find().filter(E::merchant_column().eq(merchant_id))
}

/// Locks the merchant's row in `tx` by a no-op update, so concurrent transactions that count
/// the merchant's rows before adding one (its hot wallets, its running exports) take turns,
/// whatever process runs them: each counts what the one before it committed.
pub(crate) async fn lock_merchant(tx: &DatabaseTransaction, merchant_id: MerchantId) -> AppResult<()> {
    use entities::merchant::{Column, Entity};
    Entity::update_many()
        .col_expr(Column::Id, Expr::col(Column::Id).into())
        .filter(Column::Id.eq(merchant_id))
        .exec(tx)
        .await?;
    Ok(())
}

/// The merchant's rows, newest first (the console's lists of records).
pub(crate) fn merchant_rows_newest_first<E: MerchantOwned>(merchant_id: MerchantId) -> Select<E> {
    merchant_rows::<E>(merchant_id).order_by_desc(E::id_column())
}

/// The merchant's rows in the order they were made (the console's lists of settings).
pub(crate) fn merchant_rows_oldest_first<E: MerchantOwned>(merchant_id: MerchantId) -> Select<E> {
    merchant_rows::<E>(merchant_id).order_by_asc(E::id_column())
}

/// The row `id` if it is the merchant's (another merchant's row reads as missing).
pub(crate) async fn find_owned<E: MerchantOwned>(
    store: &Store,
    merchant_id: MerchantId,
    id: i64,
) -> AppResult<Option<E::Model>> {
    Ok(merchant_rows::<E>(merchant_id)
        .filter(E::id_column().eq(id))
        .one(store.connection())
        .await?)
}

/// Sets one column of the merchant's row `id`; false when the merchant has no such row.
pub(crate) async fn update_owned<E: MerchantOwned>(
    store: &Store,
    merchant_id: MerchantId,
    id: i64,
    column: E::Column,
    value: impl Into<Value>,
) -> AppResult<bool> {
    let result = E::update_many()
        .col_expr(column, Expr::value(value))
        .filter(E::id_column().eq(id))
        .filter(E::merchant_column().eq(merchant_id))
        .exec(store.connection())
        .await?;
    Ok(result.rows_affected == 1)
}

/// [`update_owned`], answering the row as it is after the change (None when the merchant has no
/// row `id`), so the caller can name what it changed.
pub(crate) async fn update_owned_row<E: MerchantOwned>(
    store: &Store,
    merchant_id: MerchantId,
    id: i64,
    column: E::Column,
    value: impl Into<Value>,
) -> AppResult<Option<E::Model>> {
    if !update_owned::<E>(store, merchant_id, id, column, value).await? {
        return Ok(None);
    }
    let row = E::find()
        .filter(E::id_column().eq(id))
        .filter(E::merchant_column().eq(merchant_id))
        .one(store.connection())
        .await?;
    Ok(row)
}

/// Sets `column` of the rows whose `key` is `id` (one field of one row, or of the rows that
/// share a key).
pub(crate) async fn set_column<C: ColumnTrait>(
    db: &impl ConnectionTrait,
    column: C,
    key: C,
    id: i64,
    value: impl Into<Value>,
) -> Result<(), DbErr> {
    let update = Query::update()
        .table(column.entity_name())
        .value(column, value.into())
        .and_where(Expr::col(key).eq(id))
        .to_owned();
    db.execute(db.get_database_backend().build(&update)).await?;
    Ok(())
}

/// Every row of a query, as records.
pub(crate) async fn all_as<E: EntityTrait, R>(
    store: &Store,
    query: Select<E>,
    record: impl FnMut(E::Model) -> R,
) -> AppResult<Vec<R>> {
    let rows = query.all(store.connection()).await?;
    Ok(rows.into_iter().map(record).collect())
}

/// One page of an ordered query as records, with the count of all its rows.
pub(crate) async fn page_as<E: EntityTrait, R>(
    store: &Store,
    query: Select<E>,
    page: PageRequest,
    record: impl FnMut(E::Model) -> R,
) -> AppResult<Paged<R>>
where
    E::Model: Send + Sync,
{
    let (rows, total) = fetch_page(store, query, page).await?;
    Ok(Paged {
        list: rows.into_iter().map(record).collect(),
        total,
    })
}

/// Inserts the row unless one with the same `key` exists (that one stands, whoever wrote it
/// first); true when this call inserted it.
pub(crate) async fn insert_once<A, C>(
    db: &C,
    row: A,
    key: impl IntoIterator<Item = <A::Entity as EntityTrait>::Column>,
) -> Result<bool, DbErr>
where
    A: ActiveModelTrait + Send,
    C: ConnectionTrait,
{
    let inserted = <A::Entity as EntityTrait>::insert(row)
        .on_conflict(OnConflict::columns(key).do_nothing().to_owned())
        .do_nothing()
        .exec(db)
        .await?;
    Ok(matches!(inserted, TryInsertResult::Inserted(_)))
}

/// Rows whose `column` is at or after `start` and before `end` (a missing bound is open).
pub(crate) fn within<C: ColumnTrait>(
    column: C,
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
) -> Condition {
    Condition::all()
        .add_option(start.map(|start| column.gte(start)))
        .add_option(end.map(|end| column.lt(end)))
}

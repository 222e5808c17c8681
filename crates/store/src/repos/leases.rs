//! [`LeaseRenewal`]: the heartbeat's renewal of every lease a process holds, and a step's check
//! that it still holds its own, over the leased tables (`query.rs`'s `Leased`).

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{Lease, LeaseRenewal};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, DatabaseConnection, QueryFilter};

use super::query::Leased;
use crate::entities::{
    balance_reading, callback_event, collection, exchange_order, export_run, hot_wallet, mail_queue,
    scan_cursor, withdrawal,
};
use crate::Store;

/// Held by `owner` at `now` (not expired).
fn held_by<E: Leased>(owner: &str, now: DateTime<Utc>) -> Condition {
    Condition::all()
        .add(E::lease_owner().eq(owner))
        .add(E::lease_until().gte(now))
}

async fn renew<E: Leased>(
    db: &DatabaseConnection,
    owners: &[String],
    now: DateTime<Utc>,
    until: DateTime<Utc>,
) -> AppResult<u64> {
    let renewed = E::update_many()
        .col_expr(E::lease_until(), Expr::value(until))
        .filter(E::lease_owner().is_in(owners.iter().cloned()))
        .filter(E::lease_until().gte(now))
        .exec(db)
        .await?;
    Ok(renewed.rows_affected)
}

async fn held<E: Leased>(
    db: &DatabaseConnection,
    key: Condition,
    owner: &str,
    now: DateTime<Utc>,
) -> AppResult<bool> {
    let row = E::find()
        .filter(key)
        .filter(held_by::<E>(owner, now))
        .one(db)
        .await?;
    Ok(row.is_some())
}

#[async_trait::async_trait]
impl LeaseRenewal for Store {
    async fn renew_leases(
        &self,
        owners: &[String],
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> AppResult<u64> {
        if owners.is_empty() {
            return Ok(0);
        }
        let db = self.connection();
        Ok(renew::<scan_cursor::Entity>(db, owners, now, until).await?
            + renew::<withdrawal::Entity>(db, owners, now, until).await?
            + renew::<hot_wallet::Entity>(db, owners, now, until).await?
            + renew::<collection::Entity>(db, owners, now, until).await?
            + renew::<callback_event::Entity>(db, owners, now, until).await?
            + renew::<balance_reading::Entity>(db, owners, now, until).await?
            + renew::<export_run::Entity>(db, owners, now, until).await?
            + renew::<mail_queue::Entity>(db, owners, now, until).await?
            + renew::<exchange_order::Entity>(db, owners, now, until).await?)
    }

    async fn holds(&self, lease: Lease<'_>, owner: &str, now: DateTime<Utc>) -> AppResult<bool> {
        let db = self.connection();
        match lease {
            Lease::ScanCursor { chain_id } => {
                let key = Condition::all().add(scan_cursor::Column::ChainId.eq(chain_id));
                held::<scan_cursor::Entity>(db, key, owner, now).await
            }
            Lease::Withdrawal { id } => {
                let key = Condition::all().add(withdrawal::Column::Id.eq(id));
                held::<withdrawal::Entity>(db, key, owner, now).await
            }
            Lease::HotWallet { chain_id, address } => {
                let key = Condition::all()
                    .add(hot_wallet::Column::ChainId.eq(chain_id))
                    .add(hot_wallet::Column::Address.eq(address));
                held::<hot_wallet::Entity>(db, key, owner, now).await
            }
            Lease::Collection { id } => {
                let key = Condition::all().add(collection::Column::Id.eq(id));
                held::<collection::Entity>(db, key, owner, now).await
            }
            Lease::CallbackEvent { id } => {
                let key = Condition::all().add(callback_event::Column::Id.eq(id));
                held::<callback_event::Entity>(db, key, owner, now).await
            }
        }
    }
}

//! [`RateRepo`]: the rate card's rows (`service_rate`). Every write runs in one transaction
//! under the merchant's row lock, so concurrent changes take turns: each closes the row the one
//! before it opened, and no two rows of a service are open or overlap.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{MerchantId, RateRepo};
use coffer_domain::rates::{Rate, RateTerms, Service};
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use super::query::{all_as, lock_merchant, merchant_rows, merchant_rows_newest_first};
use crate::entities::service_rate::{self, Column, Entity};
use crate::entities::{merchant, Stored};
use crate::Store;

fn record(row: service_rate::Model) -> Rate {
    Rate {
        id: row.id,
        merchant_id: row.merchant_id,
        service: row.service.0,
        terms: RateTerms {
            mode: row.charge_mode.0,
            percent_ppm: row.percent_ppm,
            fixed: row.fixed,
            min: row.min_charge,
            max: row.max_charge,
            pay: row.pay_mode.0,
        },
        valid_from: row.valid_from,
        valid_to: row.valid_to,
        created_at: row.created_at,
    }
}

fn rows_of(merchant_id: MerchantId, service: Service) -> sea_orm::Select<Entity> {
    merchant_rows::<Entity>(merchant_id).filter(Column::Service.eq(Stored(service)))
}

/// Inserts the row open from `from`.
async fn open_row(
    tx: &DatabaseTransaction,
    merchant_id: MerchantId,
    service: Service,
    terms: &RateTerms,
    from: DateTime<Utc>,
    now: DateTime<Utc>,
) -> AppResult<service_rate::Model> {
    let row = service_rate::ActiveModel {
        merchant_id: Set(merchant_id),
        service: Set(Stored(service)),
        charge_mode: Set(Stored(terms.mode)),
        percent_ppm: Set(terms.percent_ppm),
        fixed: Set(terms.fixed),
        min_charge: Set(terms.min),
        max_charge: Set(terms.max),
        pay_mode: Set(Stored(terms.pay)),
        valid_from: Set(from),
        valid_to: Set(None),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(tx)
    .await?;
    Ok(row)
}

#[async_trait::async_trait]
impl RateRepo for Store {
    async fn rates_of(&self, merchant_id: MerchantId) -> AppResult<Vec<Rate>> {
        all_as(self, merchant_rows_newest_first::<Entity>(merchant_id), record).await
    }

    async fn rate_at(
        &self,
        merchant_id: MerchantId,
        service: Service,
        at: DateTime<Utc>,
    ) -> AppResult<Option<Rate>> {
        let row = rows_of(merchant_id, service)
            .filter(Column::ValidFrom.lte(at))
            .filter(
                Condition::any()
                    .add(Column::ValidTo.is_null())
                    .add(Column::ValidTo.gt(at)),
            )
            .order_by_desc(Column::ValidFrom)
            .one(self.connection())
            .await?;
        Ok(row.map(record))
    }

    async fn change_rate(
        &self,
        merchant_id: MerchantId,
        service: Service,
        terms: &RateTerms,
        at: DateTime<Utc>,
    ) -> AppResult<Option<Rate>> {
        let tx = self.begin_write().await?;
        lock_merchant(&tx, merchant_id).await?;
        if merchant::Entity::find_by_id(merchant_id)
            .one(&tx)
            .await?
            .is_none()
        {
            return Ok(None);
        }
        let newest = rows_of(merchant_id, service)
            .order_by_desc(Column::ValidFrom)
            .order_by_desc(Column::Id)
            .one(&tx)
            .await?;
        // The new row starts when the newest ends, never before it: a clock behind the
        // newest row's start must not make two rows overlap.
        let from = newest
            .iter()
            .flat_map(|row| [Some(row.valid_from), row.valid_to])
            .flatten()
            .fold(at, DateTime::max);
        if let Some(open) = newest.filter(|row| row.valid_to.is_none()) {
            Entity::update_many()
                .col_expr(Column::ValidTo, Expr::value(from))
                .filter(Column::Id.eq(open.id))
                .exec(&tx)
                .await?;
        }
        let row = open_row(&tx, merchant_id, service, terms, from, at).await?;
        tx.commit().await?;
        Ok(Some(record(row)))
    }

    async fn merchants_without_rate(&self, service: Service) -> AppResult<Vec<MerchantId>> {
        let with_rate = Query::select()
            .column(Column::MerchantId)
            .from(Entity)
            .and_where(Column::Service.eq(Stored(service)))
            .to_owned();
        let ids = merchant::Entity::find()
            .select_only()
            .column(merchant::Column::Id)
            .filter(merchant::Column::Id.not_in_subquery(with_rate))
            .order_by_asc(merchant::Column::Id)
            .into_tuple()
            .all(self.connection())
            .await?;
        Ok(ids)
    }

    async fn open_first_rate(
        &self,
        merchant_id: MerchantId,
        service: Service,
        terms: &RateTerms,
        at: DateTime<Utc>,
    ) -> AppResult<bool> {
        let tx = self.begin_write().await?;
        lock_merchant(&tx, merchant_id).await?;
        if rows_of(merchant_id, service).count(&tx).await? > 0 {
            tx.commit().await?;
            return Ok(false);
        }
        open_row(&tx, merchant_id, service, terms, at, at).await?;
        tx.commit().await?;
        Ok(true)
    }
}

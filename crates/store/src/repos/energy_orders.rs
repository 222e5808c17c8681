//! [`EnergyOrderRepo`]: quotes (`energy_quote`), orders (`energy_order`, leased by the supply
//! round like every background row) and the delegation ledger (`energy_delegation`, every change
//! conditional on the state it leaves).

use chrono::{DateTime, Duration, Utc};
use coffer_domain::codes::StoredCode;
use coffer_domain::energy::orders::{EnergyOrder, EnergyOrderStatus, Quote, QuoteRequest};
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::ports::{
    EnergyFigures, EnergyOrderFilter, EnergyOrderProgress, EnergyOrderRepo, MerchantId, PageRequest, Paged,
    QuoteRefusal,
};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use super::merchant_api::is_unique_violation;
use super::query::{all_as, claim_due, claimable, page_as, release_lease};
use crate::entities::{
    energy_delegation as delegation, energy_order as order, energy_quote as quote, Stored,
};
use crate::Store;

fn quote_of(row: quote::Model) -> Quote {
    Quote {
        id: row.id,
        token: row.token,
        merchant_id: row.merchant_id,
        request: QuoteRequest {
            chain_id: row.chain_id,
            receiver: row.receiver,
            times: row.times,
            days: row.days,
            max_daily: row.max_daily,
            activate: row.activate,
        },
        energy_per_use: row.energy_per_use,
        min_use_energy: row.min_use_energy,
        price_per_use: row.price_per_use,
        activation_points: row.activation_points,
        total_points: row.total_points,
        energy_price: row.energy_price,
        created_at: row.created_at,
        expires_at: row.expires_at,
    }
}

fn order_of(row: order::Model) -> EnergyOrder {
    EnergyOrder {
        id: row.id,
        merchant_id: row.merchant_id,
        chain_id: row.chain_id,
        receiver: row.receiver,
        times: row.times,
        days: row.days,
        max_daily: row.max_daily,
        energy_per_use: row.energy_per_use,
        min_use_energy: row.min_use_energy,
        price_per_use: row.price_per_use,
        activate: row.activate,
        activation_points: row.activation_points,
        total_points: row.total_points,
        used: row.used,
        day: row.day,
        day_uses: row.day_uses,
        status: row.status.0,
        reason: row.reason,
        charged_points: row.charged_points,
        failures: row.failures,
        created_by: row.created_by,
        created_at: row.created_at,
        ends_at: row.ends_at,
        ended_at: row.ended_at,
    }
}

const NOT_ENDED: [EnergyOrderStatus; 2] = [
    EnergyOrderStatus::WaitingProcessing,
    EnergyOrderStatus::Processing,
];

#[async_trait::async_trait]
impl EnergyOrderRepo for Store {
    async fn save_quote(&self, q: &Quote) -> AppResult<Quote> {
        let r = &q.request;
        let row = quote::ActiveModel {
            merchant_id: Set(q.merchant_id),
            token: Set(q.token.clone()),
            chain_id: Set(r.chain_id),
            receiver: Set(r.receiver.clone()),
            times: Set(r.times),
            days: Set(r.days),
            max_daily: Set(r.max_daily),
            energy_per_use: Set(q.energy_per_use),
            min_use_energy: Set(q.min_use_energy),
            price_per_use: Set(q.price_per_use),
            activate: Set(r.activate),
            activation_points: Set(q.activation_points),
            total_points: Set(q.total_points),
            energy_price: Set(q.energy_price),
            order_id: Set(None),
            created_at: Set(q.created_at),
            expires_at: Set(q.expires_at),
            ..Default::default()
        };
        Ok(quote_of(row.insert(self.connection()).await?))
    }

    async fn quote(
        &self,
        merchant_id: MerchantId,
        token: &str,
        now: DateTime<Utc>,
    ) -> AppResult<Result<Quote, QuoteRefusal>> {
        let row = quote::Entity::find()
            .filter(quote::Column::Token.eq(token))
            .filter(quote::Column::MerchantId.eq(merchant_id))
            .one(self.connection())
            .await?;
        Ok(match row {
            None => Err(QuoteRefusal::Unknown),
            Some(row) if row.expires_at < now => Err(QuoteRefusal::Expired),
            Some(row) => Ok(quote_of(row)),
        })
    }

    async fn place_order(
        &self,
        q: &Quote,
        created_by: Option<i64>,
        at: DateTime<Utc>,
    ) -> AppResult<EnergyOrder> {
        let tx = self.begin_write().await?;
        let existing = order::Entity::find_by_id(q.id).one(&tx).await?;
        if let Some(existing) = existing {
            return Ok(order_of(existing));
        }
        let r = &q.request;
        let row = order::ActiveModel {
            id: Set(q.id),
            merchant_id: Set(q.merchant_id),
            chain_id: Set(r.chain_id),
            receiver: Set(r.receiver.clone()),
            times: Set(r.times),
            days: Set(r.days),
            max_daily: Set(r.max_daily),
            energy_per_use: Set(q.energy_per_use),
            min_use_energy: Set(q.min_use_energy),
            price_per_use: Set(q.price_per_use),
            activate: Set(r.activate),
            activation_points: Set(q.activation_points),
            total_points: Set(q.total_points),
            used: Set(0),
            day: Set(String::new()),
            day_uses: Set(0),
            status: Set(Stored(EnergyOrderStatus::WaitingProcessing)),
            reason: Set(String::new()),
            charged_points: Set(0),
            failures: Set(0),
            created_by: Set(created_by),
            created_at: Set(at),
            ends_at: Set(at + Duration::days(r.days)),
            ended_at: Set(None),
            next_at: Set(at),
            updated_at: Set(at),
            lease_owner: Set(String::new()),
            lease_until: Set(None),
        };
        let placed = match row.insert(&tx).await {
            Ok(placed) => placed,
            // Placed by a concurrent call between the read and the insert: that one stands.
            Err(e) if is_unique_violation(&e) => {
                drop(tx);
                let existing = order::Entity::find_by_id(q.id).one(self.connection()).await?;
                return existing
                    .map(order_of)
                    .ok_or_else(|| AppError::internal("an energy order clashed and is gone"));
            }
            Err(e) => return Err(e.into()),
        };
        quote::Entity::update_many()
            .col_expr(quote::Column::OrderId, Expr::value(q.id))
            .filter(quote::Column::Id.eq(q.id))
            .exec(&tx)
            .await?;
        tx.commit().await?;
        Ok(order_of(placed))
    }

    async fn order(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<EnergyOrder>> {
        let row = order::Entity::find_by_id(id)
            .filter(order::Column::MerchantId.eq(merchant_id))
            .one(self.connection())
            .await?;
        Ok(row.map(order_of))
    }

    async fn orders(
        &self,
        merchant_id: MerchantId,
        f: &EnergyOrderFilter,
        page: PageRequest,
    ) -> AppResult<Paged<EnergyOrder>> {
        let mut query = order::Entity::find().filter(order::Column::MerchantId.eq(merchant_id));
        if let Some(status) = f.status {
            query = query.filter(order::Column::Status.eq(status.code()));
        }
        if let Some(receiver) = &f.receiver {
            query = query.filter(order::Column::Receiver.eq(receiver.as_str()));
        }
        page_as(self, query.order_by_desc(order::Column::Id), page, order_of).await
    }

    async fn claim_orders(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<EnergyOrder>> {
        let due = || {
            Condition::all()
                .add(order::Column::Status.is_in(NOT_ENDED.map(|s| s.code())))
                .add(order::Column::NextAt.lte(now))
                .add(claimable::<order::Entity>(owner, now))
        };
        let db = self.connection();
        let won = claim_due::<order::Entity>(
            db,
            order::Column::Id,
            due,
            &[order::Column::NextAt],
            owner,
            until,
            limit,
        )
        .await?;
        let query = order::Entity::find()
            .filter(order::Column::Id.is_in(won))
            .order_by_asc(order::Column::NextAt);
        all_as(self, query, order_of).await
    }

    async fn save_progress(
        &self,
        id: i64,
        owner: &str,
        p: &EnergyOrderProgress,
        at: DateTime<Utc>,
    ) -> AppResult<bool> {
        let saved = release_lease::<order::Entity>(owner)
            .col_expr(order::Column::Used, Expr::value(p.used))
            .col_expr(order::Column::Day, Expr::value(p.day.clone()))
            .col_expr(order::Column::DayUses, Expr::value(p.day_uses))
            .col_expr(order::Column::Status, Expr::value(p.status.code()))
            .col_expr(order::Column::Reason, Expr::value(p.reason.clone()))
            .col_expr(order::Column::ChargedPoints, Expr::value(p.charged_points))
            .col_expr(order::Column::Failures, Expr::value(p.failures))
            .col_expr(order::Column::EndedAt, Expr::value(p.ended_at))
            .col_expr(order::Column::NextAt, Expr::value(p.next_at))
            .col_expr(order::Column::UpdatedAt, Expr::value(at))
            .filter(order::Column::Id.eq(id))
            .filter(order::Column::LeaseOwner.eq(owner))
            .exec(self.connection())
            .await?;
        Ok(saved.rows_affected == 1)
    }

    async fn order_figures(&self, merchant_id: MerchantId, since: DateTime<Utc>) -> AppResult<EnergyFigures> {
        let db = self.connection();
        let in_progress = order::Entity::find()
            .filter(order::Column::MerchantId.eq(merchant_id))
            .filter(order::Column::Status.is_in(NOT_ENDED.map(|s| s.code())))
            .count(db)
            .await?;
        let used: Vec<i64> = delegation::Entity::find()
            .select_only()
            .column(delegation::Column::Energy)
            .filter(delegation::Column::MerchantId.eq(merchant_id))
            .filter(delegation::Column::UsedAt.gte(since))
            .into_tuple()
            .all(db)
            .await?;
        Ok(EnergyFigures {
            in_progress: in_progress as i64,
            uses_since: used.len() as i64,
            energy_since: used.iter().sum(),
        })
    }
}

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::iplist::{ApplyStatus, IpRecord, IpRepo};
use coffer_domain::ports::{MerchantId, PageRequest, Paged};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::entities::partner_ip;
use crate::{db_error, fetch_page, Store};

fn record(m: partner_ip::Model) -> IpRecord {
    IpRecord {
        id: m.id,
        merchant_id: m.merchant_id,
        ip: m.ip,
        remark: m.remark,
        apply_status: m.apply_status,
        created_at: m.created_at,
        reviewed_at: m.reviewed_at,
    }
}

#[async_trait::async_trait]
impl IpRepo for Store {
    async fn page_ips(&self, merchant_id: MerchantId, page: PageRequest) -> AppResult<Paged<IpRecord>> {
        let query = partner_ip::Entity::find()
            .filter(partner_ip::Column::MerchantId.eq(merchant_id))
            .order_by_desc(partner_ip::Column::Id);
        let (rows, total) = fetch_page(self, query, page).await?;
        Ok(Paged {
            list: rows.into_iter().map(record).collect(),
            total,
        })
    }

    async fn live_ips(&self, merchant_id: MerchantId) -> AppResult<Vec<IpRecord>> {
        let rows = partner_ip::Entity::find()
            .filter(partner_ip::Column::MerchantId.eq(merchant_id))
            .filter(
                partner_ip::Column::ApplyStatus
                    .is_in([ApplyStatus::Pending as i32, ApplyStatus::Approved as i32]),
            )
            .all(self.connection())
            .await
            .map_err(db_error)?;
        Ok(rows.into_iter().map(record).collect())
    }

    async fn insert_ip(
        &self,
        merchant_id: MerchantId,
        ip: &str,
        remark: &str,
        at: DateTime<Utc>,
    ) -> AppResult<i64> {
        let row = partner_ip::ActiveModel {
            merchant_id: Set(merchant_id),
            ip: Set(ip.to_string()),
            remark: Set(remark.to_string()),
            apply_status: Set(ApplyStatus::Pending as i32),
            created_at: Set(at),
            reviewed_at: Set(None),
            ..Default::default()
        }
        .insert(self.connection())
        .await
        .map_err(db_error)?;
        Ok(row.id)
    }

    async fn find_ip(&self, id: i64) -> AppResult<Option<IpRecord>> {
        let row = partner_ip::Entity::find_by_id(id)
            .one(self.connection())
            .await
            .map_err(db_error)?;
        Ok(row.map(record))
    }

    async fn delete_ip(&self, id: i64) -> AppResult<()> {
        partner_ip::Entity::delete_by_id(id)
            .exec(self.connection())
            .await
            .map_err(db_error)?;
        Ok(())
    }
}

impl Store {
    /// Operator review: approve or reject a pending request. False if there is none with this id.
    pub async fn review_ip(&self, id: i64, approve: bool) -> Result<bool, coffer_domain::AppError> {
        let status = if approve {
            ApplyStatus::Approved
        } else {
            ApplyStatus::Rejected
        };
        let result = partner_ip::Entity::update_many()
            .col_expr(partner_ip::Column::ApplyStatus, (status as i32).into())
            .col_expr(partner_ip::Column::ReviewedAt, Some(Utc::now()).into())
            .filter(partner_ip::Column::Id.eq(id))
            .filter(partner_ip::Column::ApplyStatus.eq(ApplyStatus::Pending as i32))
            .exec(self.connection())
            .await
            .map_err(db_error)?;
        Ok(result.rows_affected == 1)
    }

    /// Every entry, optionally only those awaiting review: (id, merchant id, ip, remark, status).
    pub async fn all_ips(&self, pending_only: bool) -> Result<Vec<IpRecord>, coffer_domain::AppError> {
        let mut query = partner_ip::Entity::find().order_by_asc(partner_ip::Column::Id);
        if pending_only {
            query = query.filter(partner_ip::Column::ApplyStatus.eq(ApplyStatus::Pending as i32));
        }
        Ok(query
            .all(self.connection())
            .await
            .map_err(db_error)?
            .into_iter()
            .map(record)
            .collect())
    }
}

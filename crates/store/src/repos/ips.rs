use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::iplist::{IpRecord, IpRepo};
use coffer_domain::merchant_api::AllowIpRecord;
use coffer_domain::ports::ApplyStatus;
use coffer_domain::ports::{MerchantId, PageRequest, Paged};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set};

use super::query::{all_as, merchant_rows, merchant_rows_newest_first, merchant_rows_oldest_first, page_as};
use crate::entities::{merchant_allow_ip, merchant_ip, Stored};
use crate::Store;

fn record(m: merchant_ip::Model) -> IpRecord {
    IpRecord {
        id: m.id,
        merchant_id: m.merchant_id,
        ip: m.ip,
        remark: m.remark,
        apply_status: m.apply_status.0,
        created_at: m.created_at,
        reviewed_at: m.reviewed_at,
    }
}

#[async_trait::async_trait]
impl IpRepo for Store {
    async fn page_ips(&self, merchant_id: MerchantId, page: PageRequest) -> AppResult<Paged<IpRecord>> {
        let query = merchant_rows_newest_first::<merchant_ip::Entity>(merchant_id);
        page_as(self, query, page, record).await
    }

    async fn live_ips(&self, merchant_id: MerchantId) -> AppResult<Vec<IpRecord>> {
        let query = merchant_rows::<merchant_ip::Entity>(merchant_id).filter(
            merchant_ip::Column::ApplyStatus
                .is_in([Stored(ApplyStatus::Pending), Stored(ApplyStatus::Approved)]),
        );
        all_as(self, query, record).await
    }

    async fn insert_ip(
        &self,
        merchant_id: MerchantId,
        ip: &str,
        remark: &str,
        at: DateTime<Utc>,
    ) -> AppResult<i64> {
        let row = merchant_ip::ActiveModel {
            merchant_id: Set(merchant_id),
            ip: Set(ip.to_string()),
            remark: Set(remark.to_string()),
            apply_status: Set(Stored(ApplyStatus::Pending)),
            created_at: Set(at),
            reviewed_at: Set(None),
            ..Default::default()
        }
        .insert(self.connection())
        .await?;
        Ok(row.id)
    }

    async fn find_ip(&self, id: i64) -> AppResult<Option<IpRecord>> {
        let row = merchant_ip::Entity::find_by_id(id).one(self.connection()).await?;
        Ok(row.map(record))
    }

    async fn delete_ip(&self, id: i64) -> AppResult<()> {
        merchant_ip::Entity::delete_by_id(id)
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn allow_ips(&self, merchant_id: MerchantId) -> AppResult<Vec<AllowIpRecord>> {
        let query = merchant_rows_oldest_first::<merchant_allow_ip::Entity>(merchant_id);
        all_as(self, query, |r| AllowIpRecord {
            ip: r.ip,
            created_at: r.created_at,
        })
        .await
    }

    async fn replace_allow_ips(
        &self,
        merchant_id: MerchantId,
        ips: &[String],
        at: DateTime<Utc>,
    ) -> AppResult<()> {
        let tx = self.begin_write().await?;
        let existing = merchant_allow_ip::Entity::find()
            .filter(merchant_allow_ip::Column::MerchantId.eq(merchant_id))
            .all(&tx)
            .await?;
        // Entries that stay keep their creation time.
        let gone: Vec<i64> = existing
            .iter()
            .filter(|r| !ips.contains(&r.ip))
            .map(|r| r.id)
            .collect();
        if !gone.is_empty() {
            merchant_allow_ip::Entity::delete_many()
                .filter(merchant_allow_ip::Column::Id.is_in(gone))
                .exec(&tx)
                .await?;
        }
        for ip in ips.iter().filter(|ip| !existing.iter().any(|r| &r.ip == *ip)) {
            merchant_allow_ip::ActiveModel {
                merchant_id: Set(merchant_id),
                ip: Set(ip.clone()),
                created_at: Set(at),
                ..Default::default()
            }
            .insert(&tx)
            .await?;
        }
        Ok(tx.commit().await?)
    }

    async fn caller_ip_allowed(&self, merchant_id: MerchantId, ip: &str) -> AppResult<bool> {
        let db = self.connection();
        let whitelisted = merchant_allow_ip::Entity::find()
            .filter(merchant_allow_ip::Column::MerchantId.eq(merchant_id))
            .filter(merchant_allow_ip::Column::Ip.eq(ip))
            .count(db)
            .await?;
        if whitelisted > 0 {
            return Ok(true);
        }
        let approved = merchant_ip::Entity::find()
            .filter(merchant_ip::Column::MerchantId.eq(merchant_id))
            .filter(merchant_ip::Column::Ip.eq(ip))
            .filter(merchant_ip::Column::ApplyStatus.eq(Stored(ApplyStatus::Approved)))
            .count(db)
            .await?;
        Ok(approved > 0)
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
        let result = merchant_ip::Entity::update_many()
            .col_expr(merchant_ip::Column::ApplyStatus, Stored(status).into())
            .col_expr(merchant_ip::Column::ReviewedAt, Some(Utc::now()).into())
            .filter(merchant_ip::Column::Id.eq(id))
            .filter(merchant_ip::Column::ApplyStatus.eq(Stored(ApplyStatus::Pending)))
            .exec(self.connection())
            .await?;
        Ok(result.rows_affected == 1)
    }

    /// Every entry, optionally only those awaiting review: (id, merchant id, ip, remark, status).
    pub async fn all_ips(&self, pending_only: bool) -> Result<Vec<IpRecord>, coffer_domain::AppError> {
        let mut query = merchant_ip::Entity::find().order_by_asc(merchant_ip::Column::Id);
        if pending_only {
            query = query.filter(merchant_ip::Column::ApplyStatus.eq(Stored(ApplyStatus::Pending)));
        }
        Ok(query
            .all(self.connection())
            .await?
            .into_iter()
            .map(record)
            .collect())
    }
}

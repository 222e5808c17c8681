use super::text_filter::contains_any_case;
use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::iplist::ApplyStatus;
use coffer_domain::merchant_api::{
    AllowIpRecord, ApiCaller, ApiSettingsRecord, BlacklistFilter, BlacklistRecord, MerchantApiRepo,
    NewApiKey, StoredClientKey,
};
use coffer_domain::messages::MsgKey;
use coffer_domain::ports::{CallbackDirectory, MerchantId, MerchantStatus, PageRequest, Paged};
use coffer_domain::AppError;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set};

use crate::entities::{
    address_blacklist, merchant, merchant_allow_ip, merchant_api_nonce, merchant_api_setting, partner_ip,
};
use crate::{db_error, fetch_page, Store};

use merchant_api_setting::Column as S;

fn settings(m: merchant_api_setting::Model) -> ApiSettingsRecord {
    let client_key = match (
        m.client_key,
        m.client_key_fingerprint,
        m.client_key_bits,
        m.client_key_updated_at,
    ) {
        (Some(pem), Some(fingerprint), Some(bits), Some(updated_at)) => Some(StoredClientKey {
            pem,
            fingerprint,
            bits: bits as u32,
            updated_at,
        }),
        _ => None,
    };
    ApiSettingsRecord {
        key_id: m.key_id,
        key_sealed: m.key_sealed,
        key_created_at: m.key_created_at,
        client_key,
        callback_url: m.callback_url,
        risk_url: m.risk_url,
    }
}

fn blacklist(m: address_blacklist::Model) -> BlacklistRecord {
    BlacklistRecord {
        id: m.id,
        merchant_id: m.merchant_id,
        chain_id: m.chain_id,
        address: m.address,
        remark: m.remark,
        created_at: m.created_at,
    }
}

pub(crate) fn is_unique_violation(err: &sea_orm::DbErr) -> bool {
    matches!(err.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_)))
}

impl Store {
    /// Inserts the merchant's settings row or updates `columns` of it (plus `updated_at`).
    async fn upsert_settings(
        &self,
        row: merchant_api_setting::ActiveModel,
        columns: &[merchant_api_setting::Column],
    ) -> AppResult<()> {
        let mut update = columns.to_vec();
        update.push(S::UpdatedAt);
        merchant_api_setting::Entity::insert(row)
            .on_conflict(
                OnConflict::column(S::MerchantId)
                    .update_columns(update)
                    .to_owned(),
            )
            .exec_without_returning(self.connection())
            .await
            .map_err(db_error)?;
        Ok(())
    }

    async fn settings_row(&self, merchant_id: MerchantId) -> AppResult<Option<merchant_api_setting::Model>> {
        merchant_api_setting::Entity::find_by_id(merchant_id)
            .one(self.connection())
            .await
            .map_err(db_error)
    }
}

#[async_trait::async_trait]
impl MerchantApiRepo for Store {
    async fn api_settings(&self, merchant_id: MerchantId) -> AppResult<ApiSettingsRecord> {
        Ok(self
            .settings_row(merchant_id)
            .await?
            .map(settings)
            .unwrap_or_default())
    }

    async fn set_api_key(&self, merchant_id: MerchantId, key: NewApiKey<'_>) -> AppResult<()> {
        let row = merchant_api_setting::ActiveModel {
            merchant_id: Set(merchant_id),
            key_id: Set(Some(key.key_id.to_string())),
            key_hash: Set(Some(key.key_hash.to_string())),
            key_sealed: Set(Some(key.sealed.to_string())),
            key_created_at: Set(Some(key.at)),
            updated_at: Set(key.at),
            ..Default::default()
        };
        self.upsert_settings(row, &[S::KeyId, S::KeyHash, S::KeySealed, S::KeyCreatedAt])
            .await
    }

    async fn set_client_key(&self, merchant_id: MerchantId, key: &StoredClientKey) -> AppResult<()> {
        let row = merchant_api_setting::ActiveModel {
            merchant_id: Set(merchant_id),
            client_key: Set(Some(key.pem.clone())),
            client_key_fingerprint: Set(Some(key.fingerprint.clone())),
            client_key_bits: Set(Some(key.bits as i32)),
            client_key_updated_at: Set(Some(key.updated_at)),
            updated_at: Set(key.updated_at),
            ..Default::default()
        };
        self.upsert_settings(
            row,
            &[
                S::ClientKey,
                S::ClientKeyFingerprint,
                S::ClientKeyBits,
                S::ClientKeyUpdatedAt,
            ],
        )
        .await
    }

    async fn set_callback_url(
        &self,
        merchant_id: MerchantId,
        url: Option<&str>,
        at: DateTime<Utc>,
    ) -> AppResult<()> {
        let row = merchant_api_setting::ActiveModel {
            merchant_id: Set(merchant_id),
            callback_url: Set(url.map(str::to_string)),
            updated_at: Set(at),
            ..Default::default()
        };
        self.upsert_settings(row, &[S::CallbackUrl]).await
    }

    async fn set_risk_url(
        &self,
        merchant_id: MerchantId,
        url: Option<&str>,
        at: DateTime<Utc>,
    ) -> AppResult<()> {
        let row = merchant_api_setting::ActiveModel {
            merchant_id: Set(merchant_id),
            risk_url: Set(url.map(str::to_string)),
            updated_at: Set(at),
            ..Default::default()
        };
        self.upsert_settings(row, &[S::RiskUrl]).await
    }

    async fn caller_by_key_hash(&self, key_hash: &str) -> AppResult<Option<ApiCaller>> {
        let db = self.connection();
        let Some(row) = merchant_api_setting::Entity::find()
            .filter(S::KeyHash.eq(key_hash))
            .one(db)
            .await
            .map_err(db_error)?
        else {
            return Ok(None);
        };
        let status = merchant::Entity::find_by_id(row.merchant_id)
            .one(db)
            .await
            .map_err(db_error)?
            .map_or(MerchantStatus::Disabled, |m| MerchantStatus::from_i32(m.status));
        Ok(Some(ApiCaller {
            merchant_id: row.merchant_id,
            merchant_status: status,
            client_key_pem: row.client_key,
        }))
    }

    async fn allow_ips(&self, merchant_id: MerchantId) -> AppResult<Vec<AllowIpRecord>> {
        let rows = merchant_allow_ip::Entity::find()
            .filter(merchant_allow_ip::Column::MerchantId.eq(merchant_id))
            .order_by_asc(merchant_allow_ip::Column::Id)
            .all(self.connection())
            .await
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|r| AllowIpRecord {
                ip: r.ip,
                created_at: r.created_at,
            })
            .collect())
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
            .await
            .map_err(db_error)?;
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
                .await
                .map_err(db_error)?;
        }
        for ip in ips.iter().filter(|ip| !existing.iter().any(|r| &r.ip == *ip)) {
            merchant_allow_ip::ActiveModel {
                merchant_id: Set(merchant_id),
                ip: Set(ip.clone()),
                created_at: Set(at),
                ..Default::default()
            }
            .insert(&tx)
            .await
            .map_err(db_error)?;
        }
        tx.commit().await.map_err(db_error)
    }

    async fn caller_ip_allowed(&self, merchant_id: MerchantId, ip: &str) -> AppResult<bool> {
        let db = self.connection();
        let whitelisted = merchant_allow_ip::Entity::find()
            .filter(merchant_allow_ip::Column::MerchantId.eq(merchant_id))
            .filter(merchant_allow_ip::Column::Ip.eq(ip))
            .count(db)
            .await
            .map_err(db_error)?;
        if whitelisted > 0 {
            return Ok(true);
        }
        let approved = partner_ip::Entity::find()
            .filter(partner_ip::Column::MerchantId.eq(merchant_id))
            .filter(partner_ip::Column::Ip.eq(ip))
            .filter(partner_ip::Column::ApplyStatus.eq(ApplyStatus::Approved as i32))
            .count(db)
            .await
            .map_err(db_error)?;
        Ok(approved > 0)
    }

    async fn nonce_used(&self, merchant_id: MerchantId, nonce: &str, now: DateTime<Utc>) -> AppResult<bool> {
        let row = merchant_api_nonce::Entity::find_by_id((merchant_id, nonce.to_string()))
            .one(self.connection())
            .await
            .map_err(db_error)?;
        Ok(row.is_some_and(|r| r.expires_at > now))
    }

    async fn use_nonce(
        &self,
        merchant_id: MerchantId,
        nonce: &str,
        expires_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> AppResult<bool> {
        let db = self.connection();
        merchant_api_nonce::Entity::delete_many()
            .filter(merchant_api_nonce::Column::MerchantId.eq(merchant_id))
            .filter(merchant_api_nonce::Column::ExpiresAt.lte(now))
            .exec(db)
            .await
            .map_err(db_error)?;
        let inserted = merchant_api_nonce::Entity::insert(merchant_api_nonce::ActiveModel {
            merchant_id: Set(merchant_id),
            nonce: Set(nonce.to_string()),
            expires_at: Set(expires_at),
        })
        .exec_without_returning(db)
        .await;
        match inserted {
            Ok(_) => Ok(true),
            Err(err) if is_unique_violation(&err) => Ok(false),
            Err(err) => Err(db_error(err)),
        }
    }

    async fn page_blacklist(
        &self,
        merchant_id: MerchantId,
        filter: &BlacklistFilter,
        page: PageRequest,
    ) -> AppResult<Paged<BlacklistRecord>> {
        let mut query = address_blacklist::Entity::find()
            .filter(address_blacklist::Column::MerchantId.eq(merchant_id))
            .order_by_desc(address_blacklist::Column::Id);
        if let Some(chain_id) = filter.chain_id {
            query = query.filter(address_blacklist::Column::ChainId.eq(chain_id));
        }
        if let Some(address) = filter.address.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            // Case-insensitive on both databases, as the deposit address filter.
            query = query.filter(contains_any_case(address_blacklist::Column::Address, address));
        }
        let (rows, total) = fetch_page(self, query, page).await?;
        Ok(Paged {
            list: rows.into_iter().map(blacklist).collect(),
            total,
        })
    }

    async fn insert_blacklist(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        address: &str,
        remark: &str,
        at: DateTime<Utc>,
    ) -> AppResult<i64> {
        let inserted = address_blacklist::ActiveModel {
            merchant_id: Set(merchant_id),
            chain_id: Set(chain_id),
            address: Set(address.to_string()),
            remark: Set(remark.to_string()),
            created_at: Set(at),
            ..Default::default()
        }
        .insert(self.connection())
        .await;
        match inserted {
            Ok(row) => Ok(row.id),
            Err(err) if is_unique_violation(&err) => Err(AppError::Invalid(MsgKey::AddressBlacklisted)),
            Err(err) => Err(db_error(err)),
        }
    }

    async fn find_blacklist(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<BlacklistRecord>> {
        let row = address_blacklist::Entity::find_by_id(id)
            .filter(address_blacklist::Column::MerchantId.eq(merchant_id))
            .one(self.connection())
            .await
            .map_err(db_error)?;
        Ok(row.map(blacklist))
    }

    async fn delete_blacklist(&self, merchant_id: MerchantId, id: i64) -> AppResult<bool> {
        let result = address_blacklist::Entity::delete_many()
            .filter(address_blacklist::Column::Id.eq(id))
            .filter(address_blacklist::Column::MerchantId.eq(merchant_id))
            .exec(self.connection())
            .await
            .map_err(db_error)?;
        Ok(result.rows_affected == 1)
    }

    async fn is_blacklisted(&self, merchant_id: MerchantId, chain_id: i64, address: &str) -> AppResult<bool> {
        let count = address_blacklist::Entity::find()
            .filter(address_blacklist::Column::MerchantId.eq(merchant_id))
            .filter(address_blacklist::Column::ChainId.eq(chain_id))
            .filter(address_blacklist::Column::Address.eq(address))
            .count(self.connection())
            .await
            .map_err(db_error)?;
        Ok(count > 0)
    }
}

#[async_trait::async_trait]
impl CallbackDirectory for Store {
    async fn callback_url(&self, merchant_id: MerchantId) -> AppResult<Option<String>> {
        Ok(self
            .settings_row(merchant_id)
            .await?
            .and_then(|row| row.callback_url))
    }
}

impl Store {
    /// The sealed API keys, for master key rotation: (merchant id, sealed key).
    pub(crate) async fn sealed_api_keys(&self) -> AppResult<Vec<(MerchantId, String)>> {
        let rows = merchant_api_setting::Entity::find()
            .filter(S::KeySealed.is_not_null())
            .all(self.connection())
            .await
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .filter_map(|r| r.key_sealed.map(|sealed| (r.merchant_id, sealed)))
            .collect())
    }
}

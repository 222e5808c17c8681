//! [`MerchantApiRepo`]: a merchant's API settings and keys, the caller a key names, and the
//! nonces that stop replays. The IP lists are ips.rs, the blacklist blacklist.rs.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::merchant_api::{
    ApiCaller, ApiSettingsRecord, MerchantApiRepo, NewApiKey, StoredClientKey,
};
use coffer_domain::ports::{CallbackDirectory, MerchantId, MerchantStatus};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use crate::entities::{merchant, merchant_api_nonce, merchant_api_setting};
use crate::Store;

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

pub(crate) fn is_unique_violation(err: &sea_orm::DbErr) -> bool {
    matches!(err.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_)))
}

impl Store {
    /// Sets one URL setting (callback, risk check); None clears it.
    async fn set_url(
        &self,
        merchant_id: MerchantId,
        column: merchant_api_setting::Column,
        url: Option<&str>,
        at: DateTime<Utc>,
    ) -> AppResult<()> {
        let mut row = merchant_api_setting::ActiveModel {
            merchant_id: Set(merchant_id),
            updated_at: Set(at),
            ..Default::default()
        };
        row.set(column, url.map(str::to_string).into());
        self.upsert_settings(row, &[column]).await
    }

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
            .await?;
        Ok(())
    }

    async fn settings_row(&self, merchant_id: MerchantId) -> AppResult<Option<merchant_api_setting::Model>> {
        merchant_api_setting::Entity::find_by_id(merchant_id)
            .one(self.connection())
            .await
            .map_err(Into::into)
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
        self.set_url(merchant_id, S::CallbackUrl, url, at).await
    }

    async fn set_risk_url(
        &self,
        merchant_id: MerchantId,
        url: Option<&str>,
        at: DateTime<Utc>,
    ) -> AppResult<()> {
        self.set_url(merchant_id, S::RiskUrl, url, at).await
    }

    async fn caller_by_key_hash(&self, key_hash: &str) -> AppResult<Option<ApiCaller>> {
        let db = self.connection();
        let Some(row) = merchant_api_setting::Entity::find()
            .filter(S::KeyHash.eq(key_hash))
            .one(db)
            .await?
        else {
            return Ok(None);
        };
        let status = merchant::Entity::find_by_id(row.merchant_id)
            .one(db)
            .await?
            .map_or(MerchantStatus::Disabled, |m| m.status.0);
        Ok(Some(ApiCaller {
            merchant_id: row.merchant_id,
            merchant_status: status,
            client_key_pem: row.client_key,
        }))
    }

    async fn nonce_used(&self, merchant_id: MerchantId, nonce: &str, now: DateTime<Utc>) -> AppResult<bool> {
        let row = merchant_api_nonce::Entity::find_by_id((merchant_id, nonce.to_string()))
            .one(self.connection())
            .await?;
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
            .await?;
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
            Err(err) => Err(err.into()),
        }
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
            .await?;
        Ok(rows
            .into_iter()
            .filter_map(|r| r.key_sealed.map(|sealed| (r.merchant_id, sealed)))
            .collect())
    }
}

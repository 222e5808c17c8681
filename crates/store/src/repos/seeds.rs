use coffer_domain::error::AppResult;
use coffer_domain::ports::{MerchantId, SealedSecret, SecretKind, SeedRepo};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

use crate::entities::{app_user, key_check, key_counter, merchant_api_setting, merchant_seed, platform_key};
use crate::Store;

#[async_trait::async_trait]
impl SeedRepo for Store {
    async fn sealed_seed(&self, merchant_id: MerchantId) -> AppResult<Option<String>> {
        let row = merchant_seed::Entity::find_by_id(merchant_id)
            .one(self.connection())
            .await?;
        Ok(row.map(|r| r.sealed))
    }

    async fn insert_seed(&self, merchant_id: MerchantId, sealed: &str, imported: bool) -> AppResult<bool> {
        let inserted = merchant_seed::Entity::insert(merchant_seed::ActiveModel {
            merchant_id: Set(merchant_id),
            sealed: Set(sealed.to_string()),
            imported: Set(imported),
            created_at: Set(chrono::Utc::now()),
        })
        .on_conflict(
            OnConflict::column(merchant_seed::Column::MerchantId)
                .do_nothing()
                .to_owned(),
        )
        .do_nothing()
        .exec(self.connection())
        .await?;
        Ok(matches!(inserted, sea_orm::TryInsertResult::Inserted(_)))
    }

    async fn next_key_index(&self, merchant_id: MerchantId, family: &str, purpose: i32) -> AppResult<u32> {
        let tx = self.begin_write().await?;
        key_counter::Entity::insert(key_counter::ActiveModel {
            merchant_id: Set(merchant_id),
            family: Set(family.to_string()),
            purpose: Set(purpose),
            next_index: Set(0),
        })
        .on_conflict(
            OnConflict::columns([
                key_counter::Column::MerchantId,
                key_counter::Column::Family,
                key_counter::Column::Purpose,
            ])
            .do_nothing()
            .to_owned(),
        )
        .do_nothing()
        .exec(&tx)
        .await?;
        let key = |q: sea_orm::UpdateMany<key_counter::Entity>| {
            q.filter(key_counter::Column::MerchantId.eq(merchant_id))
                .filter(key_counter::Column::Family.eq(family))
                .filter(key_counter::Column::Purpose.eq(purpose))
        };
        // The increment takes the row lock first, so two callers never read the same value.
        key(key_counter::Entity::update_many())
            .col_expr(
                key_counter::Column::NextIndex,
                Expr::col(key_counter::Column::NextIndex).add(1),
            )
            .exec(&tx)
            .await?;
        let row = key_counter::Entity::find_by_id((merchant_id, family.to_string(), purpose))
            .one(&tx)
            .await?
            .ok_or_else(|| coffer_domain::AppError::internal("key counter row missing"))?;
        tx.commit().await?;
        u32::try_from(row.next_index - 1)
            .ok()
            .filter(|i| *i < 0x8000_0000) // BIP32 non-hardened range
            .ok_or_else(|| coffer_domain::AppError::internal("key index space exhausted"))
    }

    async fn key_check(&self) -> AppResult<Option<String>> {
        let row = key_check::Entity::find_by_id(1).one(self.connection()).await?;
        Ok(row.map(|r| r.sealed))
    }

    async fn insert_key_check(&self, sealed: &str) -> AppResult<()> {
        key_check::Entity::insert(key_check::ActiveModel {
            id: Set(1),
            sealed: Set(sealed.to_string()),
            created_at: Set(chrono::Utc::now()),
        })
        .on_conflict(OnConflict::column(key_check::Column::Id).do_nothing().to_owned())
        .do_nothing()
        .exec(self.connection())
        .await?;
        Ok(())
    }

    async fn sealed_secrets(&self) -> AppResult<Vec<SealedSecret>> {
        let db = self.connection();
        let mut out = Vec::new();
        for row in key_check::Entity::find().all(db).await? {
            out.push(SealedSecret {
                kind: SecretKind::KeyCheck,
                row: row.id.into(),
                sealed: row.sealed,
            });
        }
        for row in merchant_seed::Entity::find().all(db).await? {
            out.push(SealedSecret {
                kind: SecretKind::MerchantSeed,
                row: row.merchant_id,
                sealed: row.sealed,
            });
        }
        for row in platform_key::Entity::find().all(db).await? {
            out.push(SealedSecret {
                kind: SecretKind::PlatformKey,
                row: row.id,
                sealed: row.sealed_private,
            });
        }
        for (merchant_id, sealed) in self.sealed_api_keys().await? {
            out.push(SealedSecret {
                kind: SecretKind::ApiKey,
                row: merchant_id,
                sealed,
            });
        }
        for user in app_user::Entity::find().all(db).await? {
            if let Some(sealed) = user.totp_secret {
                out.push(SealedSecret {
                    kind: SecretKind::TotpSecret,
                    row: user.id,
                    sealed,
                });
            }
            if let Some(sealed) = user.totp_pending {
                out.push(SealedSecret {
                    kind: SecretKind::TotpPending,
                    row: user.id,
                    sealed,
                });
            }
        }
        Ok(out)
    }

    async fn reseal(&self, secrets: &[SealedSecret]) -> AppResult<()> {
        let tx = self.begin_write().await?;
        for s in secrets {
            let value = s.sealed.clone();
            let result = match s.kind {
                SecretKind::KeyCheck => {
                    key_check::Entity::update_many()
                        .col_expr(key_check::Column::Sealed, Expr::value(value))
                        .filter(key_check::Column::Id.eq(s.row))
                        .exec(&tx)
                        .await
                }
                SecretKind::MerchantSeed => {
                    merchant_seed::Entity::update_many()
                        .col_expr(merchant_seed::Column::Sealed, Expr::value(value))
                        .filter(merchant_seed::Column::MerchantId.eq(s.row))
                        .exec(&tx)
                        .await
                }
                SecretKind::TotpSecret => {
                    app_user::Entity::update_many()
                        .col_expr(app_user::Column::TotpSecret, Expr::value(value))
                        .filter(app_user::Column::Id.eq(s.row))
                        .exec(&tx)
                        .await
                }
                SecretKind::TotpPending => {
                    app_user::Entity::update_many()
                        .col_expr(app_user::Column::TotpPending, Expr::value(value))
                        .filter(app_user::Column::Id.eq(s.row))
                        .exec(&tx)
                        .await
                }
                SecretKind::PlatformKey => {
                    platform_key::Entity::update_many()
                        .col_expr(platform_key::Column::SealedPrivate, Expr::value(value))
                        .filter(platform_key::Column::Id.eq(s.row))
                        .exec(&tx)
                        .await
                }
                SecretKind::ApiKey => {
                    merchant_api_setting::Entity::update_many()
                        .col_expr(merchant_api_setting::Column::KeySealed, Expr::value(value))
                        .filter(merchant_api_setting::Column::MerchantId.eq(s.row))
                        .exec(&tx)
                        .await
                }
            };
            result?;
        }
        Ok(tx.commit().await?)
    }
}

use coffer_domain::error::AppResult;
use coffer_domain::ports::{MerchantId, SealedSecret, SecretKind, SeedRepo};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

use super::query::{insert_once, set_column};
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
        let seed = merchant_seed::ActiveModel {
            merchant_id: Set(merchant_id),
            sealed: Set(sealed.to_string()),
            imported: Set(imported),
            created_at: Set(chrono::Utc::now()),
        };
        Ok(insert_once(self.connection(), seed, [merchant_seed::Column::MerchantId]).await?)
    }

    async fn next_key_index(&self, merchant_id: MerchantId, family: &str, purpose: i32) -> AppResult<u32> {
        let tx = self.begin_write().await?;
        let counter = key_counter::ActiveModel {
            merchant_id: Set(merchant_id),
            family: Set(family.to_string()),
            purpose: Set(purpose),
            next_index: Set(0),
        };
        use key_counter::Column as K;
        insert_once(&tx, counter, [K::MerchantId, K::Family, K::Purpose]).await?;
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
        let check = key_check::ActiveModel {
            id: Set(1),
            sealed: Set(sealed.to_string()),
            created_at: Set(chrono::Utc::now()),
        };
        insert_once(self.connection(), check, [key_check::Column::Id]).await?;
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
        use app_user::Column as User;
        use key_check::Column as Check;
        use merchant_api_setting::Column as Api;
        use merchant_seed::Column as Seed;
        use platform_key::Column as Key;
        let tx = self.begin_write().await?;
        for s in secrets {
            let (row, value) = (s.row, s.sealed.clone());
            match s.kind {
                SecretKind::KeyCheck => set_column(&tx, Check::Sealed, Check::Id, row, value).await,
                SecretKind::MerchantSeed => set_column(&tx, Seed::Sealed, Seed::MerchantId, row, value).await,
                SecretKind::TotpSecret => set_column(&tx, User::TotpSecret, User::Id, row, value).await,
                SecretKind::TotpPending => set_column(&tx, User::TotpPending, User::Id, row, value).await,
                SecretKind::PlatformKey => set_column(&tx, Key::SealedPrivate, Key::Id, row, value).await,
                SecretKind::ApiKey => set_column(&tx, Api::KeySealed, Api::MerchantId, row, value).await,
            }?;
        }
        Ok(tx.commit().await?)
    }
}

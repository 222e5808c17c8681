//! The home config's cache version (see `ConfigRepo::config_version`): one counter per scope,
//! moved on in the transaction of the change it announces.

use coffer_domain::config::ConfigVersion;
use coffer_domain::ports::MerchantId;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set};

use crate::entities::config_version;

/// The scope of the platform's chains and tokens; a merchant's scope is its id (never 0).
pub(crate) const PLATFORM: i64 = 0;

/// Counts the scope's version up by one (its first change makes it 1).
pub(crate) async fn bump(db: &impl ConnectionTrait, scope: i64) -> Result<(), DbErr> {
    use config_version::Column as V;
    config_version::Entity::insert(config_version::ActiveModel {
        scope: Set(scope),
        version: Set(1),
    })
    .on_conflict(
        OnConflict::column(V::Scope)
            .value(V::Version, Expr::col((config_version::Entity, V::Version)).add(1))
            .to_owned(),
    )
    .exec(db)
    .await?;
    Ok(())
}

async fn version_of(db: &impl ConnectionTrait, scope: i64) -> Result<i64, DbErr> {
    let row = config_version::Entity::find_by_id(scope).one(db).await?;
    Ok(row.map_or(0, |r| r.version))
}

pub(crate) async fn read(db: &impl ConnectionTrait, merchant_id: MerchantId) -> Result<ConfigVersion, DbErr> {
    Ok(ConfigVersion {
        platform: version_of(db, PLATFORM).await?,
        merchant: version_of(db, merchant_id).await?,
    })
}

use coffer_domain::ports::HotWalletStatus;
use sea_orm::entity::prelude::*;

use super::Stored;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hot_wallet")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub chain_id: i64,
    pub address: String,
    pub key_index: i64,
    pub status: Stored<HotWalletStatus>,
    pub remark: String,
    pub created_at: DateTimeUtc,
    pub lease_owner: String,
    pub lease_until: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

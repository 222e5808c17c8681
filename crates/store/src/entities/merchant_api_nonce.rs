use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "merchant_api_nonce")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub merchant_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub nonce: String,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

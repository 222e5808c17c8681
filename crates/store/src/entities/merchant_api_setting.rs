use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "merchant_api_setting")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub merchant_id: i64,
    pub key_id: Option<String>,
    pub key_hash: Option<String>,
    pub key_sealed: Option<String>,
    pub key_created_at: Option<DateTimeUtc>,
    pub client_key: Option<String>,
    pub client_key_fingerprint: Option<String>,
    pub client_key_bits: Option<i32>,
    pub client_key_updated_at: Option<DateTimeUtc>,
    pub callback_url: Option<String>,
    pub updated_at: DateTimeUtc,
    pub risk_url: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

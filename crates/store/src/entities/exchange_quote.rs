use coffer_domain::amount::BaseUnits;
use coffer_domain::exchange::pairs::SourceKind;
use sea_orm::entity::prelude::*;

use super::Stored;

/// A quote given to the merchant API (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "exchange_quote")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub token: String,
    pub pair_id: i64,
    pub amount_in: Stored<BaseUnits>,
    pub amount_out: Stored<BaseUnits>,
    pub rate: String,
    pub market_rate: String,
    pub spread_bp: i32,
    pub source_kind: Stored<SourceKind>,
    pub source_label: String,
    pub price_at: DateTimeUtc,
    pub order_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

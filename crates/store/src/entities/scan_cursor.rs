use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "scan_cursor")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub chain_id: i64,
    pub next_block: i64,
    pub lease_owner: String,
    pub lease_until: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
    /// The chain's tip as the scanner last saw it (the home overview's scan lag).
    pub tip_height: Option<i64>,
    pub tip_seen_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

/// A hold not yet resolved (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "point_open_hold")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub transfer_id: i64,
    pub hold_until: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

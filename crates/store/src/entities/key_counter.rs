use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "key_counter")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub merchant_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub family: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub purpose: i32,
    pub next_index: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

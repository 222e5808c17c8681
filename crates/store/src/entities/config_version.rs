use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "config_version")]
pub struct Model {
    /// 0: the platform's chains and tokens; otherwise a merchant's id.
    #[sea_orm(primary_key, auto_increment = false)]
    pub scope: i64,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

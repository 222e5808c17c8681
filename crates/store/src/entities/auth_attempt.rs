use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "auth_attempt")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub subject: String,
    pub source: String,
    pub failures: i32,
    pub window_start: Option<DateTimeUtc>,
    pub locked_until: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! Column and index helpers shared by the migrations (each migration's SQL must never change
//! once released, so these only build what they are asked for).

use sea_orm_migration::prelude::*;

pub fn col(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
}

pub fn id() -> ColumnDef {
    col("id")
        .big_integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

pub fn at(name: &str) -> ColumnDef {
    col(name).timestamp_with_time_zone().not_null().to_owned()
}

pub fn at_null(name: &str) -> ColumnDef {
    col(name).timestamp_with_time_zone().null().to_owned()
}

pub fn merchant_fk(table: &str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(Alias::new(table), Alias::new("merchant_id"))
        .to(Alias::new("merchant"), Alias::new("id"))
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

pub async fn index(
    m: &SchemaManager<'_>,
    table: &str,
    name: &str,
    cols: &[&str],
    unique: bool,
) -> Result<(), DbErr> {
    let mut index = Index::create();
    index.name(name).table(Alias::new(table));
    if unique {
        index.unique();
    }
    for c in cols {
        index.col(Alias::new(*c));
    }
    m.create_index(index.to_owned()).await
}

/// One column added to an existing table (SQLite takes one per ALTER TABLE).
pub async fn add_column(m: &SchemaManager<'_>, table: &str, column: ColumnDef) -> Result<(), DbErr> {
    let mut column = column;
    m.alter_table(
        Table::alter()
            .table(Alias::new(table))
            .add_column(&mut column)
            .to_owned(),
    )
    .await
}

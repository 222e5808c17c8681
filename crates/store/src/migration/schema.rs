//! The builders every migration uses. A released migration must keep producing the same SQL
//! (tests/schema.rs compares the result with a snapshot), so a helper only ever builds exactly
//! what its name says, in the same order of clauses; a new shape gets a new helper.

use sea_orm_migration::prelude::*;

pub fn col(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
}

/// The auto-incremented BIGINT primary key `id`.
pub fn id() -> ColumnDef {
    col("id")
        .big_integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

/// A BIGINT primary key the code assigns (catalogue ids, heights, one row per merchant).
pub fn big_key(name: &str) -> ColumnDef {
    col(name).big_integer().not_null().primary_key().to_owned()
}

pub fn big(name: &str) -> ColumnDef {
    col(name).big_integer().not_null().to_owned()
}

pub fn int(name: &str) -> ColumnDef {
    col(name).integer().not_null().to_owned()
}

/// VARCHAR: names, addresses, hashes.
pub fn string(name: &str) -> ColumnDef {
    col(name).string().not_null().to_owned()
}

/// TEXT: bodies, sealed secrets and amounts (decimal strings of base units, never floats).
pub fn text(name: &str) -> ColumnDef {
    col(name).text().not_null().to_owned()
}

pub fn boolean(name: &str) -> ColumnDef {
    col(name).boolean().not_null().to_owned()
}

/// A boolean that starts false.
pub fn flag(name: &str) -> ColumnDef {
    col(name).boolean().not_null().default(false).to_owned()
}

pub fn at(name: &str) -> ColumnDef {
    col(name).timestamp_with_time_zone().not_null().to_owned()
}

pub fn at_null(name: &str) -> ColumnDef {
    col(name).timestamp_with_time_zone().null().to_owned()
}

pub fn table(name: &str) -> TableCreateStatement {
    Table::create().table(Alias::new(name)).to_owned()
}

/// `table.column` refers to `target.id`; deleting the target deletes the row.
pub fn fk(table: &str, column: &str, target: &str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(Alias::new(table), Alias::new(column))
        .to(Alias::new(target), Alias::new("id"))
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

pub fn merchant_fk(table: &str) -> ForeignKeyCreateStatement {
    fk(table, "merchant_id", "merchant")
}

/// A primary key over several columns.
pub fn key(cols: &[&str]) -> IndexCreateStatement {
    let mut key = Index::create();
    for c in cols {
        key.col(Alias::new(*c));
    }
    key
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

pub async fn drop_column(m: &SchemaManager<'_>, table: &str, column: &str) -> Result<(), DbErr> {
    m.alter_table(
        Table::alter()
            .table(Alias::new(table))
            .drop_column(Alias::new(column))
            .to_owned(),
    )
    .await
}

/// Drops the tables in the order given (dependents first).
pub async fn drop_tables(m: &SchemaManager<'_>, tables: &[&str]) -> Result<(), DbErr> {
    for table in tables {
        m.drop_table(Table::drop().table(Alias::new(*table)).to_owned())
            .await?;
    }
    Ok(())
}

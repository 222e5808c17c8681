//! The builders every migration uses. A released migration must keep producing the same SQL
//! (tests/schema.rs compares the result with a snapshot), so a helper only ever builds exactly
//! what its name says, in the same order of clauses; a new shape gets a new helper.
//!
//! A table is described once, in the order its columns are written: `table(name)`, its column
//! groups and columns, its keys, references and indexes; `create_tables` creates a migration's
//! list and `drop_created_tables` drops it (`tables_migration!` when that is all it does).

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

/// One helper per column shape, `helper(name) -> ColumnDef`: the type and clauses, in order.
macro_rules! column_shapes {
    ($($(#[$doc:meta])* $helper:ident => $($clause:ident)+;)+) => {
        $(
            $(#[$doc])*
            pub fn $helper(name: &str) -> ColumnDef {
                col(name)$(.$clause())+.to_owned()
            }
        )+
    };
}

column_shapes! {
    /// A BIGINT primary key the code assigns (catalogue ids, heights, one row per merchant).
    big_key => big_integer not_null primary_key;
    big => big_integer not_null;
    big_null => big_integer null;
    int => integer not_null;
    int_null => integer null;
    /// VARCHAR: names, addresses, hashes.
    string => string not_null;
    string_null => string null;
    /// VARCHAR unique on its own (hashes).
    unique_string => string not_null unique_key;
    /// TEXT: bodies, sealed secrets and amounts (decimal strings of base units, never floats).
    text => text not_null;
    text_null => text null;
    boolean => boolean not_null;
    boolean_null => boolean null;
    at => timestamp_with_time_zone not_null;
    at_null => timestamp_with_time_zone null;
}

/// A boolean that starts false.
pub fn flag(name: &str) -> ColumnDef {
    col(name).boolean().not_null().default(false).to_owned()
}

/// Who holds a row's work lease and until when (scanners, the executor, callback senders).
pub fn lease() -> [ColumnDef; 2] {
    [string("lease_owner"), at_null("lease_until")]
}

/// An order's legacy callback state, kept beside the outbox for the console's lists.
pub fn order_callback_state() -> [ColumnDef; 3] {
    [
        int("callback_status"),
        text("callback_result"),
        int("notify_status"),
    ]
}

/// `table.column` refers to `target.id`; deleting the target deletes the row.
fn cascade(table: &str, column: &str, target: &str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(Alias::new(table), Alias::new(column))
        .to(Alias::new(target), Alias::new("id"))
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn index_on(table: &str, name: &str, cols: &[&str]) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(name).table(Alias::new(table));
    for c in cols {
        index.col(Alias::new(*c));
    }
    index
}

/// A table to create: its columns, keys and references in the order written, then its indexes.
pub struct NewTable {
    name: String,
    statement: TableCreateStatement,
    indexes: Vec<IndexCreateStatement>,
    if_not_exists: bool,
}

pub fn table(name: &str) -> NewTable {
    NewTable {
        name: name.to_owned(),
        statement: Table::create().table(Alias::new(name)).to_owned(),
        indexes: Vec::new(),
        if_not_exists: false,
    }
}

impl NewTable {
    pub fn col(mut self, column: ColumnDef) -> Self {
        self.statement.col(column);
        self
    }

    pub fn cols(self, columns: impl IntoIterator<Item = ColumnDef>) -> Self {
        columns.into_iter().fold(self, Self::col)
    }

    /// `id`, then `merchant_id` referring to the merchant (deleting it deletes the row).
    pub fn owned_by_merchant(self) -> Self {
        self.col(id())
            .col(big("merchant_id"))
            .references("merchant_id", "merchant")
    }

    /// `column` refers to `target.id`; deleting the target deletes the row. The reference is
    /// written after every column, whenever it is declared.
    pub fn references(mut self, column: &str, target: &str) -> Self {
        self.statement
            .foreign_key(&mut cascade(&self.name, column, target));
        self
    }

    /// `column` refers to `target.id`, which cannot be deleted while referred to.
    pub fn restricts(mut self, column: &str, target: &str) -> Self {
        self.statement.foreign_key(
            ForeignKey::create()
                .from(Alias::new(&self.name), Alias::new(column))
                .to(Alias::new(target), Alias::new("id")),
        );
        self
    }

    /// `column` refers to `target.target_column` under the constraint `name`; the target cannot
    /// be deleted while referred to.
    pub fn named_reference(mut self, name: &str, column: &str, target: &str, target_column: &str) -> Self {
        self.statement.foreign_key(
            ForeignKey::create()
                .name(name)
                .from(Alias::new(&self.name), Alias::new(column))
                .to(Alias::new(target), Alias::new(target_column)),
        );
        self
    }

    /// The table and its indexes are created only where missing (a table an earlier release
    /// may have made outside these migrations).
    pub fn if_not_exists(mut self) -> Self {
        self.statement.if_not_exists();
        self.if_not_exists = true;
        self
    }

    /// A primary key over several columns.
    pub fn primary_key(mut self, cols: &[&str]) -> Self {
        let mut key = Index::create();
        for c in cols {
            key.col(Alias::new(*c));
        }
        self.statement.primary_key(&mut key);
        self
    }

    pub fn index(mut self, name: &str, cols: &[&str]) -> Self {
        self.indexes.push(index_on(&self.name, name, cols));
        self
    }

    pub fn unique(mut self, name: &str, cols: &[&str]) -> Self {
        self.indexes
            .push(index_on(&self.name, name, cols).unique().to_owned());
        self
    }
}

/// Creates the tables in the order given, each followed by its indexes.
pub async fn create_tables(
    m: &SchemaManager<'_>,
    tables: impl IntoIterator<Item = NewTable>,
) -> Result<(), DbErr> {
    for table in tables {
        m.create_table(table.statement).await?;
        for mut index in table.indexes {
            if table.if_not_exists {
                index.if_not_exists();
            }
            m.create_index(index).await?;
        }
    }
    Ok(())
}

/// Drops the tables `create_tables` made from the same list, in the reverse order.
pub async fn drop_created_tables(
    m: &SchemaManager<'_>,
    tables: impl IntoIterator<Item = NewTable>,
) -> Result<(), DbErr> {
    let names: Vec<String> = tables.into_iter().map(|table| table.name).collect();
    for name in names.iter().rev() {
        m.drop_table(Table::drop().table(Alias::new(name)).to_owned())
            .await?;
    }
    Ok(())
}

/// An index on an existing table.
pub async fn index(
    m: &SchemaManager<'_>,
    table: &str,
    name: &str,
    cols: &[&str],
    unique: bool,
) -> Result<(), DbErr> {
    let mut index = index_on(table, name, cols);
    if unique {
        index.unique();
    }
    m.create_index(index).await
}

/// Drops an index of a table.
pub async fn drop_index(m: &SchemaManager<'_>, table: &str, name: &str) -> Result<(), DbErr> {
    m.drop_index(Index::drop().name(name).table(Alias::new(table)).to_owned())
        .await
}

/// Columns added to an existing table, one ALTER TABLE each (SQLite takes one per statement).
pub async fn add_columns(
    m: &SchemaManager<'_>,
    table: &str,
    columns: impl IntoIterator<Item = ColumnDef>,
) -> Result<(), DbErr> {
    for mut column in columns {
        m.alter_table(
            Table::alter()
                .table(Alias::new(table))
                .add_column(&mut column)
                .to_owned(),
        )
        .await?;
    }
    Ok(())
}

/// One column added to an existing table.
pub async fn add_column(m: &SchemaManager<'_>, table: &str, column: ColumnDef) -> Result<(), DbErr> {
    add_columns(m, table, [column]).await
}

/// Columns dropped from an existing table, one ALTER TABLE each.
pub async fn drop_columns(m: &SchemaManager<'_>, table: &str, columns: &[&str]) -> Result<(), DbErr> {
    for column in columns {
        m.alter_table(
            Table::alter()
                .table(Alias::new(table))
                .drop_column(Alias::new(*column))
                .to_owned(),
        )
        .await?;
    }
    Ok(())
}

pub async fn drop_column(m: &SchemaManager<'_>, table: &str, column: &str) -> Result<(), DbErr> {
    drop_columns(m, table, &[column]).await
}

/// The whole of a migration that creates tables and does nothing else: `up` creates the tables
/// given, in order, each with its indexes; `down` drops them, last first. Its name is its
/// file's, as with every migration (`DeriveMigrationName`).
macro_rules! tables_migration {
    ($($table:expr),+ $(,)?) => {
        #[derive(DeriveMigrationName)]
        pub struct Migration;

        fn tables() -> Vec<$crate::migration::schema::NewTable> {
            vec![$($table),+]
        }

        #[async_trait::async_trait]
        impl MigrationTrait for Migration {
            async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
                $crate::migration::schema::create_tables(m, tables()).await
            }

            async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
                $crate::migration::schema::drop_created_tables(m, tables()).await
            }
        }
    };
}
pub(super) use tables_migration;

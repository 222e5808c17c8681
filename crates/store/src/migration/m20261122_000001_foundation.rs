//! Merchants, users, roles and menus, sessions, e-mail codes, the mail outbox, public
//! configuration and the chain catalogue.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261122_000001_foundation"
    }
}

fn id(name: impl IntoIden) -> ColumnDef {
    ColumnDef::new(name)
        .big_integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

fn big(name: impl IntoIden) -> ColumnDef {
    ColumnDef::new(name).big_integer().not_null().to_owned()
}

fn text(name: impl IntoIden) -> ColumnDef {
    ColumnDef::new(name).string().not_null().to_owned()
}

fn int(name: impl IntoIden) -> ColumnDef {
    ColumnDef::new(name).integer().not_null().to_owned()
}

fn flag(name: impl IntoIden) -> ColumnDef {
    ColumnDef::new(name)
        .boolean()
        .not_null()
        .default(false)
        .to_owned()
}

fn time(name: impl IntoIden) -> ColumnDef {
    ColumnDef::new(name)
        .timestamp_with_time_zone()
        .not_null()
        .to_owned()
}

fn fk(table: &str, column: &str, target: &str, target_column: &str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(Alias::new(table), Alias::new(column))
        .to(Alias::new(target), Alias::new(target_column))
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Alias::new("merchant"))
                .col(id(Alias::new("id")))
                .col(text(Alias::new("name")))
                .col(int(Alias::new("status")))
                .col(int(Alias::new("time_zone")))
                .col(flag(Alias::new("multi_address_collect")))
                .col(time(Alias::new("created_at")))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("menu"))
                .col(
                    ColumnDef::new(Alias::new("id"))
                        .big_integer()
                        .not_null()
                        .primary_key(),
                )
                .col(big(Alias::new("parent_id")))
                .col(text(Alias::new("path")))
                .col(text(Alias::new("menu_type")))
                .col(text(Alias::new("title_en")))
                .col(text(Alias::new("title_zh_cn")))
                .col(text(Alias::new("title_zh_hk")))
                .col(text(Alias::new("icon")))
                .col(int(Alias::new("sort")))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("role"))
                .col(id(Alias::new("id")))
                .col(big(Alias::new("merchant_id")))
                .col(text(Alias::new("name")))
                .col(flag(Alias::new("is_admin")))
                .col(time(Alias::new("created_at")))
                .foreign_key(&mut fk("role", "merchant_id", "merchant", "id"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("role_menu"))
                .col(big(Alias::new("role_id")))
                .col(big(Alias::new("menu_id")))
                .primary_key(
                    Index::create()
                        .col(Alias::new("role_id"))
                        .col(Alias::new("menu_id")),
                )
                .foreign_key(&mut fk("role_menu", "role_id", "role", "id"))
                .foreign_key(&mut fk("role_menu", "menu_id", "menu", "id"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("app_user"))
                .col(id(Alias::new("id")))
                .col(big(Alias::new("merchant_id")))
                .col(text(Alias::new("email")).unique_key().to_owned())
                .col(text(Alias::new("username")))
                .col(text(Alias::new("mobile")))
                .col(text(Alias::new("password_hash")))
                .col(big(Alias::new("role_id")))
                .col(int(Alias::new("status")))
                .col(flag(Alias::new("superadmin")))
                .col(flag(Alias::new("google_bound")))
                .col(time(Alias::new("created_at")))
                .foreign_key(&mut fk("app_user", "merchant_id", "merchant", "id"))
                .foreign_key(&mut fk("app_user", "role_id", "role", "id"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("user_session"))
                .col(id(Alias::new("id")))
                .col(text(Alias::new("token_digest")).unique_key().to_owned())
                .col(big(Alias::new("user_id")))
                .col(big(Alias::new("merchant_id")))
                .col(time(Alias::new("created_at")))
                .col(time(Alias::new("last_seen_at")))
                .foreign_key(&mut fk("user_session", "user_id", "app_user", "id"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("email_code"))
                .col(id(Alias::new("id")))
                .col(text(Alias::new("email")))
                .col(int(Alias::new("purpose")))
                .col(text(Alias::new("code_digest")))
                .col(time(Alias::new("created_at")))
                .col(time(Alias::new("expires_at")))
                .col(int(Alias::new("failed_attempts")))
                .col(
                    ColumnDef::new(Alias::new("consumed_at"))
                        .timestamp_with_time_zone()
                        .null(),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_email_code_lookup")
                .table(Alias::new("email_code"))
                .col(Alias::new("email"))
                .col(Alias::new("purpose"))
                .col(Alias::new("id"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("mail_outbox"))
                .col(id(Alias::new("id")))
                .col(text(Alias::new("recipient")))
                .col(text(Alias::new("subject")))
                .col(ColumnDef::new(Alias::new("body")).text().not_null())
                .col(time(Alias::new("created_at")))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("public_config"))
                .col(
                    ColumnDef::new(Alias::new("key"))
                        .string()
                        .not_null()
                        .primary_key(),
                )
                .col(ColumnDef::new(Alias::new("value")).text().not_null())
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("chain"))
                .col(
                    ColumnDef::new(Alias::new("id"))
                        .big_integer()
                        .not_null()
                        .primary_key(),
                )
                .col(text(Alias::new("name")))
                .col(text(Alias::new("symbol")))
                .col(text(Alias::new("txurl")))
                .col(int(Alias::new("decimals")))
                .col(flag(Alias::new("enabled")))
                .col(int(Alias::new("sort")))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("token"))
                .col(
                    ColumnDef::new(Alias::new("id"))
                        .big_integer()
                        .not_null()
                        .primary_key(),
                )
                .col(big(Alias::new("chain_id")))
                .col(text(Alias::new("symbol")))
                // Decimal string: prices are never floats.
                .col(text(Alias::new("price")))
                .col(int(Alias::new("decimals")))
                .col(text(Alias::new("contract")))
                .foreign_key(&mut fk("token", "chain_id", "chain", "id"))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "token",
            "chain",
            "public_config",
            "mail_outbox",
            "email_code",
            "user_session",
            "app_user",
            "role_menu",
            "role",
            "menu",
            "merchant",
        ] {
            m.drop_table(Table::drop().table(Alias::new(table)).to_owned())
                .await?;
        }
        Ok(())
    }
}

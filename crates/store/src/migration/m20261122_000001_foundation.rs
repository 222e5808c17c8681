//! Merchants, users, roles and menus, sessions, e-mail codes, the mail outbox, public
//! configuration and the chain catalogue.

use sea_orm_migration::prelude::*;

use super::schema::{
    at, at_null, big, big_key, col, drop_tables, fk, flag, id, index, int, key, string, table, text,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            table("merchant")
                .col(id())
                .col(string("name"))
                .col(int("status"))
                .col(int("time_zone"))
                .col(flag("multi_address_collect"))
                .col(at("created_at"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("menu")
                .col(big_key("id"))
                .col(big("parent_id"))
                .col(string("path"))
                .col(string("menu_type"))
                .col(string("title_en"))
                .col(string("title_zh_cn"))
                .col(string("title_zh_hk"))
                .col(string("icon"))
                .col(int("sort"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("role")
                .col(id())
                .col(big("merchant_id"))
                .col(string("name"))
                .col(flag("is_admin"))
                .col(at("created_at"))
                .foreign_key(&mut fk("role", "merchant_id", "merchant"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("role_menu")
                .col(big("role_id"))
                .col(big("menu_id"))
                .primary_key(&mut key(&["role_id", "menu_id"]))
                .foreign_key(&mut fk("role_menu", "role_id", "role"))
                .foreign_key(&mut fk("role_menu", "menu_id", "menu"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("app_user")
                .col(id())
                .col(big("merchant_id"))
                .col(string("email").unique_key().to_owned())
                .col(string("username"))
                .col(string("mobile"))
                .col(string("password_hash"))
                .col(big("role_id"))
                .col(int("status"))
                .col(flag("superadmin"))
                .col(flag("google_bound"))
                .col(at("created_at"))
                .foreign_key(&mut fk("app_user", "merchant_id", "merchant"))
                .foreign_key(&mut fk("app_user", "role_id", "role"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("user_session")
                .col(id())
                .col(string("token_digest").unique_key().to_owned())
                .col(big("user_id"))
                .col(big("merchant_id"))
                .col(at("created_at"))
                .col(at("last_seen_at"))
                .foreign_key(&mut fk("user_session", "user_id", "app_user"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("email_code")
                .col(id())
                .col(string("email"))
                .col(int("purpose"))
                .col(string("code_digest"))
                .col(at("created_at"))
                .col(at("expires_at"))
                .col(int("failed_attempts"))
                .col(at_null("consumed_at"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "email_code",
            "ix_email_code_lookup",
            &["email", "purpose", "id"],
            false,
        )
        .await?;
        m.create_table(
            table("mail_outbox")
                .col(id())
                .col(string("recipient"))
                .col(string("subject"))
                .col(text("body"))
                .col(at("created_at"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("public_config")
                .col(col("key").string().not_null().primary_key())
                .col(text("value"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("chain")
                .col(big_key("id"))
                .col(string("name"))
                .col(string("symbol"))
                .col(string("txurl"))
                .col(int("decimals"))
                .col(flag("enabled"))
                .col(int("sort"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("token")
                .col(big_key("id"))
                .col(big("chain_id"))
                .col(string("symbol"))
                // Decimal string: prices are never floats.
                .col(string("price"))
                .col(int("decimals"))
                .col(string("contract"))
                .foreign_key(&mut fk("token", "chain_id", "chain"))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            m,
            &[
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
            ],
        )
        .await
    }
}

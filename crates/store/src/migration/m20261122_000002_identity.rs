//! Identity: sign-in lockout and Google authenticator columns on users, the login log and the
//! operation log. SQLite takes one column per ALTER TABLE, hence one statement each.

use sea_orm_migration::prelude::*;

use super::schema::{
    add_column, at, at_null, big, col, drop_column, drop_tables, id, index, int, string, table, text,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let user_columns = [
            col("failed_logins").integer().not_null().default(0).to_owned(),
            at_null("first_failed_at"),
            at_null("locked_until"),
            // Sealed (AES-256-GCM under the master key), never stored in clear.
            col("totp_secret").text().null().to_owned(),
            col("totp_pending").text().null().to_owned(),
            // The last accepted 30-second step: a code is accepted once.
            col("totp_last_step")
                .big_integer()
                .not_null()
                .default(0)
                .to_owned(),
            at_null("last_login_at"),
        ];
        for column in user_columns {
            add_column(m, "app_user", column).await?;
        }
        m.create_table(
            table("login_log")
                .col(id())
                .col(col("merchant_id").big_integer().null())
                .col(col("user_id").big_integer().null())
                .col(string("email"))
                .col(string("ip"))
                .col(string("user_agent"))
                .col(string("result"))
                .col(string("reason"))
                .col(at("created_at"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "login_log",
            "ix_login_log_merchant",
            &["merchant_id", "id"],
            false,
        )
        .await?;
        m.create_table(
            table("operation_log")
                .col(id())
                .col(big("merchant_id"))
                .col(big("user_id"))
                .col(string("email"))
                .col(string("action"))
                .col(string("target"))
                .col(text("before"))
                .col(text("after"))
                .col(string("ip"))
                .col(string("result"))
                .col(int("code"))
                .col(at("created_at"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "operation_log",
            "ix_operation_log_merchant",
            &["merchant_id", "id"],
            false,
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(m, &["operation_log", "login_log"]).await?;
        for name in [
            "failed_logins",
            "first_failed_at",
            "locked_until",
            "totp_secret",
            "totp_pending",
            "totp_last_step",
            "last_login_at",
        ] {
            drop_column(m, "app_user", name).await?;
        }
        Ok(())
    }
}

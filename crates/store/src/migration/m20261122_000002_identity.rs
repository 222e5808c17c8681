//! Identity: sign-in lockout and Google authenticator columns on users, the login log and the
//! operation log. SQLite takes one column per ALTER TABLE, hence one statement each.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261122_000002_identity"
    }
}

fn col(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let user_columns = [
            col("failed_logins").integer().not_null().default(0).to_owned(),
            col("first_failed_at")
                .timestamp_with_time_zone()
                .null()
                .to_owned(),
            col("locked_until").timestamp_with_time_zone().null().to_owned(),
            // Sealed (AES-256-GCM under the master key), never stored in clear.
            col("totp_secret").text().null().to_owned(),
            col("totp_pending").text().null().to_owned(),
            // The last accepted 30-second step: a code is accepted once.
            col("totp_last_step")
                .big_integer()
                .not_null()
                .default(0)
                .to_owned(),
            col("last_login_at").timestamp_with_time_zone().null().to_owned(),
        ];
        for mut column in user_columns {
            m.alter_table(
                Table::alter()
                    .table(Alias::new("app_user"))
                    .add_column(&mut column)
                    .to_owned(),
            )
            .await?;
        }
        m.create_table(
            Table::create()
                .table(Alias::new("login_log"))
                .col(col("id").big_integer().not_null().auto_increment().primary_key())
                .col(col("merchant_id").big_integer().null())
                .col(col("user_id").big_integer().null())
                .col(col("email").string().not_null())
                .col(col("ip").string().not_null())
                .col(col("user_agent").string().not_null())
                .col(col("result").string().not_null())
                .col(col("reason").string().not_null())
                .col(col("created_at").timestamp_with_time_zone().not_null())
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_login_log_merchant")
                .table(Alias::new("login_log"))
                .col(Alias::new("merchant_id"))
                .col(Alias::new("id"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("operation_log"))
                .col(col("id").big_integer().not_null().auto_increment().primary_key())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("user_id").big_integer().not_null())
                .col(col("email").string().not_null())
                .col(col("action").string().not_null())
                .col(col("target").string().not_null())
                .col(col("before").text().not_null())
                .col(col("after").text().not_null())
                .col(col("ip").string().not_null())
                .col(col("result").string().not_null())
                .col(col("code").integer().not_null())
                .col(col("created_at").timestamp_with_time_zone().not_null())
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_operation_log_merchant")
                .table(Alias::new("operation_log"))
                .col(Alias::new("merchant_id"))
                .col(Alias::new("id"))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Alias::new("operation_log")).to_owned())
            .await?;
        m.drop_table(Table::drop().table(Alias::new("login_log")).to_owned())
            .await?;
        for name in [
            "failed_logins",
            "first_failed_at",
            "locked_until",
            "totp_secret",
            "totp_pending",
            "totp_last_step",
            "last_login_at",
        ] {
            m.alter_table(
                Table::alter()
                    .table(Alias::new("app_user"))
                    .drop_column(Alias::new(name))
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}

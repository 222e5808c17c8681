//! Deposits, the scan cursors and recent block hashes, the callback outbox and its attempts,
//! the platform RSA key. Amounts are TEXT (base units); never floats.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261122_000007_deposits"
    }
}

fn col(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
}

fn id() -> ColumnDef {
    col("id")
        .big_integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

fn at(name: &str) -> ColumnDef {
    col(name).timestamp_with_time_zone().not_null().to_owned()
}

fn at_null(name: &str) -> ColumnDef {
    col(name).timestamp_with_time_zone().null().to_owned()
}

async fn index(
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

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One row per chain: where the scanner goes on, and who holds the scanning lease.
        m.create_table(
            Table::create()
                .table(Alias::new("scan_cursor"))
                .col(col("chain_id").big_integer().not_null().primary_key())
                .col(col("next_block").big_integer().not_null())
                .col(col("lease_owner").string().not_null())
                .col(at_null("lease_until"))
                .col(at("updated_at"))
                .to_owned(),
        )
        .await?;
        // Hashes of the blocks scanned recently: a new block's parent must match, else reorg.
        m.create_table(
            Table::create()
                .table(Alias::new("scanned_block"))
                .col(col("chain_id").big_integer().not_null())
                .col(col("number").big_integer().not_null())
                .col(col("hash").string().not_null())
                .col(col("parent_hash").string().not_null())
                .col(at("scanned_at"))
                .primary_key(
                    Index::create()
                        .col(Alias::new("chain_id"))
                        .col(Alias::new("number")),
                )
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("deposit"))
                .col(id())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("chain_id").big_integer().not_null())
                // Null for the chain's native coin.
                .col(col("token_id").big_integer().null())
                .col(col("deposit_address_id").big_integer().not_null())
                .col(col("open_id").string().not_null())
                .col(col("to_address").string().not_null())
                .col(col("from_address").string().not_null())
                .col(col("tx_hash").string().not_null())
                .col(col("tx_index").big_integer().not_null())
                .col(col("amount").text().not_null())
                .col(col("decimals").integer().not_null())
                .col(col("block_number").big_integer().not_null())
                .col(col("block_hash").string().not_null())
                .col(col("required_confirmations").integer().not_null())
                .col(col("status").integer().not_null())
                .col(col("note").string().not_null())
                .col(col("credited").boolean().not_null())
                .col(col("order_no").string().not_null())
                .col(col("callback_status").integer().not_null())
                .col(col("callback_result").text().not_null())
                .col(col("notify_status").integer().not_null())
                .col(at("created_at"))
                .col(at_null("confirmed_at"))
                .col(at_null("void_at"))
                .col(at("updated_at"))
                .foreign_key(
                    ForeignKey::create()
                        .from(Alias::new("deposit"), Alias::new("merchant_id"))
                        .to(Alias::new("merchant"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        // Exactly once: a transfer is one deposit, whatever re-scans or concurrent scanners do.
        index(
            m,
            "deposit",
            "ux_deposit_transfer",
            &["chain_id", "tx_hash", "tx_index"],
            true,
        )
        .await?;
        index(m, "deposit", "ux_deposit_order_no", &["order_no"], true).await?;
        index(
            m,
            "deposit",
            "ix_deposit_merchant_time",
            &["merchant_id", "created_at"],
            false,
        )
        .await?;
        index(
            m,
            "deposit",
            "ix_deposit_chain_status",
            &["chain_id", "status"],
            false,
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("callback_event"))
                .col(id())
                .col(col("event_id").string().not_null())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("deposit_id").big_integer().null())
                .col(col("order_no").string().not_null())
                .col(col("event").string().not_null())
                // The exact bytes every attempt sends (and signs).
                .col(col("body").text().not_null())
                // 0 in callback, 1 success, 2 failed.
                .col(col("status").integer().not_null())
                .col(col("attempts").integer().not_null())
                .col(at("next_attempt_at"))
                .col(col("lease_owner").string().not_null())
                .col(at_null("lease_until"))
                .col(col("last_http_status").integer().null())
                .col(at("created_at"))
                .col(at_null("delivered_at"))
                .to_owned(),
        )
        .await?;
        index(m, "callback_event", "ux_callback_event_id", &["event_id"], true).await?;
        index(
            m,
            "callback_event",
            "ix_callback_event_due",
            &["status", "next_attempt_at"],
            false,
        )
        .await?;
        index(
            m,
            "callback_event",
            "ix_callback_event_merchant",
            &["merchant_id", "id"],
            false,
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("callback_attempt"))
                .col(id())
                .col(col("event_id").string().not_null())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("url").text().not_null())
                .col(col("http_status").integer().null())
                .col(col("latency_ms").big_integer().not_null())
                .col(col("response").text().not_null())
                .col(col("error").text().not_null())
                .col(col("success").boolean().not_null())
                .col(at("created_at"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "callback_attempt",
            "ix_callback_attempt_event",
            &["event_id"],
            false,
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("platform_key"))
                .col(col("id").big_integer().not_null().primary_key())
                // The key id merchants see in X-Coffer-Key-Id (the platform key can rotate).
                .col(col("kid").string().not_null())
                .col(col("sealed_private").text().not_null())
                .col(col("public_pem").text().not_null())
                .col(col("active").boolean().not_null())
                .col(at("created_at"))
                .to_owned(),
        )
        .await
    }
}

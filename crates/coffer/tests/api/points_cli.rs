//! The operator's points commands on the real binary: a grant keyed by its reference is made
//! once however often the command runs, taking back never goes below the credit limit, and
//! `coffer admin ledger verify` passes on a sound ledger and fails (exit 1) naming the account
//! whose totals were changed behind the service's back.

use std::process::Output;

use coffer_store::entities::point_account;
use coffer_testkit::{each_database, TestDb};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use crate::helpers::{spawn_app, stdout};
use crate::wallets::demo_merchant;

/// A command's exit status, stdout and stderr.
pub fn said(out: &Output) -> (Option<i32>, String, String) {
    (
        out.status.code(),
        stdout(out),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

async fn grants_happen_once_and_verify_names_a_tampered_account(db: TestDb) {
    let app = spawn_app(db).await;
    let merchant = demo_merchant(&app).await.to_string();
    let m = merchant.as_str();
    let grant = [
        "points",
        "grant",
        "--merchant",
        m,
        "--asset",
        "usdt",
        "--amount",
        "12.5",
        "--reference",
        "T-1",
    ];
    let (code, out, _) = said(&app.admin(&grant));
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("Done: transfer ") && out.ends_with("available now 12.5.\n"),
        "{out}"
    );
    // The same command again (a retry): nothing more.
    let (code, out, _) = said(&app.admin(&grant));
    assert_eq!(code, Some(0));
    assert!(out.starts_with("Already done: transfer "), "{out}");
    // The same reference for another amount is refused.
    let other = [
        "points",
        "grant",
        "--merchant",
        m,
        "--asset",
        "usdt",
        "--amount",
        "1",
        "--reference",
        "T-1",
    ];
    let (code, _, err) = said(&app.admin(&other));
    assert_eq!(code, Some(1));
    assert!(err.contains("was used for another grant"), "{err}");
    // Taking back more than it holds is refused; within the credit limit it is not.
    let take = [
        "points",
        "grant",
        "--merchant",
        m,
        "--asset",
        "usdt",
        "--amount",
        "13",
        "--reference",
        "T-2",
        "--take",
    ];
    let (code, _, err) = said(&app.admin(&take));
    assert_eq!(code, Some(1));
    assert!(err.contains("can give back at most 12.5"), "{err}");
    let limit = [
        "points",
        "credit-limit",
        "--merchant",
        m,
        "--asset",
        "usdt",
        "--amount",
        "0.5",
    ];
    assert_eq!(said(&app.admin(&limit)).0, Some(0));
    let (code, out, _) = said(&app.admin(&take));
    assert_eq!(code, Some(0), "{out}");
    let (_, out, _) = said(&app.admin(&["points", "balance", "--merchant", m]));
    assert_eq!(
        out,
        "USDT points\tposted -0.5\theld 0\tavailable -0.5\tcredit limit 0.5\n\
         TRX points\tposted 0\theld 0\tavailable 0\tcredit limit 0\n"
    );
    // Bad input: a float's rounding, an unknown merchant.
    let bad = [
        "points",
        "grant",
        "--merchant",
        m,
        "--asset",
        "trx",
        "--amount",
        "0.0000001",
        "--reference",
        "T-3",
    ];
    let (code, _, err) = said(&app.admin(&bad));
    assert_eq!(code, Some(1));
    assert!(err.contains("at most 6 decimals"), "{err}");
    let nobody = ["points", "balance", "--merchant", "999999"];
    assert!(said(&app.admin(&nobody)).2.contains("no merchant 999999"));

    let (code, out, _) = said(&app.admin(&["ledger", "verify"]));
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("The ledger holds: 2 accounts agree"), "{out}");
    // A balance changed by hand: verify finds it and fails.
    point_account::Entity::update_many()
        .col_expr(
            point_account::Column::CreditsPosted,
            Expr::col(point_account::Column::CreditsPosted).add(1),
        )
        .filter(point_account::Column::MerchantId.eq(demo_merchant(&app).await))
        .exec(app.store.connection())
        .await
        .unwrap();
    let (code, out, err) = said(&app.admin(&["ledger", "verify"]));
    assert_eq!(code, Some(1));
    assert!(
        out.contains("asset USDT points: accounts sum to 1 posted"),
        "{out}"
    );
    assert!(
        out.contains(&format!("merchant {m} USDT points: stored debits")),
        "{out}"
    );
    assert!(err.contains("2 differences in the points ledger"), "{err}");
}

each_database!(grants_happen_once_and_verify_names_a_tampered_account);

//! Text filters ("contains") that match what was typed and nothing more.

use sea_orm::sea_query::{Expr, Func, IntoColumnRef, LikeExpr, SimpleExpr};
use sea_orm::{ColumnTrait, Condition};

/// `LIKE '%text%'` with `%`, `_` and the escape character itself escaped: a filter of "%"
/// finds the rows containing a percent sign, not every row.
pub(crate) fn contains_literal(text: &str) -> LikeExpr {
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    LikeExpr::new(pattern).escape('\\')
}

/// `column LIKE '%text%'`, matching `text` literally.
pub(crate) fn contains_text(column: impl IntoColumnRef, text: &str) -> SimpleExpr {
    Expr::col(column).like(contains_literal(text))
}

/// `lower(column) LIKE '%text%'` for text typed in any case (SQLite's LIKE ignores ASCII case,
/// PostgreSQL's does not; lowering both sides makes them agree).
pub(crate) fn contains_any_case(column: impl IntoColumnRef, text: &str) -> SimpleExpr {
    Expr::expr(Func::lower(Expr::col(column))).like(contains_literal(&text.to_lowercase()))
}

/// The address lists' filters: the chain, and a part of the address in any case (SQLite's LIKE
/// ignores ASCII case, PostgreSQL's does not; EVM addresses are typed in any case).
pub(crate) fn chain_and_address<C: ColumnTrait>(
    chain: C,
    address: C,
    chain_id: Option<i64>,
    part: Option<&str>,
) -> Condition {
    let part = part.map(str::trim).filter(|s| !s.is_empty());
    Condition::all()
        .add_option(chain_id.map(|id| chain.eq(id)))
        .add_option(part.map(|part| contains_any_case(address, part)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::sea_query::{Alias, PostgresQueryBuilder, Query, SqliteQueryBuilder};

    #[test]
    fn wildcards_are_escaped() {
        let query = Query::select()
            .column(Alias::new("email"))
            .from(Alias::new("t"))
            .and_where(contains_text(Alias::new("email"), r"a%b_c\d"))
            .to_owned();
        assert_eq!(
            query.to_string(SqliteQueryBuilder),
            r#"SELECT "email" FROM "t" WHERE "email" LIKE '%a\%b\_c\\d%' ESCAPE '\'"#
        );
        assert_eq!(
            query.to_string(PostgresQueryBuilder),
            r#"SELECT "email" FROM "t" WHERE "email" LIKE E'%a\\%b\\_c\\\\d%' ESCAPE E'\\'"#
        );
    }
}

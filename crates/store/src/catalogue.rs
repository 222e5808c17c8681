//! Product data the code owns: the menu catalogue (declared in the domain,
//! `coffer_domain::menu::catalogue`), the public configuration defaults and the seeded chains.
//! `sync` runs after every migration and is idempotent: menus follow the code; configuration
//! values an operator changed are kept.

use coffer_domain::config::{ChainNode, TokenInfo};
use coffer_domain::menu::catalogue::MENUS;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set};

use crate::entities::{chain, menu, public_config, token};

/// Public configuration defaults, readable without a session through /common/configKey.
pub const PUBLIC_CONFIG: &[(&str, &str)] = &[
    ("siteName", "Coffer"),
    ("supportEmail", "support@coffer.local"),
    ("privacyPolicyUrl", "/privacy.html"),
    (
        "registrationContactTip",
        "We will contact you within 1 working day.",
    ),
];

/// The embedded simulated chain and its USDT-like token (the chains issue adds EVM and TRON).
pub const DEVCHAIN_ID: i64 = 1337;

pub async fn sync(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let menus = MENUS.iter().enumerate().map(|(i, m)| menu::ActiveModel {
        id: Set(m.id),
        parent_id: Set(m.parent),
        menu_type: Set(m.kind.as_str().into()),
        path: Set(m.path.into()),
        icon: Set(m.icon.into()),
        title_en: Set(m.titles[0].into()),
        title_zh_cn: Set(m.titles[1].into()),
        title_zh_hk: Set(m.titles[2].into()),
        sort: Set(i as i32 + 1),
    });
    menu::Entity::insert_many(menus)
        .on_conflict(
            OnConflict::column(menu::Column::Id)
                .update_columns([
                    menu::Column::ParentId,
                    menu::Column::MenuType,
                    menu::Column::Path,
                    menu::Column::Icon,
                    menu::Column::TitleEn,
                    menu::Column::TitleZhCn,
                    menu::Column::TitleZhHk,
                    menu::Column::Sort,
                ])
                .to_owned(),
        )
        .exec(db)
        .await?;

    let config = PUBLIC_CONFIG.iter().map(|(k, v)| public_config::ActiveModel {
        key: Set((*k).into()),
        value: Set((*v).into()),
    });
    public_config::Entity::insert_many(config)
        .on_conflict(
            OnConflict::column(public_config::Column::Key)
                .do_nothing()
                .to_owned(),
        )
        .do_nothing()
        .exec(db)
        .await?;

    chain::Entity::insert(chain::ActiveModel {
        id: Set(DEVCHAIN_ID),
        name: Set("Devchain".into()),
        symbol: Set("DEV".into()),
        txurl: Set(String::new()),
        decimals: Set(18),
        enabled: Set(true),
        sort: Set(1),
        family: Set("dev".into()),
    })
    .on_conflict(OnConflict::column(chain::Column::Id).do_nothing().to_owned())
    .do_nothing()
    .exec(db)
    .await?;
    token::Entity::insert(token::ActiveModel {
        id: Set(1),
        chain_id: Set(DEVCHAIN_ID),
        symbol: Set("USDT".into()),
        price: Set("1".into()),
        decimals: Set(6),
        // coffer_chain::devchain::USDT_CONTRACT (the binary checks they agree).
        contract: Set("0xC0FFEe0000000000000000000000000000000001".into()),
    })
    .on_conflict(OnConflict::column(token::Column::Id).do_nothing().to_owned())
    .do_nothing()
    .exec(db)
    .await?;
    Ok(())
}

/// A chain of the deployment's configuration and its tokens.
#[derive(Debug, Clone)]
pub struct ChainSpec {
    pub id: i64,
    pub name: String,
    pub symbol: String,
    pub txurl: String,
    pub decimals: i32,
    pub family: String,
    pub tokens: Vec<TokenSpec>,
}

#[derive(Debug, Clone)]
pub struct TokenSpec {
    pub id: i64,
    pub symbol: String,
    /// USD price, decimal string.
    pub price: String,
    pub decimals: i32,
    pub contract: String,
}

/// Makes the catalogue match the configured chains: each is inserted or updated, and a chain
/// no longer configured is disabled, never deleted (merchants' assets and addresses refer to it).
/// A change of what the consoles read (not a restart with the same configuration) moves the
/// platform's config version on, so the consoles fetch the home config again.
pub async fn sync_chains(db: &impl ConnectionTrait, specs: &[ChainSpec]) -> Result<(), DbErr> {
    let before = chain_nodes(db).await?;
    write_chains(db, specs).await?;
    if chain_nodes(db).await? != before {
        crate::repos::config_version::bump(db, crate::repos::config_version::PLATFORM).await?;
    }
    Ok(())
}

/// The enabled chains in the configured order, each with its tokens: what services and the
/// consoles' home config read, and what a change of the configuration is measured by.
pub(crate) async fn chain_nodes(db: &impl ConnectionTrait) -> Result<Vec<ChainNode>, DbErr> {
    use sea_orm::{ColumnTrait, QueryFilter, QueryOrder};
    let chains = chain::Entity::find()
        .filter(chain::Column::Enabled.eq(true))
        .order_by_asc(chain::Column::Sort)
        .all(db)
        .await?;
    let tokens = token::Entity::find()
        .order_by_asc(token::Column::Id)
        .all(db)
        .await?;
    Ok(chains
        .into_iter()
        .map(|c| ChainNode {
            chainid: c.id,
            tokens: tokens
                .iter()
                .filter(|t| t.chain_id == c.id)
                .map(|t| TokenInfo {
                    tokenid: t.id,
                    symbol: t.symbol.clone(),
                    price: t.price.clone(),
                    decimals: t.decimals,
                    contract: t.contract.clone(),
                })
                .collect(),
            chainname: c.name,
            symbol: c.symbol,
            txurl: c.txurl,
            decimals: c.decimals,
            family: c.family,
        })
        .collect())
}

async fn write_chains(db: &impl ConnectionTrait, specs: &[ChainSpec]) -> Result<(), DbErr> {
    use sea_orm::{ColumnTrait, QueryFilter};
    chain::Entity::update_many()
        .col_expr(chain::Column::Enabled, sea_orm::sea_query::Expr::value(false))
        .filter(chain::Column::Id.is_not_in(specs.iter().map(|c| c.id)))
        .exec(db)
        .await?;
    for (sort, c) in specs.iter().enumerate() {
        chain::Entity::insert(chain::ActiveModel {
            id: Set(c.id),
            name: Set(c.name.clone()),
            symbol: Set(c.symbol.clone()),
            txurl: Set(c.txurl.clone()),
            decimals: Set(c.decimals),
            enabled: Set(true),
            sort: Set(sort as i32 + 1),
            family: Set(c.family.clone()),
        })
        .on_conflict(
            OnConflict::column(chain::Column::Id)
                .update_columns([
                    chain::Column::Name,
                    chain::Column::Symbol,
                    chain::Column::Txurl,
                    chain::Column::Decimals,
                    chain::Column::Enabled,
                    chain::Column::Sort,
                    chain::Column::Family,
                ])
                .to_owned(),
        )
        .exec(db)
        .await?;
        for t in &c.tokens {
            token::Entity::insert(token::ActiveModel {
                id: Set(t.id),
                chain_id: Set(c.id),
                symbol: Set(t.symbol.clone()),
                price: Set(t.price.clone()),
                decimals: Set(t.decimals),
                contract: Set(t.contract.clone()),
            })
            .on_conflict(
                OnConflict::column(token::Column::Id)
                    .update_columns([
                        token::Column::ChainId,
                        token::Column::Symbol,
                        token::Column::Price,
                        token::Column::Decimals,
                        token::Column::Contract,
                    ])
                    .to_owned(),
            )
            .exec(db)
            .await?;
        }
    }
    Ok(())
}

//! Product data the code owns: the menu catalogue (docs/menus.md), the public configuration
//! defaults and the seeded chains. `sync` runs after every migration and is idempotent:
//! menus follow the code; configuration values an operator changed are kept.

use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set};

use crate::entities::{chain, menu, public_config, token};

/// (id, parent, type, path, icon, en, zh-CN, zh-HK).
pub type MenuRow = (
    i64,
    i64,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// The order is the sidebar order.
#[rustfmt::skip]
pub const MENUS: &[MenuRow] = &[
    (1, 0, "C", "/home", "HomeOutlined", "Home", "首页", "首頁"),
    (2, 0, "M", "/token", "WalletOutlined", "Token", "代币", "代幣"),
    (201, 2, "C", "/token/list", "", "Token list", "代币列表", "代幣列表"),
    (20101, 201, "F", "", "", "Add token", "添加代币", "添加代幣"),
    (20102, 201, "F", "", "", "Edit token", "编辑代币", "編輯代幣"),
    (20103, 201, "F", "", "", "Enable or disable token", "启用或停用代币", "啟用或停用代幣"),
    (20104, 201, "F", "", "", "Request cold addresses", "申请归集地址", "申請歸集地址"),
    (202, 2, "C", "/token/wallet-address", "", "Wallet address", "钱包地址", "錢包地址"),
    (20201, 202, "F", "", "", "Edit address remark", "编辑地址备注", "編輯地址備註"),
    (203, 2, "C", "/token/energy", "", "Energy", "能量", "能量"),
    (204, 2, "C", "/token/trade", "", "Trade", "交易", "交易"),
    (205, 2, "C", "/token/set", "", "Set", "设置", "設置"),
    (20501, 205, "F", "", "", "Add hot wallet", "添加热钱包", "添加熱錢包"),
    (20502, 205, "F", "", "", "Pause or resume hot wallet", "暂停或恢复热钱包", "暫停或恢復熱錢包"),
    (206, 2, "C", "/token/withdraw", "", "Token withdraw", "代币提现", "代幣提現"),
    (20601, 206, "F", "", "", "Withdraw", "提现", "提現"),
    (20602, 206, "F", "", "", "Manual withdrawal", "手动提现", "手動提現"),
    (215, 2, "F", "/token/token-detail", "", "Token detail", "代币详情", "代幣詳情"),
    (10, 0, "C", "/service", "AppstoreOutlined", "Service list", "服务列表", "服務列表"),
    (11, 0, "C", "/points", "GiftOutlined", "Points list", "积分列表", "積分列表"),
    (3, 0, "M", "/orders", "ProfileOutlined", "Orders", "订单", "訂單"),
    (301, 3, "C", "/orders/deposit", "", "Deposit", "充值", "充值"),
    (30101, 301, "F", "", "", "Re-push deposit callback", "重推充值回调", "重推充值回調"),
    (302, 3, "C", "/orders/withdraw", "", "Withdraw", "提现", "提現"),
    (30201, 302, "F", "", "", "Re-push withdrawal callback", "重推提现回调", "重推提現回調"),
    (4, 0, "M", "/transactions", "SwapOutlined", "Transactions", "交易记录", "交易記錄"),
    (401, 4, "C", "/transactions/deposit-list", "", "Deposit list", "充值列表", "充值列表"),
    (40101, 401, "F", "", "", "Scan a transaction hash", "扫描交易哈希", "掃描交易哈希"),
    (402, 4, "C", "/transactions/transaction-list", "", "Transaction list", "交易列表", "交易列表"),
    (40201, 402, "F", "", "", "Re-push transaction callback", "重推交易回调", "重推交易回調"),
    (403, 4, "C", "/transactions/withdraw-check", "", "Withdraw check", "提现审核", "提現審核"),
    (40301, 403, "F", "", "", "Pass or reject withdrawal", "通过或驳回提现", "通過或駁回提現"),
    (40302, 403, "F", "", "", "Review withdrawal again", "重新审核提现", "重新審核提現"),
    (404, 4, "C", "/transactions/withdraw-list", "", "Withdraw list", "提现列表", "提現列表"),
    (40401, 404, "F", "", "", "Re-push withdrawal callback", "重推提现回调", "重推提現回調"),
    (5, 0, "M", "/collect", "FundOutlined", "Collect", "归集", "歸集"),
    (501, 5, "C", "/collect/transactions", "", "Collection transactions", "归集交易", "歸集交易"),
    (502, 5, "C", "/collect/fund", "", "Fund collection", "资金归集", "資金歸集"),
    (6, 0, "M", "/report", "BarChartOutlined", "Data report", "数据报表", "數據報表"),
    (601, 6, "C", "/report/payment", "", "Payment", "付款", "付款"),
    (602, 6, "C", "/report/receipt", "", "Receipt", "收款", "收款"),
    (7, 0, "M", "/account", "TeamOutlined", "Account", "账户", "賬戶"),
    (701, 7, "C", "/account/ip-list", "", "IP list", "IP列表", "IP列表"),
    (70101, 701, "F", "", "", "Request IP", "申请IP", "申請IP"),
    (70102, 701, "F", "", "", "Delete IP", "删除IP", "刪除IP"),
    (702, 7, "C", "/account/account-list", "", "Account list", "账户列表", "賬戶列表"),
    (70201, 702, "F", "", "", "Add account", "新增账户", "新增賬戶"),
    (70202, 702, "F", "", "", "Edit account", "编辑账户", "編輯賬戶"),
    (70203, 702, "F", "", "", "Reset password", "重置密码", "重置密碼"),
    (70204, 702, "F", "", "", "Delete account", "删除账户", "刪除賬戶"),
    (703, 7, "C", "/account/role-list", "", "Role list", "角色列表", "角色列表"),
    (70301, 703, "F", "", "", "Add role", "新增角色", "新增角色"),
    (70302, 703, "F", "", "", "Edit role", "编辑角色", "編輯角色"),
    (70303, 703, "F", "", "", "Delete role", "删除角色", "刪除角色"),
    (8, 0, "M", "/system", "SettingOutlined", "System", "系统", "系統"),
    (801, 8, "C", "/system/api-detail", "", "API detail", "API详情", "API詳情"),
    (802, 8, "C", "/system/blacklist", "", "Blacklist", "黑名单", "黑名單"),
    (80201, 802, "F", "", "", "Add blacklist address", "添加黑名单地址", "添加黑名單地址"),
    (80202, 802, "F", "", "", "Delete blacklist address", "删除黑名单地址", "刪除黑名單地址"),
    (803, 8, "C", "/system/api-key", "", "API key", "API密钥", "API密鑰"),
    (80301, 803, "F", "", "", "Show API key", "查看API密钥", "查看API密鑰"),
    (80302, 803, "F", "", "", "Reset API key", "重置API密钥", "重置API密鑰"),
    (80303, 803, "F", "", "", "Upload merchant RSA public key", "上传商户RSA公钥", "上傳商戶RSA公鑰"),
    (804, 8, "C", "/system/callback", "", "Callback", "回调", "回調"),
    (80401, 804, "F", "", "", "Re-push callback", "重推回调", "重推回調"),
    (80402, 804, "F", "", "", "Set callback address", "设置回调地址", "設置回調地址"),
    (80403, 804, "F", "", "", "Set risk-control address", "设置风控地址", "設置風控地址"),
    (805, 8, "C", "/system/whitelist", "", "Whitelist", "白名单", "白名單"),
    (80501, 805, "F", "", "", "Edit whitelist", "编辑白名单", "編輯白名單"),
    (9, 0, "M", "/logs", "FileSearchOutlined", "Logs", "日志", "日誌"),
    (901, 9, "C", "/logs/login", "", "Login logs", "登录日志", "登錄日誌"),
    (902, 9, "C", "/logs/operation", "", "Operation logs", "操作日志", "操作日誌"),
];

/// Public configuration defaults, readable without a session through /common/configKey.
pub const PUBLIC_CONFIG: &[(&str, &str)] = &[
    ("siteName", "Coffer"),
    ("supportEmail", "support@coffer.local"),
    ("privacyPolicyUrl", "/privacy.html"),
    ("promoVideoUrl", "https://coffer.local/intro-video"),
    (
        "registrationContactTip",
        "We will contact you within 1 working day.",
    ),
];

/// The embedded simulated chain and its USDT-like token (the chains issue adds EVM and TRON).
pub const DEVCHAIN_ID: i64 = 1337;

pub async fn sync(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let menus = MENUS.iter().enumerate().map(|(i, m)| menu::ActiveModel {
        id: Set(m.0),
        parent_id: Set(m.1),
        menu_type: Set(m.2.into()),
        path: Set(m.3.into()),
        icon: Set(m.4.into()),
        title_en: Set(m.5.into()),
        title_zh_cn: Set(m.6.into()),
        title_zh_hk: Set(m.7.into()),
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
pub async fn sync_chains(db: &impl ConnectionTrait, specs: &[ChainSpec]) -> Result<(), DbErr> {
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

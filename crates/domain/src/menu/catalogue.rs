//! The menu catalogue: every directory, page and permission button of the console, in sidebar
//! order, and the only place one is declared. The store seeds the `menu` table from [`MENUS`],
//! the API guards each handler with a constant below, and tests (module `copies`) check the
//! copies that cannot import Rust against it: docs/menus.md and the console's
//! web/src/router/{catalogue,permissions}.ts (`COFFER_BLESS=1 cargo test -p coffer-domain menu`
//! rewrites them after a change here).
//!
//! A child of menu `k` has id `k*100+n`. The constant's name is the console's key for the
//! entry in camelCase (TOKEN_ADD is `PERMISSIONS.tokenAdd`).

use super::{MenuId, MenuType};

/// The parent of top-level entries.
pub const ROOT: MenuId = 0;

/// One entry of the catalogue.
#[derive(Debug, Clone, Copy)]
pub struct MenuEntry {
    pub id: MenuId,
    pub parent: MenuId,
    pub kind: MenuType,
    /// The console's hash route; "" for a button.
    pub path: &'static str,
    /// An Ant Design icon name, top-level entries only.
    pub icon: &'static str,
    /// en, zh-CN, zh-HK.
    pub titles: [&'static str; 3],
    /// The constant's name.
    pub name: &'static str,
}

macro_rules! catalogue {
    ($($name:ident = $id:literal under $parent:ident, $kind:ident, $path:literal, $icon:literal, [$en:literal, $zh_cn:literal, $zh_hk:literal];)*) => {
        $(pub const $name: MenuId = $id;)*

        /// The whole catalogue; the order is the sidebar order.
        pub const MENUS: &[MenuEntry] = &[$(MenuEntry {
            id: $id,
            parent: $parent,
            kind: MenuType::$kind,
            path: $path,
            icon: $icon,
            titles: [$en, $zh_cn, $zh_hk],
            name: stringify!($name),
        }),*];
    };
}

catalogue! {
    HOME = 1 under ROOT, C, "/home", "HomeOutlined", ["Home", "首页", "首頁"];
    TOKEN = 2 under ROOT, M, "/token", "WalletOutlined", ["Token", "代币", "代幣"];
    TOKEN_LIST = 201 under TOKEN, C, "/token/list", "", ["Token list", "代币列表", "代幣列表"];
    TOKEN_ADD = 20101 under TOKEN_LIST, F, "", "", ["Add token", "添加代币", "添加代幣"];
    TOKEN_EDIT = 20102 under TOKEN_LIST, F, "", "", ["Edit token", "编辑代币", "編輯代幣"];
    TOKEN_STATUS = 20103 under TOKEN_LIST, F, "", "", ["Enable or disable token", "启用或停用代币", "啟用或停用代幣"];
    COLD_REQUEST = 20104 under TOKEN_LIST, F, "", "", ["Request cold addresses", "申请归集地址", "申請歸集地址"];
    WALLET_ADDRESS = 202 under TOKEN, C, "/token/wallet-address", "", ["Wallet address", "钱包地址", "錢包地址"];
    ADDRESS_REMARK = 20201 under WALLET_ADDRESS, F, "", "", ["Edit address remark", "编辑地址备注", "編輯地址備註"];
    ENERGY = 203 under TOKEN, C, "/token/energy", "", ["Energy", "能量", "能量"];
    ENERGY_ORDER = 20301 under ENERGY, F, "", "", ["Buy energy", "购买能量", "購買能量"];
    ENERGY_SMART = 20302 under ENERGY, F, "", "", ["Smart collection", "智能归集", "智能歸集"];
    TRADE = 204 under TOKEN, C, "/token/trade", "", ["Trade", "交易", "交易"];
    TRADE_PAIR_EDIT = 20401 under TRADE, F, "", "", ["Edit trade pairs", "编辑交易对", "編輯交易對"];
    TRADE_DECIDE = 20402 under TRADE, F, "", "", ["Decide held exchanges", "处理待审兑换", "處理待審兌換"];
    TRADE_PUSH = 20403 under TRADE, F, "", "", ["Re-push exchange callback", "重推兑换回调", "重推兌換回調"];
    HOT_WALLETS = 205 under TOKEN, C, "/token/set", "", ["Set", "设置", "設置"];
    HOT_WALLET_ADD = 20501 under HOT_WALLETS, F, "", "", ["Add hot wallet", "添加热钱包", "添加熱錢包"];
    HOT_WALLET_STATUS = 20502 under HOT_WALLETS, F, "", "", ["Pause or resume hot wallet", "暂停或恢复热钱包", "暫停或恢復熱錢包"];
    TOKEN_WITHDRAW = 206 under TOKEN, C, "/token/withdraw", "", ["Token withdraw", "代币提现", "代幣提現"];
    WITHDRAW = 20601 under TOKEN_WITHDRAW, F, "", "", ["Withdraw", "提现", "提現"];
    MANUAL_WITHDRAW = 20602 under TOKEN_WITHDRAW, F, "", "", ["Manual withdrawal", "手动提现", "手動提現"];
    TOKEN_DETAIL = 215 under TOKEN, F, "/token/token-detail", "", ["Token detail", "代币详情", "代幣詳情"];
    SERVICE = 10 under ROOT, C, "/service", "AppstoreOutlined", ["Service list", "服务列表", "服務列表"];
    BILL_PAY = 1001 under SERVICE, F, "", "", ["I have paid", "我已支付", "我已支付"];
    POINTS = 11 under ROOT, C, "/points", "GiftOutlined", ["Points list", "积分列表", "積分列表"];
    ORDERS = 3 under ROOT, M, "/orders", "ProfileOutlined", ["Orders", "订单", "訂單"];
    DEPOSIT_ORDERS = 301 under ORDERS, C, "/orders/deposit", "", ["Deposit", "充值", "充值"];
    DEPOSIT_PUSH = 30101 under DEPOSIT_ORDERS, F, "", "", ["Re-push deposit callback", "重推充值回调", "重推充值回調"];
    WITHDRAW_ORDERS = 302 under ORDERS, C, "/orders/withdraw", "", ["Withdraw", "提现", "提現"];
    WITHDRAW_PUSH = 30201 under WITHDRAW_ORDERS, F, "", "", ["Re-push withdrawal callback", "重推提现回调", "重推提現回調"];
    TRANSACTIONS = 4 under ROOT, M, "/transactions", "SwapOutlined", ["Transactions", "交易记录", "交易記錄"];
    DEPOSIT_LIST = 401 under TRANSACTIONS, C, "/transactions/deposit-list", "", ["Deposit list", "充值列表", "充值列表"];
    HASH_SCAN = 40101 under DEPOSIT_LIST, F, "", "", ["Scan a transaction hash", "扫描交易哈希", "掃描交易哈希"];
    TRANSACTION_LIST = 402 under TRANSACTIONS, C, "/transactions/transaction-list", "", ["Transaction list", "交易列表", "交易列表"];
    TRANSACTION_PUSH = 40201 under TRANSACTION_LIST, F, "", "", ["Re-push transaction callback", "重推交易回调", "重推交易回調"];
    WITHDRAW_CHECK = 403 under TRANSACTIONS, C, "/transactions/withdraw-check", "", ["Withdraw check", "提现审核", "提現審核"];
    WITHDRAW_REVIEW = 40301 under WITHDRAW_CHECK, F, "", "", ["Pass or reject withdrawal", "通过或驳回提现", "通過或駁回提現"];
    WITHDRAW_REVIEW_AGAIN = 40302 under WITHDRAW_CHECK, F, "", "", ["Review withdrawal again", "重新审核提现", "重新審核提現"];
    WITHDRAW_LIST = 404 under TRANSACTIONS, C, "/transactions/withdraw-list", "", ["Withdraw list", "提现列表", "提現列表"];
    WITHDRAW_LIST_PUSH = 40401 under WITHDRAW_LIST, F, "", "", ["Re-push withdrawal callback", "重推提现回调", "重推提現回調"];
    COLLECT = 5 under ROOT, M, "/collect", "FundOutlined", ["Collect", "归集", "歸集"];
    COLLECT_TRANSACTIONS = 501 under COLLECT, C, "/collect/transactions", "", ["Collection transactions", "归集交易", "歸集交易"];
    FUND_COLLECTION = 502 under COLLECT, C, "/collect/fund", "", ["Fund collection", "资金归集", "資金歸集"];
    COLLECT_NOW = 50201 under FUND_COLLECTION, F, "", "", ["Collect now", "立即归集", "立即歸集"];
    COLLECT_FEES = 50202 under FUND_COLLECTION, F, "", "", ["Set collection fees", "设置归集手续费", "設置歸集手續費"];
    REPORT = 6 under ROOT, M, "/report", "BarChartOutlined", ["Data report", "数据报表", "數據報表"];
    PAYMENT_REPORT = 601 under REPORT, C, "/report/payment", "", ["Payment", "付款", "付款"];
    RECEIPT_REPORT = 602 under REPORT, C, "/report/receipt", "", ["Receipt", "收款", "收款"];
    ACCOUNT = 7 under ROOT, M, "/account", "TeamOutlined", ["Account", "账户", "賬戶"];
    IP_LIST = 701 under ACCOUNT, C, "/account/ip-list", "", ["IP list", "IP 列表", "IP 列表"];
    IP_REQUEST = 70101 under IP_LIST, F, "", "", ["Request IP", "申请 IP", "申請 IP"];
    IP_DELETE = 70102 under IP_LIST, F, "", "", ["Delete IP", "删除 IP", "刪除 IP"];
    ACCOUNT_LIST = 702 under ACCOUNT, C, "/account/account-list", "", ["Account list", "账户列表", "賬戶列表"];
    ACCOUNT_ADD = 70201 under ACCOUNT_LIST, F, "", "", ["Add account", "新增账户", "新增賬戶"];
    ACCOUNT_EDIT = 70202 under ACCOUNT_LIST, F, "", "", ["Edit account", "编辑账户", "編輯賬戶"];
    ACCOUNT_RESET_PASSWORD = 70203 under ACCOUNT_LIST, F, "", "", ["Reset password", "重置密码", "重置密碼"];
    ACCOUNT_DELETE = 70204 under ACCOUNT_LIST, F, "", "", ["Delete account", "删除账户", "刪除賬戶"];
    ROLE_LIST = 703 under ACCOUNT, C, "/account/role-list", "", ["Role list", "角色列表", "角色列表"];
    ROLE_ADD = 70301 under ROLE_LIST, F, "", "", ["Add role", "新增角色", "新增角色"];
    ROLE_EDIT = 70302 under ROLE_LIST, F, "", "", ["Edit role", "编辑角色", "編輯角色"];
    ROLE_DELETE = 70303 under ROLE_LIST, F, "", "", ["Delete role", "删除角色", "刪除角色"];
    SYSTEM = 8 under ROOT, M, "/system", "SettingOutlined", ["System", "系统", "系統"];
    API_DETAIL = 801 under SYSTEM, C, "/system/api-detail", "", ["API detail", "API 详情", "API 詳情"];
    BLACKLIST = 802 under SYSTEM, C, "/system/blacklist", "", ["Blacklist", "黑名单", "黑名單"];
    BLACKLIST_ADD = 80201 under BLACKLIST, F, "", "", ["Add blacklist address", "添加黑名单地址", "添加黑名單地址"];
    BLACKLIST_DELETE = 80202 under BLACKLIST, F, "", "", ["Delete blacklist address", "删除黑名单地址", "刪除黑名單地址"];
    API_KEY = 803 under SYSTEM, C, "/system/api-key", "", ["API key", "API 密钥", "API 密鑰"];
    API_KEY_SHOW = 80301 under API_KEY, F, "", "", ["Show API key", "查看 API 密钥", "查看 API 密鑰"];
    API_KEY_RESET = 80302 under API_KEY, F, "", "", ["Reset API key", "重置 API 密钥", "重置 API 密鑰"];
    CLIENT_KEY_UPLOAD = 80303 under API_KEY, F, "", "", ["Upload merchant RSA public key", "上传商户 RSA 公钥", "上傳商戶 RSA 公鑰"];
    CALLBACKS = 804 under SYSTEM, C, "/system/callback", "", ["Callback", "回调", "回調"];
    CALLBACK_PUSH = 80401 under CALLBACKS, F, "", "", ["Re-push callback", "重推回调", "重推回調"];
    CALLBACK_URL_SET = 80402 under CALLBACKS, F, "", "", ["Set callback address", "设置回调地址", "設置回調地址"];
    RISK_URL_SET = 80403 under CALLBACKS, F, "", "", ["Set risk-control address", "设置风控地址", "設置風控地址"];
    WHITELIST = 805 under SYSTEM, C, "/system/whitelist", "", ["Whitelist", "白名单", "白名單"];
    WHITELIST_EDIT = 80501 under WHITELIST, F, "", "", ["Edit whitelist", "编辑白名单", "編輯白名單"];
    LOGS = 9 under ROOT, M, "/logs", "FileSearchOutlined", ["Logs", "日志", "日誌"];
    LOGIN_LOGS = 901 under LOGS, C, "/logs/login", "", ["Login logs", "登录日志", "登錄日誌"];
    OPERATION_LOGS = 902 under LOGS, C, "/logs/operation", "", ["Operation logs", "操作日志", "操作日誌"];
}

/// Sidebar groups (the console draws them): general configuration and financial management;
/// every other top-level entry is system management.
pub const GENERAL_GROUP: &[MenuId] = &[HOME, TOKEN, SERVICE, POINTS];
pub const FINANCIAL_GROUP: &[MenuId] = &[ORDERS, TRANSACTIONS, COLLECT, REPORT];

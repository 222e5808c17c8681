//! Wallets and addresses.

use super::area;

area! {
    /// Hot wallets, deposit addresses, the address blacklist and hash scans.
    Wallets = wallets(session) {
        ADD_HOT "/api/v2/partner/hotwallet/add" => add_hot(body);
        HOT_PAGE "/api/v2/partner/hotwallet/page_list" => hot_page(body);
        SET_HOT_STATUS "/api/v2/partner/hotwallet/status/setting" => set_hot_status(body);
        ADDRESSES "/api/partner/address/pagelist" => addresses(body);
        EDIT_REMARK "/api/partner/address/editRemark" => edit_remark(body);
        BLACKLIST_ADD "/api/partner/address/black/add" => blacklist_add(body);
        BLACKLIST "/api/partner/address/black/list" => blacklist(body);
        BLACKLIST_DELETE "/api/partner/address/black/delete" => blacklist_delete(body);
        HASH_SCAN "/api/v2/hash/scan" => hash_scan(body);
    }
}

area! {
    /// What the console knows of the configured chains.
    Chains = chains(session) {
        ADDRESS_RULES "/api/partner/chain/addressRules" => address_rules();
    }
}

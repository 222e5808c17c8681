//! Who may use the console: accounts, roles, the console IP list and the logs.

use super::area;

area! {
    /// The merchant's operator accounts.
    Accounts = accounts(session) {
        PAGE "/api/partner/account/page" => page(body);
        ADD "/api/partner/account/add" => add(body);
        EDIT "/api/partner/account/edit" => edit(body);
        RESET_PASSWORD "/api/partner/account/resetPassword" => reset_password(body);
        DELETE "/api/partner/account/delete" => delete(body);
        ROLE_OPTIONS "/api/partner/account/roleOptions" => role_options();
    }
}

area! {
    /// Roles and the menus they open.
    Roles = roles(session) {
        PAGE "/api/partner/role/page" => page();
        MENUS "/api/partner/role/menus" => menus();
        ADD "/api/partner/role/add" => add(body);
        EDIT "/api/partner/role/edit" => edit(body);
        DELETE "/api/partner/role/delete" => delete(body);
    }
}

area! {
    /// The IP addresses the console may be used from.
    IpList = ip_list(session) {
        PAGE "/api/partner/ipConfigs/getPartnerIps" => page(body);
        REQUEST "/api/partner/ipConfigs/requestPartnerIp" => request(body);
        DELETE "/api/partner/ipConfigs/deletePartnerIp" => delete(body);
    }
}

area! {
    /// The login and operation logs.
    Logs = logs(session) {
        LOGINS "/api/partner/logs/login/page" => logins(body);
        OPERATIONS "/api/partner/logs/operation/page" => operations(body);
    }
}

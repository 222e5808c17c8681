//! The deposit screens.

use super::area;

area! {
    /// Deposits, also as the per-user transaction list.
    Deposits = deposits(session) {
        PAGE "/api/partner/deposit/pageTx" => page(body);
        SUMMARY "/api/partner/deposit/summary" => summary(body);
        DETAIL "/api/partner/deposit/detail" => detail(body);
        PUSH "/api/partner/deposit/push" => push(body);
        USER_PAGE "/api/partner/user/pageTx" => user_page(body);
        USER_SUMMARY "/api/partner/user/tx/summary" => user_summary(body);
        USER_PUSH "/api/partner/user/tx/push" => user_push(body);
    }
}

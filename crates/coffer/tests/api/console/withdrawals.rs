//! The withdrawal screens.

use super::area;

area! {
    /// Withdrawals: checked, created, listed, reviewed and pushed.
    Withdrawals = withdrawals(session) {
        CHECK "/api/partner/withdraw/check" => check(body);
        CREATE "/api/partner/withdraw" => create(body);
        PAGE "/api/partner/withdraw/pageTx" => page(body);
        SUMMARY "/api/partner/withdraw/summary" => summary(body);
        DETAIL "/api/partner/withdraw/detail" => detail(body);
        QUERY "/api/partner/withdraw/query" => query(body);
        PUSH "/api/partner/withdraw/push" => push(body);
        MANUAL "/api/partner/manualWithdraw" => manual(body);
    }
}

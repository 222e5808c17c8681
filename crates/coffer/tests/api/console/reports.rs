//! The home overview and the data reports.

use super::area;

area! {
    /// Home (menu 1) and the data reports (601 Payment, 602 Receipt).
    Reports = reports(session) {
        HOME "/api/partner/home/main_v3_2" => home(body);
        DAILY "/api/partner/home/queryDailyTxData" => daily(body);
        PAYMENT "/api/partner/report/payment" => payment(body);
        RECEIPT "/api/partner/report/receipt" => receipt(body);
        PAYMENT_EXPORT "/api/partner/report/payment/export" => payment_export(body);
        RECEIPT_EXPORT "/api/partner/report/receipt/export" => receipt_export(body);
    }
}

//! Collect: what waits for collection, the collections and the fee settings.

use super::area;

area! {
    /// Fund collection's list (menu 502).
    Collection = collection(session) {
        WAITING "/api/partner/collect/waiting" => waiting(body);
        COLLECT_NOW "/api/partner/collect/now" => collect_now(body);
        FEES "/api/partner/collect/fees" => fees();
        SAVE_FEES "/api/partner/collect/fees/edit" => save_fees(body);
        PAGE "/api/partner/collect/page_list" => page(body);
        SUMMARY "/api/partner/collect/summary" => summary(body);
        EXPORT "/api/partner/collect/export" => export(body);
        DETAIL "/api/partner/collect/detail" => detail(body);
    }
}

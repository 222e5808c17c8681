//! Service list: the merchant's rate card.

use super::area;

area! {
    /// Service list (menu 10).
    ServiceList = service_list(session) {
        RATES "/api/partner/service/rates" => rates();
    }
}

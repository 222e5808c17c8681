//! Collect: what waits for collection.

use super::area;

area! {
    /// Fund collection's list (menu 502).
    Collection = collection(session) {
        WAITING "/api/partner/collect/waiting" => waiting(body);
        COLLECT_NOW "/api/partner/collect/now" => collect_now(body);
    }
}

//! The merchant API settings.

use super::area;

area! {
    /// The merchant API's credentials: secret, client key and allowed IPs.
    MerchantKeys = merchant_keys(session) {
        SETTINGS "/api/partner/secret" => settings();
        SHOW_SECRET "/api/partner/secret/show" => show_secret(body);
        RESET_SECRET "/api/partner/secret/reset" => reset_secret(body);
        SAVE_CLIENT_KEY "/api/partner/clientkey/save" => save_client_key(body);
        ALLOWED_IPS "/api/partner/allowips" => allowed_ips();
        EDIT_ALLOWED_IPS "/api/partner/allowips/edit" => edit_allowed_ips(body);
    }
}

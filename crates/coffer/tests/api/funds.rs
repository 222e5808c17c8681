//! Money on the devchain for the tests: deposit addresses and USDT sent to them.

use coffer_domain::amount::BaseUnits;

use crate::deposits::usdt;
use crate::helpers::TestApp;

impl TestApp {
    /// `merchant`'s deposit address for the end user `user` on `chain`.
    pub async fn deposit_address(&self, merchant: i64, chain: i64, user: &str) -> String {
        self.wallets
            .deposit_address(merchant, chain, user)
            .await
            .expect("a deposit address")
            .address
    }

    /// Sends `amount` USDT (decimal) to `address` on the devchain, unmined; the hash.
    pub async fn send_usdt(&self, address: &str, amount: &str) -> String {
        let units = BaseUnits::from_decimal(amount, 6).expect("a USDT amount");
        self.devchain
            .fund(address, &usdt(), units)
            .await
            .expect("funding on the devchain")
    }
}

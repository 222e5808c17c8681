//! Money for the tests: a token accepted with its hot wallet, deposit addresses, and USDT sent
//! to them on the devchain.

use coffer_domain::amount::BaseUnits;
use serde_json::json;

use crate::deposits::usdt;
use crate::helpers::TestApp;

impl TestApp {
    /// Adds a hot wallet on `chain` and accepts the token `token_id` with it as the payment
    /// address (as the signed-in `session`); the hot wallet's address.
    pub async fn accept_token(&self, session: &str, chain: i64, token_id: i64) -> String {
        let hot = self.wallets(session).add_hot(json!({"chainId": chain})).await;
        let hot = hot.data()["address"].as_str().expect("a hot wallet").to_string();
        let added = self
            .assets(session)
            .add(json!({"chainId": chain, "tokenId": token_id, "paymentAddress": hot}))
            .await;
        assert_eq!(added.code(), 1, "{:?}", added.body);
        hot
    }

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

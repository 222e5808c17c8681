//! What a pair's payout wallet can pay out. The balance worker's reading (up to its interval
//! old) answers when it covers the amount. When it does not, the chain is read now: the
//! merchant may have funded the wallet since the reading, and a quote refused for minutes after
//! a top-up is a refusal nobody can explain. A node that cannot answer leaves the reading's
//! figure, so the refusal stands: never an invented balance.

use crate::amount::BaseUnits;
use crate::error::AppResult;
use crate::ports::BalanceReading;

use super::pairs::PairRecord;
use super::service::ExchangeService;

/// The reading of the pair's payout wallet in its token out, if it was read.
pub(super) fn payout_reading<'a>(
    readings: &'a [BalanceReading],
    pair: &PairRecord,
) -> Option<&'a BalanceReading> {
    readings.iter().find(|r| {
        r.chain_id == pair.chain_id && r.token_id == pair.token_out && r.address == pair.terms.payout_wallet
    })
}

impl ExchangeService {
    /// The payout wallet's last reading in token out (0 when never read).
    pub(super) async fn payout_read(&self, pair: &PairRecord) -> AppResult<BaseUnits> {
        let readings = self.ports.balances.balances(pair.merchant_id).await?;
        Ok(payout_reading(&readings, pair).map_or(BaseUnits::ZERO, |r| r.amount))
    }

    /// What the payout wallet holds for paying `needed`: the reading when it covers it, else
    /// the chain's answer now.
    pub(super) async fn payout_available(
        &self,
        pair: &PairRecord,
        needed: BaseUnits,
    ) -> AppResult<BaseUnits> {
        let read = self.payout_read(pair).await?;
        if read >= needed {
            return Ok(read);
        }
        self.payout_read_now(pair, read).await
    }

    /// The payout wallet's balance read from the chain now; `read` (the last reading) when the
    /// node cannot answer. A reading found behind is taken again at the worker's next round,
    /// so Token > Trade and Home stop showing it.
    pub(super) async fn payout_read_now(&self, pair: &PairRecord, read: BaseUnits) -> AppResult<BaseUnits> {
        let nodes = self.ports.config.chain_nodes().await?;
        let (Some(asset), Some(chain)) = (
            crate::config::chain_asset(&nodes, pair.chain_id, pair.token_out),
            self.chains.get(pair.chain_id),
        ) else {
            return Ok(read);
        };
        let live = match chain.balance(&pair.terms.payout_wallet, &asset).await {
            Ok(live) => live,
            Err(err) => {
                tracing::warn!(pair = pair.id, error = %err, "payout wallet balance unavailable");
                return Ok(read);
            }
        };
        if live != read {
            let wallet = [pair.terms.payout_wallet.clone()];
            let now = self.ports.clock.now();
            self.ports
                .balances
                .read_soon(pair.merchant_id, pair.chain_id, &wallet, now)
                .await?;
        }
        Ok(live)
    }
}

//! [`BalanceReadings`]: the latest balances of a merchant's hot wallets and cold addresses
//! (see the `balance_reading` migration).

use coffer_domain::error::{AppError, AppResult};
use coffer_domain::ports::{BalanceReading, BalanceReadings, Holder, MerchantId};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entities::balance_reading;
use crate::Store;

fn holder_of(name: &str) -> Option<Holder> {
    match name {
        "hot" => Some(Holder::HotWallet),
        "cold" => Some(Holder::Cold),
        _ => None,
    }
}

pub(crate) fn reading_of(m: balance_reading::Model) -> AppResult<BalanceReading> {
    let holder = holder_of(&m.holder).ok_or_else(|| {
        AppError::internal(format!("balance_reading {}: unknown holder {:?}", m.id, m.holder))
    })?;
    Ok(BalanceReading {
        merchant_id: m.merchant_id,
        chain_id: m.chain_id,
        address: m.address,
        token_id: (m.token_id != 0).then_some(m.token_id),
        holder,
        decimals: m.decimals,
        amount: m.amount.0,
        read_at: m.read_at,
    })
}

#[async_trait::async_trait]
impl BalanceReadings for Store {
    async fn balances(&self, merchant_id: MerchantId) -> AppResult<Vec<BalanceReading>> {
        use balance_reading::Column as B;
        balance_reading::Entity::find()
            .filter(B::MerchantId.eq(merchant_id))
            .order_by_asc(B::Id)
            .all(self.connection())
            .await?
            .into_iter()
            .map(reading_of)
            .collect()
    }
}

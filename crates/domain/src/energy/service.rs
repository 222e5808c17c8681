//! Token > Energy (menu 203): what the console's calls ask of the energy business, in one place
//! (the http layer stays thin): a price, an order, the orders, the merchant's energy figures and
//! where TRX points are recharged, and the smart-collection switches.

use std::sync::Arc;

use chrono::{DateTime, Datelike, Duration, Utc};

use super::order::EnergyOrders;
use super::orders::{EnergyOrder, Quote, QuoteRequest};
use super::quote::{EnergyQuotes, TransferEnergy};
use super::settings::{SmartCollection, SmartSwitch};
use crate::auth::{AuthContext, AuthService};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::points::recharge_address::{RechargeAddress, RechargeAddresses};
use crate::points::PointAsset;
use crate::ports::{EnergyFigures, EnergyOrderFilter, MerchantId, PageRequest, Paged};

/// A price as the console shows it.
#[derive(Debug, Clone)]
pub struct Estimate {
    pub quote: Quote,
    pub energy: TransferEnergy,
    /// TRX points the receiver's activation costs (0: it exists), bought or not.
    pub activation_cost: i64,
    /// The merchant's TRX points available now.
    pub trx_available: i64,
}

/// The merchant's energy figures.
#[derive(Debug, Clone)]
pub struct Profile {
    pub trx_available: i64,
    pub trx_held: i64,
    /// In progress, and the uses counted (with their energy) since the merchant's month began.
    pub figures: EnergyFigures,
    /// The live energy price of the first TRON chain, and when it was read; None when no node
    /// answers (the figure is then not shown rather than guessed).
    pub price: Option<(u64, DateTime<Utc>)>,
    pub smart: SmartCollection,
    /// Smart collection over the last [`SAVING_DAYS`] days: what burning would have cost
    /// against what was paid.
    pub smart_saving: crate::ports::SmartFigures,
}

/// The days the measured saving of smart collection covers.
pub const SAVING_DAYS: i64 = 30;

pub struct EnergyService {
    pub quotes: Arc<EnergyQuotes>,
    pub orders: Arc<EnergyOrders>,
    pub recharge: Arc<RechargeAddresses>,
    /// Checks the Google code a switch change needs.
    pub auth: Arc<AuthService>,
}

impl EnergyService {
    async fn trx_points(&self, merchant_id: MerchantId) -> AppResult<(i64, i64)> {
        let balances = self.orders.points.balances(merchant_id).await?;
        Ok(balances
            .into_iter()
            .find(|(asset, _)| *asset == PointAsset::Trx)
            .map_or((0, 0), |(_, b)| (b.available(), b.debits_pending)))
    }

    pub async fn estimate(&self, merchant_id: MerchantId, request: QuoteRequest) -> AppResult<Estimate> {
        let (quote, energy, activation_cost) = self.quotes.estimate(merchant_id, request).await?;
        Ok(Estimate {
            quote,
            energy,
            activation_cost,
            trx_available: self.trx_points(merchant_id).await?.0,
        })
    }

    pub async fn order(
        &self,
        merchant_id: MerchantId,
        user_id: Option<i64>,
        quote: &str,
    ) -> AppResult<EnergyOrder> {
        if quote.len() > 64 {
            return Err(AppError::Invalid(MsgKey::EnergyQuoteInvalid));
        }
        self.orders.place(merchant_id, user_id, quote).await
    }

    pub async fn orders(
        &self,
        merchant_id: MerchantId,
        filter: &EnergyOrderFilter,
        page: PageRequest,
    ) -> AppResult<Paged<EnergyOrder>> {
        self.quotes
            .ports
            .energy_orders
            .orders(merchant_id, filter, page)
            .await
    }

    pub async fn profile(&self, merchant_id: MerchantId) -> AppResult<Profile> {
        let ports = &self.quotes.ports;
        let now = ports.clock.now();
        let zone = Duration::hours(i64::from(
            ports.config.merchant_settings(merchant_id).await?.time_zone,
        ));
        let local = (now + zone).date_naive();
        let month_start = local
            .with_day0(0)
            .expect("the first of the month")
            .and_hms_opt(0, 0, 0)
            .expect("midnight")
            .and_utc()
            - zone;
        let figures = ports
            .energy_orders
            .order_figures(merchant_id, month_start)
            .await?;
        let (trx_available, trx_held) = self.trx_points(merchant_id).await?;
        let mut price = None;
        if let Some(chain_id) = self.quotes.chains.tron_resource_chains().first() {
            match self.quotes.staking.energy_price(*chain_id).await {
                Ok(sun) => price = Some((sun, now)),
                Err(e) => tracing::warn!(chain = chain_id, "the energy price could not be read: {e:?}"),
            }
        }
        Ok(Profile {
            trx_available,
            trx_held,
            figures,
            price,
            smart: self.smart_collection(merchant_id).await?,
            smart_saving: ports
                .collection_queries
                .smart_figures(merchant_id, now - Duration::days(SAVING_DAYS))
                .await?,
        })
    }

    /// The merchant's smart-collection switches.
    pub async fn smart_collection(&self, merchant_id: MerchantId) -> AppResult<SmartCollection> {
        self.quotes
            .ports
            .energy_settings
            .smart_collection(merchant_id)
            .await
    }

    /// Turns one smart-collection switch of the caller's merchant on or off (the Google code
    /// first: a wrong one changes nothing and counts as any failed code); the switches after.
    pub async fn set_smart_switch(
        &self,
        ctx: &AuthContext,
        switch: SmartSwitch,
        on: bool,
        google_code: &str,
    ) -> AppResult<SmartCollection> {
        self.auth.require_google(ctx, google_code).await?;
        let ports = &self.quotes.ports;
        let settings = &ports.energy_settings;
        settings
            .set_smart_switch(ctx.merchant_id, switch, on, ports.clock.now())
            .await?;
        settings.smart_collection(ctx.merchant_id).await
    }

    /// The merchant's current day (its zone), as orders count their daily uses.
    pub async fn today(&self, merchant_id: MerchantId) -> AppResult<String> {
        let ports = &self.quotes.ports;
        let zone = ports.config.merchant_settings(merchant_id).await?.time_zone;
        Ok(super::supply::merchant_day(ports.clock.now(), zone))
    }

    /// Where the merchant recharges TRX points on a TRON chain: its recharge address there.
    pub async fn charge_point(&self, merchant_id: MerchantId, chain_id: i64) -> AppResult<RechargeAddress> {
        self.quotes.tron(chain_id)?;
        self.recharge.address(merchant_id, chain_id).await
    }
}

//! One bundle of every storage port and the clock: what the domain services hold instead of
//! each declaring its own list of `Arc<dyn …>` fields. The wiring builds it once from the
//! store, which implements every port.

use std::sync::Arc;

use super::Wakeups;
use super::{
    AccessRepo, AssetRepo, AttemptRepo, BalanceReadings, BillPayments, BillRepo, CallbackDirectory,
    CallbackLog, CallbackOutbox, CodeRepo, CollectionFees, CollectionLeases, CollectionPlans,
    CollectionQueries, CollectionSteps, ConfigRepo, DelegationLedger, DepositAddressRepo, DepositRepo,
    EnergyOrderRepo, EnergyRepo, EnergySettingsRepo, ExchangeOrders, ExchangePairs, ExchangeQuotes,
    ExchangeWork, ExportRuns, HotWalletRepo, Housekeeping, LeaseRenewal, LedgerAudit, LogRepo,
    LowBalanceRepo, MailQueue, OrderRollup, OrderTimeline, PlatformKeyRepo, PointsLedger, RateRepo,
    RechargeRepo, RoleRepo, ScanRepo, SeedRepo, SessionRepo, TokenRequestRepo, UserRepo, WithdrawalLeaseRepo,
    WithdrawalRepo,
};
use crate::clock::Clock;
use crate::iplist::IpRepo;
use crate::merchant_api::{BlacklistRepo, MerchantApiRepo};

#[derive(Clone)]
pub struct Ports {
    pub users: Arc<dyn UserRepo>,
    pub sessions: Arc<dyn SessionRepo>,
    pub codes: Arc<dyn CodeRepo>,
    pub attempts: Arc<dyn AttemptRepo>,
    pub config: Arc<dyn ConfigRepo>,
    pub logs: Arc<dyn LogRepo>,
    pub access: Arc<dyn AccessRepo>,
    pub roles: Arc<dyn RoleRepo>,
    pub seeds: Arc<dyn SeedRepo>,
    pub addresses: Arc<dyn DepositAddressRepo>,
    pub hot_wallets: Arc<dyn HotWalletRepo>,
    pub assets: Arc<dyn AssetRepo>,
    pub token_requests: Arc<dyn TokenRequestRepo>,
    pub scan: Arc<dyn ScanRepo>,
    pub deposits: Arc<dyn DepositRepo>,
    pub withdrawals: Arc<dyn WithdrawalRepo>,
    pub withdrawal_leases: Arc<dyn WithdrawalLeaseRepo>,
    pub merchant_api: Arc<dyn MerchantApiRepo>,
    pub blacklist: Arc<dyn BlacklistRepo>,
    pub ips: Arc<dyn IpRepo>,
    pub outbox: Arc<dyn CallbackOutbox>,
    pub callback_log: Arc<dyn CallbackLog>,
    pub callback_directory: Arc<dyn CallbackDirectory>,
    pub platform_keys: Arc<dyn PlatformKeyRepo>,
    pub housekeeping: Arc<dyn Housekeeping>,
    pub rollup: Arc<dyn OrderRollup>,
    pub balances: Arc<dyn BalanceReadings>,
    pub timeline: Arc<dyn OrderTimeline>,
    pub collection_plans: Arc<dyn CollectionPlans>,
    pub collection_queries: Arc<dyn CollectionQueries>,
    pub collection_leases: Arc<dyn CollectionLeases>,
    pub collection_steps: Arc<dyn CollectionSteps>,
    pub collection_fees: Arc<dyn CollectionFees>,
    pub leases: Arc<dyn LeaseRenewal>,
    pub export_runs: Arc<dyn ExportRuns>,
    pub points: Arc<dyn PointsLedger>,
    pub ledger_audit: Arc<dyn LedgerAudit>,
    pub rates: Arc<dyn RateRepo>,
    pub recharge: Arc<dyn RechargeRepo>,
    pub bills: Arc<dyn BillRepo>,
    pub bill_payments: Arc<dyn BillPayments>,
    pub low_balance: Arc<dyn LowBalanceRepo>,
    pub mail_queue: Arc<dyn MailQueue>,
    pub energy: Arc<dyn EnergyRepo>,
    pub energy_settings: Arc<dyn EnergySettingsRepo>,
    pub energy_orders: Arc<dyn EnergyOrderRepo>,
    pub exchange_pairs: Arc<dyn ExchangePairs>,
    pub exchange_quotes: Arc<dyn ExchangeQuotes>,
    pub exchange_orders: Arc<dyn ExchangeOrders>,
    pub exchange_work: Arc<dyn ExchangeWork>,
    pub delegations: Arc<dyn DelegationLedger>,
    pub clock: Arc<dyn Clock>,
    /// This process's work-ready signals (one per process: every service shares it).
    pub wakeups: Arc<Wakeups>,
}

impl Ports {
    /// Every port served by one implementation.
    pub fn all_from<S>(store: Arc<S>, clock: Arc<dyn Clock>) -> Ports
    where
        S: UserRepo
            + SessionRepo
            + CodeRepo
            + AttemptRepo
            + ConfigRepo
            + LogRepo
            + AccessRepo
            + RoleRepo
            + SeedRepo
            + DepositAddressRepo
            + HotWalletRepo
            + AssetRepo
            + TokenRequestRepo
            + ScanRepo
            + DepositRepo
            + WithdrawalRepo
            + WithdrawalLeaseRepo
            + MerchantApiRepo
            + BlacklistRepo
            + IpRepo
            + CallbackOutbox
            + CallbackLog
            + CallbackDirectory
            + PlatformKeyRepo
            + Housekeeping
            + OrderRollup
            + BalanceReadings
            + OrderTimeline
            + CollectionPlans
            + CollectionQueries
            + CollectionLeases
            + CollectionSteps
            + CollectionFees
            + LeaseRenewal
            + ExportRuns
            + PointsLedger
            + LedgerAudit
            + RateRepo
            + RechargeRepo
            + BillRepo
            + BillPayments
            + LowBalanceRepo
            + MailQueue
            + EnergyRepo
            + EnergySettingsRepo
            + EnergyOrderRepo
            + ExchangePairs
            + ExchangeQuotes
            + ExchangeOrders
            + ExchangeWork
            + DelegationLedger
            + 'static,
    {
        Ports {
            users: store.clone(),
            sessions: store.clone(),
            codes: store.clone(),
            attempts: store.clone(),
            config: store.clone(),
            logs: store.clone(),
            access: store.clone(),
            roles: store.clone(),
            seeds: store.clone(),
            addresses: store.clone(),
            hot_wallets: store.clone(),
            assets: store.clone(),
            token_requests: store.clone(),
            scan: store.clone(),
            deposits: store.clone(),
            withdrawals: store.clone(),
            withdrawal_leases: store.clone(),
            merchant_api: store.clone(),
            blacklist: store.clone(),
            ips: store.clone(),
            outbox: store.clone(),
            callback_log: store.clone(),
            callback_directory: store.clone(),
            platform_keys: store.clone(),
            housekeeping: store.clone(),
            rollup: store.clone(),
            timeline: store.clone(),
            collection_plans: store.clone(),
            collection_queries: store.clone(),
            collection_leases: store.clone(),
            collection_steps: store.clone(),
            collection_fees: store.clone(),
            leases: store.clone(),
            export_runs: store.clone(),
            points: store.clone(),
            ledger_audit: store.clone(),
            rates: store.clone(),
            recharge: store.clone(),
            bills: store.clone(),
            bill_payments: store.clone(),
            low_balance: store.clone(),
            mail_queue: store.clone(),
            energy: store.clone(),
            energy_settings: store.clone(),
            energy_orders: store.clone(),
            exchange_pairs: store.clone(),
            exchange_quotes: store.clone(),
            exchange_orders: store.clone(),
            exchange_work: store.clone(),
            delegations: store.clone(),
            balances: store,
            clock,
            wakeups: Arc::new(Wakeups::default()),
        }
    }
}

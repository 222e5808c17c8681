//! What the merchant does with bills on Service list: reads them, sees where they are paid, and
//! says "I have paid" with a transaction hash.

use std::sync::Arc;

use super::{Bill, BillStatus};
use crate::chains::ChainRegistry;
use crate::deposits::hash_scan::canonical_tx_hash;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::points::recharge_address::{RechargeAddress, RechargeAddresses};
use crate::ports::{MerchantId, NewPayment, PageRequest, Paged, Ports, SubmitRefusal, UserId};

/// The platform merchant's deposit address that takes every bill's payment on a chain.
pub const BILLING_OPEN_ID: &str = "bills";

pub struct BillService {
    pub ports: Ports,
    pub chains: Arc<ChainRegistry>,
    pub addresses: Arc<RechargeAddresses>,
}

impl BillService {
    pub async fn bills(
        &self,
        merchant: MerchantId,
        status: Option<BillStatus>,
        page: PageRequest,
    ) -> AppResult<Paged<Bill>> {
        self.ports.bills.bills(Some(merchant), status, page).await
    }

    /// Where bills are paid: the billing address on each chain that takes the billing token,
    /// once the operator has designated the platform merchant; none before.
    pub async fn billing_addresses(&self) -> AppResult<Vec<RechargeAddress>> {
        let mut found = Vec::new();
        for chain_id in self.chains.ids() {
            match self.billing_address(chain_id).await {
                Ok(address) => found.push(address),
                Err(AppError::Invalid(MsgKey::BillingUnavailable)) => {}
                Err(err) => return Err(err),
            }
        }
        Ok(found)
    }

    /// The billing address on one chain.
    pub async fn billing_address(&self, chain_id: i64) -> AppResult<RechargeAddress> {
        match self.addresses.platform_address(BILLING_OPEN_ID, chain_id).await {
            Err(AppError::Invalid(MsgKey::RechargeUnavailable | MsgKey::UnknownChainOrToken)) => {
                Err(AppError::Invalid(MsgKey::BillingUnavailable))
            }
            other => other,
        }
    }

    /// "I have paid": the bill, to be paid, goes to confirming while the check looks at the
    /// transaction. The hash is one the chain could have (its family's spelling); whether it
    /// pays the bill is the check's to say.
    pub async fn submit(
        &self,
        merchant: MerchantId,
        user: Option<UserId>,
        bill_id: i64,
        chain_id: i64,
        hash: &str,
    ) -> AppResult<Bill> {
        let chain = self
            .chains
            .get(chain_id)
            .ok_or(AppError::Invalid(MsgKey::BillingUnavailable))?;
        let tx_hash = canonical_tx_hash(&chain.family(), hash)?;
        self.billing_address(chain_id).await?;
        let payment = NewPayment {
            merchant_id: merchant,
            bill_id,
            chain_id,
            tx_hash,
            submitted_by: user,
            at: self.ports.clock.now(),
        };
        match self.ports.bill_payments.submit_payment(&payment).await? {
            Ok(_) => {}
            Err(SubmitRefusal::NoBill) => return Err(AppError::Invalid(MsgKey::NoSuchRecord)),
            Err(SubmitRefusal::NotPayable) => return Err(AppError::Invalid(MsgKey::BillNotPayable)),
            Err(SubmitRefusal::HashUsed) => return Err(AppError::Invalid(MsgKey::BillHashUsed)),
        }
        self.ports
            .bills
            .bill(merchant, bill_id)
            .await?
            .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))
    }
}

//! A withdrawal request, checked before anything is stored: the chain and token (enabled by the
//! merchant), the payee address (valid for the chain, not on the merchant's blacklist), the
//! amount (positive, within the token's precision), the merchant order number (idempotency).
//! The limits and the risk-control question come after, in the executor's first step.

use super::WithdrawalService;
use crate::amount::{AmountError, BaseUnits};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::orders::Listed;
use crate::points::charges::{asset_named, token_amount, Work};
use crate::points::Cause;
use crate::ports::{
    AssetStatus, InsertOutcome, MerchantId, NewWithdrawal, UserId, WithdrawalRecord, WithdrawalSource,
};
use crate::rates::Service;

const MAX_MERCHANT_ORDER_NO: usize = 64;
const MAX_OPEN_ID: usize = 64;
const MAX_SECURITY_CODE: usize = 64;
const MAX_REMARK: usize = 100;

#[derive(Debug, Clone, Default)]
pub struct WithdrawRequest {
    pub chain_id: i64,
    /// None: the chain's native coin.
    pub token_id: Option<i64>,
    pub to_address: String,
    /// Decimal text in the token's units.
    pub amount: String,
    pub merchant_order_no: Option<String>,
    pub open_id: Option<String>,
    pub security_code: Option<String>,
    pub remark: Option<String>,
    /// Manual withdrawals only: the hot wallet to pay from.
    pub from_address: Option<String>,
}

/// Who asks.
#[derive(Debug, Clone)]
pub enum Requester {
    MerchantApi,
    Console { user_id: UserId, email: String },
    Manual { user_id: UserId, email: String },
}

fn text(value: &Option<String>) -> String {
    value.as_deref().map(str::trim).unwrap_or_default().to_string()
}

pub(crate) fn check_merchant_order_no(value: &Option<String>) -> AppResult<Option<String>> {
    let Some(raw) = value.as_deref().map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    let valid = raw.len() <= MAX_MERCHANT_ORDER_NO
        && raw
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !valid {
        return Err(AppError::Invalid(MsgKey::MerchantOrderNoInvalid));
    }
    Ok(Some(raw.to_string()))
}

/// The same request again (idempotent retry) or another one under a used order number.
fn same_request(stored: &WithdrawalRecord, new: &NewWithdrawal) -> bool {
    stored.chain_id == new.chain_id
        && stored.token_id == new.token_id
        && stored.to_address == new.to_address
        && stored.amount == new.amount
        && stored.open_id == new.open_id
        && stored.source == new.source
}

impl WithdrawalService {
    /// Stores a checked request (status 0: the executor screens it next) or returns the one
    /// stored under the same merchant order number.
    pub async fn request(
        &self,
        merchant_id: MerchantId,
        requester: Requester,
        req: &WithdrawRequest,
    ) -> AppResult<Listed<WithdrawalRecord>> {
        let new = self.checked_request(merchant_id, requester, req).await?;
        self.points_cover(&new).await?;
        let record = match self
            .ports
            .withdrawals
            .insert_withdrawal(&new, self.ports.clock.now())
            .await?
        {
            InsertOutcome::Inserted(w) => w,
            InsertOutcome::Existing(w) if same_request(&w, &new) => w,
            InsertOutcome::Existing(_) => return Err(AppError::Invalid(MsgKey::MerchantOrderNoReused)),
        };
        let nodes = self.ports.config.chain_nodes().await?;
        Ok(Listed::new(record, &nodes))
    }

    /// The door: a new order whose prepaid payment fee the merchant's points cannot cover is
    /// refused with its own code, so an integrator knows at once (a retry of an order already
    /// stored is answered with it, as always).
    async fn points_cover(&self, new: &NewWithdrawal) -> AppResult<()> {
        if let Some(no) = &new.merchant_order_no {
            if self
                .ports
                .withdrawals
                .withdrawal_by_order_no(new.merchant_id, no)
                .await?
                .is_some()
            {
                return Ok(());
            }
        }
        let nodes = self.ports.config.chain_nodes().await?;
        let Some((symbol, decimals)) = asset_named(&nodes, new.chain_id, new.token_id) else {
            return Ok(());
        };
        let work = Work {
            merchant_id: new.merchant_id,
            service: Service::PaymentFee,
            cause: Cause::PaymentFee,
            id: 0,
            amount: token_amount(new.amount, &symbol, decimals),
        };
        match self.fees.covers(&work).await? {
            true => Ok(()),
            false => Err(AppError::Invalid(MsgKey::PointsInsufficient)),
        }
    }

    async fn checked_request(
        &self,
        merchant_id: MerchantId,
        requester: Requester,
        req: &WithdrawRequest,
    ) -> AppResult<NewWithdrawal> {
        let chain = self.chains.require(req.chain_id)?.clone();
        let nodes = self.ports.config.chain_nodes().await?;
        let node = nodes
            .iter()
            .find(|c| c.chainid == req.chain_id)
            .ok_or(AppError::Invalid(MsgKey::UnknownChainOrToken))?;
        let assets = self.ports.assets.assets(merchant_id, Some(req.chain_id)).await?;
        let decimals = match req.token_id {
            Some(token_id) => {
                let token = node
                    .tokens
                    .iter()
                    .find(|t| t.tokenid == token_id)
                    .ok_or(AppError::Invalid(MsgKey::UnknownChainOrToken))?;
                if !assets
                    .iter()
                    .any(|a| a.token_id == token_id && a.status == AssetStatus::Enabled)
                {
                    return Err(AppError::Invalid(MsgKey::TokenNotEnabled));
                }
                token.decimals
            }
            // The native coin (fees, TRX payouts): a chain the merchant pays tokens on.
            None if assets.iter().any(|a| a.status == AssetStatus::Enabled) => node.decimals,
            None => return Err(AppError::Invalid(MsgKey::TokenNotEnabled)),
        };
        let to_address = chain
            .parse_address(req.to_address.trim())
            .map_err(|_| AppError::Invalid(MsgKey::InvalidAddress))?;
        if self
            .ports
            .blacklist
            .is_blacklisted(merchant_id, req.chain_id, &to_address)
            .await?
        {
            return Err(AppError::Invalid(MsgKey::PayeeBlacklisted));
        }
        if crate::wallets::known::is_own_address(&self.ports, merchant_id, req.chain_id, &to_address).await? {
            return Err(AppError::Invalid(MsgKey::PayeeIsOwnAddress));
        }
        let amount = BaseUnits::order_amount(&req.amount, u8::try_from(decimals).unwrap_or(18)).map_err(
            |e| match e {
                AmountError::Overflow => AppError::Invalid(MsgKey::AmountTooLarge),
                _ => AppError::Invalid(MsgKey::InvalidAmount),
            },
        )?;
        let merchant_order_no = check_merchant_order_no(&req.merchant_order_no)?;
        let (open_id, security_code, remark) =
            (text(&req.open_id), text(&req.security_code), text(&req.remark));
        if open_id.chars().count() > MAX_OPEN_ID {
            return Err(AppError::Invalid(MsgKey::InvalidOpenId));
        }
        if security_code.chars().count() > MAX_SECURITY_CODE {
            return Err(AppError::Invalid(MsgKey::SecurityCodeTooLong));
        }
        if remark.chars().count() > MAX_REMARK {
            return Err(AppError::Invalid(MsgKey::RemarkTooLong));
        }
        let (source, created_by, created_by_email) = match &requester {
            Requester::MerchantApi => (WithdrawalSource::MerchantApi, None, String::new()),
            Requester::Console { user_id, email } => {
                (WithdrawalSource::Console, Some(*user_id), email.clone())
            }
            Requester::Manual { user_id, email } => (WithdrawalSource::Manual, Some(*user_id), email.clone()),
        };
        let requested_from = match (&requester, req.from_address.as_deref()) {
            (Requester::Manual { .. }, Some(from)) => {
                let from = chain
                    .parse_address(from.trim())
                    .map_err(|_| AppError::Invalid(MsgKey::NotOwnHotWallet))?;
                let ours = self
                    .ports
                    .hot_wallets
                    .hot_wallets_on(merchant_id, req.chain_id)
                    .await?;
                if !ours.iter().any(|w| w.address == from) {
                    return Err(AppError::Invalid(MsgKey::NotOwnHotWallet));
                }
                Some(from)
            }
            (Requester::Manual { .. }, None) => return Err(AppError::Invalid(MsgKey::NotOwnHotWallet)),
            _ => None,
        };
        Ok(NewWithdrawal {
            merchant_id,
            merchant_order_no,
            source,
            open_id,
            security_code,
            chain_id: req.chain_id,
            token_id: req.token_id,
            decimals,
            requested_from,
            to_address,
            amount,
            required_confirmations: self
                .settings
                .confirmations
                .get(&req.chain_id)
                .copied()
                .unwrap_or(12) as i32,
            remark,
            created_by,
            created_by_email,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merchant_order_numbers_are_plain_and_short() {
        assert_eq!(check_merchant_order_no(&None).unwrap(), None);
        assert_eq!(check_merchant_order_no(&Some("  ".into())).unwrap(), None);
        assert_eq!(
            check_merchant_order_no(&Some(" shop-1842_a ".into())).unwrap(),
            Some("shop-1842_a".into())
        );
        for bad in ["a b", "x".repeat(65).as_str(), "订单1", "a/b"] {
            assert!(check_merchant_order_no(&Some(bad.into())).is_err(), "{bad}");
        }
    }
}

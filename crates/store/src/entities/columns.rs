//! Domain values as entity columns: statuses (stored as their integer codes) and amounts
//! (decimal strings of base units), read and written by SeaORM like any column, no schema of
//! their own. The domain knows no SeaORM and Rust's orphan rule keeps the store from
//! implementing SeaORM's traits for domain types, so one generic newtype, [`Stored`], carries
//! them; [`ColumnValue`] says how each domain type becomes its column's raw value and back.
//! A stored value the domain type refuses is a read error (an internal error, never a default).

use coffer_domain::amount::BaseUnits;
use coffer_domain::bills::{BillStatus, PaymentStatus};
use coffer_domain::codes::StoredCode;
use coffer_domain::collection::state::CollectionStatus;
use coffer_domain::energy::orders::{DelegationState, EnergyOrderStatus};
use coffer_domain::energy::{EnergyTxKind, EnergyTxState, StoredResource};
use coffer_domain::exchange::orders::Origin;
use coffer_domain::exchange::pairs::OutsideRule;
use coffer_domain::exchange::price::SourceKind;
use coffer_domain::points::{AccountKind, Cause, PointAsset, TransferKind};
use coffer_domain::ports::{
    AccountStatus, ApplyStatus, AssetStatus, CallbackStatus, CollectTrigger, HotWalletStatus, MerchantStatus,
    NotifyStatus, OrderStatus, ReviewAction, StepKind, StepState, WithdrawalSource,
};
use coffer_domain::rates::{ChargeMode, PayMode, Service};
use sea_orm::sea_query::{ArrayType, ColumnType, Nullable, ValueType, ValueTypeErr};
use sea_orm::{ColIdx, DbErr, QueryResult, TryGetError, TryGetable, Value};

/// A domain type stored in one column as `Raw`.
pub trait ColumnValue: Sized {
    type Raw: ValueType + TryGetable + Into<Value> + Nullable;
    fn to_raw(&self) -> Self::Raw;
    /// Err: why the stored value is not one.
    fn from_raw(raw: Self::Raw) -> Result<Self, String>;
}

/// An entity field holding a domain value (`Stored<OrderStatus>`, `Stored<BaseUnits>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stored<T>(pub T);

impl<T: ColumnValue> ValueType for Stored<T> {
    fn try_from(v: Value) -> Result<Self, ValueTypeErr> {
        let raw = <T::Raw as ValueType>::try_from(v)?;
        T::from_raw(raw).map(Stored).map_err(|_| ValueTypeErr)
    }
    fn type_name() -> String {
        std::any::type_name::<T>().to_string()
    }
    fn array_type() -> ArrayType {
        T::Raw::array_type()
    }
    fn column_type() -> ColumnType {
        T::Raw::column_type()
    }
}

impl<T: ColumnValue> TryGetable for Stored<T> {
    fn try_get_by<I: ColIdx>(res: &QueryResult, index: I) -> Result<Self, TryGetError> {
        let raw = T::Raw::try_get_by(res, index)?;
        T::from_raw(raw)
            .map(Stored)
            .map_err(|e| TryGetError::DbErr(DbErr::Type(e)))
    }
}

impl<T: ColumnValue> From<Stored<T>> for Value {
    fn from(value: Stored<T>) -> Value {
        value.0.to_raw().into()
    }
}

impl<T: ColumnValue> Nullable for Stored<T> {
    fn null() -> Value {
        T::Raw::null()
    }
}

impl ColumnValue for BaseUnits {
    type Raw = String;
    fn to_raw(&self) -> String {
        self.to_string()
    }
    fn from_raw(raw: String) -> Result<Self, String> {
        raw.parse()
            .map_err(|_| format!("stored amount {raw:?} is not an integer"))
    }
}

/// The code enums, each stored as its integer.
macro_rules! stored_as_code {
    ($($code:ty),+) => {$(
        impl ColumnValue for $code {
            type Raw = i32;
            fn to_raw(&self) -> i32 {
                self.code()
            }
            fn from_raw(raw: i32) -> Result<Self, String> {
                <$code>::from_code(raw).ok_or_else(|| format!("stored {} {raw} is unknown", stringify!($code)))
            }
        }
    )+};
}

stored_as_code!(
    AccountKind,
    AccountStatus,
    ApplyStatus,
    AssetStatus,
    BillStatus,
    CallbackStatus,
    Cause,
    ChargeMode,
    CollectTrigger,
    CollectionStatus,
    DelegationState,
    EnergyOrderStatus,
    EnergyTxKind,
    EnergyTxState,
    HotWalletStatus,
    MerchantStatus,
    NotifyStatus,
    OrderStatus,
    Origin,
    OutsideRule,
    PointAsset,
    PayMode,
    PaymentStatus,
    ReviewAction,
    Service,
    SourceKind,
    StepKind,
    StepState,
    StoredResource,
    TransferKind,
    WithdrawalSource
);

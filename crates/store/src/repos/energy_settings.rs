//! [`EnergySettingsRepo`]: the merchants' smart-collection switches (`energy_setting`, one row
//! per merchant). A switch is written by an upsert that sets that column alone, so two staff
//! turning different switches at once both keep theirs.

use chrono::{DateTime, Utc};
use coffer_domain::energy::settings::{SmartCollection, SmartSwitch};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{EnergySettingsRepo, MerchantId};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

use crate::entities::energy_setting;
use crate::Store;

#[async_trait::async_trait]
impl EnergySettingsRepo for Store {
    async fn smart_collection(&self, merchant_id: MerchantId) -> AppResult<SmartCollection> {
        let row = energy_setting::Entity::find()
            .filter(energy_setting::Column::MerchantId.eq(merchant_id))
            .one(self.connection())
            .await?;
        Ok(row.map_or_else(SmartCollection::default, |row| SmartCollection {
            energy_collect: row.energy_collect,
            energy_pay: row.energy_pay,
            trx_collect: row.trx_collect,
            updated_at: Some(row.updated_at),
        }))
    }

    async fn set_smart_switch(
        &self,
        merchant_id: MerchantId,
        switch: SmartSwitch,
        on: bool,
        now: DateTime<Utc>,
    ) -> AppResult<()> {
        use energy_setting::Column as S;
        let column = match switch {
            SmartSwitch::EnergyCollect => S::EnergyCollect,
            SmartSwitch::EnergyPay => S::EnergyPay,
            SmartSwitch::TrxCollect => S::TrxCollect,
        };
        let is = |which: SmartSwitch| Set(which == switch && on);
        energy_setting::Entity::insert(energy_setting::ActiveModel {
            merchant_id: Set(merchant_id),
            energy_collect: is(SmartSwitch::EnergyCollect),
            energy_pay: is(SmartSwitch::EnergyPay),
            trx_collect: is(SmartSwitch::TrxCollect),
            updated_at: Set(now),
            ..Default::default()
        })
        .on_conflict(
            OnConflict::column(S::MerchantId)
                .update_columns([column, S::UpdatedAt])
                .to_owned(),
        )
        .exec(self.connection())
        .await?;
        Ok(())
    }
}

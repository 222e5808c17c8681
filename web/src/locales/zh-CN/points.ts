import type { TranslationOf } from '../types';
import type points from '../en/points';

const pointsZhCN: TranslationOf<typeof points> = {
  points_list: '点数列表',
  points_list_tip:
    '手续费以点数支付：USDT 点数（1 点 = 1 USDT）和 TRX 点数（1 TRX = 1 点）。业务开始时冻结手续费，结束时扣除或解冻。金额显示 4 位小数（向下取整），悬停可查看精确值。',
  points_balances: '余额',
  points_available: '可用',
  points_held: '冻结',
  points_credit_limit: '信用额度',
  points_recharge: '充值',
  points_recharge_soon: '转账充值点数即将上线；在此之前，请联系客服。',
  points_ledger: '明细',
  points_id: 'ID',
  points_asset: '点数类型',
  points_cause: '类型',
  points_kind: '记账',
  points_amount: '数额',
  points_available_after: '变动后可用',
  points_reference: '关联',
  points_tx_hash: '交易哈希',
  points_asset_1: 'USDT 点数',
  points_asset_2: 'TRX 点数',
  points_cause_1: '充值',
  points_cause_2: '充值撤销',
  points_cause_3: '归集手续费',
  points_cause_4: '提现手续费',
  points_cause_5: '能量费',
  points_cause_6: '账单多付',
  points_cause_7: '人工调整',
  points_kind_1: '已入账',
  points_kind_2: '冻结',
  points_kind_3: '扣除',
  points_kind_4: '解冻',
  points_kind_5: '超时解冻',
  points_filter_assets: '全部点数',
  points_filter_causes: '全部类型',
  points_ref_collection: '归集 #{{id}}',
  points_ref_withdrawal: '提现 #{{id}}',
};

export default pointsZhCN;

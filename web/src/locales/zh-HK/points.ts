import type { TranslationOf } from '../types';
import type points from '../en/points';

const pointsZhHK: TranslationOf<typeof points> = {
  points_list: '點數列表',
  points_list_tip:
    '手續費以點數支付：USDT 點數（1 點 = 1 USDT）和 TRX 點數（1 TRX = 1 點）。業務開始時凍結手續費，結束時扣除或解凍。金額顯示 4 位小數（向下取整），懸停可查看精確值。',
  points_balances: '餘額',
  points_available: '可用',
  points_held: '凍結',
  points_credit_limit: '信用額度',
  points_recharge: '充值',
  points_recharge_soon: '轉賬充值點數即將上線；在此之前，請聯繫客服。',
  points_ledger: '明細',
  points_id: 'ID',
  points_asset: '點數類型',
  points_cause: '類型',
  points_kind: '記賬',
  points_amount: '數額',
  points_available_after: '變動後可用',
  points_reference: '關聯',
  points_tx_hash: '交易哈希',
  points_asset_1: 'USDT 點數',
  points_asset_2: 'TRX 點數',
  points_cause_1: '充值',
  points_cause_2: '充值撤銷',
  points_cause_3: '歸集手續費',
  points_cause_4: '提現手續費',
  points_cause_5: '能量費',
  points_cause_6: '賬單多付',
  points_cause_7: '人工調整',
  points_kind_1: '已入賬',
  points_kind_2: '凍結',
  points_kind_3: '扣除',
  points_kind_4: '解凍',
  points_kind_5: '超時解凍',
  points_filter_assets: '全部點數',
  points_filter_causes: '全部類型',
  points_ref_collection: '歸集 #{{id}}',
  points_ref_withdrawal: '提現 #{{id}}',
};

export default pointsZhHK;

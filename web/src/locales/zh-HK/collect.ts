import type { TranslationOf } from '../types';
import type collect from '../en/collect';

const collectZhHK: TranslationOf<typeof collect> = {
  fund_collection: '資金歸集',
  fund_collection_tip: '每個充值地址按代幣待歸集的金額：已入賬充值減去已歸集部分。自動歸集（代幣 › 代幣列表 › 歸集設置）會把達到條件的金額歸集到您的冷錢包地址。',
  collect_credited: '已入賬',
  collect_collected: '已歸集',
  collect_waiting: '待歸集',
  collect_due: '可歸集',
  collect_due_yes: '可歸集',
  collect_due_no: '低於最低金額',
  collect_due_tip: '可歸集：代幣已啟用，且待歸集金額不低於最低歸集金額。',
  collect_now: '立即歸集',
  collect_selected: '已選 {{count}} 個',
  collect_now_confirm: '立即歸集 {{count}} 個地址？',
  collect_now_tip: '待歸集金額不低於代幣最低歸集金額、且沒有進行中歸集的地址，將歸集到冷錢包地址。',
  collect_now_limit: '一次最多 {{max}} 個地址',
  collect_now_started: '已開始歸集 {{count}} 個地址',
  collect_now_none: '沒有可歸集的：所選地址低於最低金額或正在歸集',
  collection_status: '歸集',
  collection_none: '無進行中',
  collection_status_1: '已歸集',
  collection_status_2: '未歸集',
  collection_status_3: '等待手續費到賬',
  collection_status_4: '歸集失敗',
  collection_status_5: '等待能量交易',
  collection_status_6: '能量歸集中',
  collection_status_7: '等待歸集',
};

export default collectZhHK;

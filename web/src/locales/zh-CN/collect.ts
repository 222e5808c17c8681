import type { TranslationOf } from '../types';
import type collect from '../en/collect';

const collectZhCN: TranslationOf<typeof collect> = {
  fund_collection: '资金归集',
  fund_collection_tip: '每个充值地址按代币待归集的金额：已入账充值减去已归集部分。自动归集（代币 › 代币列表 › 归集设置）会把达到条件的金额归集到您的冷钱包地址。',
  collect_credited: '已入账',
  collect_collected: '已归集',
  collect_waiting: '待归集',
  collect_due: '可归集',
  collect_due_yes: '可归集',
  collect_due_no: '低于最低金额',
  collect_due_tip: '可归集：代币已启用，且待归集金额不低于最低归集金额。',
  collect_now: '立即归集',
  collect_selected: '已选 {{count}} 个',
  collect_now_confirm: '立即归集 {{count}} 个地址？',
  collect_now_tip: '待归集金额不低于代币最低归集金额、且没有进行中归集的地址，将归集到冷钱包地址。',
  collect_now_limit: '一次最多 {{max}} 个地址',
  collect_now_started: '已开始归集 {{count}} 个地址',
  collect_now_none: '没有可归集的：所选地址低于最低金额或正在归集',
  collection_status: '归集',
  collection_none: '无进行中',
  collection_status_1: '已归集',
  collection_status_2: '未归集',
  collection_status_3: '等待手续费到账',
  collection_status_4: '归集失败',
  collection_status_5: '等待能量交易',
  collection_status_6: '能量归集中',
  collection_status_7: '等待归集',
};

export default collectZhCN;

import type { TranslationOf } from '../types';
import type list from '../en/list';

const listZhCN: TranslationOf<typeof list> = {
  list_load_failed: '列表加载失败',
  list_load_failed_hint: '此处为空是因为请求失败，并非没有数据。',
  list_empty_filtered: '没有符合筛选条件的记录：请放宽时间范围或清除筛选条件。',
  list_empty: '暂无记录。',
  list_retry: '重试',
  list_columns: '列设置',
  list_columns_all: '全部显示',
  list_columns_reset: '恢复默认',
  list_filters: '筛选',
  list_filters_more: '展开',
  list_filters_less: '收起',
  summary_outcome_complete: '已完成（资金已到账）：{{count}}',
  summary_outcome_pending: '处理中：{{count}}',
  summary_outcome_rejected: '已拒绝：{{count}}',
  summary_outcome_failed: '失败或作废：{{count}}',
  summary_outcome_uncredited: '未入账（粉尘、代币未启用、自有地址转入）：{{count}}',
};

export default listZhCN;

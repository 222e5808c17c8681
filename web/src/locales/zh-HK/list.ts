import type { TranslationOf } from '../types';
import type list from '../en/list';

const listZhHK: TranslationOf<typeof list> = {
  list_load_failed: '列表載入失敗',
  list_load_failed_hint: '此處為空是因為請求失敗，並非沒有資料。',
  list_empty_filtered: '沒有符合篩選條件的記錄：請放寬時間範圍或清除篩選條件。',
  list_empty: '暫無記錄。',
  list_retry: '重試',
  list_columns: '欄位設定',
  list_columns_all: '全部顯示',
  list_columns_reset: '恢復預設',
  list_filters: '篩選',
  list_filters_more: '展開',
  list_filters_less: '收起',
  summary_outcome_complete: '已完成（資金已到賬）：{{count}}',
  summary_outcome_pending: '處理中：{{count}}',
  summary_outcome_rejected: '已拒絕：{{count}}',
  summary_outcome_failed: '失敗或作廢：{{count}}',
  summary_outcome_uncredited: '未入賬（粉塵、代幣未啟用、自有地址轉入）：{{count}}',
};

export default listZhHK;

import type { TranslationOf } from '../types';
import type service from '../en/service';

const serviceZhHK: TranslationOf<typeof service> = {
  service_tab_rates: '費率',
  service_rates_tip: '各項服務的收費標準，包括當前和歷史費率。費率由服務商設定；修改後當前費率隨即結束，新費率立即生效。點數顯示 4 位小數（向下取整），懸停可查看精確值。',
  service_rates_empty: '暫無費率。費率由服務商設定；如有疑問請聯絡客服。',
  service_name: '服務',
  service_charge_mode: '收費方式',
  service_rate: '費率',
  service_pay_mode: '付費方式',
  service_valid_from: '生效時間',
  service_valid_to: '失效時間',
  service_name_1: '歸集手續費',
  service_name_2: '代付手續費',
  service_name_3: '能量',
  service_name_4: '月費',
  service_mode_1: '按比例',
  service_mode_2: '按筆固定',
  service_mode_3: '按月',
  service_pay_1: '預付（扣點數）',
  service_pay_2: '後付（月度賬單）',
  service_status_1: '生效中',
  service_status_2: '已失效',
  service_rate_percent: '{{percent}}%',
  service_rate_percent_min: '{{percent}}%（最低 {{min}} {{unit}}）',
  service_rate_percent_max: '{{percent}}%（最高 {{max}} {{unit}}）',
  service_rate_percent_min_max: '{{percent}}%（最低 {{min}}，最高 {{max}} {{unit}}）',
  service_rate_fixed: '每筆 {{amount}} {{unit}}',
  service_rate_monthly: '每月 {{amount}} {{unit}}',
};

export default serviceZhHK;

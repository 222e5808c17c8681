import type { TranslationOf } from '../types';
import type service from '../en/service';

const serviceZhCN: TranslationOf<typeof service> = {
  service_tab_rates: '费率',
  service_rates_tip: '各项服务的收费标准，包括当前和历史费率。费率由服务商设置；修改后当前费率随即结束，新费率立即生效。点数显示 4 位小数（向下取整），悬停可查看精确值。',
  service_rates_empty: '暂无费率。费率由服务商设置；如有疑问请联系客服。',
  service_name: '服务',
  service_charge_mode: '收费方式',
  service_rate: '费率',
  service_pay_mode: '付费方式',
  service_valid_from: '生效时间',
  service_valid_to: '失效时间',
  service_name_1: '归集手续费',
  service_name_2: '代付手续费',
  service_name_3: '能量',
  service_name_4: '月费',
  service_mode_1: '按比例',
  service_mode_2: '按笔固定',
  service_mode_3: '按月',
  service_pay_1: '预付（扣点数）',
  service_pay_2: '后付（月度账单）',
  service_status_1: '生效中',
  service_status_2: '已失效',
  service_rate_percent: '{{percent}}%',
  service_rate_percent_min: '{{percent}}%（最低 {{min}} {{unit}}）',
  service_rate_percent_max: '{{percent}}%（最高 {{max}} {{unit}}）',
  service_rate_percent_min_max: '{{percent}}%（最低 {{min}}，最高 {{max}} {{unit}}）',
  service_rate_fixed: '每笔 {{amount}} {{unit}}',
  service_rate_monthly: '每月 {{amount}} {{unit}}',
};

export default serviceZhCN;

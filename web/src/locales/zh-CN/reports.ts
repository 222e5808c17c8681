import type { TranslationOf } from '../types';
import type reports from '../en/reports';

const reportsZhCN: TranslationOf<typeof reports> = {
  report_payment_title: '付款报表',
  report_receipt_title: '收款报表',
  report_payment_tip: '按商户时区的日期、链和代币统计已完成的提现及其网络手续费，以及当天创建的该代币归集（归集及其手续费补充）的网络手续费。',
  report_receipt_tip: '按商户时区的日期、链和代币统计已完成且已入账的充值。',
  report_date: '日期',
  report_count: '笔数',
  report_amount: '金额',
  report_fee: '网络手续费',
  report_collections: '归集笔数',
  report_collection_fee: '归集网络手续费',
  report_total: '合计',
  report_payment_empty: '此时间范围内没有已完成的提现或归集手续费：请选择其他时间范围、链或代币。',
  report_receipt_empty: '此时间范围内没有已入账的充值：请选择其他时间范围、链或代币。',
  report_export: '导出报表',
  report_export_orders: '导出订单',
};

export default reportsZhCN;

import type { TranslationOf } from '../types';
import type reports from '../en/reports';

const reportsZhHK: TranslationOf<typeof reports> = {
  report_payment_title: '付款報表',
  report_receipt_title: '收款報表',
  report_payment_tip: '按商戶時區的日期、鏈和代幣統計已完成的提現及其網絡手續費，以及當天建立的該代幣歸集（歸集及其手續費補充）的網絡手續費。',
  report_receipt_tip: '按商戶時區的日期、鏈和代幣統計已完成且已入賬的充值。',
  report_date: '日期',
  report_count: '筆數',
  report_amount: '金額',
  report_fee: '網絡手續費',
  report_collections: '歸集筆數',
  report_collection_fee: '歸集網絡手續費',
  report_total: '合計',
  report_payment_empty: '此時間範圍內沒有已完成的提現或歸集手續費：請選擇其他時間範圍、鏈或代幣。',
  report_receipt_empty: '此時間範圍內沒有已入賬的充值：請選擇其他時間範圍、鏈或代幣。',
  report_export: '匯出報表',
  report_export_orders: '匯出訂單',
};

export default reportsZhHK;

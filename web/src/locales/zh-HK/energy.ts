import type { TranslationOf } from '../types';
import type energy from '../en/energy';

const energyZhHK: TranslationOf<typeof energy> = {
  energy_tip:
    '在 TRON 上轉賬 USDT 可用能量代替燃燒 TRX。能量用 TRX 點數購買（1 TRX = 1 點）：訂單為接收地址持續備好一筆轉賬所需的能量，總次數不超過所購次數，每日不超過每日最多次數，在所購天數內有效。下單時凍結點數；每使用一次扣除一次，訂單結束時退回其餘點數。',

  // Profile
  energy_profile: 'TRX 點數與能量',
  energy_trx_available: '可用 TRX 點數',
  energy_trx_held: '凍結 TRX 點數',
  energy_orders_in_progress: '進行中的訂單',
  energy_uses_month: '本月使用次數',
  energy_energy_month: '本月能量',
  energy_burn_saved_month: '燃燒 TRX 的本月花費',
  energy_price: '能量價格',
  energy_price_value: '每能量 {{price}} sun',
  energy_price_age: '{{seconds}} 秒前讀取',
  energy_price_unknown: '沒有 TRON 節點應答：價格未知',

  // Recharge
  energy_recharge: '充值 TRX 點數',
  energy_recharge_tip: '向此地址轉入 TRX，即按 TRX 點數入賬。',
  energy_recharge_rate_label: '兌換',
  energy_recharge_rate: '1 {{coin}} = 1 TRX 點數',
  energy_recharge_minimum: '金額必須大於 {{minimum}} {{coin}}',
  energy_no_tron: '未配置 TRON 鏈：無法購買能量。',

  // Buy energy
  energy_buy: '購買能量',
  energy_address: '接收地址',
  energy_times: '次數',
  energy_days: '天數',
  energy_max_daily: '每日最多次數',
  energy_range: '{{min}} 至 {{max}}',
  energy_activate: '按需購買激活',
  energy_activate_tip: 'TRON 地址收到 TRX 後才存在於鏈上，能量無法代理給尚不存在的地址。',
  energy_times_empty: '次數不能為空',
  energy_times_invalid: '次數必須是 {{min}} 至 {{max}} 的整數',
  energy_days_empty: '天數不能為空',
  energy_days_invalid: '天數必須是 {{min}} 至 {{max}} 的整數',
  energy_max_daily_empty: '每日最多次數不能為空',
  energy_max_daily_invalid: '每日最多次數必須是 1 至次數（{{max}}）的整數',
  energy_get_price: '獲取價格',
  energy_buy_button: '購買',
  energy_buy_not_allowed: '您的角色可以獲取價格，但不能購買能量。',

  // The quote
  energy_quote: '價格',
  energy_quote_valid: '{{seconds}} 秒內有效',
  energy_quote_expired: '此價格已過期：請重新獲取價格',
  energy_per_use: '每次能量',
  energy_per_use_note: '轉賬給未持有 USDT 的地址',
  energy_to_holder: '轉給持有者的能量',
  energy_to_holder_note: '轉賬給持有 USDT 的地址',
  energy_price_per_use: '每次價格',
  energy_uses_points: '次數合計',
  energy_uses_formula: '{{times}} × {{price}}',
  energy_activation: '激活',
  energy_activation_not_needed: '無需激活：該地址已存在於鏈上',
  energy_activation_bought: '該地址尚未存在於鏈上：將購買激活',
  energy_activation_refused: '該地址尚未存在於鏈上：除非購買激活，否則訂單將被拒絕（勾選「按需購買激活」並重新獲取價格）。',
  energy_total: '合計',
  energy_burn_per_use: '改為燃燒 TRX，每次',
  energy_burn_total: '改為燃燒 TRX，合計',
  energy_burn_at_price: '按每能量 {{price}} sun 計',
  energy_saving: '節省',
  energy_saving_note: '燃燒合計減去次數合計',
  energy_enough: '足夠',
  energy_not_enough: '不足：請先充值 TRX 點數',
  energy_buy_title: '為 {{address}} 購買 {{times}} 次能量',
  energy_buy_tip: '現在凍結 {{total}} TRX 點數；每使用一次扣除一次，訂單結束時退回其餘點數。',
  energy_buy_code_tip: '請輸入 Google 驗證碼以下單。',

  // Orders
  energy_orders: '能量訂單',
  energy_orders_empty: '暫無能量訂單。',
  energy_order_id: 'ID',
  energy_used: '已用 / 次數',
  energy_today: '今日 / 每日最多',
  energy_held_points: '凍結',
  energy_charged_points: '已扣除',
  energy_refunded_points: '已退回',
  energy_ends: '結束時間',
  energy_ended: '已結束於',
  energy_filter_address: '接收地址',
  energy_status_1: '待處理',
  energy_status_2: '處理中',
  energy_status_3: '成功',
  energy_status_4: '失敗',
  energy_status_5: '無效',
};

export default energyZhHK;

import type { TranslationOf } from '../types';
import type energy from '../en/energy';

const energyZhCN: TranslationOf<typeof energy> = {
  energy_tip:
    '在 TRON 上转账 USDT 可用能量代替燃烧 TRX。能量用 TRX 点数购买（1 TRX = 1 点）：订单为接收地址持续备好一笔转账所需的能量，总次数不超过所购次数，每日不超过每日最多次数，在所购天数内有效。下单时冻结点数；每使用一次扣除一次，订单结束时退回其余点数。',

  // Profile
  energy_profile: 'TRX 点数与能量',
  energy_trx_available: '可用 TRX 点数',
  energy_trx_held: '冻结 TRX 点数',
  energy_orders_in_progress: '进行中的订单',
  energy_uses_month: '本月使用次数',
  energy_energy_month: '本月能量',
  energy_burn_saved_month: '燃烧 TRX 的本月花费',
  energy_price: '能量价格',
  energy_price_value: '每能量 {{price}} sun',
  energy_price_age: '{{seconds}} 秒前读取',
  energy_price_unknown: '没有 TRON 节点应答：价格未知',

  // Recharge
  energy_recharge: '充值 TRX 点数',
  energy_recharge_tip: '向此地址转入 TRX，即按 TRX 点数入账。',
  energy_recharge_rate_label: '兑换',
  energy_recharge_rate: '1 {{coin}} = 1 TRX 点数',
  energy_recharge_minimum: '金额必须大于 {{minimum}} {{coin}}',
  energy_no_tron: '未配置 TRON 链：无法购买能量。',

  // Buy energy
  energy_buy: '购买能量',
  energy_address: '接收地址',
  energy_times: '次数',
  energy_days: '天数',
  energy_max_daily: '每日最多次数',
  energy_range: '{{min}} 至 {{max}}',
  energy_activate: '按需购买激活',
  energy_activate_tip: 'TRON 地址收到 TRX 后才存在于链上，能量无法代理给尚不存在的地址。',
  energy_times_empty: '次数不能为空',
  energy_times_invalid: '次数必须是 {{min}} 至 {{max}} 的整数',
  energy_days_empty: '天数不能为空',
  energy_days_invalid: '天数必须是 {{min}} 至 {{max}} 的整数',
  energy_max_daily_empty: '每日最多次数不能为空',
  energy_max_daily_invalid: '每日最多次数必须是 1 至次数（{{max}}）的整数',
  energy_get_price: '获取价格',
  energy_buy_button: '购买',
  energy_buy_not_allowed: '您的角色可以获取价格，但不能购买能量。',

  // The quote
  energy_quote: '价格',
  energy_quote_valid: '{{seconds}} 秒内有效',
  energy_quote_expired: '此价格已过期：请重新获取价格',
  energy_per_use: '每次能量',
  energy_per_use_note: '转账给未持有 USDT 的地址',
  energy_to_holder: '转给持有者的能量',
  energy_to_holder_note: '转账给持有 USDT 的地址',
  energy_price_per_use: '每次价格',
  energy_uses_points: '次数合计',
  energy_uses_formula: '{{times}} × {{price}}',
  energy_activation: '激活',
  energy_activation_not_needed: '无需激活：该地址已存在于链上',
  energy_activation_bought: '该地址尚未存在于链上：将购买激活',
  energy_activation_refused: '该地址尚未存在于链上：除非购买激活，否则订单将被拒绝（勾选“按需购买激活”并重新获取价格）。',
  energy_total: '合计',
  energy_burn_per_use: '改为燃烧 TRX，每次',
  energy_burn_total: '改为燃烧 TRX，合计',
  energy_burn_at_price: '按每能量 {{price}} sun 计',
  energy_saving: '节省',
  energy_saving_note: '燃烧合计减去次数合计',
  energy_enough: '足够',
  energy_not_enough: '不足：请先充值 TRX 点数',
  energy_buy_title: '为 {{address}} 购买 {{times}} 次能量',
  energy_buy_tip: '现在冻结 {{total}} TRX 点数；每使用一次扣除一次，订单结束时退回其余点数。',
  energy_buy_code_tip: '请输入谷歌验证码以下单。',

  // Orders
  energy_orders: '能量订单',
  energy_orders_empty: '暂无能量订单。',
  energy_order_id: 'ID',
  energy_used: '已用 / 次数',
  energy_today: '今日 / 每日最多',
  energy_held_points: '冻结',
  energy_charged_points: '已扣除',
  energy_refunded_points: '已退回',
  energy_ends: '结束时间',
  energy_ended: '已结束于',
  energy_filter_address: '接收地址',
  energy_status_1: '待处理',
  energy_status_2: '处理中',
  energy_status_3: '成功',
  energy_status_4: '失败',
  energy_status_5: '无效',
};

export default energyZhCN;
